"""What a design costs, step by step: the base, hits, saves, attack dice and speed added up, then
the special attributes' multipliers, the cap on reductions and the 5-point floor.

`cost_of(design)` returns a `Costing`; its `explanation` is the sentence the designer shows
("5 base + 10 for 2 Medium dice + … = 25; ×½ Mindless = 12") kept as a message, worded where it is
shown (`breakdown(language)`): costing a design translates nothing. The readings chosen where the seed is terse are in
docs/pointbuy.md ("Cost"), each with the worked designs of tests/test_pointbuy_costs.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from armybuilder.i18n import Joined, Message, Text, lazy_join, lazy_tr, lazy_trn, render
from armybuilder.pointbuy.catalog import (
    BRAIN_POWERS,
    CHOSEN_SPECIALS,
    HALF,
    MORALE_GRADES,
    RACES,
    Attribute,
    joined,
    name_message,
)
from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.tables import (
    BAND,
    BAND_IDS,
    BASE_COST,
    BASE_DIE_DEDUCTION,
    FREE_DIE_REACH,
    HIT_BRACKETS,
    MIN_COST,
    MOBILE_SPEED,
    SAVE_BRACKETS,
    SPEED_STEP,
    bracket_cost,
    reaches,
)


@dataclass(frozen=True)
class Addition:
    """Points added (or, negative, deducted) before the multipliers, with what they are for."""

    points: int
    label: Message


@dataclass(frozen=True)
class Factor:
    """A multiplier from a special attribute (×2 Flyer, ×½ Mindless)."""

    factor: Fraction
    label: Message


@dataclass(frozen=True)
class Costing:
    """A design's cost and how it was reached."""

    additions: tuple[Addition, ...]
    factors: tuple[Factor, ...]
    subtotal: int
    factor: Fraction
    """The multiplier applied: increases times the reductions, these never below ½ in all."""
    total: int
    capped: bool = False
    """Reductions multiplied below ½ and were held at ½ ("never reduced by more than half total")."""
    floored: bool = False
    """The multiplied cost fell under 5 and was raised to it."""

    @property
    def explanation(self) -> Joined:
        """'5 base + 10 for 2 Medium dice + 10 for 2 more hits = 25; ×½ Mindless = 12', kept as a message
        (its steps and notes are worded where it is shown: `render(explanation, language)`)."""
        parts: list[Text] = []
        for index, addition in enumerate(self.additions):
            sign = ("−" if addition.points < 0 else "") if index == 0 else (" − " if addition.points < 0 else " + ")
            parts += [f"{sign}{abs(addition.points)} ", addition.label]
        if not self.factors:
            parts.append(f" = {self.total}")
            if self.floored:
                parts.append(self._floor_note())
            return Joined(tuple(parts))
        parts.append(f" = {self.subtotal}; ")
        parts.append(lazy_join(" ", (Joined((f"×{fraction_text(f.factor)} ", f.label)) for f in self.factors)))
        if self.capped or len(self.factors) > 1:
            parts += [" ", lazy_tr("(×{factor} in all)", factor=fraction_text(self.factor))]
        if self.capped:
            parts += [" ", lazy_tr("— a cost is never reduced by more than half")]
        exact = self.subtotal * self.factor
        parts.append(f" = {self.total if not self.floored else math.floor(exact)}")
        if exact.denominator != 1:
            parts += [" ", lazy_tr("(rounded down)")]
        if self.floored:
            parts.append(self._floor_note())
        return Joined(tuple(parts))

    def breakdown(self, language: str | None = None) -> str:
        """The explanation in `language` (default: the current one), as the designer and print-outs show it."""
        return render(self.explanation, language)

    @staticmethod
    def _floor_note() -> Joined:
        return Joined((" → ", lazy_tr("{minimum} (a model never costs less than {minimum})", minimum=MIN_COST)))


def fraction_text(value: Fraction) -> str:
    """'½', '¼', '2', '4'."""
    if value.denominator == 1:
        return str(value.numerator)
    named = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(1, 8): "⅛", Fraction(3, 2): "1½"}
    return named.get(value, f"{value.numerator}/{value.denominator}")


def free_dice(design: Design) -> tuple[str | None, str | None]:
    """The bands of the dice that come free: (the stationary base die, the die the free save became).

    The base die takes the longest die past Medium if there is one (paying that die's price less 5),
    else a die up to Medium; the free save's die must be up to Medium and another than the base die.
    """
    dice = design.attacks
    base_die: str | None = None
    if not design.mobile and dice.total:
        beyond = [band for band in reversed(BAND_IDS) if dice.count(band) and not reaches(band, FREE_DIE_REACH)]
        within = [band for band in reversed(BAND_IDS) if dice.count(band) and reaches(band, FREE_DIE_REACH)]
        base_die = (beyond or within)[0]
    save_die: str | None = None
    if design.free_save == "attack":
        for band in reversed(BAND_IDS):
            if reaches(band, FREE_DIE_REACH) and dice.count(band) - (1 if band == base_die else 0) > 0:
                save_die = band
                break
    return base_die, save_die


def bought_saves(design: Design) -> int:
    """Saving dice paid for: all of them when the free save became an attack die, else all but one."""
    return design.saves if design.free_save == "attack" else max(0, design.saves - 1)


def speed_steps(design: Design) -> int:
    """2" steps bought over the base 6" (a part step is priced as a whole one)."""
    if not design.mobile:
        return 0
    return max(0, math.ceil((design.ground_speed - MOBILE_SPEED) / SPEED_STEP))


def _additions(design: Design) -> list[Addition]:
    base = lazy_tr("base (mobile)") if design.mobile else lazy_tr("base (stationary)")
    steps = [Addition(BASE_COST, base)]
    extra_hits = design.hits - 1
    if extra_hits:
        steps.append(Addition(bracket_cost(HIT_BRACKETS, extra_hits),
                              lazy_trn("for {n} more hit", "for {n} more hits", extra_hits)))
    saves = bought_saves(design)
    if saves:
        steps.append(Addition(bracket_cost(SAVE_BRACKETS, saves),
                              lazy_trn("for {n} more save", "for {n} more saves", saves)))
    for band, dice in design.attacks.items():
        name = BAND[band].name
        steps.append(Addition(dice * BAND[band].cost,
                              lazy_trn("for {n} {band} die", "for {n} {band} dice", dice, band=_band(name))))
    base_die, save_die = free_dice(design)
    if base_die is not None:
        if reaches(base_die, FREE_DIE_REACH):
            label = lazy_tr("the stationary base die")
        else:
            label = lazy_tr("the stationary base die upgraded to {band}", band=_band(BAND[base_die].name))
        steps.append(Addition(-BASE_DIE_DEDUCTION, label))  # a die up to Medium costs 5 too
    if save_die is not None:
        steps.append(Addition(-BAND[save_die].cost, lazy_tr("the free save taken as a {band} die",
                                                            band=_band(BAND[save_die].name))))
    steps_bought = speed_steps(design)
    if steps_bought:
        per_step = design.attacks.total + design.saves + design.hits
        steps.append(Addition(steps_bought * per_step,
                              lazy_tr("for {inches}\" more speed ({steps} × {per_step} dice and hits)",
                                      inches=steps_bought * SPEED_STEP, steps=steps_bought, per_step=per_step)))
    return steps


def _band(name: str) -> Message:
    return name_message(name)


def chosen_specials(design: Design) -> tuple[str, ...]:
    """The chosen specials, each once, in the order chosen."""
    return tuple(dict.fromkeys(design.specials))


def special_count_factor(count: int) -> Fraction:
    """One chosen special is free, a second doubles the cost, a third quadruples it."""
    return Fraction(2) ** max(0, count - 1)


def _factors(design: Design) -> list[Factor]:
    found: list[Factor] = []
    brain = BRAIN_POWERS[design.brain]
    if brain.factor != 1:
        found.append(Factor(brain.factor, _named(brain.name)))
    morale = MORALE_GRADES[design.morale]
    if morale.factor != 1 and not (design.race == "machine" and morale.factor > 1):
        found.append(Factor(morale.factor, _named(morale.name)))
    race = RACES[design.race]
    if race.factor != 1:
        found.append(Factor(race.factor, _named(race.name)))
    chosen = chosen_specials(design)
    if len(chosen) >= 2:
        found.append(Factor(special_count_factor(len(chosen)),
                            lazy_tr("second chosen special") if len(chosen) == 2
                            else lazy_trn("{n} chosen specials", "{n} chosen specials", len(chosen))))
    for special_id in chosen:
        special = CHOSEN_SPECIALS[special_id]
        if special.factor != 1 and (design.mobile or not special.factor_mobile_only):
            found.append(Factor(special.factor, _named(special.name)))
    if design.mega_jump and design.has("jump") and not mega_jump_is_free(design):
        found.append(Factor(Fraction(2), lazy_tr("doubled jump")))
    return found


def mega_jump_is_free(design: Design) -> bool:
    """"If a Macropus chooses Jump as its chosen special then it doubles jump without an increase in cost.\""""
    return design.race == "macropus" and "jump" in design.specials


def _named(name: str) -> Message:
    return name_message(name)


def combine(factors: list[Factor]) -> tuple[Fraction, bool]:
    """The multiplier of all factors: the reductions together never below ½; (multiplier, capped)."""
    increase = Fraction(1)
    reduction = Fraction(1)
    for item in factors:
        if item.factor > 1:
            increase *= item.factor
        else:
            reduction *= item.factor
    capped = reduction < HALF
    return increase * max(reduction, HALF), capped


def cost_of(design: Design) -> Costing:
    """The design's cost (see the module docstring)."""
    additions = _additions(design)
    factors = _factors(design)
    subtotal = sum(a.points for a in additions)
    factor, capped = combine(factors)
    total = math.floor(subtotal * factor)
    floored = total < MIN_COST
    return Costing(tuple(additions), tuple(factors), subtotal, factor, max(total, MIN_COST), capped, floored)


def cost_reducers(design: Design) -> list[Attribute]:
    """The design's cost-reducing special attributes (brain power, morale grade, chosen specials)."""
    found: list[Attribute] = []
    if BRAIN_POWERS[design.brain].factor < 1:
        found.append(BRAIN_POWERS[design.brain])
    if MORALE_GRADES[design.morale].factor < 1:
        found.append(MORALE_GRADES[design.morale])
    for special_id in chosen_specials(design):
        special = CHOSEN_SPECIALS[special_id]
        if special.factor < 1 and (design.mobile or not special.factor_mobile_only):
            found.append(special)
    return found


def reducer_names(design: Design) -> Message | str:
    """The names of the design's cost-reducing attributes ('Mindless, Cowardly'), translated when shown."""
    return joined([name_message(attribute.name) for attribute in cost_reducers(design)])
