"""Tree views whose long texts wrap onto more lines instead of being cut off.

QTreeView draws wrapped text but sizes rows as if it were one line; this delegate measures the
text at the column's width, and the view re-measures when a column is resized.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeView, QWidget

Index = QModelIndex | QPersistentModelIndex


class WrappingDelegate(QStyledItemDelegate):
    """Row heights that fit the wrapped text of the column the item is in."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        hint = super().sizeHint(option, index)
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if not text:
            return hint
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        width = self._view.columnWidth(index.column())
        if index.column() == 0:
            depth = 0
            parent = index.parent()
            while parent.isValid():
                depth += 1
                parent = parent.parent()
            width -= self._view.indentation() * (depth + (1 if self._view.rootIsDecorated() else 0))
        style = self._view.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self._view) + 1
        width -= 2 * margin
        if not opt.icon.isNull():
            width -= opt.decorationSize.width() + 2 * margin
        if width <= 20:
            return hint
        metrics = opt.fontMetrics
        rect = metrics.boundingRect(QRect(0, 0, width, 100_000),
                                    int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft), str(text))
        return QSize(hint.width(), max(hint.height(), rect.height() + 4))


class WrappingTreeView(QTreeView):
    """A QTreeView with wrapping text and rows that grow to fit it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setItemDelegate(WrappingDelegate(self))
        self.header().sectionResized.connect(self._on_section_resized)

    def _on_section_resized(self, *_: object) -> None:
        self.scheduleDelayedItemsLayout()
