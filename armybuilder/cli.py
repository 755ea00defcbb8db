"""Command line: `armybuilder` opens the app; sub-commands check, import, validate and export."""

from __future__ import annotations

import argparse
import pkgutil
import sys
from collections.abc import Sequence
from importlib import import_module

from armybuilder import __version__
from armybuilder.i18n import LANGUAGES, default_language, set_language, tr


def command_modules() -> list[str]:
    """Every module in armybuilder/commands/ with a `register(subparsers)` function."""
    import armybuilder.commands as package

    names = [info.name for info in pkgutil.iter_modules(package.__path__) if info.name != "common"]
    return sorted(names)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="armybuilder",
        description=tr("Offline army list builder for Infinity: build, validate and print lists. "
                       "Without a command, opens the desktop app."),
    )
    parser.add_argument("--version", action="version", version=f"armybuilder {__version__}")
    parser.add_argument("--lang", choices=sorted(LANGUAGES), help=tr("language of messages (en or es)"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in command_modules():
        module = import_module(f"armybuilder.commands.{name}")
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    set_language(default_language())
    if "--lang" in args_list:
        index = args_list.index("--lang")
        if index + 1 < len(args_list):
            set_language(args_list[index + 1])
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.command is None:
        from armybuilder.gui.app import run_gui  # Qt is imported only for the GUI

        return run_gui([sys.argv[0], *args_list])
    handler = args.handler
    try:
        return int(handler(args))
    except KeyboardInterrupt:
        print(tr("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
