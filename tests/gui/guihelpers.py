"""Helpers shared by the GUI tests (importable from tests/gui, which pytest puts on sys.path)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from armybuilder.data.catalog import Catalog

SYNTHETIC = Path(__file__).resolve().parent.parent / "data" / "rules"
TEST_ARMY = 950


def make_window(qtbot, catalog: Catalog, settings):  # type: ignore[no-untyped-def]
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


def focus(qtbot, window, widget) -> None:  # type: ignore[no-untyped-def]
    """Make `window` the active window and give `widget` the keyboard focus, so shortcuts reach it."""
    window.activateWindow()
    window.raise_()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus, timeout=2000)
