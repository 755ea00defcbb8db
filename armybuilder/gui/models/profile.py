"""The profile card's models: a unit's stat lines, and the table of its options."""

from __future__ import annotations

import html
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from armybuilder.domain.profiles import Profile, ProfileGroup, Unit
from armybuilder.gui import icons
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.labels import STAT_NAMES, item_labels, stat_name, stat_value, swc_text
from armybuilder.gui.models import CENTER, FIRST_ROLE, RIGHT, ROOT
from armybuilder.gui.models.mixins import ColumnTitles, OptionDrag, add_hint
from armybuilder.gui.models.units import OptionEntry, UnitEntry
from armybuilder.gui.weapons import WeaponBook, carried_weapons
from armybuilder.i18n import tr

Index = QModelIndex | QPersistentModelIndex
STAT_KEYS = [key for key, _ in STAT_NAMES]


class StatsRole(IntEnum):
    PROFILE = FIRST_ROLE


class ProfileStatsModel(QAbstractTableModel):
    """One row per profile of the unit (troopers, pilots, peripherals); columns: name then MOV…AVA."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[ProfileGroup, Profile]] = []
        self._cm = False

    def set_unit(self, unit: Unit | None) -> None:
        self.beginResetModel()
        self._rows = [(g, p) for g in unit.profile_groups for p in g.profiles] if unit else []
        self.endResetModel()

    def set_distances_in_cm(self, cm: bool) -> None:
        self._cm = cm
        if self._rows:
            self.dataChanged.emit(self.index(0, 1), self.index(len(self._rows) - 1, 1))

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    @property
    def profiles(self) -> list[Profile]:
        return [p for _, p in self._rows]

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else 1 + len(STAT_KEYS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return tr("Profile")
            key = STAT_KEYS[section - 1]
            structure = bool(self._rows) and all(p.structure for _, p in self._rows)
            if key == "w" and self._rows and any(p.structure for _, p in self._rows) and not structure:
                return f"{stat_name('w')}/{stat_name('w', structure=True)}"
            return stat_name(key, structure=structure)
        if role == Qt.ItemDataRole.ToolTipRole and section == 1:
            return tr("Movement in centimetres") if self._cm else tr("Movement in inches")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        _, profile = self._rows[index.row()]
        if role == StatsRole.PROFILE:
            return profile
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return profile.name
            return stat_value(profile, STAT_KEYS[index.column() - 1], self._cm)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if index.column() == 0:
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and index.column() == 0:
            return bold_font()
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            return f"{profile.name} ({profile.type.value})" if profile.type else profile.name
        return None


class OptionColumn(IntEnum):
    LOADOUT = 0
    SWC = 1
    POINTS = 2


class OptionRole(IntEnum):
    OPTION_KEY = FIRST_ROLE
    """(unit, group, option) ids."""
    LIEUTENANT = FIRST_ROLE + 1
    PARTS = FIRST_ROLE + 2
    """(heading or "", weapons, skills and equipment) of an option's loadout cell."""


class OptionTableModel(OptionDrag, ColumnTitles, QAbstractTableModel):
    """A unit's selectable options: the loadout (weapons, then skills and equipment, under the
    option's name where the names tell options apart), SWC and points."""

    OPTION_KEY_ROLE = OptionRole.OPTION_KEY

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unit: Unit | None = None
        self._reinforcement = False
        self._options: list[OptionEntry] = []
        self.book = WeaponBook()
        """The army's weapon profiles, shown in each option's tooltip."""
        self.retranslate()

    def retranslate(self) -> None:
        self.set_titles(tr("Option"), tr("SWC"), tr("Pts", context="points column"))
        if self._options:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._options) - 1, len(OptionColumn) - 1))

    def set_unit(self, entry: UnitEntry | None) -> None:
        """Show a unit's options (as the unit browser computed them: full costs, flags)."""
        self.beginResetModel()
        self._unit = entry.unit if entry else None
        self._reinforcement = entry.reinforcement if entry else False
        self._options = list(entry.options) if entry else []
        self.endResetModel()

    @property
    def unit(self) -> Unit | None:
        return self._unit

    @property
    def reinforcement(self) -> bool:
        return self._reinforcement

    @property
    def names_matter(self) -> bool:
        """Whether option names tell the options apart (official data often names them all alike)."""
        return len({o.option.name for o in self._options}) > 1

    def heading(self, row: int) -> str:
        """The option's name above its loadout: where names tell options apart, and only where it
        changes from the row above (official data repeats a long name on every option of a profile)."""
        if not self.names_matter:
            return ""
        name = self._options[row].option.name
        return name if row == 0 or self._options[row - 1].option.name != name else ""

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._options)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(OptionColumn)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.TextAlignmentRole and orientation == Qt.Orientation.Horizontal \
                and 0 <= section < len(OptionColumn):
            if section == OptionColumn.LOADOUT:
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            return RIGHT if section == OptionColumn.POINTS else CENTER
        return super().headerData(section, orientation, role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: C901 - one branch per item role
        if not index.isValid() or not 0 <= index.row() < len(self._options) or self._unit is None:
            return None
        entry = self._options[index.row()]
        option = entry.option
        column = index.column()
        if role == OptionRole.OPTION_KEY:
            return (self._unit.id, *entry.key)
        if role == OptionRole.LIEUTENANT:
            return entry.lieutenant
        if role == OptionRole.PARTS:
            gear = [*item_labels(option.skills), *item_labels(option.equipment), *option.characteristics]
            return self.heading(index.row()), ", ".join(item_labels(option.weapons)), ", ".join(gear)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == OptionColumn.LOADOUT:
                heading, weapons, gear = self.data(index, OptionRole.PARTS)
                return "\n".join(part for part in (heading, weapons, gear) if part)
            if column == OptionColumn.SWC:
                return swc_text(entry.swc_halves)
            if column == OptionColumn.POINTS:
                return str(entry.points)
        if role == Qt.ItemDataRole.DecorationRole and column == OptionColumn.LOADOUT and entry.lieutenant:
            return icons.lieutenant_icon()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == OptionColumn.SWC:
                return int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            if column == OptionColumn.POINTS:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [f"<b>{html.escape(option.name)}</b>", html.escape(entry.text)]
            if option.includes:
                lines.append(tr("Includes its peripherals; the cost shown is the total."))
            if option.notes:
                lines.append(html.escape(option.notes))
            lines.append(add_hint())
            names = [n for c in carried_weapons(self._unit, entry.key[0], option) for n in c.names]
            return "<br>".join(lines) + self.book.tooltip(names)
        return None

