"""The list editor: combat groups as a tree, with drag and drop, keyboard moves and an in-place
option picker. It shows the document's list and hands every edit back to the document."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QByteArray,
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QMenu,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui.document import ListDocument
from armybuilder.gui.fireteams.badge import TeamBadgeDelegate
from armybuilder.gui.models.roster import Column, ListChanges, ListTreeModel, Role
from armybuilder.gui.models.stored import DECORATION, DISPLAY, FONT, Cells
from armybuilder.gui.widgets.parts import size_columns
from armybuilder.gui.widgets.wrapping import CellSizes, WrappingTreeView
from armybuilder.i18n import tr

Index = QModelIndex | QPersistentModelIndex
FIGURES = (Column.SWC, Column.POINTS)
NAME_SHARE = 0.45
"""The trooper names' share of the list's width (the options get the rest after the figures)."""


class OptionEditor(QComboBox):
    """The drop-down of a trooper's options. It opens with its list shown; ↑/↓ move the highlight
    and Enter (or a click) chooses, which commits at once. ↑/↓ on the closed box open the list
    rather than commit the next option, and the mouse wheel does not change it by accident.
    Closing the list without choosing ends the edit with nothing changed."""

    chosen = Signal()
    cancelled = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("option_editor")
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._done = False
        self._watching = False
        self.activated.connect(self._on_activated)

    def _on_activated(self, _row: int) -> None:
        if not self._done:
            self._done = True
            self.chosen.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if (event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier):
            self.showPopup()
            event.accept()
            return
        super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        event.ignore()

    def showPopup(self) -> None:
        super().showPopup()
        popup = self.view().window()
        if popup is not self.window() and not self._watching:
            self._watching = True
            popup.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Hide and watched is self.view().window():
            # closed by a choice, Escape or a click outside; a choice is announced (activated)
            # right after the list hides, so look once it had its say
            QTimer.singleShot(0, self, self._after_popup)
        return super().eventFilter(watched, event)

    def _after_popup(self) -> None:
        if not self._done:
            self._done = True
            self.cancelled.emit()


class OptionDelegate(QStyledItemDelegate):
    """Edits a trooper's option in place with a drop-down of the unit's options (the rows' sizes are the
    model's, measured by the list editor)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = OptionEditor(parent)
        for label, key in index.data(Role.OPTIONS) or []:
            combo.addItem(label, key)
        combo.chosen.connect(lambda editor=combo: self._commit(editor))
        combo.cancelled.connect(lambda editor=combo: self.closeEditor.emit(
            editor, QStyledItemDelegate.EndEditHint.RevertModelCache))
        QTimer.singleShot(0, combo, combo.showPopup)  # once the view has placed it
        return combo

    def _commit(self, editor: QComboBox) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        if editor.view().isVisible():
            return  # the list is open: the player's highlight stays where it is
        current = index.data(Role.CURRENT_OPTION)
        row = editor.findData(current)
        editor.setCurrentIndex(max(row, 0))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        key = editor.currentData()
        if key is not None and tuple(key) != tuple(index.data(Role.CURRENT_OPTION) or ()):
            model.setData(index, tuple(key), Qt.ItemDataRole.EditRole)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: Index) -> None:
        rect = option.rect
        editor.setGeometry(rect.x(), rect.y(), max(rect.width(), editor.sizeHint().width()), rect.height())


class ListTree(WrappingTreeView):
    """The tree view; drops go to the model, which forwards them to the document. Its rows' sizes are
    stored in the model (Qt's delegates read them): laying the rows out calls no Python."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemDelegate(QStyledItemDelegate(self))
        self.before_layout: Callable[[], None] | None = None
        """Called before the rows are laid out (the list editor measures them again if a column's width
        changed since they were measured)."""
        self.setObjectName("list_tree")
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.setAnimated(False)
        self.setExpandsOnDoubleClick(False)
        self.setAlternatingRowColors(True)

    def doItemsLayout(self) -> None:
        if self.before_layout is not None:
            self.before_layout()
        super().doItemsLayout()


class ListEditor(QWidget):
    """The list as a tree of combat groups; keeps selection and expansion across edits."""

    move_requested = Signal(int)
    """Move the selected troopers to this combat group (0: a new one), from the context menu."""
    selection_changed = Signal()
    """The selected troopers (or the current row) changed: once per change, never halfway through the
    model's update after an edit (whose rows may be taken out and put back)."""

    def __init__(self, document: ListDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = ListTreeModel(document, self)
        self.tree = ListTree()
        self.tree.setModel(self.model)
        self.tree.setItemDelegateForColumn(Column.OPTION, OptionDelegate(self.tree))
        self.badges = TeamBadgeDelegate(self.tree)
        """Draws the names of a list with fireteams (`_show_badges`)."""
        self._plain_names = self.tree.itemDelegate()
        self._show_badges()
        self._sizes = CellSizes(self.tree, (Column.NAME, Column.OPTION))
        self._measured_for: tuple[int, ...] = ()
        self.model.set_sizer(self._cell_sizes)
        self.tree.before_layout = self._measure_if_resized
        size_columns(self.tree.header(), Column.OPTION, interactive=(Column.NAME,))
        for column in FIGURES:  # as wide as their contents: measured here, once per update (see _fit_figures)
            self.tree.header().setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        self._name_share = NAME_SHARE
        self._sizing = False
        self.tree.viewport().installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tree)
        self._pending_selection: list[str] = []
        self._inserted: list[str] = []
        self._removed_at: tuple[int, int] | None = None
        self._updating = False
        self._auto_scroll = True
        self._figures_shown: tuple[object, ...] = ()
        self._selection_moved = False
        self._selection_pending = False
        self._rows_changed = False
        """Rows were inserted or removed since the last update (the tree lays all its rows out again)."""
        self._kept: tuple[list[tuple[str, str, int]], tuple[str, str, int, int] | None] = ([], None)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.tree.customContextMenuRequested.connect(self._on_context_menu_requested)
        self.model.modelAboutToBeReset.connect(self._on_model_about_to_reset)
        self.model.modelReset.connect(self._on_model_reset)
        self.model.rowsInserted.connect(self._on_rows_inserted)
        self.model.rowsRemoved.connect(self._on_rows_removed)
        self.model.about_to_update.connect(self._on_about_to_update)
        self.model.list_updated.connect(self._on_list_updated)
        self.tree.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.tree.header().sectionResized.connect(self._on_section_resized)
        self.tree.header().sectionResized.connect(self._remeasure)
        self.model.modelReset.connect(self._fit_figures)
        self.model.headerDataChanged.connect(self._fit_figures)
        self.tree.expanded.connect(self._fit_figures)
        self.tree.collapsed.connect(self._fit_figures)
        self.document.undo_stack.indexChanged.connect(self._on_edit_done)
        self.document.focus_requested.connect(self._on_focus_requested)

    def _show_badges(self, relaid: bool = True) -> None:
        """The names are drawn by the badge delegate while the list has a fireteam, else by the tree's own
        (which is what the badge delegate draws a name without a team with: Qt's, in C++, where the badge
        delegate is called in Python for every name painted — a third of the tree's paint after an edit).
        Another delegate makes the tree lay all its rows out again: the badges go only when the rows are
        laid out anyway (`relaid`: rows were inserted or removed, or the model was reset); until then the
        badge delegate draws the names without a team as the tree's own does."""
        wanted = self.badges if self.model.has_fireteams else self._plain_names
        shown = self.tree.itemDelegateForColumn(Column.NAME)
        if shown is not wanted and (wanted is self.badges or relaid):
            self.tree.setItemDelegateForColumn(Column.NAME, wanted)
            # laid out now, not on Qt's timer after the window has repainted for the edit (the whole tree was
            # then painted twice when the first fireteam was formed)
            self.tree.executeDelayedItemsLayout()

    # ----- columns ---------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_name_column()
        return super().eventFilter(watched, event)

    def _room(self) -> int:
        header = self.tree.header()
        return self.tree.viewport().width() - header.sectionSize(Column.SWC) - header.sectionSize(Column.POINTS)

    def _cell_sizes(self, cells: Cells, depth: int) -> list[QSize]:
        """The sizes of a row's cells (the model stores them): wrapped names and options, one-line figures."""
        reserved = self.badges.reserved_for(cells[Column.NAME].get(Role.FIRETEAM))
        return [self._sizes.size(values.get(DISPLAY), values.get(FONT), values.get(DECORATION) is not None, column,
                                 depth, reserved if column == Column.NAME else 0)
                for column, values in enumerate(cells)]

    def _widths(self) -> tuple[int, ...]:
        return tuple(self.tree.columnWidth(column) for column in Column)

    def _remeasure(self, *_: object) -> None:
        """A column's width changed: every row is measured again (its text wraps differently)."""
        self._measured_for = self._widths()
        self.model.remeasure()
        self.tree.scheduleDelayedItemsLayout()

    def _measure_if_resized(self) -> None:
        """Before the rows are laid out: measured for the columns' widths now (a stretched column changes
        width with the view without always saying so)."""
        if self._widths() != self._measured_for:
            self._measured_for = self._widths()
            self.model.remeasure()

    def _fit_figures(self, *_: object) -> None:
        """The SWC and points columns as wide as their widest figure (or title) among the rows shown. Qt's
        own "resize to contents" measured every row again at every change of any row, several times an edit;
        here each row's widths are the ones the model measured with its cells (what the delegate answers,
        `ListTreeModel.figure_widths`), and the columns are resized only when a width shown changed."""
        header = self.tree.header()
        widths = [0, 0]
        expanded: dict[tuple[Any, ...], bool] = {}
        for key, figures in self.model.figure_widths().items():
            if key[0] != "group" and not self._row_shown(key, expanded):
                continue
            widths = [max(width, figure) for width, figure in zip(widths, figures, strict=True)]
        titles = tuple(header.sectionSizeHint(column) for column in FIGURES)
        if (tuple(widths), titles) == self._figures_shown:
            return
        self._figures_shown = (tuple(widths), titles)
        for column, title, shown in zip(FIGURES, titles, widths, strict=True):
            width = min(max(title, header.minimumSectionSize(), shown), header.maximumSectionSize())
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def _row_shown(self, key: tuple[Any, ...], expanded: dict[tuple[Any, ...], bool]) -> bool:
        """Whether the tree shows a trooper's or a peripheral's row (as `ListTreeModel._rows` keys them): the
        rows above it expanded (`expanded` remembers the answers of one fit)."""
        uid = str(key[1])
        if ("trooper", uid) not in expanded:
            index = self.model.trooper_index(uid)
            group = index.parent()
            expanded["group", uid] = group.isValid() and self.tree.isExpanded(group)
            expanded["trooper", uid] = index.isValid() and self.tree.isExpanded(index)
        return expanded["group", uid] and (key[0] == "trooper" or expanded["trooper", uid])

    def _shown_rows(self, column: int) -> Iterator[QModelIndex]:
        """The cells of `column` in every row the tree shows (the children of expanded rows)."""
        pending = [QModelIndex()]
        while pending:
            parent = pending.pop()
            for row in range(self.model.rowCount(parent)):
                index = self.model.index(row, 0, parent)
                yield index.siblingAtColumn(column)
                if self.model.hasChildren(index) and self.tree.isExpanded(index):
                    pending.append(index)

    def _fit_name_column(self) -> None:
        """The names keep their share of the room the figures leave, however wide the list is; the
        options get the rest, so no column is pushed off the edge."""
        room = self._room()
        if room <= 0:
            return
        self._sizing = True
        try:
            self.tree.header().resizeSection(Column.NAME, max(110, round(room * self._name_share)))
        finally:
            self._sizing = False

    def _on_section_resized(self, section: int, _old: int, new: int) -> None:
        room = self._room()
        if section == Column.NAME and not self._sizing and room > 0 and self.tree.isVisible():
            self._name_share = min(0.7, max(0.2, new / room))  # the player dragged it

    def save_columns(self) -> QByteArray:
        return QByteArray(f"{self._name_share:.4f}".encode())

    def restore_columns(self, state: QByteArray | bytes) -> bool:
        try:
            share = float(_raw(state).decode())
        except (ValueError, UnicodeDecodeError):
            return False
        self._name_share = min(0.7, max(0.2, share))
        self._fit_name_column()
        return True

    # ----- selection -------------------------------------------------------------------------
    def selected_uids(self) -> list[str]:
        """Selected troopers in list order (a selected peripheral stands for its controller)."""
        chosen = {str(i.data(Role.UID)) for i in self.tree.selectionModel().selectedRows()
                  if i.data(Role.KIND) in ("trooper", "peripheral")}
        return [u for u in self.document.uids_in_order() if u in chosen]

    def current_uid(self) -> str | None:
        index = self.tree.currentIndex()
        if index.isValid() and index.data(Role.KIND) in ("trooper", "peripheral"):
            return str(index.data(Role.UID))
        uids = self.selected_uids()
        return uids[0] if uids else None

    @property
    def selection_pending(self) -> bool:
        """The troopers selected went in an update and the edit selects others before it ends: what is selected
        now (nothing) is about to change, and the change will be said (`selection_changed`)."""
        return self._selection_pending

    def current_group(self) -> int | None:
        """The combat group of the current item (where new troopers are added)."""
        index = self.tree.currentIndex()
        value = index.data(Role.COMBAT_GROUP) if index.isValid() else None
        return int(value) if value is not None else None

    def select_troopers(self, uids: list[str] | tuple[str, ...]) -> None:
        """Select these troopers (e.g. the ones a violation concerns) and show the first."""
        selection = QItemSelection()
        first: QModelIndex | None = None
        for uid in uids:
            index = self.model.trooper_index(uid)
            if index.isValid():
                selection.select(index, index.siblingAtColumn(len(Column) - 1))
                first = first or index
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        if first is not None:  # current first: selection listeners read the current trooper
            self.tree.selectionModel().setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
        self.tree.selectionModel().select(selection, flags)
        if first is not None:
            self.tree.scrollTo(first)

    def reveal_selection(self) -> None:
        """Scroll the first selected trooper into view, now and once the rows' heights settle (a wrapped
        row is measured when it is laid out, which can move the rows below it)."""
        uids = self.selected_uids()
        if not uids:
            return
        first = uids[0]

        def scroll() -> None:
            index = self.model.trooper_index(first)
            if index.isValid():
                self.tree.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)

        scroll()
        QTimer.singleShot(0, self.tree, scroll)

    def edit_option(self) -> None:
        uid = self.current_uid()
        if uid is None:
            return
        index = self.model.trooper_index(uid, Column.OPTION)
        if index.isValid():
            self.tree.setCurrentIndex(index)
            self.tree.edit(index)

    def context_menu(self) -> QMenu:
        """The right-click menu: the tree's actions, then 'Move to' every other combat group of the
        selected troopers' section (main or Reinforcements)."""
        menu = QMenu(self.tree)
        menu.setObjectName("list_context_menu")
        for action in self.tree.actions():
            menu.addAction(action)
        uids = self.selected_uids()
        army_list = self.document.army_list
        if uids and army_list is not None:
            groups = [g for g in (army_list.group_of(u) for u in uids) if g is not None]
            sections = {g.reinforcement for g in groups}
            if len(sections) != 1:
                return menu  # main and Reinforcements troopers never share a group
            reinforcement = sections.pop()
            here = {g.number for g in groups}
            move = menu.addMenu(tr("Move to"))
            move.setObjectName("move_to_menu")
            for group in army_list.groups:
                if group.reinforcement != reinforcement or here == {group.number}:
                    continue
                label = (tr("Reinforcements {number}", number=group.number) if reinforcement
                         else tr("Combat Group {number}", number=group.number))
                action = move.addAction(label)
                action.setData(group.number)
                action.triggered.connect(lambda _=False, n=group.number: self.move_requested.emit(n))
            move.addSeparator()
            fresh = move.addAction(tr("New Reinforcements group") if reinforcement else tr("New combat group"))
            fresh.setData(0)
            fresh.triggered.connect(lambda _=False: self.move_requested.emit(0))
        return menu

    # ----- slots -------------------------------------------------------------------------------
    def _on_context_menu_requested(self, position: QPoint) -> None:
        menu = self.context_menu()
        menu.exec(self.tree.viewport().mapToGlobal(position))
        menu.deleteLater()

    def _on_selection_changed(self, *_: object) -> None:
        if self._updating:
            self._selection_moved = True
        else:
            self._selection_pending = False
            self.selection_changed.emit()

    def _flush_selection(self) -> None:
        """Say that the selection changed, if an update changed it and nothing said so since."""
        if self._selection_pending:
            self._selection_pending = False
            self.selection_changed.emit()

    def _row_key(self, index: QModelIndex) -> tuple[str, str, int]:
        """A row as (kind, uid, peripheral position): what it is, wherever the update puts it."""
        kind = str(index.data(Role.KIND))
        return kind, str(index.data(Role.UID) if kind != "group" else index.data(Role.COMBAT_GROUP)), \
            index.row() if kind == "peripheral" else -1

    def _index_of(self, key: tuple[str, str, int], column: int = 0) -> QModelIndex:
        kind, name, position = key
        if kind == "group":
            index = self.model.group_index(int(name))
        else:
            index = self.model.trooper_index(name)
            if kind == "peripheral":
                index = self.model.index(position, 0, index) if index.isValid() else QModelIndex()
        return index.siblingAtColumn(column) if index.isValid() and column else index

    def _on_about_to_update(self) -> None:
        """Before an in-place update: what is selected and current, to keep across rows taken out and put back.
        The view does not scroll to a current row Qt picks while rows go (that would lay every row out once
        more, mid-update): the editor chooses what to show once the update is done."""
        self._updating = True
        self._auto_scroll = self.tree.hasAutoScroll()
        self.tree.setAutoScroll(False)
        self._selection_moved = False
        self._kept = self._selection_state()

    def _selection_state(self) -> tuple[list[tuple[str, str, int]], tuple[str, str, int, int] | None]:
        """The selected rows and the current one (with its column), each as what it is (`_row_key`)."""
        selection = self.tree.selectionModel()
        current = self.tree.currentIndex()
        rows = [self._row_key(index) for index in selection.selectedRows()]
        return rows, (*self._row_key(current), current.column()) if current.isValid() else None

    def _restore_kept(self) -> None:
        """After an update: rows that were selected (or current) and are still there stay so."""
        rows, current = self._kept
        self._kept = ([], None)
        selection = self.tree.selectionModel()
        wanted = [index for key in rows if (index := self._index_of(key)).isValid()]
        if current is not None:
            index = self._index_of(current[:3], current[3])
            if index.isValid() and index != self.tree.currentIndex():
                selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
        selected = {self._row_key(index) for index in selection.selectedRows()}
        if any(self._row_key(index) not in selected for index in wanted):
            chosen = QItemSelection()
            for index in wanted:
                chosen.select(index, index.siblingAtColumn(len(Column) - 1))
            selection.select(chosen, QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows)

    def _on_model_about_to_reset(self) -> None:
        if not self._pending_selection:
            self._pending_selection = self.selected_uids()
        current = self.tree.currentIndex()
        self._current_group = current.data(Role.COMBAT_GROUP) if current.isValid() else None
        self._current_kind = current.data(Role.KIND) if current.isValid() else None

    def _on_model_reset(self) -> None:
        self._show_badges()
        self.tree.expandAll()
        wanted, self._pending_selection = self._pending_selection, []
        if wanted:
            self.select_troopers([u for u in wanted if self.model.trooper_index(u).isValid()])
        elif getattr(self, "_current_kind", None) == "group" and self._current_group is not None:
            index = self.model.group_index(int(self._current_group))
            if index.isValid():
                self.tree.setCurrentIndex(index)

    def _on_rows_removed(self, *_: object) -> None:
        self._rows_changed = True

    def _on_rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        """New rows show their contents: a new group, a trooper's peripherals (also of a trooper put back)."""
        self._rows_changed = True
        if parent.isValid():
            self.tree.expand(parent)
        for row in range(first, last + 1):
            index = self.model.index(row, 0, parent)
            if self.model.hasChildren(index):
                self.tree.expand(index)

    def _on_list_updated(self, changes: ListChanges) -> None:
        """Gather what an edit (one history entry, maybe several steps) inserted and removed; keep the
        selection of rows that were put back; say once that the selection changed, if it did."""
        self._inserted.extend(u for u in changes.inserted if u not in self._inserted)
        if changes.removed and self._removed_at is None:
            self._removed_at = changes.removed[0][1:]
        if changes.written or self._rows_changed:  # else no figure shown changed (nor its width)
            self._fit_figures()
        self._show_badges(self._rows_changed)
        self._rows_changed = False
        before = self._kept
        try:
            self._restore_kept()
        finally:
            self._updating = False
            self.tree.setAutoScroll(self._auto_scroll)
        after = self._selection_state()
        if self._selection_moved and (sorted(after[0]), after[1]) == (sorted(before[0]), before[1]):
            self._selection_moved = False  # rows taken out and put back, the very same selected and current
        if self._selection_moved:
            self._selection_moved = False
            if changes.removed and not self.tree.selectionModel().hasSelection():
                # the selected troopers went: the edit selects the one in their place (`_on_edit_done`),
                # and the selection is told once, then
                self._selection_pending = True
                QTimer.singleShot(0, self, self._flush_selection)
            else:
                self.selection_changed.emit()

    def _on_edit_done(self, *_: object) -> None:
        """After an edit, undo or redo: troopers that appeared (an undone removal) are selected;
        when the selected troopers went, the one now in their place (else the one before it) is,
        so the keyboard can go on (Delete, Delete…)."""
        inserted, self._inserted = [u for u in self._inserted if self.model.trooper_index(u).isValid()], []
        removed_at, self._removed_at = self._removed_at, None
        if inserted:
            self.select_troopers(inserted)
        elif removed_at is not None and not self.selected_uids():
            self._select_near(*removed_at)
        self._flush_selection()

    def _select_near(self, number: int, row: int) -> None:
        group = self.model.group_index(number)
        if not group.isValid():
            return
        count = self.model.rowCount(group)
        if count:
            uid = self.model.index(min(row, count - 1), 0, group).data(Role.UID)
            if uid is not None:
                self.select_troopers([str(uid)])
                return
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.tree.selectionModel().setCurrentIndex(group, flags)

    def _on_focus_requested(self, uids: tuple[str, ...]) -> None:
        self.select_troopers(list(uids))


def _raw(state: QByteArray | bytes) -> bytes:
    return bytes(state.data()) if isinstance(state, QByteArray) else bytes(state)
