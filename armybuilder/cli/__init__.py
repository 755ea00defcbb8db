"""Command line: `armybuilder [FILE…]` opens the app; sub-commands check, import, validate and export.

One module of this package per sub-command family (`validate`, `export`, `code`…), each with a
`register(subparsers)` function; `common` holds what they share. Start-up is kept light: the parser
lists every command from `COMMANDS` and imports only the chosen command's module, so `--version` and
`--help` import no Qt, pydantic or reportlab (benchmarks/bench_startup.py measures it against a bare
interpreter)."""

from __future__ import annotations

import argparse
import atexit
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from armybuilder import __version__
from armybuilder.cli.common import EXIT_UNUSABLE, UsageError, _Ending
from armybuilder.export.printable import EscapingStream
from armybuilder.i18n import LANGUAGES, N_, default_language, set_language, tr, trn

COMMANDS = {
    "code": N_("read and write the official builder's army codes"),
    "data": N_("import the official Infinity Army data and list what is available"),
    "export": N_("print a list as full and courtesy PDF, or as compact text"),
    "fireteams": N_("check a list's fireteams: legality, level, bonuses, better teams"),
    "profiles": N_("check profile databases and rules packs"),
    "validate": N_("check army lists against every rule"),
}
"""Every sub-command (a module of this package) and its one-line help, written once: the modules'
`register` use these texts, and `--help` lists the commands from here without importing them."""
if TYPE_CHECKING:
    from armybuilder.games import GameRegistry

LOG_LEVELS = ("debug", "info", "warning", "error")
_VALUED = ("--lang", "--log-level", "--code")
"""Top-level options that take a value (skipped when looking for the command or the files)."""


def command_modules() -> list[str]:
    """Every module in armybuilder/cli/ with a `register(subparsers)` function."""
    import pkgutil

    names = [info.name for info in pkgutil.iter_modules(__path__) if info.name != "common"]
    return sorted(names)


def first_positional(args: Sequence[str]) -> str | None:
    """The first argument that is neither an option nor an option's value: a command, or a file to open."""
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            return args[index + 1] if index + 1 < len(args) else None
        if arg in _VALUED:
            index += 2
            continue
        if not arg.startswith("-") or arg == "-":
            return arg
        index += 1
    return None


def _add_common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action="version", version=f"armybuilder {__version__}",
                        help=tr("show the version and exit"))
    parser.add_argument("--lang", choices=sorted(LANGUAGES), help=tr("language of messages (en or es)"))
    parser.add_argument("--log-level", choices=LOG_LEVELS, metavar="LEVEL",
                        help=tr("also show log messages of this level and above on the terminal (debug, info, "
                                "warning, error); the log file records info and above, or this level if lower"))
    parser.add_argument("--code", dest="open_code", metavar="CODE",
                        help=tr("open an army code (or its link) from the official builder in the app"))


def _usage() -> str:
    return tr("armybuilder [options] [FILE … | --code CODE]\n       armybuilder [options] COMMAND …")


def build_parser(command: str | None = None, *, every: bool = True) -> argparse.ArgumentParser:
    """The parser of `armybuilder` and its commands. Every command is listed; the modules of `command` (and,
    with `every`, of all of them: the docs tests read every option) are imported and their options added."""
    parser = argparse.ArgumentParser(
        prog="armybuilder", usage=_usage(),
        description=tr("Offline army list builder for Infinity: build, validate and print lists. "
                       "Without a command, opens the desktop app, with the list files given (or an army code)."),
        epilog=tr("Exit codes: 0 done, 1 a check failed (an illegal list, errors in the data), 2 unreadable input "
                  "or an unusable option. Every command and option: docs/cli.md."),
    )
    _add_common_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog="armybuilder")
    for name in sorted(COMMANDS):
        if every or name == command:
            import_module(f"armybuilder.cli.{name}").register(commands)
        else:
            commands.add_parser(name, help=tr(COMMANDS[name]), add_help=False)
    return parser


def build_app_parser() -> argparse.ArgumentParser:
    """`armybuilder FILE…`: the app, opening list files (what a file manager's "Open with" runs)."""
    parser = argparse.ArgumentParser(prog="armybuilder", usage=_usage(),
                                     description=tr("Open list files in the desktop app."))
    _add_common_options(parser)
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help=tr("list files to open"))
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


def main(argv: Sequence[str] | None = None, games: GameRegistry | None = None) -> int:
    """Run the command line; `games` are the game systems it serves (default: this build's)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    set_language(default_language())
    wanted = requested_language(args_list)
    if wanted:
        set_language(wanted)
    chosen = first_positional(args_list)
    with argparse_in_our_language():
        if chosen is not None and chosen not in COMMANDS:
            parser = build_app_parser()
            args = parser.parse_args(args_list)
            args.command = None
        else:
            parser = build_parser(chosen, every=False)
            args = parser.parse_args(args_list)
            args.files = []
        _check_app_arguments(args, parser)
    from armybuilder.logs import setup_logging

    logging_setup = setup_logging(args.log_level, console=args.log_level is not None,
                                  crash_log=args.command is None)
    if args.command is None:
        return _start_app(args, args_list, logging_setup.problem)
    if logging_setup.problem:
        print(logging_setup.problem, file=sys.stderr)
    args.games = games  # None: this build's, imported by the commands that need them (`common.games_of`)
    handler = args.handler
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingStream(sys.stdout), EscapingStream(sys.stderr)
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
    except Exception as exc:  # a bug: the log keeps the traceback, the user gets one line saying where
        return _unexpected(args.command, exc)
    finally:
        sys.stdout, sys.stderr = saved


EXIT_BUG = 70
"""An error nobody expected (a bug): the traceback is in the log file (EX_SOFTWARE)."""


def _unexpected(command: str, error: Exception) -> int:
    import logging
    import traceback

    from armybuilder.logs import log_file

    logging.getLogger("armybuilder.cli").critical("unexpected error in `%s`", command, exc_info=error)
    where = log_file()
    if where is None:
        traceback.print_exception(error, file=sys.stderr)
    print(tr("armybuilder {command}: unexpected error ({error}). This is a bug; the details are in {log}: please "
             "send that file with your report.", command=command, error=f"{type(error).__name__}: {error}",
             log=str(where) if where is not None else tr("the lines above")), file=sys.stderr)
    return EXIT_BUG


def _check_app_arguments(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """`--code` and FILE… are for the app: not with a command, not together, and each file must be there
    (argparse's exit 2 with a message naming it, in the user's language)."""
    if args.command is not None:
        if args.open_code is not None:
            parser.error(tr("--code CODE opens the app: give it without a command (the commands have their own "
                            "--code)"))
        return
    files: list[Path] = args.files
    if files and args.open_code is not None:
        parser.error(tr("give list files or --code CODE, not both"))
    from armybuilder.data.fileio import why_not_readable

    for path in files:
        reason = why_not_readable(path)  # never opens it: a FIFO would block the start
        if reason is None:
            continue
        if not os.path.lexists(path) and not path.suffix:
            parser.error(tr("{name}: neither a command ({commands}) nor a list file", name=str(path),
                            commands=", ".join(sorted(COMMANDS))))
        parser.error(f"{path}: {reason}")


def _start_app(args: argparse.Namespace, args_list: list[str], log_problem: str | None) -> int:
    problem = no_display_message()
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_UNUSABLE
    from armybuilder.gui.app import run_gui  # Qt is imported only for the GUI

    return run_gui([sys.argv[0], *args_list], files=args.files, code=args.open_code, log_problem=log_problem)


def run() -> NoReturn:
    """The program (`armybuilder`, `python -m armybuilder`): `main`, then the exit. A command that kept large
    structures to the end (`common.keep_until_exit`) ends the process at once after flushing the output and
    running the exit handlers (the log's), not freeing them and every module one by one."""
    _Ending.program = True
    code = main()
    if _Ending.kept is not None:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):  # a closed or broken output: as Python's own exit would say it
            raise SystemExit(code) from None
        atexit._run_exitfuncs()  # noqa: SLF001 - the handlers an exit runs (the log's flush), then no teardown
        os._exit(code)
    raise SystemExit(code)


def gui_main() -> int:
    """`armybuilder-gui`, the gui-script entry point (on Windows it opens no console window): the same
    arguments as `armybuilder`. Without a console, Python has no stdout/stderr; what would be printed goes
    nowhere and the log file keeps it."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - for the process's life
    return main()
