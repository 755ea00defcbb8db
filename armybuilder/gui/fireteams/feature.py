"""Fireteams in the main window: the Fireteams and Finder panels (tabs beside the profile card in
the middle column), the chart view, the form/edit dialog, and their actions in the Edit and View
menus and the list editor's context menu. Made with the window's `FeatureHost`; it uses nothing
else of the window."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog

from armybuilder.domain.lists import Fireteam
from armybuilder.gui.actions import ActionCollection
from armybuilder.gui.fireteams.chartview import ChartDialog
from armybuilder.gui.fireteams.dialog import FireteamDialog
from armybuilder.gui.fireteams.panel import FinderPanel, FireteamPanel
from armybuilder.gui.fireteams.state import FireteamState
from armybuilder.gui.fireteams.undo import FireteamEdits
from armybuilder.gui.host import FeatureHost
from armybuilder.gui.widgets.quiet import set_tab_text
from armybuilder.i18n import tr
from armybuilder.rules.fireteams.finder import PossibleFireteam, Suggestion


class FireteamActions:
    """The fireteam actions, made in the window's one action collection (which words them)."""

    def __init__(self, actions: ActionCollection) -> None:
        add = actions.add
        self.form = add("form_fireteam", "Ctrl+T",
                        texts=lambda: (tr("Form fire&team…"), tr("Form a fireteam from the selected troopers")),
                        short=lambda: tr("Form…", context="fireteam"))
        self.edit = add("edit_fireteam", "Ctrl+Shift+T",
                        texts=lambda: (tr("Ed&it fireteam…"),
                                       tr("Change the members, team or type of the selected fireteam")),
                        short=lambda: tr("Edit…", context="fireteam"))
        self.dissolve = add("dissolve_fireteam",
                            texts=lambda: (tr("Di&ssolve fireteam"),
                                           tr("Dissolve the selected fireteam; its troopers stay in the list")),
                            short=lambda: tr("Dissolve", context="fireteam"))
        self.leave = add("leave_fireteam",
                         texts=lambda: (tr("Ta&ke out of fireteam"), tr("Take the selected troopers out of their "
                                                                         "fireteams")))
        self.chart = add("show_chart", texts=lambda: (tr("Fireteam ch&art…"), tr("Show the army's fireteam chart")),
                         short=lambda: tr("Chart…", context="fireteam"))
        self.apply = add("apply_suggestion",
                         texts=lambda: (tr("&Apply"), tr("Make the selected change, or declare the selected fireteam")))
        self.show_teams = add("show_fireteams", "Ctrl+Shift+F",
                              texts=lambda: (tr("&Fireteams"), tr("Show the list's fireteams: members, level, "
                                                                  "bonuses")))
        self.show_finder = add("show_finder", "Ctrl+Shift+D",
                               texts=lambda: (tr("Fireteam fi&nder"), tr("Show the fireteams the list could form "
                                                                         "and changes that improve yours")))


class FireteamFeature(QObject):
    """Builds the fireteam panels into the window and keeps them in step with the document."""

    def __init__(self, host: FeatureHost) -> None:
        super().__init__(host)
        self.host = host
        document = host.document
        self.state = FireteamState(document)
        self.edits = FireteamEdits(document)
        self.actions = FireteamActions(host.actions)
        a = self.actions
        self.show_teams, self.show_finder = a.show_teams, a.show_finder
        self.panel = FireteamPanel(self.state, [a.form, a.edit, a.dissolve, a.chart])
        self.finder = FinderPanel(self.state, [a.apply])
        self.tabs = host.middle
        for widget in (self.panel, self.finder):
            self.tabs.addTab(widget, "")
        self.chart_dialog: ChartDialog | None = None
        self.dialog: FireteamDialog | None = None
        self._dirty_panel = self._dirty_finder = True
        self._add_to_menus()
        self._connect_signals()

    def _add_to_menus(self) -> None:
        host, a = self.host, self.actions
        host.add_to_menu("edit", [None, a.form, a.edit, a.dissolve, a.leave])
        host.add_to_menu("view", [a.show_teams, a.show_finder, a.chart])
        host.add_list_actions([a.form, a.leave])
        for action in (a.form, a.edit, a.leave):
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

    def _connect_signals(self) -> None:
        host, a = self.host, self.actions
        host.document.list_changed.connect(self._on_list_changed)
        host.document.army_changed.connect(self._on_army_changed)
        host.selection_changed.connect(self._on_list_selection_changed)
        host.list_view_reset.connect(self._update_actions)
        host.language_changed.connect(self._on_language_changed)
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
        a.show_teams.triggered.connect(lambda: self.tabs.setCurrentWidget(self.panel))
        a.show_finder.triggered.connect(lambda: self.tabs.setCurrentWidget(self.finder))

    def _on_language_changed(self) -> None:
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

    def _retitle_tabs(self) -> None:
        army_list = self.host.document.army_list
        count = len(army_list.fireteams) if army_list is not None else 0
        set_tab_text(self.tabs, self.tabs.indexOf(self.panel),
                     tr("Fireteams ({count})", count=count) if count else tr("Fireteams"))
        set_tab_text(self.tabs, self.tabs.indexOf(self.finder), tr("Finder"))

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
        uids = self.host.selected_troopers()
        army_list = self.host.document.army_list
        team = army_list.fireteam_of(uids[0]) if uids and army_list is not None else None
        if team is not None or uids:
            self.panel.select_team(team.uid if team else None, emit=False)
        self._update_actions()

    def _on_troopers_clicked(self, uids: tuple[str, ...]) -> None:
        present = self.host.document.existing(uids)
        if present:
            self.host.select_troopers(present)

    def current_team(self) -> str | None:
        uid = self.panel.current_team()
        army_list = self.host.document.army_list
        if uid is not None and army_list is not None and army_list.fireteam(uid) is not None:
            return uid
        return None

    def _update_actions(self, *_: object) -> None:
        doc = self.host.document
        ready = doc.has_list and doc.report is not None
        uids = self.host.selected_troopers() if ready else []
        army_list = doc.army_list
        a = self.actions
        if not self.host.selection_pending():  # else set when the edit's selection is said: an undo of an add
            # took the trooper selected away, and disabling Form then enabling it again told the toolbar, the
            # menu and the list's context actions twice (~0.5 ms)
            a.form.setEnabled(bool(uids))
            a.leave.setEnabled(bool(army_list) and any(army_list.fireteam_of(u) for u in uids) if army_list else False)
        a.edit.setEnabled(ready and self.current_team() is not None)
        a.dissolve.setEnabled(ready and self.current_team() is not None)
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
        uids = self.host.selected_troopers()
        if not uids or self.state.setting is None:
            return
        self._open(FireteamDialog(self.state, uids, parent=self.host.window), self.edits.form)

    def _on_edit(self) -> None:
        uid = self.current_team()
        army_list = self.host.document.army_list
        team = army_list.fireteam(uid) if army_list and uid is not None else None
        if team is None:
            return
        self._open(FireteamDialog(self.state, team.members, team, parent=self.host.window), self.edits.edit)

    def _on_dissolve(self) -> None:
        uid = self.current_team()
        if uid is not None:
            self.edits.dissolve(uid)

    def _on_leave(self) -> None:
        self.edits.leave(self.host.selected_troopers())

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
        army_list = self.host.document.army_list
        team = army_list.fireteam(uid) if army_list else None
        if team is not None:
            self.host.select_troopers(list(team.members))

    def _on_show_chart(self) -> None:
        context = self.state.context
        setting = self.state.setting
        if context is None or setting is None:
            return
        armies = [context.army]
        if context.roster.reinforcement_army is not None:
            armies.append(context.roster.reinforcement_army)
        if self.chart_dialog is None:
            self.chart_dialog = ChartDialog(self.host.window)
        self.chart_dialog.show_charts(armies, setting.edition)
        self.chart_dialog.show()
        self.chart_dialog.raise_()

