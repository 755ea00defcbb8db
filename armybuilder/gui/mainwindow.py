"""The main window: army picker, unit browser, profile card, list editor, totals and problems.

It holds no rules logic: it wires widgets to the document (signals in `_connect_signals`, slots
named `_on_<event>`), asks the user for files and confirmations, and runs slow work through the
injected TaskRunner so the GUI thread never waits on disk or on loading an imported army.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, Signal, SignalInstance
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.armycode import encode
from armybuilder.data.armycode_lists import CodeList, builder_link, left_out, list_code, read_list
from armybuilder.data.catalog import ArmySource, ArmySummary, Catalog
from armybuilder.data.fileio import FileStamp, changed_on_disk
from armybuilder.data.listfile import changes_since_saved
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList
from armybuilder.export.printout import english_names_note
from armybuilder.games import INFINITY, GameRegistry, default_registry
from armybuilder.gui import files
from armybuilder.gui.actions import ActionCollection, Actions
from armybuilder.gui.appearance import AppearanceFeature
from armybuilder.gui.autosave import AutosaveContent
from armybuilder.gui.codes import CodeNotice, CopiedCodeDialog
from armybuilder.gui.desktop.dropping import DropFeature
from armybuilder.gui.desktop.help import HelpFeature
from armybuilder.gui.dialogs.packs import PackPickerDialog
from armybuilder.gui.dialogs.specops import SpecOpsDialog
from armybuilder.gui.document import ListDocument
from armybuilder.gui.fireteams.feature import FireteamFeature
from armybuilder.gui.games import GameWindows
from armybuilder.gui.host import FeatureHost, WindowServices
from armybuilder.gui.labels import describe_trooper, pack_name, set_distance_units, tier_label
from armybuilder.gui.language import Retranslating, apply_language
from armybuilder.gui.library.feature import LibraryFeature
from armybuilder.gui.models.units import OptionEntry, UnitEntry
from armybuilder.gui.preferences import Preferences
from armybuilder.gui.printing.feature import PrintFeature
from armybuilder.gui.recent import recent_files
from armybuilder.gui.settings_store import SettingsStore
from armybuilder.gui.tasks import TaskRunner
from armybuilder.gui.widgets.armypicker import ArmyPickerDialog
from armybuilder.gui.widgets.columns import BuilderColumns
from armybuilder.gui.widgets.listeditor import ListEditor
from armybuilder.gui.widgets.listsettings import ListSettingsBar
from armybuilder.gui.widgets.parts import busy_indicator
from armybuilder.gui.widgets.profilecard import ProfileCard
from armybuilder.gui.widgets.quiet import SteadyTabs, set_style_sheet, set_tab_text
from armybuilder.gui.widgets.startpage import StartPage
from armybuilder.gui.widgets.totalsbar import TotalsBar, is_empty
from armybuilder.gui.widgets.unitbrowser import UnitBrowser
from armybuilder.gui.widgets.validationpanel import ValidationPanel
from armybuilder.i18n import language, tr, trn
from armybuilder.rules.fireteams.finder import PossibleFireteam, best_teams
from armybuilder.rules.list_settings import new_list, with_code_settings

if TYPE_CHECKING:
    from armybuilder.domain.roster import ResolvedTrooper
    from armybuilder.gui.dialogs.preferences import PreferenceValues

START_PAGE, BUILDER_PAGE = 0, 1


class MainWindow(Retranslating, QMainWindow):
    """The army builder's window over one ListDocument."""

    closed = Signal()
    """The window closed cleanly (the user saved or discarded any changes)."""

    def __init__(self, catalog: Catalog, settings: SettingsStore, tasks: TaskRunner | None = None,
                 parent: QWidget | None = None, games: GameRegistry | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("main_window")
        self.catalog = catalog
        self.settings = settings
        self.recent = recent_files(settings)
        """The recent files, shared with every window of the app (another game's window adds to them too)."""
        self.tasks = tasks or TaskRunner(parent=self)
        self.pack_picker: PackPickerDialog | None = None
        """The rules pack picker last opened (tests and screenshots read it)."""
        self.specops_dialog: SpecOpsDialog | None = None
        """The Spec-Ops builder last opened."""
        self.document = ListDocument(catalog, self)
        self.action_collection = ActionCollection(self)
        self.action_set = Actions(self.action_collection)
        self._loaded_armies: set[tuple[str, int]] = set()
        self._status: tuple[Callable[[], str], str] | None = None
        self._on_disk: tuple[Path | None, FileStamp | None] = (None, None)
        """The list file as this window last read or wrote it (see `save_to`)."""
        self._pasted_code: tuple[str, str] | None = None
        """(the open list written as a code, the code it was read from): copying the list unchanged gives
        the pasted code back byte for byte (its framing and leads kept)."""
        self.copied_code_dialog: CopiedCodeDialog | None = None
        """The last copied code's dialog (it deletes itself when closed)."""
        self._english_names_said = False
        """The note that official data without Spanish names keeps English names: said once a session."""
        self._build_widgets()
        self._build_menus()
        self._connect_signals()
        self.host = self._make_host()
        self.fireteams = FireteamFeature(self.host)
        self.printing = PrintFeature(self.host)
        self.help = HelpFeature(self.host)
        self.drops = DropFeature(self.host)
        self.other_games = GameWindows(self.host, games or default_registry())
        self.appearance = AppearanceFeature(self.host)
        self.recent.changed.connect(self._fill_recent_menu)
        self.library = LibraryFeature(self.host, self.catalog)
        for view in self.findChildren(QAbstractItemView):  # Tab moves on to the next widget, never cell by cell
            view.setTabKeyNavigation(False)
        self.retranslate()
        self._restore_layout()
        self._on_list_changed()
        self._on_army_changed()
        self.start_page.focus_search()

    # ----- construction ------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        summaries = self.catalog.armies()
        self.start_page = StartPage(summaries)
        self.start_page.set_recent_files(self.settings.recent_files())
        self.list_settings = ListSettingsBar(self.catalog)
        self.totals = TotalsBar()
        self.browser = UnitBrowser()
        self.card = ProfileCard()
        self._card_trooper: tuple[str, int, int] | None = None
        """(uid, group, option) of the list's trooper the card was last shown for (`_card_follows_trooper`)."""
        self.editor = ListEditor(self.document)
        self.problems = ValidationPanel(self.document)
        self.history = QUndoView(self.document.undo_stack)
        self.history.setObjectName("history")
        self.bottom_tabs = QTabWidget()
        self.bottom_tabs.setObjectName("bottom_tabs")
        self.bottom_tabs.addTab(self.problems, "")
        self.bottom_tabs.addTab(self.history, "")
        for action in (self.action_set.change_option, self.action_set.duplicate_trooper, self.action_set.move_up,
                       self.action_set.move_down, self.action_set.remove_trooper, self.action_set.new_group,
                       self.action_set.new_reinforcement_group, self.action_set.remove_group,
                       self.action_set.specops):
            self.editor.tree.addAction(action)
        self.browser.tree.addAction(self.action_set.add_trooper)
        self.browser.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.card.add_option_action(self.action_set.add_trooper)  # on each page of the card

        self.right_splitter = QSplitter(Qt.Orientation.Vertical)
        self.right_splitter.setObjectName("right_splitter")
        self.right_splitter.addWidget(self.editor)
        self.right_splitter.addWidget(self.bottom_tabs)
        self.right_splitter.setStretchFactor(0, 5)
        self.right_splitter.setStretchFactor(1, 3)
        self.right_splitter.setSizes([500, 300])  # the problems get room for four or five (1440×900)
        self.columns = BuilderColumns(self.browser, self.card, self.right_splitter)
        self.splitter = self.columns.splitter
        # the middle column shows the profile card, and the features' panels beside it, as tabs
        self.middle_tabs = QTabWidget()
        self.middle_tabs.setObjectName("middle_tabs")
        self.middle_tabs.setDocumentMode(True)
        self.columns.set_middle(self.middle_tabs)
        self.middle_tabs.addTab(self.card, "")
        for tabs in (self.bottom_tabs, self.middle_tabs):
            SteadyTabs(tabs)

        builder = QWidget()
        layout = QVBoxLayout(builder)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        layout.addWidget(self.list_settings)
        layout.addWidget(self.totals)
        self.code_notice = CodeNotice()
        layout.addWidget(self.code_notice)
        layout.addWidget(self.columns, 1)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start_page)
        self.pages.addWidget(builder)
        self.setCentralWidget(self.pages)

        self.legal_label = QLabel()
        self.legal_label.setObjectName("status_legal")
        self.busy = busy_indicator("busy", 140)
        self.busy_label = QLabel()
        self.statusBar().addPermanentWidget(self.busy_label)
        self.statusBar().addPermanentWidget(self.busy)
        self.statusBar().addPermanentWidget(self.legal_label)
        self.resize(1440, 880)

    def _build_menus(self) -> None:
        a = self.action_set
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.recent_menu = QMenu(self)
        self.recent_menu.setObjectName("recent_menu")
        for item in (a.new_list, a.open_list, self.recent_menu, a.paste_code, None,
                     a.save, a.save_as, a.copy_code, None, a.import_data, None, a.close_list, a.quit):
            self._add_to(self.file_menu, item)
        self.edit_menu = bar.addMenu("")
        self.edit_menu.aboutToShow.connect(self._word_history_entries)
        for item in (a.undo, a.redo, None, a.add_trooper, a.change_option, a.duplicate_trooper, a.remove_trooper,
                     a.move_up, a.move_down, None, a.new_group, a.new_reinforcement_group, a.remove_group, a.specops,
                     None,
                     a.change_army, a.edit_notes, a.find_unit, None, a.preferences):
            self._add_to(self.edit_menu, item)
        self.view_menu = bar.addMenu("")
        for item in (a.distances_cm, None, a.show_problems, a.show_history, None, a.show_card):
            self._add_to(self.view_menu, item)
        self.toolbar = QToolBar()
        self.toolbar.setObjectName("main_toolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for item in (a.new_list, a.open_list, a.save, None, a.undo, a.redo, None, a.duplicate_trooper,
                     a.remove_trooper, a.move_up, a.move_down):
            if item is None:
                self.toolbar.addSeparator()
            else:
                self.toolbar.addAction(item)
        self.addToolBar(self.toolbar)
        self._fill_recent_menu()

    @staticmethod
    def _add_to(menu: QMenu, item: QAction | QMenu | None) -> None:
        if item is None:
            menu.addSeparator()
        elif isinstance(item, QMenu):
            menu.addMenu(item)
        else:
            menu.addAction(item)

    def _connect_signals(self) -> None:
        a = self.action_set
        doc = self.document
        stack = doc.undo_stack
        doc.list_changed.connect(self._on_list_changed)
        doc.army_changed.connect(self._on_army_changed)
        self.code_notice.declare_requested.connect(self._on_declare_best_fireteams)
        self.code_notice.finder_requested.connect(lambda: self.fireteams.show_finder.trigger())
        doc.modified_changed.connect(self._on_modified_changed)
        doc.path_changed.connect(self._on_path_changed)
        stack.canUndoChanged.connect(a.undo.setEnabled)
        stack.canRedoChanged.connect(a.redo.setEnabled)
        stack.undoTextChanged.connect(self._on_undo_text_changed)
        stack.redoTextChanged.connect(self._on_redo_text_changed)
        a.undo.triggered.connect(stack.undo)
        a.redo.triggered.connect(stack.redo)
        a.new_list.triggered.connect(self._on_new_list)
        a.open_list.triggered.connect(self._on_open_list)
        a.save.triggered.connect(self._on_save)
        a.save_as.triggered.connect(self._on_save_as)
        a.close_list.triggered.connect(self._on_close_list)
        a.paste_code.triggered.connect(self._on_paste_code)
        a.copy_code.triggered.connect(self._on_copy_code)
        a.clear_recent.triggered.connect(self._on_clear_recent)
        a.import_data.triggered.connect(self._on_import_data)
        a.preferences.triggered.connect(self._on_preferences)
        a.quit.triggered.connect(self.close)
        a.add_trooper.triggered.connect(self._on_add_trooper)
        a.remove_trooper.triggered.connect(self._on_remove_trooper)
        a.duplicate_trooper.triggered.connect(self._on_duplicate_trooper)
        a.move_up.triggered.connect(self._on_move_up)
        a.move_down.triggered.connect(self._on_move_down)
        a.change_option.triggered.connect(self._on_change_option)
        a.new_group.triggered.connect(self._on_new_group)
        a.new_reinforcement_group.triggered.connect(self._on_new_reinforcement_group)
        a.specops.triggered.connect(self._on_specops)
        a.edit_notes.triggered.connect(self._on_edit_notes)
        a.remove_group.triggered.connect(self._on_remove_group)
        a.change_army.triggered.connect(self._on_change_army)
        a.find_unit.triggered.connect(self._on_find_unit)
        a.distances_cm.toggled.connect(self._on_distances_toggled)
        a.show_history.toggled.connect(self._on_show_history)
        a.show_problems.triggered.connect(self._on_show_problems)
        self.bottom_tabs.currentChanged.connect(self._on_bottom_tab_changed)
        self.start_page.army_chosen.connect(self._on_army_chosen)
        self.start_page.open_requested.connect(self._on_open_list)
        self.start_page.recent_chosen.connect(self._on_recent_chosen)
        self.start_page.import_requested.connect(self._on_import_data)
        self.list_settings.rename_requested.connect(doc.rename)
        self.list_settings.pack_requested.connect(doc.set_rules_pack)
        self.list_settings.pack_picker_requested.connect(self._on_pack_picker)
        self.list_settings.size_requested.connect(doc.set_game_size)
        self.list_settings.extra_toggled.connect(doc.set_extra)
        self.list_settings.army_button_clicked.connect(self._on_change_army)
        self.browser.option_activated.connect(self._on_option_activated)
        self.browser.unit_selected.connect(self._on_unit_selected)
        self.browser.section_changed.connect(self._on_browser_section_changed)
        self.card.option_activated.connect(self._on_option_activated)
        self.problems.troopers_clicked.connect(self._on_violation_clicked)
        self.editor.move_requested.connect(self._on_move_to_group)
        self.editor.selection_changed.connect(self._on_list_selection_changed)
        self.tasks.busy_changed.connect(self._on_busy_changed)
        a.show_card.triggered.connect(lambda: self.middle_tabs.setCurrentWidget(self.card))

    def _make_host(self) -> FeatureHost:
        """What the features may use of the window (see armybuilder/gui/host.py)."""
        services = WindowServices(
            show_message=lambda kind, title, text: self.show_message(kind, title, text),
            show_status=lambda message, timeout: self.show_status(message, timeout),
            selected_troopers=lambda: self.editor.selected_uids(),
            select_troopers=lambda uids: self.editor.select_troopers(list(uids)),
            open_path=lambda path: self.open_path(path),
            maybe_keep_changes=lambda: self.maybe_keep_changes(),
            add_menu=self._add_feature_menu,
            add_start_panel=lambda widget: self.start_page.add_panel(widget),
            add_start_side_panel=lambda widget: self.start_page.add_side_panel(widget),
            selection_pending=lambda: self.document.has_list and self.editor.selection_pending,
        )
        host = FeatureHost(self, self.document, self.tasks, self.settings, self.action_collection,
                           {"file": self.file_menu, "edit": self.edit_menu, "view": self.view_menu},
                           self.middle_tabs, self.editor.tree, services)
        self.editor.selection_changed.connect(host.selection_changed)
        self.editor.model.modelReset.connect(host.list_view_reset)
        return host

    def _add_feature_menu(self, object_name: str) -> QMenu:
        menu = self.menuBar().addMenu("")
        menu.setObjectName(object_name)
        return menu

    def retranslate(self) -> None:
        """Set the window's own texts (menus, actions, history, status) and show the list again in the
        current language; called when made and on every LanguageChange (the widgets inside react to
        their own)."""
        self.document.retranslate_history()
        self.action_collection.retranslate()
        self.file_menu.setTitle(tr("&File"))
        self.recent_menu.setTitle(tr("Open &recent"))
        self.edit_menu.setTitle(tr("&Edit"))
        self.view_menu.setTitle(tr("&View"))
        self.toolbar.setWindowTitle(tr("Toolbar"))
        self.bottom_tabs.setTabText(1, tr("History"))
        self.bottom_tabs.setAccessibleName(tr("Problems and history"))
        self.middle_tabs.setAccessibleName(tr("Profile card, fireteams and finder"))
        self.editor.tree.setAccessibleName(tr("The list: combat groups and troopers"))
        self.history.setAccessibleName(tr("History"))
        self.middle_tabs.setTabText(self.middle_tabs.indexOf(self.card), tr("Profile"))
        self.history.setEmptyLabel(tr("<list as opened>"))
        self.history.viewport().update()
        self.editor.model.retranslate()
        self._on_undo_text_changed(self.document.undo_stack.undoText())
        self._on_redo_text_changed(self.document.undo_stack.redoText())
        self._word_history_entries()  # (in the new language now, whether the menu opens next or not)
        self._fill_recent_menu()
        self._retranslate_status()
        self.document.refresh()
        self._on_list_changed()
        self.host.language_changed.emit()

    # ----- layout persistence --------------------------------------------------------------------
    def _restore_layout(self) -> None:
        for key, restore in (("main/geometry", self.restoreGeometry), ("main/state", self.restoreState),
                             ("main/columns", self.columns.restore_state),
                             ("main/right_splitter", self.right_splitter.restoreState),
                             ("main/list_columns", self.editor.restore_columns)):
            value = self.settings.state(key)
            if value is not None:
                restore(value)
        cm = self.settings.distances_in_cm()
        self.action_set.distances_cm.setChecked(cm)
        self._on_distances_toggled(cm)

    def save_layout(self) -> None:
        values: dict[str, QByteArray] = {
            "main/geometry": self.saveGeometry(), "main/state": self.saveState(),
            "main/columns": self.columns.save_state(), "main/right_splitter": self.right_splitter.saveState(),
            "main/list_columns": self.editor.save_columns(),
        }
        for key, value in values.items():
            self.settings.set_state(key, value)
        self.settings.sync()

    # ----- document → widgets --------------------------------------------------------------------
    def _on_list_changed(self) -> None:
        doc = self.document
        if doc.replacing or not doc.has_list:  # another list (or none): the pasted code no longer applies
            self.code_notice.hide()
            self._pasted_code = None
        page = BUILDER_PAGE if doc.has_list else START_PAGE
        if page != self.pages.currentIndex():
            self.pages.setCurrentIndex(page)
            if page == START_PAGE:  # New, Close: the keyboard is where the page says to type
                self.start_page.focus_search()
        self.list_settings.show_list(doc.army_list)
        army_list = doc.army_list
        section = doc.reinforcement_rules() if army_list and any(g.reinforcement for g in army_list.groups) else None
        self.totals.show_report(doc.report, doc.problem, section)
        self.browser.set_season(doc.season())
        self.card.set_season(doc.season())
        self.browser.set_report(doc.report)
        self.browser.set_mercenaries(doc.mercenaries_allowed(), doc.mercenary_hint())
        self._update_title()
        self._update_actions()
        set_tab_text(self.bottom_tabs, 0, self._problems_tab_text())
        self._card_follows_trooper()
        self.card.prepare_pages(self._card_pages_wanted, self._card_units_listed)  # when the app is idle again

    def _card_units_listed(self) -> list[UnitEntry]:
        """The browser's entries of the list's troopers' units: the card keeps their pages."""
        return [entry for entry, _ in self._card_pages_wanted(browsed=False)]

    def _card_pages_wanted(self, browsed: bool = True) -> list[tuple[UnitEntry, OptionEntry | None]]:
        """The units of the list's troopers (each with its first trooper's option) and, if `browsed`, the
        unit chosen in the browser: the card prepares their pages while the app is idle."""
        doc = self.document
        wanted: dict[tuple[int, bool], tuple[UnitEntry, OptionEntry | None]] = {}
        for uid in doc.uids_in_order() if doc.has_list else ():
            resolved = doc.resolved(uid)
            if resolved is None or (resolved.unit.id, resolved.reinforcement) in wanted:
                continue
            shown = self._card_choice(resolved)
            if shown is not None:
                wanted[resolved.unit.id, resolved.reinforcement] = shown
        chosen, option = self.browser.current_entry() if browsed else (None, None)
        if chosen is not None:
            wanted.setdefault((chosen.unit.id, chosen.reinforcement), (chosen, option))
        return list(wanted.values())

    def _card_choice(self, resolved: ResolvedTrooper) -> tuple[UnitEntry, OptionEntry | None] | None:
        """The browser's entry of a trooper's unit and the trooper's option in it: what the card shows for it."""
        entry = self.browser.entry_for(resolved.unit.id, resolved.reinforcement)
        if entry is None:
            return None
        key = (resolved.trooper.group, resolved.trooper.option)
        return entry, next((o for o in entry.options if o.key == key), None)

    @staticmethod
    def _card_key(resolved: ResolvedTrooper) -> tuple[str, int, int]:
        """(uid, group, option): the trooper as the card was last shown for it (`_card_trooper`)."""
        return resolved.trooper.uid, resolved.trooper.group, resolved.trooper.option

    def _card_follows_trooper(self) -> None:
        """After an edit (an option changed in place, an undo), the card shown for the list's current
        trooper highlights the option it has now. A trooper whose option did not change since the card was
        shown for it leaves the card as it is: what it shows was chosen since (an option browsed and added,
        which the selection then moves to — not the option of the trooper selected before)."""
        uid = self.editor.current_uid() if self.document.has_list else None
        resolved = self.document.resolved(uid) if uid else None
        if resolved is None or self.card.unit is None or self.card.unit.id != resolved.unit.id:
            return
        trooper = self._card_key(resolved)
        if trooper == self._card_trooper:
            return
        self._card_trooper = trooper
        if self.card.highlighted_key() != (resolved.unit.id, resolved.trooper.group, resolved.trooper.option):
            shown = self._card_choice(resolved)
            if shown is not None:
                self.card.show_unit(*shown)

    def _problems_tab_text(self) -> str:
        report = self.document.report
        if report is None:
            return tr("Problems")
        count = len(report.violations)
        return tr("Problems ({count})", count=count) if count else tr("Problems")

    def _on_army_changed(self) -> None:
        doc = self.document
        book = doc.weapons()
        self.card.set_weapon_book(book)
        self.browser.set_weapon_book(book)
        self.browser.set_army(doc.army, doc.reinforcement_summary() is not None)
        self._say_english_names_once()
        army_list = doc.army_list
        if army_list is not None and any(g.reinforcement for g in army_list.groups):
            self.browser.set_reinforcement_army(doc.reinforcement_army())  # loaded to validate the list
        self.card.show_unit(None)

    def _on_browser_section_changed(self, reinforcement: bool) -> None:
        """The Reinforcements tab of the browser: its army is loaded (in the background) when first shown."""
        summary = self.document.reinforcement_summary()
        if not reinforcement or summary is None or self.browser.reinforcement_army is not None:
            return
        self._with_army(summary, lambda: self.browser.set_reinforcement_army(self.document.reinforcement_army()))

    def _on_modified_changed(self, modified: bool) -> None:
        self.setWindowModified(modified)
        self._update_actions()

    def _on_path_changed(self) -> None:
        self._update_title()

    def _update_title(self) -> None:
        doc = self.document
        app = tr("Infinity army builder")
        if doc.army_list is None:
            self.setWindowTitle(app)
            self.legal_label.setText("")
            return
        name = doc.army_list.name or (doc.path.stem if doc.path else tr("Untitled list"))
        army = doc.army.name if doc.army else doc.army_list.army.name
        report = doc.report
        if report is None:
            state = tr("cannot be validated")
        elif is_empty(report):
            state = tr("empty")
        else:
            state = tr("Legal") if report.legal else tr("NOT LEGAL ({count})", count=len(report.errors))
        self.setWindowTitle(f"{name}[*] — {army} — {state} — {app}")
        self.legal_label.setText(self.totals.state.text() if report is not None else state)
        set_style_sheet(self.legal_label, self.totals.state.styleSheet())

    def _update_actions(self) -> None:
        """Every action enabled or not as the list and the selection allow."""
        self._update_list_actions()
        self._update_selection_actions()

    def _update_list_actions(self) -> None:
        """The actions that depend on the list alone (not on the troopers selected)."""
        a = self.action_set
        has_list = self.document.has_list
        a.undo.setEnabled(self.document.undo_stack.canUndo())
        a.redo.setEnabled(self.document.undo_stack.canRedo())
        for action in (a.save, a.save_as, a.close_list, a.new_group, a.change_army, a.find_unit, a.add_trooper,
                       a.copy_code, a.edit_notes):
            action.setEnabled(has_list)
        a.new_reinforcement_group.setEnabled(has_list and self.document.reinforcement_summary() is not None)
        army = self.document.army
        a.specops.setEnabled(has_list and army is not None and army.specops is not None)

    def _update_selection_actions(self) -> None:
        """The actions on the troopers selected and the current group (an edit that selects other troopers
        updates these alone when its selection is said: the list's actions were updated with the list)."""
        a = self.action_set
        has_list = self.document.has_list
        selected = bool(has_list and self.editor.selected_uids())
        if not (has_list and self.editor.selection_pending):  # else set when the edit's selection is said
            for action in (a.remove_trooper, a.duplicate_trooper, a.move_up, a.move_down, a.change_option):
                action.setEnabled(selected)
        group = self.editor.current_group() if has_list else None
        army_list = self.document.army_list
        empty_group = bool(army_list and group is not None and (g := army_list.group(group)) is not None
                           and not g.troopers and len(army_list.groups) > 1)
        a.remove_group.setEnabled(empty_group)

    def _on_undo_text_changed(self, text: str) -> None:
        action = self.action_set.undo
        action.setIconText(tr("Undo"))
        action.setToolTip(tr("Undo: {action} (Ctrl+Z)", action=text) if text else tr("Nothing to undo"))
        self._word_history_entries(opened=False)

    def _on_redo_text_changed(self, text: str) -> None:
        action = self.action_set.redo
        action.setIconText(tr("Redo"))
        action.setToolTip(tr("Redo: {action} (Ctrl+Shift+Z, Ctrl+Y)", action=text) if text else tr("Nothing to redo"))
        self._word_history_entries(opened=False)

    def _word_history_entries(self, opened: bool = True) -> None:
        """The Edit menu's Undo and Redo entries say what they undo and redo: set as the menu opens (or now, if it
        is open), not at every edit. Each change of an action is told to the action, its toolbar button, the
        toolbar and the menu (~0.1-0.2 ms each): an edit changed each entry's words and tooltip, two changes per
        action, for words read only in the menu — the toolbar shows "Undo" and "Redo", the tooltip the rest."""
        if opened or self.edit_menu.isVisible():
            stack = self.document.undo_stack
            undo, redo = stack.undoText(), stack.redoText()
            self.action_set.undo.setText(tr("&Undo {action}", action=undo) if undo else tr("&Undo"))
            self.action_set.redo.setText(tr("&Redo {action}", action=redo) if redo else tr("&Redo"))

    def _on_list_selection_changed(self, *_: object) -> None:
        self._update_selection_actions()
        uid = self.editor.current_uid()
        resolved = self.document.resolved(uid) if uid else None
        if resolved is not None:
            if resolved.reinforcement and self.browser.reinforcement_army is None:
                self.browser.set_reinforcement_army(resolved.army)
            shown = self._card_choice(resolved)
            if shown is not None:
                self._card_trooper = self._card_key(resolved)
                self.card.show_unit(*shown)

    def _on_busy_changed(self, busy: bool, message: str) -> None:
        self.busy.setVisible(busy)
        self.busy_label.setText(message if busy else "")

    # ----- choosing the army ---------------------------------------------------------------------
    def _on_army_chosen(self, summary: ArmySummary) -> None:
        """Start a new list with this army (from the start page)."""
        defaults = Preferences(self.settings).list_defaults(summary.edition)
        self._with_army(summary, lambda: self.document.start(new_list(self.catalog, summary, defaults)))

    def _on_change_army(self) -> None:
        if not self.document.has_list:
            return
        dialog = ArmyPickerDialog(self.catalog.armies(), self)
        ref = self.document.army_list.army if self.document.army_list else None
        if ref is not None:
            dialog.picker.select(ref.origin, ref.id)
        dialog.army_chosen.connect(self._on_dialog_army_chosen)
        dialog.finished.connect(dialog.deleteLater)
        self.army_dialog = dialog
        dialog.open()

    def _on_dialog_army_chosen(self, summary: ArmySummary) -> None:
        self._with_army(summary, lambda: self._change_army_to(summary))

    def _change_army_to(self, summary: ArmySummary) -> None:
        """Switch the list's army; troopers the new army cannot field are named first, and removed
        with the switch (one undoable edit) only if the player agrees."""
        doc = self.document
        if not doc.has_list:
            return
        try:
            lost = doc.troopers_lost_with(summary.ref)
        except DataError as exc:
            self._on_task_failed(tr("Could not load {army}", army=summary.name), exc)
            return
        if lost and not self.confirm_army_change(summary.name, self.trooper_names(lost)):
            return
        doc.change_army(summary.ref, lost)

    def trooper_names(self, uids: list[str]) -> list[str]:
        """Troopers as players name them ("Fusiliers (Combi Rifle)"), in list order."""
        doc = self.document
        army_list = doc.army_list
        names = []
        for uid in uids:
            trooper = army_list.trooper(uid) if army_list is not None else None
            if trooper is not None:
                names.append(describe_trooper(doc.army_of(uid), trooper.unit, trooper.group, trooper.option))
        return names

    def _with_army(self, summary: ArmySummary, callback: Callable[[], None]) -> None:
        """Run `callback()` once the army's data is loaded: at once if it already is, else after a
        background load with the busy indicator showing."""
        key = (summary.origin, summary.id)
        if summary.origin == "bundled" or key in self._loaded_armies:
            callback()
            return

        def done(_: object) -> None:
            self._loaded_armies.add(key)
            callback()

        def failed(error: BaseException) -> None:
            self._on_task_failed(tr("Could not load {army}", army=summary.name), error)

        self.tasks.run(lambda: self.catalog.army(summary.ref), done, failed, tr("Loading {army}…", army=summary.name))

    # ----- imported data and preferences (dialogs in armybuilder.gui.dialogs) -----------------------
    def _on_import_data(self) -> None:
        from armybuilder.gui.dialogs.import_data import ImportDataDialog

        dialog = ImportDataDialog(self.tasks, self.settings, self)
        dialog.data_imported.connect(self.use_imported)
        dialog.finished.connect(dialog.deleteLater)
        self.import_dialog = dialog
        dialog.open()

    def use_imported(self, source: ArmySource) -> None:
        """Imported armies replace the earlier ones in the catalog and the pickers, without a restart."""
        self.catalog.add_source(source)
        self._loaded_armies = {key for key in self._loaded_armies if key[0] != source.origin}
        self.start_page.set_armies(self.catalog.armies())
        self.list_settings.refresh(self.document.army_list)

    def _on_preferences(self) -> None:
        from armybuilder.gui.dialogs.preferences import PreferencesDialog

        dialog = PreferencesDialog(Preferences(self.settings), self.catalog, self)
        dialog.applied.connect(self._on_preferences_applied)
        dialog.finished.connect(dialog.deleteLater)
        self.preferences_dialog = dialog
        dialog.open()

    def _on_preferences_applied(self, values: PreferenceValues) -> None:
        if values.language != language():
            apply_language(values.language)  # every window and widget retranslates on its LanguageChange
        self.action_set.distances_cm.setChecked(values.distances_cm)

    # ----- editing -------------------------------------------------------------------------------
    def _on_option_activated(self, unit: int, group: int, option: int, reinforcement: bool = False) -> None:
        if not self.document.has_list:
            return
        number = self.document.placement_group(self.editor.current_group(), reinforcement)
        self.document.add_trooper(unit, group, option, number, reinforcement=reinforcement)

    def _on_add_trooper(self) -> None:
        focus = self.focusWidget()
        if focus is self.card.options:
            index = self.card.options.currentIndex()
            if index.isValid():
                self.card.activate_option(index)
            return
        unit, option = self.browser.current_entry()
        if unit is not None and option is not None:
            self._on_option_activated(unit.unit.id, *option.key, unit.reinforcement)

    def _on_remove_trooper(self) -> None:
        self.document.remove_troopers(self.editor.selected_uids())

    def _on_duplicate_trooper(self) -> None:
        self.document.duplicate_troopers(self.editor.selected_uids())

    def _on_move_up(self) -> None:
        for uid in self.editor.selected_uids()[:1]:
            self.document.move_by(uid, -1)

    def _on_move_down(self) -> None:
        for uid in self.editor.selected_uids()[:1]:
            self.document.move_by(uid, +1)

    def _on_move_to_group(self, number: int) -> None:
        uids = self.editor.selected_uids()
        if not uids:
            return
        if number == 0:
            self.document.move_to_new_group(uids)
        else:
            self.document.move_troopers(uids, number)

    def _on_change_option(self) -> None:
        uid = self.editor.current_uid()
        resolved = self.document.resolved(uid) if uid else None
        if resolved is not None and resolved.specops is not None:
            self._on_specops()  # a Spec-Ops changes through its own dialog: its base is not a unit option
            return
        self.editor.edit_option()

    def _on_specops(self) -> None:
        """Build a Spec-Ops, or change the selected one, from the army's Spec-Ops table."""
        army = self.document.army
        if army is None or army.specops is None:
            return
        uid = self.editor.current_uid()
        resolved = self.document.resolved(uid) if uid else None
        editing = resolved if resolved is not None and resolved.specops is not None else None
        limit, allowed = self.document.specops_budget()
        base = (editing.trooper.unit, editing.trooper.group, editing.trooper.option) if editing else None
        picks = editing.trooper.specops if editing else ()
        dialog = SpecOpsDialog(army.specops, limit, base, picks, allowed,
                               self.action_set.distances_cm.isChecked(), self)
        if editing and uid is not None:
            dialog.specops_accepted.connect(lambda chosen, bought: self.document.set_specops(uid, chosen, bought))
        else:
            group = self.editor.current_group()
            dialog.specops_accepted.connect(lambda chosen, bought: self.document.add_specops(chosen, bought, group))
        self.specops_dialog = dialog
        dialog.open()

    def _on_new_group(self) -> None:
        if self.document.has_list:
            number = self.document.add_group()
            index = self.editor.model.group_index(number)
            self.editor.tree.setCurrentIndex(index)

    def _on_pack_picker(self) -> None:
        army_list = self.document.army_list
        summary = self.catalog.summary(army_list.army) if army_list else None
        dialog = PackPickerDialog(self.catalog, army_list.pack if army_list else None, self,
                                  edition=summary.edition if summary else None)
        dialog.pack_chosen.connect(self.document.set_rules_pack)
        self.pack_picker = dialog
        dialog.open()

    def _on_new_reinforcement_group(self) -> None:
        if self.document.has_list and self.document.reinforcement_summary() is not None:
            number = self.document.add_group(reinforcement=True)
            self.editor.tree.setCurrentIndex(self.editor.model.group_index(number))
            self.browser.show_section(True)

    def _on_edit_notes(self) -> None:
        from armybuilder.gui.dialogs.notes import NotesDialog

        army_list = self.document.army_list
        if army_list is None:
            return
        dialog = NotesDialog(army_list.notes, self)
        dialog.notes_accepted.connect(self.document.set_notes)
        dialog.finished.connect(dialog.deleteLater)
        self.notes_dialog = dialog
        dialog.open()

    def _on_remove_group(self) -> None:
        group = self.editor.current_group()
        if group is not None:
            self.document.remove_group(group)

    def _on_find_unit(self) -> None:
        self.browser.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.browser.search.selectAll()

    def _on_unit_selected(self, unit: UnitEntry | None, option: OptionEntry | None) -> None:
        self.card.show_unit(unit, option)
        if unit is not None and self.browser.tree.hasFocus():  # picking a unit asks for its profile card
            self.middle_tabs.setCurrentWidget(self.card)

    def _on_violation_clicked(self, uids: tuple[str, ...]) -> None:
        if uids:
            self.editor.select_troopers(list(uids))
            self.editor.reveal_selection()

    def _on_distances_toggled(self, cm: bool) -> None:
        """Distances in cm or inches everywhere: MOV, skills' and equipment's distances, range bands."""
        self.settings.set_distances_in_cm(cm)
        set_distance_units("cm" if cm else "inch")
        self.card.set_distances_in_cm(cm)
        self.browser.model.retranslate()
        self.editor.model.retranslate()
        if self.document.has_list:
            self.document.refresh()

    def _on_show_history(self, shown: bool) -> None:
        self.bottom_tabs.setCurrentWidget(self.history if shown else self.problems)

    def _on_show_problems(self) -> None:
        self.bottom_tabs.setCurrentWidget(self.problems)

    def _on_bottom_tab_changed(self, index: int) -> None:
        self.action_set.show_history.blockSignals(True)
        self.action_set.show_history.setChecked(self.bottom_tabs.widget(index) is self.history)
        self.action_set.show_history.blockSignals(False)

    # ----- files ---------------------------------------------------------------------------------
    def _on_new_list(self) -> None:
        if self.maybe_keep_changes():
            self.document.close_list()

    def _on_close_list(self) -> None:
        self._on_new_list()

    def _on_open_list(self) -> None:
        if not self.maybe_keep_changes():
            return
        path = self.ask_open_path()
        if path is not None:
            self.open_path(path)

    def _on_recent_chosen(self, path: Path) -> None:
        if self.other_games.owner(path) is not None or self.maybe_keep_changes():  # another game's: its window
            self.open_path(path)

    def open_path(self, path: Path) -> int:
        """Read a list in the background; it replaces the open one when ready. Returns the task id
        (-1: another game's file, opened in that game's window)."""
        game = self.other_games.owner(path)
        if game is not None:
            self.other_games.open(game, path)
            return -1
        return self.tasks.run(lambda: files.read_list(path, self.catalog),
                              lambda opened: self._on_list_read(path, opened),
                              lambda exc: self._on_open_failed(path, exc),
                              tr("Opening {file}…", file=path.name))

    def _on_list_read(self, path: Path, opened: files.OpenedList) -> None:
        self.document.start(opened.loaded.army_list, path)
        self._on_disk = (path, opened.stamp)
        self._remember(path)
        notes = [str(p) for p in opened.problems]
        report = self.document.report
        if report is not None:
            notes.extend(p.message for p in changes_since_saved(opened.loaded, report.roster))
        if notes:
            self.show_message("warning", tr("The list changed since it was saved"),
                              tr("{file} was opened; please check these points:", file=path.name) + "\n\n• "
                              + "\n• ".join(notes))
        self.show_status(lambda: tr("Opened {file}", file=str(path)))

    def _on_open_failed(self, path: Path, error: BaseException) -> None:
        if isinstance(error, FileNotFoundError | DataError) and not path.exists():
            self.recent.remove(path)
        detail = str(error) if isinstance(error, DataError | OSError) else f"{type(error).__name__}: {error}"
        if not (isinstance(error, DataError) and any(p.path == "format" for p in error.problems)):
            detail += "\n\n" + tr("The file was not changed.")  # format problems say so themselves
        self.show_message("error", tr("Could not open {file}", file=path.name), detail)

    def _on_save(self) -> int | None:
        if not self.document.has_list:
            return None
        if self.document.path is None:
            return self._on_save_as()
        return self.save_to(self.document.path)

    def _on_save_as(self) -> int | None:
        if not self.document.has_list:
            return None
        path = self.ask_save_path()
        return self.save_to(files.with_suffix(path)) if path is not None else None

    def save_to(self, path: Path) -> int | None:
        """Save the list as it is now (written in the background). Returns the task id, or None when
        nothing is written (no list; or the file changed on disk and the user chose not to overwrite it)."""
        doc = self.document
        army_list = doc.army_list
        if army_list is None:
            return None
        known, stamp = self._on_disk
        if known == path and changed_on_disk(path, stamp):  # another window or program saved it since
            answer = self.ask_changed_on_disk(path)
            if answer == "save_as":
                return self._on_save_as()
            if answer == "reload":
                self.document.close_list()
                self.open_path(path)
                return None
            if answer != "overwrite":
                return None
        text = files.list_text(army_list, doc.report.roster if doc.report else None)
        return self.tasks.run(lambda: files.write_text(path, text),
                              lambda written: self._on_saved(army_list, path, written),
                              lambda exc: self._on_task_failed(tr("Could not save {file}", file=path.name), exc),
                              tr("Saving {file}…", file=path.name))

    def _on_saved(self, army_list: ArmyList, path: Path, stamp: FileStamp | None = None) -> None:
        self.document.mark_saved(army_list, path)
        self._on_disk = (path, stamp)
        self._remember(path)
        self.show_status(lambda: tr("Saved {file}", file=str(path)))

    def _remember(self, path: Path) -> None:
        self.recent.add(path)  # every window's Open recent follows; file dialogs start in its folder

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for number, path in enumerate(recent, start=1):
            action = self.recent_menu.addAction(f"&{number % 10}  {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self._on_recent_chosen(p))
        if recent:
            self.recent_menu.addSeparator()
        self.recent_menu.addAction(self.action_set.clear_recent)
        self.action_set.clear_recent.setEnabled(bool(recent))
        self.recent_menu.setEnabled(True)
        games = getattr(self, "other_games", None)
        self.start_page.set_recent_files(recent, games.game_name if games is not None else None)

    def _on_clear_recent(self) -> None:
        self.recent.clear()

    # ----- autosave (gui/autosave.py: AutosavedWindow) ----------------------------------------------
    def autosave_signals(self) -> Sequence[SignalInstance]:
        doc = self.document
        return (doc.list_changed, doc.modified_changed, doc.path_changed)

    def autosave_state(self) -> object | None:
        doc = self.document
        return doc.army_list if doc.army_list is not None and doc.modified else None

    def autosave_content(self) -> AutosaveContent:
        doc = self.document
        army_list = doc.army_list
        assert army_list is not None
        army = doc.army.name if doc.army else army_list.army.name
        text = files.list_text(army_list, doc.report.roster if doc.report else None)
        return AutosaveContent(INFINITY, army_list.name, army, doc.path, text)

    def _on_paste_code(self) -> None:
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            self.show_message("warning", tr("No army code in the clipboard"),
                              tr("Copy a list's army code (or its link) in the official builder, then try again."))
            return
        if not self.maybe_keep_changes():
            return
        self.open_code(text)

    def open_code(self, text: str) -> int:
        """Read an army code (or its link) in the background; its list replaces the open one. Returns the task."""
        return self.tasks.run(lambda: read_list(text, self.catalog), self._on_code_read, self._on_code_unreadable,
                              tr("Reading the army code…"))

    def _on_code_unreadable(self, error: BaseException) -> None:
        if not isinstance(error, DataError):
            self._on_task_failed(tr("Could not read the army code"), error)
            return
        self.show_message("error", tr("Could not read the army code"),
                          tr("The clipboard does not hold an army code from the official builder (or only part of "
                             "one). Copy the list's code, or its link, in the official builder and try again.")
                          + "\n\n" + tr("Detail: {problem}", problem=str(error)))

    def _on_code_read(self, code: CodeList) -> None:
        if code.needs_official_data:
            self.show_message("error", tr("This army code needs the official data"),
                              "\n".join(p.message for p in code.problems if p.severity == "error"))
            return
        if code.summary is None or code.army is None:
            self.show_message("error", tr("Could not open the army code"),
                              "\n".join(p.message for p in code.problems))
            return
        self._loaded_armies.add((code.summary.origin, code.summary.id))
        army_list = with_code_settings(code.army_list, self.catalog)
        self.document.start(army_list, saved=False)
        with contextlib.suppress(DataError):
            self._pasted_code = (list_code(army_list, self.catalog), encode(code.decoded))
        self.code_notice.show_opened(self._rules_played, len(self._best_fireteams()))
        if code.problems:
            self.show_message("warning", tr("The army code was opened; please check these points:"),
                              "• " + "\n• ".join(p.message for p in code.problems))
        army = code.summary.name
        self.show_status(lambda: tr("Opened an army code: {army}", army=army))

    def _rules_played(self) -> str:
        """'ITS Season 17, 300 (300 points, 6 SWC)': the open list's rules pack and game size."""
        army_list = self.document.army_list
        if army_list is None:
            return ""
        pack = self.catalog.packs.get(army_list.pack)
        name = pack_name(pack) if pack is not None else army_list.pack
        season = self.document.season()
        tier = season.tier(army_list.tier) if season is not None and army_list.tier else None
        size = tier_label(tier) if tier is not None else tr("{points} points", points=army_list.points or "?")
        return f"{name}, {size}"

    def _best_fireteams(self) -> list[PossibleFireteam]:
        context = self.fireteams.state.context
        return best_teams(context, self.fireteams.state.possible()) if context is not None else []

    def _on_declare_best_fireteams(self) -> None:
        teams = self._best_fireteams()
        if not teams:
            self.code_notice.set_teams(0)
            return
        uids = self.fireteams.edits.declare_all(teams)
        self.code_notice.hide()
        self.fireteams.reveal(uids[0])
        self.show_status(lambda: trn("Declared {n} fireteam, the fireteam finder's best",
                                     "Declared {n} fireteams, the fireteam finder's best", len(uids)))

    def _on_copy_code(self) -> None:
        army_list = self.document.army_list
        if army_list is None:
            return
        try:
            code = list_code(army_list, self.catalog)
        except DataError as exc:
            self._on_task_failed(tr("Could not write the army code"), exc)
            return
        if self._pasted_code is not None and self._pasted_code[0] == code:
            code = self._pasted_code[1]  # unchanged since pasted: the code as it came
        QGuiApplication.clipboard().setText(code)
        self.show_status(lambda: tr("Army code copied: paste it in the official builder."))
        dialog = CopiedCodeDialog(code, builder_link(code), left_out(army_list, self.catalog),
                                  army_list.army.origin != "imported", self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.copied_code_dialog = dialog
        dialog.open()

    def _on_task_failed(self, what: str, error: BaseException) -> None:
        self.host.report_failure(what, error)

    def _say_english_names_once(self) -> None:
        """In Spanish, official data without its Spanish names keeps English weapon, skill and equipment
        names: say so once a session, with how to get them."""
        army = self.document.army
        if army is None or self._english_names_said:
            return
        if english_names_note(army.origin, self.catalog.name_languages(army.origin), language()) is None:
            return
        self._english_names_said = True
        self.show_status(lambda: english_names_note("imported", (), "es") or "", 20000)

    # ----- status messages ------------------------------------------------------------------------
    def show_status(self, message: Callable[[], str], timeout_ms: int = 5000) -> None:
        """A passing message in the status bar, made by a function so that a language switch
        rewords it (retranslate); other widgets' messages are cleared by a switch instead."""
        self._status = (message, message())
        self.statusBar().showMessage(self._status[1], timeout_ms)

    def _retranslate_status(self) -> None:
        shown = self.statusBar().currentMessage()
        if not shown:
            return
        if self._status is not None and self._status[1] == shown:
            self.show_status(self._status[0])
        else:
            self.statusBar().clearMessage()

    # ----- questions and messages (tests replace these) ------------------------------------------
    def ask_open_path(self) -> Path | None:
        folder = self.settings.last_folder() or Path.home()
        name, _ = QFileDialog.getOpenFileName(self, tr("Open a list"), str(folder),
                                              tr("Army lists (*.yaml *.yml);;All files (*)"))
        return Path(name) if name else None

    def save_folder(self) -> Path:
        """Where Save As starts: the list's own folder; for a list never saved, the folder a list was last
        opened from or saved to, else (the first time) the list library's."""
        doc = self.document
        return doc.path.parent if doc.path else (self.settings.last_folder() or self.library.folder)

    def ask_save_path(self) -> Path | None:
        doc = self.document
        folder = self.save_folder()
        stem = files.safe_file_stem(doc.army_list.name if doc.army_list else "", tr("army-list"))
        name, _ = QFileDialog.getSaveFileName(self, tr("Save the list"), str(folder / f"{stem}.yaml"),
                                              tr("Army lists (*.yaml *.yml)"))
        return Path(name) if name else None

    def ask_changed_on_disk(self, path: Path) -> str:
        """The file was changed (or removed) on disk since it was opened or saved here: "overwrite",
        "save_as", "reload" (drop this window's changes) or "cancel"."""
        box = QMessageBox(QMessageBox.Icon.Warning, tr("The file changed on disk"),
                          tr("{file} was changed or removed by another window or program since you opened or saved "
                             "it here.", file=path.name), QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("changed_on_disk_box")
        box.setInformativeText(tr("Overwrite it with this list, save this list under another name, or reload the "
                                  "file (this window's changes are lost)?"))
        choices = [(box.addButton(tr("Overwrite"), QMessageBox.ButtonRole.DestructiveRole), "overwrite"),
                   (box.addButton(tr("Save As…"), QMessageBox.ButtonRole.AcceptRole), "save_as"),
                   (box.addButton(tr("Reload"), QMessageBox.ButtonRole.ResetRole), "reload")]
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return next((answer for button, answer in choices if button is clicked), "cancel")

    def confirm_army_change(self, army: str, names: list[str]) -> bool:
        """Whether to switch to `army` although it cannot field these troopers (they are removed)."""
        box, switch = self.army_change_box(army, names)
        box.exec()
        return box.clickedButton() is switch

    def army_change_box(self, army: str, names: list[str]) -> tuple[QMessageBox, QPushButton]:
        """The question of `confirm_army_change` (and its "switch" button), not shown yet."""
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Change army"),
                          trn("{army} cannot field {n} trooper of the list. Switching removes it:",
                              "{army} cannot field {n} of the list's troopers. Switching removes them:",
                              len(names), army=army),
                          QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("army_change_box")
        box.setInformativeText("• " + "\n• ".join(names) + "\n\n" + tr("You can undo the switch (Ctrl+Z)."))
        switch = box.addButton(tr("Switch and remove them"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box, switch

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        name = self.document.army_list.name if self.document.army_list else ""
        text = (tr("The list “{name}” has changes that are not saved.", name=name) if name
                else tr("This list has changes that are not saved."))
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Unsaved changes"), text,
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText(tr("Save them before closing the list?"))
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return QMessageBox.StandardButton(box.exec())

    def show_message(self, kind: str, title: str, text: str) -> None:
        icon = {"error": QMessageBox.Icon.Critical, "warning": QMessageBox.Icon.Warning}.get(
            kind, QMessageBox.Icon.Information)
        box = QMessageBox(icon, title, title, QMessageBox.StandardButton.Ok, self)
        box.setInformativeText(text)
        box.setObjectName("message_box")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def maybe_keep_changes(self) -> bool:
        """True when it is fine to drop the open list (saved, discarded, or nothing to save)."""
        if not self.document.modified:
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Discard:
            return True
        if answer != QMessageBox.StandardButton.Save:
            return False
        task = self._on_save()
        if task is None:
            return False
        self.tasks.wait(task)
        return not self.document.modified

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.drops.drag_event(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self.drops.drag_event(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.drops.drop_event(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_keep_changes():
            event.ignore()
            return
        self.tasks.wait()
        self.save_layout()
        event.accept()
        self.closed.emit()

