"""Tree views whose long texts wrap onto more lines instead of being cut off.

QTreeView draws wrapped text but sizes rows as if it were one line; this delegate measures the
text at the column's width (only in the columns that can wrap), and the view re-measures when a
column is resized. Measuring reads the model directly and avoids the style machinery, because it
runs for every row after every edit; the measured text sizes are kept (a row whose text did not change
is not measured again). `CellSizes` is the measuring alone, for a model that stores its cells' sizes
(the list editor's, whose view then lays its rows out without calling Python).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QAccessible, QFont, QFontMetrics, QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QTreeView,
    QWidget,
)

Index = QModelIndex | QPersistentModelIndex
PADDING = 6
ICON = 16


def source_data(index: Index, role: int) -> object:
    """What the source model says for `index`, read through any proxies."""
    model: QAbstractItemModel | None = index.model()
    if not isinstance(model, QAbstractProxyModel):
        return index.data(role)
    current = index.siblingAtColumn(index.column()) if isinstance(index, QModelIndex) else QModelIndex()
    if isinstance(index, QPersistentModelIndex) and model is not None:
        current = model.index(index.row(), index.column(), index.parent())
    while isinstance(model, QAbstractProxyModel):
        current = model.mapToSource(current)
        model = model.sourceModel()
    return model.data(current, role) if model is not None else None


class CellSizes:
    """How big a cell of `view` is: one line of text (as wide as it) in most columns, and in the
    `wrap_columns` the text wrapped at the column's width. Measured text is remembered."""

    def __init__(self, view: QTreeView, wrap_columns: tuple[int, ...] = (0, 1)) -> None:
        self._view = view
        self.wrap_columns = wrap_columns
        self._metrics: dict[bool, QFontMetrics] = {}
        self._heights: dict[tuple[str, int, bool], int] = {}
        self._widths: dict[tuple[str, bool], int] = {}

    def _font_metrics(self, bold: bool) -> QFontMetrics:
        if bold not in self._metrics:
            font = QFont(self._view.font())
            font.setBold(bold)
            self._metrics[bold] = QFontMetrics(font)
        return self._metrics[bold]

    def size(self, text: object, font: object, decorated: bool, column: int, depth: int, reserved: int = 0) -> QSize:
        """A cell's size: its text, whether its font is bold, whether it has an icon, its column, how deep
        its row is in the tree (0: a top-level row) and the room drawn beside the text (a badge)."""
        bold = isinstance(font, QFont) and font.bold()
        metrics = self._font_metrics(bold)
        line = max(metrics.height(), ICON) + PADDING
        width = self._view.columnWidth(column)
        if not text:
            return QSize(max(width, 1), line)
        if column not in self.wrap_columns:  # one line: as wide as its text (for ResizeToContents)
            key = (str(text), bold)
            advance = self._widths.get(key)
            if advance is None:
                advance = self._widths[key] = metrics.horizontalAdvance(key[0])
            return QSize(advance + 2 * PADDING + (ICON + PADDING if decorated else 0), line)
        if column == 0:
            width -= self._view.indentation() * (depth + (1 if self._view.rootIsDecorated() else 0))
        width -= 2 * PADDING + reserved
        if decorated:
            width -= ICON + PADDING
        if width <= 20:
            return QSize(max(width, 1), line)
        measured = (str(text), width, bold)
        height = self._heights.get(measured)
        if height is None:
            if len(self._heights) > 4000:
                self._heights.clear()
            height = self._heights[measured] = metrics.boundingRect(
                QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft),
                measured[0]).height()
        return QSize(width, max(line, height + PADDING))


def depth_of(index: Index) -> int:
    """How deep `index`'s row is in its tree (0: a top-level row)."""
    depth = 0
    parent = index.parent()
    while parent.isValid():
        depth += 1
        parent = parent.parent()
    return depth


class WrappingDelegate(QStyledItemDelegate):
    """Row heights that fit the wrapped text of the columns in `wrap_columns`."""

    def __init__(self, view: QTreeView, wrap_columns: tuple[int, ...] = (0, 1)) -> None:
        super().__init__(view)
        self._view = view
        self.sizes = CellSizes(view, wrap_columns)

    @property
    def wrap_columns(self) -> tuple[int, ...]:
        return self.sizes.wrap_columns

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        column = index.column()
        return self.sizes.size(source_data(index, Qt.ItemDataRole.DisplayRole),
                               source_data(index, Qt.ItemDataRole.FontRole),
                               source_data(index, Qt.ItemDataRole.DecorationRole) is not None, column,
                               depth_of(index) if column == 0 else 0, self.reserved_width(index))

    def reserved_width(self, index: Index) -> int:
        """Room a subclass draws something in beside the text (the text wraps in what is left)."""
        return 0


class TipDelegate(WrappingDelegate):
    """A `WrappingDelegate` whose cells' tooltips are worked out by `tooltip` (a view index -> the text) when the
    pointer rests on one, for a model that keeps none in its cells (the unit browser's, whose tooltips say what
    the list has left and would change at every edit)."""

    def __init__(self, view: QTreeView, tooltip: Callable[[Index], str],
                 wrap_columns: tuple[int, ...] = (0, 1)) -> None:
        super().__init__(view, wrap_columns)
        self.tooltip = tooltip

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView, option: QStyleOptionViewItem,
                  index: Index) -> bool:
        if event.type() != QEvent.Type.ToolTip:
            return super().helpEvent(event, view, option, index)
        tip = self.tooltip(index) if index.isValid() else ""
        QToolTip.showText(event.globalPos(), tip, view.viewport(), option.rect)  # an empty one hides the one shown
        event.setAccepted(bool(tip))
        return bool(tip)


SIZING_ROLES = frozenset(int(role) for role in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.SizeHintRole, Qt.ItemDataRole.CheckStateRole))
"""The roles the cells of a `WrappingTreeView` are sized by: their text, font, icon, check box, or the size the
model stores (`WrappingDelegate`, `CellSizes`)."""


class FittingHeader(QHeaderView):
    """A wrapping tree's header. A change of the model's cells in roles no cell's size is made of (a colour, a
    tooltip, a mark of the model's own) leaves the columns sized to their contents as they are: Qt's header
    takes any role of the model's own for one that may change a size, and measures every row shown of every
    such column again — the unit browser's four figure columns, in Python, after every edit that changes
    a mark."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        # as QTreeView makes its own header
        self.setSectionsMovable(True)
        self.setStretchLastSection(True)
        self.setSectionsClickable(True)
        self.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        if roles and SIZING_ROLES.isdisjoint(int(role) for role in roles):
            return
        super().dataChanged(top_left, bottom_right, roles)


HOVER_ROLES = frozenset(int(role) for role in (
    Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.StatusTipRole, Qt.ItemDataRole.WhatsThisRole))
"""The roles a view shows only when asked (on hover, F1): read then, never painted."""


class WrappingTreeView(QTreeView):
    """A QTreeView with wrapping text and rows that grow to fit it. A change of a model's cells only in what
    they show when hovered (the list's tooltips, reworded with the problems at every change of points) repaints
    nothing: Qt measures and repaints the rows named whatever the roles."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeader(FittingHeader(self))
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setItemDelegate(WrappingDelegate(self))
        self.header().sectionResized.connect(self._on_section_resized)

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        if roles and HOVER_ROLES.issuperset(int(role) for role in roles) and not QAccessible.isActive():
            return  # read when the pointer rests on the row: nothing shown changed
        if roles and SIZING_ROLES.isdisjoint(int(role) for role in roles):
            # a colour, a tooltip, a mark of the model's own: the rows are repainted as Qt's view repaints them,
            # but not measured again (QTreeView measures every cell of the rows named, whatever the roles: in
            # Python, through the delegate, ~40 cells when the unit browser marks a unit with its options)
            QAbstractItemView.dataChanged(self, top_left, bottom_right, roles)
            return
        super().dataChanged(top_left, bottom_right, roles)

    def _on_section_resized(self, *_: object) -> None:
        self.scheduleDelayedItemsLayout()
