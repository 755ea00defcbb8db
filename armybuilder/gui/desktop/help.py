"""The Help menu: the documentation (F1) shown in the app from the installed docs, the log folder, and About."""

from __future__ import annotations

import html
import platform
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QObject, Qt, QUrl, qVersion
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from armybuilder import about
from armybuilder.gui.desktop.appicon import app_icon
from armybuilder.gui.host import FeatureHost
from armybuilder.gui.language import Retranslating
from armybuilder.i18n import language, tr
from armybuilder.logs import log_file
from armybuilder.paths import docs_dir, user_log_dir

DOCS = ("gui.md", "list-format.md", "army-codes.md", "official-data.md", "fireteams.md", "printouts.md",
        "rules-coverage.md", "cli.md", "profile-format.md")
"""The pages of the help window, in its order (the app's guide first)."""


def _doc_titles() -> dict[str, str]:
    return {"gui.md": tr("The app"), "list-format.md": tr("List files"), "army-codes.md": tr("Army codes"),
            "official-data.md": tr("Official army data"), "fireteams.md": tr("Fireteams"),
            "printouts.md": tr("Print-outs"), "rules-coverage.md": tr("Rules checked"),
            "cli.md": tr("Command line"), "profile-format.md": tr("Profile files")}


class HelpDialog(Retranslating, QDialog):
    """The documentation, read from the installed `docs/` (offline, like the rest of the app)."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("help_dialog")
        self.folder = folder if folder is not None else docs_dir()
        self.pages = QListWidget()
        self.pages.setObjectName("help_pages")
        self.pages.setMaximumWidth(200)
        self.browser = QTextBrowser()
        self.browser.setObjectName("help_browser")
        self.browser.setOpenLinks(False)  # links between the pages are found by file name (see _on_link)
        self.browser.anchorClicked.connect(self._on_link)
        self.note = QLabel()
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.pages)
        row.addWidget(self.browser, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row, 1)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.pages.currentItemChanged.connect(self._on_page)
        self.resize(1000, 720)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Army builder help"))
        titles = _doc_titles()
        current = self.pages.currentRow()
        self.pages.blockSignals(True)
        self.pages.clear()
        for name in DOCS:
            if (self.folder / name).is_file():
                item = QListWidgetItem(titles[name])
                item.setData(Qt.ItemDataRole.UserRole, name)
                self.pages.addItem(item)
        self.pages.blockSignals(False)
        if self.pages.count() == 0:
            self.browser.setPlainText(tr("The documentation is not installed: {folder} holds none of its pages.",
                                         folder=str(self.folder)))
            self.note.setText("")
            return
        self.note.setText(tr("The documentation is in English.") if language() != "en" else "")
        self.pages.setCurrentRow(max(0, current))
        if current < 0:
            self._on_page(self.pages.currentItem(), None)

    def show_page(self, name: str) -> None:
        for row in range(self.pages.count()):
            if self.pages.item(row).data(Qt.ItemDataRole.UserRole) == name:
                self.pages.setCurrentRow(row)

    def _on_link(self, url: QUrl) -> None:
        """A link to another page (`cli.md`, `docs/cli.md#export`, `../README.md`) opens it here when it is
        installed; web addresses open in the browser."""
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        name = Path(url.path()).name
        page = self.folder / name
        if name.endswith(".md") and page.is_file():
            target = QUrl.fromLocalFile(str(page))
            target.setFragment(url.fragment())
            self.browser.setSource(target)
            self.show_page(name)
        elif not url.path() and url.fragment():
            self.browser.scrollToAnchor(url.fragment())

    def _on_page(self, item: QListWidgetItem | None, _: QListWidgetItem | None) -> None:
        if item is None:
            return
        path = self.folder / str(item.data(Qt.ItemDataRole.UserRole))
        if self.browser.source().toLocalFile() != str(path):
            self.browser.setSource(QUrl.fromLocalFile(str(path)))


def about_text() -> str:
    """The About box's text (rich text)."""
    notice = tr(about.DATA_NOTICE)
    current = log_file()
    where = (tr("Log file: {path}", path=html.escape(str(current))) if current is not None
             else tr("No log file: it cannot be written in {folder}", folder=html.escape(str(user_log_dir()))))
    return "<br>".join([
        f"<b>{tr('Infinity army builder')} {about.version()}</b>",
        tr(about.SUMMARY) + ".",
        "",
        tr("Licence: {licence}. The print-outs use the DejaVu fonts (Bitstream Vera and Arev licence). The "
           "details give both licences in full.", licence=about.LICENCE),
        "",
        notice,
        "",
        tr("Python {python}, Qt {qt}, PySide6 {pyside}", python=platform.python_version(), qt=qVersion(),
           pyside=pyside_version),
        where,
    ])


def about_box(parent: QWidget | None) -> QMessageBox:
    box = QMessageBox(parent)
    box.setObjectName("about_box")
    box.setWindowTitle(tr("About the army builder"))
    box.setIconPixmap(app_icon().pixmap(96, 96))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_text())
    box.setDetailedText(about.licence_text() + "\n\n" + about.font_licence_text())
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    return box


class HelpFeature(QObject):
    """The main window's Help menu, made with the window's `FeatureHost`."""

    def __init__(self, host: FeatureHost) -> None:
        super().__init__(host)
        self.host = host
        self.menu = host.add_menu("help_menu")
        add = host.actions.add
        self.documentation = add("help_documentation", QKeySequence(QKeySequence.StandardKey.HelpContents),
                                 texts=lambda: (tr("&Documentation"),
                                                tr("How to use the app, list files, codes and print-outs")))
        self.log_folder = add("help_log_folder",
                              texts=lambda: (tr("Open the &log folder"), tr("The log file to send with a problem "
                                                                            "report")))
        self.about = add("help_about",
                         texts=lambda: (tr("&About the army builder"),
                                        tr("Version, licences and where the data comes from")))
        self.about.setMenuRole(QAction.MenuRole.AboutRole)
        for action in (self.documentation, self.log_folder):
            self.menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction(self.about)
        self.documentation.triggered.connect(self.show_help)
        self.log_folder.triggered.connect(self.show_log_folder)
        self.about.triggered.connect(self.show_about)
        self.dialog: HelpDialog | None = None
        host.language_changed.connect(self.retranslate)

    def retranslate(self) -> None:
        self.menu.setTitle(tr("&Help"))

    def show_help(self) -> HelpDialog:
        if self.dialog is None:
            self.dialog = HelpDialog(self.host.window)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def show_about(self) -> QMessageBox:
        box = about_box(self.host.window)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def show_log_folder(self) -> None:
        folder = (log_file() or user_log_dir() / "x").parent
        if not folder.is_dir() or not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self.host.show_message("info", tr("The log folder"), tr("The log file is in {folder}",
                                                                      folder=str(folder)))
