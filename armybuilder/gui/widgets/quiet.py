"""Setters that touch a widget only when the value changes.

Qt re-polishes a widget (and re-lays out what holds it) on every `setStyleSheet`, re-lays out a tab bar on
every `setTabText` and sends a tooltip event on every `setToolTip`, even when the value is the one shown.
After an edit most values are unchanged, so the views that show the list's state after each edit (totals,
problems, tabs, status) set them through these: an edit then repaints only what it changed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget


def set_style_sheet(widget: QWidget, sheet: str) -> None:
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def set_tool_tip(widget: QWidget, tip: str) -> None:
    if widget.toolTip() != tip:
        widget.setToolTip(tip)


def set_tab_text(tabs: QTabWidget, index: int, text: str) -> None:
    if index >= 0 and tabs.tabText(index) != text:
        tabs.setTabText(index, text)
