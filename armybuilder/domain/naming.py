"""How a trooper is named where players must tell it from the unit's other options: history entries,
fireteam members, the finder's suggestions, the list of troopers a change of army drops.

Official data often names every option of a profile like the unit ("FUSILIERS"), and two options can
share their first weapons (Combi Rifle, Pistol) while one is the Hacker and another the Lieutenant.
`option_detail` names an option by what sets it apart: the items it carries that not every option of
its unit carries (its first such weapon, then what tells it from the options still alike), and its
own name, or else its cost, where two options carry exactly the same. Names stay data until shown
(`Text`): items in the language of the data's names, the Lieutenant skill in the app's."""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.domain.profiles import Option, Unit, fold_name, readable_name
from armybuilder.domain.values import ItemRef
from armybuilder.i18n import LocalText, Text, lazy_join, lazy_tr

LIEUTENANT = "lieutenant"
MAX_ITEMS = 4
"""At most this many telling items are named."""


def short_name(unit: Unit) -> str:
    """The name players use for a unit: its ISC abbreviation, else its name up to the first comma
    ('Jotums, Svalarheima Mechanized Cuirassiers' → 'Jotums')."""
    if unit.isc_abbr:
        return unit.isc_abbr
    return unit.name.split(",")[0].strip() or unit.name


def item_text(item: ItemRef) -> Text:
    """An item as printed, in the language shown: the data's Spanish name where it has one; the
    Lieutenant skill in the app's words."""
    if fold_name(item.name) == LIEUTENANT:
        name: Text = lazy_tr("Lieutenant")
        return name + f" ({', '.join(item.extras)})" if item.extras else name
    return LocalText.of(item.label, es=item.label_in("es") if item.label_in("es") != item.label else "")


@dataclass(frozen=True)
class _Part:
    """Something an option carries, as it is compared (`key`) and as it is named (`text`)."""

    key: str
    text: Text
    weapon: bool = False


def _parts(unit: Unit, option: Option) -> list[_Part]:
    """What an option carries, weapons first, then skills and equipment, then the peripherals it comes
    with (named with their own first weapons: a Drumbot with a Heavy Machine Gun is not one with a
    Missile Launcher); each once."""
    parts = {i.label: _Part(i.label, item_text(i), True) for i in option.weapons}
    for item in (*option.skills, *option.equipment):
        parts.setdefault(item.label, _Part(item.label, item_text(item)))
    for included in option.includes:
        group = unit.group(included.group)
        extra = group.option(included.option) if group is not None else None
        if group is None or extra is None or not group.is_peripheral:
            continue
        profile = group.main_profile
        name = profile.display_name if profile is not None else readable_name(extra.name)
        weapons = [item_text(i) for i in extra.weapons[:2]]
        text: Text = lazy_tr("{peripheral} ({weapons})", peripheral=name, weapons=lazy_join(", ", weapons)) \
            if weapons else name
        parts.setdefault(f"{group.id}:{included.option}", _Part(f"{group.id}:{included.option}", text))
    return list(parts.values())


def _chosen(unit: Unit, option: Option) -> tuple[list[_Part], bool]:
    """The parts that name `option`: its first weapon not every option has, then, one at a time, the
    part that sets it apart from most of the options still alike (a skill or equipment before a weapon
    that does as much: 'Forward Observer' says more than 'Flash Pulse'); and whether some option is
    still alike (carries all of them)."""
    options = [o for _, o in unit.selectable_options()]
    carried = {id(o): {p.key for p in _parts(unit, o)} for o in options}
    own = _parts(unit, option)
    common = set.intersection(*carried.values()) if options else set()
    telling = [p for p in own if p.key not in common]
    chosen = [next((p for p in telling if p.weapon), None)]
    picked = [p for p in chosen if p is not None]
    alike = [o for o in options if o is not option and all(p.key in carried[id(o)] for p in picked)]
    while alike:
        best = max((p for p in telling if p not in picked), default=None,
                   key=lambda p: (sum(1 for o in alike if p.key not in carried[id(o)]), not p.weapon))
        if best is None or all(best.key in carried[id(o)] for o in alike):
            break
        picked.append(best)
        alike = [o for o in alike if best.key in carried[id(o)]]
    order = {p.key: n for n, p in enumerate(own)}
    return sorted(picked, key=lambda p: order[p.key]), bool(alike)


def option_detail(unit: Unit, option: Option) -> Text:
    """What tells `option` from the unit's other options (see the module's docstring); an option alone
    in its unit is named by its first weapons ("" when it has none)."""
    picked, alike = _chosen(unit, option)
    parts: list[Text] = [p.text for p in picked[:MAX_ITEMS]] or [item_text(i) for i in option.weapons[:2]]
    twins = [o for _, o in unit.selectable_options() if o is not option and _chosen(unit, o)[0] == picked] \
        if alike else []
    if twins:  # named like another option: its name (where the names differ) or its cost tells them apart
        name = fold_name(option.name)
        if name and all(fold_name(o.name) != name for o in twins):
            parts.insert(0, readable_name(option.name))
        else:
            parts.append(lazy_tr("{points} pts", points=option.points))
    if not parts:
        return ""
    return lazy_join(", ", parts)


def trooper_label(unit: Unit, option: Option) -> Text:
    """A trooper as players name it in a list of troopers: 'FUSILIERS (Combi Rifle, Hacker)',
    'FUSILIERS (Heavy Machine Gun)' — never the same words for two options of a unit; a unit with one
    option and no weapons by its name alone."""
    detail = option_detail(unit, option)
    if detail == "":
        return short_name(unit)
    return lazy_tr("{unit} ({detail})", unit=short_name(unit), detail=detail)
