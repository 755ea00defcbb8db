"""The profile card's weapons table: one row per firing mode of each weapon the chosen option fields
(its peripherals' too), with the range bands coloured by modifier, then PS, B, ammunition and saving
attribute, and its traits in a row under it (`gui.weapons`)."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush

from armybuilder.export.sheet import WeaponLine, range_bands
from armybuilder.gui import icons, theme
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.models import CENTER, ROOT
from armybuilder.gui.weapons import band_title, line_html
from armybuilder.i18n import tr

Index = QModelIndex | QPersistentModelIndex
FIGURES = 4
"""PS, B, Ammo, Save after the bands."""


class WeaponTableModel(QAbstractTableModel):
    """Weapon lines (who carries them, the line) in columns: Weapon, one per range band, PS, B, Ammo,
    Save; a line's traits in a row of their own under it (`traits_rows`: the card spans them across)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, WeaponLine, bool]] = []
        """(who, line, whether this row is the line's traits)."""
        self._bands: list[int] = []

    def set_lines(self, rows: list[tuple[str, WeaponLine]]) -> None:
        self.beginResetModel()
        self._rows = []
        for who, line in rows:
            self._rows.append((who, line, False))
            if line.traits:
                self._rows.append((who, line, True))
        self._bands = range_bands(line for _, line in rows)
        self.endResetModel()

    def retranslate(self) -> None:
        """Band headings follow the distance units; names the language (the card sets the lines again)."""
        if self.columnCount():
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    @property
    def lines(self) -> list[tuple[str, WeaponLine]]:
        return [(who, line) for who, line, traits in self._rows if not traits]

    @property
    def band_count(self) -> int:
        return len(self._bands)

    def traits_rows(self) -> list[int]:
        return [row for row, (_, _, traits) in enumerate(self._rows) if traits]

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() or not self._rows else 1 + len(self._bands) + FIGURES

    def _band_range(self, band: int) -> tuple[int, int]:
        return (self._bands[band - 1] if band else 0, self._bands[band])

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        band = section - 1
        in_bands = 0 <= band < len(self._bands)
        if role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return tr("Weapon")
            if in_bands:  # the band's far end ('8"'): the near end is the band before's
                return band_title(*self._band_range(band)).split("–", 1)[1]
            return (tr("PS", context="weapon"), tr("B", context="weapon"), tr("Ammo"),
                    tr("Save", context="weapon"))[band - len(self._bands)]
        if role == Qt.ItemDataRole.ToolTipRole:
            if in_bands:
                return tr("{band}: the modifier to hit at this distance", band=band_title(*self._band_range(band)))
            tips = (tr("PS: the damage's Protection value to beat"), tr("B: Burst, the dice rolled"),
                    tr("Ammunition"), tr("The saving attribute the target rolls, and how many times"))
            index = band - len(self._bands)
            return tips[index] if 0 <= index < len(tips) else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter) if section == 0 else CENTER
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        who, line, traits = self._rows[index.row()]
        if traits:
            return self._traits_data(line, index.column(), role)
        return self._line_data(index, who, line, role)

    @staticmethod
    def _traits_data(line: WeaponLine, column: int, role: int) -> Any:
        """The traits row under a weapon: one cell across the table."""
        if column != 0:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return tr("Traits: {traits}", traits=line.traits)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(icons.INFO_COLOR)
        if role == Qt.ItemDataRole.ToolTipRole:
            return line_html(line)
        return None

    def _line_data(self, index: Index, who: str, line: WeaponLine, role: int) -> Any:
        """A weapon's own row: its name, the modifier in each range band, PS, B, ammunition and save."""
        column = index.column()
        band = column - 1
        in_bands = 0 <= band < len(self._bands)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return f"{who}: {line.name}" if who else line.name
            if in_bands:
                return line.modifier_at(self._bands[band])
            return (line.damage, line.burst, line.ammunition, line.saving)[band - len(self._bands)]
        if in_bands and role in (Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole):
            colours = theme.range_band(line.modifier_at(self._bands[band]))
            if colours is not None:
                return QBrush(colours[0] if role == Qt.ItemDataRole.BackgroundRole else colours[1])
            return None
        if role == Qt.ItemDataRole.FontRole and (column == 0 or in_bands):
            return bold_font()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == 0:
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            return CENTER
        if role == Qt.ItemDataRole.ToolTipRole:
            return line_html(line) if column == 0 or in_bands else html.escape(str(self.data(index)))
        if role == Qt.ItemDataRole.AccessibleTextRole and in_bands:
            return tr("{band}: {mod}", band=band_title(*self._band_range(band)),
                      mod=line.modifier_at(self._bands[band]) or tr("out of range"))
        return None
