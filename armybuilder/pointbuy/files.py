"""The point-buy game's YAML files: design databases ("factions" a group shares) and army lists.

Two formats, each a mapping whose `format` key names it (see docs/pointbuy.md, "Files"):
`armybuilder-pointbuy-designs/1` (a named set of designs) and `armybuilder-pointbuy-list/1` (an army
list that carries the designs it fields, so the opponent's copy needs nothing else). Each design may
record the `cost` it had when saved: a cost that no longer matches is reported, never re-priced in
silence. Reading never raises on bad input except `load_list`, which raises DataError naming the file
when the list cannot be used at all; saving is atomic.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.data.yamlio import (
    LIST_BUDGET,
    PROFILE_BUDGET,
    YamlBudget,
    atomic_write_text,
    dump_yaml,
    format_path,
    locate,
    parse_yaml,
    read_text_file,
    validation_problems,
)
from armybuilder.games import sniff_format
from armybuilder.i18n import Joined, Text, lazy_tr
from armybuilder.pointbuy.army import AbilityId, Models, PointBuyList, Unit
from armybuilder.pointbuy.costing import cost_of
from armybuilder.pointbuy.design import Design, Frozen
from armybuilder.pointbuy.limits import design_problems

DESIGNS_FORMAT = "armybuilder-pointbuy-designs/1"
LIST_FORMAT = "armybuilder-pointbuy-list/1"
FORMATS = (DESIGNS_FORMAT, LIST_FORMAT)
SUFFIX = ".yaml"


class RecordedDesign(Design):
    """A design as stored: with the cost it had when saved (for people reading the file)."""

    cost: int | None = Field(default=None, ge=0, description="the cost when saved (checked, never trusted)")

    def design(self) -> Design:
        return Design.model_validate(self.model_dump(exclude={"cost"}))


class DesignsFile(Frozen):
    """A design database (format armybuilder-pointbuy-designs/1)."""

    format: Literal["armybuilder-pointbuy-designs/1"]
    name: str = Field(min_length=1, max_length=120)
    description: str = Field(default="", max_length=5000)
    designs: tuple[RecordedDesign, ...] = ()


class ListFile(Frozen):
    """An army list (format armybuilder-pointbuy-list/1)."""

    format: Literal["armybuilder-pointbuy-list/1"]
    name: str = Field(default="", max_length=120)
    notes: str = Field(default="", max_length=5000)
    points: int = Field(ge=1, le=100_000)
    ability: AbilityId | None = None
    designs: tuple[RecordedDesign, ...] = ()
    units: tuple[Unit, ...] = ()
    characters: tuple[Models, ...] = ()


def schema() -> dict[str, Any]:
    """JSON Schema of both file formats, for editors."""
    adapter: TypeAdapter[Any] = TypeAdapter(DesignsFile | ListFile)
    result = adapter.json_schema()
    result["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    result["title"] = "Point-buy wargame design database or army list (armybuilder)"
    return result


def file_format(data: Any) -> str | None:
    """The `format` of parsed YAML data when it is one of ours."""
    value = data.get("format") if isinstance(data, Mapping) else None
    return value if value in FORMATS else None


# ----- design databases -------------------------------------------------------------------------

@dataclass
class DesignSet:
    """A loaded design database: its name, its usable designs and every problem found."""

    path: Path
    name: str = ""
    description: str = ""
    designs: list[Design] = field(default_factory=list)
    problems: list[DataProblem] = field(default_factory=list)

    @property
    def errors(self) -> list[DataProblem]:
        return [p for p in self.problems if p.severity == "error"]


def _read(path: Path, budget: YamlBudget = LIST_BUDGET) -> tuple[str | None, Any, list[DataProblem]]:
    """A file's text and parsed YAML, or the problems that stop it (read_text_file never opens a FIFO)."""
    try:
        text = read_text_file(path, lazy_tr("is a folder, expected a YAML file"))
    except DataError as exc:
        return None, None, exc.problems
    data, problems = parse_yaml(text, str(path), budget)
    return text, data, problems


def _duplicate_ids(designs: Sequence[RecordedDesign], file: str, text: str) -> Iterator[DataProblem]:
    counts = Counter(d.id for d in designs)
    for index, design in enumerate(designs):
        if counts[design.id] > 1:
            yield _located(file, text, ("designs", index, "id"),
                           lazy_tr("design id {id} is used more than once", id=repr(design.id)))


def _limit_problems(designs: Sequence[RecordedDesign], file: str, text: str) -> Iterator[DataProblem]:
    """The limits each design breaks, located at the key they concern."""
    for index, design in enumerate(designs):
        for problem in design_problems(design.design()):
            yield _located(file, text, ("designs", index, problem.field),
                           Joined((f"{design.name}: ", problem.message, f" [{problem.code}]")), problem.severity)


def _cost_drift(designs: Sequence[RecordedDesign], file: str, text: str) -> Iterator[DataProblem]:
    """A recorded cost that the rules no longer give (a hand edit, or a changed reading): a warning."""
    for index, design in enumerate(designs):
        costing = cost_of(design.design())
        if design.cost is not None and design.cost != costing.total:
            yield _located(file, text, ("designs", index, "cost"), lazy_tr(
                "{design} was saved at {saved} points but costs {cost} by the rules now ({breakdown})",
                design=design.name, saved=design.cost, cost=costing.total, breakdown=costing.explanation),
                "warning")


def _located(file: str, text: str | None, path: tuple[str | int, ...], message: Text,
             severity: Literal["error", "warning"] = "error") -> DataProblem:
    line, column = locate(text, list(path)) if text is not None else (None, None)
    return DataProblem(file, message, path=format_path(list(path)), line=line, column=column, severity=severity)


def load_designs(path: Path) -> DesignSet:
    """Read a design database; problems are recorded (with file and line), never raised."""
    loaded = DesignSet(path)
    text, data, problems = _read(path, PROFILE_BUDGET)
    loaded.problems.extend(problems)
    if text is None or problems:
        return loaded
    if file_format(data) != DESIGNS_FORMAT:
        loaded.problems.append(_format_problem(str(path), text, data, DESIGNS_FORMAT))
        return loaded
    raw = data.get("designs")
    header = {k: v for k, v in data.items() if k != "designs"}
    try:
        parsed = DesignsFile.model_validate(header)
    except ValidationError as exc:
        loaded.problems.extend(validation_problems(exc, str(path), text))
        return loaded
    if raw is not None and not isinstance(raw, list):
        loaded.problems.append(_located(str(path), text, ("designs",), lazy_tr("expected a list of designs")))
        return loaded
    designs: list[RecordedDesign] = []
    for index, item in enumerate(raw or []):
        try:  # one broken design does not hide the others
            designs.append(RecordedDesign.model_validate(item))
        except ValidationError as exc:
            loaded.problems.extend(validation_problems(exc, str(path), text, ("designs", index)))
    loaded.name, loaded.description = parsed.name, parsed.description
    for check in (_duplicate_ids, _limit_problems, _cost_drift):
        loaded.problems.extend(check(designs, str(path), text))
    seen: set[str] = set()
    for design in designs:
        if design.id not in seen:
            seen.add(design.id)
            loaded.designs.append(design.design())
    return loaded


def _format_problem(file: str, text: str, data: Any, expected: str) -> DataProblem:
    found = data.get("format") if isinstance(data, Mapping) else None
    line, column = locate(text, ["format"])
    return DataProblem(file, lazy_tr("unknown or missing format {found}; expected {expected}", found=repr(found),
                                     expected=expected), path="format", line=line, column=column)


def _stored(design: Design) -> dict[str, Any]:
    """A design as written: its chosen values only (defaults left out), and its cost now."""
    data = design.model_dump(exclude_defaults=True)
    ordered: dict[str, Any] = {"id": design.id, "name": design.name, "kind": design.kind, "race": design.race,
                               "hits": design.hits, "saves": design.saves}
    ordered.update({k: v for k, v in data.items() if k not in ordered})
    if "attacks" in ordered:
        ordered["attacks"] = {band: dice for band, dice in design.attacks.items()}
    if "base" in ordered:
        ordered["base"] = design.base.model_dump(exclude_none=True)
    if "specials" in ordered:
        ordered["specials"] = list(design.specials)
    ordered["cost"] = cost_of(design).total
    return ordered


def designs_text(name: str, designs: Iterable[Design], description: str = "") -> str:
    data: dict[str, Any] = {"format": DESIGNS_FORMAT, "name": name}
    if description:
        data["description"] = description
    data["designs"] = [_stored(d) for d in designs]
    return dump_yaml(data)


def save_designs(path: Path, name: str, designs: Iterable[Design], description: str = "") -> None:
    """Write a design database atomically."""
    atomic_write_text(path, designs_text(name, designs, description))


def load_design_folders(paths: Iterable[Path]) -> list[DesignSet]:
    """Every design database in the given files or folders (other YAML files are not ours: skipped)."""
    found: list[DesignSet] = []
    for path in paths:
        files = [path] if path.is_file() else sorted(
            p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()) if path.is_dir() else []
        for file in files:
            if sniff(file) == DESIGNS_FORMAT:
                found.append(load_designs(file))
    return found


def sniff(path: Path) -> str | None:
    """The format of one of our files, read cheaply from its top, or None (None for a FIFO too)."""
    found = sniff_format(path)
    return found if found in FORMATS else None


# ----- army lists -------------------------------------------------------------------------------

@dataclass(frozen=True)
class LoadedArmy:
    """A list read from a file, with warnings that did not stop it from loading."""

    army: PointBuyList
    problems: tuple[DataProblem, ...] = ()


def _check_list(parsed: ListFile, file: str, text: str) -> Iterator[DataProblem]:
    """What makes a list file unusable (ids given twice) and the costs that changed since it was saved;
    the designs' limits are the rules' business (`engine.validate`)."""
    yield from _duplicate_ids(parsed.designs, file, text)
    yield from _cost_drift(parsed.designs, file, text)
    uids = Counter([u.uid for u in parsed.units] + [m.uid for u in parsed.units for m in u.models]
                   + [c.uid for c in parsed.characters])
    for uid, count in uids.items():
        if count > 1:
            yield DataProblem(file, lazy_tr("the id {uid} is used by {count} units or models; each needs its own",
                                            uid=repr(uid), count=count))


def load_list(path: Path) -> LoadedArmy:
    """Read an army list; raises DataError (file, line, what was expected) when it cannot be used."""
    return loads_list(read_text_file(path, lazy_tr("is a folder, expected a YAML file")), str(path))


def loads_list(text: str, path: str) -> LoadedArmy:
    """An army list from the text of its file (an autosave holds it); `path` names it in messages.
    Raises DataError as `load_list` does."""
    data, problems = parse_yaml(text, path, LIST_BUDGET)
    if problems:
        raise DataError(problems)
    if file_format(data) != LIST_FORMAT:
        raise DataError(_format_problem(path, text, data, LIST_FORMAT))
    try:
        parsed = ListFile.model_validate(data)
        army = PointBuyList(name=parsed.name, notes=parsed.notes, points=parsed.points, ability=parsed.ability,
                            designs=tuple(d.design() for d in parsed.designs), units=parsed.units,
                            characters=parsed.characters)
    except ValidationError as exc:
        raise DataError(validation_problems(exc, path, text)) from None
    found = list(_check_list(parsed, path, text))
    errors = [p for p in found if p.severity == "error"]
    if errors:
        raise DataError(errors)
    return LoadedArmy(army, tuple(found))


def list_text(army: PointBuyList) -> str:
    data: dict[str, Any] = {"format": LIST_FORMAT, "name": army.name}
    if army.notes:
        data["notes"] = army.notes
    data["points"] = army.points
    if army.ability:
        data["ability"] = army.ability
    data["designs"] = [_stored(d) for d in army.designs]
    data["units"] = [_unit_data(u) for u in army.units]
    data["characters"] = [_models_data(c) for c in army.characters]
    return dump_yaml(data)


def _unit_data(unit: Unit) -> dict[str, Any]:
    data: dict[str, Any] = {"uid": unit.uid, "type": unit.type}
    if unit.name:
        data["name"] = unit.name
    data["models"] = [_models_data(m) for m in unit.models]
    return data


def _models_data(models: Models) -> dict[str, Any]:
    return models.model_dump(exclude_defaults=True, include={"uid", "design", "count", "bonus"}) | {
        "uid": models.uid, "design": models.design}


def save_list(path: Path, army: PointBuyList) -> None:
    """Write an army list atomically."""
    atomic_write_text(path, list_text(army))


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
