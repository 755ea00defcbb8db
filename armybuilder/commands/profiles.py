"""`armybuilder profiles check|schema|list`: our YAML databases and rules packs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from armybuilder.commands.common import print_problems
from armybuilder.data.profiles_yaml import load_profiles, schema
from armybuilder.data.yamlio import atomic_write_text
from armybuilder.i18n import tr
from armybuilder.paths import bundled_profiles_dir


def register(commands: Any) -> None:
    parser = commands.add_parser("profiles", help=tr("check profile databases and rules packs"))
    sub = parser.add_subparsers(dest="profiles_command", metavar="ACTION", required=True)

    check = sub.add_parser("check", help=tr("check YAML databases and packs; exit 1 on any error"))
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                       help=tr("files or folders (default: the bundled profiles)"))
    check.set_defaults(handler=_check)

    schema_cmd = sub.add_parser("schema", help=tr("print the JSON Schema of profile files"))
    schema_cmd.add_argument("--output", "-o", type=Path, metavar="FILE", help=tr("write it to FILE"))
    schema_cmd.set_defaults(handler=_schema)

    listing = sub.add_parser("list", help=tr("list the armies and packs of the bundled profiles"))
    listing.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    listing.set_defaults(handler=_list)


def _check(args: argparse.Namespace) -> int:
    paths = args.paths or [bundled_profiles_dir()]
    loaded = load_profiles(paths)
    print_problems(loaded.problems, sys.stdout)
    errors = len(loaded.errors)
    warnings = len(loaded.problems) - errors
    print(tr("{armies} armies, {packs} packs, {weapons} weapon profiles; {errors} errors, "
             "{warnings} warnings", armies=len(loaded.armies), packs=len(loaded.packs),
             weapons=len(loaded.weapons), errors=errors, warnings=warnings))
    return 1 if errors else 0


def _schema(args: argparse.Namespace) -> int:
    text = json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        atomic_write_text(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def _list(args: argparse.Namespace) -> int:
    loaded = load_profiles(args.paths or [bundled_profiles_dir()])
    print_problems(loaded.problems)
    for army in sorted(loaded.armies.values(), key=lambda a: a.id):
        options = sum(len(g.options) for u in army.units for g in u.profile_groups)
        print(f"{army.id:>5}  {army.name}  [{army.kind}, {army.edition}]  "
              + tr("{units} units, {options} options", units=len(army.units), options=options))
    for pack in loaded.packs.values():
        print(f"pack  {pack.id}  {pack.name}  [{pack.kind}]")
    return 1 if loaded.errors else 0
