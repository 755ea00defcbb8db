"""Army list files (YAML, versioned): ids for the machine, names and costs for people.

A file refers to units and options by id and also records each trooper's unit name, option name,
points and SWC, so it stays readable and a changed database is detected and reported instead of
silently re-priced. See docs/list-format.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.data.yamlio import (
    atomic_write_text,
    dump_yaml,
    locate,
    parse_yaml,
    read_text_file,
    validation_problems,
)
from armybuilder.domain.limits import (
    MAX_GROUPS,
    MAX_ID,
    MAX_LIST_FILE_BYTES,
    MAX_NAME,
    MAX_NOTES,
    MAX_POINTS,
    MAX_TROOPERS,
)
from armybuilder.domain.lists import ArmyList, ArmyRef, CombatGroup, Fireteam, Trooper
from armybuilder.domain.roster import ResolvedTrooper, Roster
from armybuilder.domain.specops import SpecOpsPick, stat_label
from armybuilder.domain.values import FireteamType, Frozen, Swc, format_halves
from armybuilder.i18n import render, tr

LIST_FORMAT = "armybuilder-list/1"
_FORMAT_RE = re.compile(r"^armybuilder-list/(\d+)$")
CURRENT_VERSION = 1


_ID = Field(ge=0, le=MAX_ID, strict=True)
_Name = Annotated[str, Field(strict=True)]


class SpecOpsEntry(SpecOpsPick):
    """A Spec-Ops upgrade as stored: as army codes write it, plus its name and XP when it was saved."""

    name: str = ""
    xp: int | None = None


class TrooperEntry(Frozen):
    """A trooper as stored: ids, plus the names and cost recorded when it was saved."""

    uid: str = Field(strict=True, min_length=1, max_length=64)
    unit: int = _ID
    group: int = _ID
    option: int = _ID
    unit_name: _Name = ""
    option_name: _Name = ""
    points: int | None = Field(default=None, ge=0, le=MAX_POINTS, strict=True)
    swc: Swc | None = None
    specops: tuple[SpecOpsEntry, ...] = ()
    specops_xp: int | None = Field(default=None, description="the Spec-Ops upgrades' XP when saved")


class GroupEntry(Frozen):
    number: int = Field(ge=1, le=MAX_GROUPS, strict=True)
    reinforcement: bool = Field(default=False, strict=True)
    troopers: tuple[TrooperEntry, ...] = ()


class Totals(Frozen):
    """What the list held when saved: read back, a difference means the file was cut short."""

    troopers: int = Field(ge=0, le=MAX_TROOPERS, strict=True)
    points: int | None = Field(default=None, ge=0, le=MAX_POINTS * MAX_TROOPERS, strict=True)
    swc: Swc | None = None


class FireteamEntry(Frozen):
    uid: str
    type: FireteamType
    team: str
    members: tuple[str, ...] = ()


class ListFile(Frozen):
    """The on-disk shape of a list file (format armybuilder-list/1)."""

    format: str = LIST_FORMAT
    name: _Name = ""
    notes: _Name = ""
    army: ArmyRef
    pack: str = Field(default="n5", strict=True)
    tier: str | None = Field(default=None, strict=True)
    points: int | None = Field(default=None, gt=0, le=MAX_POINTS, strict=True)
    extras: tuple[str, ...] = Field(default=(), max_length=50)
    cbl: str | None = Field(default=None, strict=True)
    totals: Totals | None = None
    groups: tuple[GroupEntry, ...] = Field(default=(), max_length=MAX_GROUPS)
    fireteams: tuple[FireteamEntry, ...] = Field(default=(), max_length=MAX_TROOPERS)


@dataclass(frozen=True)
class RecordedTrooper:
    """What the file said about a trooper when it was saved."""

    unit_name: str
    option_name: str
    points: int | None
    swc: Swc | None
    specops_xp: int | None = None


@dataclass
class LoadedList:
    """A list read from a file, with the recorded names/costs and any problems found."""

    army_list: ArmyList
    path: Path | None = None
    recorded: dict[str, RecordedTrooper] = field(default_factory=dict)
    problems: list[DataProblem] = field(default_factory=list)


def list_to_file(army_list: ArmyList, roster: Roster | None = None) -> ListFile:
    """The file form of a list; names and costs come from `roster` when given."""
    groups = []
    for group in army_list.groups:
        entries = []
        for trooper in group.troopers:
            resolved = roster.trooper(trooper.uid) if roster else None
            state = resolved.specops if resolved else None
            entries.append(TrooperEntry(
                uid=trooper.uid, unit=trooper.unit, group=trooper.group, option=trooper.option,
                unit_name=resolved.unit.name if resolved else "",
                option_name=resolved.option.name if resolved else "",
                points=resolved.points if resolved else None,
                swc=Swc.parse(format_halves(resolved.swc_halves)) if resolved else None,
                specops=tuple(_specops_entry(pick, resolved) for pick in trooper.specops),
                specops_xp=state.xp if state is not None else None,
            ))
        groups.append(GroupEntry(number=group.number, reinforcement=group.reinforcement,
                                 troopers=tuple(entries)))
    count = sum(len(g.troopers) for g in groups)
    totals = Totals(troopers=count, points=roster.points if roster and not roster.unresolved else None,
                    swc=Swc.parse(format_halves(roster.swc_halves)) if roster and not roster.unresolved else None)
    return ListFile(
        name=army_list.name, notes=army_list.notes, army=army_list.army, pack=army_list.pack,
        tier=army_list.tier, points=army_list.points, extras=army_list.extras, cbl=army_list.cbl,
        totals=totals, groups=tuple(groups),
        fireteams=tuple(FireteamEntry(uid=f.uid, type=f.type, team=f.team, members=f.members)
                        for f in army_list.fireteams),
    )


def _specops_entry(pick: SpecOpsPick, resolved: ResolvedTrooper | None) -> SpecOpsEntry:
    table = resolved.army.specops if resolved is not None else None
    upgrade = table.upgrade(pick.key) if table is not None else None
    name = str(upgrade.item) if upgrade is not None else (render(stat_label(pick)) if pick.type == "stat" else "")
    return SpecOpsEntry(**pick.model_dump(), name=name, xp=upgrade.xp if upgrade is not None else None)


def dumps_list(army_list: ArmyList, roster: Roster | None = None) -> str:
    """YAML text of a list file."""
    data = list_to_file(army_list, roster).model_dump(mode="json", exclude_none=True)
    return dump_yaml(data)


def save_list(path: Path, army_list: ArmyList, roster: Roster | None = None) -> None:
    """Save atomically: a crash leaves the old file or the new one, never half of either."""
    atomic_write_text(path, dumps_list(army_list, roster))


def loads_list(text: str, name: str = "<list>") -> LoadedList:
    """Read list-file text; raises DataError with located problems when it cannot be used."""
    data, problems = parse_yaml(text, name)
    if problems:
        raise DataError(problems)
    if not isinstance(data, dict) or "format" not in data:
        raise DataError(DataProblem(name, tr("not an army list file (no 'format: {format}' at the top)",
                                             format=LIST_FORMAT), line=1))
    fmt = str(data.get("format"))
    match = _FORMAT_RE.match(fmt)
    if not match:
        line, column = locate(text, ["format"])
        raise DataError(DataProblem(name, tr("not an army list file: its format is {found!r}, "
                                             "expected {format!r}", found=fmt, format=LIST_FORMAT),
                                    path="format", line=line, column=column))
    if int(match.group(1)) < 1:
        line, column = locate(text, ["format"])
        raise DataError(DataProblem(name, tr("not an army list file: its format is {found!r}, "
                                             "expected {format!r}", found=fmt, format=LIST_FORMAT),
                                    path="format", line=line, column=column))
    if int(match.group(1)) > CURRENT_VERSION:
        line, column = locate(text, ["format"])
        raise DataError(DataProblem(name, tr("written by a newer version of the builder ({found}); this "
                                             "version reads {format}. The file was not changed.",
                                             found=fmt, format=LIST_FORMAT),
                                    path="format", line=line, column=column))
    count = _count_troopers(data)
    if count > MAX_TROOPERS:
        raise DataError(DataProblem(name, tr("holds {count} troopers; the builder reads lists of at most {limit} "
                                             "(far beyond any game)", count=count, limit=MAX_TROOPERS),
                                    path="groups"))
    data, cut = _cap_texts(data)
    try:
        stored = ListFile.model_validate(data)
    except ValidationError as exc:
        raise DataError(validation_problems(exc, name, text)) from None
    loaded = _from_file(stored, name, text)
    loaded.problems[:0] = [_located(name, text, [key], tr(
        "{what} is {length} characters long; only the first {limit} are kept", what=key, length=length,
        limit=limit), "warning") for key, length, limit in cut]
    loaded.problems.extend(_cut_short(stored, name, text))
    return loaded


def _count_troopers(data: dict[Any, Any]) -> int:
    """How many troopers the raw data lists (before building anything from it)."""
    groups = data.get("groups")
    if not isinstance(groups, list):
        return 0
    return sum(len(g["troopers"]) for g in groups if isinstance(g, dict) and isinstance(g.get("troopers"), list))


def _cap_texts(data: dict[Any, Any]) -> tuple[dict[Any, Any], list[tuple[str, int, int]]]:
    """The list's name and notes cut to their limits (a 2 MB name helps nobody); what was cut."""
    cut = []
    for key, limit in (("name", MAX_NAME), ("notes", MAX_NOTES)):
        value = data.get(key)
        if isinstance(value, str) and len(value) > limit:
            data = {**data, key: value[:limit]}
            cut.append((key, len(value), limit))
    return data, cut


def _cut_short(stored: ListFile, name: str, text: str) -> list[DataProblem]:
    """A warning when the totals recorded at saving disagree with the troopers read."""
    totals = stored.totals
    if totals is None:
        return []
    entries = [t for g in stored.groups for t in g.troopers]
    found: list[str] = []
    if totals.troopers != len(entries):
        found.append(tr("{recorded} troopers when saved, {read} read", recorded=totals.troopers, read=len(entries)))
    if totals.points is not None and all(t.points is not None for t in entries):
        read_points = sum(t.points or 0 for t in entries)
        if read_points != totals.points:
            found.append(tr("{recorded} points when saved, {read} read", recorded=totals.points, read=read_points))
    if totals.swc is not None and all(t.swc is not None for t in entries):
        read_swc = sum(t.swc.halves for t in entries if t.swc is not None)
        if read_swc != totals.swc.halves:
            found.append(tr("{recorded} SWC when saved, {read} read", recorded=str(totals.swc),
                            read=format_halves(read_swc)))
    if not found:
        return []
    return [_located(name, text, ["totals"], tr("the file seems cut short (or was edited by hand): {details}",
                                                details="; ".join(found)), "warning")]


def load_list(path: Path) -> LoadedList:
    """Read a list file; raises DataError naming the file and the problem."""
    text = read_text_file(path, tr("is a folder, expected a list file"), MAX_LIST_FILE_BYTES)
    loaded = loads_list(text, str(path))
    loaded.path = path
    return loaded


def _from_file(stored: ListFile, name: str, text: str) -> LoadedList:
    problems: list[DataProblem] = []
    recorded: dict[str, RecordedTrooper] = {}
    seen: set[str] = set()
    groups = []
    numbers: set[int] = set()
    for gi, group in enumerate(stored.groups):
        if group.number in numbers:
            raise DataError(_located(name, text, ["groups", gi, "number"],
                                     tr("combat group {number} appears twice", number=group.number)))
        numbers.add(group.number)
        troopers = []
        for ti, entry in enumerate(group.troopers):
            if entry.uid in seen:
                raise DataError(_located(name, text, ["groups", gi, "troopers", ti, "uid"],
                                         tr("trooper id {uid} appears twice", uid=entry.uid)))
            seen.add(entry.uid)
            picks = tuple(SpecOpsPick(**e.model_dump(exclude={"name", "xp"})) for e in entry.specops)
            troopers.append(Trooper(uid=entry.uid, unit=entry.unit, group=entry.group, option=entry.option,
                                    specops=picks))
            recorded[entry.uid] = RecordedTrooper(entry.unit_name, entry.option_name, entry.points, entry.swc,
                                                  entry.specops_xp)
        groups.append(CombatGroup(number=group.number, reinforcement=group.reinforcement,
                                  troopers=tuple(troopers)))
    fireteams = []
    for fi, team in enumerate(stored.fireteams):
        unknown = list(dict.fromkeys(m for m in team.members if m not in seen))
        if unknown:
            problems.append(_located(name, text, ["fireteams", fi, "members"],
                                     tr("fireteam {uid} names troopers that are not in the list: {missing}",
                                        uid=team.uid, missing=_some(unknown)), "warning"))
        members = tuple(dict.fromkeys(m for m in team.members if m in seen))
        repeated = [m for m, count in Counter(team.members).items() if count > 1 and m in seen]
        if repeated:
            problems.append(_located(name, text, ["fireteams", fi, "members"],
                                     tr("fireteam {uid} names {members} more than once; each counts once",
                                        uid=team.uid, members=_some(repeated)), "warning"))
        if members:
            fireteams.append(Fireteam(uid=team.uid, type=team.type, team=team.team, members=members))
    army_list = ArmyList(
        name=stored.name, notes=stored.notes, army=stored.army, pack=stored.pack, tier=stored.tier,
        points=stored.points, extras=stored.extras, cbl=stored.cbl,
        groups=tuple(groups) or (CombatGroup(number=1),), fireteams=tuple(fireteams),
    )
    return LoadedList(army_list=army_list, recorded=recorded, problems=problems)


def _some(uids: list[str], shown: int = 10) -> str:
    """The first few trooper ids of a message, and how many more (a hostile file may name hundreds)."""
    if len(uids) <= shown:
        return ", ".join(uids)
    return tr("{uids} and {count} more", uids=", ".join(uids[:shown]), count=len(uids) - shown)


def _located(name: str, text: str, path: list[str | int], message: str,
             severity: Any = "error") -> DataProblem:
    from armybuilder.data.yamlio import format_path

    line, column = locate(text, path)
    return DataProblem(name, message, path=format_path(path), line=line, column=column, severity=severity)


def changes_since_saved(loaded: LoadedList, roster: Roster) -> list[DataProblem]:
    """Troopers whose recorded name or cost differs from the data now: reported, not re-priced."""
    where = str(loaded.path) if loaded.path else "<list>"
    found: list[DataProblem] = []
    for trooper in roster.troopers:
        before = loaded.recorded.get(trooper.uid)
        if before is None:
            continue
        label = before.unit_name or trooper.unit.name
        if before.points is not None and before.points != trooper.points:
            found.append(DataProblem(where, tr(
                "{trooper} ({option}) cost {before} points when saved; the data now says {now}",
                trooper=label, option=before.option_name or trooper.option.name, before=before.points,
                now=trooper.points), path=trooper.uid, severity="warning"))
        if before.swc is not None and before.swc.halves != trooper.swc_halves:
            found.append(DataProblem(where, tr(
                "{trooper} ({option}) cost {before} SWC when saved; the data now says {now}",
                trooper=label, option=before.option_name or trooper.option.name, before=str(before.swc),
                now=format_halves(trooper.swc_halves)), path=trooper.uid, severity="warning"))
        if before.specops_xp is not None and trooper.specops is not None and before.specops_xp != trooper.specops.xp:
            found.append(DataProblem(where, tr(
                "{trooper}: the Spec-Ops upgrades cost {before} XP when saved; the data now says {now}",
                trooper=label, before=before.specops_xp, now=trooper.specops.xp), path=trooper.uid,
                severity="warning"))
        if before.option_name and before.option_name != trooper.option.name:
            found.append(DataProblem(where, tr(
                "{trooper}: the option was {before!r} when saved; the data now calls it {now!r}",
                trooper=label, before=before.option_name, now=trooper.option.name),
                path=trooper.uid, severity="warning"))
    for missing in roster.unresolved:
        before = loaded.recorded.get(missing.trooper.uid)
        label = f"{before.unit_name} ({before.option_name})" if before and before.unit_name else missing.trooper.uid
        found.append(DataProblem(where, tr("{trooper} is no longer in the data: {reason}",
                                           trooper=label, reason=missing.reason),
                                 path=missing.trooper.uid))
    return found
