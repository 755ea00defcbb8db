"""The other games in the app, as a feature of the main window: a File menu entry that starts each
one, and their files opened in their own windows (armybuilder/games.py says which game owns a file;
its `gui` entry, 'module:function', opens its window)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from armybuilder.games import GameEntry, GameRegistry
from armybuilder.gui.host import FeatureHost
from armybuilder.i18n import tr


class GameWindows(QObject):
    """Starts and keeps the windows of the games other than Infinity."""

    def __init__(self, host: FeatureHost, games: GameRegistry) -> None:
        super().__init__(host)
        self.games = games
        self.windows: list[QWidget] = []
        self.actions: list[QAction] = []
        for entry in games.others():
            if entry.gui is None:
                continue
            action = host.actions.add(f"new_{entry.id}", texts=self._texts(entry))
            action.triggered.connect(lambda _=False, game=entry: self.open(game))
            self.actions.append(action)
        host.add_to_menu("file", self.actions, before=host.actions["open_list"])

    @staticmethod
    def _texts(entry: GameEntry) -> Callable[[], tuple[str, str]]:
        def texts() -> tuple[str, str]:
            name = tr(entry.name)
            return (tr("New {game} ar&my…", game=name),
                    tr("Design the models and build an army of the {game}, in its own window", game=name))
        return texts

    def owner(self, path: Path) -> GameEntry | None:
        """The other game whose window opens this file, or None (Infinity's own, or unknown)."""
        entry = self.games.owner_of_file(path)
        return entry if entry is not None and entry.gui is not None else None

    def open(self, entry: GameEntry, path: Path | None = None) -> QWidget:
        """The game's window, on a new list or on the file at `path`."""
        assert entry.gui is not None
        module, _, function = entry.gui.partition(":")
        opener: Any = getattr(import_module(module), function)
        window: QWidget = opener(None, path)
        self.windows.append(window)
        window.destroyed.connect(lambda *_: self._forget(window))
        return window

    def _forget(self, window: QWidget) -> None:
        self.windows = [w for w in self.windows if w is not window]
