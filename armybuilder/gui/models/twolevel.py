"""A base for the item models that are a list of groups, each with a list of children
(factions → armies, units → options): the index arithmetic lives here once.

An index's internalId is 0 for a top-level row and `parent row + 1` for a child row.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt

from armybuilder.gui.models import ROOT

Index = QModelIndex | QPersistentModelIndex


class TwoLevelModel(QAbstractItemModel):
    """Subclasses say how many top rows there are, how many children each has, and the columns.
    Rows are enabled and selectable (Qt's default `flags`) unless a subclass says otherwise."""

    COLUMNS = 1

    def top_count(self) -> int:
        raise NotImplementedError

    def child_count(self, top_row: int) -> int:
        raise NotImplementedError

    @staticmethod
    def is_top(index: Index) -> bool:
        return index.isValid() and index.internalId() == 0

    @staticmethod
    def top_row_of(index: Index) -> int:
        """The top-level row an index is (a top row) or belongs to (a child)."""
        return index.row() if index.internalId() == 0 else index.internalId() - 1

    def top_index(self, row: int, column: int = 0) -> QModelIndex:
        return self.createIndex(row, column, 0) if 0 <= row < self.top_count() else QModelIndex()

    def child_index(self, top_row: int, row: int, column: int = 0) -> QModelIndex:
        return self.createIndex(row, column, top_row + 1) if 0 <= row < self.child_count(top_row) else QModelIndex()

    def index(self, row: int, column: int, parent: Index = ROOT) -> QModelIndex:
        if not 0 <= column < self.COLUMNS:
            return QModelIndex()
        if not parent.isValid():
            return self.top_index(row, column)
        if not self.is_top(parent) or parent.column() != 0 or not 0 <= parent.row() < self.top_count():
            return QModelIndex()
        return self.child_index(parent.row(), row, column)

    def parent(self, index: Index = ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = ROOT) -> int:
        if not parent.isValid():
            return self.top_count()
        if self.is_top(parent) and parent.column() == 0:
            return self.child_count(parent.row())
        return 0

    def columnCount(self, parent: Index = ROOT) -> int:
        return self.COLUMNS


ITEM_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
