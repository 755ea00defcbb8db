"""The validation panel's model: every violation of the current report, then its notes."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from armybuilder.gui import icons
from armybuilder.gui.document import ListDocument
from armybuilder.gui.models import FIRST_ROLE, ROOT
from armybuilder.gui.sources import rule_source
from armybuilder.i18n import tr

Index = QModelIndex | QPersistentModelIndex


class Role(IntEnum):
    TROOPERS = FIRST_ROLE
    """The uids of the troopers a violation concerns."""
    SEVERITY = FIRST_ROLE + 1
    """'error', 'warning' or 'note'."""
    CODE = FIRST_ROLE + 2


class ViolationListModel(QAbstractListModel):
    """One row per violation (errors first, as the engine lists them), then informative notes."""

    def __init__(self, document: ListDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows: list[tuple[str, str, str, tuple[str, ...], str]] = []
        self._rebuild()
        document.list_changed.connect(self._on_list_changed)

    def _on_list_changed(self) -> None:
        self.beginResetModel()
        self._rebuild()
        self.endResetModel()

    def _rebuild(self) -> None:
        rows: list[tuple[str, str, str, tuple[str, ...], str]] = []
        report = self._document.report
        if self._document.problem:
            rows.append(("error", self._document.problem, "data.problem", (), ""))
        if report is not None:
            ordered = sorted(report.violations, key=lambda v: not v.is_error)
            rows.extend((v.severity, v.message, v.code, v.troopers, v.source) for v in ordered)
            rows.extend(("note", note, "note", (), "") for note in report.notes)
        self._rows = rows

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        severity, message, code, troopers, source = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return message
        if role == Qt.ItemDataRole.DecorationRole:
            return icons.mark("info" if severity == "note" else severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            parts = [message]
            if source:
                parts.append(tr("Source: {source}", source=rule_source(source, *self._document.rules())))
            if troopers:
                parts.append(tr("Click to select the troopers concerned."))
            return "\n".join(parts)
        if role == Role.TROOPERS:
            return troopers
        if role == Role.SEVERITY:
            return severity
        if role == Role.CODE:
            return code
        return None
