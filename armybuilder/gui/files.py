"""File work the GUI hands to a worker thread: reading a list (and loading its army), writing one."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from armybuilder.data.catalog import Catalog
from armybuilder.data.fileio import FileStamp, atomic_write_text
from armybuilder.data.fileio import safe_file_stem as safe_file_stem  # the name rule lives in the core
from armybuilder.data.listfile import LoadedList, dumps_list, load_list
from armybuilder.data.problems import DataProblem
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.roster import Roster

LIST_SUFFIX = ".yaml"


@dataclass
class OpenedList:
    """A list read from disk with its army loaded, ready for the document."""

    loaded: LoadedList
    problems: list[DataProblem] = field(default_factory=list)
    stamp: FileStamp | None = None
    """The file as it was read (to notice another window or program saving over it later)."""


def read_list(path: Path, catalog: Catalog) -> OpenedList:
    """Read a list file and load its army and packs (runs off the GUI thread; raises DataError)."""
    stamp = FileStamp.of(path)  # before reading: a change while reading is noticed at the next save
    loaded = load_list(path)
    army = catalog.army_for_list(loaded.army_list)
    catalog.rules_for(loaded.army_list, army)
    catalog.reinforcement_army_for(loaded.army_list, army)  # loaded now, off the GUI thread
    return OpenedList(loaded, list(loaded.problems), stamp)


def list_text(army_list: ArmyList, roster: Roster | None) -> str:
    """The file text of a list (cheap: done on the GUI thread so the saved state is exact)."""
    return dumps_list(army_list, roster)


def write_text(path: Path, text: str) -> FileStamp | None:
    """Write atomically (runs off the GUI thread); the file's stamp once written."""
    atomic_write_text(path, text)
    return FileStamp.of(path)


def with_suffix(path: Path) -> Path:
    return path if path.suffix.lower() in (".yaml", ".yml") else path.with_name(path.name + LIST_SUFFIX)

