"""Command line: `armybuilder` opens the app; sub-commands check, import, validate and export.

One module of this package per sub-command family (`validate`, `export`, `code`…), each with a
`register(subparsers)` function; `common` holds what they share."""

from __future__ import annotations

import argparse
import os
import pkgutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import import_module

from armybuilder import __version__
from armybuilder.cli.common import EXIT_UNUSABLE, UsageError
from armybuilder.i18n import LANGUAGES, default_language, set_language, tr, trn


def command_modules() -> list[str]:
    """Every module in armybuilder/cli/ with a `register(subparsers)` function."""
    names = [info.name for info in pkgutil.iter_modules(__path__) if info.name != "common"]
    return sorted(names)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="armybuilder",
        description=tr("Offline army list builder for Infinity: build, validate and print lists. "
                       "Without a command, opens the desktop app."),
        epilog=tr("Exit codes: 0 done, 1 a check failed (an illegal list, errors in the data), 2 unreadable input "
                  "or an unusable option. Every command and option: docs/cli.md."),
    )
    parser.add_argument("--version", action="version", version=f"armybuilder {__version__}",
                        help=tr("show the version and exit"))
    parser.add_argument("--lang", choices=sorted(LANGUAGES), help=tr("language of messages (en or es)"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in command_modules():
        module = import_module(f"armybuilder.cli.{name}")
        module.register(commands)
    return parser


@contextmanager
def argparse_in_our_language() -> Iterator[None]:
    """argparse's own words ("usage:", "options", "show this help message and exit", its error
    messages) through our catalog: argparse looks its `_`/`ngettext` up at each call, so they
    are swapped for ours while the parser is built and used, then put back."""
    saved: dict[str, Callable[..., str]] = {name: getattr(argparse, name) for name in ("_", "ngettext")
                                            if callable(getattr(argparse, name, None))}

    def gettext(text: str) -> str:
        return tr(text, context="argparse")

    def ngettext(singular: str, plural: str, n: int) -> str:
        # argparse's texts use %s (filled in by argparse), never braces, so trn leaves them as they are
        if "{" in singular + plural:
            return singular if n == 1 else plural
        return trn(singular, plural, n, context="argparse")

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(argparse, name, function)


def requested_language(args: Sequence[str]) -> str | None:
    """The language asked for with `--lang es` or `--lang=es` (before the command is parsed, so that
    the help and argparse's errors are in that language too)."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def no_display_message() -> str | None:
    """Why the desktop app cannot start here, or None: on Linux (and other X11/Wayland systems)
    without DISPLAY or WAYLAND_DISPLAY Qt would abort; QT_QPA_PLATFORM says the user chose a platform."""
    if sys.platform in ("win32", "darwin") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return tr("armybuilder: there is no display to open the desktop app on (neither DISPLAY nor WAYLAND_DISPLAY "
              "is set).\nUse the command line instead: `armybuilder --help` lists the commands (validate, export, "
              "code, fireteams, data, profiles).\nTo start the app without a screen anyway (e.g. for tests), set "
              "QT_QPA_PLATFORM=offscreen.")


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    set_language(default_language())
    wanted = requested_language(args_list)
    if wanted:
        set_language(wanted)
    with argparse_in_our_language():
        parser = build_parser()
        args = parser.parse_args(args_list)
    if args.command is None:
        problem = no_display_message()
        if problem is not None:
            print(problem, file=sys.stderr)
            return EXIT_UNUSABLE
        from armybuilder.gui.app import run_gui  # Qt is imported only for the GUI

        return run_gui([sys.argv[0], *args_list])
    handler = args.handler
    try:
        return int(handler(args))
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        print(tr("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def gui_main() -> int:
    """`armybuilder-gui`, the gui-script entry point (on Windows it opens no console window): the same
    arguments as `armybuilder`. Without a console, Python has no stdout/stderr; what would be printed goes
    nowhere and the log file keeps it."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - for the process's life
    return main()
