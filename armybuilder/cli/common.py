"""Helpers shared by CLI sub-commands: opening the catalog, checked option values, printing problems."""

from __future__ import annotations

import argparse
import gc
import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from armybuilder.i18n import tr
from armybuilder.paths import profile_dirs

if TYPE_CHECKING:  # imported where used: `armybuilder --help` and `--version` load no data model
    from armybuilder.data.catalog import Catalog
    from armybuilder.data.problems import DataProblem
    from armybuilder.domain.lists import ArmyList
    from armybuilder.domain.profiles import Option, Unit
    from armybuilder.games import GameRegistry

MAX_RETRIES = 100
"""Retries of a download (`--retries`): each waits up to 8 s more."""
MAX_SECONDS = 3600.0
"""A network timeout (`--timeout`): an hour for one file is already far beyond any connection."""

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2
"""Every command: 0 done (and every check passed), 1 a check failed (an illegal list, errors in the
data), 2 the input cannot be read or an option cannot be used. See docs/cli.md."""


class _Ending:
    """How the process ends (`armybuilder.cli.run`): whether `main` runs as the program, and what a command left
    to the end of the process."""

    program = False
    """`main` was called by `run` (the `armybuilder` program, `python -m armybuilder`), not by a test or another
    program that goes on afterwards."""
    kept: list[object] | None = None
    """Set by `keep_until_exit`: the process then ends without tearing the interpreter down."""


def keep_until_exit() -> list[object] | None:
    """A list whose objects live until the process ends, which then ends at once (`os._exit` once the output
    and the log are flushed) — for a command that leaves large structures behind, whose freeing one by one
    (and the interpreter's teardown) is work nobody waits for: a cold import's ~200,000 objects (#20). None
    when `main` is not the program (a test's call), or a profiler or tracer watches it (`python -m cProfile`
    writes its figures after `main` returns, a debugger may look at the objects): then nothing is kept and the
    caller frees as usual."""
    if not _Ending.program or sys.getprofile() is not None or sys.gettrace() is not None:
        return None
    if _Ending.kept is None:
        _Ending.kept = []
        # and no more collections: each would walk every object kept (those made while the import paused the
        # collector are all still in its youngest generation), for no garbage the process lives to reuse
        gc.disable()
    return _Ending.kept


class UsageError(Exception):
    """An option that cannot be used (a --profiles folder that does not exist…): the CLI prints
    the message and exits 2 (see `armybuilder.cli.main`)."""


def games_of(args: argparse.Namespace) -> GameRegistry:
    """The game systems this run serves (`cli.main` sets them; this build's when run otherwise)."""
    from armybuilder.games import GameRegistry, default_registry

    games = getattr(args, "games", None)
    return games if isinstance(games, GameRegistry) else default_registry()


def add_data_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", metavar="DIR", type=Path,
                        help=tr("folder of imported official data (default: your imported data)"))
    parser.add_argument("--profiles", metavar="DIR", type=Path, action="append",
                        help=tr("extra folder of YAML profile databases (repeatable)"))


def open_catalog(args: argparse.Namespace, *, report: bool = True) -> Catalog:
    """The bundled profiles, the user's own (`paths.profile_dirs`), --profiles folders and imported data
    (when available).

    Raises UsageError when a --profiles or --data path does not exist. Problems found while
    loading (a broken profile file, damaged imported data) are printed to stderr unless
    `report` is False; they stay in `catalog.problems`.
    """
    extra: Sequence[Path] = getattr(args, "profiles", None) or []
    data: Path | None = getattr(args, "data", None)
    for path in extra:
        if not path.exists():
            raise UsageError(tr("--profiles {path}: no such file or folder", path=str(path)))
    if data is not None and not data.exists():
        raise UsageError(tr("--data {path}: no such folder", path=str(data)))
    from armybuilder.data.cache import catalog_with_imported

    catalog = catalog_with_imported([*profile_dirs(), *extra], data)
    if report:
        print_problems(catalog.problems)
    return catalog


def code_list(code: str, catalog: Catalog) -> ArmyList:
    """The list an army code (or its link) describes, under the rules a pasted code starts with in the app
    too (`rules.list_settings.with_code_settings`); raises ArmyCodeError when the code cannot be read."""
    from armybuilder.data.armycode import list_from_code
    from armybuilder.rules.list_settings import with_code_settings

    return with_code_settings(list_from_code(code, catalog), catalog)


def print_problems(problems: Iterable[DataProblem], stream: TextIO | None = None) -> None:
    """Print problems one per line (to stderr unless a stream is given, read at call time)."""
    for problem in problems:
        print(str(problem), file=stream or sys.stderr)


# ----- option values checked by argparse (its message: "argument --points: <ours>") ------------

def _whole_number(text: str) -> int:
    digits = text.strip().lstrip("+-")
    if len(digits) > 30 and digits.isdigit():  # Python refuses to even read 4,300 digits; no option needs 30
        raise argparse.ArgumentTypeError(tr("a number {digits} digits long, far beyond any value the builder reads",
                                            digits=len(digits)))
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr("{value} is not a whole number", value=repr(text))) from None


def _at_most(value: float, limit: float, shown: str) -> None:
    if value > limit:
        raise argparse.ArgumentTypeError(tr("must be at most {limit} (got {value})", limit=f"{limit:g}", value=shown))


def positive_int(text: str) -> int:
    """A whole number from 1 to MAX_POINTS (a points limit)."""
    from armybuilder.domain.limits import MAX_POINTS  # here: `--help` and `--version` import no pydantic

    value = _whole_number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(tr("must be more than 0 (got {value})", value=value))
    _at_most(value, MAX_POINTS, str(value))
    return value


def count_int(text: str) -> int:
    """A whole number of 0 or more (retries)."""
    value = _whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(tr("must be 0 or more (got {value})", value=value))
    _at_most(value, MAX_RETRIES, str(value))
    return value


def seconds(text: str) -> float:
    """A duration in seconds above 0 (a network timeout)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr("{value} is not a number of seconds", value=repr(text))) from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(tr("must be a number of seconds above 0 (got {value})", value=text))
    _at_most(value, MAX_SECONDS, text)
    return value


# ----- troopers as players tell them apart -----------------------------------------------------

def loadout(option: Option) -> str:
    """'Lieutenant; Combi Rifle, Pistol, Knife': what tells two troopers of one unit apart."""
    details = [tr("Lieutenant")] if option.is_lieutenant else []
    weapons = ", ".join(item.label for item in option.weapons)
    if weapons:
        details.append(weapons)
    return "; ".join(details)


def trooper_label(unit: Unit, option: Option) -> str:
    """'FUSILIERS (Lieutenant; Combi Rifle, Pistol, Knife)': the unit and the option's loadout; the
    option's name is shown only when it says more than the unit's."""
    details = [option.name] if option.name and option.name.casefold() not in unit.name.casefold() else []
    gear = loadout(option)
    if gear:
        details.append(gear)
    return f"{unit.name} ({'; '.join(details)})" if details else unit.name
