"""The unit browser's model: the army's units, each with its selectable options as children,
and a filter proxy for search-as-you-type and the browser's filters."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QFont

from armybuilder.domain.lists import CombatGroup, Trooper
from armybuilder.domain.packs import SeasonPack
from armybuilder.domain.profiles import Army, Option, ProfileGroup, Unit
from armybuilder.domain.roster import ResolvedTrooper, resolve_trooper
from armybuilder.domain.values import Category, UnitType
from armybuilder.gui import icons
from armybuilder.gui.labels import (
    ava_text,
    category_name,
    cost_range,
    item_labels,
    option_text,
    swc_range,
    swc_text,
    type_name,
)
from armybuilder.gui.models import CENTER, FIRST_ROLE, RIGHT
from armybuilder.gui.models.mixins import ColumnTitles, OptionDrag, add_hint
from armybuilder.gui.models.twolevel import TwoLevelModel
from armybuilder.i18n import tr
from armybuilder.rules.categories import added_categories, categories_of

Index = QModelIndex | QPersistentModelIndex
HACKER_EQUIPMENT = "hacking device"


class Column(IntEnum):
    NAME = 0
    TYPE = 1
    AVA = 2
    SWC = 3
    POINTS = 4


class Role(IntEnum):
    KIND = FIRST_ROLE
    """'unit' or 'option'."""
    UNIT_ID = FIRST_ROLE + 1
    OPTION_KEY = FIRST_ROLE + 2
    """(unit, group, option) ids of an option row."""
    SORT = FIRST_ROLE + 3


def _fold(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").casefold().split())


@dataclass(frozen=True)
class OptionEntry:
    """An option with what the browser shows and filters on, computed once per army."""

    group: ProfileGroup | None
    option: Option
    text: str
    points: int
    swc_halves: int
    lieutenant: bool
    hacker: bool
    search: str

    @property
    def key(self) -> tuple[int, int]:
        return (self.group.id if self.group else 0, self.option.id)


@dataclass(frozen=True)
class UnitEntry:
    unit: Unit
    type: UnitType | None
    category: Category | None
    search: str
    options: tuple[OptionEntry, ...]
    reinforcement: bool = False
    """A unit of the army's Reinforcements list (it goes to Reinforcements groups)."""


def unit_entries(army: Army, reinforcement: bool = False) -> list[UnitEntry]:
    """Every unit that has selectable options, with its options' full costs (peripherals included),
    in the order players look for them: by unit type (LI, MI, HI, TAG…), then name; mercenaries last.
    `reinforcement`: the army is a Reinforcements army, whose troopers go to Reinforcements groups."""
    entries = []
    combat_group = CombatGroup(number=1)
    for unit in army.units:
        profile = unit.main_profile
        unit_words = [unit.name, unit.isc, unit.isc_abbr or "", category_name(unit.category)]
        for group in unit.profile_groups:
            for p in group.profiles:
                unit_words.append(p.name)
                if group.is_peripheral:  # a peripheral is found by name; its gear is not the unit's
                    continue
                unit_words.extend((p.type.value if p.type else "", *p.characteristics))
                unit_words.extend(i.name for i in (*p.skills, *p.equipment, *p.weapons))
        unit_search = _fold(" ".join(unit_words))
        options = []
        for profile_group, option in unit.selectable_options():
            resolved = resolve_trooper(army, combat_group, Trooper(
                uid="browse", unit=unit.id, group=profile_group.id if profile_group else 0, option=option.id))
            if not isinstance(resolved, ResolvedTrooper):
                continue
            items = [i.name for i in resolved.items()]
            hacker = any(HACKER_EQUIPMENT in _fold(name) for name in items)
            items_of = (*option.weapons, *option.skills, *option.equipment)
            search = _fold(" ".join((option.name, *(i.label for i in items_of), *item_labels(items_of),
                                     *option.characteristics)))
            options.append(OptionEntry(profile_group, option, option_text(unit, option), resolved.points,
                                       resolved.swc_halves, option.is_lieutenant, hacker, search))
        if options:
            entries.append(UnitEntry(unit, profile.type if profile else None, unit.category,
                                     unit_search, tuple(options), reinforcement))
    types = list(UnitType)
    entries.sort(key=lambda e: (e.unit.mercenary, types.index(e.type) if e.type else len(types),
                                _fold(e.unit.name).lstrip("'\"“‘ ")))
    return entries


class UnitTreeModel(OptionDrag, ColumnTitles, TwoLevelModel):
    """Units (top level) and their options (children). Option rows can be dragged into the list."""

    COLUMNS = len(Column)
    OPTION_KEY_ROLE = Role.OPTION_KEY

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._army: Army | None = None
        self._reinforcement = False
        self._entries: list[UnitEntry] = []
        self._season: SeasonPack | None = None
        self._season_words: dict[int, str] = {}
        self.retranslate()

    @property
    def season(self) -> SeasonPack | None:
        """The list's season: its rules may add categories (ITS S17: Characters are also Veteran)."""
        return self._season

    def set_season(self, season: SeasonPack | None) -> bool:
        """Use `season`'s categories in tooltips, filters and search; whether anything changed."""
        if season is self._season:
            return False
        self._season = season
        self._update_season_words()
        if self._entries:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._entries) - 1, self.COLUMNS - 1))
        return True

    def categories(self, entry: UnitEntry) -> tuple[Category, ...]:
        """The categories a unit counts as under the list's season (its own first)."""
        return categories_of(entry.unit, self._season)

    def season_words(self, entry: UnitEntry) -> str:
        """The names of the categories the season adds, folded, for the search."""
        return self._season_words.get(entry.unit.id, "")

    def _update_season_words(self) -> None:
        self._season_words = {
            e.unit.id: _fold(" ".join(category_name(c) for c in added))
            for e in self._entries if (added := added_categories(e.unit, self._season))}

    def retranslate(self) -> None:
        self.set_titles(tr("Unit"), tr("Type"), tr("AVA"), tr("SWC"), tr("Pts", context="points column"))
        if self._entries:  # categories are searched in the current language
            self.set_army(self._army, self._reinforcement)

    @property
    def army(self) -> Army | None:
        return self._army

    @property
    def reinforcement(self) -> bool:
        """Whether the units shown are the Reinforcements army's."""
        return self._reinforcement

    @property
    def entries(self) -> list[UnitEntry]:
        return self._entries

    def set_army(self, army: Army | None, reinforcement: bool = False) -> None:
        entries = unit_entries(army, reinforcement) if army else []
        self.beginResetModel()
        self._army = army
        self._reinforcement = reinforcement
        self._entries = entries
        self._update_season_words()
        self.endResetModel()

    def entry(self, index: Index) -> tuple[UnitEntry | None, OptionEntry | None]:
        if not index.isValid():
            return None, None
        parent_row = index.internalId()
        if parent_row == 0:
            return self._entries[index.row()], None
        unit = self._entries[parent_row - 1]
        return unit, unit.options[index.row()]

    def unit_index(self, unit_id: int) -> QModelIndex:
        for row, entry in enumerate(self._entries):
            if entry.unit.id == unit_id:
                return self.createIndex(row, 0, 0)
        return QModelIndex()

    def top_count(self) -> int:
        return len(self._entries)

    def child_count(self, top_row: int) -> int:
        return len(self._entries[top_row].options)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.TextAlignmentRole and orientation == Qt.Orientation.Horizontal \
                and Column.NAME < section < len(Column):
            return RIGHT if section == Column.POINTS else CENTER
        return super().headerData(section, orientation, role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.internalId() != 0:
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        unit, option = self.entry(index)
        if unit is None:
            return None
        column = index.column()
        if role == Role.KIND:
            return "option" if option else "unit"
        if role == Role.UNIT_ID:
            return unit.unit.id
        if option is not None:
            return self._option_data(unit, option, column, role)
        return self._unit_data(unit, column, role)

    def _unit_data(self, entry: UnitEntry, column: int, role: int) -> Any:  # noqa: C901 - one branch per item role
        if role in (Qt.ItemDataRole.DisplayRole, Role.SORT):
            if column == Column.NAME:
                return entry.unit.name
            if column == Column.TYPE:
                return entry.type.value if entry.type else ""
            if column == Column.AVA:
                return ava_text(entry.unit) if entry.unit.main_profile else "-"
            if column == Column.SWC:
                return swc_range([o.swc_halves for o in entry.options])
            if column == Column.POINTS:
                if role == Role.SORT:
                    return min(o.points for o in entry.options)
                return cost_range([o.points for o in entry.options])
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return RIGHT if column == Column.POINTS else CENTER
        if entry.unit.mercenary and role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(icons.MERCENARY_COLOR)
        if entry.unit.mercenary and role == Qt.ItemDataRole.FontRole and column == Column.NAME:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            parts = [f"<b>{entry.unit.name}</b>"]
            if entry.type:
                parts.append(type_name(entry.type))
            categories = self.categories(entry)
            if categories:
                parts.append(" · ".join(category_name(c) for c in categories))
            if entry.unit.mercenary:
                parts.append(tr("Mercenary: only with the Soldiers of Fortune extra"))
            if entry.reinforcement:
                parts.append(tr("Reinforcements: it goes to a Reinforcements group"))
            return "<br>".join(parts)
        return None

    def _option_data(self, unit: UnitEntry, entry: OptionEntry, column: int, role: int) -> Any:
        if role == Role.OPTION_KEY:
            return (unit.unit.id, *entry.key)
        if role in (Qt.ItemDataRole.DisplayRole, Role.SORT):
            if column == Column.NAME:
                return entry.text
            if column == Column.SWC:
                return entry.swc_halves if role == Role.SORT else swc_text(entry.swc_halves)
            if column == Column.POINTS:
                return entry.points if role == Role.SORT else str(entry.points)
            return "" if role == Qt.ItemDataRole.DisplayRole else None
        if role == Qt.ItemDataRole.DecorationRole and column == Column.NAME and entry.lieutenant:
            return icons.lieutenant_icon()
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return RIGHT if column == Column.POINTS else CENTER
        if role == Qt.ItemDataRole.ForegroundRole and column == Column.NAME:
            return QBrush(icons.INFO_COLOR.darker(130))
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [f"<b>{unit.unit.name}</b> — {entry.option.name}", entry.text,
                     tr("{points} points, {swc} SWC", points=entry.points, swc=swc_text(entry.swc_halves)), add_hint()]
            return "<br>".join(lines)
        return None


class UnitFilterProxy(QSortFilterProxyModel):
    """Search as you type (name, skill, weapon…) and the browser's filters; a unit stays visible
    while any of its options passes, and only passing options are shown under it."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self.unit_type: UnitType | None = None
        self.category: Category | None = None
        self.lieutenant = False
        self.hacker = False
        self.mercenaries = True
        """Whether units of the army's mercenary pool are shown."""
        self.remaining: tuple[int, int] | None = None
        """(points, SWC halves) an option must fit in, or None for no such filter."""
        self.setSortRole(Role.SORT)
        self.setDynamicSortFilter(False)

    def set_text(self, text: str) -> None:
        self._words = _fold(text).split()
        self.refilter()

    def refilter(self) -> None:
        self.invalidate()

    def _source(self) -> UnitTreeModel:
        model = self.sourceModel()
        assert isinstance(model, UnitTreeModel)
        return model

    def _unit_passes(self, unit: UnitEntry) -> bool:
        if unit.unit.mercenary and not self.mercenaries:
            return False
        if self.unit_type is not None and unit.type is not self.unit_type:
            return False
        return self.category is None or self.category in self._source().categories(unit)

    def _option_passes(self, unit: UnitEntry, option: OptionEntry) -> bool:
        if self.lieutenant and not option.lieutenant:
            return False
        if self.hacker and not option.hacker:
            return False
        if self.remaining is not None:
            points, swc = self.remaining
            if option.points > points or option.swc_halves > swc:
                return False
        added = self._source().season_words(unit)
        return all(w in unit.search or w in option.search or w in added for w in self._words)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self._source()
        if not source_parent.isValid():
            unit = model.entries[source_row]
            return self._unit_passes(unit) and any(self._option_passes(unit, o) for o in unit.options)
        unit = model.entries[source_parent.row()]
        return self._unit_passes(unit) and self._option_passes(unit, unit.options[source_row])

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(Role.SORT), right.data(Role.SORT)
        if isinstance(a, int) and isinstance(b, int):
            return a < b
        return _fold(str(a or "")) < _fold(str(b or ""))
