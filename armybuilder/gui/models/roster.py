"""The list editor's model: combat groups → troopers → their peripherals, read from the document.

Edits made through the view (drag and drop, the option editor) are handed to the document, which
pushes an undoable command. After each edit the model updates itself in place: rows that appeared,
went or moved are inserted, removed or moved (a trooper keeps its row item while it exists, keyed by
its uid), and every row's data is reported changed. So the view keeps its focus, selection, expanded
groups and any open editor across edits; only opening or closing a list resets the model.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from functools import partial
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QMimeData, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush

from armybuilder.domain.lists import CombatGroup, Trooper
from armybuilder.domain.profiles import readable_name
from armybuilder.domain.roster import IncludedTrooper, ResolvedTrooper, resolve_trooper
from armybuilder.gui import icons
from armybuilder.gui.document import ListDocument
from armybuilder.gui.fireteams.state import team_colour, team_label
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.labels import item_label, option_text, short_name, swc_text
from armybuilder.gui.models import CENTER, FIRST_ROLE, OPTION_MIME, RIGHT, ROOT, TROOPER_MIME
from armybuilder.gui.models.mixins import ColumnTitles
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


@dataclass(eq=False)
class _Item:
    """A row of the tree: a combat group (key: its number), a trooper (its uid) or one of a
    trooper's peripherals ((uid, position)). Items live as long as what they show."""

    kind: str
    key: Any
    parent: _Item | None
    id: int
    children: list[_Item] = field(default_factory=list)

    @property
    def row(self) -> int:
        return self.parent.children.index(self) if self.parent is not None else 0


@dataclass(frozen=True)
class ListChanges:
    """What an in-place update did, for the view: troopers that appeared and that went (with the
    combat group and row each had), in list order."""

    inserted: tuple[str, ...] = ()
    removed: tuple[tuple[str, int, int], ...] = ()


class ListTreeModel(ColumnTitles, QAbstractItemModel):
    """Combat groups with their troopers; a trooper's peripherals are its children."""

    list_updated = Signal(object)
    """ListChanges: emitted after an in-place update (not after a reset)."""

    def __init__(self, document: ListDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._root = _Item("root", None, None, 0)
        self._items: dict[int, _Item] = {}
        self._next_id = 1
        self._group_items: dict[int, _Item] = {}
        self._trooper_items: dict[str, _Item] = {}
        self._groups: dict[int, CombatGroup] = {}
        self._troopers: dict[str, tuple[Trooper, CombatGroup]] = {}
        self._problems: dict[str, str] = {}
        self._teams: dict[str, tuple[str, str, bool, str]] = {}
        self._signatures: dict[int, tuple[Any, ...]] = {}
        self.retranslate()
        self._read_list()
        self._build()
        document.list_changed.connect(self._on_list_changed)

    def retranslate(self) -> None:
        self._signatures = {}  # every row's text changes language: all are reported at the next update
        self.set_titles(tr("Trooper"), tr("Option"), tr("SWC"), tr("Pts", context="points column"))

    # ----- reading the document ----------------------------------------------------------------
    def _read_list(self) -> None:
        """Refresh the lookups data() reads: groups, troopers, problems and fireteam badges."""
        army_list = self._document.army_list
        groups = army_list.groups if army_list else ()
        self._groups = {g.number: g for g in groups}
        self._troopers = {t.uid: (t, g) for g in groups for t in g.troopers}
        report = self._document.report
        self._problems = {}
        if report is not None:
            for violation in report.violations:
                for uid in violation.troopers:
                    if self._problems.get(uid) != "error":
                        self._problems[uid] = violation.severity
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

    # ----- structure ---------------------------------------------------------------------------
    def _new_item(self, kind: str, key: Any, parent: _Item) -> _Item:
        item = _Item(kind, key, parent, self._next_id)
        self._next_id += 1
        self._items[item.id] = item
        if kind == "group":
            self._group_items[int(key)] = item
        elif kind == "trooper":
            self._trooper_items[str(key)] = item
        return item

    def _forget(self, item: _Item) -> None:
        for child in item.children:
            self._forget(child)
        self._items.pop(item.id, None)
        self._signatures.pop(item.id, None)
        if item.kind == "group" and self._group_items.get(item.key) is item:
            del self._group_items[item.key]
        elif item.kind == "trooper" and self._trooper_items.get(str(item.key)) is item:
            del self._trooper_items[str(item.key)]

    def _build(self) -> None:
        """Make every row afresh (at start and when another list is opened)."""
        self._root.children = []
        self._items, self._group_items, self._trooper_items = {}, {}, {}
        self._signatures = {}
        for number, troopers in self._wanted():
            group = self._new_item("group", number, self._root)
            self._root.children.append(group)
            for uid, count in troopers:
                trooper = self._new_item("trooper", uid, group)
                group.children.append(trooper)
                trooper.children = [self._new_item("peripheral", (uid, p), trooper) for p in range(count)]
        stack = list(self._root.children)
        while stack:  # what each row shows now, so that the first edit reports only what it changes
            item = stack.pop()
            self._signatures[item.id] = self._signature(item)
            stack.extend(item.children)

    def _on_list_changed(self) -> None:
        if self._document.replacing:
            self.beginResetModel()
            self._read_list()
            self._build()
            self.endResetModel()
            return
        before = {uid: (item.parent.key, item.row) for uid, item in self._trooper_items.items()
                  if item.parent is not None}
        self._read_list()
        self._update()
        inserted = tuple(uid for uid in self._document.uids_in_order() if uid not in before)
        removed = tuple((uid, int(group), row) for uid, (group, row) in before.items()
                        if uid not in self._trooper_items)
        self.list_updated.emit(ListChanges(inserted, removed))

    def _index_of(self, item: _Item) -> QModelIndex:
        if item is self._root or item.parent is None:
            return QModelIndex()
        return self.createIndex(item.row, 0, item.id)

    def _update(self) -> None:
        """Bring the rows in line with the list with row inserts, removals and moves, then say
        that every row's data changed (costs, problems and badges can change anywhere)."""
        wanted = self._wanted()
        numbers = [number for number, _ in wanted]
        # groups that are new, in their places; groups that went stay (at the end) until their
        # troopers have moved out
        self._arrange(self._root, numbers, lambda number: self._new_item("group", number, self._root),
                      remove=False)
        # troopers that changed group move across, keeping their rows (selection, editor)
        for number, troopers in wanted:
            target = self._group_items[number]
            for uid, _ in troopers:
                item = self._trooper_items.get(uid)
                if item is not None and item.parent is not target and item.parent is not None:
                    source = item.parent
                    row = item.row
                    if self.beginMoveRows(self._index_of(source), row, row, self._index_of(target),
                                          len(target.children)):
                        source.children.pop(row)
                        target.children.append(item)
                        item.parent = target
                        self.endMoveRows()
        for number, troopers in wanted:
            group = self._group_items[number]
            self._arrange(group, [uid for uid, _ in troopers], partial(self._new_item, "trooper", parent=group))
        extra = len(self._root.children) - len(numbers)
        if extra > 0:
            self.beginRemoveRows(QModelIndex(), len(numbers), len(self._root.children) - 1)
            for item in self._root.children[len(numbers):]:
                self._forget(item)
            del self._root.children[len(numbers):]
            self.endRemoveRows()
        for _, troopers in wanted:
            for uid, count in troopers:
                trooper = self._trooper_items[uid]
                self._arrange(trooper, [(uid, p) for p in range(count)],
                              partial(self._new_item, "peripheral", parent=trooper))
        self._report_changed(self._root)

    def _arrange(self, parent: _Item, keys: list[Any], make: Callable[[Any], _Item], remove: bool = True) -> None:
        """Make `parent`'s children the items of `keys`, in order: remove the others (unless
        `remove` is False: then they end up after the wanted ones), move and insert."""
        children = parent.children
        index = self._index_of(parent)
        if remove:
            wanted = set(keys)
            for row in range(len(children) - 1, -1, -1):
                if children[row].key not in wanted:
                    self.beginRemoveRows(index, row, row)
                    self._forget(children.pop(row))
                    self.endRemoveRows()
        for row, key in enumerate(keys):
            if row < len(children) and children[row].key == key:
                continue
            found = next((r for r in range(row + 1, len(children)) if children[r].key == key), None)
            if found is not None:
                if self.beginMoveRows(index, found, found, index, row):
                    children.insert(row, children.pop(found))
                    self.endMoveRows()
            else:
                self.beginInsertRows(index, row, row)
                children.insert(row, make(key))
                self.endInsertRows()

    def _report_changed(self, parent: _Item) -> None:
        """Say which rows show something new (each run of them once): rows whose trooper, costs,
        problems or badge did not change are left alone, so the view re-measures only those."""
        runs: list[tuple[int, int]] = []
        for row, child in enumerate(parent.children):
            signature = self._signature(child)
            if self._signatures.get(child.id) != signature:
                self._signatures[child.id] = signature
                if runs and runs[-1][1] == row - 1:
                    runs[-1] = (runs[-1][0], row)
                else:
                    runs.append((row, row))
        index = self._index_of(parent)
        for first, last in runs:
            self.dataChanged.emit(self.index(first, 0, index), self.index(last, len(Column) - 1, index))
        for child in parent.children:
            if child.children:
                self._report_changed(child)

    def _signature(self, item: _Item) -> tuple[Any, ...]:
        """What a row shows, from the list and its report (cheap: no Qt calls)."""
        report = self._document.report
        if item.kind == "group":
            group = self._groups.get(item.key)
            totals = next((g for g in report.totals.groups if g.number == item.key), None) if report else None
            members = report.roster.in_group(item.key) if report else ()
            return (group, totals, sum(t.points for t in members), sum(t.swc_halves for t in members))
        found = self._trooper(item)
        if found is None:
            return ()
        trooper, group = found
        resolved = self._document.resolved(trooper.uid)
        costs = (resolved.unit.id, resolved.option.id, resolved.points, resolved.swc_halves,
                 resolved.is_lieutenant, len(resolved.peripherals)) if resolved is not None else None
        messages = tuple(v.message for v in report.violations if trooper.uid in v.troopers) if report else ()
        return (item.kind, item.key, trooper, group.number, group.reinforcement, costs, self._problems.get(trooper.uid),
                self._teams.get(trooper.uid), messages)

    def _item(self, index: Index) -> _Item | None:
        if not index.isValid():
            return None
        return self._items.get(index.internalId())

    def index(self, row: int, column: int, parent: Index = ROOT) -> QModelIndex:
        if parent.isValid() and parent.column() != 0:
            return QModelIndex()
        item = self._item(parent) if parent.isValid() else self._root
        if item is None or not (0 <= row < len(item.children) and 0 <= column < len(Column)):
            return QModelIndex()
        return self.createIndex(row, column, item.children[row].id)

    def parent(self, index: Index = ROOT) -> QModelIndex:  # type: ignore[override]
        item = self._item(index)
        if item is None or item.parent is None or item.parent is self._root:
            return QModelIndex()
        return self._index_of(item.parent)

    def rowCount(self, parent: Index = ROOT) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        item = self._item(parent) if parent.isValid() else self._root
        return len(item.children) if item is not None else 0

    def columnCount(self, parent: Index = ROOT) -> int:
        return len(Column)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.TextAlignmentRole and orientation == Qt.Orientation.Horizontal \
                and section in (Column.SWC, Column.POINTS):
            return CENTER if section == Column.SWC else RIGHT
        return super().headerData(section, orientation, role)

    # ----- lookups for views -------------------------------------------------------------------
    def trooper_index(self, uid: str, column: int = 0) -> QModelIndex:
        item = self._trooper_items.get(uid)
        if item is None:
            return QModelIndex()
        return self.createIndex(item.row, column, item.id)

    def group_index(self, number: int) -> QModelIndex:
        item = self._group_items.get(number)
        return self._index_of(item) if item is not None else QModelIndex()

    def _trooper(self, item: _Item) -> tuple[Trooper, CombatGroup] | None:
        uid = item.key[0] if item.kind == "peripheral" else item.key
        return self._troopers.get(str(uid))

    # ----- data --------------------------------------------------------------------------------
    def flags(self, index: Index) -> Qt.ItemFlag:
        item = self._item(index)
        if item is None:
            return Qt.ItemFlag.ItemIsDropEnabled
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDropEnabled
        if item.kind != "group":
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        resolved = self._document.resolved(str(item.key)) if item.kind == "trooper" else None
        if index.column() == Column.OPTION and resolved is not None and resolved.specops is None:
            flags |= Qt.ItemFlag.ItemIsEditable  # a Spec-Ops changes through its own dialog
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self._item(index)
        if item is None:
            return None
        if item.kind == "group":
            group = self._groups.get(item.key)
            return self._group_data(group, index.column(), role) if group is not None else None
        found = self._trooper(item)
        if found is None:  # a row on its way out during an update
            return item.kind if role == Role.KIND else None
        trooper, group = found
        resolved = self._document.resolved(trooper.uid)
        if role == Role.KIND:
            return item.kind
        if role == Role.UID:
            return trooper.uid
        if role == Role.COMBAT_GROUP:
            return group.number
        if role == Role.REINFORCEMENT:
            return group.reinforcement
        if item.kind == "peripheral":
            return self._peripheral_data(resolved, item.key[1], index.column(), role)
        return self._trooper_data(trooper, resolved, index.column(), role)

    def _group_data(self, group: CombatGroup, column: int, role: int) -> Any:  # noqa: C901 - one branch per item role
        if role == Role.KIND:
            return "group"
        if role == Role.COMBAT_GROUP:
            return group.number
        if role == Role.REINFORCEMENT:
            return group.reinforcement
        report = self._document.report
        totals = next((g for g in report.totals.groups if g.number == group.number), None) if report else None
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                title = (tr("Reinforcements {number}", number=group.number) if group.reinforcement
                         else tr("Combat Group {number}", number=group.number))
                if totals is not None:
                    return f"{title}  ({totals.troopers}/{totals.limit})"
                return title
            if report is None:
                return None
            members = report.roster.in_group(group.number)
            if column == Column.SWC:
                return swc_text(sum(t.swc_halves for t in members))
            if column == Column.POINTS:
                return str(sum(t.points for t in members))
            return None
        if role == Qt.ItemDataRole.FontRole:
            return bold_font()
        if role == Qt.ItemDataRole.ForegroundRole:
            if totals is not None and totals.troopers > totals.limit:
                return QBrush(icons.ERROR_COLOR)
            if group.reinforcement:
                return QBrush(icons.REINFORCEMENT_COLOR)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (Column.SWC, Column.POINTS):
            return CENTER if column == Column.SWC else RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [tr("{count} of {limit} troopers", count=totals.troopers, limit=totals.limit)] if totals else []
            if group.reinforcement:
                lines.append(tr("A Reinforcements group: only units of the army's Reinforcements list."))
            return "\n".join(lines) or None
        return None

    def _trooper_data(self, trooper: Trooper, resolved: ResolvedTrooper | None, column: int, role: int) -> Any:  # noqa: C901 - one branch per item role
        problem = self._problems.get(trooper.uid)
        if role == Role.PROBLEM:
            return problem
        if role == Role.LIEUTENANT:
            return bool(resolved and resolved.is_lieutenant)
        if role == Role.CURRENT_OPTION:
            return (trooper.group, trooper.option)
        if role == Role.FIRETEAM:
            team = self._teams.get(trooper.uid)
            return team[:3] if team else None
        if role == Role.OPTIONS:
            return self._options(resolved)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if resolved is None:
                return tr("Unknown unit {unit}", unit=trooper.unit) if column == Column.NAME else (
                    "?" if column in (Column.SWC, Column.POINTS) else "")
            if column == Column.NAME:
                return short_name(resolved.unit)
            if column == Column.OPTION:
                text = option_text(resolved.unit, resolved.option)
                if resolved.specops is not None:
                    text = tr("Spec-Ops ({xp} XP): {loadout}", xp=resolved.specops.xp, loadout=text)
                return text
            if column == Column.SWC:
                return swc_text(resolved.swc_halves)
            if column == Column.POINTS:
                return str(resolved.points)
        if role == Qt.ItemDataRole.DecorationRole and column == Column.NAME:
            if problem is not None:
                return icons.mark(problem)
            if resolved is not None and resolved.is_lieutenant:
                return icons.lieutenant_icon()
        if role == Qt.ItemDataRole.DecorationRole and column == Column.OPTION and problem is not None \
                and resolved is not None and resolved.is_lieutenant:
            return icons.lieutenant_icon()
        if role == Qt.ItemDataRole.ForegroundRole and problem == "error":
            return QBrush(icons.ERROR_COLOR)
        if role == Qt.ItemDataRole.FontRole and resolved is not None and resolved.is_lieutenant:
            return bold_font()
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (Column.SWC, Column.POINTS):
            return CENTER if column == Column.SWC else RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(trooper, resolved)
        return None

    def _peripheral_data(self, resolved: ResolvedTrooper | None, position: int, column: int, role: int) -> Any:
        peripherals = self._peripherals(resolved)
        if position >= len(peripherals):
            return None
        included = peripherals[position]
        profile = included.profile
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return profile.display_name if profile else readable_name(included.group.name)
            if column == Column.OPTION:
                return tr("Peripheral")
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(icons.INFO_COLOR)
        if role == Qt.ItemDataRole.ToolTipRole:
            controller = resolved.unit.name if resolved else ""
            return tr("Peripheral of {controller}: it moves with its controller.", controller=controller)
        return None

    def _options(self, resolved: ResolvedTrooper | None) -> list[tuple[str, tuple[int, int]]]:
        if resolved is None:
            return []
        result = []
        place = CombatGroup(number=1)
        for group, option in resolved.unit.selectable_options():
            key = (group.id if group else 0, option.id)
            cost = resolve_trooper(resolved.army, place, Trooper(uid="x", unit=resolved.unit.id, group=key[0],
                                                                 option=key[1]))
            points, swc = (cost.points, swc_text(cost.swc_halves)) if isinstance(cost, ResolvedTrooper) else (
                option.points, str(option.swc))
            label = tr("{option} — {points} pts, {swc} SWC", option=option_text(resolved.unit, option),
                       points=points, swc=swc)
            if group is not None and len(resolved.unit.profile_groups) > 1 and group.name:
                label = f"{group.name}: {label}"
            result.append((label, key))
        return result

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
        team = self._teams.get(trooper.uid)
        if team is not None:
            lines.append(f"<span style='color:{team[0]}'>■</span> " + html.escape(tr("Fireteam: {team}", team=team[3])))
        report = self._document.report
        if report is not None:
            for violation in report.violations:
                if trooper.uid in violation.troopers:
                    color = (icons.ERROR_COLOR if violation.is_error else icons.WARNING_COLOR).name()
                    lines.append(f"<span style='color:{color}'>{html.escape(violation.message)}</span>")
        names = [n for c in carried_weapons(resolved.unit, trooper.group, resolved.option) for n in c.names]
        return "<br>".join(lines) + self._document.weapons().tooltip(names)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        item = self._item(index)
        if (item is None or item.kind != "trooper" or index.column() != Column.OPTION
                or role != Qt.ItemDataRole.EditRole):
            return False
        try:
            group, option = (int(v) for v in value)
        except (TypeError, ValueError):
            return False
        self._document.change_option(str(item.key), group, option)
        return True

    # ----- drag and drop -----------------------------------------------------------------------
    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [TROOPER_MIME, OPTION_MIME]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        items = [item for index in indexes if (item := self._item(index)) is not None and item.kind != "group"]
        uids = dict.fromkeys(str(item.key[0] if item.kind == "peripheral" else item.key) for item in items)
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
        item = self._item(parent)
        groups = self._root.children
        if item is None:
            if not groups:
                return 1, None
            if 0 < row <= len(groups):
                return int(groups[row - 1].key), None
            if row == 0:
                return int(groups[0].key), 0
            return int(groups[-1].key), None
        if item.kind == "peripheral" and item.parent is not None:
            item = item.parent
        if item.kind == "group":
            return int(item.key), (row if row >= 0 else None)
        assert item.parent is not None
        return int(item.parent.key), item.row + 1

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
