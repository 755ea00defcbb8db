"""A designed model: what the player chose (base kind, hits, saves, dice by band, speed, attributes).

Immutable; the cost (`costing.py`), the conditional specials and stat line (`derived.py`) and the
restrictions (`limits.py`) are computed from it. Values out of the seed's limits load fine (the
limits explain what is wrong with them); only values no model could have are refused here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema

from armybuilder.i18n import N_, Message, lazy_tr, tr
from armybuilder.pointbuy.catalog import BRAIN_POWERS, CHOSEN_SPECIALS, MORALE_GRADES, RACES, name_message
from armybuilder.pointbuy.tables import BAND_IDS, MOBILE_SPEED

Kind = Literal["mobile", "stationary"]
Shape = Literal["round", "hexagonal", "square"]
HeavyArmor = Literal["none", "save", "hit"]
FreeSave = Literal["save", "attack"]
SHAPES = {"round": "round", "hexagonal": "hexagonal", "square": "square"}
"""Shape names, translated with the 'pointbuy' context."""
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
SANITY = 99
"""No count in a design may exceed this (the seed's maxima are far lower; the limits explain them)."""


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def member_of(table: Mapping[str, Any], what: str) -> AfterValidator:
    """A validator accepting the ids of a catalog table (`what` names it in the message)."""
    def check(value: str) -> str:
        if value not in table:
            raise ValueError(tr("unknown {what} {value}; expected one of {expected}", what=tr(what),
                                value=repr(value), expected=", ".join(table)))
        return value
    return AfterValidator(check)


def enum_of(table: Mapping[str, Any]) -> WithJsonSchema:
    return WithJsonSchema({"type": "string", "enum": list(table)})


BrainId = Annotated[str, member_of(BRAIN_POWERS, N_("brain power")), enum_of(BRAIN_POWERS)]
MoraleId = Annotated[str, member_of(MORALE_GRADES, N_("morale grade")), enum_of(MORALE_GRADES)]
RaceId = Annotated[str, member_of(RACES, N_("race")), enum_of(RACES)]
SpecialId = Annotated[str, member_of(CHOSEN_SPECIALS, N_("chosen special")), enum_of(CHOSEN_SPECIALS)]
Count = Annotated[int, Field(ge=0, le=SANITY)]


class AttackDice(Frozen):
    """How many attack dice the model has at each range band (each works at any shorter range too)."""

    close: Count = 0
    point_blank: Count = 0
    short: Count = 0
    medium: Count = 0
    long: Count = 0
    extended: Count = 0
    extreme: Count = 0

    def count(self, band: str) -> int:
        return int(getattr(self, band))

    def items(self) -> list[tuple[str, int]]:
        """(band, dice) of the bands that have dice, closest first."""
        return [(band, self.count(band)) for band in BAND_IDS if self.count(band)]

    @property
    def total(self) -> int:
        return self.close + self.point_blank + self.short + self.medium + self.long + self.extended + self.extreme

    @property
    def ranged(self) -> int:
        return self.total - self.close

    def with_band(self, band: str, dice: int) -> AttackDice:
        return self.model_copy(update={band: dice})


class Base(Frozen):
    """The model's base: round, hexagonal or (within ¼" of) square, in inches."""

    shape: Shape = "round"
    width: float = Field(default=1.0, gt=0, le=24, description="inches across (a square base: one side)")
    depth: float | None = Field(default=None, gt=0, le=24,
                                description="a square base's other side, when it differs (inches)")

    @property
    def smallest(self) -> float:
        return min(self.width, self.depth or self.width)

    @property
    def largest(self) -> float:
        return max(self.width, self.depth or self.width)

    def label(self) -> Message:
        """'1" round base', '1.25×1.5" square base', translated when shown."""
        size = f'{_inches(self.width)}"' if not self.depth or self.depth == self.width else \
            f'{_inches(self.width)}×{_inches(self.depth)}"'
        return lazy_tr("{size} {shape} base", size=size, shape=name_message(SHAPES[self.shape]))


def _inches(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class Design(Frozen):
    """One designed model. `hits` and `saves` are totals (the base one included); `speed` is the
    bought ground speed (None: the base speed of its kind)."""

    id: Annotated[str, Field(pattern=ID_PATTERN, description="stable id, unique in its file")]
    name: Annotated[str, Field(min_length=1, max_length=80)]
    kind: Kind = "mobile"
    race: RaceId = "humanoid"
    brain: BrainId = "average"
    morale: MoraleId = "average"
    hits: Annotated[int, Field(ge=1, le=SANITY, description="absorbable hits, the base hit included")] = 1
    saves: Annotated[int, Field(ge=0, le=SANITY, description="saving dice, the free one included")] = 1
    free_save: FreeSave = Field(default="save", description="'attack': the free save became an attack die "
                                                            "up to Medium (count it in `attacks`)")
    attacks: AttackDice = AttackDice()
    speed: Annotated[int | None, Field(ge=0, le=SANITY * 2, description="ground speed in inches")] = None
    specials: tuple[SpecialId, ...] = Field(default=(), max_length=12)
    mega_jump: bool = Field(default=False, description="jump distance doubled by doubling the cost")
    heavy_armor: HeavyArmor = Field(default="none", description="the Heavy Armor conditional special taken as "
                                                                "one more save or hit")
    base: Base = Base()
    notes: Annotated[str, Field(max_length=2000)] = ""

    @property
    def mobile(self) -> bool:
        return self.kind == "mobile"

    @property
    def ground_speed(self) -> int:
        """The bought ground speed: 6" for a mobile model unless more was bought, 0 for a stationary one."""
        if self.speed is not None:
            return self.speed
        return MOBILE_SPEED if self.mobile else 0

    def has(self, special: str) -> bool:
        """Chosen by the player or granted by the race (Avians fly, Macropus jump…)."""
        return special in self.specials or special in RACES[self.race].grants

    def edited(self, **changes: Any) -> Design:
        """A copy with `changes` applied and validated (the designer's edits)."""
        return Design.model_validate({**self.model_dump(), **changes})
