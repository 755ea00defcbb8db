"""The army picker: every bundled and imported army, grouped by faction, searchable."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.catalog import ArmySummary
from armybuilder.gui.language import Retranslating
from armybuilder.gui.models.armies import ArmyFilterProxy, ArmyTreeModel, Column, Role
from armybuilder.gui.widgets.parts import size_columns
from armybuilder.gui.widgets.search import SearchField
from armybuilder.i18n import tr


def _first_army(tree: QTreeView, text: str) -> QModelIndex:
    """The first army whose own name matches the search (else the first army shown)."""
    model = tree.model()
    words = text.casefold().split()
    armies = [model.index(r, 0, model.index(f, 0)) for f in range(model.rowCount())
              for r in range(model.rowCount(model.index(f, 0)))]
    named = [a for a in armies if all(w in str(a.data(Role.SEARCH) or "") for w in words)]
    return (named or armies or [QModelIndex()])[0]


class ArmyPicker(Retranslating, QWidget):
    """Search field over a faction → army tree; choosing an army emits `army_chosen`."""

    army_chosen = Signal(object)
    """The ArmySummary picked (double-click or Enter)."""

    def __init__(self, summaries: list[ArmySummary], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ArmyTreeModel(summaries, self)
        self.proxy = ArmyFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.tree = QTreeView()
        self.tree.setObjectName("army_tree")
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        self.tree.setExpandsOnDoubleClick(False)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setAlternatingRowColors(True)
        size_columns(self.tree.header(), Column.NAME, fit=(Column.SOURCE, Column.UNITS))
        self.search = SearchField()
        self.search.setObjectName("army_search")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)
        self._connect_signals()
        self.retranslate()
        self.tree.expandAll()

    def _connect_signals(self) -> None:
        self.search.textChanged.connect(self._on_search_changed)
        self.search.down_pressed.connect(self._on_search_down)
        self.search.returnPressed.connect(self._on_search_accepted)
        self.tree.activated.connect(self._on_activated)

    def retranslate(self) -> None:
        self.model.retranslate()
        self.tree.expandAll()
        self.search.setPlaceholderText(tr("Search armies and sectorials…"))
        self.search.setAccessibleName(tr("Search armies and sectorials"))
        self.tree.setAccessibleName(tr("Armies and sectorials"))

    def set_armies(self, summaries: list[ArmySummary]) -> None:
        self.model.set_armies(summaries)
        self.tree.expandAll()

    def select(self, origin: str, army_id: int) -> None:
        index = self.proxy.mapFromSource(self.model.army_index(origin, army_id))
        if index.isValid():
            self.tree.setCurrentIndex(index)
            self.tree.scrollTo(index)

    def index_of(self, name: str, origin: str | None = None) -> QModelIndex:
        """The view index of the army called `name` (tests and screenshots use it)."""
        for faction in self.model.factions:
            for summary in faction.armies:
                if summary.name == name and (origin is None or summary.origin == origin):
                    return self.proxy.mapFromSource(self.model.army_index(summary.origin, summary.id))
        return QModelIndex()

    def _on_search_down(self) -> None:
        """Into the results, on the first army whose own name matches."""
        self.tree.setFocus()
        if self.tree.currentIndex().siblingAtColumn(0).data(Role.SUMMARY) is None:
            self.tree.setCurrentIndex(_first_army(self.tree, self.search.text()))

    def _on_search_accepted(self) -> None:
        self._on_search_down()
        if self.tree.currentIndex().isValid():
            self._on_activated(self.tree.currentIndex())

    def _on_search_changed(self, text: str) -> None:
        self.proxy.set_text(text)
        self.tree.expandAll()

    def _on_activated(self, index: QModelIndex) -> None:
        summary = index.siblingAtColumn(0).data(Role.SUMMARY)
        if summary is None:
            first = index.siblingAtColumn(0)
            self.tree.setExpanded(first, not self.tree.isExpanded(first))
            return
        self.army_chosen.emit(summary)


class ArmyPickerDialog(QDialog):
    """The picker in a dialog, to build the open list with another army."""

    army_chosen = Signal(object)

    def __init__(self, summaries: list[ArmySummary], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("army_picker_dialog")
        self.picker = ArmyPicker(summaries, self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(self.picker)
        layout.addWidget(self.buttons)
        self.resize(560, 620)
        self.picker.army_chosen.connect(self._on_army_chosen)
        self.buttons.accepted.connect(self._on_ok)
        self.buttons.rejected.connect(self.reject)
        self.setWindowTitle(tr("Choose an army"))

    def _on_ok(self) -> None:
        summary = self.picker.tree.currentIndex().siblingAtColumn(0).data(Role.SUMMARY)
        if summary is not None:
            self._on_army_chosen(summary)

    def _on_army_chosen(self, summary: ArmySummary) -> None:
        self.army_chosen.emit(summary)
        self.accept()
