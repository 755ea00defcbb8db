"""Convert an army file's `specops` table (bases and upgrades with XP) into a SpecOpsTable."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from armybuilder.data.infinity_units import UnitConverter
from armybuilder.data.official_json import Severity, Text, short
from armybuilder.data.records import new
from armybuilder.i18n import lazy_tr

if TYPE_CHECKING:  # records of these are built (`armybuilder.data.records`), never the models
    from armybuilder.domain.profiles import SpecOpsTable, Unit
    from armybuilder.domain.specops import SpecOpsGrant, SpecOpsUpgrade, UpgradeKind

_TABLE_KINDS: tuple[tuple[str, UpgradeKind, str], ...] = (
    ("weapons", "weapon", "weapons"), ("skills", "skill", "skills"), ("equip", "equip", "equip"))
"""(key in the table, upgrade kind, name table in `filters`)."""
_FILTER_KIND: dict[UpgradeKind, str] = {kind: table for _, kind, table in _TABLE_KINDS}
Report = Callable[[str, Text, Severity], None]
"""report(path, message, severity): how ImportSession collects a file's issues."""
_Upgrade: Callable[..., SpecOpsUpgrade] = new("SpecOpsUpgrade")
_Grant: Callable[..., SpecOpsGrant] = new("SpecOpsGrant")
_Table: Callable[..., SpecOpsTable] = new("SpecOpsTable")


def convert_specops(raw: Any, converter: UnitConverter, report: Report) -> SpecOpsTable | None:
    """The army's Spec-Ops table, or None when the file has none (or an empty one); what cannot be
    read is reported with its JSON path and left out."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        report("specops", lazy_tr("expected an object with `units`, `weapons`, `skills` and `equip`; no Spec-Ops "
                                  "imported"), "error")
        return None
    units: list[Unit] = []
    units_raw = raw.get("units") or []
    if not isinstance(units_raw, list):
        report("specops.units", lazy_tr("expected a list; left out"), "error")
        units_raw = []
    for index, unit_raw in enumerate(units_raw):
        unit = converter.unit(index, unit_raw, where="specops.units")
        if unit is not None:
            # a base has no `factions` in the data: it is this army's own trooper, not a mercenary
            units.append(unit.model_copy(update={"mercenary": False}))
    upgrades: list[SpecOpsUpgrade] = []
    for key, kind, _ in _TABLE_KINDS:
        entries = raw.get(key)
        if entries is None:
            continue
        if not isinstance(entries, list):
            report(f"specops.{key}", lazy_tr("expected a list; left out"), "error")
            continue
        for index, entry in enumerate(entries):
            upgrade = _upgrade(f"specops.{key}[{index}]", kind, entry, converter, report)
            if upgrade is not None:
                upgrades.append(upgrade)
    if not units and not upgrades:
        return None
    return _Table(units=tuple(units), upgrades=tuple(upgrades))


def _upgrade(path: str, kind: UpgradeKind, entry: Any, converter: UnitConverter,
             report: Report) -> SpecOpsUpgrade | None:
    if not isinstance(entry, dict) or type(entry.get("id")) is not int or type(entry.get("exp")) is not int:
        report(path, lazy_tr("expected an object with a numeric `id` and `exp`, got {value}; left out",
                             value=short(entry)), "error")
        return None
    extras = entry.get("extras") or []
    if not isinstance(extras, list) or not all(type(e) is int for e in extras):
        report(f"{path}.extras", lazy_tr("expected a list of extra ids, got {value}; left out", value=short(extras)),
               "error")
        return None
    items = converter.items(path, _FILTER_KIND[kind], [{"id": entry["id"], "extra": extras}])
    if not items:
        return None  # the converter said why (an id no table names)
    grants: list[SpecOpsGrant] = []
    for _, grant_kind, table in _TABLE_KINDS:
        nested = entry.get(table)
        if not nested:
            continue
        if not isinstance(nested, list):
            report(f"{path}.{table}", lazy_tr("expected a list; left out"), "warning")
            continue
        # nested items are objects (`{"id": 237, "extras": [...]}`) or, in some files, bare ids (`237`)
        raw_items = [{"id": n.get("id"), "extra": n.get("extras") or []} if isinstance(n, dict)
                     else {"id": n} if type(n) is int else n for n in nested]
        grants.extend(_Grant(kind=grant_kind, item=item) for item in converter.items(path, table, raw_items))
    return _Upgrade(kind=kind, id=entry["id"], extra_ids=tuple(extras), item=items[0], xp=entry["exp"],
                    grants=tuple(grants))

