"""The game systems the builder serves: registered here, in one place, and what each one provides.

A game is a package of its own (its domain, rules, files and views) that imports no other game.
`BUILTIN` names each by its id, the prefixes of the `format` key its files carry and the module of
its `GameSystem` — imported only when that game is needed, so loading one game never loads another.
Infinity is the app's own game (its code is the top-level `domain`, `data`, `rules`, `export` and
`gui` packages, which predate this registry): the CLI and the main window handle it themselves and
route every file another game claims to that game's `GameSystem`. The CLI and the app take a
`GameRegistry` (the default one is built from `BUILTIN`), so a test can register a game of its own
without changing anything outside that game's package. See docs/games.md.
"""

from __future__ import annotations

import stat
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

from armybuilder.data.problems import DataProblem
from armybuilder.i18n import N_

INFINITY = "infinity"


@dataclass(frozen=True)
class GameEntry:
    """How the builder knows a game before loading it."""

    id: str
    name: str
    """English name (translated where shown)."""
    format_prefixes: tuple[str, ...]
    """Its files' `format` values start with one of these ('armybuilder-pointbuy-')."""
    module: str | None = None
    """Module whose `GAME` is the game's `GameSystem` (None: the app's own game, Infinity)."""
    gui: str | None = None
    """'module:function' opening the game's window (Qt; imported by the app only)."""
    summary: str = ""
    """One English sentence of what the game is and what the builder does for it (translated where
    shown: the start page introduces the game with it)."""

    def owns(self, file_format: str) -> bool:
        return any(file_format.startswith(prefix) for prefix in self.format_prefixes)


@dataclass(frozen=True)
class ProfileCheck:
    """A game's check of the profile databases it found under some paths."""

    files: int
    problems: tuple[DataProblem, ...]
    summary: str
    """One line in the current language: what was read, errors and warnings."""

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")


@dataclass(frozen=True)
class ProfileListing:
    """A game's listing of the profile databases found under some paths, for `profiles list`."""

    lines: tuple[str, ...]
    """One line a database, in the current language (its name, file and what it holds)."""
    problems: tuple[DataProblem, ...] = ()
    """What stopped a database from being read (errors) or was odd in it (warnings)."""

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")


@dataclass(frozen=True)
class Verdict:
    """A game's judgement of one list file, for `armybuilder validate`."""

    label: str
    legal: bool
    json: Mapping[str, Any]
    text: str
    unreadable: str | None = None


@dataclass(frozen=True)
class ExportRequest:
    """What `armybuilder export` asks of a game: the PDF and text files to write, and how."""

    pdfs: tuple[Path, ...] = ()
    texts: tuple[Path, ...] = ()
    language: str = "en"
    paper: str = "a4"
    allow_illegal: bool = False
    date: Any = None
    """A fixed date for the page (SOURCE_DATE_EPOCH), which also makes the PDF bytes reproducible."""


class GameSystem(Protocol):
    """What a game other than Infinity provides to the shared command line (Qt-free)."""

    id: str

    def check_profiles(self, paths: Sequence[Path]) -> ProfileCheck:
        """Check the game's own files among these files and folders (others are not its business)."""
        ...

    def list_profiles(self, paths: Sequence[Path]) -> ProfileListing:
        """List the game's own profile databases among these files and folders."""
        ...

    def validate_file(self, path: Path, points: int | None = None) -> Verdict:
        """Validate one of its list files; `points` overrides the list's agreed size."""
        ...

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of its files."""
        ...

    def export_file(self, path: Path, request: ExportRequest) -> int:
        """Write the print-outs of one of its list files; says why on stderr; returns the exit code."""
        ...


BUILTIN: tuple[GameEntry, ...] = (
    GameEntry(INFINITY, "Infinity", ("armybuilder-army/", "armybuilder-weapons/", "armybuilder-pack/",
                                     "armybuilder-list/")),
    GameEntry("pointbuy", "Point-buy wargame", ("armybuilder-pointbuy-",), "armybuilder.pointbuy.game",
              "armybuilder.pointbuy.gui.window:open_window",
              N_("A generic wargame whose models you design: the builder prices each one by the rules, organizes "
                 "them into units and characters within the agreed points, and prints the list for your "
                 "opponent.")),
)
"""The games of this build: the one place a game is registered."""


def builtin_owner(file_format: object) -> str | None:
    """The id of the built-in game whose files carry this `format`, or None."""
    if not isinstance(file_format, str):
        return None
    return next((entry.id for entry in BUILTIN if entry.owns(file_format)), None)


def sniff_format(path: Path) -> str | None:
    """The top-level `format:` value of a YAML file, read from its first lines without parsing it all
    (None for anything but a regular file: a FIFO is never opened)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return None
        with path.open("r", encoding="utf-8", errors="replace") as handle:
            head = handle.read(8192)
    except OSError:
        return None
    for line in head.splitlines():
        if line.startswith("format:"):
            return line.split(":", 1)[1].split("#", 1)[0].strip().strip("'\"") or None
    return None


def yaml_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Every `*.yaml`/`*.yml` file given or under the folders given, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
        elif path.is_file():
            yield path


@dataclass
class GameRegistry:
    """The games known to a CLI run or to the app (injected; no global state)."""

    entries: tuple[GameEntry, ...] = BUILTIN
    _systems: dict[str, GameSystem] = field(default_factory=dict, repr=False)

    def entry(self, game_id: str) -> GameEntry | None:
        return next((e for e in self.entries if e.id == game_id), None)

    def owner(self, file_format: str | None) -> GameEntry | None:
        if not file_format:
            return None
        return next((e for e in self.entries if e.owns(file_format)), None)

    def claimed_by_another(self, file_format: object) -> bool:
        """A `format` a game other than Infinity claims (Infinity's loader skips those files)."""
        owner = self.owner(file_format) if isinstance(file_format, str) else None
        return owner is not None and owner.module is not None

    def owner_of_file(self, path: Path) -> GameEntry | None:
        return self.owner(sniff_format(path))

    def others(self) -> list[GameEntry]:
        """The games other than Infinity (those with a GameSystem)."""
        return [e for e in self.entries if e.module is not None]

    def system(self, entry: GameEntry) -> GameSystem:
        """The game's GameSystem, imported on first use."""
        if entry.module is None:
            raise KeyError(f"{entry.id} is the app's own game")
        if entry.id not in self._systems:
            self._systems[entry.id] = import_module(entry.module).GAME
        return self._systems[entry.id]


def default_registry() -> GameRegistry:
    return GameRegistry(BUILTIN)
