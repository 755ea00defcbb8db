"""Helpers shared by the GUI tests (importable from tests/gui, which pytest puts on sys.path)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex
from PySide6.QtGui import QHelpEvent, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QAbstractItemView, QApplication, QMessageBox, QToolTip

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from armybuilder.domain.profiles import Army
    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.gui.settings_store import SettingsStore

SYNTHETIC = Path(__file__).resolve().parent.parent / "data" / "rules"
TEST_ARMY = 950


def make_window(qtbot: QtBot, catalog: Catalog, settings: SettingsStore) -> MainWindow:
    from armybuilder.gui.mainwindow import MainWindow

    window = MainWindow(catalog, settings)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.shown_messages = []  # type: ignore[attr-defined]
    window.show_message = lambda kind, title, text: window.shown_messages.append(  # type: ignore[method-assign,attr-defined]
        (kind, title, text))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def start_official(qtbot: QtBot, window: MainWindow, name: str) -> Army:
    """Start a list of the official army `name` from the start page, as a player does (Enter on it in
    the picker), closing the list open before if any."""
    from armybuilder.gui.mainwindow import BUILDER_PAGE

    if window.document.has_list:
        window.document.close_list()
    picker = window.start_page.picker
    index = picker.index_of(name, "imported")
    assert index.isValid(), name
    picker.tree.activated.emit(index)
    window.tasks.wait()
    qtbot.waitUntil(lambda: window.pages.currentIndex() == BUILDER_PAGE, timeout=10_000)
    army = window.document.army
    assert army is not None and army.name == name
    return army


def hovered_tip(view: QAbstractItemView, index: QModelIndex) -> str:
    """The tooltip the pointer resting on `index`'s cell of `view` shows (scrolled into view first)."""
    QToolTip.hideText()
    view.scrollTo(index)
    rect = view.visualRect(index)
    assert rect.isValid(), "the row is not shown"
    viewport = view.viewport()
    point = rect.center()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    return QToolTip.text() if QToolTip.isVisible() else ""


def focus(qtbot, window, widget) -> None:  # type: ignore[no-untyped-def]
    """Make `window` the active window and give `widget` the keyboard focus, so shortcuts reach it."""
    window.activateWindow()
    window.raise_()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


BLIZZARD_A = Path(__file__).resolve().parents[2] / "examples" / "blizzard-6-a.yaml"
"""Seed 001's Svalarheima Blizzard-6 Force (A): four Fusiliers and three Nisses, a Core and a Haris the CBL grants."""


def without_fireteams(path: Path, folder: Path) -> Path:
    """A copy of a list file with no fireteams declared, to form them in a test."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["fireteams"] = []
    copy = folder / path.name
    copy.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return copy


class Target:
    """What an undo command edits, in tests of commands on a bare stack: the list it was handed last."""

    def __init__(self, start: ArmyList) -> None:
        self.current = start

    def apply_list(self, army_list: ArmyList) -> None:
        self.current = army_list


def round_trip(command: QUndoCommand, target: Target, expected: ArmyList) -> QUndoStack:
    """Push `command` on a bare QUndoStack, then undo, redo and undo it: push and redo hand over
    `expected` (a change), undo the list before; the history entry is the command's own text.
    The stack owns the command from now on: keep it while the command is used."""
    stack = QUndoStack()
    before = target.current
    stack.push(command)
    assert target.current == expected != before
    assert stack.undoText() == command.text() and command.text()
    stack.undo()
    assert target.current == before
    stack.redo()
    assert target.current == expected
    stack.undo()
    assert target.current == before
    return stack
