"""The list editor's model: combat groups → troopers → their peripherals, read from the document.

The rows are Qt's own items (a QStandardItemModel): what each cell shows, in every role, is worked out
in Python once — when its trooper, costs, problems or fireteam badge change — and kept in the item, so the
view paints and measures its rows without calling back into Python for each cell and role.

Edits made through the view (drag and drop, the option editor) are handed to the document, which
pushes an undoable command. After each edit the model updates itself in place: rows that appeared or
went are inserted or removed, a trooper that changed place is taken out and put back with its
peripherals (`about_to_update` and `list_updated` let the list editor keep the selection across), and only
the rows whose contents changed are written again. Only opening or closing a list resets the model.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

import shiboken6
from PySide6.QtCore import QMimeData, QModelIndex, QObject, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QStandardItem, QStandardItemModel

from armybuilder.domain.lists import CombatGroup, Trooper
from armybuilder.domain.profiles import Army, readable_name
from armybuilder.domain.roster import IncludedTrooper, ResolvedTrooper, resolve_trooper
from armybuilder.gui import icons
from armybuilder.gui.document import ListDocument
from armybuilder.gui.fireteams.state import team_colour, team_label
from armybuilder.gui.fonts import bold_font, italic_font
from armybuilder.gui.labels import item_label, option_text, short_name, swc_text
from armybuilder.gui.models import CENTER, FIRST_ROLE, OPTION_MIME, RIGHT, TROOPER_MIME
from armybuilder.gui.models.stored import (
    ALIGNMENT,
    DECORATION,
    DISPLAY,
    FONT,
    FOREGROUND,
    SIZE,
    TOOLTIP,
    Cells,
    new_row,
    write,
)
from armybuilder.gui.weapons import carried_weapons
from armybuilder.i18n import render, tr
from armybuilder.rules.fireteams.assess import type_name

Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    NAME = 0
    OPTION = 1
    SWC = 2
    POINTS = 3


class Role(IntEnum):
    KIND = FIRST_ROLE
    """'group', 'trooper' or 'peripheral'."""
    UID = FIRST_ROLE + 1
    """The trooper's uid (a peripheral's: its controller's)."""
    COMBAT_GROUP = FIRST_ROLE + 2
    LIEUTENANT = FIRST_ROLE + 3
    PROBLEM = FIRST_ROLE + 4
    """'error', 'warning' or None: the worst violation that names this trooper."""
    OPTIONS = FIRST_ROLE + 5
    """[(label, (group, option))…]: the options a trooper can be changed to."""
    CURRENT_OPTION = FIRST_ROLE + 6
    """(group, option) of a trooper."""
    FIRETEAM = FIRST_ROLE + 7
    """(colour, badge text, legal) of the fireteam a trooper is in, or None."""
    REINFORCEMENT = FIRST_ROLE + 8
    """Whether the row belongs to a Reinforcements group."""


Sizer = Callable[[Cells, int], list[QSize]]
"""The sizes of a row's cells, from what they show and how deep the row is (0: a combat group)."""
FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDropEnabled
DRAG_FLAGS = FLAGS | Qt.ItemFlag.ItemIsDragEnabled
FIGURES = {Column.SWC: CENTER, Column.POINTS: RIGHT}
KEPT_ROWS = 8
"""Rows of troopers that left the list kept to be put back (`ListTreeModel._taken`)."""


def _drop(items: list[QStandardItem]) -> None:
    """Delete the items of a row taken out of the model: `takeRow` hands them over without an owner (Qt's
    nor Python's), so dropping the last Python reference would leave them, and the peripherals' rows under
    the first, allocated for the rest of the session."""
    for item in items:
        if shiboken6.isValid(item):
            shiboken6.delete(item)


@dataclass(frozen=True)
class ListChanges:
    """What an in-place update did, for the view: troopers that appeared and that went (with the
    combat group and row each had), in list order."""

    inserted: tuple[str, ...] = ()
    removed: tuple[tuple[str, int, int], ...] = ()
    written: bool = True
    """Whether any row's cells were written again (False: only tooltips, or nothing, changed in place)."""


class ListTreeModel(QStandardItemModel):
    """Combat groups with their troopers; a trooper's peripherals are its children."""

    list_updated = Signal(object)
    """ListChanges: emitted after an in-place update (not after a reset)."""
    about_to_update = Signal()
    """An in-place update starts (rows may be taken out and put back: the view keeps its selection)."""

    def __init__(self, document: ListDocument, parent: QObject | None = None) -> None:
        super().__init__(0, len(Column), parent)
        self._document = document
        self.invisibleRootItem().setFlags(Qt.ItemFlag.ItemIsDropEnabled)
        self._group_rows: dict[int, QStandardItem] = {}
        self._trooper_rows: dict[str, QStandardItem] = {}
        self._groups: dict[int, CombatGroup] = {}
        self._troopers: dict[str, tuple[Trooper, CombatGroup]] = {}
        self._problems: dict[str, str] = {}
        self._messages: dict[str, list[tuple[str, bool]]] = {}
        self._teams: dict[str, tuple[str, str, bool, str]] = {}
        self._signatures: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self._options_of: dict[tuple[int, int], list[tuple[str, tuple[int, int]]]] = {}
        self._options_army: dict[tuple[int, int], Army] = {}
        self._sizer: Sizer | None = None
        self._written = False
        self._figures: dict[tuple[Any, ...], tuple[int, int]] = {}
        """The widths of each row's SWC and points cells (as measured, by the row's key: see `_rows`)."""
        self._taken: dict[str, tuple[list[QStandardItem], tuple[Any, ...], object,
                                     dict[tuple[Any, ...], tuple[int, int]]]] = {}
        """Rows of troopers that left the list lately (their items and what they showed, by uid): a trooper
        back as it went (a redo of its adding, an undo of its removal) gets its row back as it was."""
        self.retranslate()
        self._read_list()
        self._build()
        document.list_changed.connect(self._on_list_changed)

    def retranslate(self) -> None:
        self._signatures = {}  # every row's text changes language: all are written at the next update
        self._options_of = {}
        self._drop_taken()
        self.setHorizontalHeaderLabels([tr("Trooper"), tr("Option"), tr("SWC"), tr("Pts", context="points column")])
        for column, alignment in FIGURES.items():
            self.setHeaderData(column, Qt.Orientation.Horizontal, alignment, Qt.ItemDataRole.TextAlignmentRole)

    # ----- reading the document ----------------------------------------------------------------
    def _read_list(self) -> None:
        """Refresh the lookups the rows are made from: groups, troopers, problems and fireteam badges."""
        army_list = self._document.army_list
        groups = army_list.groups if army_list else ()
        self._groups = {g.number: g for g in groups}
        self._troopers = {t.uid: (t, g) for g in groups for t in g.troopers}
        report = self._document.report
        self._problems = {}
        self._messages = {}
        if report is not None:
            for violation in report.violations:
                if not violation.troopers:
                    continue
                message = violation.message  # in the current language, once per update
                for uid in violation.troopers:
                    if self._problems.get(uid) != "error":
                        self._problems[uid] = violation.severity
                    self._messages.setdefault(uid, []).append((message, violation.is_error))
        self._teams = {}
        illegal = {v.params.get("fireteam") for v in report.violations if v.is_error} if report else set()
        for number, team in enumerate(army_list.fireteams if army_list else ()):
            kind = render(type_name(team.type)).upper()
            entry = (team_colour(number), kind, team.uid not in illegal, team_label(team))
            for uid in team.members:
                self._teams.setdefault(uid, entry)

    def _wanted(self) -> list[tuple[int, list[tuple[str, int]]]]:
        """The tree the list asks for: [(group number, [(uid, peripheral count)…])…]."""
        army_list = self._document.army_list
        return [(g.number, [(t.uid, len(self._peripherals(self._document.resolved(t.uid)))) for t in g.troopers])
                for g in (army_list.groups if army_list else ())]

    @staticmethod
    def _peripherals(resolved: ResolvedTrooper | None) -> list[IncludedTrooper]:
        if resolved is None:
            return []
        return [inc for inc in resolved.peripherals for _ in range(inc.quantity)]

    # ----- rows --------------------------------------------------------------------------------
    def set_sizer(self, sizer: Sizer | None) -> None:
        """Who measures the cells (the view: its columns' widths and font); the sizes are stored with the
        cells, so the view lays its rows out without asking Python. Every row is measured now."""
        self._sizer = sizer
        self.remeasure()

    def _sized(self, cells: Cells, depth: int, key: tuple[Any, ...]) -> Cells:
        if self._sizer is not None:
            sizes = self._sizer(cells, depth)
            for values, size in zip(cells, sizes, strict=True):
                values[SIZE] = size
            self._figures[key] = (sizes[Column.SWC].width(), sizes[Column.POINTS].width())
        return cells

    def figure_widths(self) -> dict[tuple[Any, ...], tuple[int, int]]:
        """The widths of every row's SWC and points cells, by the row's key (as `_rows` gives it): the list
        editor fits those columns to them without reading the rows."""
        return self._figures

    def remeasure(self) -> None:
        """Measure every row again (a column's width changed). The view is not told: it is to lay its rows
        out again (`scheduleDelayedItemsLayout`), which reads the new sizes."""
        self._drop_taken()  # measured for other widths
        if self._sizer is None:
            return
        blocked = self.blockSignals(True)
        try:
            for key, first in self._rows():
                items = self._row_items(first)
                cells = [dict(self.itemData(item.index())) if item is not None else {} for item in items]
                sizes = self._sizer(cells, len(key) - 1 if key[0] != "group" else 0)
                for item, size in zip(items, sizes, strict=True):
                    if item is not None:
                        item.setData(size, SIZE)
                self._figures[key] = (sizes[Column.SWC].width(), sizes[Column.POINTS].width())
        finally:
            self.blockSignals(blocked)

    def _row_items(self, first: QStandardItem) -> list[QStandardItem]:
        """The items of the row whose first column is `first`."""
        parent = first.parent() or self.invisibleRootItem()
        row = first.row()
        return [first, *(parent.child(row, column) for column in range(1, len(Column)))]

    def _make_group(self, number: int) -> list[QStandardItem]:
        row = new_row(self._sized(self._group_cells(number), 0, ("group", number)), FLAGS)
        self._group_rows[number] = row[0]
        self._signatures[("group", number)] = self._group_signature(number)
        return row

    def _make_trooper(self, uid: str, peripherals: int) -> list[QStandardItem]:
        row = new_row(self._sized(self._trooper_cells(uid), 1, ("trooper", uid)), self._trooper_flags(uid))
        self._trooper_rows[uid] = row[0]
        self._signatures[("trooper", uid)] = self._trooper_signature(uid)
        for position in range(peripherals):
            row[0].appendRow(self._make_peripheral(uid, position))
        return row

    def _make_peripheral(self, uid: str, position: int) -> list[QStandardItem]:
        self._signatures[("peripheral", uid, position)] = self._trooper_signature(uid)
        return new_row(self._sized(self._peripheral_cells(uid, position), 2, ("peripheral", uid, position)), DRAG_FLAGS)

    def _trooper_flags(self, uid: str) -> list[Qt.ItemFlag]:
        drag = DRAG_FLAGS
        resolved = self._document.resolved(uid)
        editable = drag | Qt.ItemFlag.ItemIsEditable if resolved is not None and resolved.specops is None else drag
        # a Spec-Ops changes through its own dialog
        return [editable if column == Column.OPTION else drag for column in Column]

    def _forget(self, item: QStandardItem) -> None:
        """Drop the lookups of a row about to be removed (and of its children)."""
        kind = item.data(Role.KIND)
        uid = item.data(Role.UID)
        if kind == "group":
            number = int(item.data(Role.COMBAT_GROUP))
            if self._group_rows.get(number) is item:
                del self._group_rows[number]
            self._signatures.pop(("group", number), None)
            self._figures.pop(("group", number), None)
            for row in range(item.rowCount()):
                child = item.child(row, 0)
                if child is not None:
                    self._forget(child)
        elif kind == "trooper" and self._trooper_rows.get(str(uid)) is item:
            del self._trooper_rows[str(uid)]
            self._signatures.pop(("trooper", uid), None)
            self._figures.pop(("trooper", uid), None)
            for position in range(item.rowCount()):
                self._signatures.pop(("peripheral", uid, position), None)
                self._figures.pop(("peripheral", uid, position), None)

    def _build(self) -> None:
        """Make every row afresh (at start and when another list is opened)."""
        root = self.invisibleRootItem()
        root.removeRows(0, root.rowCount())
        self._group_rows, self._trooper_rows, self._signatures = {}, {}, {}
        self._drop_taken()
        self._figures = {}
        for number, troopers in self._wanted():
            group = self._make_group(number)
            root.appendRow(group)
            for uid, count in troopers:
                group[0].appendRow(self._make_trooper(uid, count))

    def _on_list_changed(self) -> None:
        if self._document.replacing:
            self.beginResetModel()
            blocked = self.blockSignals(True)  # one reset stands for every row made again
            try:
                self._read_list()
                self._build()
            finally:
                self.blockSignals(blocked)
            self.endResetModel()
            return
        self.about_to_update.emit()
        before = {uid: (int(item.parent().data(Role.COMBAT_GROUP)), item.row())
                  for uid, item in self._trooper_rows.items() if item.parent() is not None}
        self._read_list()
        self._update()
        inserted = tuple(uid for uid in self._document.uids_in_order() if uid not in before)
        removed = tuple((uid, group, row) for uid, (group, row) in before.items() if uid not in self._trooper_rows)
        self.list_updated.emit(ListChanges(inserted, removed, self._written))

    def _update(self) -> None:
        """Bring the rows in line with the list (rows inserted, removed, taken out and put back), then
        write the rows whose contents changed (costs, problems and badges can change anywhere)."""
        wanted = self._wanted()
        root = self.invisibleRootItem()
        numbers = [number for number, _ in wanted]
        # groups that are new, in their places; groups that went stay (at the end) until their
        # troopers have moved out
        for position, number in enumerate(numbers):
            item = self._group_rows.get(number)
            if item is None:
                root.insertRow(position, self._make_group(number))
            elif item.row() != position:
                root.insertRow(position, root.takeRow(item.row()))
        self._move_across(wanted)
        wanted_uids = {uid for _, troopers in wanted for uid, _ in troopers}
        for number, troopers in wanted:
            self._arrange(self._group_rows[number], troopers, wanted_uids)
        for item in [root.child(row, 0) for row in range(len(numbers), root.rowCount())]:
            if item is not None:  # groups that went: any trooper left in them left the list
                self._forget(item)
                root.removeRow(item.row())
        for _, troopers in wanted:
            for uid, count in troopers:
                self._arrange_peripherals(uid, count)
        self._write_changed()

    def _move_across(self, wanted: list[tuple[int, list[tuple[str, int]]]]) -> None:
        """Troopers that changed group: taken out (with their peripherals) and put back where they go."""
        for number, troopers in wanted:
            group = self._group_rows[number]
            for position, (uid, _) in enumerate(troopers):
                item = self._trooper_rows.get(uid)
                source = item.parent() if item is not None else None
                if item is not None and source is not None and source is not group:
                    group.insertRow(min(position, group.rowCount()), source.takeRow(item.row()))

    def _arrange(self, group: QStandardItem, troopers: list[tuple[str, int]], wanted: set[str]) -> None:
        """A group's troopers as the list has them: the ones that left the list removed, the others in
        order, the new ones inserted."""
        for row in range(group.rowCount() - 1, -1, -1):
            child = group.child(row, 0)
            if child is not None and str(child.data(Role.UID)) not in wanted:
                self._take(child)
        for position, (uid, count) in enumerate(troopers):
            item = self._trooper_rows.get(uid)
            if item is None:
                group.insertRow(position, self._taken_back(uid, count) or self._make_trooper(uid, count))
            elif item.row() != position:
                group.insertRow(position, group.takeRow(item.row()))

    def _take(self, item: QStandardItem) -> None:
        """Take a trooper's row (and its peripherals') out of the list, kept a while as it is (`_taken`)."""
        uid = str(item.data(Role.UID))
        signature = self._signatures.get(("trooper", uid))
        figures = {key: widths for key, widths in self._figures.items() if key[0] != "group" and key[1] == uid}
        self._forget(item)
        parent = item.parent() or self.invisibleRootItem()
        items = parent.takeRow(item.row())
        if signature is None:
            _drop(items)
            return
        if (replaced := self._taken.pop(uid, None)) is not None:
            _drop(replaced[0])
        self._taken[uid] = (items, signature, self._document.army, figures)
        while len(self._taken) > KEPT_ROWS:
            _drop(self._taken.pop(next(iter(self._taken)))[0])

    def _drop_taken(self) -> None:
        """Forget the rows kept of troopers that left the list (deleting their items)."""
        taken, self._taken = self._taken, {}
        for items, *_ in taken.values():
            _drop(items)

    def _taken_back(self, uid: str, peripherals: int) -> list[QStandardItem] | None:
        """The row a trooper had when it left the list, if it would show the very same now."""
        taken = self._taken.pop(uid, None)
        if taken is None:
            return None
        items, signature, army, figures = taken
        if (signature != self._trooper_signature(uid) or army is not self._document.army
                or items[0].rowCount() != peripherals):
            _drop(items)
            return None
        self._trooper_rows[uid] = items[0]
        self._signatures[("trooper", uid)] = signature
        for position in range(peripherals):
            self._signatures[("peripheral", uid, position)] = signature
        self._figures.update(figures)
        return items

    def _arrange_peripherals(self, uid: str, count: int) -> None:
        trooper = self._trooper_rows[uid]
        while trooper.rowCount() > count:
            self._signatures.pop(("peripheral", uid, trooper.rowCount() - 1), None)
            self._figures.pop(("peripheral", uid, trooper.rowCount() - 1), None)
            trooper.removeRow(trooper.rowCount() - 1)
        for position in range(trooper.rowCount(), count):
            trooper.appendRow(self._make_peripheral(uid, position))

    def _write_changed(self) -> None:
        """Write the rows that show something new (the view is told once per run of them): rows whose
        trooper, costs, problems or badge did not change are left alone, so the view re-measures only those.
        A trooper whose row changed only in the words of the problems that name it (the last part of its
        signature: "The list costs 465 points…" names the troopers to remove, and is worded again at every
        change of points) gets its new tooltip alone, and the views are told that only the tooltips changed
        (its peripherals' rows do not show the problems at all)."""
        changed: list[tuple[QStandardItem, Cells, list[Qt.ItemFlag]]] = []
        retipped: list[tuple[QStandardItem, str]] = []
        for key, first in self._rows():
            signature = self._group_signature(key[1]) if key[0] == "group" else self._trooper_signature(key[1])
            before = self._signatures.get(key)
            if before == signature:
                continue
            self._signatures[key] = signature
            words_only = key[0] != "group" and before is not None and len(before) == len(signature) > 0 \
                and before[:-1] == signature[:-1]
            if key[0] == "group":
                changed.append((first, self._sized(self._group_cells(key[1]), 0, key), [FLAGS] * len(Column)))
            elif key[0] == "trooper" and words_only:
                trooper, _ = self._troopers[key[1]]
                retipped.append((first, self._tooltip(trooper, self._document.resolved(key[1]))))
            elif key[0] == "trooper":
                changed.append((first, self._sized(self._trooper_cells(key[1]), 1, key), self._trooper_flags(key[1])))
            elif not words_only:
                changed.append((first, self._sized(self._peripheral_cells(key[1], key[2]), 2, key),
                                [DRAG_FLAGS] * len(Column)))
        self._written = bool(changed)
        if not changed and not retipped:
            return
        blocked = self.blockSignals(True)  # the views are told below, once per run of rows
        try:
            for first, cells, flags in changed:
                for column, (item, values) in enumerate(zip(self._row_items(first), cells, strict=True)):
                    if item is None:
                        continue
                    write(self, item, values, flags[column])
            for first, tip in retipped:
                for item in self._row_items(first):
                    if item is not None:
                        item.setData(tip, TOOLTIP)
        finally:
            self.blockSignals(blocked)
        self._tell_changed([first for first, _, _ in changed], [])
        self._tell_changed([first for first, _ in retipped], [TOOLTIP])

    def _tell_changed(self, firsts: list[QStandardItem], roles: list[int]) -> None:
        """dataChanged once per run of consecutive rows under the same parent, in `roles` (none: all)."""
        runs: dict[tuple[int, int], list[int]] = {}
        parents: dict[tuple[int, int], QModelIndex] = {}
        for first in firsts:
            parent = first.parent()
            parent_index = parent.index() if parent is not None else QModelIndex()
            place = (id(parent), parent_index.row() if parent is not None else -1)
            parents[place] = parent_index
            runs.setdefault(place, []).append(first.row())
        for place, rows in runs.items():
            parent_index = parents[place]
            rows.sort()
            start = previous = rows[0]
            for row in [*rows[1:], None]:
                if row is not None and row == previous + 1:
                    previous = row
                    continue
                self.dataChanged.emit(self.index(start, 0, parent_index),
                                      self.index(previous, len(Column) - 1, parent_index), roles)
                if row is not None:
                    start = previous = row

    def _rows(self) -> Iterator[tuple[tuple[Any, ...], QStandardItem]]:
        """Every row's key and first item, groups before their troopers before their peripherals."""
        root = self.invisibleRootItem()
        for g in range(root.rowCount()):
            group = root.child(g, 0)
            if group is None:
                continue
            yield ("group", int(group.data(Role.COMBAT_GROUP))), group
            for t in range(group.rowCount()):
                trooper = group.child(t, 0)
                if trooper is None:
                    continue
                uid = str(trooper.data(Role.UID))
                yield ("trooper", uid), trooper
                for p in range(trooper.rowCount()):
                    peripheral = trooper.child(p, 0)
                    if peripheral is not None:
                        yield ("peripheral", uid, p), peripheral

    # ----- what rows show ----------------------------------------------------------------------
    def _group_signature(self, number: int) -> tuple[Any, ...]:
        """What a group's row shows, from the list and its report (cheap: no Qt calls)."""
        report = self._document.report
        group = self._groups.get(number)
        totals = next((g for g in report.totals.groups if g.number == number), None) if report else None
        members = report.roster.in_group(number) if report else ()
        return (group, totals, sum(t.points for t in members), sum(t.swc_halves for t in members))

    def _trooper_signature(self, uid: str) -> tuple[Any, ...]:
        """What a trooper's row (and its peripherals') shows, from the list and its report."""
        found = self._troopers.get(uid)
        if found is None:
            return ()
        trooper, group = found
        resolved = self._document.resolved(uid)
        costs = (resolved.unit.id, resolved.option.id, resolved.points, resolved.swc_halves,
                 resolved.is_lieutenant, len(resolved.peripherals)) if resolved is not None else None
        return (trooper, group.number, group.reinforcement, costs, self._problems.get(uid), self._teams.get(uid),
                tuple(self._messages.get(uid, ())))

    def _group_cells(self, number: int) -> Cells:
        group = self._groups.get(number)
        common: dict[int, Any] = {Role.KIND: "group", Role.COMBAT_GROUP: number}
        if group is None:
            return [dict(common) for _ in Column]
        common[Role.REINFORCEMENT] = group.reinforcement
        report = self._document.report
        totals = next((g for g in report.totals.groups if g.number == number), None) if report else None
        common[FONT] = bold_font()
        if totals is not None and totals.troopers > totals.limit:
            common[FOREGROUND] = QBrush(icons.ERROR_COLOR)
        elif group.reinforcement:
            common[FOREGROUND] = QBrush(icons.REINFORCEMENT_COLOR)
        lines = [tr("{count} of {limit} troopers", count=totals.troopers, limit=totals.limit)] if totals else []
        if group.reinforcement:
            lines.append(tr("A Reinforcements group: only units of the army's Reinforcements list."))
        if lines:
            common[TOOLTIP] = "\n".join(lines)
        cells = [dict(common) for _ in Column]
        title = (tr("Reinforcements {number}", number=number) if group.reinforcement
                 else tr("Combat Group {number}", number=number))
        cells[Column.NAME][DISPLAY] = f"{title}  ({totals.troopers}/{totals.limit})" if totals is not None else title
        if report is not None:
            members = report.roster.in_group(number)
            cells[Column.SWC][DISPLAY] = swc_text(sum(t.swc_halves for t in members))
            cells[Column.POINTS][DISPLAY] = str(sum(t.points for t in members))
        for column, alignment in FIGURES.items():
            cells[column][ALIGNMENT] = alignment
        return cells

    def _trooper_cells(self, uid: str) -> Cells:
        trooper, group = self._troopers[uid]
        resolved = self._document.resolved(uid)
        problem = self._problems.get(uid)
        team = self._teams.get(uid)
        common: dict[int, Any] = {
            Role.KIND: "trooper", Role.UID: uid, Role.COMBAT_GROUP: group.number,
            Role.REINFORCEMENT: group.reinforcement, Role.LIEUTENANT: bool(resolved and resolved.is_lieutenant),
            Role.CURRENT_OPTION: (trooper.group, trooper.option), Role.OPTIONS: self._options(resolved),
            TOOLTIP: self._tooltip(trooper, resolved),
        }
        if problem is not None:
            common[Role.PROBLEM] = problem
        if team is not None:
            common[Role.FIRETEAM] = team[:3]
        if problem == "error":
            common[FOREGROUND] = QBrush(icons.ERROR_COLOR)
        if resolved is not None and resolved.is_lieutenant:
            common[FONT] = bold_font()
        cells = [dict(common) for _ in Column]
        if resolved is None:
            texts = [tr("Unknown unit {unit}", unit=trooper.unit), "", "?", "?"]
        else:
            loadout = option_text(resolved.unit, resolved.option)
            if resolved.specops is not None:
                loadout = tr("Spec-Ops ({xp} XP): {loadout}", xp=resolved.specops.xp, loadout=loadout)
            texts = [short_name(resolved.unit), loadout, swc_text(resolved.swc_halves), str(resolved.points)]
        for column, text in zip(Column, texts, strict=True):
            cells[column][DISPLAY] = text
        if problem is not None:
            cells[Column.NAME][DECORATION] = icons.mark(problem)
            if resolved is not None and resolved.is_lieutenant:
                cells[Column.OPTION][DECORATION] = icons.lieutenant_icon()
        elif resolved is not None and resolved.is_lieutenant:
            cells[Column.NAME][DECORATION] = icons.lieutenant_icon()
        if resolved is not None and resolved.unit.mercenary:  # an M badge, brown italics as in the browser
            cells[Column.OPTION if DECORATION in cells[Column.NAME] else Column.NAME].setdefault(
                DECORATION, icons.mercenary_icon())
            cells[Column.NAME][FONT] = italic_font(bold=bool(resolved.is_lieutenant))
            if problem != "error":
                cells[Column.NAME][FOREGROUND] = QBrush(icons.MERCENARY_COLOR)
        for column, alignment in FIGURES.items():
            cells[column][ALIGNMENT] = alignment
        return cells

    def _peripheral_cells(self, uid: str, position: int) -> Cells:
        _, group = self._troopers[uid]
        resolved = self._document.resolved(uid)
        common: dict[int, Any] = {Role.KIND: "peripheral", Role.UID: uid, Role.COMBAT_GROUP: group.number,
                                  Role.REINFORCEMENT: group.reinforcement}
        peripherals = self._peripherals(resolved)
        if position >= len(peripherals):
            return [dict(common) for _ in Column]
        included = peripherals[position]
        profile = included.profile
        common[FOREGROUND] = QBrush(icons.INFO_COLOR)
        common[TOOLTIP] = tr("Peripheral of {controller}: it moves with its controller.",
                             controller=resolved.unit.name if resolved else "")
        cells = [dict(common) for _ in Column]
        cells[Column.NAME][DISPLAY] = profile.display_name if profile else readable_name(included.group.name)
        cells[Column.OPTION][DISPLAY] = tr("Peripheral")
        return cells

    def _options(self, resolved: ResolvedTrooper | None) -> list[tuple[str, tuple[int, int]]]:
        """The options a trooper can be changed to, with their costs (the same for every trooper of a unit)."""
        if resolved is None:
            return []
        key = (id(resolved.army), resolved.unit.id)
        known = self._options_of.get(key)
        if known is None or self._options_army.get(key) is not resolved.army:
            known = self._options_of[key] = _options_of(resolved.army, resolved)
            self._options_army[key] = resolved.army
        return known

    def _tooltip(self, trooper: Trooper, resolved: ResolvedTrooper | None) -> str:
        if resolved is None:
            return tr("This trooper is not in the army's data (unit {unit}, option {option}).",
                      unit=trooper.unit, option=trooper.option)
        lines = [f"<b>{html.escape(resolved.unit.name)}</b> — {html.escape(resolved.option.name)}"]
        items = [item_label(i) for i in (*resolved.option.weapons, *resolved.option.skills, *resolved.option.equipment)]
        if items:
            lines.append(", ".join(items))
        if resolved.is_lieutenant:
            lines.append(tr("Lieutenant"))
        if resolved.unit.mercenary:
            lines.append(html.escape(tr("Mercenary: only with the Soldiers of Fortune extra")))
        team = self._teams.get(trooper.uid)
        if team is not None:
            lines.append(f"<span style='color:{team[0]}'>■</span> " + html.escape(tr("Fireteam: {team}", team=team[3])))
        for message, is_error in self._messages.get(trooper.uid, ()):
            color = (icons.ERROR_COLOR if is_error else icons.WARNING_COLOR).name()
            lines.append(f"<span style='color:{color}'>{html.escape(message)}</span>")
        names = [n for c in carried_weapons(resolved.unit, trooper.group, resolved.option) for n in c.names]
        return "<br>".join(lines) + self._document.weapons().tooltip(names)

    # ----- lookups for views -------------------------------------------------------------------
    @property
    def has_fireteams(self) -> bool:
        """Whether any row shows a fireteam badge (`Role.FIRETEAM`)."""
        return bool(self._teams)

    def trooper_index(self, uid: str, column: int = 0) -> QModelIndex:
        item = self._trooper_rows.get(uid)
        if item is None:
            return QModelIndex()
        index = item.index()
        return index if column == 0 else index.siblingAtColumn(column)

    def group_index(self, number: int) -> QModelIndex:
        item = self._group_rows.get(number)
        return item.index() if item is not None else QModelIndex()

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """A trooper's option chosen in the view's option editor: the document changes it."""
        if (not index.isValid() or index.data(Role.KIND) != "trooper" or index.column() != Column.OPTION
                or role != Qt.ItemDataRole.EditRole):
            return False
        try:
            group, option = (int(v) for v in value)
        except (TypeError, ValueError):
            return False
        self._document.change_option(str(index.data(Role.UID)), group, option)
        return True

    # ----- drag and drop -----------------------------------------------------------------------
    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [TROOPER_MIME, OPTION_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        uids = dict.fromkeys(str(index.data(Role.UID)) for index in indexes
                             if index.isValid() and index.data(Role.KIND) in ("trooper", "peripheral"))
        data = QMimeData()
        data.setData(TROOPER_MIME, json.dumps(list(uids)).encode())
        return data

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index) -> bool:
        """Troopers and options drop only into groups of their own section: the main army's into
        combat groups, the Reinforcements army's into Reinforcements groups."""
        if not self._document.has_list:
            return False
        if data.hasFormat(TROOPER_MIME):
            uids = _trooper_uids(data)
            if uids is None:
                return False
            sections = {self._troopers[u][1].reinforcement for u in uids if u in self._troopers}
        elif data.hasFormat(OPTION_MIME):
            key = _option_key(data)
            if key is None:
                return False
            sections = {key[3]}
        else:
            return False
        number, _ = self.drop_target(row, parent)
        target = self._groups.get(number)
        reinforcement = target.reinforcement if target is not None else False
        return sections == {reinforcement}

    def drop_target(self, row: int, parent: Index) -> tuple[int, int | None]:
        """(combat group number, row in it) for a drop at `row` under `parent`."""
        root = self.invisibleRootItem()
        groups = [int(root.child(g, 0).data(Role.COMBAT_GROUP)) for g in range(root.rowCount())]
        if not parent.isValid():
            if not groups:
                return 1, None
            if 0 < row <= len(groups):
                return groups[row - 1], None
            if row == 0:
                return groups[0], 0
            return groups[-1], None
        index = self.index(parent.row(), 0, parent.parent())
        if index.data(Role.KIND) == "peripheral":
            index = index.parent()
        if index.data(Role.KIND) == "group":
            return int(index.data(Role.COMBAT_GROUP)), (row if row >= 0 else None)
        return int(index.data(Role.COMBAT_GROUP)), index.row() + 1

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        number, position = self.drop_target(row, parent)
        if data.hasFormat(TROOPER_MIME):
            uids = _trooper_uids(data) or []
            self._document.move_troopers(uids, number, position)
            return False  # the document already moved them: the view must not remove any rows
        key = _option_key(data)
        if key is None:
            return False
        unit, group, option, reinforcement = key
        return self._document.add_trooper(unit, group, option, number, position, reinforcement) is not None


def _options_of(army: Army, resolved: ResolvedTrooper) -> list[tuple[str, tuple[int, int]]]:
    """A unit's options as the option editor lists them: name, cost and SWC of each."""
    result = []
    place = CombatGroup(number=1)
    for group, option in resolved.unit.selectable_options():
        key = (group.id if group else 0, option.id)
        cost = resolve_trooper(army, place, Trooper(uid="x", unit=resolved.unit.id, group=key[0], option=key[1]))
        points, swc = (cost.points, swc_text(cost.swc_halves)) if isinstance(cost, ResolvedTrooper) else (
            option.points, str(option.swc))
        label = tr("{option} — {points} pts, {swc} SWC", option=option_text(resolved.unit, option),
                   points=points, swc=swc)
        if group is not None and len(resolved.unit.profile_groups) > 1 and group.name:
            label = f"{group.name}: {label}"
        result.append((label, key))
    return result


def _trooper_uids(data: QMimeData) -> list[str] | None:
    try:
        return [str(u) for u in json.loads(bytes(data.data(TROOPER_MIME).data()).decode())]
    except (ValueError, TypeError, UnicodeDecodeError):
        return None


def _option_key(data: QMimeData) -> tuple[int, int, int, bool] | None:
    """(unit, group, option, from the Reinforcements army) of a dragged option."""
    try:
        values = json.loads(bytes(data.data(OPTION_MIME).data()).decode())
        unit, group, option = (int(v) for v in values[:3])
        return unit, group, option, bool(values[3]) if len(values) > 3 else False
    except (ValueError, TypeError, UnicodeDecodeError, IndexError):
        return None
