"""The validation panel's model for Infinity: every violation of the current report, then its notes."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QObject

from armybuilder.gui.document import ListDocument
from armybuilder.gui.sources import rule_source
from armybuilder.gui.widgets.problems import ProblemListModel, ProblemRole, ProblemRow
from armybuilder.i18n import tr


class Role(IntEnum):
    TROOPERS = ProblemRole.SUBJECTS
    """The uids of the troopers a violation concerns."""
    SEVERITY = ProblemRole.SEVERITY
    """'error', 'warning' or 'note'."""
    CODE = ProblemRole.CODE


class ViolationListModel(ProblemListModel):
    """One row per violation (errors first, as the engine lists them), then informative notes."""

    def __init__(self, document: ListDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rebuild()
        document.list_changed.connect(self._rebuild)

    def _rebuild(self) -> None:
        rows: list[ProblemRow] = []
        report = self._document.report
        if self._document.problem:
            rows.append(ProblemRow("error", self._document.problem, "data.problem"))
        if report is not None:
            ordered = sorted(report.violations, key=lambda v: not v.is_error)
            rows.extend(ProblemRow(v.severity, v.message, v.code, v.troopers, v.source) for v in ordered)
            rows.extend(ProblemRow("note", note, "note") for note in report.notes)
        self.set_rows(rows)

    def source_text(self, row: ProblemRow) -> str:
        return rule_source(row.source, *self._document.rules())

    def subjects_hint(self) -> str:
        return tr("Click to select the troopers concerned.")
