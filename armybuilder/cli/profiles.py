"""`armybuilder profiles check|schema|list`: our YAML databases and rules packs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from armybuilder.cli import COMMANDS
from armybuilder.cli.common import EXIT_FAILED, EXIT_OK, EXIT_UNUSABLE, UsageError, games_of, print_problems
from armybuilder.data.profiles_yaml import LoadedProfiles, load_profiles, schema
from armybuilder.data.yamlio import atomic_write_text
from armybuilder.i18n import tr, trn
from armybuilder.paths import profile_dirs


def register(commands: Any) -> None:
    parser = commands.add_parser("profiles", help=tr(COMMANDS["profiles"]))
    sub = parser.add_subparsers(dest="profiles_command", metavar="ACTION", required=True)

    check = sub.add_parser("check", help=tr("check YAML databases and packs; exit 1 on any error, 2 when a PATH "
                                            "does not exist"))
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                       help=tr("files or folders (default: the bundled profiles and your own)"))
    check.set_defaults(handler=_check)

    schema_cmd = sub.add_parser("schema", help=tr("print the JSON Schema of profile files"))
    schema_cmd.add_argument("--output", "-o", type=Path, metavar="FILE", help=tr("write it to FILE"))
    schema_cmd.add_argument("--game", metavar="GAME", default="infinity",
                            help=tr("the game whose files it describes: infinity (default) or pointbuy"))
    schema_cmd.set_defaults(handler=_schema)

    listing = sub.add_parser("list", help=tr("list the armies, packs and other games' design databases of the "
                                             "bundled profiles and your own"))
    listing.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                         help=tr("files or folders (default: the bundled profiles and your own)"))
    listing.set_defaults(handler=_list)


def _exit_code(paths: list[Path], loaded: LoadedProfiles) -> int:
    """2 when a PATH given does not exist (nothing to check there), 1 on any error in the files, else 0."""
    if any(not path.exists() for path in paths):
        return EXIT_UNUSABLE
    return EXIT_FAILED if loaded.errors else EXIT_OK


def _check(args: argparse.Namespace) -> int:
    """Infinity's files, then each other game's (armybuilder/games.py) under the same paths."""
    paths = args.paths or profile_dirs()
    games = games_of(args)
    from armybuilder.data.cache import imported_names

    loaded = load_profiles(paths, games.claimed_by_another, known=imported_names())  # names the official data uses
    others = [check for check in (games.system(e).check_profiles(paths) for e in games.others()) if check.files]
    if loaded.armies or loaded.packs or loaded.weapons or loaded.problems or not others:
        print_problems(loaded.problems, sys.stdout)
        errors = len(loaded.errors)
        warnings = len(loaded.problems) - errors
        print(", ".join((trn("{n} army", "{n} armies", len(loaded.armies)),
                         trn("{n} pack", "{n} packs", len(loaded.packs)),
                         trn("{n} weapon profile", "{n} weapon profiles", len(loaded.weapons))))
              + "; " + trn("{n} error", "{n} errors", errors) + ", " + trn("{n} warning", "{n} warnings", warnings))
    for check in others:
        print_problems(check.problems, sys.stdout)
        print(check.summary)
    code = _exit_code(paths, loaded)
    return EXIT_FAILED if code == EXIT_OK and any(check.errors for check in others) else code


def _schema(args: argparse.Namespace) -> int:
    games = games_of(args)
    entry = games.entry(args.game)
    if entry is None:
        raise UsageError(tr("--game {game}: unknown game (known: {known})", game=args.game,
                            known=", ".join(e.id for e in games.entries)))
    found = schema() if entry.module is None else games.system(entry).schema()
    text = json.dumps(found, indent=2, ensure_ascii=False) + "\n"
    if args.output:
        try:
            atomic_write_text(args.output, text)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            if args.output.is_dir():
                reason = tr("it is a folder; give a file name, e.g. {example}",
                            example=str(args.output / "profiles.schema.json"))
            print(tr("cannot write {file}: {reason}", file=str(args.output), reason=reason), file=sys.stderr)
            return EXIT_UNUSABLE
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _list(args: argparse.Namespace) -> int:
    """Infinity's armies and packs, then each other game's databases (armybuilder/games.py) under the same paths."""
    paths = args.paths or profile_dirs()
    games = games_of(args)
    from armybuilder.data.cache import imported_names

    loaded = load_profiles(paths, games.claimed_by_another, known=imported_names())  # as `check` does
    print_problems(loaded.problems)
    kinds = {"vanilla": tr("vanilla", context="army kind"), "sectorial": tr("sectorial", context="army kind"),
             "reinforcements": tr("reinforcements", context="army kind")}
    for army in sorted(loaded.armies.values(), key=lambda a: a.id):
        options = sum(len(g.options) for u in army.units for g in u.profile_groups)
        print(f"{army.id:>5}  {army.name}  [{kinds.get(army.kind, army.kind)}, {army.edition}]  "
              + trn("{n} unit", "{n} units", len(army.units)) + ", " + trn("{n} option", "{n} options", options))
    pack_kinds = {"edition": tr("edition", context="pack kind"), "season": tr("season", context="pack kind")}
    for pack in loaded.packs.values():
        print(tr("pack", context="rules pack") + f"  {pack.id}  {pack.name}  [{pack_kinds.get(pack.kind, pack.kind)}]")
    listings = [games.system(entry).list_profiles(paths) for entry in games.others()]
    for listing in listings:
        print_problems(listing.problems)
        for line in listing.lines:
            print(line)
    code = _exit_code(paths, loaded)
    return EXIT_FAILED if code == EXIT_OK and any(listing.errors for listing in listings) else code
