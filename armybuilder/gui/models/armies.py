"""The army picker's model: factions (vanilla armies) with their sectorials, bundled and imported."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush

from armybuilder.data.catalog import ArmySummary
from armybuilder.gui import icons
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.labels import source_label
from armybuilder.gui.models import FIRST_ROLE
from armybuilder.gui.models.mixins import ColumnTitles
from armybuilder.gui.models.twolevel import TwoLevelModel
from armybuilder.i18n import tr

Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    NAME = 0
    SOURCE = 1
    UNITS = 2


class Role(IntEnum):
    SUMMARY = FIRST_ROLE
    """The ArmySummary of an army row (None for a faction row)."""
    KIND = FIRST_ROLE + 1
    """'faction' or 'army'."""
    SEARCH = FIRST_ROLE + 2


@dataclass
class Faction:
    """A faction: its vanilla army's id and name, and every army (vanilla and sectorial) in it."""

    id: int
    name: str
    armies: list[ArmySummary] = field(default_factory=list)

    @property
    def discontinued(self) -> bool:
        return all(a.discontinued for a in self.armies)


def group_by_faction(summaries: list[ArmySummary]) -> list[Faction]:
    """Vanilla armies head their faction; sectorials join their parent's; Reinforcements are left out
    (they are fielded through their army). Armies whose faction is unknown head their own."""
    playable = [s for s in summaries if s.kind != "reinforcements"]
    factions: dict[int, Faction] = {}
    for summary in playable:
        if summary.kind == "vanilla" or summary.parent in (None, summary.id):
            faction = factions.setdefault(summary.id, Faction(summary.id, summary.name))
            if summary.origin == "imported" or not faction.name:
                faction.name = summary.name
    for summary in playable:
        key = summary.id if (summary.kind == "vanilla" or summary.parent in (None, summary.id)) else summary.parent
        assert key is not None
        factions.setdefault(key, Faction(key, summary.name)).armies.append(summary)
    for faction in factions.values():
        faction.armies.sort(key=lambda s: (s.discontinued, s.kind != "vanilla", s.name.casefold(),
                                           s.origin != "imported"))
    return sorted(factions.values(), key=lambda f: (f.discontinued, f.id))


class ArmyTreeModel(ColumnTitles, TwoLevelModel):
    """Factions (top level) → armies; an army row carries its ArmySummary."""

    COLUMNS = len(Column)

    def __init__(self, summaries: list[ArmySummary] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._factions: list[Faction] = group_by_faction(summaries or [])
        self.retranslate()

    def retranslate(self) -> None:
        self.beginResetModel()  # the Data column and tooltips are worded in the current language
        self.set_titles(tr("Army"), tr("Data"), tr("Units"))
        self.endResetModel()

    def set_armies(self, summaries: list[ArmySummary]) -> None:
        self.beginResetModel()
        self._factions = group_by_faction(summaries)
        self.endResetModel()

    @property
    def factions(self) -> list[Faction]:
        return self._factions

    def army_index(self, origin: str, army_id: int) -> QModelIndex:
        for f, faction in enumerate(self._factions):
            for a, summary in enumerate(faction.armies):
                if summary.origin == origin and summary.id == army_id:
                    return self.createIndex(a, 0, f + 1)
        return QModelIndex()

    def top_count(self) -> int:
        return len(self._factions)

    def child_count(self, top_row: int) -> int:
        return len(self._factions[top_row].armies)

    def summary(self, index: Index) -> ArmySummary | None:
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._factions[index.internalId() - 1].armies[index.row()]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.internalId() == 0:
            return self._faction_data(self._factions[index.row()], index.column(), role)
        return self._army_data(self._factions[index.internalId() - 1].armies[index.row()], index.column(), role)

    @staticmethod
    def _faction_data(faction: Faction, column: int, role: int) -> Any:
        if role == Role.KIND:
            return "faction"
        if role == Role.SEARCH:
            return " ".join([faction.name, *(a.name for a in faction.armies)]).casefold()
        if role == Qt.ItemDataRole.DisplayRole and column == Column.NAME:
            return faction.name
        if role == Qt.ItemDataRole.FontRole:
            return bold_font()
        return None

    @staticmethod
    def _army_data(summary: ArmySummary, column: int, role: int) -> Any:
        if role == Role.KIND:
            return "army"
        if role == Role.SUMMARY:
            return summary
        if role == Role.SEARCH:
            return f"{summary.name} {summary.slug}".casefold()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return summary.name
            if column == Column.SOURCE:
                return source_label(summary)
            if column == Column.UNITS:
                return str(summary.units)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == Column.UNITS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and summary.discontinued:
            return QBrush(icons.INFO_COLOR)
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [summary.name, source_label(summary),
                     tr("{units} units, {options} options", units=summary.units, options=summary.options)]
            if summary.kind == "sectorial":
                lines.append(tr("Sectorial army"))
            if summary.discontinued:
                lines.append(tr("Discontinued"))
            return "\n".join(lines)
        return None


class ArmyFilterProxy(QSortFilterProxyModel):
    """Search by army or faction name; a matching faction shows all its armies."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self.setRecursiveFilteringEnabled(True)
        self.setAutoAcceptChildRows(True)

    def set_text(self, text: str) -> None:
        self._words = text.casefold().split()
        self.invalidate()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._words:
            return True
        index = self.sourceModel().index(source_row, 0, source_parent)
        haystack = str(index.data(Role.SEARCH) or "")
        if not source_parent.isValid():
            haystack = str(index.data(Qt.ItemDataRole.DisplayRole) or "").casefold()
        return all(w in haystack for w in self._words)
