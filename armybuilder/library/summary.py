"""Each list of the library summed up as its table shows it: name, army, rules pack and tier, points,
legal or not (with its problems), fireteams and last change — read and validated off the GUI thread, a
file read again only when it changed (`scan` reuses the summaries it is given)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from armybuilder.data.catalog import Catalog
from armybuilder.data.fileio import FileStamp
from armybuilder.data.listfile import load_list
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.packs import SeasonPack
from armybuilder.i18n import Text, render
from armybuilder.library.folder import Notes, list_files, read_notes
from armybuilder.rules.engine import validate_entry, validate_in_catalog
from armybuilder.rules.fireteams.assess import type_name

MAX_PROBLEMS = 5
"""Problems kept per list, for its tooltip (the count is exact)."""


@dataclass(frozen=True)
class ListSummary:
    """One list file as the library shows it; `error` says why a file could not be read at all."""

    path: Path
    stamp: FileStamp | None
    name: str
    army: str = ""
    pack: str = ""
    pack_name: Text = ""
    tier_name: Text = ""
    points: int | None = None
    points_limit: int | None = None
    legal: bool | None = None
    """None: the list could not be validated (its army or rules pack is not available)."""
    errors: int = 0
    problems: tuple[Text, ...] = ()
    fireteams: tuple[tuple[Text, str], ...] = ()
    """(type, team name) of each declared fireteam."""
    troopers: int = 0
    error: str | None = None
    army_list: ArmyList | None = field(default=None, compare=False, repr=False)
    season: SeasonPack | None = field(default=None, compare=False, repr=False)

    @property
    def modified(self) -> float:
        """When the file last changed (seconds since the epoch; 0 when unknown)."""
        return self.stamp.mtime_ns / 1e9 if self.stamp is not None else 0.0

    def fireteam_text(self, language: str) -> str:
        """'Core: Fusiliers · Haris: Nisses'."""
        return " · ".join(f"{render(kind, language)}: {team}" for kind, team in self.fireteams)


def summarize(path: Path, catalog: Catalog) -> ListSummary:
    """Read and validate one list file (loads its army: call it off the GUI thread)."""
    stamp = FileStamp.of(path)
    try:
        loaded = load_list(path)
    except (DataError, OSError, ValueError) as exc:
        return ListSummary(path, stamp, path.stem, error=str(exc))
    army_list = loaded.army_list
    name = army_list.name.strip() or path.stem
    summary = next((s for s in catalog.armies() if (s.origin, s.id) == (army_list.army.origin, army_list.army.id)),
                   None)
    army = summary.name if summary is not None else (army_list.army.name or str(army_list.army.id))
    pack = catalog.packs.get(army_list.pack)
    season = pack if isinstance(pack, SeasonPack) else None
    tier = season.tier(army_list.tier) if season is not None and army_list.tier else None
    base = ListSummary(path, stamp, name, army, army_list.pack, pack.local_name if pack is not None else army_list.pack,
                       tier.local_name if tier is not None else "", None, army_list.points,
                       fireteams=tuple((type_name(f.type), f.team.strip()) for f in army_list.fireteams),
                       troopers=army_list.trooper_count, army_list=army_list, season=season)
    try:
        report = validate_in_catalog(army_list, catalog)
    except DataError as exc:
        return _replace(base, problems=(str(exc),))
    totals = report.totals
    errors = report.errors
    return _replace(base, points=totals.points, points_limit=totals.points_limit, legal=report.legal,
                    errors=len(errors), problems=tuple(v.text for v in errors[:MAX_PROBLEMS]))


def _replace(summary: ListSummary, **changes: object) -> ListSummary:
    from dataclasses import replace

    return replace(summary, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Scan:
    """The library's folder as read now: its lists, the notes beside them, and what could not be read."""

    folder: Path
    lists: tuple[ListSummary, ...]
    notes: Notes
    problems: tuple[str, ...] = ()


def scan(folder: Path, catalog: Catalog, known: Mapping[Path, ListSummary] | None = None) -> Scan:
    """Every list of `folder` summed up; a file unchanged since `known` summed it up is not read again."""
    files, problems = list_files(folder)
    known = known or {}
    lists = []
    for path in files:
        before = known.get(path)
        if before is not None and before.stamp is not None and before.stamp == FileStamp.of(path):
            lists.append(before)
        else:
            lists.append(summarize(path, catalog))
    notes = read_notes(folder)
    if notes.problem:
        problems.append(notes.problem)
    return Scan(folder, tuple(lists), notes, tuple(problems))


def entry_problems(lists: Sequence[ListSummary]) -> list[Text]:
    """What keeps the lists of a tournament entry from being one (their number, their armies, their
    rounds: `rules.engine.validate_entry`)."""
    army_lists = [s.army_list for s in lists if s.army_list is not None]
    if len(army_lists) != len(lists):
        return []
    season = next((s.season for s in lists if s.season is not None), None)
    return [v.text for v in validate_entry(army_lists, season)]
