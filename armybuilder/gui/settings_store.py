"""The app's persistent preferences (QSettings): geometry, splitters, recent files, distance units.

The QSettings object is injected, so tests point it at a temporary INI file.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

from armybuilder.data.fileio import resolved, why_not_readable
from armybuilder.i18n import tr

MAX_RECENT_FILES = 10
ORGANIZATION = "armybuilder"
APPLICATION = "armybuilder"


def default_qsettings() -> QSettings:
    """The user's settings store (the platform's native one). Where that is a file (Linux and other
    Unixes) that is not a regular file — a FIFO would block the start — a store of this session only
    takes its place, and `settings_problem()` says why."""
    path = native_settings_file()
    reason = why_not_readable(path) if path is not None and os.path.lexists(path) else None
    if reason is None:
        return QSettings(ORGANIZATION, APPLICATION)
    _problems[:] = [tr("Your settings are not kept this session: {file} {reason}.", file=str(path), reason=reason)]
    return QSettings(str(Path(tempfile.mkdtemp(prefix="armybuilder-")) / "settings.ini"), QSettings.Format.IniFormat)


_problems: list[str] = []


def settings_problem() -> str | None:
    """Why `default_qsettings` could not use the user's settings file, if it could not."""
    return _problems[0] if _problems else None


def native_settings_file() -> Path | None:
    """Where Qt keeps the native settings as a file (Unix but macOS); None where they are not a file
    (the Windows registry, macOS's preferences). Computed, never opened."""
    if sys.platform in ("win32", "darwin"):
        return None
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return Path(base) / ORGANIZATION / f"{APPLICATION}.conf" if base else None


class SettingsStore:
    """Typed access to the few values the GUI remembers between runs."""

    def __init__(self, store: QSettings) -> None:
        self._store = store

    @property
    def store(self) -> QSettings:
        return self._store

    # ----- window layout ------------------------------------------------------------------
    def state(self, key: str) -> QByteArray | None:
        """A saved geometry/state blob (window geometry, splitter sizes), or None."""
        value = self._store.value(f"layout/{key}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_state(self, key: str, value: QByteArray) -> None:
        self._store.setValue(f"layout/{key}", value)

    # ----- recent files -------------------------------------------------------------------
    def recent_files(self) -> list[Path]:
        value = self._store.value("files/recent", [])
        values = [value] if isinstance(value, str) else list(value) if isinstance(value, list | tuple) else []
        return [Path(str(v)) for v in values if str(v)][:MAX_RECENT_FILES]  # a damaged store may hold thousands

    def add_recent_file(self, path: Path) -> list[Path]:
        """Put `path` first in the recent files (no duplicates, at most MAX_RECENT_FILES)."""
        target = resolved(path)  # never raises, even for a path that became a symlink loop
        files = [target, *(p for p in self.recent_files() if resolved(p) != target)][:MAX_RECENT_FILES]
        self._store.setValue("files/recent", [str(p) for p in files])
        return files

    def remove_recent_file(self, path: Path) -> None:
        files = [p for p in self.recent_files() if p != path]
        self._store.setValue("files/recent", [str(p) for p in files])

    def clear_recent_files(self) -> None:
        self._store.setValue("files/recent", [])

    def last_folder(self) -> Path | None:
        value = self._store.value("files/last_folder", "")
        return Path(str(value)) if value else None

    def set_last_folder(self, folder: Path) -> None:
        self._store.setValue("files/last_folder", str(folder))

    # ----- preferences ---------------------------------------------------------------------
    def distances_in_cm(self) -> bool:
        return _as_bool(self._store.value("view/distances_cm", False))

    def set_distances_in_cm(self, value: bool) -> None:
        self._store.setValue("view/distances_cm", value)

    def theme(self) -> str:
        """'system', 'light' or 'dark' (View ▸ Theme)."""
        value = str(self._store.value("view/theme", "system") or "system")
        return value if value in ("system", "light", "dark") else "system"

    def set_theme(self, value: str) -> None:
        self._store.setValue("view/theme", value)

    def library_folder(self) -> Path | None:
        """The list library's folder the player chose (None: the default under the user data folder)."""
        value = self._store.value("library/folder", "")
        return Path(str(value)) if value else None

    def set_library_folder(self, folder: Path | None) -> None:
        self._store.setValue("library/folder", str(folder) if folder is not None else "")

    def sync(self) -> None:
        self._store.sync()


def _as_bool(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes")
    return bool(value)
