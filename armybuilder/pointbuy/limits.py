"""The restrictions a single design must meet, each explained where it applies.

`design_problems(design)` yields every limit the design breaks (never stopping at the first), each
with a stable code, the designer field it concerns (`hits`, `attacks`, `specials`…) so the designer
can show it next to that control, and the rule it comes from, named as the seed names it.
`free` are chosen specials a unit gives at no cost (a Squad's Support Weapon, a Team's extra
special): their own restrictions apply, but they do not count as chosen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from armybuilder.i18n import Message, lazy_tr, lazy_trn
from armybuilder.pointbuy.catalog import CHOSEN_SPECIALS, RACES, joined, name_message
from armybuilder.pointbuy.costing import chosen_specials, cost_reducers, free_dice, reducer_names
from armybuilder.pointbuy.derived import ARBOREAL_MAX_MOVE, designed_hits, heavy_armor_allowed, stat_line
from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.tables import (
    BAND,
    FREE_DIE_REACH,
    HITS_MAX,
    HITS_SANE_MAX,
    INDIRECT_MIN_INCHES,
    MAX_CHOSEN_SPECIALS,
    MAX_FLYING_SPEED,
    MAX_GROUND_SPEED,
    MOBILE_SPEED,
    PENNY,
    SAVES_MAX,
    SAVES_SANE_MAX,
    SPEED_STEP,
    combined_dice_limit,
    reaches,
)

Field = Literal["kind", "race", "brain", "morale", "hits", "saves", "free_save", "attacks", "speed", "specials",
                "mega_jump", "heavy_armor", "base"]
Severity = Literal["error", "warning"]

BASING = "CREATING A MODEL — Basing"
BASIC = "CREATING A MODEL — Basic Model"
HITS = "CREATING A MODEL — Adding Hit Absorption"
DICE = "CREATING A MODEL — Adding Saving and Attack Dice"
SAVES = "CREATING A MODEL — Adding Saving Dice"
SPEED = "CREATING A MODEL — Adding Ground Speed"
CHOSEN = "CHOSEN SPECIALS"
RACE = "RACE"


@dataclass(frozen=True)
class DesignProblem:
    """One broken limit of a design."""

    code: str
    severity: Severity
    message: Message
    field: Field
    source: str
    special: str | None = None
    """The chosen special it concerns, when it is one's restriction."""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


def _error(code: str, field: Field, source: str, message: Message, special: str | None = None) -> DesignProblem:
    return DesignProblem(code, "error", message, field, source, special)


def _warning(code: str, field: Field, source: str, message: Message, special: str | None = None) -> DesignProblem:
    return DesignProblem(code, "warning", message, field, source, special)


def _name(special: str) -> Message:
    return name_message(CHOSEN_SPECIALS[special].name)


def design_problems(design: Design, free: tuple[str, ...] = ()) -> list[DesignProblem]:
    """Every limit the design breaks (errors and warnings), in the order of the designer's fields."""
    effective = design if not free else design.model_copy(
        update={"specials": (*design.specials, *(s for s in free if s not in design.specials))})
    found: list[DesignProblem] = []
    for check in CHECKS:
        found.extend(check(effective, free))
    return found


# ----- the model's profile ----------------------------------------------------------------------

def _hits_and_saves(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    extra_hits = design.hits - 1
    if extra_hits > HITS_MAX:
        yield _error("design.hits.max", "hits", HITS, lazy_tr(
            "{hits} absorbable hits: at most {most} over the base hit ({total} in all).", hits=design.hits,
            most=HITS_MAX, total=HITS_MAX + 1))
    elif extra_hits > HITS_SANE_MAX:
        yield _warning("design.hits.sane", "hits", HITS, lazy_tr(
            "{hits} absorbable hits is past the table's sane maximum of {sane} over the base hit.",
            hits=design.hits, sane=HITS_SANE_MAX))
    bought = design.saves - (1 if design.free_save == "save" else 0)
    if bought > SAVES_MAX:
        yield _error("design.saves.max", "saves", SAVES, lazy_tr(
            "{saves} saving dice: at most {most} over the base save.", saves=design.saves, most=SAVES_MAX))
    elif bought > SAVES_SANE_MAX:
        yield _warning("design.saves.sane", "saves", SAVES, lazy_tr(
            "{saves} saving dice is past the table's sane maximum of {sane} over the base save.",
            saves=design.saves, sane=SAVES_SANE_MAX))
    if design.free_save == "save" and design.saves == 0 and "light_troops" not in stat_line(design).conditionals:
        yield _warning("design.free_save.unused", "free_save", BASIC, lazy_tr(
            "The free save is given up for nothing: it may become an attack die up to Medium instead."))
    hits = designed_hits(design)
    dice = design.attacks.total + design.saves
    limit = combined_dice_limit(hits)
    if dice > limit:
        yield _error("design.dice.combined", "attacks", DICE, lazy_trn(
            "{dice} combined attack and saving dice: a model with {n} absorbable hit may have at most {limit}.",
            "{dice} combined attack and saving dice: a model with {n} absorbable hits may have at most {limit}.",
            hits, dice=dice, limit=limit))


def _free_dice(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    base_die, save_die = free_dice(design)
    if design.free_save == "attack" and save_die is None:
        if not design.mobile and base_die is not None and reaches(base_die, FREE_DIE_REACH):
            text = lazy_tr("The free save became an attack die up to Medium, but the only such die is the stationary "
                           "base die: add one more die up to Medium, or keep the save.")
        else:
            text = lazy_tr("The free save became an attack die up to Medium, but the model has no die up to Medium: "
                           "add one (Close to Medium), or keep the save.")
        yield _error("design.free_save.no_die", "free_save", BASIC, text)


def _speed(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    speed = design.ground_speed
    if not design.mobile:
        if speed > 0:
            yield _error("design.stationary.speed", "speed", BASIC, lazy_tr(
                "A stationary model may never add move: its speed is 0, not {speed}\".", speed=speed))
        return
    if speed < MOBILE_SPEED:
        yield _error("design.speed.below_base", "speed", BASIC, lazy_tr(
            "A mobile model moves at least {base}\" (its base speed); {speed}\" is less.", base=MOBILE_SPEED,
            speed=speed))
    elif (speed - MOBILE_SPEED) % SPEED_STEP:
        yield _error("design.speed.step", "speed", SPEED, lazy_tr(
            "Speed is bought by {step}\" steps over {base}\": {speed}\" is not one of them.", step=SPEED_STEP,
            base=MOBILE_SPEED, speed=speed))
    unlimited = design.has("flyer") or "hover" in design.specials  # no speed limit / "breaks speed limit"
    if unlimited and speed > MAX_FLYING_SPEED:
        yield _error("design.speed.flying_max", "speed", SPEED, lazy_tr(
            "{speed}\" is more than a flyer can use: the builder takes up to {most}\" (the longest table side).",
            speed=speed, most=MAX_FLYING_SPEED))
    elif not unlimited and speed > MAX_GROUND_SPEED:
        yield _error("design.speed.max", "speed", SPEED, lazy_tr(
            "Ground speed is bought up to {most}\"; {speed}\" needs a special (flyers and hoverers have no speed "
            "limit).", most=MAX_GROUND_SPEED, speed=speed))


def _stationary(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    if design.mobile:
        return
    for special in chosen_specials(design):
        if CHOSEN_SPECIALS[special].movement:
            yield _error("design.stationary.movement", "specials", BASIC, lazy_tr(
                "A stationary model may never add move or jump: {special} is not allowed.", special=_name(special)),
                special)
    granted = [s for s in RACES[design.race].grants if CHOSEN_SPECIALS[s].movement]
    for special in granted:
        yield _warning("design.stationary.race_movement", "kind", BASIC, lazy_tr(
            "A stationary {race} never uses its race's {special}: a stationary model may never move or jump.",
            race=name_message(RACES[design.race].name), special=_name(special)))
    if "volley_fire" in design.specials:
        yield _warning("design.volley_fire.stationary", "specials", CHOSEN, lazy_tr(
            "Volley Fire halves the cost of mobile models only: on a stationary model it saves nothing."),
            "volley_fire")


def _race(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    race = design.race
    hits = designed_hits(design)
    if race == "arboreal":
        line = stat_line(design)
        if design.mobile and (design.ground_speed > ARBOREAL_MAX_MOVE or "turbo_charged" in design.specials
                              or "road_runner" in design.specials):
            yield _error("design.arboreal.move", "speed", RACE, lazy_tr(
                "An Arboreal moves at most {most}\": no speed bought, no Turbo Charged or Road Runner.",
                most=ARBOREAL_MAX_MOVE))
        if hits + line.saves > 4:
            yield _error("design.arboreal.hits_saves", "hits", RACE, lazy_tr(
                "An Arboreal has at most 4 combined hits and saves; this one has {count}.", count=hits + line.saves))
        if design.base.largest > 1:
            yield _error("design.arboreal.base", "base", RACE, lazy_tr(
                "An Arboreal's base is at most 1\"; this one is {size}\".", size=_inches(design.base.largest)))
    elif race == "rodent":
        count = design.attacks.total + design.saves + hits
        if count > 4:
            yield _error("design.rodent.dice_hits", "hits", RACE, lazy_tr(
                "A Rodent has at most 4 combined dice and hits; this one has {count}.", count=count))
    elif race == "blob":
        if design.mobile and (design.ground_speed > MOBILE_SPEED or "turbo_charged" in design.specials
                              or "road_runner" in design.specials):
            yield _error("design.blob.speed", "speed", RACE, lazy_tr(
                "A Blob may never upgrade its movement speed (bought speed, Turbo Charged, Road Runner)."))
        if "jump" in design.specials:
            yield _error("design.blob.jump", "specials", RACE, lazy_tr("A Blob may never be a jumper."), "jump")
    elif race == "vegetable":
        if design.mobile:
            yield _error("design.vegetable.mobile", "kind", RACE, lazy_tr("Vegetables must be stationary."))
        if "teleportation" in design.specials:
            yield _error("design.vegetable.teleport", "specials", RACE, lazy_tr(
                "Vegetables may not be teleported: Teleportation is not allowed."), "teleportation")
    for special in design.specials:
        if special in RACES[race].grants and not (race == "macropus" and special == "jump"):
            yield _warning("design.specials.granted", "specials", RACE, lazy_tr(
                "Every {race} already has {special}: choosing it again only adds to the cost.",
                race=name_message(RACES[race].name), special=_name(special)), special)


# ----- chosen specials --------------------------------------------------------------------------

def _chosen(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    if len(design.specials) != len(set(design.specials)):
        yield _error("design.specials.duplicate", "specials", CHOSEN, lazy_tr("A chosen special is listed twice."))
    paid = [s for s in chosen_specials(design) if s not in free]
    if len(paid) > MAX_CHOSEN_SPECIALS:
        yield _error("design.specials.too_many", "specials", CHOSEN, lazy_tr(
            "{count} chosen specials: a model has at most {most} (the first free, the second doubling its cost, the "
            "third quadrupling it).", count=len(paid), most=MAX_CHOSEN_SPECIALS))
    cutting = [s for s in paid if CHOSEN_SPECIALS[s].factor < 1]
    if len(cutting) > 1:
        yield _error("design.specials.cost_cutting", "specials", CHOSEN, lazy_tr(
            "A model may never have more than one cost-cutting chosen special: {specials}.",
            specials=joined([_name(s) for s in cutting])))
    if "carrier_external" in design.specials and "carrier_internal" in design.specials:
        yield _error("design.carrier.both", "specials", CHOSEN, lazy_tr(
            "A Carrier is external or internal, not both."), "carrier_internal")
    if design.mega_jump and not design.has("jump"):
        yield _error("design.mega_jump.no_jump", "mega_jump", CHOSEN, lazy_tr(
            "Only a jumper can double its jump distance: choose Jump first."))
    if design.heavy_armor != "none" and not heavy_armor_allowed(design):
        why = (lazy_tr("it has movement upgrades") if design.mobile
               else lazy_tr("it has attack upgrades beyond its base die"))
        yield _error("design.heavy_armor.not_allowed", "heavy_armor", "CONDITIONAL SPECIALS — Heavy Armor", lazy_tr(
            "Heavy Armor is for models without upgrades: {why}.", why=why))


def _no_reducers(design: Design, special: str) -> Iterator[DesignProblem]:
    if cost_reducers(design):
        yield _error(f"design.{special}.reducers", "specials", CHOSEN, lazy_tr(
            "{special} may have no cost-reducing special attribute: {reducers}.", special=_name(special),
            reducers=reducer_names(design)), special)


def _specials(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    specials = set(design.specials)
    for special in ("brain_eater", "master_mind"):
        if special in specials:
            yield from _no_reducers(design, special)
    if "indirect_fire" in specials:
        yield from _indirect_fire(design)
    if "shredder" in specials:
        yield from _shredder(design)
    yield from _special_sizes(design, specials)
    if "volley_fire" in specials and design.brain == "mono_maniacal":
        yield _error("design.volley_fire.mono_maniacal", "brain", CHOSEN, lazy_tr(
            "Volley Fire may not be Mono Maniacal."), "volley_fire")
    if "omni_field_generator" in specials:
        yield from _omni_field(design)
    if "terrier" in specials and design.base.largest > 1:
        yield _error("design.terrier.base", "base", CHOSEN, lazy_tr(
            "A Terrier may not be on a base larger than 1\"; this one is {size}\".",
            size=_inches(design.base.largest)), "terrier")
    if "shielding" in specials and designed_hits(design) < 2:
        yield _error("design.shielding.hits", "hits", CHOSEN, lazy_tr(
            "To be Shielding a model must have at least 2 absorbable hits."), "shielding")


def _indirect_fire(design: Design) -> Iterator[DesignProblem]:
    short = [band for band, _ in design.attacks.items() if BAND[band].inches < INDIRECT_MIN_INCHES]
    if short:
        yield _error("design.indirect_fire.range", "attacks", CHOSEN, lazy_tr(
            "Indirect Fire needs every attack die at {inches}\" or more (Long or longer): {bands} dice are "
            "shorter.", inches=INDIRECT_MIN_INCHES,
            bands=joined([name_message(BAND[b].name) for b in short])), "indirect_fire")
    yield from _no_reducers(design, "indirect_fire")
    if design.brain == "mono_maniacal":
        yield _error("design.indirect_fire.mono_maniacal", "brain", CHOSEN, lazy_tr(
            "A Mono Maniacal model may not fire indirectly: Indirect Fire is not allowed."), "indirect_fire")


def _dice_and_hits(design: Design) -> int:
    """Attack and saving dice plus absorbable hits, as the Shredder's and Doppelganger's size limits count them."""
    return design.attacks.total + design.saves + designed_hits(design)


def _shredder(design: Design) -> Iterator[DesignProblem]:
    size = _dice_and_hits(design)
    if size > 6:
        yield _error("design.shredder.size", "hits", CHOSEN, lazy_tr(
            "A Shredder has at most 6 combined dice and absorbable hits; this one has {count}.",
            count=size), "shredder")
    if design.attacks.ranged:
        yield _error("design.shredder.ranged", "attacks", CHOSEN, lazy_tr(
            "A Shredder may have no ranged attack dice (only Close dice); this one has {count}.",
            count=design.attacks.ranged), "shredder")
    others = [a for a in cost_reducers(design) if a.id != "mindless"]
    if others:
        yield _error("design.shredder.reducers", "specials", CHOSEN, lazy_tr(
            "The only cost-reducing attribute a Shredder may have is Mindless, not {reducers}.",
            reducers=joined([name_message(a.name) for a in others])), "shredder")


def _special_sizes(design: Design, specials: set[str]) -> Iterator[DesignProblem]:
    """The Doppelganger's size and the Tank's base."""
    if "doppelganger" in specials and (size := _dice_and_hits(design)) > 6:
        yield _error("design.doppelganger.size", "hits", CHOSEN, lazy_tr(
            "A Doppelganger has at most 6 combined dice and absorbable hits; this one has {count}.",
            count=size), "doppelganger")
    if "tank" in specials and design.base.smallest < 1.5:
        yield _error("design.tank.base", "base", CHOSEN, lazy_tr(
            "A Tank must be on a base of 1.5\" or larger; this one is {size}\".",
            size=_inches(design.base.smallest)), "tank")


def _omni_field(design: Design) -> Iterator[DesignProblem]:
    if design.mobile:
        yield _error("design.omni_field.mobile", "kind", CHOSEN, lazy_tr(
            "An Omni Field Generator must be a stationary model."), "omni_field_generator")
    if design.base.largest > 1:
        yield _error("design.omni_field.base", "base", CHOSEN, lazy_tr(
            "An Omni Field Generator may not be on a base larger than 1\"; this one is {size}\".",
            size=_inches(design.base.largest)), "omni_field_generator")


# ----- basing -----------------------------------------------------------------------------------

def _base(design: Design, free: tuple[str, ...]) -> Iterator[DesignProblem]:
    base = design.base
    if base.shape == "square":
        if base.depth is not None and abs(base.width - base.depth) > 0.25:
            yield _error("design.base.shape", "base", BASING, lazy_tr(
                "Bases must be round, hexagonal or within ¼\" of square: {width}×{depth}\" is not.",
                width=_inches(base.width), depth=_inches(base.depth)))
    elif base.depth is not None and base.depth != base.width:
        yield _error("design.base.shape", "base", BASING, lazy_tr(
            "A round or hexagonal base has one size; give only its width."))
    if base.smallest < PENNY:
        yield _error("design.base.penny", "base", BASING, lazy_tr(
            "No model may be on a base smaller than a US penny ({penny}\"); this one is {size}\".",
            penny=_inches(PENNY), size=_inches(base.smallest)))
    hits = stat_line(design).hits
    if hits > 2:
        need = 1.25 if base.shape == "square" else 2.0
        if base.smallest < need:
            yield _error("design.base.hits", "base", BASING, lazy_tr(
                "A model with more than 2 absorbable hits needs a base of at least 1¼\" square or 2\" of another "
                "shape (room for the hit markers); this one is {size}.", size=base.label()))


def _inches(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


CHECKS = (_hits_and_saves, _free_dice, _speed, _stationary, _race, _chosen, _specials, _base)
