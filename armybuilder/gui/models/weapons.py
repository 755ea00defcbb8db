"""The profile card's weapons table: one row per firing mode of each weapon the chosen option fields
(its peripherals' too), with the range bands coloured by modifier, then PS, B, ammunition and saving
attribute, and its traits in a row under it (`gui.weapons`)."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QFont, QStandardItem, QStandardItemModel

from armybuilder.export.sheet import WeaponLine, range_bands
from armybuilder.gui import icons, theme
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.labels import distance_units
from armybuilder.gui.models import CENTER
from armybuilder.gui.models.stored import ALIGNMENT, DISPLAY, FONT, FOREGROUND, TOOLTIP, Cells, new_row
from armybuilder.gui.weapons import band_title, line_html
from armybuilder.i18n import language, tr

FIGURES = 4
"""PS, B, Ammo, Save after the bands."""
BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
ACCESSIBLE = int(Qt.ItemDataRole.AccessibleTextRole)
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
KEPT_ROWS = 4000
"""Rows, cells and headings whose items `WeaponTableModel`s keep between them (`_WORDED`)."""
_WORDED: dict[tuple[object, ...], list[QStandardItem]] = {}
"""The items of every weapon row, cell and band heading worded lately, by what they show (a row: who, the line,
the bands' columns; a cell: a line's name, one of its bands by its near and far ends, its figures, its traits;
a heading: its band, or its column) and the language, distance units, colours and font they were worded in;
never put in a model: each model gets copies (`QStandardItem(item)`, one call into Qt an item; not `clone()`,
whose items Qt makes: deleted by the model, they left their Python wrappers mapped to freed memory, which a
later QObject at the same address was then mistaken for). Options share most of their weapons (a unit's
pistol, knife and rifle in every option; the same rifle in many units), and wording a row was ~0.2 ms of
Python (a change of option that reaches the card worded 5-15 of them). A row shown before is one look-up; a
row not shown with these bands is put together from its cells, worded only where new: a weapon beside one of
longer reach gets band columns it did not have, and its name, figures and the bands it had are the same cells
(keyed only by row, such an option worded every row and heading anew: the edit benchmark's slowest change of
option, Team CRUX 1.5 -> 1.1, made 143 items, ~2.2 ms)."""


def _worded(key: tuple[object, ...], word: Callable[[], list[QStandardItem]]) -> list[QStandardItem]:
    items = _WORDED.get(key)
    if items is None:
        if len(_WORDED) >= KEPT_ROWS:
            _WORDED.clear()
        items = _WORDED[key] = word()
    return items


class WeaponTableModel(QStandardItemModel):
    """Weapon lines (who carries them, the line) in columns: Weapon, one per range band, PS, B, Ammo,
    Save; a line's traits in a row of their own under it (`traits_rows`: the card spans them across).
    Every cell and heading is worked out once, when the lines are set (`gui.models.stored`): the card's
    table paints and measures them without calling back into Python (the card sets the lines again when
    the language, the distance units or the theme change)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, WeaponLine, bool]] = []
        """(who, line, whether this row is the line's traits)."""
        self._bands: list[int] = []
        self._tips: dict[WeaponLine, str] = {}

    def set_lines(self, rows: list[tuple[str, WeaponLine]]) -> None:
        self._rows = []
        for who, line in rows:
            self._rows.append((who, line, False))
            if line.traits:
                self._rows.append((who, line, True))
        self._bands = range_bands(line for _, line in rows)
        columns = 1 + len(self._bands) + FIGURES if self._rows else 0
        context = (language(), distance_units(), theme.scheme(), QFont().key())
        bands = tuple(self._bands)
        self._tips = {}
        headings = [_worded(("heading", *self._shown_in(section), *context), partial(self._heading_items, section))[0]
                    for section in range(columns)]
        items = [_worded((who, line, traits, bands, *context),
                         partial(self._row_items, who, line, traits, columns, context))
                 for who, line, traits in self._rows]
        self.beginResetModel()
        blocked = self.blockSignals(True)  # the reset stands for every row and column removed and added
        try:
            root = self.invisibleRootItem()
            root.removeRows(0, root.rowCount())
            self.setColumnCount(columns)
            for section, item in enumerate(headings):
                self.setHorizontalHeaderItem(section, QStandardItem(item))
            for row in items:
                root.appendRow([QStandardItem(item) for item in row])
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def retranslate(self) -> None:
        """Band headings follow the distance units; names the language (the card sets the lines again)."""
        columns = self.columnCount()
        if columns:
            self._set_headings(columns)
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, columns - 1)

    @property
    def lines(self) -> list[tuple[str, WeaponLine]]:
        return [(who, line) for who, line, traits in self._rows if not traits]

    def traits_rows(self) -> list[int]:
        return [row for row, (_, _, traits) in enumerate(self._rows) if traits]

    def _band_range(self, band: int) -> tuple[int, int]:
        return (self._bands[band - 1] if band else 0, self._bands[band])

    def _set_headings(self, columns: int) -> None:
        blocked = self.blockSignals(True)  # `retranslate` says once that they changed
        try:
            for section in range(columns):
                self.setHorizontalHeaderItem(section, self._heading_item(section))
        finally:
            self.blockSignals(blocked)

    def _row_items(self, who: str, line: WeaponLine, traits: bool, columns: int,
                   context: tuple[object, ...]) -> list[QStandardItem]:
        """A row's items, each cell worded once (`_WORDED`): the name, each band, the figures; or the traits
        (spanning the row: the rest of it empty)."""
        if traits:
            return (_worded(("traits", line, *context), lambda: new_row([self._traits_cell(line)], FLAGS))
                    + _worded(("empty",), lambda: new_row([{}], FLAGS)) * (columns - 1))
        row = list(_worded(("name", who, line, *context), lambda: new_row([self._name_cell(who, line)], FLAGS)))
        for band in range(len(self._bands)):
            near, far = self._band_range(band)
            row += _worded(("band", line, near, far, *context),
                           lambda: new_row([self._band_cell(line, near, far)], FLAGS))  # noqa: B023 (called here)
        return row + _worded(("figures", line, *context), lambda: new_row(self._figure_cells(line), FLAGS))

    def _shown_in(self, section: int) -> tuple[object, ...]:
        """What heading `section` shows (its band's ends, or its column): the key of its words."""
        band = section - 1
        if 0 <= band < len(self._bands):
            return ("band", *self._band_range(band))
        return ("column", section - len(self._bands) if section else 0)

    def _heading_items(self, section: int) -> list[QStandardItem]:
        return [self._heading_item(section)]

    def _heading_item(self, section: int) -> QStandardItem:
        item = QStandardItem()
        for role, value in self._heading(section).items():
            item.setData(value, role)
        return item

    def _heading(self, section: int) -> dict[int, object]:
        band = section - 1
        if section == 0:
            return {DISPLAY: tr("Weapon"), ALIGNMENT: LEFT}
        if 0 <= band < len(self._bands):  # the band's far end ('8"'): the near end is the band before's
            title = band_title(*self._band_range(band))
            return {DISPLAY: title.split("–", 1)[1], ALIGNMENT: CENTER,
                    TOOLTIP: tr("{band}: the modifier to hit at this distance", band=title)}
        index = band - len(self._bands)
        names = (tr("PS", context="weapon"), tr("B", context="weapon"), tr("Ammo"), tr("Save", context="weapon"))
        tips = (tr("PS: the damage's Protection value to beat"), tr("B: Burst, the dice rolled"),
                tr("Ammunition"), tr("The saving attribute the target rolls, and how many times"))
        return {DISPLAY: names[index], ALIGNMENT: CENTER, TOOLTIP: tips[index]}

    def _tip(self, line: WeaponLine) -> str:
        """The line's tooltip (every cell of its row has it): made once per set of lines."""
        tip = self._tips.get(line)
        if tip is None:
            tip = self._tips[line] = line_html(line)
        return tip

    def _traits_cell(self, line: WeaponLine) -> dict[int, object]:
        return {DISPLAY: tr("Traits: {traits}", traits=line.traits), FOREGROUND: QBrush(icons.INFO_COLOR),
                TOOLTIP: self._tip(line)}

    def _name_cell(self, who: str, line: WeaponLine) -> dict[int, object]:
        return {DISPLAY: f"{who}: {line.name}" if who else line.name, FONT: bold_font(), ALIGNMENT: LEFT,
                TOOLTIP: self._tip(line)}

    def _band_cell(self, line: WeaponLine, near: int, far: int) -> dict[int, object]:
        """The line's modifier in the band from `near` to `far` cm, coloured by it."""
        mod = line.modifier_at(far)
        spoken = tr("{band}: {mod}", band=band_title(near, far), mod=mod or tr("out of range"))
        cell: dict[int, object] = {DISPLAY: mod, FONT: bold_font(), ALIGNMENT: CENTER, TOOLTIP: self._tip(line),
                                   ACCESSIBLE: spoken}
        colours = theme.range_band(mod)
        if colours is not None:
            cell[BACKGROUND], cell[FOREGROUND] = QBrush(colours[0]), QBrush(colours[1])
        return cell

    @staticmethod
    def _figure_cells(line: WeaponLine) -> Cells:
        return [{DISPLAY: figure, ALIGNMENT: CENTER, TOOLTIP: html.escape(str(figure))}
                for figure in (line.damage, line.burst, line.ammunition, line.saving)]
