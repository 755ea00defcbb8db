"""The list library's panel on the start page: where the lists are (and a way to choose another folder),
a search box and a tag filter over a sortable table of the lists, and buttons for what can be done with
the lists selected. It holds no logic: the feature (`gui.library.feature`) acts on its signals."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui.fonts import set_font
from armybuilder.gui.language import Retranslating
from armybuilder.gui.library.model import LibraryColumn, LibraryFilter, LibraryModel, LibraryRole
from armybuilder.gui.widgets.search import SearchField
from armybuilder.i18n import tr


class LibraryPanel(Retranslating, QWidget):
    """The library's table and its controls; `bind` ties a button to the action it triggers."""

    activated = Signal(str)
    """A list (its path) was double-clicked or had Enter pressed on it."""
    selection_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("library_panel")
        self.title = QLabel()
        set_font(self.title, bold=True, scale=1.25)
        self.folder = QLabel()
        self.folder.setObjectName("library_folder")
        self.folder.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.change_folder = QToolButton()
        self.change_folder.setObjectName("library_change_folder")
        self.search = SearchField()
        self.search.setObjectName("library_search")
        self.tag_filter = QComboBox()
        self.tag_filter.setObjectName("library_tag_filter")
        self.count = QLabel()
        self.count.setObjectName("library_count")
        self.model = LibraryModel(self)
        self.proxy = LibraryFilter(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.DisplayRole)
        self.table = QTableView()
        self.table.setObjectName("library_table")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(LibraryColumn.CHANGED, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(LibraryColumn.NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(40)
        self.empty = QLabel()
        self.empty.setObjectName("library_empty")
        self.empty.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        self.undo_note = QLabel()
        self.undo_note.setObjectName("library_undo_note")
        self.undo_note.setWordWrap(True)
        self.undo_button = QPushButton()
        self.undo_button.setObjectName("library_undo_button")
        self.undo_note.setVisible(False)
        self.undo_button.setVisible(False)

        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.folder, 0)
        top.addWidget(self.change_folder)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 3)
        filters.addWidget(self.tag_filter, 1)
        filters.addWidget(self.count)
        self.button_row = QHBoxLayout()
        self.button_row.setSpacing(4)
        undo = QHBoxLayout()
        undo.addWidget(self.undo_note, 1)
        undo.addWidget(self.undo_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1, Qt.AlignmentFlag.AlignTop)  # in the table's place, under the search
        layout.addLayout(self.button_row)
        layout.addLayout(undo)
        self._connect_signals()
        self.retranslate()

    def _connect_signals(self) -> None:
        self.search.textChanged.connect(self.proxy.set_text)
        self.search.textChanged.connect(self._update_count)
        self.search.down_pressed.connect(self._on_search_down)
        self.tag_filter.currentIndexChanged.connect(self._on_tag_chosen)
        self.table.activated.connect(self._on_activated)
        self.table.selectionModel().selectionChanged.connect(self.selection_changed)
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)

    def retranslate(self) -> None:
        self.title.setText(tr("Your lists"))
        self.change_folder.setText(tr("Change folder…"))
        self.change_folder.setToolTip(tr("Keep the library in another folder"))
        self.search.setPlaceholderText(tr("Search lists: name, army, rules, tag…"))
        self.search.setAccessibleName(tr("Search the list library"))
        self.tag_filter.setAccessibleName(tr("Show the lists with this tag"))
        self.table.setAccessibleName(tr("The lists of the library"))
        self.empty.setText(tr("No lists here yet. Lists you save in this folder appear here; open one from "
                              "anywhere with “Open a list file…”."))
        self.undo_button.setText(tr("Undo delete"))
        self.fill_tags(self.model.notes.all_tags())
        self.model.retranslate()
        self._update_count()

    # ----- contents -----------------------------------------------------------------------------
    def show_folder(self, text: str, tooltip: str) -> None:
        self.folder.setText(text)
        self.folder.setToolTip(tooltip)

    def fill_tags(self, tags: list[str]) -> None:
        current = self.tag_filter.currentData()
        self.tag_filter.blockSignals(True)
        self.tag_filter.clear()
        self.tag_filter.addItem(tr("All tags"), None)
        for tag in tags:
            self.tag_filter.addItem(tag, tag)
        index = self.tag_filter.findData(current) if current is not None else 0
        self.tag_filter.setCurrentIndex(max(index, 0))
        self.tag_filter.blockSignals(False)
        self.proxy.set_tag(self.tag_filter.currentData())

    def bind(self, name: str, action: QAction) -> QPushButton:
        """A button for `action` (worded like it, enabled like it) in the panel's row; the action also
        goes in the table's context menu (and its shortcut works while the panel has focus)."""
        button = QPushButton()
        button.setObjectName(f"library_button_{name}")
        button.clicked.connect(action.trigger)

        def follow() -> None:
            button.setText(action.iconText())
            button.setToolTip(action.toolTip())
            button.setEnabled(action.isEnabled())

        action.changed.connect(follow)
        follow()
        self.button_row.addWidget(button)
        self.buttons[name] = button
        self.table.addAction(action)
        return button

    def selected_paths(self) -> list[str]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [str(self.proxy.index(row, 0).data(LibraryRole.PATH)) for row in rows]

    def select_path(self, path: str) -> None:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(LibraryRole.PATH) == path:
                self.table.setCurrentIndex(index)
                self.table.selectRow(row)
                self.table.scrollTo(index)
                return

    def fit_columns(self) -> None:
        """Each column as wide as its contents, up to a limit (the name takes the rest): a long army or
        rules name is cut short with its whole text in the tooltip, and the table keeps its width."""
        header = self.table.horizontalHeader()
        limit = max(90, self.table.viewport().width() // 6)
        for column in (LibraryColumn.TAGS, LibraryColumn.ENTRY):  # shown once some list has one
            used = any(self.model.index(r, column).data() for r in range(self.model.rowCount()))
            self.table.setColumnHidden(column, not used)
        for column in LibraryColumn:
            if column == LibraryColumn.NAME or self.table.isColumnHidden(column):
                continue
            wanted = max(self.table.sizeHintForColumn(column), header.sectionSizeHint(column))
            header.resizeSection(column, min(wanted, limit))

    def _update_count(self, *_: object) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count.setText(tr("{shown} of {total}", shown=shown, total=total) if shown != total else "")
        self.empty.setVisible(total == 0)
        self.table.setVisible(total > 0)
        self.fit_columns()

    def _on_tag_chosen(self, *_: object) -> None:
        self.proxy.set_tag(self.tag_filter.currentData())
        self._update_count()

    def _on_search_down(self) -> None:
        self.table.setFocus()
        if not self.table.currentIndex().isValid() and self.proxy.rowCount():
            self.table.selectRow(0)

    def _on_activated(self, index: QModelIndex) -> None:
        path = index.siblingAtColumn(0).data(LibraryRole.PATH)
        if path:
            self.activated.emit(str(path))
