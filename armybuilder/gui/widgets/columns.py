"""The builder's columns: the unit browser, the middle tabs (profile card, fireteams, finder) and the
list with its problems, arranged for the room the window has.

Wide (1180 px and more): three columns side by side. Narrower (a 1024×700 laptop): the browser and
the middle tabs share the left column, one over the other, so the list keeps a column wide enough
for its names, options and costs and the card keeps the width its stat line needs. In both the list
column has priority: it gets its share first and grows most with the window. Each arrangement
remembers its own splitter sizes, as shares of the room.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

COMPACT_BELOW = 1180
"""Widths under this put the browser over the middle tabs."""
LIST_MIN_WIDTH = 400
BROWSER_MIN_WIDTH = 240
MIDDLE_MIN_WIDTH = 300
WIDE_SHARES = (0.34, 0.29, 0.37)
COMPACT_SHARES = (0.52, 0.48)
COMPACT_LEFT_SHARES = (0.62, 0.38)


class BuilderColumns(QWidget):
    """Lays out browser, middle and list; `compact` says which arrangement is showing."""

    def __init__(self, browser: QWidget, middle: QWidget, right: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("main_splitter")
        self.splitter.setChildrenCollapsible(False)
        self.left = QSplitter(Qt.Orientation.Vertical, self)
        self.left.setObjectName("left_splitter")
        self.left.setChildrenCollapsible(False)
        self.left.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.browser, self.middle, self.right = browser, middle, right
        browser.setMinimumWidth(BROWSER_MIN_WIDTH)
        middle.setMinimumWidth(MIDDLE_MIN_WIDTH)
        right.setMinimumWidth(LIST_MIN_WIDTH)
        self._shares: dict[str, list[float]] = {}
        self._sized = False
        self.compact: bool | None = None
        self._arrange(False)
        self.splitter.splitterMoved.connect(self._remember)
        self.left.splitterMoved.connect(self._remember)

    # ----- arrangement ----------------------------------------------------------------------------
    def set_middle(self, widget: QWidget) -> None:
        """Show `widget` in the middle's place (the fireteam feature's tabs, which then hold the card)."""
        holder = self.left if self.compact else self.splitter
        index = holder.indexOf(self.middle)
        widget.setMinimumWidth(MIDDLE_MIN_WIDTH)
        self.middle.setMinimumWidth(0)
        holder.replaceWidget(index, widget)
        self.middle = widget

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        compact = event.size().width() < COMPACT_BELOW
        if compact != self.compact:
            self._arrange(compact)
        else:
            self._apply_sizes()  # the columns keep their shares as the window grows or shrinks

    def _arrange(self, compact: bool) -> None:
        self.setUpdatesEnabled(False)
        try:
            if compact:
                self.left.insertWidget(0, self.browser)
                self.left.insertWidget(1, self.middle)
                self.splitter.insertWidget(0, self.left)
                self.splitter.insertWidget(1, self.right)
                self.left.show()
                self.splitter.setStretchFactor(0, 2)
                self.splitter.setStretchFactor(1, 3)
                self.left.setStretchFactor(0, 1)
                self.left.setStretchFactor(1, 1)
            else:
                self.splitter.insertWidget(0, self.browser)
                self.splitter.insertWidget(1, self.middle)
                self.splitter.insertWidget(2, self.right)
                self.left.hide()
                self.left.setParent(self)
                for index, stretch in enumerate((1, 2, 3)):
                    self.splitter.setStretchFactor(index, stretch)
            self.compact = compact
            self._apply_sizes()
        finally:
            self.setUpdatesEnabled(True)

    def _remember(self, *_: object) -> None:
        """Keep the current arrangement's sizes, as shares of the room (the window may grow or shrink)."""
        if self.compact is None or self.width() <= 0 or not self._sized or not self.isVisible():
            return
        if self.compact:
            self._shares["compact"] = _shares(self.splitter.sizes())
            self._shares["compact_left"] = _shares(self.left.sizes())
        else:
            self._shares["wide"] = _shares(self.splitter.sizes())

    def _apply_sizes(self) -> None:
        width, height = self.width(), self.height()
        if width <= 0:
            return
        self._sized = True
        if self.compact:
            main = self._shares.get("compact") or list(COMPACT_SHARES)
            left = self._shares.get("compact_left") or list(COMPACT_LEFT_SHARES)
            self.splitter.setSizes([round(width * s) for s in main])
            self.left.setSizes([round(max(height, 1) * s) for s in left])
        else:
            shares = self._shares.get("wide") or list(WIDE_SHARES)
            self.splitter.setSizes([round(width * s) for s in shares])

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._apply_sizes()

    # ----- persistence -------------------------------------------------------------------------------
    def save_state(self) -> QByteArray:
        self._remember()
        return QByteArray(json.dumps(self._shares).encode())

    def restore_state(self, state: QByteArray | bytes) -> bool:
        try:
            data = json.loads(_raw(state).decode())
        except (ValueError, UnicodeDecodeError):
            return False
        if not isinstance(data, dict):
            return False
        expected = {"wide": 3, "compact": 2, "compact_left": 2}
        self._shares = {k: [float(x) for x in v] for k, v in data.items()
                        if k in expected and isinstance(v, list) and len(v) == expected[k]
                        and all(isinstance(x, int | float) and x > 0 for x in v)}
        self._sized = False
        self._apply_sizes()
        return True


def _shares(sizes: list[int]) -> list[float]:
    total = sum(sizes)
    return [round(size / total, 4) for size in sizes] if total > 0 else []


def _raw(state: QByteArray | bytes) -> bytes:
    return bytes(state.data()) if isinstance(state, QByteArray) else bytes(state)
