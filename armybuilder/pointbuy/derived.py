"""What follows from a design without being bought: its conditional specials and its stat line.

"The following specials are automatically applied to Models that meet the conditions for them"
(CONDITIONAL SPECIALS); Light Troops and the Humanoid, Turbo Charged bonuses add to the move; a
Crustacean's hits are doubled; Heavy Armor, when the player takes it, adds a save or a hit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from armybuilder.pointbuy.catalog import CHOSEN_SPECIALS
from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.tables import FREE_DIE_REACH, jump_distance, reaches

LIGHT_TROOPS_MOVE = 6
TURBO_MOVE = 6
HUMANOID_MOVE = 2
ARBOREAL_MAX_MOVE = 6
BIG_BASE = 2.0
"""Juggernaut, Shielding and Tall need a base of 2" or larger."""


def designed_hits(design: Design) -> int:
    """Absorbable hits as designed: a Crustacean's are doubled (for free)."""
    return design.hits * 2 if design.race == "crustacean" else design.hits


def movement_upgrades(design: Design) -> list[str]:
    """Bought speed and chosen specials that add move or jump (Drop Troop and Hard Chargers do not)."""
    found = ["speed"] if design.mobile and design.ground_speed > 6 else []
    found += [s for s in design.specials if CHOSEN_SPECIALS[s].movement]
    return found


def heavy_armor_allowed(design: Design) -> bool:
    """A mobile model with no movement upgrades, or a stationary one with only its base die (up to
    Medium) and no special attribute changing its attack dice or range."""
    if design.mobile:
        return not movement_upgrades(design)
    dice = design.attacks
    if dice.total > 1 or design.free_save == "attack":
        return False
    if dice.total == 1 and not any(reaches(band, FREE_DIE_REACH) for band, _ in dice.items()):
        return False
    if design.brain == "mono_maniacal":
        return False
    return not any(CHOSEN_SPECIALS[s].attack for s in design.specials)


@dataclass(frozen=True)
class StatLine:
    """The design as it plays: what the print-out and the designer show."""

    hits: int
    saves: int
    attack_dice: int
    move: int
    """Normal move in inches (0: stationary)."""
    jump: int | None
    flies: bool
    conditionals: tuple[str, ...]
    """Ids of its conditional specials (see catalog.CONDITIONAL_SPECIALS), in the seed's order."""
    light_troops_blocked: bool = False
    """Light Troops, but an Arboreal: its move stays at 6"."""


@lru_cache(maxsize=1024)
def stat_line(design: Design) -> StatLine:
    """The design as it plays (cached: the limits, the cost view and the print-out all ask for it)."""
    hits = designed_hits(design)
    saves = design.saves
    if design.heavy_armor == "hit":
        hits += 1
    elif design.heavy_armor == "save":
        saves += 1
    light = design.mobile and saves == 0 and hits <= 1 and design.heavy_armor == "none"
    move, blocked = _move(design, light)
    jump = None
    if design.mobile and design.has("jump") and design.race != "blob":
        jump = jump_distance(design.attacks.total + design.saves + design.hits)
        if design.mega_jump or (design.race == "macropus" and "jump" in design.specials):
            jump *= 2
    flies = design.mobile and design.has("flyer")
    return StatLine(hits, saves, design.attacks.total, move, jump, flies, _conditionals(design, hits, saves, light),
                    blocked)


def _conditionals(design: Design, hits: int, saves: int, light: bool) -> tuple[str, ...]:
    """The conditional specials the design meets, in the seed's order (`hits` and `saves` with Heavy Armor)."""
    dice = design.attacks
    conditionals: list[str] = []
    if dice.total and not dice.ranged:
        conditionals.append("close_fighter")
    if dice.total and dice.point_blank == dice.total:
        conditionals.append("burst")
    if hits >= 2 * (dice.total + saves):
        conditionals.append("carrier")
    if any(dice.count(band) for band in ("medium", "long", "extended", "extreme")):
        conditionals.append("fire_fighter")
    if heavy_armor_allowed(design) and not light:  # "by definition Light troops may not have heavy armor"
        conditionals.append("heavy_armor")
    big = design.base.smallest >= BIG_BASE
    if big and hits >= 2:
        conditionals.append("juggernaut")
    if light:
        conditionals.append("light_troops")
    if big and hits >= 2:
        conditionals.append("shielding")
    if big:
        conditionals.append("tall")
    if dice.total == 1 or saves == 1:
        conditionals.append("way_of_one")
    return tuple(conditionals)


def _move(design: Design, light: bool) -> tuple[int, bool]:
    """Normal move in inches (0: stationary), and whether an Arboreal's Light Troops move was held at 6"."""
    if not design.mobile:
        return 0, False
    move = design.ground_speed
    if design.race == "humanoid":
        move += HUMANOID_MOVE
    if "turbo_charged" in design.specials:
        move += TURBO_MOVE
    if light:
        move += LIGHT_TROOPS_MOVE
    if design.race == "arboreal" and move > ARBOREAL_MAX_MOVE:
        return max(ARBOREAL_MAX_MOVE, design.ground_speed), light  # bought speed past 6" is a limit's error
    return move, False
