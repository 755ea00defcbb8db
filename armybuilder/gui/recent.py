"""The recent files every window of the app shares, whatever its game: one list in the settings, and a
signal so that each open window's *Open recent* follows a file opened or saved in any of them.

Game-neutral: it keeps paths; the window a file is chosen in decides which game opens it (the main
window routes another game's file to that game's window, see gui/games.py).
"""

from __future__ import annotations

from pathlib import Path
from weakref import WeakKeyDictionary

from PySide6.QtCore import QObject, Signal

from armybuilder.gui.settings_store import SettingsStore


class RecentFiles(QObject):
    """The recent files of one settings store (get it with `recent_files(settings)`)."""

    changed = Signal()

    def __init__(self, settings: SettingsStore) -> None:
        super().__init__()
        self.settings = settings

    def files(self) -> list[Path]:
        """Most recent first."""
        return self.settings.recent_files()

    def add(self, path: Path) -> None:
        """A file was opened or saved: first in the list, and its folder the one file dialogs start in."""
        self.settings.add_recent_file(path)
        self.settings.set_last_folder(path.parent)
        self.changed.emit()

    def last_folder(self) -> Path | None:
        """The folder of the file last opened or saved in any window."""
        return self.settings.last_folder()

    def remove(self, path: Path) -> None:
        """A file that is gone (it could not be opened)."""
        self.settings.remove_recent_file(path)
        self.changed.emit()

    def clear(self) -> None:
        self.settings.clear_recent_files()
        self.changed.emit()


_SHARED: WeakKeyDictionary[SettingsStore, RecentFiles] = WeakKeyDictionary()


def recent_files(settings: SettingsStore) -> RecentFiles:
    """The one RecentFiles of this settings store, made on first use: every window asking shares it."""
    found = _SHARED.get(settings)
    if found is None:
        found = _SHARED[settings] = RecentFiles(settings)
    return found
