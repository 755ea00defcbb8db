"""“Import Infinity Army data…”: from a folder or a web address, with per-file progress, cancel and
a report of what was imported and every problem found.

The import runs on a worker thread (the injected TaskRunner); progress comes back through queued
signals. The importer only replaces the cache once everything is converted, so a failure or a
cancellation leaves the data imported before in use. When new data was written, `data_imported`
carries the freshly opened `ImportedSource` for the window to put in its catalog.
"""

from __future__ import annotations

import html
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QStackedWidget,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.cache import CacheError, ImportedSource
from armybuilder.data.download import import_from_url
from armybuilder.data.importer import ArmyImport, ImportReport, import_folder
from armybuilder.data.official_json import ImportIssue
from armybuilder.data.official_source import OFFICIAL_API
from armybuilder.gui import icons
from armybuilder.gui.fonts import set_font
from armybuilder.gui.language import Retranslating
from armybuilder.gui.settings_store import SettingsStore
from armybuilder.gui.tasks import TaskRunner
from armybuilder.gui.widgets.parts import size_columns
from armybuilder.i18n import language, tr, trn
from armybuilder.paths import imported_data_dir

CHOOSE_PAGE, PROGRESS_PAGE, RESULT_PAGE = 0, 1, 2
FOLDER_KEY = "import/folder"
URL_KEY = "import/url"
SPANISH_KEY = "import/spanish_names"


@dataclass(frozen=True)
class ImportSource:
    """Where to import from: a folder, or a web address (the official API or a mirror)."""

    folder: Path | None = None
    url: str | None = None
    names_language: str | None = None
    """With a web address: also fetch the data's names in this language ("es") and merge them by id."""

    @property
    def label(self) -> str:
        return str(self.folder) if self.folder is not None else (self.url or OFFICIAL_API)


@dataclass
class ImportOutcome:
    """What the worker hands back: the report, and the new cache opened when it was written."""

    report: ImportReport
    source: ImportedSource | None = None
    problem: str | None = None


PROGRESS_SHOWN_EVERY_MS = 50
"""How often the progress page shows the importer's progress at most (its calls are gathered in between)."""


class _Relay(QObject):
    """Carries the importer's progress calls from the worker thread to the dialog (queued)."""

    file_read = Signal(str, int, int, int)
    downloading = Signal(str, int, int, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._passed: tuple[tuple[str, int] | None, float] = (None, 0.0)

    def download_progress(self, name: str, index: int, total: int, size: int) -> None:
        """The download's progress, called for every 64 KB received: passed on when a file starts, then at most
        once per PROGRESS_SHOWN_EVERY_MS (what the dialog shows at most). Each call passed on is a slot run on the
        GUI thread, which takes Python's lock from the threads downloading and importing."""
        now = time.monotonic()
        passed, at = self._passed
        if passed != (name, index) or (now - at) * 1000 >= PROGRESS_SHOWN_EVERY_MS:
            self._passed = ((name, index), now)
            self.downloading.emit(name, index, total, size)


def run_import(source: ImportSource, cancel: threading.Event, relay: _Relay | None = None,
               data_dir: Path | None = None) -> ImportOutcome:
    """The worker's job: import, then open the cache it wrote (never touches the catalog)."""
    target = data_dir if data_dir is not None else imported_data_dir()
    file_read = relay.file_read.emit if relay is not None else None
    downloading = relay.download_progress if relay is not None else None
    if source.folder is not None:
        report = import_folder(source.folder, target, progress=file_read, cancel=cancel)
    else:
        report = import_from_url(source.url, target, progress=file_read, download_progress=downloading,
                                 cancel=cancel, names_language=source.names_language)
    outcome = ImportOutcome(report)
    if report.written or (report.fatal is None and not report.cancelled):
        try:
            outcome.source = ImportedSource.open(target)
        except CacheError as exc:
            outcome.problem = str(exc)
    return outcome


def size_text(size: int) -> str:
    return tr("{size} kB", size=f"{size / 1024:,.0f}") if size >= 1024 else tr("{size} bytes", size=size)


class ImportDataDialog(Retranslating, QDialog):
    """Choose a source, watch the import file by file (cancel any time), read the report."""

    data_imported = Signal(object)
    """An ImportedSource: the armies now in the cache (emitted after any import that left one)."""

    def __init__(self, tasks: TaskRunner, settings: SettingsStore, parent: QWidget | None = None,
                 data_dir: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("import_dialog")
        self.setModal(True)
        self.tasks = tasks
        self.settings = settings
        self.data_dir = data_dir
        self.cancel_event = threading.Event()
        self.task: int | None = None
        self.source: ImportSource | None = None
        self.outcome: ImportOutcome | None = None
        self._issues: list[tuple[ImportIssue, str]] = []
        self._relay = _Relay(self)
        self._relay.file_read.connect(self._on_file_read)
        self._relay.downloading.connect(self._on_downloading)
        self._progress: tuple[int | None, int, str] | None = None
        """The bar's maximum (None: left as it is) and value, and the phase, not shown yet (`_show_progress`)."""
        self._progress_lines: list[str] = []
        """The log's lines not shown yet."""
        self._progress_timer = QTimer(self)
        self._progress_timer.setSingleShot(True)
        self._progress_timer.setInterval(PROGRESS_SHOWN_EVERY_MS)
        self._progress_timer.timeout.connect(self._show_progress)
        self._build()
        self._connect_signals()
        self.retranslate()
        self._show_page(CHOOSE_PAGE)
        self.setMinimumWidth(680)

    # ----- construction ----------------------------------------------------------------------------
    def _build(self) -> None:
        self.pages = QStackedWidget()
        self.pages.addWidget(self._build_choose())
        self.pages.addWidget(self._build_progress())
        self.pages.addWidget(self._build_result())
        self.buttons = QDialogButtonBox()
        self.import_button = QPushButton()
        self.import_button.setObjectName("start_import")
        self.import_button.setDefault(True)
        self.again_button = QPushButton()
        self.again_button.setObjectName("import_again")
        self.buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.again_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.buttons)

    def _build_choose(self) -> QWidget:
        page = QWidget()
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.from_folder = QRadioButton()
        self.from_folder.setObjectName("from_folder")
        self.folder = QLineEdit()
        self.folder.setObjectName("import_folder")
        self.folder.setText(str(self.settings.store.value(FOLDER_KEY, "") or ""))
        self.browse = QPushButton()
        self.browse.setObjectName("browse")
        self.from_web = QRadioButton()
        self.from_web.setObjectName("from_web")
        self.url = QLineEdit()
        self.url.setObjectName("import_url")
        self.url.setText(str(self.settings.store.value(URL_KEY, "") or "") or OFFICIAL_API)
        self.official_button = QPushButton()
        self.official_button.setObjectName("official_address")
        self.spanish_names = QCheckBox()
        self.spanish_names.setObjectName("spanish_names")
        remembered = self.settings.store.value(SPANISH_KEY, None)
        self.spanish_names.setChecked(language() == "es" if remembered is None else str(remembered) == "true")
        self.web_hint = QLabel()
        self.web_hint.setWordWrap(True)
        self.folder_hint = QLabel()
        self.folder_hint.setWordWrap(True)
        for hint in (self.web_hint, self.folder_hint):
            hint.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        self.choose_error = QLabel()
        self.choose_error.setObjectName("choose_error")
        self.choose_error.setWordWrap(True)
        self.choose_error.setStyleSheet(f"color: {icons.ERROR_COLOR.name()}")
        self.where = QLabel()
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.where.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        self.source_group = QButtonGroup(self)
        self.source_group.addButton(self.from_folder)
        self.source_group.addButton(self.from_web)
        (self.from_web if self.settings.store.value(URL_KEY, "") and not self.folder.text()
         else self.from_folder).setChecked(True)

        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(6)
        grid.addWidget(self.from_folder, 0, 0, 1, 3)
        grid.addWidget(self.folder, 1, 0, 1, 2)
        grid.addWidget(self.browse, 1, 2)
        grid.addWidget(self.folder_hint, 2, 0, 1, 3)
        grid.setRowMinimumHeight(3, 14)
        grid.addWidget(self.from_web, 4, 0, 1, 3)
        grid.addWidget(self.url, 5, 0, 1, 2)
        grid.addWidget(self.official_button, 5, 2)
        grid.addWidget(self.web_hint, 6, 0, 1, 3)
        grid.addWidget(self.spanish_names, 7, 0, 1, 3)
        grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(page)
        layout.addWidget(self.intro)
        layout.addSpacing(8)
        layout.addLayout(grid)
        layout.addSpacing(8)
        layout.addWidget(self.choose_error)
        layout.addStretch(1)
        layout.addWidget(self.where)
        return page

    def _build_progress(self) -> QWidget:
        page = QWidget()
        self.progress_title = QLabel()
        self.progress_title.setWordWrap(True)
        set_font(self.progress_title, bold=True)
        self.phase = QLabel()
        self.phase.setObjectName("import_phase")
        self.phase.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setObjectName("import_progress")
        self.bar.setRange(0, 0)
        self.bar.setFormat("%v / %m")
        self.log = QListWidget()
        self.log.setObjectName("import_log")
        self.log.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.progress_note = QLabel()
        self.progress_note.setWordWrap(True)
        self.progress_note.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        layout = QVBoxLayout(page)
        layout.addWidget(self.progress_title)
        layout.addWidget(self.phase)
        layout.addWidget(self.bar)
        layout.addWidget(self.log, 1)
        layout.addWidget(self.progress_note)
        return page

    def _build_result(self) -> QWidget:
        page = QWidget()
        self.headline = QLabel()
        self.headline.setObjectName("import_headline")
        self.headline.setWordWrap(True)
        set_font(self.headline, bold=True, scale=1.15)
        self.summary = QLabel()
        self.summary.setObjectName("import_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.issues = QTextBrowser()  # wraps long messages and lets them be copied
        self.issues.setObjectName("import_issues")
        self.issues.setOpenLinks(False)
        for kind in ("error", "warning", "info"):
            self.issues.document().addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"mark:{kind}"),
                                               icons.mark(kind).pixmap(16, 16).toImage())
        self.show_notes = QCheckBox()
        self.show_notes.setObjectName("show_notes")
        issues_page = QWidget()
        issues_layout = QVBoxLayout(issues_page)
        issues_layout.setContentsMargins(4, 4, 4, 4)
        issues_layout.addWidget(self.issues, 1)
        issues_layout.addWidget(self.show_notes)
        self.armies = QTreeWidget()
        self.armies.setObjectName("import_armies")
        self.armies.setRootIsDecorated(False)
        self.armies.setAlternatingRowColors(True)
        self.armies.setColumnCount(4)
        self.armies.setSortingEnabled(False)
        size_columns(self.armies.header(), 0, fit=(1, 2, 3))
        self.result_tabs = QTabWidget()
        self.result_tabs.setObjectName("import_tabs")
        self.result_tabs.addTab(issues_page, "")
        self.result_tabs.addTab(self.armies, "")
        layout = QVBoxLayout(page)
        top = QHBoxLayout()
        self.headline_icon = QLabel()
        top.addWidget(self.headline_icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.headline, 1)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.result_tabs, 1)
        return page

    def _connect_signals(self) -> None:
        self.import_button.clicked.connect(self.start)
        self.again_button.clicked.connect(self._on_again)
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        self.close_button.clicked.connect(self.accept)
        self.browse.clicked.connect(self._on_browse)
        self.official_button.clicked.connect(self._on_official)
        self.folder.textEdited.connect(lambda _: self.from_folder.setChecked(True))
        self.url.textEdited.connect(lambda _: self.from_web.setChecked(True))
        self.spanish_names.toggled.connect(self._on_spanish_names)
        self.show_notes.toggled.connect(self._fill_issues)

    def _on_spanish_names(self, on: bool) -> None:
        if on:  # the Spanish names come from the web only
            self.from_web.setChecked(True)

    def retranslate(self) -> None:
        self.folder.setAccessibleName(tr("Folder of the official data"))
        self.url.setAccessibleName(tr("Web address of the official data"))
        self.setWindowTitle(tr("Import Infinity Army data"))
        self.intro.setText(tr("Import the official Infinity Army data: every army and sectorial, converted once and "
                              "kept for offline use. Importing again updates the armies that changed."))
        self.from_folder.setText(tr("From a &folder"))
        self.folder.setPlaceholderText(tr("The folder that holds army.json and one file per army"))
        self.browse.setText(tr("&Browse…"))
        self.folder_hint.setText(tr("A copy of the Infinity Army data: army.json (the metadata) and one .json file "
                                    "per army, e.g. the n5 folder."))
        self.from_web.setText(tr("From the &web"))
        self.url.setPlaceholderText(tr("Web address"))
        self.official_button.setText(tr("Official address"))
        self.official_button.setToolTip(tr("Use the official Infinity Army address ({url})", url=OFFICIAL_API))
        self.spanish_names.setText(tr("Also download the &Spanish names (weapons, skills and equipment in Spanish "
                                      "print-outs and in the app)"))
        self.web_hint.setText(tr("The official Infinity Army address, or a mirror of the n5 folder (army.json and "
                                 "<slug>.json files). Every file is downloaded before anything is imported."))
        self.where.setText(tr("The converted data is kept in {folder}.", folder=str(self._target())))
        self.import_button.setText(tr("&Import"))
        self.again_button.setText(tr("Import &again…"))
        self.show_notes.setText(tr("Show notes too"))
        self.armies.setHeaderLabels([tr("Army"), tr("Version"), tr("Status"), tr("Contents")])
        if self.outcome is not None:
            self._show_outcome(self.outcome)

    def _target(self) -> Path:
        return self.data_dir if self.data_dir is not None else imported_data_dir()

    def _show_page(self, page: int) -> None:
        self.pages.setCurrentIndex(page)
        if page != CHOOSE_PAGE:
            self.resize(max(self.width(), 780), max(self.height(), 580))
        self.import_button.setVisible(page == CHOOSE_PAGE)
        self.again_button.setVisible(page == RESULT_PAGE)
        self.cancel_button.setVisible(page != RESULT_PAGE)
        self.close_button.setVisible(page == RESULT_PAGE)
        self.cancel_button.setEnabled(True)
        if page == RESULT_PAGE:
            self.close_button.setDefault(True)
            self.close_button.setFocus()

    # ----- running ---------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.task is not None and self.tasks.is_running(self.task)

    def chosen_source(self) -> ImportSource | None:
        """The source the form describes, or None (with the reason shown) when it is incomplete."""
        if self.from_folder.isChecked():
            text = self.folder.text().strip()
            if not text:
                self.choose_error.setText(tr("Choose the folder that holds army.json."))
                return None
            return ImportSource(folder=Path(text).expanduser())
        text = self.url.text().strip()
        if not text:
            self.choose_error.setText(tr("Type the web address to download from."))
            return None
        return ImportSource(url=text, names_language="es" if self.spanish_names.isChecked() else None)

    def start(self, source: ImportSource | None = None) -> int | None:
        """Start importing (from `source`, else the form); returns the task id."""
        if self.running:
            return self.task
        source = source or self.chosen_source()
        if source is None:
            return None
        self.choose_error.clear()
        if source.folder is not None:
            self.settings.store.setValue(FOLDER_KEY, str(source.folder))
        elif source.url:
            self.settings.store.setValue(URL_KEY, source.url)
            self.settings.store.setValue(SPANISH_KEY, "true" if source.names_language == "es" else "false")
        self.source = source
        self.outcome = None
        self.cancel_event = threading.Event()
        self._progress_timer.stop()
        self._progress, self._progress_lines = None, []
        self.log.clear()
        self.bar.setRange(0, 0)
        self.bar.setValue(0)
        self.progress_title.setText(tr("Importing from {source}", source=source.label))
        self.phase.setText(tr("Starting…"))
        self.progress_note.setText(tr("You can cancel at any time: the data imported before stays in use."))
        self._show_page(PROGRESS_PAGE)
        cancel, relay, target = self.cancel_event, self._relay, self.data_dir
        self.task = self.tasks.run(lambda: run_import(source, cancel, relay, target), self._on_done,
                                   self._on_failed, tr("Importing the Infinity Army data…"))
        return self.task

    def cancel(self) -> None:
        """Stop the running import between two files; the previous data stays in use."""
        if not self.running:
            return
        self.cancel_event.set()
        self.cancel_button.setEnabled(False)
        self.phase.setText(tr("Cancelling…"))

    def _on_file_read(self, name: str, index: int, total: int, size: int) -> None:
        if self.cancel_event.is_set():
            return
        self._progress_lines.append(tr("✓ {file} — {size}", file=name, size=size_text(size)))
        self._show_later(max(total, 1), index,
                         tr("Converting {file} ({index} of {total})", file=name, index=index, total=total))

    def _on_downloading(self, name: str, index: int, total: int, size: int) -> None:
        if self.cancel_event.is_set():
            return
        if total:
            self._show_later(total, index - 1, tr("Downloading {file} ({index} of {total}): {size}", file=name,
                                                  index=index, total=total, size=size_text(size)))
        else:
            self._show_later(None, 0, tr("Downloading {file}: {size}", file=name, size=size_text(size)))

    def _show_later(self, maximum: int | None, value: int, phase: str) -> None:
        """Show this progress within PROGRESS_SHOWN_EVERY_MS, with what comes before then: the importer reports
        every file read and every 64 KB downloaded (~700 calls for the official data), and each shown at once
        repainted the bar, the phase and the dialog under them — a third of the GUI thread's time during an
        import, and Python's lock taken from the importer's thread as often."""
        self._progress = (maximum, value, phase)
        if not self._progress_timer.isActive():
            self._progress_timer.start()

    def _show_progress(self) -> None:
        """Show the progress gathered since it was last shown (`_show_later`)."""
        self._progress_timer.stop()
        progress, lines = self._progress, self._progress_lines
        self._progress, self._progress_lines = None, []
        if self.cancel_event.is_set():
            return
        if lines:
            self.log.addItems(lines)
            self.log.scrollToBottom()
        if progress is not None:
            maximum, value, phase = progress
            if maximum is not None:
                self.bar.setRange(0, maximum)
                self.bar.setValue(value)
            self.phase.setText(phase)

    def _on_done(self, outcome: ImportOutcome) -> None:
        self._show_progress()  # the last files' lines
        self.task = None
        self.outcome = outcome
        self._show_outcome(outcome)
        if outcome.source is not None:
            self.data_imported.emit(outcome.source)

    def _on_failed(self, error: BaseException) -> None:
        self._show_progress()
        self.task = None
        report = ImportReport(source=self.source.label if self.source else "", data_dir=self._target())
        report.fatal = ImportIssue(report.source, f"{type(error).__name__}: {error}")
        self.outcome = ImportOutcome(report)
        self._show_outcome(self.outcome)

    # ----- the report --------------------------------------------------------------------------------
    def _show_outcome(self, outcome: ImportOutcome) -> None:
        report = outcome.report
        issues = report.all_issues
        counts = {s: sum(1 for i in issues if i.severity == s) for s in ("error", "warning", "info")}
        if report.cancelled:
            kind = "warning"
            headline = tr("Import cancelled")
            summary = tr("Nothing was changed: the data imported before is still in use.")
        elif report.fatal is not None:
            kind = "error"
            headline = tr("The import failed")
            summary = tr("{problem}\nNothing was changed: the data imported before is still in use.",
                         problem=str(report.fatal))
        else:
            armies = sum(report.count(s) for s in ("imported", "updated", "unchanged"))
            failed = report.count("failed") + report.count("kept")
            kind = "error" if counts["error"] else "legal"
            if not report.written:
                headline = tr("Nothing changed since the last import")
            elif failed:
                headline = trn("{n} army imported, {failed} failed", "{n} armies imported, {failed} failed", armies,
                               failed=failed)
            else:
                headline = trn("{n} army imported", "{n} armies imported", armies)
            summary = tr("{imported} new, {updated} updated, {unchanged} unchanged, {failed} failed; {errors} errors, "
                         "{warnings} warnings, {notes} notes ({seconds} s).", imported=report.count("imported"),
                         updated=report.count("updated"), unchanged=report.count("unchanged"),
                         failed=failed, errors=counts["error"],
                         warnings=counts["warning"], notes=counts["info"], seconds=f"{report.seconds:.1f}")
            spanish = report.translations.get("es", 0)
            if spanish:
                summary += " " + trn("{n} Spanish name merged by id.", "{n} Spanish names merged by id.", spanish)
            if outcome.source is not None:
                summary += " " + tr("The armies are in the army picker now.")
            if outcome.problem:
                kind = "error"
                summary += "\n" + tr("The imported data cannot be opened: {problem}", problem=outcome.problem)
        self.headline.setText(headline)
        self.headline_icon.setPixmap(icons.mark(kind).pixmap(24, 24))
        self.summary.setText(summary)
        self._issues = [(issue, army.name or army.file) for army in report.armies for issue in army.issues]
        self._issues[:0] = [(issue, "") for issue in report.issues]
        if report.fatal is not None:
            self._issues.insert(0, (report.fatal, ""))
        self._fill_issues()
        self._fill_armies(report.armies)
        self._show_page(RESULT_PAGE)

    def _fill_issues(self) -> None:
        order = {"error": 0, "warning": 1, "info": 2}
        shown = [(i, a) for i, a in self._issues if self.show_notes.isChecked() or i.severity != "info"]
        names = {"error": tr("Error"), "warning": tr("Warning"), "info": tr("Note")}
        grey = icons.INFO_COLOR.name()
        alternate = self.issues.palette().color(QPalette.ColorRole.AlternateBase).name()
        rows = []
        for number, (issue, army) in enumerate(sorted(shown, key=lambda pair: order[pair[0].severity])):
            where = " · ".join(html.escape(p) for p in (issue.unit, issue.path) if p)
            source = html.escape(issue.file) + (f"<br><span style='color:{grey}'>{html.escape(army)}</span>"
                                                if army and army != issue.file else "")
            message = html.escape(issue.message) + (
                f"<br><span style='color:{grey}'>{where}</span>" if where else "")
            shade = f" bgcolor='{alternate}'" if number % 2 else ""
            rows.append(f"<tr{shade}><td width='18'><img src='mark:{issue.severity}' width='16' height='16'></td>"
                        f"<td><b>{names[issue.severity]}</b></td><td>{source}</td><td>{message}</td></tr>")
        if rows:
            titles = ("", tr("Kind"), tr("File"), tr("Problem"))
            head = "".join(f"<th align='left'>{html.escape(t)}</th>" for t in titles)
            self.issues.setHtml(f"<table width='100%' cellspacing='0' cellpadding='4'><tr>{head}</tr>{''.join(rows)}"
                                "</table>")
        else:
            self.issues.setHtml(f"<p>{html.escape(tr('No problems.'))}</p>")
        notes = sum(1 for i, _ in self._issues if i.severity == "info")
        serious = len(self._issues) - notes
        self.show_notes.setText(tr("Show notes too ({count})", count=notes))
        self.show_notes.setVisible(notes > 0)
        self.result_tabs.setTabText(0, tr("Problems ({count})", count=serious))

    def _fill_armies(self, armies: list[ArmyImport]) -> None:
        self.armies.clear()
        order = {"failed": 0, "kept": 1, "imported": 2, "updated": 3, "removed": 4, "unchanged": 5, "skipped": 6}
        for army in sorted(armies, key=lambda a: (order[a.status], a.name or a.file)):
            if army.status == "skipped":  # a faction that only groups others: no file of its own
                continue
            contents = tr("{units} units, {options} options", units=army.counts.get("units", 0),
                          options=army.counts.get("options", 0)) if army.counts else ""
            item = QTreeWidgetItem([army.name or army.file, army.version_text, army.status_label, contents])
            if army.status in ("failed", "kept"):
                item.setIcon(0, icons.mark("error"))
            self.armies.addTopLevelItem(item)
        listed = sum(1 for a in armies if a.status != "skipped")
        self.result_tabs.setTabText(1, tr("Armies ({count})", count=listed))

    # ----- buttons and closing -----------------------------------------------------------------------
    def _on_cancel_clicked(self) -> None:
        if self.running:
            self.cancel()
        else:
            self.reject()

    def _on_again(self) -> None:
        self.outcome = None
        self._show_page(CHOOSE_PAGE)

    def _on_browse(self) -> None:
        start = self.folder.text().strip() or str(self.settings.last_folder() or Path.home())
        folder = self.ask_folder(start)
        if folder is not None:
            self.folder.setText(str(folder))
            self.from_folder.setChecked(True)

    def ask_folder(self, start: str) -> Path | None:
        """Ask for the data folder (tests replace this)."""
        name = QFileDialog.getExistingDirectory(self, tr("The folder of the Infinity Army data"), start)
        return Path(name) if name else None

    def _on_official(self) -> None:
        self.url.setText(OFFICIAL_API)
        self.from_web.setChecked(True)

    def reject(self) -> None:
        """Escape or the window's close button: while importing, cancel first (the dialog stays to
        say it was cancelled)."""
        if self.running:
            self.cancel()
            return
        super().reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.running:
            self.cancel()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.running:
            self.cancel()
            event.ignore()
            return
        super().closeEvent(event)
