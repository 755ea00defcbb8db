"""The export dialog: which print-outs (full and courtesy PDF, text), paper, distance units and
language, a preview of each print-out as it will be saved, and Save. Making the PDFs, rendering the
preview and writing the files run off the GUI thread; files are written atomically. An illegal list
is announced and only saved once the player ticks "print it anyway", with NOT LEGAL marks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList
from armybuilder.export.printout import PrintLayoutError, english_names_note
from armybuilder.gui import icons, theme
from armybuilder.gui.files import safe_file_stem
from armybuilder.gui.language import Retranslating
from armybuilder.gui.printing.work import ExportSettings, Preview, PrintOut, preview, targets, write_outputs
from armybuilder.gui.tasks import TaskRunner
from armybuilder.gui.widgets.parts import busy_indicator
from armybuilder.i18n import LANGUAGES, tr
from armybuilder.rules.engine import Report

PAGE_GAP = 14
PREVIEW_DELAY_MS = 200


class PageView(QScrollArea):
    """A PDF's pages one under the other, each scaled to the view's width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preview_pages")
        self.setAccessibleName(tr("Preview of the print-out"))
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setStyleSheet("QScrollArea#preview_pages, QWidget#preview_canvas { background: #7d8790; }")
        self._canvas = QWidget()
        self._canvas.setObjectName("preview_canvas")
        self._layout = QVBoxLayout(self._canvas)
        self._layout.setContentsMargins(PAGE_GAP, PAGE_GAP, PAGE_GAP, PAGE_GAP)
        self._layout.setSpacing(PAGE_GAP)
        self._layout.addStretch(1)
        self.setWidget(self._canvas)
        self._pixmaps: list[QPixmap] = []
        self._labels: list[QLabel] = []

    @property
    def page_count(self) -> int:
        return len(self._pixmaps)

    def show_pages(self, pages: tuple[Any, ...]) -> None:
        self._pixmaps = [QPixmap.fromImage(page) for page in pages]
        while len(self._labels) < len(self._pixmaps):
            label = QLabel()
            label.setObjectName("preview_page")
            label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            self._layout.insertWidget(len(self._labels), label)
            self._labels.append(label)
        while len(self._labels) > len(self._pixmaps):
            self._labels.pop().deleteLater()
        self._rescale()

    def _rescale(self) -> None:
        width = max(200, self.viewport().width() - 2 * PAGE_GAP)
        for label, pixmap in zip(self._labels, self._pixmaps, strict=True):
            scaled = pixmap.scaledToWidth(min(width, pixmap.width() * 2),
                                          Qt.TransformationMode.SmoothTransformation)
            label.setPixmap(scaled)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._pixmaps:
            self._rescale()


class ExportDialog(Retranslating, QDialog):
    """Print and share one list; `saved` carries the files written."""

    saved = Signal(list)

    def __init__(self, army_list: ArmyList, report: Report | None, catalog: Catalog, store: QSettings,
                 default_folder: Path | None = None, distances_cm: bool = False, paper: str = "a4",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("export_dialog")
        self.army_list = army_list
        self.catalog = catalog
        self.store = store
        self.default_folder = default_folder
        self.legal = report.legal if report is not None else False
        self.errors = [v.message for v in report.errors] if report is not None else []
        self.tasks = TaskRunner(parent=self)
        self._generation = 0
        self._save_task: int | None = None
        self.last_preview: Preview | None = None
        self._build(distances_cm, paper)
        self._connect_signals()
        self.retranslate()
        self._restore()
        self._schedule_preview()

    # ----- construction --------------------------------------------------------------------------
    def _build(self, distances_cm: bool, paper: str) -> None:
        self.banner = QLabel()
        self.banner.setObjectName("illegal_banner")
        self.banner.setWordWrap(True)
        self._style_banner()
        self.banner.setVisible(not self.legal)
        self.outputs_box = QGroupBox()
        outputs_layout = QVBoxLayout(self.outputs_box)
        self.output_checks: dict[PrintOut, QCheckBox] = {}
        for output in PrintOut:
            check = QCheckBox()
            check.setObjectName(f"output_{output.value}")
            check.setChecked(output in (PrintOut.FULL_PDF, PrintOut.COURTESY_PDF))
            outputs_layout.addWidget(check)
            self.output_checks[output] = check
        self.courtesy_note = QLabel()
        self.courtesy_note.setWordWrap(True)
        self.courtesy_note.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        outputs_layout.addWidget(self.courtesy_note)

        self.format_box = QGroupBox()
        form = QFormLayout(self.format_box)
        self.paper = QComboBox()
        self.paper.setObjectName("paper")
        self.paper.addItem("A4", "a4")
        self.paper.addItem("Letter", "letter")
        self.paper.setCurrentIndex(1 if paper == "letter" else 0)
        self.units = QComboBox()
        self.units.setObjectName("units")
        self.units.addItem("", "inch")
        self.units.addItem("", "cm")
        self.units.setCurrentIndex(1 if distances_cm else 0)
        self.language = QComboBox()
        self.language.setObjectName("language")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        from armybuilder.i18n import language

        self.language.setCurrentIndex(max(0, self.language.findData(language())))
        self.names_note = QLabel()
        self.names_note.setObjectName("names_note")
        self.names_note.setWordWrap(True)
        self.names_note.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        self.names_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.weapons = QCheckBox()
        self.weapons.setObjectName("weapons_reference")
        self.weapons.setChecked(True)
        self.paper_label, self.units_label, self.language_label = QLabel(), QLabel(), QLabel()
        form.addRow(self.paper_label, self.paper)
        form.addRow(self.units_label, self.units)
        form.addRow(self.language_label, self.language)
        form.addRow(self.names_note)
        form.addRow(self.weapons)
        self.allow_illegal = QCheckBox()
        self.allow_illegal.setObjectName("allow_illegal")
        self.allow_illegal.setVisible(not self.legal)
        self.allow_illegal.setStyleSheet(f"color: {icons.ERROR_COLOR.name()}; font-weight: bold")

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.outputs_box)
        left_layout.addWidget(self.format_box)
        left_layout.addStretch(1)
        left.setFixedWidth(290)

        self.preview_choice = QComboBox()
        self.preview_choice.setObjectName("preview_choice")
        self.preview_title = QLabel()
        self.preview_info = QLabel()
        self.preview_info.setObjectName("preview_info")
        self.preview_info.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        head = QHBoxLayout()
        head.addWidget(self.preview_title)
        head.addWidget(self.preview_choice)
        head.addWidget(self.preview_info, 1)
        self.pages = PageView()
        self.text = QPlainTextEdit()
        self.text.setObjectName("preview_text")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.pages)
        self.stack.addWidget(self.text)
        self.stack.addWidget(self.empty)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(head)
        right_layout.addWidget(self.stack, 1)

        body = QHBoxLayout()
        body.addWidget(left)
        body.addWidget(right, 1)
        self.busy = busy_indicator("export_busy", 120)
        self.status = QLabel()
        self.status.setObjectName("export_status")
        self.save_button = QPushButton()
        self.save_button.setObjectName("export_save")
        self.save_button.setDefault(True)
        self.close_button = QPushButton()
        self.close_button.setObjectName("export_close")
        buttons = QHBoxLayout()
        buttons.addWidget(self.busy)
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.allow_illegal)  # beside Save: the confirmation it needs
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)
        self.resize(1100, 800)

    def _connect_signals(self) -> None:
        for check in self.output_checks.values():
            check.toggled.connect(self._on_outputs_changed)
        for combo in (self.paper, self.units, self.language):
            combo.currentIndexChanged.connect(self._schedule_preview)
        self.language.currentIndexChanged.connect(self._update_names_note)
        self.weapons.toggled.connect(self._schedule_preview)
        self.preview_choice.currentIndexChanged.connect(self._schedule_preview)
        self.allow_illegal.toggled.connect(self._update_buttons)
        self.save_button.clicked.connect(self._on_save)
        self.close_button.clicked.connect(self.reject)
        self.tasks.busy_changed.connect(self._on_busy_changed)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PREVIEW_DELAY_MS)
        self._timer.timeout.connect(self.refresh_preview)

    def _style_banner(self) -> None:
        fill, border = theme.banner()
        self.banner.setStyleSheet(f"QLabel {{ background: {fill}; color: {icons.ERROR_COLOR.name()}; "
                                  f"border: 1px solid {border}; padding: 6px; }}")

    def retranslate(self) -> None:
        self._style_banner()
        name = self.army_list.name or tr("Untitled list")
        self.setWindowTitle(tr("Print and export — {name}", name=name))
        count = len(self.errors)
        problems = "\n".join(f"• {m}" for m in self.errors[:4]) + ("\n…" if count > 4 else "")
        headline = (tr("This list is NOT LEGAL (1 problem). Its print-outs would carry NOT LEGAL marks on every "
                       "page; a tournament will not accept them.") if count == 1 else
                    tr("This list is NOT LEGAL ({count} problems). Its print-outs would carry NOT LEGAL marks on "
                       "every page; a tournament will not accept them.", count=count))
        self.banner.setText(headline + ("\n" + problems if problems else ""))
        self.outputs_box.setTitle(tr("Print-outs"))
        for output, check in self.output_checks.items():
            check.setText(output.label)
        self.courtesy_note.setText(tr("The courtesy list shows your opponent only open information: no costs, no "
                                      "Lieutenant, no hidden troopers, no fireteams."))
        self.format_box.setTitle(tr("Format"))
        self.paper_label.setText(tr("Paper"))
        self.paper.setItemText(1, tr("Letter", context="paper"))
        self.units_label.setText(tr("Distances"))
        self.units.setItemText(0, tr("inches"))
        self.units.setItemText(1, tr("centimetres"))
        self.language_label.setText(tr("Language"))
        self.weapons.setText(tr("Weapons reference page"))
        self.weapons.setToolTip(tr("A page after each list with the profile of every weapon it shows"))
        self._update_names_note()
        self.allow_illegal.setText(tr("Print it anyway, marked NOT LEGAL"))
        self.preview_title.setText(tr("Preview:"))
        self.save_button.setText(tr("Save…"))
        self.close_button.setText(tr("Close"))
        self._fill_preview_choice()
        self._update_buttons()

    def _update_names_note(self, *_: object) -> None:
        """Spanish print-outs of official data without its Spanish names: say so, and how to get them."""
        origin = self.army_list.army.origin
        note = english_names_note(origin, self.catalog.name_languages(origin), str(self.language.currentData()))
        self.names_note.setText(note or "")
        self.names_note.setVisible(note is not None)

    # ----- remembered choices --------------------------------------------------------------------
    # Paper, distances and language start from the Preferences and the app's language each time;
    # which print-outs and the weapons page are remembered from the last export.
    def _restore(self) -> None:
        outputs = self.store.value("export/outputs")
        if isinstance(outputs, str):
            outputs = [outputs]
        if isinstance(outputs, list):
            wanted = {str(o) for o in outputs}
            for output, check in self.output_checks.items():
                check.setChecked(output.value in wanted)
        weapons = self.store.value("export/weapons")
        if weapons is not None:
            self.weapons.setChecked(str(weapons).lower() in ("1", "true"))

    def _remember(self) -> None:
        settings = self.export_settings()
        self.store.setValue("export/outputs", [o.value for o in settings.outputs])
        self.store.setValue("export/weapons", settings.weapons_reference)

    # ----- state ---------------------------------------------------------------------------------
    def export_settings(self) -> ExportSettings:
        return ExportSettings(
            paper="letter" if self.paper.currentData() == "letter" else "a4",
            units="cm" if self.units.currentData() == "cm" else "inch",
            language=str(self.language.currentData() or "en"),
            outputs=tuple(o for o, check in self.output_checks.items() if check.isChecked()),
            allow_illegal=self.allow_illegal.isChecked() and not self.legal,
            weapons_reference=self.weapons.isChecked())

    def can_save(self) -> bool:
        settings = self.export_settings()
        return bool(settings.outputs) and (self.legal or settings.allow_illegal) and self._save_task is None

    def _update_buttons(self, *_: object) -> None:
        self.save_button.setEnabled(self.can_save())
        if not self.legal and not self.allow_illegal.isChecked():
            self.save_button.setToolTip(tr("Tick “Print it anyway” to save the print-outs of an illegal list."))
        elif not self.export_settings().outputs:
            self.save_button.setToolTip(tr("Choose at least one print-out."))
        else:
            self.save_button.setToolTip(tr("Choose where to save the print-outs."))

    def _on_outputs_changed(self, *_: object) -> None:
        self._fill_preview_choice()
        self._update_buttons()

    def _fill_preview_choice(self) -> None:
        current = self.preview_choice.currentData()
        self.preview_choice.blockSignals(True)
        self.preview_choice.clear()
        for output in self.export_settings().outputs:
            self.preview_choice.addItem(output.label, output.value)
        index = self.preview_choice.findData(current)
        self.preview_choice.setCurrentIndex(index if index >= 0 else 0)
        self.preview_choice.blockSignals(False)
        self._schedule_preview()

    def previewed(self) -> PrintOut | None:
        value = self.preview_choice.currentData()
        return PrintOut(str(value)) if value else None

    # ----- preview -------------------------------------------------------------------------------
    def _schedule_preview(self, *_: object) -> None:
        self._timer.start()

    def refresh_preview(self) -> int | None:
        """Make the chosen print-out in the background and show it; returns the task id."""
        self._timer.stop()
        self._generation += 1
        generation = self._generation
        output = self.previewed()
        if output is None:
            self._show_empty(tr("Choose at least one print-out."))
            return None
        settings = self.export_settings()
        army_list, catalog = self.army_list, self.catalog
        return self.tasks.run(lambda: preview(army_list, catalog, settings, output),
                              lambda result: self._on_preview(generation, result),
                              lambda error: self._on_preview_failed(generation, error),
                              tr("Preparing the preview…"))

    def _on_preview(self, generation: int, result: Preview) -> None:
        if generation != self._generation:
            return  # the options changed meanwhile: a newer preview is on its way
        self.last_preview = result
        size = tr("{size} KB", size=max(1, round(result.size / 1024)))
        if result.output.is_pdf:
            self.pages.show_pages(result.pages)
            self.stack.setCurrentWidget(self.pages)
            pages = tr("1 page", context="preview") if len(result.pages) == 1 else tr(
                "{count} pages", count=len(result.pages))
            self.preview_info.setText(f"{pages} · {size}")
        else:
            self.text.setPlainText(result.text)
            self.stack.setCurrentWidget(self.text)
            self.preview_info.setText(size)

    def _on_preview_failed(self, generation: int, error: BaseException) -> None:
        if generation == self._generation:
            self._show_empty(tr("The preview could not be made: {error}", error=error))

    def _show_empty(self, text: str) -> None:
        self.last_preview = None
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)
        self.preview_info.setText("")

    def _on_busy_changed(self, busy: bool, message: str) -> None:
        self.busy.setVisible(busy)
        self.status.setText(message if busy else "")

    # ----- saving --------------------------------------------------------------------------------
    def _on_save(self) -> int | None:
        if not self.can_save():
            return None
        settings = self.export_settings()
        path = self.ask_save_path(settings)
        if path is None:
            return None
        chosen = targets(path, settings.outputs)
        others = [p for _, p in chosen if p.exists() and p != path]
        if others and not self.confirm_overwrite(others):
            return None
        army_list, catalog = self.army_list, self.catalog
        self._save_task = self.tasks.run(lambda: write_outputs(army_list, catalog, settings, chosen),
                                         self._on_saved, self._on_save_failed, tr("Saving…"))
        self._update_buttons()
        return self._save_task

    def _on_saved(self, paths: list[Path]) -> None:
        self._save_task = None
        self._remember()
        self.saved.emit(paths)
        self.accept()

    def _on_save_failed(self, error: BaseException) -> None:
        self._save_task = None
        self._update_buttons()
        if isinstance(error, OSError):
            detail = tr("cannot write {file}: {reason}", file=error.filename or "", reason=error.strerror or error)
        elif isinstance(error, PrintLayoutError):
            detail = str(error)
        else:
            detail = f"{type(error).__name__}: {error}"
        self.show_message(tr("The print-outs were not saved"), detail)

    # ----- questions (tests replace these) -------------------------------------------------------
    def ask_save_path(self, settings: ExportSettings) -> Path | None:
        folder = self.default_folder or Path.home()
        stem = self.suggested_stem(settings)
        pdf = any(o.is_pdf for o in settings.outputs)
        suffix = ".pdf" if pdf else ".txt"
        filters = tr("PDF files (*.pdf)") if pdf else tr("Text files (*.txt)")
        name, _ = QFileDialog.getSaveFileName(self, tr("Save the print-outs"), str(folder / f"{stem}{suffix}"), filters)
        return Path(name) if name else None

    def suggested_stem(self, settings: ExportSettings) -> str:
        """The file name the save dialog proposes. The list's name is private (players write
        "Camo LT" there) and a courtesy list's file travels to the opponent, so whenever a courtesy
        print-out is among the outputs the name says only the army: "PanOceania-courtesy" (several
        print-outs add -full / -courtesy to it). A full list alone keeps the list's name."""
        summary = self.catalog.summary(self.army_list.army)
        army = summary.name if summary else (self.army_list.army.name or self.army_list.army.slug)
        army_stem = safe_file_stem(army, tr("army-list"))
        courtesy = [o for o in settings.outputs if o in (PrintOut.COURTESY_PDF, PrintOut.COURTESY_TEXT)]
        if not courtesy:
            return safe_file_stem(self.army_list.name, army_stem)
        if len(settings.outputs) == 1:
            return f"{army_stem}-{tr('courtesy', context='file name')}"
        return army_stem

    def confirm_overwrite(self, paths: list[Path]) -> bool:
        names = "\n".join(f"• {p.name}" for p in paths)
        answer = QMessageBox.question(self, tr("Replace files?"),
                                      tr("These files exist already and would be replaced:\n{names}", names=names))
        return answer == QMessageBox.StandardButton.Yes

    def show_message(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Critical, title, title, QMessageBox.StandardButton.Ok, self)
        box.setInformativeText(text)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def done(self, result: int) -> None:
        if self._save_task is not None and result != QDialog.DialogCode.Accepted:
            return  # the files are being written: the dialog closes when they are
        self._timer.stop()
        self._generation += 1  # results still on their way are ignored
        self.tasks.wait(timeout_ms=60000)
        super().done(result)

