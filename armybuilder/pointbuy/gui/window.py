"""The point-buy army window: the army's settings and totals on top, its designs, its units and the
model designer with the problems panel; files, undo and the print-outs in the menus.

`open_window` is the game's entry for the app (armybuilder/games.py names it): the main window calls
it for *File → New point-buy army* and for a point-buy list file it is asked to open, with the app's
GameContext (gui/gamewindow.py): the window shares the app's recent files, is autosaved like an Infinity
list (it is an `AutosavedWindow`) and carries on from an autosave a crash left (`restore_autosave`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.fileio import atomic_write_bytes, atomic_write_text
from armybuilder.data.problems import DataError
from armybuilder.gui import icons
from armybuilder.gui.autosave import AutosaveContent
from armybuilder.gui.fonts import set_font
from armybuilder.gui.gamewindow import GameContext
from armybuilder.gui.language import Retranslating
from armybuilder.gui.recent import RecentFiles
from armybuilder.gui.widgets.problems import ProblemsPanel
from armybuilder.i18n import LANGUAGES, language, tr, trn
from armybuilder.paths import bundled_profiles_dir
from armybuilder.pointbuy.army import MAX_POINTS, PointBuyList
from armybuilder.pointbuy.catalog import ARMY_ABILITIES, local_name, local_summary
from armybuilder.pointbuy.files import LIST_FORMAT, list_text, load_designs, loads_list, save_designs, sniff
from armybuilder.pointbuy.gui.armyview import ArmyPanel
from armybuilder.pointbuy.gui.designer import DesignerPanel, set_color
from armybuilder.pointbuy.gui.designs import DesignsPanel
from armybuilder.pointbuy.gui.document import ArmyDocument
from armybuilder.pointbuy.printout import PrintSettings, pdf_printout, text_printout

Key = QKeySequence.StandardKey
FILTER = "*.yaml *.yml"


class PointBuyWindow(Retranslating, QMainWindow):
    """One point-buy army, from its designs to its print-out."""

    closed = Signal()
    """The window closed cleanly (its changes saved or discarded): its autosave is no longer needed."""

    def __init__(self, army: PointBuyList | None = None, parent: QWidget | None = None,
                 context: GameContext | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pointbuy_window")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.recent: RecentFiles | None = context.recent if context is not None else None
        """The app's recent files (None: a window on its own, as some tests make)."""
        self.document = ArmyDocument(army or PointBuyList(), self)
        self.print_language = language()
        self._updating = False
        self._build()
        self._build_actions()
        self._connect_signals()
        self.retranslate()
        self._on_changed()
        self.resize(fitted(1500, 900))

    # ----- layout --------------------------------------------------------------------------------
    def _build(self) -> None:
        self.name = QLineEdit()
        self.name.setObjectName("army_name")
        self.points = QSpinBox()
        self.points.setObjectName("army_points")
        self.points.setRange(1, MAX_POINTS)
        self.points.setSingleStep(50)
        self.points.setKeyboardTracking(False)
        self.ability = QComboBox()
        self.ability.setObjectName("army_ability")
        self.ability.addItem("", None)
        for ability in ARMY_ABILITIES.values():
            self.ability.addItem(ability.name, ability.id)
        self.totals = QLabel()
        self.totals.setObjectName("army_totals")
        set_font(self.totals, bold=True)
        self._top_labels = {key: QLabel() for key in ("name", "points", "ability")}
        top = QHBoxLayout()
        top.addWidget(self._top_labels["name"])
        top.addWidget(self.name, 2)
        top.addWidget(self._top_labels["points"])
        top.addWidget(self.points)
        top.addWidget(self._top_labels["ability"])
        top.addWidget(self.ability, 1)
        top.addWidget(self.totals, 3)

        self.designs = DesignsPanel(self.document, [bundled_profiles_dir() / "pointbuy"])
        self.army = ArmyPanel(self.document)
        self.designer = DesignerPanel(self.document)
        self.problems = ProblemsPanel()
        self.problems.setObjectName("pointbuy_problems")
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.designer)
        right.addWidget(self.problems)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        for widget, stretch in ((self.designs, 2), (self.army, 4), (right, 4)):
            self.splitter.addWidget(widget)
            self.splitter.setStretchFactor(self.splitter.count() - 1, stretch)
        self.splitter.setSizes([300, 560, 640])
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

    def _build_actions(self) -> None:
        def make(name: str, shortcut: QKeySequence | Key | None = None) -> QAction:
            action = QAction(self)
            action.setObjectName(name)
            if shortcut is not None:
                action.setShortcut(QKeySequence(shortcut))
            return action

        self.new_action = make("pb_new", Key.New)
        self.open_action = make("pb_open", Key.Open)
        self.save_action = make("pb_save", Key.Save)
        self.save_as_action = make("pb_save_as", Key.SaveAs)
        self.pdf_action = make("pb_export_pdf", Key.Print)
        self.text_action = make("pb_export_text")
        self.close_action = make("pb_close", Key.Close)
        self.undo_action = make("pb_undo", Key.Undo)
        self.redo_action = make("pb_redo", QKeySequence("Ctrl+Shift+Z"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.new_design_action = make("pb_new_design", QKeySequence("Ctrl+Shift+N"))
        self.remove_action = make("pb_remove", Key.Delete)
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.army.tree.addAction(self.remove_action)
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code in LANGUAGES:
            action = make(f"pb_print_{code}")
            action.setCheckable(True)
            action.setChecked(code == self.print_language)
            action.setData(code)
            self.language_group.addAction(action)
            self.language_actions[code] = action
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.recent_menu = QMenu(self)
        self.recent_menu.setObjectName("pb_recent_menu")
        self._fill(self.file_menu, (self.new_action, self.open_action))
        self.file_menu.addMenu(self.recent_menu)
        self._fill(self.file_menu, (None, self.save_action, self.save_as_action, None, self.pdf_action,
                                    self.text_action))
        self.language_menu = self.file_menu.addMenu("")
        for action in self.language_actions.values():
            self.language_menu.addAction(action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.close_action)
        self.edit_menu = bar.addMenu("")
        self._fill(self.edit_menu, (self.undo_action, self.redo_action, None, self.new_design_action,
                                    self.remove_action))

    @staticmethod
    def _fill(menu: QMenu, actions: tuple[QAction | None, ...]) -> None:
        for action in actions:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)

    def _connect_signals(self) -> None:
        doc = self.document
        doc.changed.connect(self._on_changed)
        doc.file_changed.connect(self._update_title)
        stack = doc.undo_stack
        self.undo_action.triggered.connect(stack.undo)
        self.redo_action.triggered.connect(stack.redo)
        stack.indexChanged.connect(self._update_undo_texts)
        self.name.editingFinished.connect(self._on_name_edited)
        self.points.valueChanged.connect(self._on_points_edited)
        self.ability.currentIndexChanged.connect(self._on_ability_edited)
        self.designs.design_selected.connect(self._on_design_selected)
        self.designer.design_shown.connect(self.designs.select)
        self.designs.import_requested.connect(self._on_import_designs)
        self.designs.export_requested.connect(self._on_export_designs)
        self.army.design_chosen.connect(self.designs.select)
        self.problems.subjects_clicked.connect(self._on_problem_clicked)
        self.new_action.triggered.connect(self._on_new)
        self.open_action.triggered.connect(self._on_open)
        self.save_action.triggered.connect(self.save)
        self.save_as_action.triggered.connect(self.save_as)
        self.pdf_action.triggered.connect(lambda: self.export("pdf"))
        self.text_action.triggered.connect(lambda: self.export("text"))
        self.close_action.triggered.connect(self.close)
        self.new_design_action.triggered.connect(self.designs.new_design)
        self.remove_action.triggered.connect(self.army.remove_selected)
        self.language_group.triggered.connect(self._on_print_language)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)  # the files may have gone meanwhile
        if self.recent is not None:
            self.recent.changed.connect(self._fill_recent_menu)

    # ----- the army's settings and totals ---------------------------------------------------------
    def _on_changed(self) -> None:
        army, report = self.document.army, self.document.report
        self._updating = True
        try:
            if not self.name.hasFocus():
                self.name.setText(army.name)
            self.points.setValue(army.points)
            self.ability.setCurrentIndex(max(0, self.ability.findData(army.ability)))
        finally:
            self._updating = False
        totals = report.totals
        grid = " " + tr("(+1 Grid)") if totals.grids else ""
        self.totals.setText(tr("{points} / {limit} points · units {units}/{allowed}{grid} · characters "
                               "{characters}/{most} · {models}", points=totals.points, limit=totals.points_limit,
                               units=totals.units, allowed=totals.units_allowed, grid=grid,
                               characters=totals.characters, most=totals.characters_allowed,
                               models=trn("{n} model", "{n} models", totals.models)))
        empty = army.model_count == 0  # not a verdict yet: an invitation, as Infinity's empty list has
        colour = icons.INFO_COLOR if empty else icons.LEGAL_COLOR if report.legal else icons.ERROR_COLOR
        set_color(self.totals, colour.name())
        self.problems.model.set_rows(self.document.problem_rows())
        errors = len(report.errors)
        warnings = len(report.problems) - errors
        legal: bool | None = report.legal
        if empty:
            legal = None
            text = tr("Start by adding models: design one (New, on the left) or add designs from a database, then "
                      "add a unit of it or an independent character.")
        elif report.legal:
            text = tr("✔ Legal army: it passes every rule the builder checks.")
            if warnings:
                text += " " + trn("{n} warning below.", "{n} warnings below.", warnings)
        else:
            text = trn("✖ Not legal: {n} problem to fix. Click it to select its models.",
                       "✖ Not legal: {n} problems to fix. Click one to select its models.", errors)
        self.problems.set_headline(text, legal)
        self.army.set_current_design(self.designs.current)
        self._update_title()

    def _update_undo_texts(self, *_: object) -> None:
        stack = self.document.undo_stack
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())
        self.undo_action.setText(tr("&Undo {edit}", edit=stack.undoText()).strip())
        self.redo_action.setText(tr("&Redo {edit}", edit=stack.redoText()).strip())

    def _update_title(self) -> None:
        name = self.document.army.name or tr("Untitled army")
        self.setWindowTitle(tr("{name} — point-buy army", name=name) + "[*]")
        self.setWindowModified(self.document.modified)

    def _on_name_edited(self) -> None:
        name = self.name.text().strip()[:120]
        if not self._updating and name != self.document.army.name:
            self.document.edit(self.document.army.with_settings(name=name), lambda: tr("Rename the army"))

    def _on_points_edited(self, value: int) -> None:
        if not self._updating and value != self.document.army.points:
            self.document.edit(self.document.army.with_settings(points=value),
                               lambda: tr("Set the army to {points} points", points=value), key="points")

    def _on_ability_edited(self, _index: int) -> None:
        ability = self.ability.currentData()
        if not self._updating and ability != self.document.army.ability:
            self.document.edit(self.document.army.with_settings(ability=ability),
                               lambda: tr("Change the army special ability"))

    def _on_design_selected(self, design_id: str) -> None:
        self.designer.show_design(design_id or None)
        self.army.set_current_design(design_id or None)

    def _on_problem_clicked(self, subjects: tuple[str, ...]) -> None:
        self.army.select(list(subjects))
        for uid in subjects:
            found = self.document.army.entry(uid)
            if found is not None:
                self.designs.select(found[1].design)
                break

    # ----- files ---------------------------------------------------------------------------------
    def ask_unsaved(self) -> QMessageBox.StandardButton:
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Unsaved changes"),
                          tr("This army has changes that are not saved."),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return QMessageBox.StandardButton(box.exec())

    def ask_open_path(self, title: str) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, title, str(self._folder()),
                                              tr("Point-buy files ({pattern});;All files (*)", pattern=FILTER))
        return Path(name) if name else None

    def ask_save_path(self, title: str, suggested: str, pattern: str = FILTER) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self, title, str(self._folder() / suggested),
                                              tr("Files ({pattern})", pattern=pattern))
        return Path(name) if name else None

    def show_message(self, kind: str, title: str, text: str) -> None:
        icon = QMessageBox.Icon.Critical if kind == "error" else QMessageBox.Icon.Warning
        box = QMessageBox(icon, title, title, QMessageBox.StandardButton.Ok, self)
        box.setObjectName("message_box")
        box.setInformativeText(text)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def _folder(self) -> Path:
        """The open army's folder, else the one a file was last opened or saved in (any window), else home."""
        if self.document.path is not None:
            return self.document.path.parent
        last = self.recent.last_folder() if self.recent is not None else None
        return last if last is not None and last.is_dir() else Path.home()

    def _stem(self) -> str:
        name = "".join(c if c.isalnum() or c in " -_" else "-" for c in self.document.army.name).strip()
        return name[:60] or tr("army")

    def maybe_keep_changes(self) -> bool:
        """True when the open army may be dropped (saved, discarded, or nothing to save)."""
        if not self.document.modified:
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Discard:
            return True
        return answer == QMessageBox.StandardButton.Save and self.save()

    def _on_new(self) -> None:
        if self.maybe_keep_changes():
            self.document.start(PointBuyList())

    def _on_open(self) -> None:
        if self.maybe_keep_changes():
            path = self.ask_open_path(tr("Open a point-buy army"))
            if path is not None:
                self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a list file (its problems are shown; the open army stays when it cannot be read)."""
        try:
            loaded = self.document.open(path)
        except DataError as exc:
            if self.recent is not None and not path.exists():
                self.recent.remove(path)
            self.show_message("error", tr("Could not open {file}", file=path.name), str(exc))
            return False
        if self.recent is not None:
            self.recent.add(path)
        if loaded.problems:
            self.show_message("warning", tr("The list changed since it was saved"),
                              "\n".join(f"• {p}" for p in loaded.problems))
        if self.document.army.designs:
            self.designs.select(self.document.army.designs[0].id)
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        path = self.ask_save_path(tr("Save the army"), f"{self._stem()}.yaml")
        return path is not None and self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        try:
            self.document.save(path)
        except OSError as exc:
            self.show_message("error", tr("Could not save {file}", file=path.name), exc.strerror or str(exc))
            return False
        if self.recent is not None:
            self.recent.add(path)
        return True

    def recent_armies(self) -> list[Path]:
        """The app's recent files that are point-buy armies, most recent first."""
        if self.recent is None:
            return []
        return [path for path in self.recent.files() if sniff(path) == LIST_FORMAT]

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        armies = self.recent_armies()
        for number, path in enumerate(armies, start=1):
            action = self.recent_menu.addAction(f"&{number % 10}  {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, chosen=path: self._on_recent_chosen(chosen))
        if not armies:
            self.recent_menu.addAction(tr("No recent point-buy armies")).setEnabled(False)

    def _on_recent_chosen(self, path: Path) -> None:
        if self.maybe_keep_changes():
            self.open_path(path)

    # ----- autosave (gui/autosave.py: AutosavedWindow) ----------------------------------------------
    def autosave_signals(self) -> Sequence[SignalInstance]:
        return (self.document.changed, self.document.file_changed)

    def autosave_state(self) -> object | None:
        return self.document.army if self.document.modified else None

    def autosave_content(self) -> AutosaveContent:
        army = self.document.army
        return AutosaveContent("pointbuy", army.name, tr("Point-buy wargame, {points} points", points=army.points),
                               self.document.path, list_text(army))

    def restore_autosave(self, text: str, path: Path | None, label: str) -> None:
        """Carry on from an autosave: its army, unsaved (to `path` if it had a file). Raises DataError."""
        loaded = loads_list(text, label)
        self.document.start(loaded.army, path, saved=False)
        if self.document.army.designs:
            self.designs.select(self.document.army.designs[0].id)
        if loaded.problems:
            self.show_message("warning", tr("The restored list changed since it was autosaved"),
                              "\n".join(f"• {p}" for p in loaded.problems))
        name = loaded.army.name or tr("Untitled army")
        self.statusBar().showMessage(tr("Restored {name} from its autosave", name=name), 8000)

    def _on_import_designs(self) -> None:
        path = self.ask_open_path(tr("Add designs from a database"))
        if path is None:
            return
        found = load_designs(path)
        if found.errors and not found.designs:
            self.show_message("error", tr("Could not read {file}", file=path.name),
                              "\n".join(str(p) for p in found.problems))
            return
        if found.problems:
            self.show_message("warning", tr("{file} has problems", file=path.name),
                              "\n".join(str(p) for p in found.problems))
        self.designs.add_designs(found.designs)

    def _on_export_designs(self) -> None:
        path = self.ask_save_path(tr("Save the designs as a database"), f"{self._stem()}-designs.yaml")
        if path is None:
            return
        try:
            save_designs(path, self.document.army.name or tr("Designs"), self.document.army.designs)
        except OSError as exc:
            self.show_message("error", tr("Could not save {file}", file=path.name), exc.strerror or str(exc))

    # ----- print-outs ----------------------------------------------------------------------------
    def _on_print_language(self, action: QAction) -> None:
        self.print_language = str(action.data())

    def export(self, kind: str) -> Path | None:
        """Write the print-out (kind 'pdf' or 'text') where the player says, in the print-out language."""
        suffix = "pdf" if kind == "pdf" else "txt"
        path = self.ask_save_path(tr("Export the army list"), f"{self._stem()}.{suffix}", f"*.{suffix}")
        if path is None:
            return None
        settings = PrintSettings(language=self.print_language)
        try:
            if kind == "pdf":
                atomic_write_bytes(path, pdf_printout(self.document.army, settings))
            else:
                atomic_write_text(path, text_printout(self.document.army, settings))
        except OSError as exc:
            self.show_message("error", tr("Could not save {file}", file=path.name), exc.strerror or str(exc))
            return None
        self.statusBar().showMessage(tr("Saved {file}", file=str(path)), 5000)
        return path

    # ----- window --------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if self.maybe_keep_changes():
            event.accept()
            self.closed.emit()
        else:
            event.ignore()

    def retranslate(self) -> None:
        self._top_labels["name"].setText(tr("Army"))
        self._top_labels["points"].setText(tr("Agreed points"))
        self._top_labels["ability"].setText(tr("Army special ability"))
        self.ability.setItemText(0, tr("none"))
        for index in range(1, self.ability.count()):
            ability = ARMY_ABILITIES[str(self.ability.itemData(index))]
            self.ability.setItemText(index, local_name(ability))
            self.ability.setItemData(index, local_summary(ability), Qt.ItemDataRole.ToolTipRole)
        self.file_menu.setTitle(tr("&File"))
        self.edit_menu.setTitle(tr("&Edit"))
        self.language_menu.setTitle(tr("Print-out language"))
        self.recent_menu.setTitle(tr("Open &recent"))
        self._fill_recent_menu()
        for code, action in self.language_actions.items():
            action.setText(LANGUAGES[code])
        texts = {self.new_action: tr("&New army"), self.open_action: tr("&Open…"), self.save_action: tr("&Save"),
                 self.save_as_action: tr("Save &as…"), self.pdf_action: tr("Export the list as &PDF…"),
                 self.text_action: tr("Export the list as &text…"), self.close_action: tr("&Close"),
                 self.new_design_action: tr("New &design"), self.remove_action: tr("&Remove")}
        for action, text in texts.items():
            action.setText(text)
        for index in range(self.document.undo_stack.count()):  # the history in the new language
            command = self.document.undo_stack.command(index)
            retranslate = getattr(command, "retranslate", None)
            if callable(retranslate):
                retranslate()
        self._update_undo_texts()
        self._on_changed()  # the panels retranslate themselves on the same LanguageChange


def fitted(width: int, height: int) -> QSize:
    """The size wanted, within the screen's room (a 1440×900 laptop cut the 1500-wide window's designer)."""
    screen = QGuiApplication.primaryScreen()
    room = screen.availableGeometry() if screen is not None else None
    if room is None or room.isEmpty():
        return QSize(width, height)
    return QSize(min(width, room.width()), min(height, room.height()))


def open_window(parent: QWidget | None = None, path: Path | None = None,
                context: GameContext | None = None) -> PointBuyWindow:
    """A point-buy window, on a new army or on the list at `path`; shown."""
    window = PointBuyWindow(parent=parent, context=context)
    window.setWindowFlag(Qt.WindowType.Window, True)
    if path is not None:
        window.open_path(path)
    window.show()
    return window
