"""The list library's table: one row per list file (name, army, rules pack and tier, points, legal,
fireteams, tags, tournament entry, last changed), sortable by any column, and a filter proxy for the
search box (every word must match, without case or accents) and the tag chosen."""

from __future__ import annotations

import html
from datetime import datetime
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush

from armybuilder.domain.values import search_key
from armybuilder.gui import icons
from armybuilder.gui.models import CENTER, FIRST_ROLE, RIGHT, ROOT
from armybuilder.i18n import language, render, tr, trn
from armybuilder.library.folder import Notes
from armybuilder.library.summary import ListSummary, Scan

Index = QModelIndex | QPersistentModelIndex


class LibraryColumn(IntEnum):
    NAME = 0
    ARMY = 1
    RULES = 2
    POINTS = 3
    LEGAL = 4
    FIRETEAMS = 5
    TAGS = 6
    ENTRY = 7
    CHANGED = 8


class LibraryRole(IntEnum):
    PATH = FIRST_ROLE
    SORT = FIRST_ROLE + 1
    SEARCH = FIRST_ROLE + 2
    TAGS = FIRST_ROLE + 3


def rules_text(summary: ListSummary) -> str:
    pack = render(summary.pack_name)
    tier = render(summary.tier_name)
    return f"{pack} · {tier}" if tier else pack


class LibraryModel(QAbstractTableModel):
    """The lists of the library's folder, as the last scan found them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lists: list[ListSummary] = []
        self._notes = Notes()
        self._entry_problems: dict[str, list[str]] = {}

    def set_scan(self, scan: Scan, entry_problems: dict[str, list[str]] | None = None) -> None:
        self.beginResetModel()
        self._lists = list(scan.lists)
        self._notes = scan.notes
        self._entry_problems = entry_problems or {}
        self.endResetModel()

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(LibraryColumn) - 1)
        if self._lists:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._lists) - 1, len(LibraryColumn) - 1))

    @property
    def lists(self) -> list[ListSummary]:
        return list(self._lists)

    @property
    def notes(self) -> Notes:
        return self._notes

    def summary(self, row: int) -> ListSummary | None:
        return self._lists[row] if 0 <= row < len(self._lists) else None

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._lists)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(LibraryColumn)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(LibraryColumn):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (tr("List"), tr("Army"), tr("Rules"), tr("Points"), tr("Legal"), tr("Fireteams"), tr("Tags"),
                    tr("Entry", context="tournament entry"), tr("Changed"))[section]
        if role == Qt.ItemDataRole.TextAlignmentRole and section == LibraryColumn.POINTS:
            return RIGHT
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        summary = self.summary(index.row()) if index.isValid() else None
        if summary is None:
            return None
        column = index.column()
        name = summary.path.name
        if role == LibraryRole.PATH:
            return str(summary.path)
        if role == LibraryRole.TAGS:
            return self._notes.tags_of(name)
        if role == LibraryRole.SEARCH:
            entry = self._notes.entry_of(name) or ""
            return search_key(" ".join((summary.name, summary.path.stem, summary.army, rules_text(summary),
                                        *self._notes.tags_of(name), entry, summary.fireteam_text(language()))))
        if role == LibraryRole.SORT:
            return self._sort_key(summary, column)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(summary, column)
        if role == Qt.ItemDataRole.ForegroundRole and column == LibraryColumn.LEGAL:
            if summary.error is not None or summary.legal is False:
                return QBrush(icons.ERROR_COLOR)
            if summary.legal:
                return QBrush(icons.LEGAL_COLOR)
        if role == Qt.ItemDataRole.ForegroundRole and summary.error is not None:
            return QBrush(icons.ERROR_COLOR)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == LibraryColumn.POINTS:
                return RIGHT
            if column == LibraryColumn.LEGAL:
                return CENTER
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(summary, column)
        return None

    def _text(self, summary: ListSummary, column: int) -> str:
        name = summary.path.name
        if column == LibraryColumn.NAME:
            return summary.name
        if summary.error is not None:
            return tr("cannot be read") if column == LibraryColumn.LEGAL else ""
        if column == LibraryColumn.ARMY:
            return summary.army
        if column == LibraryColumn.RULES:
            return rules_text(summary)
        if column == LibraryColumn.POINTS:
            if summary.points is None:
                return str(summary.points_limit or "")
            return f"{summary.points} / {summary.points_limit}"
        if column == LibraryColumn.LEGAL:
            if summary.legal is None:
                return tr("cannot be validated")
            if summary.legal:
                return tr("✔ Legal")
            return trn("✖ {n} problem", "✖ {n} problems", summary.errors)
        if column == LibraryColumn.FIRETEAMS:  # the types; the teams are in the tooltip
            return " · ".join(render(kind) for kind, _ in summary.fireteams) or "—"
        if column == LibraryColumn.TAGS:
            return ", ".join(self._notes.tags_of(name))
        if column == LibraryColumn.ENTRY:
            return self._notes.entry_of(name) or ""
        if column == LibraryColumn.CHANGED:
            return changed_text(summary.modified)
        return ""

    @staticmethod
    def _sort_key(summary: ListSummary, column: int) -> Any:
        if column == LibraryColumn.POINTS:
            return summary.points if summary.points is not None else -1
        if column == LibraryColumn.CHANGED:
            return summary.modified
        if column == LibraryColumn.LEGAL:
            return (0 if summary.legal else 1 if summary.legal is False else 2, summary.errors)
        return None

    def _tooltip(self, summary: ListSummary, column: int) -> str:
        lines = [f"<b>{html.escape(summary.name)}</b>", html.escape(str(summary.path))]
        if summary.error is not None:
            lines.append(f"<span style='color:{icons.ERROR_COLOR.name()}'>{html.escape(summary.error)}</span>")
            return "<br>".join(lines)
        if column == LibraryColumn.ENTRY:
            entry = self._notes.entry_of(summary.path.name)
            problems = self._entry_problems.get(entry or "", [])
            if entry:
                lines.append(html.escape(tr("Tournament entry: {entry}", entry=entry)))
            lines += [f"<span style='color:{icons.ERROR_COLOR.name()}'>{html.escape(p)}</span>" for p in problems]
            return "<br>".join(lines)
        lines.append(html.escape(trn("{n} trooper in the list", "{n} troopers in the list", summary.troopers)))
        if summary.fireteams:
            lines.append(html.escape(summary.fireteam_text(language())))
        lines += [f"<span style='color:{icons.ERROR_COLOR.name()}'>{html.escape(render(p))}</span>"
                  for p in summary.problems]
        if summary.errors > len(summary.problems):
            lines.append(html.escape(tr("…and {count} more", count=summary.errors - len(summary.problems))))
        return "<br>".join(lines)


def changed_text(seconds: float) -> str:
    """A file's last change as the table shows it: '2026-12-01 22:40'."""
    if seconds <= 0:
        return ""
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")


class LibraryFilter(QSortFilterProxyModel):
    """Rows whose name, army, rules, tags, entry or fireteams hold every word typed, and (when one is
    chosen) the tag chosen; sorting by each column's own order (points as numbers, dates as dates)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self.tag: str | None = None
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_text(self, text: str) -> None:
        self._words = search_key(text).split()
        self.invalidate()

    def set_tag(self, tag: str | None) -> None:
        self.tag = tag
        self.invalidate()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        if self.tag is not None and self.tag not in (index.data(LibraryRole.TAGS) or ()):
            return False
        found = str(index.data(LibraryRole.SEARCH) or "")
        return all(word in found for word in self._words)

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(LibraryRole.SORT), right.data(LibraryRole.SORT)
        if a is not None and b is not None:
            return bool(a < b)
        return search_key(str(left.data() or "")) < search_key(str(right.data() or ""))
