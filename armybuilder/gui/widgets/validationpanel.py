"""The validation panel: the list's state at a glance and every violation; clicking one selects
the troopers it concerns (the shared problems panel, fed by the Infinity document)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from armybuilder.gui.document import ListDocument
from armybuilder.gui.language import Retranslating
from armybuilder.gui.models.violations import ViolationListModel
from armybuilder.gui.widgets.problems import ProblemsPanel
from armybuilder.gui.widgets.totalsbar import is_empty
from armybuilder.i18n import tr, trn


class ValidationPanel(Retranslating, ProblemsPanel):
    """A headline (legal / n problems) over the list of violations."""

    troopers_clicked = Signal(tuple)

    def __init__(self, document: ListDocument, parent: QWidget | None = None) -> None:
        self.document = document
        super().__init__(ViolationListModel(document), parent)
        self.model.setParent(self)
        self._connect_signals()
        self.retranslate()

    def _connect_signals(self) -> None:
        self.subjects_clicked.connect(self.troopers_clicked)
        self.document.list_changed.connect(self._on_list_changed)

    def retranslate(self) -> None:
        self.view.setAccessibleName(tr("Problems"))
        self._on_list_changed()

    def _on_list_changed(self) -> None:
        report = self.document.report
        if not self.document.has_list:
            self.set_headline("", None)
            return
        if report is None:
            self.set_headline(tr("The list cannot be validated."), False)
            return
        errors = len(report.errors)
        warnings = len(report.violations) - errors
        if is_empty(report):
            self.set_headline(tr("Start by adding troopers: double-click an option on the left, or drag it here. "
                                 "The list needs a Lieutenant too."), None)
            return
        if report.legal:
            text = tr("✔ Legal list: it passes every rule the builder checks.")
            if warnings:
                text += " " + trn("{n} warning below.", "{n} warnings below.", warnings)
        else:
            text = trn("✖ Not legal: {n} problem to fix. Click it to select its troopers.",
                       "✖ Not legal: {n} problems to fix. Click one to select its troopers.", errors)
        self.set_headline(text, report.legal)
