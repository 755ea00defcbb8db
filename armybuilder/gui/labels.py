"""How the GUI words game values: stat names, unit types, categories, packs, tiers, costs, MOV."""

from __future__ import annotations

from armybuilder.data.catalog import ArmySummary
from armybuilder.domain import naming
from armybuilder.domain.naming import short_name as short_name
from armybuilder.domain.packs import EditionPack, Extra, SeasonPack, Tier
from armybuilder.domain.profiles import Army, Option, Profile, Unit
from armybuilder.domain.values import Category, ItemRef, UnitType, format_halves, stat_text
from armybuilder.export import fmt
from armybuilder.i18n import N_, Text, language, render, tr

STAT_NAMES: tuple[tuple[str, str], ...] = (
    ("mov", N_("MOV")), ("cc", N_("CC")), ("bs", N_("BS")), ("ph", N_("PH")), ("wip", N_("WIP")),
    ("arm", N_("ARM")), ("bts", N_("BTS")), ("w", N_("W")), ("s", N_("S")), ("ava", N_("AVA")),
)
"""Profile columns in the order the game prints them, with their English abbreviations."""

CATEGORY_NAMES: dict[Category, str] = {
    Category.GARRISON: N_("Garrison Troops"),
    Category.LINE: N_("Line Troops"),
    Category.SPECIALLY_TRAINED: N_("Specially Trained Troops"),
    Category.VETERAN: N_("Veteran Troops"),
    Category.ELITE: N_("Elite Troops"),
    Category.HEADQUARTERS: N_("Headquarters Troops"),
    Category.MECHANIZED: N_("Mechanized Troops"),
    Category.SUPPORT: N_("Support Troops"),
    Category.CHARACTER: N_("Characters"),
    Category.MERCENARY: N_("Mercenary Troops"),
    Category.HEADQUARTERS_MECHANIZED: N_("Mechanized Headquarters"),
}

TYPE_NAMES: dict[UnitType, str] = {
    UnitType.LI: N_("Light Infantry"),
    UnitType.MI: N_("Medium Infantry"),
    UnitType.HI: N_("Heavy Infantry"),
    UnitType.TAG: N_("Tactical Armoured Gear"),
    UnitType.REM: N_("Remote"),
    UnitType.SK: N_("Skirmisher"),
    UnitType.WB: N_("Warband"),
    UnitType.VH: N_("Vehicle"),
}


def stat_name(key: str, structure: bool = False) -> str:
    """The translated column header of a stat (W becomes STR for a Structure profile)."""
    if key == "w" and structure:
        return tr("STR")
    return tr(dict(STAT_NAMES)[key])


def category_name(category: Category | None) -> str:
    return tr(CATEGORY_NAMES[category]) if category is not None else ""


def type_name(unit_type: UnitType) -> str:
    return tr(TYPE_NAMES[unit_type])


def move_text(move: tuple[int, int], cm: bool) -> str:
    """MOV as printed: '4-4' in inches (10 cm = 4 in) or '10-10' in cm; the data's "-" (-1) as '-'."""
    if all(value < 0 for value in move):
        return "-"
    return "-".join("–" if value < 0 else str(value) if cm else _inches(value) for value in move)


def _inches(cm: int) -> str:
    whole, rest = divmod(cm * 2, 5)
    return str(whole) if rest == 0 else f"{cm * 0.4:.1f}".rstrip("0").rstrip(".")


def ava_text(profile_or_unit: Profile | Unit) -> str:
    ava = profile_or_unit.ava
    if ava is None:
        return "-"
    return tr("T", context="ava total") if ava == "total" else str(ava)


def stat_value(profile: Profile, key: str, cm: bool) -> str:
    if key == "mov":
        return move_text(profile.move, cm)
    if key == "ava":
        return ava_text(profile)
    return stat_text(getattr(profile, key))


def swc_text(halves: int) -> str:
    return format_halves(halves)


def cost_range(values: list[int]) -> str:
    """'10' or '10–18' for a unit's cheapest to dearest option."""
    if not values:
        return ""
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}–{high}"


def swc_range(halves: list[int]) -> str:
    if not halves:
        return ""
    low, high = min(halves), max(halves)
    return format_halves(low) if low == high else f"{format_halves(low)}–{format_halves(high)}"


LIEUTENANT_SKILL = "lieutenant"

_distance_units = ["inch"]
"""The units the app shows distances in ('inch' or 'cm'), as View ▸ Distances in centimetres sets them."""


def set_distance_units(units: str) -> None:
    """Show distances in 'cm' or 'inch' from now on (views read them again when told)."""
    _distance_units[0] = "cm" if units == "cm" else "inch"


def distance_units() -> str:
    return _distance_units[0]


def in_units(text: str) -> str:
    """A text naming distances the data gives in cm ('Forward Deployment (+20 cm)') in the chosen units
    ('Forward Deployment (+8")')."""
    return fmt.item_label(text, distance_units())


def item_label(item: ItemRef) -> str:
    """A skill, weapon or piece of equipment as printed, with the Lieutenant skill in the app's
    language (it sits beside the app's own Lieutenant badges and filters); other names are the
    data's own, in Spanish when the app is and the data has them (`data import --url --lang es`);
    distances in the units chosen."""
    if item.name.casefold() == LIEUTENANT_SKILL:
        name = tr("Lieutenant")
        return f"{name} ({', '.join(item.extras)})" if item.extras else name
    return in_units(item.label_in(language()))


def item_labels(items: tuple[ItemRef, ...] | list[ItemRef]) -> list[str]:
    return [item_label(i) for i in items]


def loadout(option: Option) -> str:
    """What an option carries, as the official builder lists it: skills and equipment, then weapons."""
    gear = ", ".join(item_label(i) for i in (*option.skills, *option.equipment))
    weapons = ", ".join(item_label(i) for i in option.weapons)
    return " · ".join(part for part in (gear, weapons) if part)


def option_text(unit: Unit, option: Option) -> str:
    """An option as shown in lists: its name when that tells options apart, then its loadout."""
    names = [o.name for _, o in unit.selectable_options()]
    telling = option.name and names.count(option.name) == 1 and len(names) > 1 and \
        option.name.casefold() not in unit.name.casefold()
    gear = loadout(option)
    if telling:
        return f"{option.name} · {gear}" if gear else option.name
    return gear or option.name


_NAMES: dict[tuple[bool, int, int], tuple[Unit, Option, Text]] = {}
"""The names `option_label` (True) and `option_detail` (False) gave an option, by the ids of its unit and itself
(the entry holds both, so the ids stay theirs): naming an option compares it with every other option of its
unit, and the undo entries ("Add FUSILIERS (Heavy Machine Gun)"), the card and the messages name the same
troopers again at every edit. Kept as Text, worded when shown: a change of language or of distance units
reads right; units and options are frozen."""
MOST_NAMES = 4096


def _named(label: bool, unit: Unit, option: Option) -> Text:
    key = (label, id(unit), id(option))
    found = _NAMES.get(key)
    if found is not None and found[0] is unit and found[1] is option:
        return found[2]
    if len(_NAMES) >= MOST_NAMES:
        _NAMES.clear()
    name = naming.trooper_label(unit, option) if label else naming.option_detail(unit, option)
    _NAMES[key] = (unit, option, name)
    return name


def option_label(unit: Unit, option: Option) -> str:
    """A trooper as players name it, told apart from the unit's other options: 'FUSILIERS (Combi Rifle,
    Hacker)', 'FUSILIERS (Heavy Machine Gun)' (`domain.naming.trooper_label`), distances in the
    units chosen."""
    return in_units(render(_named(True, unit, option)))


def option_detail(unit: Unit, option: Option) -> str:
    """What tells an option from the unit's others: 'Combi Rifle, Hacker'."""
    return in_units(render(_named(False, unit, option)))


def describe_trooper(army: Army | None, unit_id: int, group_id: int, option_id: int) -> str:
    """A trooper's readable name for undo entries and messages, even when the data lacks it."""
    unit = army.unit(unit_id) if army else None
    if unit is None:
        return tr("unit {unit}", unit=unit_id)
    option = unit.option(group_id, option_id)
    return option_label(unit, option) if option else unit.name


def pack_name(pack: EditionPack | SeasonPack) -> str:
    return pack.display_name(language())


def offered_pack_name(pack: EditionPack | SeasonPack, edition: str | None) -> str:
    """A pack as the pickers offer it to a list of `edition`'s armies: its name, and which armies it is for
    when they are another edition's ("ITS Season 9 — for N3 armies": a loaded list's own pack)."""
    era = pack.edition if isinstance(pack, SeasonPack) else pack.id
    if edition is None or era == edition:
        return pack_name(pack)
    return tr("{pack} — for {edition} armies", pack=pack_name(pack), edition=era.upper())


def tier_label(tier: Tier) -> str:
    return tr("{tier} ({points} points, {swc} SWC)", tier=tier.display_name(language()),
              points=tier.points, swc=str(tier.swc))


def extra_name(extra: Extra) -> str:
    return extra.display_name(language())


def source_label(summary: ArmySummary) -> str:
    """Where an army's data comes from, as shown in the army picker."""
    if summary.origin == "imported":
        return tr("Official data {version}", version=summary.version) if summary.version else tr("Official data")
    return tr("Bundled {version}", version=summary.version) if summary.version else tr("Bundled")
