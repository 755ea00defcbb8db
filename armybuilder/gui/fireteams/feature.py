"""Fireteams in the main window: the Fireteams and Finder panels (tabs beside the profile card in
the middle column), the chart view, the form/edit dialog, and their actions in the Edit and View
menus and the list editor's context menu. The window creates one `FireteamFeature` and calls its
`retranslate()`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QTabWidget, QWidget

from armybuilder.domain.lists import Fireteam
from armybuilder.gui.fireteams.chartview import ChartDialog
from armybuilder.gui.fireteams.dialog import FireteamDialog
from armybuilder.gui.fireteams.panel import FinderPanel, FireteamPanel
from armybuilder.gui.fireteams.state import FireteamState
from armybuilder.gui.fireteams.undo import FireteamEdits
from armybuilder.i18n import tr
from armybuilder.rules.fireteams.finder import PossibleFireteam, Suggestion

if TYPE_CHECKING:
    from armybuilder.gui.mainwindow import MainWindow


def make_action(parent: QWidget, name: str, shortcut: str | None = None) -> QAction:
    action = QAction(parent)
    action.setObjectName(name)
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    return action


class FireteamActions(QObject):
    """The fireteam actions; texts set in `retranslate()`."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)

        def make(name: str, shortcut: str | None = None) -> QAction:
            return make_action(parent, name, shortcut)

        self.form = make("form_fireteam", "Ctrl+T")
        self.edit = make("edit_fireteam", "Ctrl+Shift+T")
        self.dissolve = make("dissolve_fireteam")
        self.leave = make("leave_fireteam")
        self.chart = make("show_chart")
        self.apply = make("apply_suggestion")
        self.retranslate()

    def retranslate(self) -> None:
        texts = {
            self.form: (tr("Form fire&team…"), tr("Form a fireteam from the selected troopers")),
            self.edit: (tr("Ed&it fireteam…"), tr("Change the members, team or type of the selected fireteam")),
            self.dissolve: (tr("Di&ssolve fireteam"), tr("Dissolve the selected fireteam; its troopers stay in the "
                                                         "list")),
            self.leave: (tr("Ta&ke out of fireteam"), tr("Take the selected troopers out of their fireteams")),
            self.chart: (tr("Fireteam ch&art…"), tr("Show the army's fireteam chart")),
            self.apply: (tr("&Apply"), tr("Make the selected change, or declare the selected fireteam")),
        }
        short = {self.form: tr("Form…", context="fireteam"), self.edit: tr("Edit…", context="fireteam"),
                 self.dissolve: tr("Dissolve", context="fireteam"), self.chart: tr("Chart…", context="fireteam")}
        for action, (text, tip) in texts.items():
            action.setText(text)
            action.setIconText(short.get(action, text.replace("&", "")))
            action.setStatusTip(tip)
            shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)


class FireteamFeature(QObject):
    """Builds the fireteam panels into the window and keeps them in step with the document."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        document = window.document
        self.state = FireteamState(document)
        self.edits = FireteamEdits(document)
        self.actions = FireteamActions(window)
        a = self.actions
        self.panel = FireteamPanel(self.state, [a.form, a.edit, a.dissolve, a.chart])
        self.finder = FinderPanel(self.state, [a.apply])
        # the middle column shows the profile card, the fireteams or the finder, as tabs
        self.tabs = QTabWidget()
        self.tabs.setObjectName("middle_tabs")
        self.tabs.setDocumentMode(True)
        window.columns.set_middle(self.tabs)
        for widget in (window.card, self.panel, self.finder):
            self.tabs.addTab(widget, "")
        self.show_teams = make_action(window, "show_fireteams", "Ctrl+Shift+F")
        self.show_finder = make_action(window, "show_finder", "Ctrl+Shift+D")
        self.show_card = make_action(window, "show_card")
        self.chart_dialog: ChartDialog | None = None
        self.dialog: FireteamDialog | None = None
        self._dirty_panel = self._dirty_finder = True
        self._add_to_menus()
        self._connect_signals()

    def _add_to_menus(self) -> None:
        w, a = self.window, self.actions
        w.edit_menu.addSeparator()
        for action in (a.form, a.edit, a.dissolve, a.leave):
            w.edit_menu.addAction(action)
        w.view_menu.addSeparator()
        for action in (self.show_card, self.show_teams, self.show_finder, a.chart):
            w.view_menu.addAction(action)
        for action in (a.form, a.leave):
            w.editor.tree.addAction(action)
        for action in (a.form, a.edit, a.leave):
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

    def _connect_signals(self) -> None:
        w, a = self.window, self.actions
        w.document.list_changed.connect(self._on_list_changed)
        w.document.army_changed.connect(self._on_army_changed)
        w.editor.tree.selectionModel().selectionChanged.connect(self._on_list_selection_changed)
        w.editor.model.modelReset.connect(self._update_actions)
        a.form.triggered.connect(self._on_form)
        a.edit.triggered.connect(self._on_edit)
        a.dissolve.triggered.connect(self._on_dissolve)
        a.leave.triggered.connect(self._on_leave)
        a.chart.triggered.connect(self._on_show_chart)
        a.apply.triggered.connect(self._on_apply)
        self.panel.troopers_clicked.connect(self._on_troopers_clicked)
        self.panel.team_changed.connect(self._update_actions)
        self.finder.troopers_clicked.connect(self._on_troopers_clicked)
        self.finder.apply_requested.connect(self._on_apply)
        self.finder.tree.selectionModel().currentRowChanged.connect(self._update_actions)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.show_card.triggered.connect(lambda: self.tabs.setCurrentWidget(self.window.card))
        self.show_teams.triggered.connect(lambda: self.tabs.setCurrentWidget(self.panel))
        self.show_finder.triggered.connect(lambda: self.tabs.setCurrentWidget(self.finder))
        w.browser.unit_selected.connect(self._on_unit_selected)

    def retranslate(self) -> None:
        self.actions.retranslate()
        views = {self.show_card: (tr("Profile ca&rd"), tr("Show the selected unit's profile card")),
                 self.show_teams: (tr("&Fireteams"), tr("Show the list's fireteams: members, level, bonuses")),
                 self.show_finder: (tr("Fireteam fi&nder"),
                                    tr("Show the fireteams the list could form and changes that improve yours"))}
        for action, (text, tip) in views.items():
            action.setText(text)
            action.setStatusTip(tip)
            shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
        self._retitle_tabs()
        self._update_actions()

    # ----- keeping in step ----------------------------------------------------------------------
    def _on_list_changed(self) -> None:
        self._dirty_panel = self._dirty_finder = True
        self._refresh_if_shown()
        self._retitle_tabs()
        self._update_actions()

    def _on_tab_changed(self, _index: int) -> None:
        self._refresh_if_shown()
        self._update_actions()

    def _on_unit_selected(self, unit: object, _option: object) -> None:
        """Picking a unit in the browser asks for its profile card."""
        if unit is not None and self.window.browser.tree.hasFocus():
            self.tabs.setCurrentWidget(self.window.card)

    def _retitle_tabs(self) -> None:
        army_list = self.window.document.army_list
        count = len(army_list.fireteams) if army_list is not None else 0
        self.tabs.setTabText(0, tr("Profile"))
        self.tabs.setTabText(1, tr("Fireteams ({count})", count=count) if count else tr("Fireteams"))
        self.tabs.setTabText(2, tr("Finder"))

    def _refresh_if_shown(self) -> None:
        """Judge the teams and run the finder only while their tab shows them."""
        current = self.tabs.currentWidget()
        if current is self.panel and self._dirty_panel:
            self.panel.refresh()
            self._dirty_panel = False
        elif current is self.finder and self._dirty_finder:
            self.finder.refresh()
            self._dirty_finder = False

    def _on_army_changed(self) -> None:
        if self.chart_dialog is not None and self.chart_dialog.isVisible():
            self._on_show_chart()

    def _on_list_selection_changed(self, *_: object) -> None:
        uids = self.window.editor.selected_uids()
        army_list = self.window.document.army_list
        team = army_list.fireteam_of(uids[0]) if uids and army_list is not None else None
        if team is not None or uids:
            self.panel.select_team(team.uid if team else None, emit=False)
        self._update_actions()

    def _on_troopers_clicked(self, uids: tuple[str, ...]) -> None:
        present = self.window.document.existing(uids)
        if present:
            self.window.editor.select_troopers(present)

    def current_team(self) -> str | None:
        uid = self.panel.current_team()
        army_list = self.window.document.army_list
        if uid is not None and army_list is not None and army_list.fireteam(uid) is not None:
            return uid
        return None

    def _update_actions(self, *_: object) -> None:
        doc = self.window.document
        ready = doc.has_list and doc.report is not None
        uids = self.window.editor.selected_uids() if ready else []
        army_list = doc.army_list
        a = self.actions
        a.form.setEnabled(bool(uids))
        a.edit.setEnabled(ready and self.current_team() is not None)
        a.dissolve.setEnabled(ready and self.current_team() is not None)
        a.leave.setEnabled(bool(army_list) and any(army_list.fireteam_of(u) for u in uids) if army_list else False)
        a.chart.setEnabled(ready)
        a.apply.setEnabled(ready and self.finder.current_item() is not None)

    # ----- edits --------------------------------------------------------------------------------
    def _open(self, dialog: FireteamDialog, apply: Callable[[Fireteam], None]) -> None:
        """Show the form/edit dialog; when it is accepted with a team, apply it and show it."""
        self.dialog = dialog

        def finished(result: int) -> None:
            team = dialog.fireteam if result == QDialog.DialogCode.Accepted else None
            if team is not None:
                apply(team)
                self.reveal(team.uid)
            self.dialog = None
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()

    def _on_form(self) -> None:
        uids = self.window.editor.selected_uids()
        if not uids or self.state.setting is None:
            return
        self._open(FireteamDialog(self.state, uids, parent=self.window), self.edits.form)

    def _on_edit(self) -> None:
        uid = self.current_team()
        army_list = self.window.document.army_list
        team = army_list.fireteam(uid) if army_list and uid is not None else None
        if team is None:
            return
        self._open(FireteamDialog(self.state, team.members, team, parent=self.window), self.edits.edit)

    def _on_dissolve(self) -> None:
        uid = self.current_team()
        if uid is not None:
            self.edits.dissolve(uid)

    def _on_leave(self) -> None:
        self.edits.leave(self.window.editor.selected_uids())

    def _on_apply(self) -> None:
        item = self.finder.current_item()
        if isinstance(item, Suggestion):
            self.edits.apply(item)
            self.reveal(item.fireteam)
        elif isinstance(item, PossibleFireteam):
            self.reveal(self.edits.declare(item))

    def reveal(self, uid: str) -> None:
        """Show the Fireteams tab with this team selected, and its troopers in the list."""
        self.tabs.setCurrentWidget(self.panel)
        self._refresh_if_shown()
        self.panel.select_team(uid)
        army_list = self.window.document.army_list
        team = army_list.fireteam(uid) if army_list else None
        if team is not None:
            self.window.editor.select_troopers(list(team.members))

    def _on_show_chart(self) -> None:
        context = self.state.context
        setting = self.state.setting
        if context is None or setting is None:
            return
        armies = [context.army]
        if context.roster.reinforcement_army is not None:
            armies.append(context.roster.reinforcement_army)
        if self.chart_dialog is None:
            self.chart_dialog = ChartDialog(self.window)
        self.chart_dialog.show_charts(armies, setting.edition)
        self.chart_dialog.show()
        self.chart_dialog.raise_()

