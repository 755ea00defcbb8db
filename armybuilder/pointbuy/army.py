"""A point-buy army list: its designs, units of models and independent characters. Immutable.

Every edit returns a new list (the GUI's undo keeps the states it moves between; the rules
validate any state as a pure function). Units and model entries have uids that stay put while
the list is edited (u1, m1, c1…), so violations and the GUI can point at them. A model entry is
`count` models of one design; `bonus` is the chosen special its unit gives it at no cost.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Annotated

from pydantic import Field

from armybuilder.i18n import N_
from armybuilder.pointbuy.catalog import ARMY_ABILITIES, UNIT_TYPES
from armybuilder.pointbuy.design import ID_PATTERN, Design, Frozen, SpecialId, enum_of, member_of

UnitTypeId = Annotated[str, member_of(UNIT_TYPES, N_("unit type")), enum_of(UNIT_TYPES)]
AbilityId = Annotated[str, member_of(ARMY_ABILITIES, N_("army special ability")), enum_of(ARMY_ABILITIES)]
MAX_POINTS = 100_000
MAX_COUNT = 99


class Models(Frozen):
    """`count` models of one design in a unit (or one independent character)."""

    uid: str
    design: Annotated[str, Field(pattern=ID_PATTERN)]
    count: Annotated[int, Field(ge=1, le=MAX_COUNT)] = 1
    bonus: SpecialId | None = Field(default=None, description="a chosen special the unit gives at no cost "
                                                              "(Squad: support_weapon; Team: any)")


class Unit(Frozen):
    """A unit: models of one unit type."""

    uid: str
    type: UnitTypeId
    name: Annotated[str, Field(max_length=80)] = ""
    models: tuple[Models, ...] = ()

    @property
    def size(self) -> int:
        return sum(m.count for m in self.models)


class PointBuyList(Frozen):
    """A whole army list at an agreed number of points."""

    name: Annotated[str, Field(max_length=120)] = ""
    notes: Annotated[str, Field(max_length=5000)] = ""
    points: Annotated[int, Field(ge=1, le=MAX_POINTS)] = 600
    ability: AbilityId | None = None
    designs: tuple[Design, ...] = ()
    units: tuple[Unit, ...] = ()
    characters: tuple[Models, ...] = ()

    # ----- reading -------------------------------------------------------------------------
    def design(self, design_id: str) -> Design | None:
        return next((d for d in self.designs if d.id == design_id), None)

    def unit(self, uid: str) -> Unit | None:
        return next((u for u in self.units if u.uid == uid), None)

    def entries(self) -> Iterator[tuple[Unit | None, Models]]:
        """Every model entry with its unit (None for an independent character)."""
        for unit in self.units:
            for models in unit.models:
                yield unit, models
        for character in self.characters:
            yield None, character

    def entry(self, uid: str) -> tuple[Unit | None, Models] | None:
        return next(((u, m) for u, m in self.entries() if m.uid == uid), None)

    def uses(self, design_id: str) -> list[str]:
        """Uids of the entries of a design."""
        return [m.uid for _, m in self.entries() if m.design == design_id]

    @property
    def model_count(self) -> int:
        return sum(m.count for _, m in self.entries())

    def next_uid(self, prefix: str) -> str:
        used = [u.uid for u in self.units] + [m.uid for _, m in self.entries()]
        numbers = [int(found.group(1)) for u in used if (found := re.fullmatch(rf"{prefix}(\d+)", u))]
        return f"{prefix}{max(numbers, default=0) + 1}"

    def next_design_id(self, name: str, keeping: str | None = None) -> str:
        """An id that follows `name` ("Swamp Lurker" → swamp-lurker), unique among the designs (swamp-lurker-2);
        `keeping`: the id of the design being renamed, which its new id may reuse."""
        stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40] or "model"
        if not stem[0].isalnum():
            stem = "m" + stem
        taken = {d.id for d in self.designs if d.id != keeping}
        if stem not in taken:
            return stem
        number = 2
        while f"{stem}-{number}" in taken:
            number += 1
        return f"{stem}-{number}"

    # ----- editing (each returns a new list) ---------------------------------------------
    def with_settings(self, **changes: object) -> PointBuyList:
        """Name, notes, points or ability changed (validated)."""
        return PointBuyList.model_validate({**self.model_dump(), **changes})

    def with_design(self, design: Design) -> PointBuyList:
        """Add a design, or replace the one with its id."""
        if self.design(design.id) is None:
            return self.model_copy(update={"designs": (*self.designs, design)})
        return self.model_copy(update={"designs": tuple(design if d.id == design.id else d for d in self.designs)})

    def with_design_renamed(self, design_id: str, name: str) -> tuple[PointBuyList, str]:
        """The design renamed, its id following the new name (unique), and every model of it following: a design
        made as "New model" is not left as new-model in a database shared later. Returns (list, new id)."""
        design = self.design(design_id)
        if design is None:
            return self, design_id
        new_id = self.next_design_id(name, keeping=design_id)
        renamed = design.edited(name=name).model_copy(update={"id": new_id})

        def follow(models: Models) -> Models:
            return models.model_copy(update={"design": new_id}) if models.design == design_id else models

        units = tuple(u.model_copy(update={"models": tuple(follow(m) for m in u.models)}) for u in self.units)
        return self.model_copy(update={
            "designs": tuple(renamed if d.id == design_id else d for d in self.designs), "units": units,
            "characters": tuple(follow(c) for c in self.characters)}), new_id

    def without_design(self, design_id: str) -> PointBuyList:
        """Remove a design and every model of it."""
        result = self
        for uid in self.uses(design_id):
            result = result.without_models(uid)
        return result.model_copy(update={"designs": tuple(d for d in result.designs if d.id != design_id)})

    def with_unit(self, unit_type: str, name: str = "") -> tuple[PointBuyList, str]:
        uid = self.next_uid("u")
        unit = Unit(uid=uid, type=unit_type, name=name)
        return self.model_copy(update={"units": (*self.units, unit)}), uid

    def without_unit(self, uid: str) -> PointBuyList:
        if self.unit(uid) is None:
            raise KeyError(f"no unit {uid}")
        return self.model_copy(update={"units": tuple(u for u in self.units if u.uid != uid)})

    def with_unit_changed(self, uid: str, **changes: object) -> PointBuyList:
        """A unit's type or name changed."""
        unit = self.unit(uid)
        if unit is None:
            raise KeyError(f"no unit {uid}")
        changed = Unit.model_validate({**unit.model_dump(), **changes})
        return self.model_copy(update={"units": tuple(changed if u.uid == uid else u for u in self.units)})

    def with_models(self, unit_uid: str | None, design_id: str, count: int = 1,
                    index: int | None = None) -> tuple[PointBuyList, str]:
        """Add `count` models of a design to a unit, or (unit None) one independent character."""
        if self.design(design_id) is None:
            raise KeyError(f"no design {design_id}")
        uid = self.next_uid("c" if unit_uid is None else "m")
        entry = Models(uid=uid, design=design_id, count=count if unit_uid is not None else 1)
        if unit_uid is None:
            characters = list(self.characters)
            characters.insert(len(characters) if index is None else index, entry)
            return self.model_copy(update={"characters": tuple(characters)}), uid
        unit = self.unit(unit_uid)
        if unit is None:
            raise KeyError(f"no unit {unit_uid}")
        models = list(unit.models)
        models.insert(len(models) if index is None else max(0, min(index, len(models))), entry)
        return self._with_unit(unit.model_copy(update={"models": tuple(models)})), uid

    def without_models(self, uid: str) -> PointBuyList:
        """Remove a model entry (or an independent character)."""
        found = self.entry(uid)
        if found is None:
            raise KeyError(f"no models {uid}")
        unit, _ = found
        if unit is None:
            return self.model_copy(update={"characters": tuple(c for c in self.characters if c.uid != uid)})
        return self._with_unit(unit.model_copy(update={"models": tuple(m for m in unit.models if m.uid != uid)}))

    def with_models_changed(self, uid: str, **changes: object) -> PointBuyList:
        """A model entry's count, design or bonus special changed (validated)."""
        found = self.entry(uid)
        if found is None:
            raise KeyError(f"no models {uid}")
        unit, entry = found
        changed = Models.model_validate({**entry.model_dump(), **changes})
        if unit is None:
            return self.model_copy(update={"characters": tuple(changed if c.uid == uid else c
                                                               for c in self.characters)})
        return self._with_unit(unit.model_copy(update={"models": tuple(changed if m.uid == uid else m
                                                                       for m in unit.models)}))

    def moved(self, uid: str, unit_uid: str | None, index: int | None = None) -> PointBuyList:
        """Move a model entry to another unit (or make it an independent character: one model)."""
        found = self.entry(uid)
        if found is None:
            raise KeyError(f"no models {uid}")
        _, entry = found
        removed = self.without_models(uid)
        if unit_uid is None:
            single = entry.model_copy(update={"count": 1, "bonus": None})
            characters = list(removed.characters)
            characters.insert(len(characters) if index is None else index, single)
            return removed.model_copy(update={"characters": tuple(characters)})
        unit = removed.unit(unit_uid)
        if unit is None:
            raise KeyError(f"no unit {unit_uid}")
        models = list(unit.models)
        models.insert(len(models) if index is None else max(0, min(index, len(models))), entry)
        return removed._with_unit(unit.model_copy(update={"models": tuple(models)}))  # noqa: SLF001 - its own kind

    def _with_unit(self, unit: Unit) -> PointBuyList:
        return self.model_copy(update={"units": tuple(unit if u.uid == unit.uid else u for u in self.units)})
