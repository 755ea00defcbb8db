"""What the main window lends its features (fireteams, printing, help, dropped files; later a list
library): a `FeatureHost`, the way Vorta's tabs receive a profile provider.

A feature gets the document, the task runner, the settings store, the one action collection, the
menus, the middle column's tabs, the list editor's selection, and ways to report an error or a
passing status. It never reaches into the window's widgets, and the window never into the
feature's: the window makes the host, then each feature with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractItemView, QMenu, QTabWidget, QWidget

from armybuilder.data.problems import DataError
from armybuilder.gui.actions import ActionCollection
from armybuilder.gui.document import ListDocument
from armybuilder.gui.settings_store import SettingsStore
from armybuilder.gui.tasks import TaskRunner

MenuName = Literal["file", "edit", "view"]
MessageKind = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class WindowServices:
    """What only the window can do, handed to the host as functions (looked up when called, so a
    test that replaces one of the window's methods replaces it for the features too)."""

    show_message: Callable[[str, str, str], None]
    show_status: Callable[[Callable[[], str], int], None]
    selected_troopers: Callable[[], list[str]]
    select_troopers: Callable[[Sequence[str]], None]
    open_path: Callable[[Path], object]
    maybe_keep_changes: Callable[[], bool]
    add_menu: Callable[[str], QMenu]
    add_start_panel: Callable[[QWidget], None] = lambda widget: None
    """Put a feature's panel on the start page (under the army picker): the list library."""
    add_start_side_panel: Callable[[QWidget], None] = lambda widget: None
    """Put a feature's panel in the start page's right column, under the recent lists: the other games."""
    selection_pending: Callable[[], bool] = lambda: False
    """Whether an edit took the selected troopers away and is about to select others (and say so)."""


class FeatureHost(QObject):
    """The window as a feature may use it."""

    selection_changed = Signal()
    """The troopers selected in the list editor changed."""
    list_view_reset = Signal()
    """The list editor shows another list (its rows were made anew)."""
    language_changed = Signal()
    """The window has set its own texts in a new language (after the actions were reworded)."""

    def __init__(self, window: QWidget, document: ListDocument, tasks: TaskRunner, settings: SettingsStore,
                 actions: ActionCollection, menus: dict[MenuName, QMenu], middle: QTabWidget,
                 list_view: QAbstractItemView, services: WindowServices) -> None:
        super().__init__(window)
        self._window = window
        self._menus = menus
        self._list_view = list_view
        self._services = services
        self.document = document
        self.tasks = tasks
        self.settings = settings
        self.actions = actions
        self.middle = middle
        """The middle column's tabs (the profile card first): a feature adds its panels here."""

    @property
    def window(self) -> QWidget:
        """The parent of a feature's dialogs."""
        return self._window

    # ----- menus and actions --------------------------------------------------------------------
    def menu(self, name: MenuName) -> QMenu:
        return self._menus[name]

    def add_menu(self, object_name: str) -> QMenu:
        """A new menu of the menu bar, after the window's own (its title is set by the feature)."""
        return self._services.add_menu(object_name)

    def add_to_menu(self, name: MenuName, actions: Sequence[QAction | None], before: QAction | None = None) -> None:
        """Put actions (None: a separator) at the end of a menu, or before one of its actions."""
        menu = self._menus[name]
        for action in actions:
            if action is None and before is not None:
                menu.insertSeparator(before)
            elif action is None:
                menu.addSeparator()
            elif before is not None:
                menu.insertAction(before, action)
            else:
                menu.addAction(action)

    def add_list_actions(self, actions: Sequence[QAction]) -> None:
        """Offer actions in the list editor's context menu (and their shortcuts while it has focus)."""
        for action in actions:
            self._list_view.addAction(action)

    def add_start_panel(self, widget: QWidget) -> None:
        """Show a feature's panel on the start page, under the army picker and the recent lists."""
        self._services.add_start_panel(widget)

    def add_start_side_panel(self, widget: QWidget) -> None:
        """Show a feature's panel in the start page's right column, under the recent lists."""
        self._services.add_start_side_panel(widget)

    # ----- the list editor's selection ------------------------------------------------------------
    def selected_troopers(self) -> list[str]:
        return self._services.selected_troopers()

    def select_troopers(self, uids: Sequence[str]) -> None:
        self._services.select_troopers(uids)

    def selection_pending(self) -> bool:
        """True while an edit's update took the selected troopers away: the troopers it selects instead are said
        next (`selection_changed`), so what needs a selection waits for that rather than being disabled now."""
        return self._services.selection_pending()

    # ----- files ---------------------------------------------------------------------------------
    def open_path(self, path: Path) -> object:
        """Open a list file in the window, as File ▸ Open does."""
        return self._services.open_path(path)

    def maybe_keep_changes(self) -> bool:
        """True when the open list may be replaced (saved, discarded, or nothing to save)."""
        return self._services.maybe_keep_changes()

    # ----- telling the player --------------------------------------------------------------------
    def show_message(self, kind: MessageKind, title: str, text: str) -> None:
        self._services.show_message(kind, title, text)

    def show_status(self, message: Callable[[], str], timeout_ms: int = 5000) -> None:
        """A passing message in the status bar, made by a function so a language switch rewords it."""
        self._services.show_status(message, timeout_ms)

    def report_failure(self, what: str, error: BaseException) -> None:
        """A task that failed: `what` as the title, the error as the player may read it."""
        if isinstance(error, OSError) and error.strerror:  # "…/full.yaml: No space left on device", not "[Errno 28] …"
            detail = f"{error.filename}: {error.strerror}" if error.filename else error.strerror
        else:
            detail = str(error) if isinstance(error, DataError | OSError) else f"{type(error).__name__}: {error}"
        self.show_message("error", what, detail)
