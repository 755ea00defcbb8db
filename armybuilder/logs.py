"""Diagnostics: stdlib logging to a rotating file in the user log folder, faulthandler, the terminal's --log-level.

What is logged: start-up (version, platform), data loaded, imports and downloads (addresses and official file
names), failures with their tracebacks. What a list holds (its name, troopers, notes) is logged at debug only,
so the file a user sends with a bug report says nothing private unless they asked for `--log-level debug`.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from armybuilder import __version__
from armybuilder.i18n import tr
from armybuilder.paths import user_log_dir

LOG_FILE = "armybuilder.log"
CRASH_FILE = "crash.log"
"""Where faulthandler writes the Python stacks of a hard crash (a segfault in Qt, an abort)."""
MAX_BYTES = 1024 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)-7s %(name)s [%(threadName)s] %(message)s"

log = logging.getLogger("armybuilder")


@dataclass
class LogSetup:
    """Where the log goes, or why it cannot be written (`problem`, one sentence for the user)."""

    file: Path | None
    problem: str | None = None
    crash_file: Path | None = None


_state: dict[str, object] = {}


def setup_logging(level: str | None = None, *, console: bool = False, crash_log: bool = False,
                  folder: Path | None = None) -> LogSetup:
    """Log to `<user log folder>/armybuilder.log` (rotated at 1 MB, 3 kept) at info, or at `level` if lower;
    with `console`, also to stderr from `level` (default warning). `crash_log` turns faulthandler on, into
    crash.log beside it. Called again with the same arguments, the earlier set-up is returned. An unwritable
    folder leaves the terminal as the only log and says so in `problem`."""
    where = folder if folder is not None else user_log_dir()
    done = _state.get("setup")
    if isinstance(done, LogSetup) and _state.get("key") == (where, level, console, crash_log):
        return done
    reset()
    logging.raiseExceptions = False  # a log file that stops being writable must not print tracebacks
    wanted = logging.getLevelName(level.upper()) if level else logging.INFO
    file_level = min(wanted, logging.INFO)
    log.setLevel(file_level)
    setup = LogSetup(None)
    formatter = logging.Formatter(FORMAT)
    try:
        from logging.handlers import RotatingFileHandler

        where.mkdir(parents=True, exist_ok=True)
        _not_a_fifo(where / LOG_FILE)
        handler = RotatingFileHandler(where / LOG_FILE, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        handler.setLevel(file_level)
        handler.setFormatter(formatter)
        log.addHandler(handler)
        setup.file = where / LOG_FILE
    except OSError as exc:
        setup.problem = tr("armybuilder: the log file cannot be written in {folder} ({error}); messages go to the "
                           "terminal only.", folder=str(where), error=exc.strerror or str(exc))
    if console or setup.file is None:
        terminal = logging.StreamHandler(sys.stderr)
        terminal.setLevel(wanted if console else logging.WARNING)
        terminal.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        log.addHandler(terminal)
    if crash_log and setup.file is not None:
        setup.crash_file = _enable_faulthandler(where / CRASH_FILE)
    _state["setup"] = setup
    _state["key"] = (where, level, console, crash_log)
    log.info("armybuilder %s, Python %s, %s", __version__, platform.python_version(), platform_text())
    return setup


def platform_text() -> str:
    """`platform.platform()`, without asking for the processor on Linux: Python finds it by running `uname -p`
    (a process started for this log line by every command and every start of the app, #20), and on Linux the
    text never names it (`uname -p` says "unknown" or the machine again, both left out)."""
    if not sys.platform.startswith("linux"):
        return platform.platform()
    system, _, release, _, machine = os.uname()
    libc, version = platform.libc_ver()
    text = "-".join(part.strip() for part in (system, release, machine, "with", libc + version) if part)
    for character in ' /\\:;"()':
        text = text.replace(character, "_" if character == " " else "-")
    text = text.replace("unknown", "")
    while "--" in text:
        text = text.replace("--", "-")
    return text.rstrip("-")


def _not_a_fifo(path: Path) -> None:
    """Raise OSError when `path` is a FIFO: opening one to append waits for a reader, so every start would
    hang (a device such as /dev/null is fine: it is a way to keep no log)."""
    import stat

    from armybuilder.data.fileio import not_regular

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISFIFO(mode):
        raise not_regular(path, mode)


def _enable_faulthandler(path: Path) -> Path | None:
    """faulthandler writes into `path` (kept open for the process's life: it writes from a signal handler)."""
    import faulthandler

    try:
        _not_a_fifo(path)
        stream: IO[str] = open(path, "a", encoding="utf-8")  # noqa: SIM115 - open until the process ends
    except OSError as exc:
        log.warning("faulthandler: cannot open %s (%s); hard crashes go to stderr", path, exc)
        faulthandler.enable()
        return None
    _state["crash_stream"] = stream
    faulthandler.enable(file=stream)
    return path


def log_file() -> Path | None:
    """The log file of this process, if it has one."""
    setup = _state.get("setup")
    return setup.file if isinstance(setup, LogSetup) else None


def reset() -> None:
    """Close the log and forget the set-up (before another set-up: tests make several in one process)."""
    for handler in list(log.handlers):
        log.removeHandler(handler)
        handler.close()
    stream = _state.pop("crash_stream", None)
    if stream is not None:
        import faulthandler

        faulthandler.disable()
        stream.close()  # type: ignore[attr-defined]
    _state.clear()
