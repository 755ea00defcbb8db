"""`armybuilder export`: print a list (file or army code) as full/courtesy PDF and compact text."""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from armybuilder.cli import COMMANDS
from armybuilder.cli.common import add_data_option, code_list, games_of, open_catalog
from armybuilder.data.armycode import code_text
from armybuilder.data.catalog import Catalog
from armybuilder.data.fileio import atomic_write_bytes, resolved, write_target
from armybuilder.data.listfile import LoadedList, changes_since_saved, load_list
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList
from armybuilder.export.fonts import FontMissingError
from armybuilder.export.printout import PrintLayoutError, PrintOptions, Printout, english_names_note, prepare
from armybuilder.games import ExportRequest
from armybuilder.i18n import LANGUAGES, language, tr

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2

log = logging.getLogger(__name__)


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "export", help=tr(COMMANDS["export"]),
        description=tr("Print a list for a tournament: the full list (for you and the organizer) and the "
                       "courtesy list (open information only, for your opponent)."))
    parser.add_argument("list", nargs="?", type=Path, metavar="LISTFILE", help=tr("the list file to print"))
    parser.add_argument("--code", metavar="CODE", help=tr("an army code from the official builder instead of a file"))
    add_data_option(parser)
    parser.add_argument("--full", type=Path, metavar="OUT.pdf", help=tr("write the full list here"))
    parser.add_argument("--courtesy", type=Path, metavar="OUT.pdf", help=tr("write the courtesy list here"))
    parser.add_argument("--text", type=Path, metavar="OUT.txt", help=tr("write the full list as compact text here"))
    parser.add_argument("--courtesy-text", type=Path, metavar="OUT.txt",
                        help=tr("write the courtesy list as compact text here"))
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help=tr("paper size (default a4)"))
    parser.add_argument("--units", choices=("cm", "inch"), default="inch",
                        help=tr("distances in inches or cm (default inch)"))
    parser.add_argument("--lang", choices=sorted(LANGUAGES), help=tr("language of the print-outs (en or es)"))
    parser.add_argument("--allow-illegal", action="store_true",
                        help=tr("print an illegal list anyway, marked NOT LEGAL on every page"))
    parser.add_argument("--no-weapons", action="store_true", help=tr("leave out the weapons reference page"))
    parser.set_defaults(handler=run)


def _fail(message: str, code: int) -> int:
    print(message, file=sys.stderr)
    return code


def _options(args: argparse.Namespace) -> PrintOptions:
    """Print options; SOURCE_DATE_EPOCH (reproducible builds) fixes the date and the PDF bytes."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    date = None
    if epoch.isdigit():
        date = dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date()
    return PrintOptions(paper=args.paper, units=args.units, language=args.lang or language(), date=date,
                        allow_illegal=args.allow_illegal, weapons_reference=not args.no_weapons,
                        reproducible=date is not None)


def _load(args: argparse.Namespace, catalog: Catalog) -> tuple[ArmyList, LoadedList | None]:
    if args.code:
        return code_list(args.code, catalog), None
    loaded = load_list(args.list)
    return loaded.army_list, loaded


def run(args: argparse.Namespace) -> int:
    if (args.list is None) == (args.code is None):
        return _fail(tr("export: give one LISTFILE or --code CODE"), EXIT_UNREADABLE)
    unusable = _unusable_outputs(args)
    if unusable is not None:
        return _fail(unusable, EXIT_UNREADABLE)
    options = _options(args)
    other = _other_game(args, options)
    if other is not None:
        return other
    catalog = open_catalog(args)
    try:
        army_list, loaded = _load(args, catalog)
        doc = prepare(army_list, catalog, code=code_text(args.code) if args.code else None)
    except DataError as exc:
        return _fail(str(exc), EXIT_UNREADABLE)
    if loaded is not None:
        for problem in (*loaded.problems, *changes_since_saved(loaded, doc.report.roster)):
            print(str(problem), file=sys.stderr)
    log.debug("export of %r (%s troopers)", army_list.name, army_list.trooper_count)
    log.info("export: %s", ", ".join(f"{kind}" for kind, path in (("full", args.full), ("courtesy", args.courtesy),
                                                                  ("text", args.text),
                                                                  ("courtesy text", args.courtesy_text)) if path))
    if not doc.legal and not options.allow_illegal:
        print(tr("{name}: NOT LEGAL — not exported:", name=army_list.name or str(args.list or "--code")),
              file=sys.stderr)
        for violation in doc.report.errors:
            print(f"  ✗ [{violation.code}] {violation.message}", file=sys.stderr)
        print(tr("Fix the list, or add --allow-illegal to print it marked NOT LEGAL."), file=sys.stderr)
        return EXIT_ILLEGAL
    note = english_names_note(doc.army.origin, doc.name_languages, options.language)
    if note is not None:
        print(note, file=sys.stderr)
    try:
        _write_all(args, doc, options)
    except (FontMissingError, PrintLayoutError) as exc:
        return _fail(str(exc), EXIT_UNREADABLE)
    except OSError as exc:
        return _fail(tr("cannot write {file}: {reason}", file=exc.filename or "", reason=exc.strerror or exc),
                     EXIT_UNREADABLE)
    return EXIT_OK


def _unusable_outputs(args: argparse.Namespace) -> str | None:
    """Why the outputs asked for cannot be written (checked before any work), or None."""
    outputs = [p for p in (args.full, args.courtesy, args.text, args.courtesy_text) if p is not None]
    if not outputs:
        return tr("export: say what to write: --full, --courtesy, --text and/or --courtesy-text")
    targets = [resolved(p) for p in outputs]
    if len(set(targets)) != len(targets):
        return tr("export: each output needs its own file")
    if args.list is not None and resolved(args.list) in targets:
        return tr("export: an output would overwrite the list file {file}", file=args.list)
    for path in outputs:  # a missing folder or a device is said at once
        try:
            write_target(path)
        except OSError as exc:
            return tr("cannot write {file}: {reason}", file=path, reason=exc.strerror or exc)
    return None


def _other_game(args: argparse.Namespace, options: PrintOptions) -> int | None:
    """Another game's list (armybuilder/games.py) is printed by that game: its exit code; None for ours."""
    games = games_of(args)
    owner = games.owner_of_file(args.list) if args.list is not None else None
    if owner is None or owner.module is None:
        return None
    return games.system(owner).export_file(args.list, ExportRequest(
        pdfs=tuple(p for p in (args.full, args.courtesy) if p), texts=tuple(p for p in (args.text,
                                                                                      args.courtesy_text) if p),
        language=options.language, paper=options.paper, allow_illegal=options.allow_illegal, date=options.date))


def _write_all(args: argparse.Namespace, doc: Printout, options: PrintOptions) -> None:
    from armybuilder.export.pdf import courtesy_pdf, full_pdf
    from armybuilder.export.text import courtesy_text, full_text

    jobs: list[tuple[Path | None, str, Callable[[Printout, PrintOptions], bytes]]] = [
        (args.full, tr("full list"), full_pdf),
        (args.courtesy, tr("courtesy list"), courtesy_pdf),
        (args.text, tr("full list (text)"), lambda d, o: full_text(d, o).encode("utf-8")),
        (args.courtesy_text, tr("courtesy list (text)"), lambda d, o: courtesy_text(d, o).encode("utf-8")),
    ]
    made = [(path, label, make(doc, options)) for path, label, make in jobs if path is not None]
    for path, label, data in made:  # all made first: one that cannot be made leaves every file as it was
        atomic_write_bytes(path, data)
        print(tr("{what}: {file} ({size} KB)", what=label, file=path, size=max(1, round(len(data) / 1024))))
    if not doc.legal:
        print(tr("The list is NOT LEGAL; every page says so."), file=sys.stderr)
