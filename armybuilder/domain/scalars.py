"""The domain's plain values, without pydantic: unit types, categories, orders, fireteam types, SWC, labels.

`armybuilder.domain.values` re-exports them (import them from there). They live apart so that the data
import, which builds its armies without pydantic (`armybuilder.data.records`), needs none of the model
classes (#20).
"""

from __future__ import annotations

import re
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.domain.limits import MAX_SWC

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue
    from pydantic_core import core_schema

class UnitType(StrEnum):
    """Trooper type as printed on a profile."""

    LI = "LI"
    MI = "MI"
    HI = "HI"
    TAG = "TAG"
    REM = "REM"
    SK = "SK"
    WB = "WB"
    VH = "VH"


class Category(StrEnum):
    """Unit category (troop classification) of a profile group."""

    GARRISON = "garrison"
    LINE = "line"
    SPECIALLY_TRAINED = "specially_trained"
    VETERAN = "veteran"
    ELITE = "elite"
    HEADQUARTERS = "headquarters"
    MECHANIZED = "mechanized"
    SUPPORT = "support"
    CHARACTER = "character"
    MERCENARY = "mercenary"
    HEADQUARTERS_MECHANIZED = "headquarters_mechanized"


class OrderType(StrEnum):
    """Kinds of Order an option contributes to the Order Pool (or to itself)."""

    REGULAR = "REGULAR"
    IRREGULAR = "IRREGULAR"
    IMPETUOUS = "IMPETUOUS"
    TACTICAL = "TACTICAL"
    LIEUTENANT = "LIEUTENANT"


class FireteamType(StrEnum):
    """Fireteam types of the chart header and of declared teams."""

    CORE = "CORE"
    HARIS = "HARIS"
    DUO = "DUO"


class Swc:
    """An exact Support Weapon Cost: a cost in halves, a budget bonus (`+N`) or none (`-`).

    Printed and stored as text: "0", "0.5", "1.5", "+1" (adds 1 to the budget, costs 0),
    "-" (no SWC at all, e.g. a peripheral that is paid through its controller).
    """

    __slots__ = ("_bonus", "_halves", "_none")
    _PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"^\s*(\+)?\s*(\d+(?:\.\d+)?)\s*$")

    def __init__(self, halves: int = 0, *, bonus: bool = False, none: bool = False) -> None:
        if halves < 0:
            raise ValueError("SWC cannot be negative")
        self._halves = halves
        self._bonus = bonus
        self._none = none

    @classmethod
    def parse(cls, value: object) -> Swc:
        """Read "1.5", "+1", "-", 1.5 or 2 into an exact Swc; raise ValueError otherwise."""
        if isinstance(value, Swc):
            return value
        if isinstance(value, bool):
            raise ValueError(f"SWC must be a number or text such as '1.5', '+1' or '-', not {value!r}")
        if isinstance(value, int | float | Decimal):
            if not -MAX_SWC <= value <= MAX_SWC:  # before str(): a 5,000-digit int cannot even be printed
                raise ValueError(f"SWC must be between 0 and {MAX_SWC}")
            text = str(value)
        elif isinstance(value, str):
            text = value
        else:
            raise ValueError(f"SWC must be a number or text such as '1.5', '+1' or '-', not {value!r}")
        if len(text) > 40:
            raise ValueError(f"SWC must look like '0', '0.5', '1.5', '+1' or '-', not {text[:40]!r}…")
        if text.strip() in ("-", "—", ""):
            return cls(0, none=True)
        if text.strip().startswith("-"):
            raise ValueError(f"SWC cannot be negative: {text!r}")
        match = cls._PATTERN.match(text) if len(text) <= 40 else None
        if not match:
            raise ValueError(f"SWC must look like '0', '0.5', '1.5', '+1' or '-', not {text!r}")
        amount = Decimal(match.group(2)) * 2
        if amount != amount.to_integral_value():
            raise ValueError(f"SWC must be a multiple of 0.5, not {text!r}")
        if amount > 2 * MAX_SWC:
            raise ValueError(f"SWC must be at most {MAX_SWC}, not {text}")
        return cls(int(amount), bonus=match.group(1) is not None)

    @property
    def halves(self) -> int:
        """What this option spends from the budget, in half-SWC units."""
        return 0 if (self._bonus or self._none) else self._halves

    @property
    def budget_bonus_halves(self) -> int:
        """What a `+N` option adds to the SWC budget, in half-SWC units."""
        return self._halves if self._bonus else 0

    @property
    def is_bonus(self) -> bool:
        return self._bonus

    @property
    def is_none(self) -> bool:
        return self._none

    @property
    def value(self) -> Decimal:
        """The SWC spent, as an exact decimal."""
        return Decimal(self.halves) / 2

    def __str__(self) -> str:
        if self._none:
            return "-"
        text = format_halves(self._halves)
        return f"+{text}" if self._bonus else text

    def __repr__(self) -> str:
        return f"Swc({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Swc):
            return NotImplemented
        return (self._halves, self._bonus, self._none) == (other._halves, other._bonus, other._none)

    def __hash__(self) -> int:
        return hash((self._halves, self._bonus, self._none))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_swc, (self._halves, self._bonus, self._none))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            cls.parse, serialization=core_schema.plain_serializer_function_ser_schema(str)
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {
            "description": "SWC (CAP): '0', '0.5', '1.5'…, '+1' adds to the budget, '-' for none",
            "anyOf": [
                {"type": "string", "pattern": r"^(-|\+?\d+(\.5|\.0)?)$"},
                {"type": "number", "minimum": 0, "multipleOf": 0.5},
            ],
        }


def _restore_swc(halves: int, bonus: bool, none: bool) -> Swc:
    return Swc(halves, bonus=bonus, none=none)


def format_halves(halves: int) -> str:
    """Print an amount of half-SWC units as players write it: 0, 0.5, 1, 1.5, 6."""
    whole, half = divmod(halves, 2)
    return f"{whole}.5" if half else str(whole)


def weapon_label(name: str, mode: str | None) -> str:
    """A weapon's name and firing mode as the weapons reference prints them: 'MULTI Rifle (AP Mode)'
    (`WeaponProfile.label`; the data import, which builds no models, names duplicates with it)."""
    return f"{name} ({mode})" if mode else name


AVA_TOTAL = "total"
"""AVA written as `total` (255 in the official data): no limit."""
