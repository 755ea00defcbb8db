"""The Fireteams panel: the list's declared fireteams with their members, level and legality, and
the selected team's explanation, bonuses and problems; and the fireteam finder's panel."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QAbstractItemModel, QItemSelectionModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui import icons
from armybuilder.gui.fireteams.dialog import bonuses_html
from armybuilder.gui.fireteams.models import (
    FinderColumn,
    FinderModel,
    FinderRole,
    FireteamTreeModel,
    TeamColumn,
    TeamRole,
    level_text,
)
from armybuilder.gui.fireteams.state import FireteamState, team_colour
from armybuilder.gui.language import Retranslating
from armybuilder.gui.widgets.parts import size_columns
from armybuilder.gui.widgets.quiet import set_visible
from armybuilder.gui.widgets.wrapping import WrappingDelegate, WrappingTreeView
from armybuilder.i18n import tr
from armybuilder.rules.fireteams.finder import PossibleFireteam, Suggestion

Index = QModelIndex | QPersistentModelIndex


def button_row(actions: Sequence[QAction]) -> QHBoxLayout:
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    for action in actions:
        button = QToolButton()
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        row.addWidget(button)
    row.addStretch(1)
    return row


def read_only_tree(name: str, model: QAbstractItemModel, wrap_columns: tuple[int, ...]) -> WrappingTreeView:
    """A tree of whole-row items the user reads and clicks (never edits), texts wrapping in `wrap_columns`."""
    tree = WrappingTreeView()
    tree.setObjectName(name)
    tree.setItemDelegate(WrappingDelegate(tree, wrap_columns))
    tree.setModel(model)
    tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    tree.setAnimated(False)
    tree.setExpandsOnDoubleClick(False)
    return tree


class FireteamPanel(Retranslating, QWidget):
    """Declared fireteams (tree) over the selected team's details."""

    troopers_clicked = Signal(tuple)
    """Trooper uids to select in the list editor (a team's members, or one member)."""
    team_changed = Signal()

    def __init__(self, state: FireteamState, actions: Sequence[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fireteam_panel")
        self.state = state
        self._syncing = False
        self.model = FireteamTreeModel(state, self)
        self.tree = read_only_tree("fireteam_tree", self.model, (TeamColumn.NAME, TeamColumn.DETAIL))
        size_columns(self.tree.header(), TeamColumn.NAME, fit=(TeamColumn.LEVEL,), interactive=(TeamColumn.DETAIL,))
        self.tree.header().resizeSection(TeamColumn.DETAIL, 130)
        self.placeholder = QLabel()
        self.placeholder.setObjectName("fireteam_placeholder")
        self.placeholder.setWordWrap(True)
        self.placeholder.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        self.details = QTextBrowser()
        self.details.setObjectName("fireteam_details")
        self.details.setOpenLinks(False)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(button_row(actions))
        top_layout.addWidget(self.placeholder)
        top_layout.addWidget(self.tree, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.details)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([420, 280])
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.splitter)
        self._details_text: str | None = None
        self.tree.selectionModel().currentRowChanged.connect(self._on_current_changed)
        self.tree.clicked.connect(self._on_clicked)
        self.retranslate()

    def retranslate(self) -> None:
        self.model.retranslate()
        self.tree.setAccessibleName(tr("The list's fireteams"))
        self.details.setAccessibleName(tr("The selected fireteam: members, level and bonuses"))
        self.placeholder.setText(tr("No fireteams yet. Select troopers of one combat group in the list and choose "
                                    "Form fireteam… (Ctrl+T), or declare one the finder found."))
        self.refresh()

    def refresh(self) -> None:
        """Show the document's fireteams as they are now, keeping the selected team."""
        current = self.current_team()
        self.model.refresh()
        self.tree.expandAll()
        has_teams = self.model.top_count() > 0
        set_visible(self.placeholder, not has_teams)
        set_visible(self.tree, has_teams)
        if current is not None:
            self.select_team(current, emit=False)
        self._show_details()

    def current_team(self) -> str | None:
        index = self.tree.currentIndex()
        value = index.data(TeamRole.TEAM) if index.isValid() else None
        return str(value) if value is not None else None

    def select_team(self, uid: str | None, emit: bool = True) -> None:
        """Make this team (None: none) the panel's current one."""
        row = self.model.team_row(uid) if uid is not None else -1
        selection = self.tree.selectionModel()
        self._syncing = True
        if row < 0:
            selection.clearSelection()
            selection.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
        else:
            index = self.model.top_index(row)
            selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                      | QItemSelectionModel.SelectionFlag.Rows)
            self.tree.scrollTo(index)
        self._syncing = False
        self._show_details()
        if emit:
            self.team_changed.emit()

    def _on_current_changed(self, *_: object) -> None:
        self._show_details()
        if not self._syncing:
            self.team_changed.emit()

    def _on_clicked(self, index: Index) -> None:
        member = index.data(TeamRole.MEMBER)
        if member is not None:
            self.troopers_clicked.emit((str(member),))
            return
        assessment = self.model.assessment_at(index)
        if assessment is not None:
            self.troopers_clicked.emit(tuple(assessment.fireteam.members))

    def _show_details(self) -> None:
        uid = self.current_team()
        assessment = self.state.assessment(uid) if uid is not None else None
        if assessment is None:
            count = self.model.top_count()
            text = tr("Select a fireteam to see its level, bonuses and problems.") if count else ""
            self._set_details(f"<p style='color:{icons.INFO_COLOR.name()}'>{html.escape(text)}</p>")
            return
        colour = team_colour(self.state.index_of(uid or ""))
        state = (f"<span style='color:{icons.LEGAL_COLOR.name()}'>{html.escape(tr('✔ Legal'))}</span>"
                 if assessment.legal else
                 f"<span style='color:{icons.ERROR_COLOR.name()}'>{html.escape(tr('✖ Not legal'))}</span>")
        where = (html.escape(tr("Combat Group {number}", number=assessment.combat_group))
                 if assessment.combat_group is not None else "")
        parts = [f"<p><span style='color:{colour}'>■</span> <b>{html.escape(assessment.label)}</b> — {where} — "
                 f"{state} — <b>{html.escape(level_text(assessment.level))}</b></p>",
                 f"<p>{html.escape(assessment.explanation)}</p>"]
        bonuses = bonuses_html(assessment)
        if assessment.legal and bonuses:
            parts.append(f"<p><b>{html.escape(tr('Bonuses:'))}</b></p>{bonuses}")
        elif not assessment.legal:
            parts.append(f"<p><i>{html.escape(tr('No bonuses while the fireteam is not legal.'))}</i></p>")
        errors = [v for v in assessment.violations if v.is_error]
        if errors:
            items = "".join(f"<li style='color:{icons.ERROR_COLOR.name()}'>{html.escape(v.message)}</li>"
                            for v in errors)
            parts.append(f"<p><b>{html.escape(tr('Problems:'))}</b></p><ul style='margin:0'>{items}</ul>")
        self._set_details("".join(parts))

    def _set_details(self, text: str) -> None:
        """Show `text` in the details box, unless it shows it already (laying it out again is not free)."""
        if text != self._details_text:
            self._details_text = text
            self.details.setHtml(text)


class FinderPanel(Retranslating, QWidget):
    """The fireteam finder: single changes that improve a declared team, and teams the list could form."""

    troopers_clicked = Signal(tuple)
    apply_requested = Signal()

    def __init__(self, state: FireteamState, actions: Sequence[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("finder_panel")
        self.state = state
        self.model = FinderModel(state, self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.intro.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        self.tree = read_only_tree("finder_tree", self.model, (FinderColumn.NAME,))
        size_columns(self.tree.header(), FinderColumn.NAME, fit=(FinderColumn.LEVEL,))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(button_row(actions))
        layout.addWidget(self.intro)
        layout.addWidget(self.tree, 1)
        self.tree.clicked.connect(self._on_clicked)
        self.tree.selectionModel().currentRowChanged.connect(self._on_clicked)
        self.tree.activated.connect(self._on_activated)
        self.retranslate()

    def retranslate(self) -> None:
        self.model.retranslate()
        self.tree.setAccessibleName(tr("Fireteams the finder sees, and changes that improve yours"))
        self.intro.setText(tr("What the fireteam finder sees in the list. Double-click a line (or press Apply) to "
                              "make it: one undoable edit."))
        self.refresh()

    def refresh(self) -> None:
        self.model.refresh()
        self.tree.expandAll()

    def current_item(self) -> Suggestion | PossibleFireteam | None:
        return self.model.item(self.tree.currentIndex())

    def _on_clicked(self, index: Index) -> None:
        troopers = index.data(FinderRole.TROOPERS)
        if troopers:
            self.troopers_clicked.emit(tuple(troopers))

    def _on_activated(self, index: Index) -> None:
        if self.model.item(index) is not None:
            self.apply_requested.emit()
