"""The list editor's model: combat groups → troopers → their peripherals, read from the document.

Edits made through the view (drag and drop, the option editor) are handed to the document, which
pushes an undoable command; the model then refreshes from the new list.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QMimeData, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from armybuilder.domain.lists import CombatGroup, Trooper
from armybuilder.domain.roster import IncludedTrooper, ResolvedTrooper, resolve_trooper
from armybuilder.gui import icons
from armybuilder.gui.document import ListDocument
from armybuilder.gui.fireteams.state import team_colour, team_label
from armybuilder.gui.labels import option_text, short_name, swc_text
from armybuilder.gui.models import CENTER, FIRST_ROLE, OPTION_MIME, RIGHT, ROOT, TROOPER_MIME
from armybuilder.i18n import tr
from armybuilder.rules.fireteams import type_name

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


@dataclass(frozen=True)
class _Node:
    kind: str
    group: int  # position of the combat group in the list
    trooper: int = -1  # position in the group
    peripheral: int = -1
    parent: int = -1  # node id of the parent, -1 for top level

    @property
    def row(self) -> int:
        return {"group": self.group, "trooper": self.trooper, "peripheral": self.peripheral}[self.kind]


class ListTreeModel(QAbstractItemModel):
    """Combat groups with their troopers; a trooper's peripherals are its children."""

    def __init__(self, document: ListDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._nodes: list[_Node] = []
        self._ids: dict[_Node, int] = {}
        self._children: dict[int, list[int]] = {}
        self._uid_ids: dict[str, int] = {}
        self._groups: tuple[CombatGroup, ...] = ()
        self._problems: dict[str, str] = {}
        self._teams: dict[str, tuple[str, str, bool, str]] = {}
        self._headers = {Column.NAME: "", Column.OPTION: "", Column.SWC: "", Column.POINTS: ""}
        self.retranslate()
        self._rebuild()
        document.list_changed.connect(self._on_list_changed)

    def retranslate(self) -> None:
        self._headers = {Column.NAME: tr("Trooper"), Column.OPTION: tr("Option"), Column.SWC: tr("SWC"),
                         Column.POINTS: tr("Pts", context="points column")}
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(Column) - 1)

    # ----- structure ---------------------------------------------------------------------------
    def _on_list_changed(self) -> None:
        self.beginResetModel()
        self._rebuild()
        self.endResetModel()

    def _add(self, node: _Node) -> int:
        node_id = len(self._nodes)
        self._nodes.append(node)
        self._ids[node] = node_id
        self._children.setdefault(node.parent, []).append(node_id)
        self._children.setdefault(node_id, [])
        return node_id

    def _rebuild(self) -> None:
        self._nodes, self._ids, self._children, self._uid_ids = [], {}, {-1: []}, {}
        army_list = self._document.army_list
        self._groups = army_list.groups if army_list else ()
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
            entry = (team_colour(number), type_name(team.type).upper(), team.uid not in illegal, team_label(team))
            for uid in team.members:
                self._teams.setdefault(uid, entry)
        for g, group in enumerate(self._groups):
            group_id = self._add(_Node("group", g))
            for t, trooper in enumerate(group.troopers):
                trooper_id = self._add(_Node("trooper", g, t, parent=group_id))
                self._uid_ids[trooper.uid] = trooper_id
                resolved = self._document.resolved(trooper.uid)
                for p, _ in enumerate(self._peripherals(resolved)):
                    self._add(_Node("peripheral", g, t, p, parent=trooper_id))

    @staticmethod
    def _peripherals(resolved: ResolvedTrooper | None) -> list[IncludedTrooper]:
        if resolved is None:
            return []
        return [inc for inc in resolved.peripherals for _ in range(inc.quantity)]

    def _node(self, index: Index) -> _Node | None:
        if not index.isValid():
            return None
        return self._nodes[index.internalId()]

    def index(self, row: int, column: int, parent: Index = ROOT) -> QModelIndex:
        parent_id = parent.internalId() if parent.isValid() else -1
        if parent.isValid() and parent.column() != 0:
            return QModelIndex()
        children = self._children.get(parent_id, [])
        if not (0 <= row < len(children) and 0 <= column < len(Column)):
            return QModelIndex()
        return self.createIndex(row, column, children[row])

    def parent(self, index: Index = ROOT) -> QModelIndex:  # type: ignore[override]
        node = self._node(index)
        if node is None or node.parent < 0:
            return QModelIndex()
        parent_node = self._nodes[node.parent]
        return self.createIndex(parent_node.row, 0, node.parent)

    def rowCount(self, parent: Index = ROOT) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._children.get(parent.internalId() if parent.isValid() else -1, []))

    def columnCount(self, parent: Index = ROOT) -> int:
        return len(Column)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(Column):
            if role == Qt.ItemDataRole.DisplayRole:
                return self._headers[Column(section)]
            if role == Qt.ItemDataRole.TextAlignmentRole and section in (Column.SWC, Column.POINTS):
                return CENTER if section == Column.SWC else RIGHT
        return None

    # ----- lookups for views -------------------------------------------------------------------
    def trooper_index(self, uid: str, column: int = 0) -> QModelIndex:
        node_id = self._uid_ids.get(uid)
        if node_id is None:
            return QModelIndex()
        return self.createIndex(self._nodes[node_id].row, column, node_id)

    def group_index(self, number: int) -> QModelIndex:
        for g, group in enumerate(self._groups):
            if group.number == number:
                return self.createIndex(g, 0, self._ids[_Node("group", g)])
        return QModelIndex()

    def _trooper(self, node: _Node) -> Trooper:
        return self._groups[node.group].troopers[node.trooper]

    # ----- data --------------------------------------------------------------------------------
    def flags(self, index: Index) -> Qt.ItemFlag:
        node = self._node(index)
        if node is None:
            return Qt.ItemFlag.ItemIsDropEnabled
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDropEnabled
        if node.kind != "group":
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        if node.kind == "trooper" and index.column() == Column.OPTION and self._document.resolved(
                self._trooper(node).uid) is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        node = self._node(index)
        if node is None:
            return None
        if node.kind == "group":
            return self._group_data(node, index.column(), role)
        trooper = self._trooper(node)
        resolved = self._document.resolved(trooper.uid)
        if role == Role.KIND:
            return node.kind
        if role == Role.UID:
            return trooper.uid
        if role == Role.COMBAT_GROUP:
            return self._groups[node.group].number
        if node.kind == "peripheral":
            return self._peripheral_data(resolved, node, index.column(), role)
        return self._trooper_data(trooper, resolved, index.column(), role)

    def _group_data(self, node: _Node, column: int, role: int) -> Any:
        group = self._groups[node.group]
        if role == Role.KIND:
            return "group"
        if role == Role.COMBAT_GROUP:
            return group.number
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
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and totals is not None and totals.troopers > totals.limit:
            return QBrush(icons.ERROR_COLOR)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (Column.SWC, Column.POINTS):
            return CENTER if column == Column.SWC else RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and totals is not None:
            return tr("{count} of {limit} troopers", count=totals.troopers, limit=totals.limit)
        return None

    def _trooper_data(self, trooper: Trooper, resolved: ResolvedTrooper | None, column: int, role: int) -> Any:
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
                return option_text(resolved.unit, resolved.option)
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
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (Column.SWC, Column.POINTS):
            return CENTER if column == Column.SWC else RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(trooper, resolved)
        return None

    def _peripheral_data(self, resolved: ResolvedTrooper | None, node: _Node, column: int, role: int) -> Any:
        peripherals = self._peripherals(resolved)
        if node.peripheral >= len(peripherals):
            return None
        included = peripherals[node.peripheral]
        profile = included.profile
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return profile.name if profile else included.group.name
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
        items = [i.label for i in (*resolved.option.weapons, *resolved.option.skills, *resolved.option.equipment)]
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
                    lines.append(f"<span style='color:{color}'>{violation.message}</span>")
        return "<br>".join(lines)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        node = self._node(index)
        if (node is None or node.kind != "trooper" or index.column() != Column.OPTION
                or role != Qt.ItemDataRole.EditRole):
            return False
        try:
            group, option = (int(v) for v in value)
        except (TypeError, ValueError):
            return False
        self._document.change_option(self._trooper(node).uid, group, option)
        return True

    # ----- drag and drop -----------------------------------------------------------------------
    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [TROOPER_MIME, OPTION_MIME]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        uids: list[str] = []
        for index in indexes:
            node = self._node(index)
            if node is not None and node.kind != "group":
                uid = self._trooper(node).uid
                if uid not in uids:
                    uids.append(uid)
        data = QMimeData()
        data.setData(TROOPER_MIME, json.dumps(uids).encode())
        return data

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index) -> bool:
        return self._document.has_list and (data.hasFormat(TROOPER_MIME) or data.hasFormat(OPTION_MIME))

    def drop_target(self, row: int, parent: Index) -> tuple[int, int | None]:
        """(combat group number, row in it) for a drop at `row` under `parent`."""
        node = self._node(parent)
        if node is None:
            if not self._groups:
                return 1, None
            if 0 < row <= len(self._groups):
                return self._groups[row - 1].number, None
            if row == 0:
                return self._groups[0].number, 0
            return self._groups[-1].number, None
        number = self._groups[node.group].number
        if node.kind == "group":
            return number, (row if row >= 0 else None)
        return number, node.trooper + 1

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        number, position = self.drop_target(row, parent)
        if data.hasFormat(TROOPER_MIME):
            try:
                uids = [str(u) for u in json.loads(bytes(data.data(TROOPER_MIME).data()).decode())]
            except (ValueError, UnicodeDecodeError):
                return False
            self._document.move_troopers(uids, number, position)
            return False  # the document already moved them: the view must not remove any rows
        try:
            unit, group, option = json.loads(bytes(data.data(OPTION_MIME).data()).decode())
        except (ValueError, TypeError, UnicodeDecodeError):
            return False
        self._document.add_trooper(int(unit), int(group), int(option), number, position)
        return True
