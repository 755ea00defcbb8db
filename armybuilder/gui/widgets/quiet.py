"""Setters that touch a widget only when the value changes.

Qt re-polishes a widget (and re-lays out what holds it) on every `setStyleSheet`, re-lays out a tab bar on
every `setTabText` and sends a tooltip event on every `setToolTip`, even when the value is the one shown.
After an edit most values are unchanged, so the views that show the list's state after each edit (totals,
problems, tabs, status) set them through these, and the tab widgets that hold them are kept steady
(`SteadyTabs`): an edit then repaints only what it changed.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QTabWidget, QWidget


def set_style_sheet(widget: QWidget, sheet: str) -> None:
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def set_tool_tip(widget: QWidget, tip: str) -> None:
    if widget.toolTip() != tip:
        widget.setToolTip(tip)


def set_visible(widget: QWidget, visible: bool) -> None:
    """Show or hide `widget` unless it was shown or hidden so already (hiding a hidden widget still sends
    events and invalidates its layout)."""
    if not widget.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide) or widget.isHidden() == visible:
        widget.setVisible(visible)


def set_tab_text(tabs: QTabWidget, index: int, text: str) -> None:
    """A tab's text, set on the tab bar: `QTabWidget.setTabText` places its tab bar and pages again and
    repaints all of itself and its pages (the problems panel whenever the count in "Problems (n)" changes).
    The tab bar asks its tab widget for a layout when its size changes, which `SteadyTabs` lets through."""
    if index >= 0 and tabs.tabText(index) != text:
        tabs.tabBar().setTabText(index, text)


class SteadyTabs(QObject):
    """Keeps a tab widget from laying itself out and repainting whole when nothing of it moved.

    A QTabWidget answers every layout request — which a label in one of its pages sends whenever its text
    changes — by placing its tab bar and pages again and repainting all of itself and its pages. This filter
    lets a request through only when the tab bar's size, the widget's size or the current page changed;
    otherwise the page has already laid itself out and repainted what changed."""

    def __init__(self, tabs: QTabWidget) -> None:
        super().__init__(tabs)
        self._tabs = tabs
        self._placed: tuple[object, ...] | None = None
        tabs.installEventFilter(self)

    def _state(self) -> tuple[object, ...]:
        tabs = self._tabs
        bar = tabs.tabBar()
        return (tabs.size(), bar.sizeHint(), bar.minimumSizeHint(), bar.count(), tabs.currentIndex(),
                tabs.isVisible())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._tabs and event.type() == QEvent.Type.LayoutRequest:
            state = self._state()
            if state == self._placed:
                return True
            self._placed = state
        return False
