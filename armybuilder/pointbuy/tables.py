"""The seed's cost tables and limits ("CREATING A MODEL"), as data with the readings chosen.

The hit and save tables price each hit (save) over the base one by its ordinal: the first costs 5,
the second to sixth 10 each, and so on (a bracket reading: a model never gets cheaper per hit by
buying more, and the 9th-to-10th step does not jump from 135 to 250). docs/pointbuy.md explains
every reading.
"""

from __future__ import annotations

from dataclasses import dataclass

BASE_COST = 5
MIN_COST = 5
""""No model may ever cost less than 5 Army points.\""""
MOBILE_SPEED = 6
SPEED_STEP = 2
"""Speed is bought by 2" steps."""
MAX_GROUND_SPEED = 18
""""…to a maximum of 18"" (specials may add beyond it; flyers have no speed limit)."""
MAX_FLYING_SPEED = 60
"""Our bound for flyers, who have "no speed limit": the longest side of the seed's tables (5 ft)."""
MAX_CHOSEN_SPECIALS = 3
"""The seed prices a first (free), second (×2) and third (×4) chosen special and no fourth."""
PENNY = 0.75
"""A US penny is 0.75" across: no base may be smaller."""


@dataclass(frozen=True)
class Bracket:
    """One column of a hit or save table: the ordinals it covers and their price each."""

    first: int
    last: int
    cost: int


HIT_BRACKETS = (Bracket(1, 1, 5), Bracket(2, 6, 10), Bracket(7, 9, 15), Bracket(10, 12, 25),
                Bracket(13, 15, 30), Bracket(16, 18, 40), Bracket(19, 20, 60))
"""Adding Hit Absorption: cost per hit over the base hit, by the hit's ordinal over base."""
HITS_SANE_MAX = 12
HITS_MAX = 20

SAVE_BRACKETS = HIT_BRACKETS
"""Adding Saving Dice: the same prices as hits."""
SAVES_SANE_MAX = 9
SAVES_MAX = 20


def bracket_cost(brackets: tuple[Bracket, ...], count: int) -> int:
    """The price of `count` hits (or saves) over the base: each priced by its own ordinal."""
    total = 0
    for bracket in brackets:
        if count < bracket.first:
            break
        total += (min(count, bracket.last) - bracket.first + 1) * bracket.cost
    return total


@dataclass(frozen=True)
class Band:
    """A range band of attack dice: its name, its range in inches and the price of a die there."""

    id: str
    name: str
    inches: int
    cost: int
    ranged: bool = True


BANDS = (
    Band("close", "Close", 0, 5, ranged=False),
    Band("point_blank", "Point Blank", 5, 5),
    Band("short", "Short", 10, 5),
    Band("medium", "Medium", 20, 5),
    Band("long", "Long", 30, 10),
    Band("extended", "Extended", 40, 20),
    Band("extreme", "Extreme", 50, 30),
)
"""Adding Attack Dice: each die works at any range up to its band's."""
BAND = {band.id: band for band in BANDS}
BAND_IDS = tuple(band.id for band in BANDS)
FREE_DIE_REACH = "medium"
"""The base die of a stationary model and the die a free save may become reach Medium."""
BASE_DIE_DEDUCTION = 5
"""The stationary base die upgraded past Medium: the longer die's price less 5."""
INDIRECT_MIN_INCHES = 30


def reaches(band: str, limit: str) -> bool:
    """True when a die of `band` is within `limit` (close ≤ point blank ≤ … ≤ extreme)."""
    return BAND_IDS.index(band) <= BAND_IDS.index(limit)


def combined_dice_limit(hits: int) -> int:
    """Most combined attack and saving dice for a model's absorbable hits: 1 → 6, 2 → 10, 3 → 12,
    and each hit beyond three adds one (4 → 13, 10 → 19)."""
    if hits <= 1:
        return 6
    if hits == 2:
        return 10
    return 12 + (hits - 3)


JUMP_TABLE = ((5, 18), (8, 14), (12, 12), (16, 10), (19, 8))
"""Jump Distances by total dice + hits: up to 5 → 18", 6–8 → 14", 9–12 → 12", 13–16 → 10",
17–19 → 8" (the seed prints 16–19; 16 is read as 10"), 20 or more → 6"."""
JUMP_FLOOR = 6


def jump_distance(dice_and_hits: int) -> int:
    for most, inches in JUMP_TABLE:
        if dice_and_hits <= most:
            return inches
    return JUMP_FLOOR
