"""Tree views whose long texts wrap onto more lines instead of being cut off.

QTreeView draws wrapped text but sizes rows as if it were one line; this delegate measures the
text at the column's width (only in the columns that can wrap), and the view re-measures when a
column is resized. Measuring reads the model directly and avoids the style machinery, because it
runs for every row after every edit.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QAbstractProxyModel, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTreeView, QWidget

Index = QModelIndex | QPersistentModelIndex
PADDING = 6
ICON = 16


def source_data(index: Index, role: int) -> object:
    """What the (Python) source model says for `index`, read through any proxies."""
    model: QAbstractItemModel | None = index.model()
    current = index.siblingAtColumn(index.column()) if isinstance(index, QModelIndex) else QModelIndex()
    if isinstance(index, QPersistentModelIndex) and model is not None:
        current = model.index(index.row(), index.column(), index.parent())
    while isinstance(model, QAbstractProxyModel):
        current = model.mapToSource(current)
        model = model.sourceModel()
    return model.data(current, role) if model is not None else None


class WrappingDelegate(QStyledItemDelegate):
    """Row heights that fit the wrapped text of the columns in `wrap_columns`."""

    def __init__(self, view: QTreeView, wrap_columns: tuple[int, ...] = (0, 1)) -> None:
        super().__init__(view)
        self._view = view
        self.wrap_columns = wrap_columns
        self._metrics: dict[bool, QFontMetrics] = {}

    def _font_metrics(self, bold: bool) -> QFontMetrics:
        if bold not in self._metrics:
            font = QFont(self._view.font())
            font.setBold(bold)
            self._metrics[bold] = QFontMetrics(font)
        return self._metrics[bold]

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        font = source_data(index, Qt.ItemDataRole.FontRole)
        bold = isinstance(font, QFont) and font.bold()
        metrics = self._font_metrics(bold)
        line = max(metrics.height(), ICON) + PADDING
        text = source_data(index, Qt.ItemDataRole.DisplayRole)
        width = self._view.columnWidth(index.column())
        if not text:
            return QSize(max(width, 1), line)
        if index.column() not in self.wrap_columns:  # one line: as wide as its text (for ResizeToContents)
            icon = ICON + PADDING if source_data(index, Qt.ItemDataRole.DecorationRole) is not None else 0
            return QSize(metrics.horizontalAdvance(str(text)) + 2 * PADDING + icon, line)
        if index.column() == 0:
            depth = 0
            parent = index.parent()
            while parent.isValid():
                depth += 1
                parent = parent.parent()
            width -= self._view.indentation() * (depth + (1 if self._view.rootIsDecorated() else 0))
        width -= 2 * PADDING + self.reserved_width(index)
        if source_data(index, Qt.ItemDataRole.DecorationRole) is not None:
            width -= ICON + PADDING
        if width <= 20:
            return QSize(max(width, 1), line)
        rect = metrics.boundingRect(QRect(0, 0, width, 100_000),
                                    int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft), str(text))
        return QSize(width, max(line, rect.height() + PADDING))

    def reserved_width(self, index: Index) -> int:
        """Room a subclass draws something in beside the text (the text wraps in what is left)."""
        return 0


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
