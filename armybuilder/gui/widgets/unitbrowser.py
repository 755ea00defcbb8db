"""The unit browser: search as you type, filters, and the army's units with their options.

When the army has a Reinforcements list, a tab switches the browser to its units (they go to
Reinforcements groups). Units of the army's mercenary pool are drawn in italics and shown only with
the *Mercenaries* toggle, which is on by itself while the list's Soldiers of Fortune extra is."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTabBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from armybuilder.domain.packs import SeasonPack
from armybuilder.domain.profiles import Army
from armybuilder.domain.values import Category, UnitType
from armybuilder.gui import icons
from armybuilder.gui.labels import category_name, type_name
from armybuilder.gui.language import Retranslating
from armybuilder.gui.models.units import (
    Column,
    OptionEntry,
    Role,
    UnitEntry,
    UnitFilterProxy,
    UnitTreeModel,
    marks_for,
    unit_entries,
)
from armybuilder.gui.weapons import WeaponBook
from armybuilder.gui.widgets.parts import size_columns
from armybuilder.gui.widgets.quiet import set_tool_tip, set_visible
from armybuilder.gui.widgets.search import SearchField
from armybuilder.gui.widgets.wrapping import TipDelegate, WrappingTreeView
from armybuilder.i18n import tr, trn
from armybuilder.rules.categories import categories_of
from armybuilder.rules.engine import Report


class UnitBrowser(Retranslating, QWidget):
    """The army's units; activating an option (double-click, Enter) asks to add it to the list."""

    option_activated = Signal(int, int, int, bool)
    """(unit, group, option, from the Reinforcements army) to add."""
    unit_selected = Signal(object, object)
    """(UnitEntry or None, OptionEntry or None) now current."""
    section_changed = Signal(bool)
    """The player asked for the Reinforcements army's units (True) or the army's own (False)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._main_army: Army | None = None
        self._reinforcement_army: Army | None = None
        self._other_entries: dict[bool, list[UnitEntry]] = {}
        self.sections = QTabBar()
        self.sections.setObjectName("browser_sections")
        self.sections.setDocumentMode(True)
        self.sections.setExpanding(False)
        self.sections.setDrawBase(False)
        self.sections.addTab("")
        self.sections.addTab("")
        self.sections.setVisible(False)
        self.model = UnitTreeModel(self)
        self.proxy = UnitFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.mercenaries = False  # until the list's Soldiers of Fortune extra is on
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
        self.tree.setItemDelegate(TipDelegate(self.tree, self.tooltip))  # the model's cells keep no tooltips
        self.tree.setIndentation(14)  # unit names keep room for two lines at most (1440×900)
        size_columns(self.tree.header(), Column.NAME, fit=(Column.TYPE, Column.AVA, Column.SWC, Column.POINTS))

        self.search = SearchField()
        self.search.setObjectName("unit_search")
        self.type_filter = QComboBox()
        self.type_filter.setObjectName("type_filter")
        self.type_filter.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.type_filter.setMinimumContentsLength(8)
        self.category_filter = QComboBox()
        self.category_filter.setObjectName("category_filter")
        self.category_filter.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.category_filter.setMinimumContentsLength(8)
        self.lieutenant_filter = self._toggle("lieutenant_filter")
        self.hacker_filter = self._toggle("hacker_filter")
        self.fits_filter = self._toggle("fits_filter")
        self.mercenary_filter = self._toggle("mercenary_filter")
        self.count = QLabel()
        self.count.setObjectName("unit_count")
        self.mercenary_hint = QLabel()
        self.mercenary_hint.setObjectName("mercenary_hint")
        self.mercenary_hint.setWordWrap(True)
        self.mercenary_hint.setStyleSheet(f"color: {icons.MERCENARY_COLOR.name()}")
        self.mercenary_hint.setVisible(False)
        self._mercenaries_allowed = False
        self._mercenary_tip = ""
        self._report: Report | None = None
        self._expanded: set[int] | None = None
        """The units that were expanded before a search or filter expanded them all (restored after)."""

        filters = QHBoxLayout()  # the search and the two filters share a row: the tree keeps the height
        filters.setSpacing(4)
        filters.addWidget(self.search, 4)  # room for "Todas las categorías" at 1440×900
        filters.addWidget(self.type_filter, 2)
        filters.addWidget(self.category_filter, 3)
        toggles = QHBoxLayout()
        toggles.setSpacing(4)
        toggles.addWidget(self.lieutenant_filter)
        toggles.addWidget(self.hacker_filter)
        toggles.addWidget(self.fits_filter)
        toggles.addWidget(self.mercenary_filter)
        toggles.addStretch(1)
        toggles.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.sections)
        layout.addLayout(filters)
        layout.addLayout(toggles)
        layout.addWidget(self.mercenary_hint)
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
        for toggle in (self.lieutenant_filter, self.hacker_filter, self.fits_filter, self.mercenary_filter):
            toggle.toggled.connect(self._on_filters_changed)
        self.sections.currentChanged.connect(self._on_section_tab_changed)
        self.tree.activated.connect(self._on_activated)
        self.tree.selectionModel().currentChanged.connect(self._on_current_changed)
        self.tree.pressed.connect(self._on_pressed)
        self.proxy.modelReset.connect(self._on_rows_changed)
        self.proxy.layoutChanged.connect(self._on_rows_changed)

    def retranslate(self) -> None:
        self.model.retranslate()
        self.search.setPlaceholderText(tr("Search units, skills, weapons…"))
        self.search.setAccessibleName(tr("Search units, skills, weapons"))
        self.tree.setAccessibleName(tr("The army's units and their options"))
        self.type_filter.setAccessibleName(tr("Unit type"))
        self.category_filter.setAccessibleName(tr("Unit category"))
        self.search.setToolTip(tr("Type part of a unit's name, a skill or a weapon; every word must match"))
        self._fill_filters()
        self.lieutenant_filter.setText(tr("Lieutenant"))
        self.lieutenant_filter.setToolTip(tr("Only options that can be the Lieutenant"))
        self.hacker_filter.setText(tr("Hacker"))
        self.hacker_filter.setToolTip(tr("Only options with a Hacking Device"))
        self.fits_filter.setText(tr("Fits"))
        self.fits_filter.setToolTip(tr("Only options that fit in the points and SWC left"))
        self.sections.setTabText(0, tr("Army", context="browser section"))
        self.sections.setTabToolTip(0, tr("The army's own units"))
        self.sections.setTabText(1, tr("Reinforcements"))
        self.sections.setTabToolTip(1, tr("The units of the army's Reinforcements list: they go to Reinforcements "
                                          "groups, with a budget of their own"))
        self._show_mercenary_state()
        self._update_count()

    def _fill_filters(self) -> None:
        """The Type and Category choices: those the army's units have (with the categories the list's
        season adds), so every choice shows some units."""
        entries = self.model.entries
        types = [t for t in UnitType if any(e.type == t for e in entries)]
        found = {c for e in entries for c in categories_of(e.unit, self.model.season)}
        categories = [c for c in Category if c in found]
        self._fill_combo(self.type_filter, tr("All types"),
                         [(t.value, f"{type_name(t)} ({t.value})") for t in types])
        self._fill_combo(self.category_filter, tr("All categories"), [(c.value, category_name(c)) for c in categories])

    @staticmethod
    def _fill_combo(combo: QComboBox, everything: str, items: list[tuple[str, str]]) -> None:
        """Choices whose data is the value's text (a Qt combo hands an enum back as plain text)."""
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
    def set_weapon_book(self, book: WeaponBook) -> None:
        """The weapon profiles an option's tooltip shows (the army's data's)."""
        self.model.weapons = book

    def set_army(self, army: Army | None, reinforcements: bool = False) -> None:
        """Show an army's units; `reinforcements`: it has a Reinforcements list (a tab shows it)."""
        self._main_army = army
        self._reinforcement_army = None
        self._other_entries = {}
        self.sections.blockSignals(True)
        self.sections.setCurrentIndex(0)
        self.sections.blockSignals(False)
        self.sections.setVisible(army is not None and reinforcements)
        self._expanded = None
        self._report = None  # the list's report follows (set_report)
        self.model.set_army(army)
        self._after_army()

    def _after_army(self) -> None:
        """The model shows another army's units: its filters' choices, the list's marks, the filters."""
        self._fill_filters()
        self._mark()
        self._apply_filters()
        self._show_mercenary_state()

    @property
    def reinforcement(self) -> bool:
        """Whether the browser shows the Reinforcements army's units."""
        return self.model.reinforcement

    @property
    def reinforcement_army(self) -> Army | None:
        return self._reinforcement_army

    def set_reinforcement_army(self, army: Army | None) -> None:
        """The Reinforcements army's data, once loaded; shown when its tab is chosen."""
        self._reinforcement_army = army
        self._other_entries.pop(True, None)
        if self.sections.currentIndex() == 1:
            self.model.set_army(army, True)
            self._after_army()

    def show_section(self, reinforcement: bool) -> None:
        """Show the Reinforcements army's units (when loaded) or the army's own."""
        self.sections.setCurrentIndex(1 if reinforcement else 0)

    def _on_section_tab_changed(self, index: int) -> None:
        reinforcement = index == 1
        army = self._reinforcement_army if reinforcement else self._main_army
        if army is not None or not reinforcement:
            self.model.set_army(army, reinforcement)
        else:
            self.model.set_army(None, True)
        self._after_army()
        self.section_changed.emit(reinforcement)

    def set_mercenaries(self, allowed: bool, tip: str) -> None:
        """Whether the list may field the army's mercenary pool (Soldiers of Fortune on), and how to
        allow it. The Mercenaries toggle follows: on while allowed, off otherwise."""
        changed = allowed != self._mercenaries_allowed
        self._mercenaries_allowed = allowed
        self._mercenary_tip = tip
        if changed:
            self.mercenary_filter.setChecked(allowed)  # refilters
        self._show_mercenary_state()

    def _show_mercenary_state(self) -> None:
        count = sum(1 for e in self.model.entries if e.unit.mercenary)
        set_visible(self.mercenary_filter, count > 0)
        self.mercenary_filter.setText(tr("Mercenaries ({count})", count=count))
        tip = trn("Show the {n} unit of the army's mercenary pool (in italics)",
                  "Show the {n} units of the army's mercenary pool (in italics)", count)
        set_tool_tip(self.mercenary_filter, f"{tip}\n{self._mercenary_tip}" if self._mercenary_tip else tip)
        shown = count > 0 and self.mercenary_filter.isChecked() and not self._mercenaries_allowed
        self.mercenary_hint.setText(self._mercenary_tip)
        set_visible(self.mercenary_hint, shown and bool(self._mercenary_tip))

    def set_season(self, season: SeasonPack | None) -> None:
        """The list's season: categories it adds (ITS S17: Characters are also Veteran) show in the
        tooltips and the card, and the Category filter (its choices too) and the search find them."""
        if self.model.set_season(season):
            self._fill_filters()
            self._apply_filters()

    def set_report(self, report: Report | None) -> None:
        """The list as validated now: what its AVA and budget leave is marked (and, with Fits on, what no
        longer fits is hidden)."""
        self._report = report
        self._mark()
        if self.fits_filter.isChecked():
            self._apply_filters()

    def _mark(self) -> None:
        report = self._report
        self.model.set_marks(marks_for(self.model.entries, self.model.army, report.roster if report else None,
                                       report.totals if report else None, self.model.marks))

    def entry_for(self, unit_id: int, reinforcement: bool = False) -> UnitEntry | None:
        """A unit of the army (or of its Reinforcements army), with its options, for the card."""
        if reinforcement == self.model.reinforcement and self.model.army is not None:
            entries = self.model.entries
        else:
            army = self._reinforcement_army if reinforcement else self._main_army
            if army is None:
                return None
            if reinforcement not in self._other_entries:
                self._other_entries[reinforcement] = unit_entries(army, reinforcement)
            entries = self._other_entries[reinforcement]
        return next((e for e in entries if e.unit.id == unit_id), None)

    def tooltip(self, index: QModelIndex | QPersistentModelIndex) -> str:
        """What the row of the view's `index` says when the pointer rests on it."""
        return self.model.tooltip(self.proxy.mapToSource(index))

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
    def _on_search_down(self) -> None:
        self.tree.setFocus()
        if not self.tree.currentIndex().isValid() and self.proxy.rowCount():
            self.tree.setCurrentIndex(self.proxy.index(0, 0))
        elif self.tree.currentIndex().isValid():  # its card, even if it was current already
            self._on_pressed(self.tree.currentIndex())

    def _on_search_changed(self, text: str) -> None:
        self._keep_expansion()
        self.proxy.set_text(text)
        self._after_filter()

    def _on_filters_changed(self, *_: object) -> None:
        self._keep_expansion()
        self._apply_filters()
        self._show_mercenary_state()

    def _narrowing(self) -> bool:
        """Whether a search or an option filter narrows the options (then every unit shown is open)."""
        return self.proxy.searching or self.proxy.lieutenant or self.proxy.hacker

    def _keep_expansion(self) -> None:
        """Before a search or option filter opens every unit, remember which ones the player had open."""
        if self._expanded is None and not self._narrowing():
            self._expanded = {int(i.data(Role.UNIT_ID)) for i in self._top_indexes() if self.tree.isExpanded(i)}

    def _top_indexes(self) -> list[QModelIndex]:
        return [self.proxy.index(row, 0) for row in range(self.proxy.rowCount())]

    def _apply_filters(self) -> None:
        type_value = self.type_filter.currentData()
        category_value = self.category_filter.currentData()
        self.proxy.unit_type = UnitType(type_value) if type_value else None
        self.proxy.category = Category(category_value) if category_value else None
        self.proxy.lieutenant = self.lieutenant_filter.isChecked()
        self.proxy.hacker = self.hacker_filter.isChecked()
        self.proxy.mercenaries = self.mercenary_filter.isChecked()
        self.proxy.fits_only = self.fits_filter.isChecked()
        self.proxy.refilter()
        self._after_filter()

    def _after_filter(self) -> None:
        if self._narrowing():
            self.tree.expandAll()
        elif self._expanded is not None:  # the search is cleared: the units open before are open again
            wanted, self._expanded = self._expanded, None
            self.tree.collapseAll()
            for index in self._top_indexes():
                if int(index.data(Role.UNIT_ID)) in wanted:
                    self.tree.expand(index)
            if self.tree.currentIndex().isValid():
                self.tree.scrollTo(self.tree.currentIndex())
        self._update_count()

    def _on_rows_changed(self) -> None:
        self._update_count()

    def _update_count(self) -> None:
        shown = self.proxy.rowCount()
        total = self.model.rowCount()
        if not self.proxy.mercenaries:  # the Mercenaries toggle says how many it hides
            total -= sum(1 for e in self.model.entries if e.unit.mercenary)
        self.count.setText(tr("{shown} of {total}", shown=shown, total=total) if shown != total
                           else trn("{n} unit", "{n} units", total))

    def _on_activated(self, index: QModelIndex) -> None:
        key = index.siblingAtColumn(0).data(Role.OPTION_KEY)
        if key is None:
            first = index.siblingAtColumn(0)
            self.tree.setExpanded(first, not self.tree.isExpanded(first))
            return
        self.option_activated.emit(*key, self.model.reinforcement)

    def _on_pressed(self, index: QModelIndex) -> None:
        """A click shows the unit's card even when it was already current (the card may show a
        trooper of the list meanwhile, or the Fireteams tab may be in front)."""
        unit, option = self.model.entry(self.proxy.mapToSource(index.siblingAtColumn(0)))
        self.unit_selected.emit(unit, option)

    def _on_current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        unit, option = self.model.entry(self.proxy.mapToSource(current))
        self.unit_selected.emit(unit, option)

    def selection(self) -> QItemSelection:
        return self.tree.selectionModel().selection()
