"""The unit browser: search as you type, filters, and the army's units with their options."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from armybuilder.domain.profiles import Army
from armybuilder.domain.values import Category, UnitType
from armybuilder.gui.labels import category_name, type_name
from armybuilder.gui.models.units import Column, OptionEntry, Role, UnitEntry, UnitFilterProxy, UnitTreeModel
from armybuilder.gui.widgets.search import SearchField
from armybuilder.gui.widgets.wrapping import WrappingTreeView
from armybuilder.i18n import tr


class UnitBrowser(QWidget):
    """The army's units; activating an option (double-click, Enter) asks to add it to the list."""

    option_activated = Signal(int, int, int)
    """(unit, group, option) to add."""
    unit_selected = Signal(object, object)
    """(UnitEntry or None, OptionEntry or None) now current."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = UnitTreeModel(self)
        self.proxy = UnitFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.tree = WrappingTreeView()
        self.tree.setObjectName("unit_tree")
        self.tree.setModel(self.proxy)
        self.tree.setExpandsOnDoubleClick(False)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.tree.setSortingEnabled(True)
        self.tree.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        for column in (Column.TYPE, Column.AVA, Column.SWC, Column.POINTS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

        self.search = SearchField()
        self.search.setObjectName("unit_search")
        self.type_filter = QComboBox()
        self.type_filter.setObjectName("type_filter")
        self.category_filter = QComboBox()
        self.category_filter.setObjectName("category_filter")
        self.lieutenant_filter = self._toggle("lieutenant_filter")
        self.hacker_filter = self._toggle("hacker_filter")
        self.fits_filter = self._toggle("fits_filter")
        self.count = QLabel()
        self.count.setObjectName("unit_count")

        filters = QHBoxLayout()
        filters.setSpacing(4)
        filters.addWidget(self.type_filter, 1)
        filters.addWidget(self.category_filter, 2)
        toggles = QHBoxLayout()
        toggles.setSpacing(4)
        toggles.addWidget(self.lieutenant_filter)
        toggles.addWidget(self.hacker_filter)
        toggles.addWidget(self.fits_filter)
        toggles.addStretch(1)
        toggles.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addLayout(toggles)
        layout.addWidget(self.tree, 1)
        self._connect_signals()
        self.retranslate()

    @staticmethod
    def _toggle(name: str) -> QToolButton:
        button = QToolButton()
        button.setObjectName(name)
        button.setCheckable(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        return button

    def _connect_signals(self) -> None:
        self.search.textChanged.connect(self._on_search_changed)
        self.search.down_pressed.connect(self._on_search_down)
        self.type_filter.currentIndexChanged.connect(self._on_filters_changed)
        self.category_filter.currentIndexChanged.connect(self._on_filters_changed)
        for toggle in (self.lieutenant_filter, self.hacker_filter, self.fits_filter):
            toggle.toggled.connect(self._on_filters_changed)
        self.tree.activated.connect(self._on_activated)
        self.tree.selectionModel().currentChanged.connect(self._on_current_changed)
        self.proxy.modelReset.connect(self._on_rows_changed)
        self.proxy.layoutChanged.connect(self._on_rows_changed)

    def retranslate(self) -> None:
        self.model.retranslate()
        self.search.setPlaceholderText(tr("Search units, skills, weapons…"))
        self.search.setToolTip(tr("Type part of a unit's name, a skill or a weapon; every word must match"))
        self._fill_combo(self.type_filter, tr("All types"), [(t, type_name(t)) for t in UnitType])
        self._fill_combo(self.category_filter, tr("All categories"), [(c, category_name(c)) for c in Category])
        self.lieutenant_filter.setText(tr("Lieutenant"))
        self.lieutenant_filter.setToolTip(tr("Only options that can be the Lieutenant"))
        self.hacker_filter.setText(tr("Hacker"))
        self.hacker_filter.setToolTip(tr("Only options with a Hacking Device"))
        self.fits_filter.setText(tr("Fits"))
        self.fits_filter.setToolTip(tr("Only options that fit in the points and SWC left"))
        self._update_count()

    @staticmethod
    def _fill_combo(combo: QComboBox, everything: str, items: list[tuple[object, str]]) -> None:
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(everything, None)
        for value, label in items:
            combo.addItem(label, value)
        index = combo.findData(current) if current is not None else 0
        combo.setCurrentIndex(max(index, 0))
        combo.blockSignals(False)

    # ----- data ------------------------------------------------------------------------------
    def set_army(self, army: Army | None) -> None:
        self.model.set_army(army)
        self._update_count()

    def set_remaining(self, remaining: tuple[int, int] | None) -> None:
        """Points and SWC halves left in the list (for the 'fits' filter)."""
        self._remaining = remaining
        if self.fits_filter.isChecked():
            self._apply_filters()

    def entry_for(self, unit_id: int) -> UnitEntry | None:
        return next((e for e in self.model.entries if e.unit.id == unit_id), None)

    def current_entry(self) -> tuple[UnitEntry | None, OptionEntry | None]:
        return self.model.entry(self.proxy.mapToSource(self.tree.currentIndex()))

    def option_index(self, unit_id: int, group: int | None = None, option: int | None = None) -> QModelIndex:
        """The view index of a unit's option (the first one unless given); tests use it."""
        unit_index = self.proxy.mapFromSource(self.model.unit_index(unit_id))
        if not unit_index.isValid():
            return QModelIndex()
        for row in range(self.proxy.rowCount(unit_index)):
            child = self.proxy.index(row, 0, unit_index)
            key = child.data(Role.OPTION_KEY)
            if key and (group is None or (key[1], key[2]) == (group, option)):
                return child
        return QModelIndex()

    # ----- slots -------------------------------------------------------------------------------
    _remaining: tuple[int, int] | None = None

    def _on_search_down(self) -> None:
        self.tree.setFocus()
        if not self.tree.currentIndex().isValid() and self.proxy.rowCount():
            self.tree.setCurrentIndex(self.proxy.index(0, 0))

    def _on_search_changed(self, text: str) -> None:
        self.proxy.set_text(text)
        self._after_filter()

    def _on_filters_changed(self, *_: object) -> None:
        self._apply_filters()

    def _apply_filters(self) -> None:
        self.proxy.unit_type = self.type_filter.currentData()
        self.proxy.category = self.category_filter.currentData()
        self.proxy.lieutenant = self.lieutenant_filter.isChecked()
        self.proxy.hacker = self.hacker_filter.isChecked()
        self.proxy.remaining = self._remaining if self.fits_filter.isChecked() else None
        if self.fits_filter.isChecked() and self._remaining is None:
            self.proxy.remaining = (0, 0)
        self.proxy.refilter()
        self._after_filter()

    def _after_filter(self) -> None:
        searching = bool(self.search.text().strip()) or self.proxy.lieutenant or self.proxy.hacker
        if searching:
            self.tree.expandAll()
        self._update_count()

    def _on_rows_changed(self) -> None:
        self._update_count()

    def _update_count(self) -> None:
        shown = self.proxy.rowCount()
        total = self.model.rowCount()
        self.count.setText(tr("{shown} of {total}", shown=shown, total=total) if shown != total
                           else tr("{total} units", total=total))

    def _on_activated(self, index: QModelIndex) -> None:
        key = index.siblingAtColumn(0).data(Role.OPTION_KEY)
        if key is None:
            first = index.siblingAtColumn(0)
            self.tree.setExpanded(first, not self.tree.isExpanded(first))
            return
        self.option_activated.emit(*key)

    def _on_current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        unit, option = self.model.entry(self.proxy.mapToSource(current))
        self.unit_selected.emit(unit, option)

    def selection(self) -> QItemSelection:
        return self.tree.selectionModel().selection()
