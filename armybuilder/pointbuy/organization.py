"""The army-building limits of ORGANIZATION and the army-wide restrictions of the specials.

Each rule is a generator of problems over a `Judged` army (its costs and designs computed once):
units per 150 points, the extra Grid, independent characters, unit sizes and types, one brain power
per unit, the free specials of Squads and Teams, Tanks alone, the one-per-army specials, points.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from armybuilder.i18n import Message, lazy_tr
from armybuilder.pointbuy.army import Models, PointBuyList, Unit
from armybuilder.pointbuy.catalog import BRAIN_POWERS, CHOSEN_SPECIALS, UNIT_TYPES, joined, name_message
from armybuilder.pointbuy.costing import Costing
from armybuilder.pointbuy.design import Design

POINTS_PER_UNIT = 150
ORGANIZATION = "ORGANIZATION"
UNIT_TYPES_SOURCE = "ORGANIZATION — UNIT TYPES"
CHARACTERS = "ORGANIZATION — Independent Characters"


@dataclass(frozen=True)
class Problem:
    """An army-level problem: code, severity, message, the rule's name and the entries (uids) concerned."""

    code: str
    severity: str
    message: Message
    source: str
    subjects: tuple[str, ...] = ()

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


@dataclass(frozen=True)
class Judged:
    """What the rules read: the list, its designs by id and their costs."""

    army: PointBuyList
    designs: Mapping[str, Design]
    costs: Mapping[str, Costing]

    def entry_points(self, models: Models) -> int:
        cost = self.costs.get(models.design)
        return cost.total * models.count if cost is not None else 0

    def unit_points(self, unit: Unit) -> int:
        return sum(self.entry_points(m) for m in unit.models)

    @property
    def points(self) -> int:
        return sum(self.entry_points(m) for _, m in self.army.entries())

    def has(self, models: Models, special: str) -> bool:
        design = self.designs.get(models.design)
        return models.bonus == special or (design is not None and design.has(special))


def units_allowed(points: int) -> int:
    """"Up to one unit for every 150 points rounded up": 200 → 2, 600 → 4."""
    return math.ceil(points / POINTS_PER_UNIT)


def characters_allowed(points: int) -> int:
    """Half as many independent characters as the units the army may have, rounded up."""
    return math.ceil(units_allowed(points) / 2)


def counted_units(army: PointBuyList) -> int:
    """Units that count against the allowance: one Grid comes on top of it."""
    grids = sum(1 for u in army.units if u.type == "grid")
    return len(army.units) - min(1, grids)


def _error(code: str, message: Message, source: str, subjects: tuple[str, ...] = ()) -> Problem:
    return Problem(code, "error", message, source, subjects)


def _warning(code: str, message: Message, source: str, subjects: tuple[str, ...] = ()) -> Problem:
    return Problem(code, "warning", message, source, subjects)


def unit_label(unit: Unit, army: PointBuyList) -> Message:
    """"Squad 2", or "Frog squad (Squad)" when the unit is named."""
    number = army.units.index(unit) + 1
    kind = name_message(UNIT_TYPES[unit.type].name)
    if unit.name:
        return lazy_tr("{name} ({type})", name=unit.name, type=kind)
    return lazy_tr("{type} {number}", type=kind, number=number)


def check_not_empty(judged: Judged) -> Iterator[Problem]:
    """An army with no models is no army to hand the opponent (as an empty Infinity list is not legal)."""
    if judged.army.model_count == 0:
        yield _error("army.empty", lazy_tr(
            "The army has no models yet: design a model, then add a unit of it or an independent character."),
            ORGANIZATION)


def check_points(judged: Judged) -> Iterator[Problem]:
    used, limit = judged.points, judged.army.points
    if used > limit:
        yield _error("army.points.over", lazy_tr(
            "The army costs {used} points: {over} over the agreed {limit}.", used=used, over=used - limit,
            limit=limit), ORGANIZATION)


def check_allowances(judged: Judged) -> Iterator[Problem]:
    army = judged.army
    allowed = units_allowed(army.points)
    counted = counted_units(army)
    if counted > allowed:
        extra = lazy_tr(" (a Grid beyond them is allowed)") if any(u.type == "grid" for u in army.units) else ""
        yield _error("army.units.too_many", lazy_tr(
            "{count} units: a {points}-point army may have {allowed}, one for every {per} points rounded up{extra}.",
            count=counted, points=army.points, allowed=allowed, per=POINTS_PER_UNIT, extra=extra), ORGANIZATION,
            tuple(u.uid for u in army.units[allowed:]))
    characters = len(army.characters)
    most = characters_allowed(army.points)
    if characters > most:
        yield _error("army.characters.too_many", lazy_tr(
            "{count} independent characters: at most {most}, half the {allowed} units allowed rounded up.",
            count=characters, most=most, allowed=allowed), CHARACTERS,
            tuple(c.uid for c in army.characters[most:]))


def check_units(judged: Judged) -> Iterator[Problem]:
    army = judged.army
    for unit in army.units:
        kind = UNIT_TYPES[unit.type]
        name = unit_label(unit, army)
        if not unit.models:
            yield _warning("unit.empty", lazy_tr("{unit} has no models.", unit=name), ORGANIZATION, (unit.uid,))
            continue
        if unit.size > kind.max_models:
            yield _error("unit.size.over", lazy_tr(
                "{unit} has {count} models: a {type} has at most {most}.", unit=name, count=unit.size,
                type=name_message(kind.name), most=kind.max_models), UNIT_TYPES_SOURCE, (unit.uid,))
        if kind.stationary_only:
            mobile = tuple(m.uid for m in unit.models if (d := judged.designs.get(m.design)) and d.mobile)
            if mobile:
                yield _error("unit.grid.mobile", lazy_tr(
                    "{unit}: a Grid may only have stationary models.", unit=name), UNIT_TYPES_SOURCE, mobile)
        brains = {d.brain for m in unit.models if (d := judged.designs.get(m.design))}
        if len(brains) > 1:
            yield _error("unit.brain.mixed", lazy_tr(
                "{unit} mixes brain powers ({brains}): every model of a unit has the same brain power.",
                unit=name, brains=joined([name_message(BRAIN_POWERS[b].name) for b in sorted(brains)])),
                "BRAIN POWER", tuple(m.uid for m in unit.models))
        tanks = tuple(m.uid for m in unit.models if judged.has(m, "tank"))
        if tanks and unit.size > 1:
            yield _error("unit.tank.not_alone", lazy_tr(
                "{unit}: a Tank must be the only member of its unit (or an independent character).", unit=name),
                "CHOSEN SPECIALS — Tank", tanks)
        yield from _bonuses(judged, unit, name)


def bonus_choices(unit: Unit | None, design: Design | None, given: str | None = None) -> list[str]:
    """The chosen specials a unit may give these models at no cost, as `_bonuses` judges them: a Squad's
    Support Weapon, any chosen special in a Team, none for another unit or an independent character (None);
    never one the design has already, unless it is the one `given` now (so that it can be seen and undone)."""
    free = UNIT_TYPES[unit.type].free_special if unit is not None else None
    choices = [] if free is None else ["support_weapon"] if free == "support_weapon" else list(CHOSEN_SPECIALS)
    return [s for s in choices if design is None or not design.has(s) or s == given]


def _bonuses(judged: Judged, unit: Unit, name: Message) -> Iterator[Problem]:
    kind = UNIT_TYPES[unit.type]
    given = [m for m in unit.models if m.bonus]
    if not given:
        return
    uids = tuple(m.uid for m in given)
    if kind.free_special is None:
        yield _error("unit.bonus.not_allowed", lazy_tr(
            "{unit}: only a Squad (Support Weapon) or a Team (one more special) gives a special at no cost.",
            unit=name), UNIT_TYPES_SOURCE, uids)
        return
    for models in given:
        design = judged.designs.get(models.design)
        if design is not None and models.bonus and design.has(models.bonus):
            yield _error("unit.bonus.already", lazy_tr(
                "{design} already has {special}: the unit's free special must be another one.", design=design.name,
                special=name_message(CHOSEN_SPECIALS[models.bonus].name)), UNIT_TYPES_SOURCE, (models.uid,))
    count = sum(m.count for m in given)
    if kind.free_special == "support_weapon":
        wrong = tuple(m.uid for m in given if m.bonus != "support_weapon")
        if wrong:
            yield _error("unit.bonus.squad_special", lazy_tr(
                "{unit}: a Squad's free special is Support Weapon only.", unit=name), UNIT_TYPES_SOURCE, wrong)
        most = unit.size // 6
        if count > most:
            yield _error("unit.bonus.support_weapons", lazy_tr(
                "{unit}: {count} models add Support Weapon for free; one in every six of {size} models is {most}.",
                unit=name, count=count, size=unit.size, most=most), UNIT_TYPES_SOURCE, uids)
    elif count > 1:
        yield _error("unit.bonus.team", lazy_tr(
            "{unit}: {count} models have a free extra special; in a Team only one model may.", unit=name,
            count=count), UNIT_TYPES_SOURCE, uids)


def check_characters(judged: Judged) -> Iterator[Problem]:
    for character in judged.army.characters:
        if character.count != 1:
            yield _error("character.count", lazy_tr(
                "An independent character is a single model, not {count}.", count=character.count), CHARACTERS,
                (character.uid,))
        if character.bonus:
            yield _error("character.bonus", lazy_tr(
                "An independent character gets no special at no cost (only Squads and Teams give one)."),
                CHARACTERS, (character.uid,))


def check_one_per_army(judged: Judged) -> Iterator[Problem]:
    for special_id, special in CHOSEN_SPECIALS.items():
        if not special.one_per_army:
            continue
        holders = [m for _, m in judged.army.entries() if judged.has(m, special_id)]
        count = sum(m.count for m in holders)
        if count > 1:
            yield _error(f"army.one_per_army.{special_id}", lazy_tr(
                "{count} models have {special}: there may be no more than one in any army.", count=count,
                special=name_message(special.name)), f"CHOSEN SPECIALS — {special.name}", tuple(m.uid for m in holders))
    generators = [m for _, m in judged.army.entries() if judged.has(m, "directional_field_generator")]
    if sum(m.count for m in generators) == 1:
        yield _warning("army.field_generator.alone", lazy_tr(
            "A Directional Field Generator works only with a second one within 15\"; the army has only one."),
            "CHOSEN SPECIALS — Directional Field Generator", tuple(m.uid for m in generators))


Rule = Callable[[Judged], Iterator[Problem]]
RULES: tuple[Rule, ...] = (check_not_empty, check_points, check_allowances, check_units, check_characters,
                          check_one_per_army)
