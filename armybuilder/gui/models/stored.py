"""Item models whose cells are Qt's own items: what a cell shows, in every role, is worked out in Python
once, when its row changes, and kept in a QStandardItem, so a view paints and measures the rows without
calling back into Python for each cell and role (which, with dozens of cells and a dozen roles each, was
most of what an edit or a change of profile card cost)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

Cells = list[dict[int, Any]]
"""What a row shows: one {role: value} per column."""

DISPLAY = int(Qt.ItemDataRole.DisplayRole)
DECORATION = int(Qt.ItemDataRole.DecorationRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
FONT = int(Qt.ItemDataRole.FontRole)
ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
SIZE = int(Qt.ItemDataRole.SizeHintRole)


def new_row(cells: Cells, flags: Qt.ItemFlag | Sequence[Qt.ItemFlag]) -> list[QStandardItem]:
    """The items of a row (not in a model yet), with `flags` (one for all its cells, or one per cell)."""
    row = []
    for column, values in enumerate(cells):
        item = QStandardItem()
        item.setFlags(flags if isinstance(flags, Qt.ItemFlag) else flags[column])
        for role, value in values.items():
            item.setData(value, role)
        row.append(item)
    return row


def write(model: QStandardItemModel, item: QStandardItem, values: dict[int, Any], flags: Qt.ItemFlag) -> None:
    """Give an item of `model` exactly these roles (the ones it no longer has go) and flags, without
    telling the views: the caller says which rows changed, once (see `rewrite`)."""
    item.clearData()  # clears the flags too: set again below
    model.setItemData(item.index(), values)
    item.setFlags(flags)


def fill(model: QStandardItemModel, rows: Sequence[Cells], flags: Qt.ItemFlag) -> None:
    """Replace every row of a flat model: the views see one reset."""
    model.beginResetModel()
    blocked = model.blockSignals(True)  # the reset stands for every row removed and added
    try:
        root = model.invisibleRootItem()
        root.removeRows(0, root.rowCount())
        for cells in rows:
            root.appendRow(new_row(cells, flags))
    finally:
        model.blockSignals(blocked)
    model.endResetModel()


def rewrite(model: QStandardItemModel, rows: Sequence[Cells], flags: Qt.ItemFlag) -> None:
    """Write a flat model's rows again in place (as many as it has): the views are told once."""
    count = min(len(rows), model.rowCount())
    if not count:
        return
    blocked = model.blockSignals(True)
    try:
        for row in range(count):
            for column, values in enumerate(rows[row]):
                item = model.item(row, column)
                if item is not None:
                    write(model, item, values, flags)
    finally:
        model.blockSignals(blocked)
    model.dataChanged.emit(model.index(0, 0), model.index(count - 1, model.columnCount(QModelIndex()) - 1))
