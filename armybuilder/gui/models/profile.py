"""The profile card's models: a unit's stat lines, and the table of its options."""

from __future__ import annotations

import html
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QStandardItemModel

from armybuilder.domain.profiles import Profile, ProfileGroup, Unit
from armybuilder.gui import icons
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.labels import STAT_NAMES, item_labels, stat_name, stat_value, swc_text
from armybuilder.gui.models import CENTER, FIRST_ROLE, RIGHT
from armybuilder.gui.models.mixins import OptionDrag, add_hint
from armybuilder.gui.models.stored import ALIGNMENT, DECORATION, DISPLAY, FONT, TOOLTIP, Cells, fill, rewrite
from armybuilder.gui.models.units import OptionEntry, UnitEntry
from armybuilder.gui.weapons import WeaponBook, carried_weapons
from armybuilder.i18n import tr

Index = QModelIndex | QPersistentModelIndex
STAT_KEYS = [key for key, _ in STAT_NAMES]
STATS_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren
OPTION_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled


class StatsRole(IntEnum):
    PROFILE = FIRST_ROLE


class ProfileStatsModel(QStandardItemModel):
    """One row per profile of the unit (troopers, pilots, peripherals); columns: name then MOV…AVA.
    The cells are stored (armybuilder.gui.models.stored): the card's table paints without Python."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, 1 + len(STAT_KEYS), parent)
        self.invisibleRootItem().setFlags(Qt.ItemFlag.NoItemFlags)
        self._rows: list[tuple[ProfileGroup, Profile]] = []
        self._cm = False
        self._titles()

    def set_unit(self, unit: Unit | None) -> None:
        self._rows = [(g, p) for g in unit.profile_groups for p in g.profiles] if unit else []
        fill(self, [self._cells(profile) for _, profile in self._rows], STATS_FLAGS)
        self._titles()

    def set_distances_in_cm(self, cm: bool) -> None:
        self._cm = cm
        rewrite(self, [self._cells(profile) for _, profile in self._rows], STATS_FLAGS)
        self._titles()

    def retranslate(self) -> None:
        self._titles()

    @property
    def profiles(self) -> list[Profile]:
        return [p for _, p in self._rows]

    def _titles(self) -> None:
        """The header: profile, then the stats' names (W or STR as the profiles have, or both)."""
        structure = bool(self._rows) and all(p.structure for _, p in self._rows)
        mixed = bool(self._rows) and any(p.structure for _, p in self._rows) and not structure
        titles = [tr("Profile")]
        for key in STAT_KEYS:
            if key == "w" and mixed:
                titles.append(f"{stat_name('w')}/{stat_name('w', structure=True)}")
            else:
                titles.append(stat_name(key, structure=structure))
        blocked = self.blockSignals(True)
        try:
            self.setHorizontalHeaderLabels(titles)
            self.setHeaderData(1, Qt.Orientation.Horizontal,
                               tr("Movement in centimetres") if self._cm else tr("Movement in inches"),
                               Qt.ItemDataRole.ToolTipRole)
        finally:
            self.blockSignals(blocked)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(titles) - 1)

    def _cells(self, profile: Profile) -> Cells:
        cells: Cells = []
        for column in range(1 + len(STAT_KEYS)):
            values: dict[int, Any] = {StatsRole.PROFILE: profile}
            if column == 0:
                values[DISPLAY] = profile.name
                values[ALIGNMENT] = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                values[FONT] = bold_font()
                values[TOOLTIP] = f"{profile.name} ({profile.type.value})" if profile.type else profile.name
            else:
                values[DISPLAY] = stat_value(profile, STAT_KEYS[column - 1], self._cm)
                values[ALIGNMENT] = int(Qt.AlignmentFlag.AlignCenter)
            cells.append(values)
        return cells


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


class OptionTableModel(OptionDrag, QStandardItemModel):
    """A unit's selectable options: the loadout (weapons, then skills and equipment, under the
    option's name where the names tell options apart), SWC and points. The cells are stored
    (armybuilder.gui.models.stored): the card's table paints and measures without Python."""

    OPTION_KEY_ROLE = OptionRole.OPTION_KEY

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, len(OptionColumn), parent)
        self.invisibleRootItem().setFlags(Qt.ItemFlag.NoItemFlags)
        self._unit: Unit | None = None
        self._reinforcement = False
        self._options: list[OptionEntry] = []
        self._book = WeaponBook()
        left = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        alignments = {OptionColumn.LOADOUT: left, OptionColumn.SWC: CENTER, OptionColumn.POINTS: RIGHT}
        for column, alignment in alignments.items():
            self.setHeaderData(column, Qt.Orientation.Horizontal, alignment, Qt.ItemDataRole.TextAlignmentRole)
        self.retranslate()

    def retranslate(self) -> None:
        self.setHorizontalHeaderLabels([tr("Option"), tr("SWC"), tr("Pts", context="points column")])
        rewrite(self, [self._cells(row) for row in range(len(self._options))], OPTION_FLAGS)

    def set_unit(self, entry: UnitEntry | None) -> None:
        """Show a unit's options (as the unit browser computed them: full costs, flags)."""
        self._unit = entry.unit if entry else None
        self._reinforcement = entry.reinforcement if entry else False
        self._options = list(entry.options) if entry else []
        fill(self, [self._cells(row) for row in range(len(self._options))], OPTION_FLAGS)

    @property
    def book(self) -> WeaponBook:
        """The army's weapon profiles, shown in each option's tooltip."""
        return self._book

    @book.setter
    def book(self, book: WeaponBook) -> None:
        self._book = book
        rewrite(self, [self._cells(row) for row in range(len(self._options))], OPTION_FLAGS)

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

    def _cells(self, row: int) -> Cells:
        assert self._unit is not None
        entry = self._options[row]
        option = entry.option
        gear = [*item_labels(option.skills), *item_labels(option.equipment), *option.characteristics]
        parts = (self.heading(row), ", ".join(item_labels(option.weapons)), ", ".join(gear))
        lines = [f"<b>{html.escape(option.name)}</b>", html.escape(entry.text)]
        if option.includes:
            lines.append(tr("Includes its peripherals; the cost shown is the total."))
        if option.notes:
            lines.append(html.escape(option.notes))
        lines.append(add_hint())
        names = [n for c in carried_weapons(self._unit, entry.key[0], option) for n in c.names]
        common: dict[int, Any] = {OptionRole.OPTION_KEY: (self._unit.id, *entry.key),
                                  OptionRole.LIEUTENANT: entry.lieutenant, OptionRole.PARTS: parts,
                                  TOOLTIP: "<br>".join(lines) + self._book.tooltip(names)}
        loadout = {**common, DISPLAY: "\n".join(part for part in parts if part),
                   ALIGNMENT: int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)}
        if entry.lieutenant:
            loadout[DECORATION] = icons.lieutenant_icon()
        return [loadout,
                {**common, DISPLAY: swc_text(entry.swc_halves),
                 ALIGNMENT: int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)},
                {**common, DISPLAY: str(entry.points),
                 ALIGNMENT: int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)}]
