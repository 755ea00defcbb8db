"""Print and share in the main window's File menu: the export dialog (PDF and text print-outs with
a preview) and copying the list as text; beside the existing "Copy army code"."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox

from armybuilder.gui.host import FeatureHost
from armybuilder.i18n import language, tr

if TYPE_CHECKING:
    from armybuilder.gui.printing.dialog import ExportDialog


class PrintFeature(QObject):
    """The File menu's print-and-share actions, made with the window's `FeatureHost`."""

    def __init__(self, host: FeatureHost) -> None:
        super().__init__(host)
        self.host = host
        add = host.actions.add
        self.export = add("export", "Ctrl+P",
                          texts=lambda: (tr("&Print and export…"),
                                         tr("Save the full and courtesy lists as PDF or text, with a preview")))
        self.copy_text = add("copy_text",
                             texts=lambda: (tr("Copy list as &text"),
                                            tr("Copy the full list as compact text, for forums and chat")))
        self.copy_courtesy_text = add("copy_courtesy_text",
                                      texts=lambda: (tr("Copy co&urtesy list as text"),
                                                     tr("Copy the courtesy list (open information only) as compact "
                                                        "text")))
        self.dialog: ExportDialog | None = None
        host.add_to_menu("file", [self.export, self.copy_text, self.copy_courtesy_text],
                         before=host.actions["copy_code"])
        self.export.triggered.connect(self._on_export)
        self.copy_text.triggered.connect(lambda: self._on_copy_text(courtesy=False))
        self.copy_courtesy_text.triggered.connect(lambda: self._on_copy_text(courtesy=True))
        host.document.list_changed.connect(self._update_actions)
        self._update_actions()

    def _update_actions(self) -> None:
        ready = self.host.document.has_list and self.host.document.report is not None
        for action in (self.export, self.copy_text, self.copy_courtesy_text):
            action.setEnabled(ready)

    def _on_export(self) -> None:
        from armybuilder.gui.printing.dialog import ExportDialog  # loaded when first used: quicker start-up

        doc = self.host.document
        if doc.army_list is None:
            return
        from armybuilder.gui.preferences import Preferences

        settings = self.host.settings
        preferences = Preferences(settings)
        folder = doc.path.parent if doc.path else settings.last_folder()
        dialog = ExportDialog(doc.army_list, doc.report, doc.catalog, settings.store, folder,
                              preferences.distances_in_cm(), preferences.paper(), self.host.window)
        dialog.saved.connect(self._on_saved)
        dialog.finished.connect(self._on_dialog_finished)
        self.dialog = dialog
        dialog.open()

    def _on_dialog_finished(self, _result: int) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
        self.dialog = None

    def _on_saved(self, paths: list[Path]) -> None:
        if paths:
            self.host.settings.set_last_folder(paths[0].parent)
        names = ", ".join(p.name for p in paths)
        folder = str(paths[0].parent) if paths else ""
        self.host.show_status(lambda: tr("Saved {files} in {folder}", files=names, folder=folder), 8000)

    def _on_copy_text(self, courtesy: bool) -> int | None:
        doc = self.host.document
        army_list = doc.army_list
        if army_list is None or doc.report is None:
            return None
        if not doc.report.legal and not self.confirm_illegal_copy():
            return None
        from armybuilder.gui.printing.work import list_text

        catalog, wanted = doc.catalog, language()
        what = tr("courtesy list") if courtesy else tr("full list")
        return self.host.tasks.run(lambda: list_text(army_list, catalog, wanted, courtesy),
                                   lambda text: self._on_text_ready(text, what),
                                   lambda exc: self.host.report_failure(tr("Could not write the list as text"), exc),
                                   tr("Writing the list as text…"))

    def _on_text_ready(self, text: str, what: str) -> None:
        QGuiApplication.clipboard().setText(text)
        self.host.show_status(lambda: tr("The {what} is on the clipboard as text.", what=what), 5000)

    def confirm_illegal_copy(self) -> bool:
        """Ask before copying an illegal list (tests replace this)."""
        answer = QMessageBox.question(
            self.host.window, tr("The list is not legal"),
            tr("This list breaks the rules. Copy it anyway? The text will say NOT LEGAL and list the problems."))
        return answer == QMessageBox.StandardButton.Yes
