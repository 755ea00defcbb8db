"""Small immutable value types shared by the domain: SWC, unit types, categories, orders, items."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, model_validator

# the plain values live in `scalars` (no pydantic, for the data import) and are part of this module's names
from armybuilder.domain.scalars import AVA_TOTAL as AVA_TOTAL
from armybuilder.domain.scalars import Category as Category
from armybuilder.domain.scalars import FireteamType as FireteamType
from armybuilder.domain.scalars import OrderType as OrderType
from armybuilder.domain.scalars import Swc as Swc
from armybuilder.domain.scalars import UnitType as UnitType
from armybuilder.domain.scalars import format_halves as format_halves


class Frozen(BaseModel):
    """Base of every domain model: immutable, strict about unknown keys."""

    model_config = ConfigDict(frozen=True, extra="forbid", validate_default=False)

    def replaced(self, **update: Any) -> Self:
        """A copy with some fields changed and no cached value (`cached_property`) carried over from
        this one: `model_copy` copies those too, so an army copied with more units would still find units
        through the old index."""
        copy = self.model_copy(update=update)
        fields = type(self).model_fields
        for key in [k for k in copy.__dict__ if k not in fields]:
            del copy.__dict__[key]
        return copy


def stat_text(value: int) -> str:
    """A profile value as printed: the data's "-" (stored as -1: a Seed-Embryo's WIP, a Jandab's CC
    and BS) prints as "-", never "-1"."""
    return "-" if value < 0 else str(value)


_UNDECOMPOSED = str.maketrans({"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "đ": "d",
                               "Đ": "d", "ł": "l", "Ł": "l", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d",
                               "ı": "i", "\u00a0": " ", "’": "'", "‘": "'"})


def search_key(text: str) -> str:
    """Text as a search compares it: without case, accents or spacing differences ("Nøkken" and
    "nokken", "Sāchā" and "sacha", "Fusil Combi" and "fusil  combi" match). Letters that Unicode
    does not decompose (ø, æ, ł…) are spelt as players type them on a plain keyboard."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED).casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


_ITEM_TEXT = re.compile(r"^(?P<name>.*?)\s*\((?P<extras>[^()]*)\)\s*$")


class ItemRef(Frozen):
    """A weapon, skill or piece of equipment on a profile or option, with its extras.

    `extras` are the bracketed details printed after the name ("-3", "+1", "PS=3", "Mountain").
    `quantity` is the official data's `q` when it says how many a trooper carries.
    In YAML an item may be written as text: "Mimetism (-3)", "Commlink (+1)", "Knife".
    `name_es` and `extras_es` are the official data's Spanish names, merged by id at import
    (`data import --url --lang es`); None where there are none (or they equal the English).
    Rules match the English `name`; only what is printed uses `label_in`.
    """

    name: str
    extras: tuple[str, ...] = ()
    quantity: int | None = None
    id: int | None = None
    name_es: str | None = None
    extras_es: tuple[str, ...] | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str):
            text = data.strip()
            if not text:
                raise ValueError("an item needs a name")
            match = _ITEM_TEXT.match(text)
            if match and match.group("name"):
                extras = tuple(e.strip() for e in match.group("extras").split(",") if e.strip())
                return {"name": match.group("name"), "extras": extras}
            return {"name": text}
        return data

    @property
    def label(self) -> str:
        """The item as printed on a profile: "Mimetism (-3)"."""
        return f"{self.name} ({', '.join(self.extras)})" if self.extras else self.name

    def label_in(self, language: str) -> str:
        """The label in `language` where the data has it ("Fusil Combi", "Mimetismo (-3)"), else English."""
        if language != "es" or (self.name_es is None and self.extras_es is None):
            return self.label
        name = self.name_es or self.name
        extras = self.extras_es if self.extras_es is not None else self.extras
        return f"{name} ({', '.join(extras)})" if extras else name

    def __str__(self) -> str:
        return self.label
