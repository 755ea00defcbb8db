"""Never lose work: the open list is autosaved a few seconds after the last change, and a list left
behind by a crash or a kill is offered back at the next start — in every game's window.

Game-neutral: a window whose list is autosaved (`AutosavedWindow`: Infinity's main window, the point-buy
window) says when its list changes, whether it has unsaved changes, and gives the text of its list file
(`AutosaveContent`, which names its game); the restore offer hands an autosave back to its game's window.
Only `read_autosaved_list`, Infinity's way back, knows Infinity (and loads it when called).

Each running app is a *session* with two files in `<user data>/autosave/`: `<session>.json` (the
list file text plus its name, army, time and the file it came from) and `<session>.lock` (a
QLockFile naming the process). The JSON is written atomically, off the GUI thread, one write at a
time; it is deleted when the list is saved, closed or discarded, and when the window closes
cleanly. At start-up, an autosave whose lock no live process holds is an orphan: its owner
crashed or was killed, and the user is offered to restore it. A lock is a gone session's when its process is
not alive on this host, or — written on another host, whose processes cannot be asked — when it has not been
refreshed for two hours (a running session touches its lock every ten minutes); such locks left without an
autosave beside them are removed at start-up, so they do not pile up.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PySide6.QtCore import QLockFile, QObject, QSysInfo, QThreadPool, QTimer, Signal, SignalInstance

from armybuilder.data.fileio import read_regular_bytes
from armybuilder.data.problems import DataError, DataProblem
from armybuilder.data.yamlio import atomic_write_text
from armybuilder.games import INFINITY
from armybuilder.gui.tasks import TaskRunner
from armybuilder.i18n import tr, trn
from armybuilder.paths import user_data_dir

if TYPE_CHECKING:
    from armybuilder.data.catalog import Catalog
    from armybuilder.domain.lists import ArmyList
    from armybuilder.gui import files

AUTOSAVE_FORMAT = "armybuilder-autosave/1"
MAX_AUTOSAVE_BYTES = 2_000_000
"""An autosave holds one list file (of at most 1 MB) and a few names."""
IDLE_MS = 3000
"""Autosave this long after the last change…"""
LONGEST_MS = 30000
"""…or at the latest this long after the first unsaved change, however busy the user is."""


def autosave_dir() -> Path:
    """`<user data>/autosave` (ARMYBUILDER_HOME moves it, as it moves the imported data)."""
    return user_data_dir() / "autosave"


@dataclass(frozen=True)
class AutosaveEntry:
    """One autosaved list, as read back from its file."""

    file: Path
    name: str
    army: str
    saved_at: datetime
    path: Path | None
    """The list file it was opened from or last saved to; None: never saved to a file."""
    text: str
    game: str = INFINITY
    """The game whose window restores it (armybuilder/games.py); autosaves older than the field are Infinity's."""

    @property
    def session(self) -> str:
        return self.file.stem


@dataclass(frozen=True)
class AutosaveContent:
    """What a window's autosave holds: its game, the list file's text, and what the restore offer shows."""

    game: str
    name: str
    """The list's name ('' when it has none)."""
    army: str
    """What it is a list of, as the offer shows it (an Infinity army; "Point-buy wargame, 600 points")."""
    path: Path | None
    text: str


@runtime_checkable
class AutosavedWindow(Protocol):
    """A window whose open list is autosaved (Infinity's main window, another game's window)."""

    @property
    def closed(self) -> SignalInstance:
        """Emitted when the window closed cleanly (its changes saved or discarded)."""
        ...

    def autosave_signals(self) -> Sequence[SignalInstance]:
        """The signals that say the list, its saved state or its file changed."""
        ...

    def autosave_state(self) -> object | None:
        """The list while it has unsaved changes (compared, to write a list once), else None."""
        ...

    def autosave_content(self) -> AutosaveContent:
        """What to write now (asked only while `autosave_state()` is not None)."""
        ...


def content_json(content: AutosaveContent, now: datetime | None = None) -> str:
    data = {"format": AUTOSAVE_FORMAT, "game": content.game,
            "saved_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"), "name": content.name,
            "army": content.army, "path": str(content.path) if content.path is not None else None,
            "list": content.text}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def entry_json(army_list: ArmyList, army_name: str, path: Path | None, text: str,
               now: datetime | None = None) -> str:
    """An Infinity list's autosave."""
    return content_json(AutosaveContent(INFINITY, army_list.name, army_name, path, text), now)


def read_entry(file: Path) -> AutosaveEntry:
    """Read an autosave file; raises DataError naming the file when it cannot be used."""
    try:
        data: Any = json.loads(read_regular_bytes(file, MAX_AUTOSAVE_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise DataError(DataProblem(str(file), tr("not a readable autosave ({error})", error=str(exc)))) from None
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise DataError(DataProblem(str(file), tr("not an autosave of this version (format {found!r})",
                                                  found=found)))
    try:
        saved_at = datetime.fromisoformat(str(data["saved_at"]))
        text = str(data["list"])
    except (KeyError, ValueError) as exc:
        raise DataError(DataProblem(str(file), tr("not a readable autosave ({error})", error=str(exc)))) from None
    path = data.get("path")
    return AutosaveEntry(file, str(data.get("name") or ""), str(data.get("army") or ""), saved_at,
                         Path(path) if path else None, text, str(data.get("game") or INFINITY))


def read_autosaved_list(entry: AutosaveEntry, catalog: Catalog) -> files.OpenedList:
    """An Infinity autosave's list with its army loaded (runs off the GUI thread; raises DataError)."""
    from armybuilder.data.listfile import loads_list
    from armybuilder.gui import files

    loaded = loads_list(entry.text, entry.name or entry.file.name)
    army = catalog.army_for_list(loaded.army_list)
    catalog.rules_for(loaded.army_list, army)
    return files.OpenedList(loaded, list(loaded.problems))


STALE_LOCK_S = 2 * 60 * 60
"""A lock whose process cannot be asked (written on another host, e.g. a shared home folder) is a killed
session's once it has not been refreshed for this long; a running session refreshes its own every
`REFRESH_MS`."""
UNREADABLE_LOCK_S = 60
"""A lock file that does not say whose it is (the session was killed while writing it) is stale after this."""
REFRESH_MS = 10 * 60 * 1000


def _lock(path: Path) -> QLockFile:
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)  # on this host: stale only when its process is gone (`take_lock` for the rest)
    return lock


def take_lock(lock: QLockFile) -> bool:
    """Take `lock`, also from a session that is gone. Qt takes over a lock whose process is not alive on this host
    (or is another program); this also takes one written on another host and not refreshed for `STALE_LOCK_S`,
    or one that does not say whose it is, older than `UNREADABLE_LOCK_S`. A running session's is never taken."""
    if lock.tryLock(0):
        return True
    if lock.error() != QLockFile.LockError.LockFailedError:
        return False
    pid, host, _app = lock.getLockInfo()
    if pid and host in ("", QSysInfo.machineHostName()):
        return False  # Qt asked: its process is alive on this host
    try:
        age = time.time() - Path(lock.fileName()).stat().st_mtime
    except OSError:
        return lock.tryLock(0)  # removed meanwhile
    if age < (STALE_LOCK_S if pid else UNREADABLE_LOCK_S):
        return False
    return lock.removeStaleLockFile() and lock.tryLock(0)


@dataclass
class Orphan:
    """An autosave left by a session that is gone, its lock held by us while we decide."""

    entry: AutosaveEntry
    lock: QLockFile

    def release(self) -> None:
        self.lock.unlock()

    def delete(self) -> None:
        self.entry.file.unlink(missing_ok=True)
        self.lock.unlock()


class Autosave(QObject):
    """Autosaves one window's list (any game's); finds the autosaves of sessions that did not end cleanly."""

    written = Signal(object)
    """The autosave file, after each write."""
    cleared = Signal()
    failed = Signal(str)

    def __init__(self, window: AutosavedWindow, folder: Path | None = None, idle_ms: int = IDLE_MS,
                 longest_ms: int = LONGEST_MS) -> None:
        super().__init__(window if isinstance(window, QObject) else None)
        self.window = window
        self._signals = tuple(window.autosave_signals())
        self.folder = folder if folder is not None else autosave_dir()
        self.session = f"{os.getpid()}-{int(time.time())}-{uuid.uuid4().hex[:6]}"
        self.file = self.folder / f"{self.session}.json"
        self._lock = _lock(self.folder / f"{self.session}.lock")
        self.unavailable: str | None = None
        """Why autosaving is off (its folder cannot be written), or None; tried again at each autosave."""
        self._told = False
        self.skipped: list[str] = []
        """Autosaves found at start-up that could not be read (and so were not offered)."""
        self.enabled = self._start()
        if not self.enabled:
            QTimer.singleShot(0, self._tell_unavailable)  # once the window listens
        pool = QThreadPool(self)
        pool.setMaxThreadCount(1)  # one write at a time, in the order asked
        self.runner = TaskRunner(pool, self)
        self._written: object | None = None
        self._on_disk = False
        self._finished = False
        self.idle = QTimer(self)
        self.idle.setSingleShot(True)
        self.idle.setInterval(idle_ms)
        self.longest = QTimer(self)
        self.longest.setSingleShot(True)
        self.longest.setInterval(longest_ms)
        self.idle.timeout.connect(self.save_now)
        self.longest.timeout.connect(self.save_now)
        self.refresh = QTimer(self)
        self.refresh.setInterval(REFRESH_MS)
        self.refresh.timeout.connect(self._refresh_lock)  # so that another host never takes it for a killed one's
        self.refresh.start()
        for changed in self._signals:
            changed.connect(self._on_changed)
        window.closed.connect(self.finish)

    def _start(self) -> bool:
        """Create the folder and take this session's lock; False (and `unavailable` says why) when it fails."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if self._lock.tryLock(0):
                self.unavailable = None
                return True
            reason = {QLockFile.LockError.PermissionError: tr("permission denied")}.get(
                self._lock.error(), tr("the lock file cannot be created"))
        except OSError as exc:
            reason = exc.strerror or str(exc)
        self.unavailable = reason
        return False

    def _refresh_lock(self) -> None:
        if self.enabled and not self._finished:
            with contextlib.suppress(OSError):  # the folder went away: the next autosave says so
                os.utime(self._lock.fileName())

    def _tell_unavailable(self) -> None:
        if self._told or self.unavailable is None:
            return
        self._told = True
        message = tr("Autosave is off: {folder} cannot be written ({reason}). It is tried again at each change; "
                     "save your list to keep it.", folder=str(self.folder), reason=self.unavailable)
        print(message, file=sys.stderr)
        self.failed.emit(message)

    # ----- writing -----------------------------------------------------------------------------------
    @property
    def pending(self) -> bool:
        return self.idle.isActive() or self.longest.isActive()

    def _on_changed(self, *_: object) -> None:
        if self._finished:
            return
        state = self.window.autosave_state()
        if state is None:
            self.clear()
            return
        if state == self._written and self._on_disk:
            return
        self.idle.start()
        if not self.longest.isActive():
            self.longest.start()

    def save_now(self) -> None:
        """Write the autosave now (if the list has unsaved changes)."""
        self.idle.stop()
        self.longest.stop()
        state = None if self._finished else self.window.autosave_state()  # closed cleanly: nothing to keep
        if state is None:
            return
        if not self.enabled:  # the folder could not be written: try again, say so once
            self.enabled = self._start()
            if not self.enabled:
                self._tell_unavailable()
                return
            if self._told:
                self._told = False
                self.failed.emit(tr("Autosave works again ({folder}).", folder=str(self.folder)))
        text = content_json(self.window.autosave_content())
        self._written = state
        self._on_disk = True
        target = self.file
        self.runner.run(lambda: atomic_write_text(target, text), lambda _: self.written.emit(target),
                        self._on_write_failed)

    def _on_write_failed(self, error: BaseException) -> None:
        self._on_disk = False
        detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        message = tr("Could not autosave the list: {error}", error=detail)
        print(message, file=sys.stderr)
        self.failed.emit(message)

    def clear(self) -> None:
        """Forget the autosave (the list is saved, closed or discarded)."""
        self.idle.stop()
        self.longest.stop()
        if not self._on_disk and self._written is None:
            return
        self._written = None
        self._on_disk = False
        target = self.file
        self.runner.run(lambda: target.unlink(missing_ok=True), lambda _: self.cleared.emit(),
                        self._on_write_failed)

    def wait(self) -> bool:
        """Until every write and removal asked for is done."""
        return self.runner.wait()

    def finish(self) -> None:
        """The window closed cleanly: nothing is left to restore."""
        if self._finished:
            return
        self._finished = True
        for changed in self._signals:
            changed.disconnect(self._on_changed)
        self.idle.stop()
        self.longest.stop()
        self.refresh.stop()
        self.wait()
        self.file.unlink(missing_ok=True)
        self._lock.unlock()

    def keep(self) -> None:
        """The app is quitting after an unexpected error: write the list now and leave its autosave on disk,
        for the next start to offer back (`finish` would delete it)."""
        if self._finished:
            return
        self.save_now()
        self.wait()
        self._finished = True
        self.idle.stop()
        self.longest.stop()
        self._lock.unlock()

    # ----- restoring ---------------------------------------------------------------------------------
    def orphans(self) -> list[Orphan]:
        """Autosaves of sessions that are gone, newest first; their locks are held until released."""
        found: list[Orphan] = []
        try:
            candidates = sorted(self.folder.glob("*.json"))
        except OSError:
            return []
        for file in candidates:
            if file == self.file:
                continue
            lock = _lock(file.with_suffix(".lock"))
            if not take_lock(lock):
                continue  # its app is still running
            try:
                entry = read_entry(file)
            except DataError as exc:
                print(tr("Autosave not offered: {problem}", problem=str(exc)), file=sys.stderr)
                self.skipped.append(str(exc))
                lock.unlock()
                continue
            found.append(Orphan(entry, lock))
        self._clean_stale_locks()
        found.sort(key=lambda o: o.entry.saved_at, reverse=True)
        if self.skipped:  # said in the window too, not only on stderr
            self.failed.emit(trn("An autosave could not be read and is not offered: {problems}",
                                 "{n} autosaves could not be read and are not offered: {problems}",
                                 len(self.skipped), problems="; ".join(self.skipped)))
        return found

    def _clean_stale_locks(self) -> None:
        """Remove the locks of sessions that are gone and left no autosave (killed with nothing unsaved): they
        would pile up. A lock with an autosave beside it stays until that is restored or discarded."""
        try:
            locks = sorted(self.folder.glob("*.lock"))
        except OSError:
            return
        for path in locks:
            if path == Path(self._lock.fileName()) or path.with_suffix(".json").exists():
                continue
            lock = _lock(path)
            if take_lock(lock):
                lock.unlock()  # removes the file

    def adopt(self, orphan: Orphan) -> None:
        """The orphan's list is the open one now: its autosave becomes this session's."""
        try:
            os.replace(orphan.entry.file, self.file)
            self._on_disk = True
        except OSError:
            pass
        orphan.release()
