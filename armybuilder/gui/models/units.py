"""The unit browser's model: the army's units, each with its selectable options as children, a filter
proxy for search-as-you-type and the browser's filters, and the marks of what the list has used up:
units whose AVA is spent and options that no longer fit the points or SWC left are greyed, with why
in their tooltips."""

from __future__ import annotations

import weakref
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QStandardItem, QStandardItemModel

from armybuilder.domain.lists import CombatGroup, Trooper
from armybuilder.domain.packs import SeasonPack
from armybuilder.domain.profiles import Army, Option, ProfileGroup, Unit
from armybuilder.domain.roster import ResolvedTrooper, Roster, resolve_trooper
from armybuilder.domain.values import Category, ItemRef, UnitType, search_key
from armybuilder.gui import icons
from armybuilder.gui.fonts import italic_font
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
from armybuilder.gui.models.stored import (
    ALIGNMENT,
    DECORATION,
    DISPLAY,
    FONT,
    FOREGROUND,
    Cells,
)
from armybuilder.gui.weapons import WeaponBook, carried_weapons
from armybuilder.i18n import tr, trn
from armybuilder.rules.availability import AvaCount, AvaUse, ava_groups
from armybuilder.rules.categories import added_categories, categories_of, own_categories
from armybuilder.rules.engine import Totals
from armybuilder.rules.list_edits import Room, room_left

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
    MARK = FIRST_ROLE + 4
    """Why a row is greyed: 'ava' (its AVA is used up), 'fit' (no room left for it) or None."""


def _fold(text: str) -> str:
    return search_key(text)


def _item_words(items: tuple[ItemRef, ...] | list[ItemRef]) -> list[str]:
    """Items as they are searched: their names and extras in English and, where the data has them, in
    Spanish, whatever the app's language (a Spanish player may type 'Fusil Combi' or 'Combi Rifle')."""
    words = []
    for item in items:
        words.append(item.label)
        if item.name_es or item.extras_es:
            words.append(item.label_in("es"))
    return words


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
    ava_groups: tuple[int | None, ...] = (None,)
    """The profile groups whose AVA the option uses (None: the unit's)."""

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
    categories: tuple[Category, ...] = field(default=())
    """Every category its profile groups have (a season may add more: `rules.categories`)."""


def _option_search(unit: Unit, option: Option) -> str:
    """What an option is found by: its name and loadout, and the peripherals it comes with — their
    names, skills, equipment and weapons ('auxbot', 'peripheral (servant)')."""
    items_of = (*option.weapons, *option.skills, *option.equipment)
    words = [option.name, *_item_words(items_of), *item_labels(items_of), *option.characteristics,
             *(p.label for p in option.peripherals)]
    for included in option.includes:
        group = unit.group(included.group)
        extra = group.option(included.option) if group is not None else None
        if group is None or extra is None:
            continue
        for profile in group.profiles:
            words += [profile.name, profile.display_name, profile.type.value if profile.type else "",
                      *profile.characteristics, *_item_words((*profile.skills, *profile.equipment, *profile.weapons))]
        words += [*_item_words((*extra.weapons, *extra.skills, *extra.equipment)), *extra.characteristics]
    return _fold(" ".join(words))


def unit_entries(army: Army, reinforcement: bool = False) -> list[UnitEntry]:
    """Every unit that has selectable options, with its options' full costs (peripherals included),
    in the order players look for them: by unit type (LI, MI, HI, TAG…), then name; mercenaries last.
    `reinforcement`: the army is a Reinforcements army, whose troopers go to Reinforcements groups."""
    entries = []
    combat_group = CombatGroup(number=1)
    for unit in army.units:
        profile = unit.main_profile
        categories = own_categories(unit)
        unit_words = [unit.name, unit.isc, unit.isc_abbr or "", *(category_name(c) for c in categories)]
        for group in unit.profile_groups:
            if group.is_peripheral:  # a peripheral is found through the options that include it
                continue
            for p in group.profiles:
                unit_words.append(p.name)
                unit_words.extend((p.type.value if p.type else "", *p.characteristics))
                unit_words.extend(_item_words((*p.skills, *p.equipment, *p.weapons)))
                unit_words.extend(item_labels((*p.skills, *p.equipment, *p.weapons)))
        unit_search = _fold(" ".join(unit_words))
        options = []
        for profile_group, option in unit.selectable_options():
            resolved = resolve_trooper(army, combat_group, Trooper(
                uid="browse", unit=unit.id, group=profile_group.id if profile_group else 0, option=option.id))
            if not isinstance(resolved, ResolvedTrooper):
                continue
            items = [i.name for i in resolved.items()]
            hacker = any(HACKER_EQUIPMENT in _fold(name) for name in items)
            options.append(OptionEntry(profile_group, option, option_text(unit, option), resolved.points,
                                       resolved.swc_halves, option.is_lieutenant, hacker, _option_search(unit, option),
                                       ava_groups(resolved)))
        if options:
            entries.append(UnitEntry(unit, profile.type if profile else None, unit.category,
                                     unit_search, tuple(options), reinforcement, categories))
    types = list(UnitType)
    entries.sort(key=lambda e: (e.unit.mercenary, types.index(e.type) if e.type else len(types),
                                _fold(e.unit.name).lstrip("'\"“‘ ")))
    return entries


@dataclass(frozen=True)
class Marks:
    """What the list has used up, for the browser's marks: the AVA each unit (group) has used, and the
    totals the options must fit in (None: no list). Each room and each unit's marks are worked out once
    (the view asks for them on every repaint); with `count`, a unit's AVA uses are worked out when first
    asked for (`marks_for`)."""

    ava: dict[tuple[int, int | None], AvaUse] = field(default_factory=dict)
    totals: Totals | None = None
    count: AvaCount | None = field(default=None, compare=False, repr=False)
    _rooms: dict[tuple[bool, bool], Room] = field(default_factory=dict, compare=False, repr=False)
    _marks: dict[tuple[int, bool], tuple[str | None, tuple[str | None, ...]]] = field(
        default_factory=dict, compare=False, repr=False)
    memo: MarksMemo | None = field(default=None, compare=False, repr=False)
    """What `marks_for` carries to the marks of the next report."""
    _kept: list[tuple[weakref.ref[Marks], frozenset[tuple[int, bool]]]] = field(
        default_factory=list, compare=False, repr=False)
    """The marks these took the most of (`keep_all`), and the units whose marks they did not take."""

    def room(self, unit: UnitEntry) -> Room | None:
        if self.totals is None:
            return None
        key = (unit.reinforcement, unit.unit.mercenary)
        room = self._rooms.get(key)
        if room is None:
            room = self._rooms[key] = room_left(self.totals, *key)
        return room

    def use(self, unit: UnitEntry, group: int | None) -> AvaUse | None:
        """What the list uses of the AVA of `unit`'s group `group` (None: no list, or unknown)."""
        key = (unit.unit.id, group)
        found = self.ava.get(key)
        if found is None and self.count is not None:
            found = self.ava[key] = self.count.use(unit.unit, group)
        return found

    def ava_of(self, unit: UnitEntry, option: OptionEntry) -> AvaUse | None:
        """The fullest AVA the option uses (the one that stops it first)."""
        uses = [use for g in option.ava_groups if (use := self.use(unit, g)) is not None]
        return min(uses, key=lambda u: u.left if u.left is not None else 1 << 30, default=None)

    def _option_mark(self, unit: UnitEntry, option: OptionEntry, room: Room | None) -> str | None:
        use = self.ava_of(unit, option)
        if use is not None and use.full:
            return "ava"
        if room is not None and not room.fits(option.points, option.swc_halves):
            return "fit"
        return None

    def marks(self, unit: UnitEntry) -> tuple[str | None, tuple[str | None, ...]]:
        """The unit's mark and its options' marks, in the order of `unit.options`."""
        key = (unit.unit.id, unit.reinforcement)
        found = self._marks.get(key)
        if found is None:
            room = self.room(unit)
            options = tuple(self._option_mark(unit, o, room) for o in unit.options)
            whole = "ava" if all(m == "ava" for m in options) else (
                "fit" if all(m is not None for m in options) else None)
            found = self._marks[key] = (whole, options)
        return found

    def option_mark(self, unit: UnitEntry, option: OptionEntry) -> str | None:
        for candidate, mark in zip(unit.options, self.marks(unit)[1], strict=True):
            if candidate is option:
                return mark
        return self._option_mark(unit, option, self.room(unit))

    def unit_mark(self, unit: UnitEntry) -> str | None:
        return self.marks(unit)[0]

    def keep_all(self, previous: Marks, stale: set[tuple[int, bool]]) -> None:
        """Take the marks `previous` (of another report) worked out, but those of the `stale` units."""
        self._marks.update((key, found) for key, found in previous._marks.items() if key not in stale)
        self._kept[:] = [(weakref.ref(previous), frozenset(stale))]

    def changed_since(self, shown: Marks) -> frozenset[tuple[int, bool]] | None:
        """The units ((id, Reinforcements)) whose marks may differ from `shown`'s, when these marks took the others
        from `shown` (`keep_all`: the very tuples); None when they did not (any unit's may differ)."""
        if self._kept and self._kept[0][0]() is shown:
            return self._kept[0][1]
        return None


@dataclass
class MarksMemo:
    """What `marks_for` keeps from one report to the next for the same units of the same army: the AVA count
    and the rooms the marks were worked out with, where the units are (by identity, character and id) and
    the distinct points and SWC of the options of each kind of unit (main army or Reinforcements, mercenary
    or not), which tell whether a new room leaves any option fitting that did not, or the other way round."""

    entries: list[UnitEntry]
    army: Army
    count: AvaCount
    rooms: dict[tuple[bool, bool], Room | None] = field(default_factory=dict)
    places: _Places | None = None


@dataclass
class _Places:
    by_identity: dict[str, list[UnitEntry]]
    by_character: dict[str, list[UnitEntry]]
    by_unit: dict[int, list[UnitEntry]]
    kinds: dict[tuple[bool, bool], list[UnitEntry]]
    costs: dict[tuple[bool, bool], tuple[list[int], list[int]]]

    @classmethod
    def of(cls, entries: list[UnitEntry]) -> _Places:
        places = cls({}, {}, {}, {}, {})
        for entry in entries:
            unit = entry.unit
            places.by_identity.setdefault(unit.identity, []).append(entry)
            places.by_character.setdefault(unit.character_key, []).append(entry)
            places.by_unit.setdefault(unit.id, []).append(entry)
            places.kinds.setdefault((entry.reinforcement, unit.mercenary), []).append(entry)
        for kind, members in places.kinds.items():
            places.costs[kind] = (sorted({o.points for e in members for o in e.options}),
                                  sorted({o.swc_halves for e in members for o in e.options}))
        return places


def _room_place(costs: tuple[list[int], list[int]], room: Room | None) -> tuple[int, int] | None:
    """Where `room` falls among distinct option costs: two rooms in the same place leave the same options
    fitting (an option fits when its points and its SWC are each at most the room's; when no option is
    within the points, or none within the SWC, none fits: one place)."""
    if room is None:
        return None
    points, swc = costs
    place = bisect_right(points, room.points), bisect_right(swc, room.swc_halves)
    return place if all(place) else (0, 0)


def marks_for(entries: list[UnitEntry], army: Army | None, roster: Roster | None, totals: Totals | None,
              previous: Marks | None = None) -> Marks:
    """The marks of `entries` (the browser's units of `army`) for a list's roster and totals. With the marks
    of the same entries for an earlier report (`previous`), the units whose AVA inputs did not change
    (`AvaCount.changed_since`) and whose room leaves the same options fitting keep their marks (the very
    tuples: the model then skips their rows); the others' are worked out when asked for."""
    if army is None or roster is None:
        return Marks(totals=totals)
    count = AvaCount(roster, army)
    old = previous.memo if previous is not None else None
    if old is None or old.entries is not entries or old.army is not army:
        old = None
    places = old.places if old is not None and old.places is not None else _Places.of(entries)
    memo = MarksMemo(entries, army, count, places=places)
    marks = Marks({}, totals, count, memo=memo)
    for kind in places.kinds:
        memo.rooms[kind] = room_left(totals, *kind) if totals is not None else None
    if old is None or previous is None:
        return marks
    identities, characters, units = count.changed_since(old.count)
    stale: set[tuple[int, bool]] = set()
    for found in (*(places.by_identity.get(i, ()) for i in identities),
                  *(places.by_character.get(c, ()) for c in characters),
                  *(places.by_unit.get(u, ()) for u in units)):
        stale.update((e.unit.id, e.reinforcement) for e in found)
    for kind, members in places.kinds.items():
        before, now = old.rooms.get(kind), memo.rooms[kind]
        if before == now:
            continue
        costs = places.costs[kind]
        if _room_place(costs, before) == _room_place(costs, now):
            continue  # no option's cost lies between the two rooms: each fits in both or in neither
        stale.update((e.unit.id, e.reinforcement) for e in members)
    marks.keep_all(previous, stale)
    return marks


def ava_line(use: AvaUse) -> str:
    """'AVA 1/1 — none left' for a tooltip."""
    if use.limit is None:
        return tr("AVA: no limit ({used} in the list)", used=use.used)
    text = tr("AVA {used}/{limit}", used=use.used, limit=use.limit)
    if use.full:
        return tr("{ava} — no more can be fielded", ava=text)
    return text


def fit_line(option: OptionEntry, room: Room) -> str:
    """Why an option no longer fits: what it costs and what is left."""
    return tr("Does not fit: it costs {points} and {swc}; the list has {left} and {swc_left} left.",
              points=trn("{n} point", "{n} points", option.points),
              swc=tr("{swc} SWC", swc=swc_text(option.swc_halves)),
              left=trn("{n} point", "{n} points", room.points),
              swc_left=tr("{swc} SWC", swc=swc_text(max(room.swc_halves, 0))))


UNIT_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
OPTION_FLAGS = UNIT_FLAGS | Qt.ItemFlag.ItemIsDragEnabled
"""An option row can be dragged into the list."""
KIND, UNIT_ID, OPTION_KEY, SORT, MARK = (int(role) for role in (Role.KIND, Role.UNIT_ID, Role.OPTION_KEY, Role.SORT,
                                                                Role.MARK))
MARK_ROLES = [int(Qt.ItemDataRole.ForegroundRole), int(Qt.ItemDataRole.ToolTipRole), int(Role.MARK)]
"""What a change of a row's mark changes (its text's colour and italics go with it; its tooltip is worked out
when hovered): the roles the views are told of."""


class _Looks:
    """The brushes and font of the browser's cells, in the colours of the scheme in use when made."""

    def __init__(self) -> None:
        self.muted = QBrush(icons.MUTED_COLOR)
        self.mercenary = QBrush(icons.MERCENARY_COLOR)
        self.info = QBrush(icons.INFO_COLOR)
        self.italic = italic_font()


def _set(values: dict[int, Any]) -> dict[int, Any]:
    """The roles of `values` that say something (a cell made afresh has none)."""
    return {role: value for role, value in values.items() if value is not None}


class UnitTreeModel(OptionDrag, ColumnTitles, QStandardItemModel):
    """Units (top level) and their options (children). Option rows can be dragged into the list.

    The cells are Qt's own items (`models.stored`), made by Qt from roles worked out once for the army, and a
    row's colour, italics and mark written again when its mark changes: the view paints the rows without calling
    into Python for each cell and role (the rows of a unit whose marks change, repainted at each edit that takes
    the unit to its AVA limit or off it, cost ~4 times as much through a Python `data()`). A row's kind, ids and
    mark are in its first cell (`Role`), its sort key in each. Tooltips, which say how much is left and so change
    with every edit for every option that no longer fits, are not kept in the cells: `tooltip` works one out
    when the pointer rests on a row (the browser's `TipDelegate`)."""

    COLUMNS = len(Column)
    OPTION_KEY_ROLE = Role.OPTION_KEY

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(self.COLUMNS)
        self.invisibleRootItem().setFlags(Qt.ItemFlag.NoItemFlags)
        prototype = QStandardItem()  # what Qt makes each cell from: an option's (a unit's cells are set apart)
        prototype.setFlags(OPTION_FLAGS)
        self.setItemPrototype(prototype)
        self._army: Army | None = None
        self._reinforcement = False
        self._entries: list[UnitEntry] = []
        self._marks = Marks()
        self._shown: dict[tuple[int, int], str | None] = {}
        """The mark each row (top row, child row + 1; 0 for the unit) shows (none said: None)."""
        self._shown_rows: dict[int, tuple[str | None, tuple[str | None, ...]]] = {}
        """The marks (`Marks.marks`) each top row's unit and options were last reported with."""
        self._rows_of: dict[tuple[int, bool], list[int]] = {}
        """The top rows of each unit ((id, Reinforcements))."""
        self._every_row_due = True
        """Whether the next `set_marks` looks at every row (the rows were made again since the last)."""
        self._season: SeasonPack | None = None
        self._season_words: dict[int, str] = {}
        self.weapons = WeaponBook()
        """The weapon profiles of the army's data: an option's tooltip shows those it carries."""
        self._looks = _Looks()
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
        """Titles and cells in the current language (and the current scheme's colours: a new theme comes as a
        language change)."""
        self.set_titles(tr("Unit"), tr("Type"), tr("AVA"), tr("SWC"), tr("Pts", context="points column"))
        if self._entries:  # categories are searched in the current language; distances in the chosen units
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

    @property
    def marks(self) -> Marks:
        return self._marks

    def set_army(self, army: Army | None, reinforcement: bool = False) -> None:
        """Show `army`'s units (the views see one reset). The same army again (a new language or theme) keeps
        the marks it shows; another one shows none until `set_marks`."""
        same = army is not None and army is self._army and reinforcement == self._reinforcement
        entries = unit_entries(army, reinforcement) if army else []
        self.beginResetModel()
        blocked = self.blockSignals(True)  # the reset stands for every row removed and added
        try:
            self._army = army
            self._reinforcement = reinforcement
            self._entries = entries
            self._shown = {}
            self._shown_rows = {}
            self._rows_of = {}
            for row, entry in enumerate(entries):
                self._rows_of.setdefault((entry.unit.id, entry.reinforcement), []).append(row)
            self._every_row_due = True
            self._update_season_words()
            self._looks = _Looks()  # the scheme's colours now
            # the items are made by Qt (from the prototype) as their roles are set: items made in Python would
            # each keep a wrapper alive, ~2,100 objects more for the garbage collector per army shown
            self.setRowCount(0)
            self.setRowCount(len(entries))
            for row, entry in enumerate(entries):
                mark, option_marks = self._marks.marks(entry) if same else (None, (None,) * len(entry.options))
                self._shown[(row, 0)] = mark
                for column, values in enumerate(self._unit_cells(entry, mark)):
                    index = self.index(row, column)
                    self.setItemData(index, values)
                    self.itemFromIndex(index).setFlags(UNIT_FLAGS)
                top = self.index(row, 0)
                unit_item = self.itemFromIndex(top)
                unit_item.setColumnCount(len(Column))
                unit_item.setRowCount(len(entry.options))
                for child, option in enumerate(entry.options):
                    self._shown[(row, child + 1)] = option_marks[child]
                    for column, values in enumerate(self._option_cells(entry, option, option_marks[child])):
                        self.setItemData(self.index(child, column, top), values)
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def set_marks(self, marks: Marks) -> None:
        """Grey what the list has used up (see `Marks`); only rows whose mark changed are written and reported.
        Marks that took the others' from the marks shown (`marks_for`) are looked at for their other units alone."""
        stale = None if self._every_row_due else marks.changed_since(self._marks)
        self._marks = marks
        self._every_row_due = False
        entries = self._entries
        looked_at = range(len(entries)) if stale is None else \
            sorted(row for unit in stale for row in self._rows_of.get(unit, ()))
        last = len(Column) - 1
        shown = self._shown
        rows = self._shown_rows
        root = self.invisibleRootItem()
        for row in looked_at:
            entry = entries[row]
            found = marks.marks(entry)
            if rows.get(row) is found:
                continue  # the marks kept from the report before (`marks_for`): the row shows them already
            rows[row] = found
            mark, option_marks = found
            unit_item = root.child(row, 0)
            if shown.get((row, 0), None) != mark:
                shown[(row, 0)] = mark
                self._quietly(self._write_marks, root, row, self._unit_marks(entry.unit, mark))
                self.dataChanged.emit(self.top_index(row), self.top_index(row, last), MARK_ROLES)
            changed = []
            for child, mark in enumerate(option_marks):
                if shown.get((row, child + 1), None) != mark:
                    shown[(row, child + 1)] = mark
                    self._quietly(self._write_marks, unit_item, child, self._option_marks(mark))
                    changed.append(child)
            if changed:
                self.dataChanged.emit(self.child_index(row, changed[0]), self.child_index(row, changed[-1], last),
                                      MARK_ROLES)

    def _quietly(self, write: Callable[..., None], *args: Any) -> None:
        """Write items without telling the views (the caller tells them once for a run of rows)."""
        blocked = self.blockSignals(True)
        try:
            write(*args)
        finally:
            self.blockSignals(blocked)

    @staticmethod
    def _write_marks(parent: QStandardItem, row: int, marked: Cells) -> None:
        """Give the cells of `parent`'s row `row` the roles of `marked` (None: the role goes)."""
        for column, values in enumerate(marked):
            item = parent.child(row, column)
            for role, value in values.items():
                item.setData(value, role)

    # ----- the cells -----------------------------------------------------------------------------------------
    def _unit_cells(self, entry: UnitEntry, mark: str | None) -> Cells:
        """What a unit's row shows, with the unit's `mark`."""
        unit = entry.unit
        points = [o.points for o in entry.options]
        texts = (unit.name, entry.type.value if entry.type else "", ava_text(unit) if unit.main_profile else "-",
                 swc_range([o.swc_halves for o in entry.options]), cost_range(points))
        cells: Cells = []
        for column, (text, marked) in enumerate(zip(texts, self._unit_marks(unit, mark), strict=True)):
            values: dict[int, Any] = {DISPLAY: text, SORT: min(points) if column == Column.POINTS else text}
            if column == Column.NAME:
                values[KIND], values[UNIT_ID] = "unit", unit.id
            else:
                values[ALIGNMENT] = RIGHT if column == Column.POINTS else CENTER
            values.update(marked)
            cells.append(_set(values))
        return cells

    def _option_cells(self, unit: UnitEntry, entry: OptionEntry, mark: str | None) -> Cells:
        """What the row of the option `entry` of `unit` shows, with the option's `mark`."""
        name: dict[int, Any] = {DISPLAY: entry.text, SORT: entry.text, KIND: "option", UNIT_ID: unit.unit.id,
                                OPTION_KEY: (unit.unit.id, *entry.key)}
        if entry.lieutenant:
            name[DECORATION] = icons.lieutenant_icon()
        cells = [name, {DISPLAY: "", ALIGNMENT: CENTER}, {DISPLAY: "", ALIGNMENT: CENTER},
                 {DISPLAY: swc_text(entry.swc_halves), SORT: entry.swc_halves, ALIGNMENT: CENTER},
                 {DISPLAY: str(entry.points), SORT: entry.points, ALIGNMENT: RIGHT}]
        for values, marked in zip(cells, self._option_marks(mark), strict=True):
            values.update(marked)
        return [_set(values) for values in cells]

    def _unit_marks(self, unit: Unit, mark: str | None) -> Cells:
        """The roles of a unit row's cells that its mark sets (None: the cell has none)."""
        looks = self._looks
        colour = looks.muted if mark is not None else looks.mercenary if unit.mercenary else None
        name = {FOREGROUND: colour, FONT: looks.italic if unit.mercenary or mark is not None else None, MARK: mark}
        return [name, *({FOREGROUND: colour} for _ in range(len(Column) - 1))]

    def _option_marks(self, mark: str | None) -> Cells:
        """The roles of an option row's cells that its mark sets (None: the cell has none)."""
        looks = self._looks
        marked = mark is not None
        name = {FOREGROUND: looks.muted if marked else looks.info, FONT: looks.italic if marked else None, MARK: mark}
        return [name, *({FOREGROUND: looks.muted if marked else None} for _ in range(len(Column) - 1))]

    # ----- rows ----------------------------------------------------------------------------------------
    def top_index(self, row: int, column: int = 0) -> QModelIndex:
        return self.index(row, column)

    def child_index(self, top_row: int, row: int, column: int = 0) -> QModelIndex:
        return self.index(row, column, self.index(top_row, 0))

    def entry(self, index: Index) -> tuple[UnitEntry | None, OptionEntry | None]:
        if not index.isValid():
            return None, None
        parent = index.parent()
        if not parent.isValid():
            return self._entries[index.row()], None
        unit = self._entries[parent.row()]
        return unit, unit.options[index.row()]

    def unit_index(self, unit_id: int) -> QModelIndex:
        for row, entry in enumerate(self._entries):
            if entry.unit.id == unit_id:
                return self.index(row, 0)
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

    # ----- tooltips --------------------------------------------------------------------------------------
    def tooltip(self, index: Index) -> str:
        """What a row says when hovered (any column of it): the unit or option, what the list uses of its AVA
        and, when it no longer fits, what it costs against what is left."""
        unit, option = self.entry(index)
        if unit is None:
            return ""
        if option is None:
            return self._unit_tooltip(unit)
        return self._option_tooltip(unit, option, self._marks.marks(unit)[1][index.row()])

    def _unit_tooltip(self, entry: UnitEntry) -> str:
        parts = [f"<b>{entry.unit.name}</b>"]
        if entry.type:
            parts.append(type_name(entry.type))
        categories = self.categories(entry)
        if categories:
            parts.append(" · ".join(category_name(c) for c in categories))
        uses = [u for g in {g for o in entry.options for g in o.ava_groups}
                if (u := self._marks.use(entry, g)) is not None and u.used]
        parts += [ava_line(u) for u in uses]
        if self._marks.unit_mark(entry) == "fit":
            parts.append(tr("None of its options fits in the points and SWC left."))
        if entry.unit.mercenary:
            parts.append(tr("Mercenary: only with the Soldiers of Fortune extra"))
        if entry.reinforcement:
            parts.append(tr("Reinforcements: it goes to a Reinforcements group"))
        return "<br>".join(parts)

    def _option_tooltip(self, unit: UnitEntry, entry: OptionEntry, mark: str | None) -> str:
        lines = [f"<b>{unit.unit.name}</b> — {entry.option.name}", entry.text,
                 tr("{points}, {swc}", points=trn("{n} point", "{n} points", entry.points),
                    swc=tr("{swc} SWC", swc=swc_text(entry.swc_halves)))]
        use = self._marks.ava_of(unit, entry)
        if use is not None and use.used:
            lines.append(ava_line(use))
        room = self._marks.room(unit)
        if mark == "fit" and room is not None:
            lines.append(fit_line(entry, room))
        lines.append(add_hint())
        names = [n for c in carried_weapons(unit.unit, entry.key[0], entry.option) for n in c.names]
        return "<br>".join(lines) + self.weapons.tooltip(names)


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
        self.fits_only = False
        """Only options that fit the points and SWC left (and AVA) are shown (the model's marks say)."""
        self.setSortRole(Role.SORT)
        self.setDynamicSortFilter(False)

    def set_text(self, text: str) -> None:
        self._words = _fold(text).split()
        self.refilter()

    @property
    def searching(self) -> bool:
        return bool(self._words)

    def refilter(self) -> None:
        self.invalidate()

    def _source(self) -> UnitTreeModel:
        model = self.sourceModel()
        assert isinstance(model, UnitTreeModel)
        return model

    def _unit_passes(self, unit: UnitEntry) -> bool:
        if unit.unit.mercenary and not self.mercenaries:
            return False
        if self.unit_type is not None and unit.type != self.unit_type:
            return False
        return self.category is None or self.category in self._source().categories(unit)

    def _option_passes(self, unit: UnitEntry, option: OptionEntry, marks: Callable[[UnitEntry, OptionEntry],
                                                                                  str | None]) -> bool:
        if self.lieutenant and not option.lieutenant:
            return False
        if self.hacker and not option.hacker:
            return False
        if self.fits_only and marks(unit, option) == "fit":
            return False
        added = self._source().season_words(unit)
        return all(w in unit.search or w in option.search or w in added for w in self._words)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self._source()
        marks = model.marks.option_mark
        if not source_parent.isValid():
            unit = model.entries[source_row]
            return self._unit_passes(unit) and any(self._option_passes(unit, o, marks) for o in unit.options)
        unit = model.entries[source_parent.row()]
        return self._unit_passes(unit) and self._option_passes(unit, unit.options[source_row], marks)

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(Role.SORT), right.data(Role.SORT)
        if isinstance(a, int) and isinstance(b, int):
            return a < b
        return _fold(str(a or "")) < _fold(str(b or ""))
