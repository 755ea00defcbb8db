"""The dialog that forms a fireteam from troopers, or edits one: its members, then the chart teams
and types they could form — the possible ones to choose from, the others with the reason they
are not possible — and a preview of the chosen team's level, bonuses and explanation."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from armybuilder.domain.lists import Fireteam
from armybuilder.gui import icons
from armybuilder.gui.fireteams.state import Choice, FireteamState, team_label
from armybuilder.gui.labels import option_label
from armybuilder.gui.widgets.wrapping import WrappingTreeView
from armybuilder.i18n import render, tr
from armybuilder.rules.fireteams.assess import FireteamAssessment, bonus_text
from armybuilder.rules.fireteams.chart import CONTROLLER, PERIPHERAL

CHOICE_ROLE = int(Qt.ItemDataRole.UserRole) + 1
UID_ROLE = int(Qt.ItemDataRole.UserRole) + 2


def bonuses_html(assessment: FireteamAssessment) -> str:
    """The level's cumulative bonuses as a bulleted list (empty when there are none)."""
    items = [f"<li>{html.escape(tr('Level {level}', level=b.level))}: {html.escape(render(bonus_text(b)))}</li>"
             for b in assessment.level_bonuses]
    return f"<ul style='margin:0'>{''.join(items)}</ul>" if items else ""


class FireteamDialog(QDialog):
    """Form a fireteam (or change one): pick members, then a team and type the chart allows."""

    def __init__(self, state: FireteamState, members: Sequence[str], editing: Fireteam | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fireteam_dialog")
        self.state = state
        self.editing = editing
        self._choices: list[Choice] = []
        self.setWindowTitle(tr("Edit {team}", team=team_label(editing)) if editing else tr("Form a fireteam"))

        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.members = QListWidget()
        self.members.setObjectName("fireteam_members")
        self.members.setAccessibleName(tr("The troopers chosen"))
        self.members.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.members.setWordWrap(True)
        self.members.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.choices_model = QStandardItemModel(self)
        self.choices = WrappingTreeView()
        self.choices.setObjectName("fireteam_choices")
        self.choices.setAccessibleName(tr("The fireteams they can form"))
        self.choices.setModel(self.choices_model)
        self.choices.setRootIsDecorated(False)
        self.choices.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.choices.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.choices.setAlternatingRowColors(True)
        self.preview = QLabel()
        self.preview.setObjectName("fireteam_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.preview.setMinimumHeight(110)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Save changes") if editing else tr("Form fireteam"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))

        members_box = QWidget()
        members_layout = QVBoxLayout(members_box)
        members_layout.setContentsMargins(0, 0, 0, 0)
        self.members_title = QLabel(tr("Members (tick the troopers of the team):"))
        members_layout.addWidget(self.members_title)
        members_layout.addWidget(self.members)
        choices_box = QWidget()
        choices_layout = QVBoxLayout(choices_box)
        choices_layout.setContentsMargins(0, 0, 0, 0)
        choices_layout.addWidget(QLabel(tr("Team and type (from the army's fireteam chart):")))
        choices_layout.addWidget(self.choices)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(members_box)
        splitter.addWidget(choices_box)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([330, 560])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)
        self.resize(960, 620)

        self._fill_members(members)
        self.members.itemChanged.connect(self._on_members_changed)
        self.choices.selectionModel().currentRowChanged.connect(self._on_choice_changed)
        self.choices.doubleClicked.connect(self._on_choice_activated)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._recompute()

    # ----- members -------------------------------------------------------------------------------
    def _fill_members(self, chosen: Sequence[str]) -> None:
        doc = self.state.document
        army_list = doc.army_list
        if army_list is None:
            return
        chosen = [u for u in chosen if army_list.trooper(u) is not None]
        groups = {g.number for g in (army_list.group_of(u) for u in chosen) if g is not None}
        self.intro.setText(self._intro_text(groups))
        for group, trooper in army_list.troopers():
            if group.number not in groups and trooper.uid not in chosen:
                continue
            resolved = doc.resolved(trooper.uid)
            name = option_label(resolved.unit, resolved.option) if resolved else trooper.uid
            item = QListWidgetItem()
            item.setData(UID_ROLE, trooper.uid)
            candidate = self.state.candidate(trooper.uid)
            notes = []
            if len(groups) > 1:
                notes.append(tr("Combat Group {number}", number=group.number))
            team = army_list.fireteam_of(trooper.uid)
            if team is not None and (self.editing is None or team.uid != self.editing.uid):
                notes.append(tr("in {team}", team=team_label(team)))
            flags = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
            if candidate is not None and candidate.barred:
                named = {PERIPHERAL: tr("a peripheral or its controller"),
                         CONTROLLER: tr("the controller of a peripheral bought on its own")}
                reasons = [named.get(r, r) for r in candidate.barred]
                why = tr("Cannot be in a fireteam: {reasons}.", reasons=", ".join(reasons))
                notes.append(tr("cannot join"))
                item.setToolTip(why)
                item.setForeground(QBrush(QColor(icons.INFO_COLOR)))
                if trooper.uid not in chosen:
                    flags = Qt.ItemFlag.ItemIsUserCheckable  # shown, greyed: the reason is in its tooltip
            item.setText(f"{name} — {', '.join(notes)}" if notes else name)
            item.setFlags(flags)
            item.setCheckState(Qt.CheckState.Checked if trooper.uid in chosen else Qt.CheckState.Unchecked)
            self.members.addItem(item)

    def _intro_text(self, groups: set[int]) -> str:
        if self.editing is not None:
            return tr("Change the members of {team}, or make them another team or type. Only what the fireteam "
                      "chart allows for the ticked troopers can be chosen; beside the rest is why not.",
                      team=team_label(self.editing))
        where = ", ".join(str(g) for g in sorted(groups))
        return tr("A fireteam's members all belong to one combat group (here: {groups}). Tick its members, then "
                  "choose a team and type: only what the fireteam chart allows for them can be chosen; beside the "
                  "rest is why not.", groups=where)

    def member_uids(self) -> list[str]:
        found = []
        for row in range(self.members.count()):
            item = self.members.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                found.append(str(item.data(UID_ROLE)))
        return found

    def set_member(self, uid: str, member: bool) -> None:
        """Tick or untick a trooper (as the user does)."""
        for row in range(self.members.count()):
            item = self.members.item(row)
            if item.data(UID_ROLE) == uid:
                item.setCheckState(Qt.CheckState.Checked if member else Qt.CheckState.Unchecked)

    def _on_members_changed(self, _item: QListWidgetItem) -> None:
        self._recompute()

    # ----- choices -------------------------------------------------------------------------------
    def _recompute(self) -> None:
        wanted = self.selected_choice()
        wanted_key = (wanted.team.name.strip(), wanted.type) if wanted else (
            (self.editing.team.strip(), self.editing.type) if self.editing else None)
        members = self.member_uids()
        self._choices = self.state.choices(members, self.editing) if members else []
        model = self.choices_model
        model.clear()
        model.setHorizontalHeaderLabels([tr("Team and type"), tr("Can these troopers form it?")])
        select = -1
        for row, choice in enumerate(self._choices):
            name = QStandardItem(choice.label)
            if choice.possible:
                result = QStandardItem(tr("✔ Yes: level {level}", level=choice.assessment.level))
                result.setForeground(QBrush(icons.LEGAL_COLOR))
                if select < 0 or (choice.team.name.strip(), choice.type) == wanted_key:
                    select = row  # the first possible one, unless the one chosen before is still possible
            else:
                result = QStandardItem(tr("✖ No: {reason}", reason=choice.reason))
                for item in (name, result):
                    item.setForeground(QBrush(QColor(icons.INFO_COLOR)))
            for item in (name, result):
                item.setData(row, CHOICE_ROLE)
                item.setEditable(False)
                item.setToolTip(choice.reason or choice.assessment.explanation)
                if not choice.possible:
                    item.setFlags(Qt.ItemFlag.NoItemFlags)  # not selectable: the reason says why
            model.appendRow([name, result])
        header = self.choices.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(0, 200)
        if select >= 0:
            self.choices.selectionModel().setCurrentIndex(
                model.index(select, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        self._on_choice_changed()

    def choice_rows(self) -> list[Choice]:
        return list(self._choices)

    def selected_choice(self) -> Choice | None:
        if not hasattr(self, "choices"):
            return None
        index = self.choices.selectionModel().currentIndex() if self.choices.selectionModel() else QModelIndex()
        row = index.data(CHOICE_ROLE) if index.isValid() else None
        if row is None or not 0 <= int(row) < len(self._choices):
            return None
        choice = self._choices[int(row)]
        return choice if choice.possible else None

    def choose(self, team: str, team_type: object) -> bool:
        """Select the choice of this team and type, if possible (as a click does)."""
        for row, choice in enumerate(self._choices):
            if choice.team.name.strip() == team.strip() and choice.type == team_type and choice.possible:
                self.choices.selectionModel().setCurrentIndex(
                    self.choices_model.index(row, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows)
                return True
        return False

    def _on_choice_changed(self, *_: object) -> None:
        choice = self.selected_choice()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(choice is not None)
        if choice is None:
            if not self.member_uids():
                text = tr("Tick the troopers of the fireteam.")
            else:
                text = tr("These troopers cannot form any team of the chart as they are: the reasons are listed "
                          "beside each team.")
            self.preview.setText(f"<i>{html.escape(text)}</i>")
            return
        self.preview.setText(self._preview_html(choice))

    def _preview_html(self, choice: Choice) -> str:
        assessment = choice.assessment
        parts = [f"<b>{html.escape(choice.label)}</b> — <span style='color:{icons.LEGAL_COLOR.name()}'>"
                 f"{html.escape(tr('✔ Legal'))}</span>",
                 html.escape(assessment.explanation)]
        bonuses = bonuses_html(assessment)
        if bonuses:
            parts.append(f"{html.escape(tr('Bonuses:'))}{bonuses}")
        if choice.leaving:
            parts.append(html.escape(tr("Some members leave {teams}.", teams=", ".join(choice.leaving))))
        return "<br>".join(parts)

    def _on_choice_activated(self, index: QModelIndex) -> None:
        if self.selected_choice() is not None:
            self.accept()

    @property
    def fireteam(self) -> Fireteam | None:
        """The team to declare (or the edited team), once accepted."""
        choice = self.selected_choice()
        return choice.fireteam if choice is not None else None
