"""Print formatting shared by the print-outs: MOV in cm or inches, stat and type labels, ranges."""

from __future__ import annotations

import re

from armybuilder.domain.values import FireteamType, OrderType, UnitType
from armybuilder.i18n import tr

CM_PER_INCH = 2.5
"""Infinity's own conversion: 10-10 cm is 4-4 inches."""


def distance(cm: float, units: str) -> str:
    """A distance from the data (cm) as printed: '10' in cm, '4' in inches; '4.8' where not whole."""
    value = cm / CM_PER_INCH if units == "inch" else cm
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


_CM = re.compile(r"(?<![\w.])([+\-\u2212]?)(\d+(?:\.\d+)?)\s*cm\b")
"""A distance written in an item's extras: '+5 cm' in 'Dodge (+5 cm)', '7.5 cm' in 'Super-Jump (7.5 cm)'."""


def item_label(label: str, units: str) -> str:
    """An item as printed: its distances ('Dodge (+5 cm)') in inches on an inch sheet ('Dodge (+2")')."""
    if units != "inch" or "cm" not in label:
        return label
    return _CM.sub(lambda m: f'{m.group(1)}{distance(float(m.group(2)), units)}"', label)


def move(values: tuple[int, int], units: str) -> str:
    """MOV as players write it: '4-4' (inches) or '10-10' (cm); the data's "-" (-1) as '-'."""
    if all(v < 0 for v in values):
        return "-"
    return "-".join(distance(v, units) if v >= 0 else "–" for v in values)


def unit_suffix(units: str) -> str:
    return tr("inch", context="unit") if units == "inch" else tr("cm", context="unit")


def stat_headers() -> tuple[str, ...]:
    """Column heads of a stat line, in the current language (Spanish: CD, FIS, VOL, BLI, PB, H)."""
    return (tr("MOV", context="stat"), tr("CC", context="stat"), tr("BS", context="stat"),
            tr("PH", context="stat"), tr("WIP", context="stat"), tr("ARM", context="stat"),
            tr("BTS", context="stat"), tr("W", context="stat"), tr("S", context="stat"))


def wounds_label(structure: bool) -> str:
    return tr("STR", context="stat") if structure else tr("W", context="stat")


def unit_type(value: UnitType | None) -> str:
    """LI, MI, HI… (Spanish IL, IM, IP, BAT for SK); empty where the data knows no type."""
    if value is None:
        return ""
    labels = {
        UnitType.LI: tr("LI", context="unit type"), UnitType.MI: tr("MI", context="unit type"),
        UnitType.HI: tr("HI", context="unit type"), UnitType.TAG: tr("TAG", context="unit type"),
        UnitType.REM: tr("REM", context="unit type"), UnitType.SK: tr("SK", context="unit type"),
        UnitType.WB: tr("WB", context="unit type"), UnitType.VH: tr("VH", context="unit type"),
    }
    return labels[value]


def order_type(value: OrderType) -> str:
    labels = {
        OrderType.REGULAR: tr("Regular", context="order"), OrderType.IRREGULAR: tr("Irregular", context="order"),
        OrderType.IMPETUOUS: tr("Impetuous", context="order"), OrderType.TACTICAL: tr("Tactical", context="order"),
        OrderType.LIEUTENANT: tr("Lieutenant", context="order"),
    }
    return labels[value]


def swc_label() -> str:
    return tr("SWC")


def points_label() -> str:
    return tr("Pts", context="cost")


def fireteam_type(value: FireteamType) -> str:
    labels = {FireteamType.CORE: tr("Core", context="fireteam"), FireteamType.HARIS: tr("Haris", context="fireteam"),
              FireteamType.DUO: tr("Duo", context="fireteam")}
    return labels[value]
