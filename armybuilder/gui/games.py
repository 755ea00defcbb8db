"""The other games in the app, as a feature of the main window: a File menu entry and a place on the
start page (its name, what it is, a button) that start each one, and their files opened in their own
windows (armybuilder/games.py says which game owns a file; its `gui` entry, 'module:function', opens its
window with a GameContext, see gui/gamewindow.py). Each such window shares the app's recent files, is
autosaved as Infinity's list is, and gets back an autosave of its game that a crash left behind."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMainWindow, QPushButton, QVBoxLayout, QWidget

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.games import GameEntry, GameRegistry
from armybuilder.gui.autosave import Autosave, AutosavedWindow, Orphan
from armybuilder.gui.fonts import set_font
from armybuilder.gui.gamewindow import GameContext, RestoresAutosave
from armybuilder.gui.host import FeatureHost
from armybuilder.gui.language import Retranslating
from armybuilder.gui.recent import recent_files
from armybuilder.i18n import tr


class GameWindows(QObject):
    """Starts and keeps the windows of the games other than Infinity."""

    def __init__(self, host: FeatureHost, games: GameRegistry) -> None:
        super().__init__(host)
        self.host = host
        self.games = games
        self.context = GameContext(recent_files(host.settings))
        self.autosave_folder: Path | None = None
        """Where the windows' autosaves go (None: the user's autosave folder; tests give their own)."""
        self.windows: list[QWidget] = []
        self.autosaves: dict[QWidget, Autosave] = {}
        """The autosave of each open window (the crash handler writes them all)."""
        self.actions: list[QAction] = []
        for entry in games.others():
            if entry.gui is None:
                continue
            action = host.actions.add(f"new_{entry.id}", texts=self._texts(entry))
            action.triggered.connect(lambda _=False, game=entry: self.open(game))
            self.actions.append(action)
        host.add_to_menu("file", self.actions, before=host.actions["open_list"])
        playable = [e for e in games.others() if e.gui is not None]
        if playable:
            self.panel = OtherGamesPanel(playable, self.actions)
            host.add_start_side_panel(self.panel)

    @staticmethod
    def _texts(entry: GameEntry) -> Callable[[], tuple[str, str]]:
        def texts() -> tuple[str, str]:
            name = tr(entry.name)
            return (tr("New {game} ar&my…", game=name),
                    tr("Design the models and build an army of the {game}, in its own window", game=name))
        return texts

    def game_name(self, path: Path) -> str | None:
        """The name of the other game whose file this is (in the current language), or None."""
        entry = self.owner(path)
        return tr(entry.name) if entry is not None else None

    def owner(self, path: Path) -> GameEntry | None:
        """The other game whose window opens this file, or None (Infinity's own, or unknown)."""
        entry = self.games.owner_of_file(path)
        return entry if entry is not None and entry.gui is not None else None

    def open(self, entry: GameEntry, path: Path | None = None) -> QWidget:
        """The game's window, on a new list or on the file at `path`, autosaved from now on."""
        assert entry.gui is not None
        module, _, function = entry.gui.partition(":")
        opener: Any = getattr(import_module(module), function)
        window: QWidget = opener(None, path, self.context)
        self.windows.append(window)
        if isinstance(window, AutosavedWindow):
            autosave = Autosave(window, self.autosave_folder)
            if isinstance(window, QMainWindow):
                autosave.failed.connect(lambda message: window.statusBar().showMessage(message, 30000))
            self.autosaves[window] = autosave
        window.destroyed.connect(lambda *_: self._forget(window))
        return window

    def restore(self, orphan: Orphan) -> QWidget | None:
        """An autosave of another game, left by a crash: carried on, unsaved, in a new window of its game,
        whose autosave it becomes. None (the autosave kept, and the player told why) when it cannot be."""
        found = orphan.entry
        entry = self.games.entry(found.game)
        if entry is None or entry.gui is None:
            orphan.release()
            self.host.show_message("error", tr("Could not restore the autosaved list"), tr(
                "It is a list of a game this version does not know ({game}). The autosave is kept in {file}.",
                game=found.game, file=str(found.file)))
            return None
        window = self.open(entry)
        try:
            if not isinstance(window, RestoresAutosave):
                raise DataError(DataProblem(str(found.file), tr("the {game} window cannot carry on from an autosave",
                                                                game=tr(entry.name))))
            window.restore_autosave(found.text, found.path, found.name or found.file.name)
        except DataError as exc:
            orphan.release()
            window.close()
            self.host.show_message("error", tr("Could not restore the autosaved list"),
                                   str(exc) + "\n\n" + tr("The autosave is kept in {file}.", file=str(found.file)))
            return None
        autosave = self.autosaves.get(window)
        if autosave is not None:
            autosave.adopt(orphan)
        else:
            orphan.release()
        return window

    def _forget(self, window: QWidget) -> None:
        self.windows = [w for w in self.windows if w is not window]
        self.autosaves.pop(window, None)


class OtherGamesPanel(Retranslating, QWidget):
    """The start page's place for the other games: each one's name, what it is, and a button that starts
    an army of it in its own window (its files open with "Open a list file…" and the recent lists too)."""

    def __init__(self, entries: list[GameEntry], actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("other_games")
        self.entries = entries
        self.title = QLabel()
        set_font(self.title, bold=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        self.names: list[QLabel] = []
        self.summaries: list[QLabel] = []
        self.buttons: list[QPushButton] = []
        for entry, action in zip(entries, actions, strict=True):
            name, summary, button = QLabel(), QLabel(), QPushButton()
            set_font(name, bold=True)
            summary.setWordWrap(True)
            button.setObjectName(f"start_{entry.id}")
            button.clicked.connect(action.trigger)
            row = QHBoxLayout()
            row.addWidget(name, 1)
            row.addWidget(button)
            layout.addLayout(row)
            layout.addWidget(summary)
            self.names.append(name)
            self.summaries.append(summary)
            self.buttons.append(button)
        self.retranslate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._keep_summaries_whole()

    def _keep_summaries_whole(self) -> None:
        """A wrapped label's height is not in its layout's minimum: ask for it, so that a small window's
        start page shrinks the recent lists rather than cutting the games' sentences."""
        for summary in self.summaries:
            needed = summary.heightForWidth(max(summary.width(), 1))
            if needed > 0 and summary.minimumHeight() != needed:
                summary.setMinimumHeight(needed)

    def retranslate(self) -> None:
        self.title.setText(tr("Other games"))
        for entry, name, summary, button in zip(self.entries, self.names, self.summaries, self.buttons, strict=True):
            game = tr(entry.name)
            name.setText(game)
            summary.setText(tr(entry.summary) if entry.summary else "")
            button.setText(tr("New army…"))
            button.setAccessibleName(tr("New {game} army", game=game))
            button.setToolTip(tr("Design the models and build an army of the {game}, in its own window", game=game))
        self._keep_summaries_whole()
