"""Weapon profiles as the GUI shows them: range bands coloured by their modifier, PS (damage), burst,
ammunition, saving attribute and traits, from the official metadata (`catalog.weapons(origin)`) the
print-out's weapons page reads too (`export.sheet.weapon_lines`).

A `WeaponBook` looks weapons up by the names an option gives them (every firing mode of each) and
words them for a table (`lines`, `bands`) or for a tooltip over any place a weapon is named (the unit
browser, the card, the list, the fireteam views). Distances are in the units the player chose."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from armybuilder.domain.profiles import Option, Unit, WeaponProfile
from armybuilder.export import fmt
from armybuilder.export.sheet import WeaponLine, weapon_lines
from armybuilder.gui import theme
from armybuilder.gui.labels import distance_units
from armybuilder.i18n import language, tr


@dataclass(frozen=True)
class Carried:
    """The weapons a trooper, or a peripheral that comes with it, carries: who and what."""

    who: str
    names: tuple[str, ...]


def carried_weapons(unit: Unit, group_id: int, option: Option) -> list[Carried]:
    """The weapons an option fields: its profile's and its own, then each included peripheral's."""
    group = unit.group(group_id)
    profiles = [p for p in group.profiles if not p.is_peripheral] if group is not None else []
    own = [w.name for p in profiles for w in p.weapons] + [w.name for w in option.weapons]
    found = [Carried("", tuple(dict.fromkeys(own)))] if own else []
    for included in option.includes:
        other = unit.group(included.group)
        extra = other.option(included.option) if other is not None else None
        if other is None or extra is None:
            continue
        profile = other.main_profile
        names = [w.name for p in other.profiles[:1] for w in p.weapons] + [w.name for w in extra.weapons]
        if names and other.is_peripheral:
            who = profile.display_name if profile is not None else other.label
            found.append(Carried(who, tuple(dict.fromkeys(names))))
        elif names:
            found.append(Carried(other.label, tuple(dict.fromkeys(names))))
    return found


class WeaponBook:
    """The weapon profiles of one data source, looked up by the names options give them."""

    def __init__(self, profiles: Mapping[str, WeaponProfile] | None = None) -> None:
        self._profiles: Mapping[str, WeaponProfile] = profiles or {}
        self._lines: dict[tuple[str, str], tuple[WeaponLine, ...]] = {}
        self._tooltips: dict[tuple[str, str, str, tuple[str, ...]], str] = {}
        """Tooltips already worded, by language, distance units, colour scheme and weapon names (the list
        words every changed trooper's tooltip after each edit)."""

    def __bool__(self) -> bool:
        return bool(self._profiles)

    def lines(self, names: Iterable[str]) -> list[WeaponLine]:
        """Every firing mode of the weapons named, in their order; names the data lacks are left out."""
        found: list[WeaponLine] = []
        lang = language()
        for name in dict.fromkeys(names):
            key = (lang, name)
            if key not in self._lines:
                self._lines[key] = weapon_lines([name], self._profiles)[0] if self._profiles else ()
            found.extend(line for line in self._lines[key] if line not in found)
        return found

    def known(self, name: str) -> bool:
        return bool(self.lines([name]))

    def tooltip(self, names: Iterable[str]) -> str:
        """The profiles of the weapons named, as a tooltip's rich text ('' when none is known)."""
        key = (language(), distance_units(), theme.scheme(), tuple(names))
        found = self._tooltips.get(key)
        if found is None:
            found = self._tooltips[key] = "".join(line_html(line) for line in self.lines(key[3]))
        return found


def band_title(lower: int, upper: int) -> str:
    """A band's heading in the chosen units: '0–8"' or '0–20 cm'."""
    units = distance_units()
    suffix = '"' if units == "inch" else " " + tr("cm", context="unit")
    return f"{fmt.distance(lower, units)}–{fmt.distance(upper, units)}{suffix}"


def saving_text(line: WeaponLine) -> str:
    return line.saving


def line_html(line: WeaponLine) -> str:
    """One firing mode for a tooltip: its name, a row of coloured range bands, then PS, B, ammunition,
    saving attribute and traits."""
    cells = []
    lower = 0
    for upper, mod in line.ranges:
        colours = theme.range_band(mod)
        style = f" style='background-color:{colours[0].name()}; color:{colours[1].name()}'" if colours else ""
        cells.append(f"<td{style}>&nbsp;{html.escape(band_title(lower, upper))} <b>{html.escape(mod)}</b>&nbsp;</td>")
        lower = upper
    facts = [tr("PS {value}", value=line.damage), tr("B {value}", value=line.burst),
             tr("Ammo {value}", value=line.ammunition), tr("Save {value}", value=saving_text(line))]
    parts = [f"<b>{html.escape(line.name)}</b>"]
    if cells:
        parts.append(f"<table cellspacing='1' cellpadding='1'><tr>{''.join(cells)}</tr></table>")
    parts.append(html.escape(" · ".join(facts)))
    if line.traits:
        parts.append(f"<i>{html.escape(line.traits)}</i>")
    return "<p style='margin:2px 0 6px 0'>" + "<br>".join(parts) + "</p>"
