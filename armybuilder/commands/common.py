"""Helpers shared by CLI sub-commands: opening the catalog, printing problems."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.data.problems import DataProblem
from armybuilder.paths import bundled_profiles_dir


def add_data_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", metavar="DIR", type=Path,
                        help="folder of imported official data (default: your imported data)")
    parser.add_argument("--profiles", metavar="DIR", type=Path, action="append",
                        help="extra folder of YAML profile databases (repeatable)")


def open_catalog(args: argparse.Namespace) -> Catalog:
    """The bundled profiles plus --profiles folders plus imported data (when available)."""
    paths = [bundled_profiles_dir(), *(getattr(args, "profiles", None) or [])]
    catalog = Catalog.from_paths(paths)
    attach_imported(catalog, getattr(args, "data", None))
    return catalog


def print_problems(problems: Iterable[DataProblem], stream: TextIO | None = None) -> None:
    """Print problems one per line (to stderr unless a stream is given, read at call time)."""
    for problem in problems:
        print(str(problem), file=stream or sys.stderr)
