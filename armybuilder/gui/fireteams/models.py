"""Item models of the fireteam widgets: the declared teams with their members, the army's fireteam
chart, and the finder's suggestions. Thin adapters over `FireteamState` and the chart."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QIcon

from armybuilder.domain.fireteams import UNLIMITED_TEAMS, ChartMember, ChartTeam, FireteamChart
from armybuilder.domain.profiles import Army
from armybuilder.domain.values import FireteamType
from armybuilder.gui import icons
from armybuilder.gui.fireteams.state import FireteamState, team_colour
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.labels import option_label
from armybuilder.gui.models import CENTER, FIRST_ROLE
from armybuilder.gui.models.mixins import ColumnTitles
from armybuilder.gui.models.twolevel import ITEM_FLAGS, TwoLevelModel
from armybuilder.gui.weapons import carried_weapons
from armybuilder.i18n import render, tr
from armybuilder.rules.fireteams.assess import FireteamAssessment, MemberAssessment, type_name
from armybuilder.rules.fireteams.finder import PossibleFireteam, Suggestion

Index = QModelIndex | QPersistentModelIndex


def swatch(colour: str) -> QIcon:
    """A team's colour as a small square icon."""
    return icons.badge("", colour)


def counted_names(names: Iterable[str]) -> str:
    """'Fusiliers ×3, Kyle Hawkins'."""
    counts = Counter(names)
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def team_label_of(item: PossibleFireteam) -> str:
    return tr("{team} ({type})", team=item.team.strip(), type=type_name(item.type))


def level_text(level: int) -> str:
    return tr("Level {level}", level=level)


# ----- the declared teams -------------------------------------------------------------------------

class TeamColumn(IntEnum):
    NAME = 0
    LEVEL = 1
    DETAIL = 2


class TeamRole(IntEnum):
    TEAM = FIRST_ROLE
    """The fireteam's uid (on its members' rows too)."""
    MEMBER = FIRST_ROLE + 1
    """A member row's trooper uid (None on a team row)."""
    LEGAL = FIRST_ROLE + 2


class FireteamTreeModel(ColumnTitles, TwoLevelModel):
    """Each declared fireteam (name, level, legal or not) with its members underneath."""

    COLUMNS = len(TeamColumn)

    def __init__(self, state: FireteamState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._teams: list[FireteamAssessment] = []
        self.retranslate()

    def retranslate(self) -> None:
        self.set_titles(tr("Fireteam"), tr("Level"), tr("State"))

    def refresh(self) -> None:
        self.beginResetModel()
        self._teams = list(self._state.assessments())
        self.endResetModel()

    def top_count(self) -> int:
        return len(self._teams)

    def child_count(self, top_row: int) -> int:
        return len(self._teams[top_row].members) if 0 <= top_row < len(self._teams) else 0

    def team_row(self, uid: str) -> int:
        return next((i for i, a in enumerate(self._teams) if a.fireteam.uid == uid), -1)

    def assessment_at(self, index: Index) -> FireteamAssessment | None:
        if not index.isValid():
            return None
        row = self.top_row_of(index)
        return self._teams[row] if 0 <= row < len(self._teams) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        assessment = self.assessment_at(index)
        if assessment is None:
            return None
        if role == TeamRole.TEAM:
            return assessment.fireteam.uid
        if role == TeamRole.LEGAL:
            return assessment.legal
        if self.is_top(index):
            return self._team_data(assessment, index.column(), role)
        members = assessment.members
        if not 0 <= index.row() < len(members):
            return None
        return self._member_data(assessment, members[index.row()], index.column(), role)

    def _team_data(self, assessment: FireteamAssessment, column: int, role: int) -> Any:
        if role == TeamRole.MEMBER:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if column == TeamColumn.NAME:
                group = assessment.combat_group
                where = tr("Combat Group {number}", number=group) if group is not None else ""
                return f"{assessment.label} · {where}" if where else assessment.label
            if column == TeamColumn.LEVEL:
                return level_text(assessment.level)
            if column == TeamColumn.DETAIL:
                return tr("✔ Legal") if assessment.legal else tr("✖ Not legal")
        if role == Qt.ItemDataRole.DecorationRole and column == TeamColumn.NAME:
            return swatch(team_colour(self._state.index_of(assessment.fireteam.uid)))
        if role == Qt.ItemDataRole.ForegroundRole and column == TeamColumn.DETAIL:
            return QBrush(icons.LEGAL_COLOR if assessment.legal else icons.ERROR_COLOR)
        if role == Qt.ItemDataRole.FontRole and column == TeamColumn.NAME:
            return bold_font()
        if role == Qt.ItemDataRole.ToolTipRole:
            return assessment.explanation
        return None

    def _member_data(self, assessment: FireteamAssessment, member: MemberAssessment, column: int, role: int) -> Any:
        if role == TeamRole.MEMBER:
            return member.uid
        problem = any(member.uid in v.troopers for v in assessment.violations if v.is_error)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == TeamColumn.NAME:
                return self._member_name(member)
            if column == TeamColumn.LEVEL:
                return tr("counts") if member.counted else ""
            if column == TeamColumn.DETAIL:
                return member_detail(member)
        if role == Qt.ItemDataRole.DecorationRole and column == TeamColumn.NAME and problem:
            return icons.mark("error")
        if role == Qt.ItemDataRole.ForegroundRole and problem:
            return QBrush(icons.ERROR_COLOR)
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [f"<b>{html.escape(self._member_name(member))}</b>"]
            if member.counted:
                lines.append(html.escape(tr("Counts towards the level.")))
            lines += [html.escape(v.message) for v in assessment.violations if member.uid in v.troopers]
            return "<br>".join(lines) + self._weapons_tip(member.uid)
        return None

    def _weapons_tip(self, uid: str) -> str:
        """The profiles of the weapons the member carries, as everywhere a trooper is named."""
        resolved = self._state.document.resolved(uid)
        if resolved is None:
            return ""
        names = [n for c in carried_weapons(resolved.unit, resolved.trooper.group, resolved.option) for n in c.names]
        return self._state.document.weapons().tooltip(names)

    def _member_name(self, member: MemberAssessment) -> str:
        resolved = self._state.document.resolved(member.uid)
        if resolved is None:
            return member.name
        return option_label(resolved.unit, resolved.option)


def member_detail(member: MemberAssessment) -> str:
    """How a member joins: its chart line, as a wildcard, and the bracket terms it counts as."""
    parts = []
    if member.wildcard:
        parts.append(tr("wildcard"))
    if member.terms:
        parts.append(tr("as ({terms})", terms=", ".join(member.terms)))
    if member.line is None:
        parts.append(tr("fits no line of the chart"))
    return ", ".join(parts)


# ----- the chart ----------------------------------------------------------------------------------

class ChartColumn(IntEnum):
    NAME = 0
    TYPES = 1
    MIN = 2
    MAX = 3
    REQUIRED = 4
    COUNTS_AS = 5
    FTO = 6
    NOTES = 7


class ChartRole(IntEnum):
    WILDCARDS = FIRST_ROLE
    """True on the Wildcards list and its lines."""
    SLUG = FIRST_ROLE + 1


def limit_text(value: int) -> str:
    """A chart header's per-type limit: 256 is no limit, 0 is none."""
    if value >= UNLIMITED_TEAMS:
        return tr("no limit")
    if value == 0:
        return tr("none", context="fireteam limit")
    return str(value)


def limits_text(chart: FireteamChart) -> str:
    """'Core: 1 · Haris: no limit · Duo: none'."""
    return " · ".join(f"{type_name(t)}: {limit_text(chart.limits.get(t, 0))}" for t in FireteamType)


class ChartModel(ColumnTitles, TwoLevelModel):
    """The teams of an army's fireteam chart, each with its lines (unit, min/max, *, terms, FTO)."""

    COLUMNS = len(ChartColumn)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._army: Army | None = None
        self._teams: tuple[ChartTeam, ...] = ()
        self._sizes: dict[FireteamType, tuple[int, int]] = {}
        self.retranslate()

    def retranslate(self) -> None:
        self.set_titles(tr("Team / unit"), tr("Types"), tr("Min", context="fireteam chart"),
                        tr("Max", context="fireteam chart"), tr("Required"), tr("Counts as"), tr("FTO"), tr("Notes"))

    def set_chart(self, army: Army | None) -> None:
        self.beginResetModel()
        self._army = army
        chart = army.fireteam_chart if army is not None else None
        teams = chart.teams if chart is not None else ()
        # the teams first, the Wildcards list (a team with no types) last
        self._teams = tuple(t for t in teams if not t.is_wildcards) + tuple(t for t in teams if t.is_wildcards)
        self.endResetModel()

    @property
    def teams(self) -> tuple[ChartTeam, ...]:
        return self._teams

    def top_count(self) -> int:
        return len(self._teams)

    def child_count(self, top_row: int) -> int:
        return len(self._teams[top_row].members) if 0 <= top_row < len(self._teams) else 0

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal \
                and 0 <= section < self.COLUMNS:
            tips = {ChartColumn.MIN: tr("At least this many of the unit in the team"),
                    ChartColumn.MAX: tr("At most this many of the unit in the team"),
                    ChartColumn.REQUIRED: tr("✱: a team needs at least one member from these lines"),
                    ChartColumn.COUNTS_AS: tr("Bracket terms: the unit counts as these for the team's level"),
                    ChartColumn.FTO: tr("Only options with this FTO mark may join under the line")}
            return tips.get(ChartColumn(section))
        return super().headerData(section, orientation, role)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.top_row_of(index)
        if not 0 <= row < len(self._teams):
            return None
        team = self._teams[row]
        if role == ChartRole.WILDCARDS:
            return team.is_wildcards
        if self.is_top(index):
            return self._team_data(team, index.column(), role)
        if not 0 <= index.row() < len(team.members):
            return None
        return self._member_data(team, team.members[index.row()], index.column(), role)

    def _team_data(self, team: ChartTeam, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == ChartColumn.NAME:
                return tr("Wildcards: may join any team") if team.is_wildcards else team.name.strip()
            if column == ChartColumn.TYPES:
                return self._types(team)
            if column == ChartColumn.NOTES:
                return team.note.strip()
            return None
        if role == Qt.ItemDataRole.FontRole and column == ChartColumn.NAME:
            return bold_font()
        if role == Qt.ItemDataRole.ForegroundRole and team.is_wildcards:
            return QBrush(QColor(icons.INFO_COLOR))
        if role == Qt.ItemDataRole.ToolTipRole and column == ChartColumn.NOTES and team.note:
            return team.note.strip()
        return None

    def _types(self, team: ChartTeam) -> str:
        parts = []
        for team_type in team.types:
            text = render(type_name(team_type))
            if team_type in team.sizes:
                low, high = team.sizes[team_type]
                text += " " + (tr("({count} members)", count=low) if low == high
                               else tr("({low}–{high} members)", low=low, high=high))
            parts.append(text)
        return ", ".join(parts)

    def _member_data(self, team: ChartTeam, member: ChartMember, column: int, role: int) -> Any:
        if role == ChartRole.SLUG:
            return member.slug
        if role == Qt.ItemDataRole.DisplayRole:
            if column == ChartColumn.NAME:
                return self._unit_name(member)
            if column == ChartColumn.MIN:
                return str(member.min)
            if column == ChartColumn.MAX:
                return str(member.max)
            if column == ChartColumn.REQUIRED:
                return "✱" if member.required else ""
            if column == ChartColumn.COUNTS_AS:
                return ", ".join(member.terms)
            if column == ChartColumn.FTO:
                return member.fto or ""
            if column == ChartColumn.NOTES:
                return member.comment.strip() if member.comment.strip() and not member.terms and not member.fto \
                    else ""
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (ChartColumn.MIN, ChartColumn.MAX,
                                                                   ChartColumn.REQUIRED, ChartColumn.FTO):
            return CENTER
        if role == Qt.ItemDataRole.ToolTipRole and column == ChartColumn.NAME:
            label = member.name.strip()
            return tr("{unit} (in the chart: {label})", unit=self._unit_name(member), label=label) if label \
                else self._unit_name(member)
        return None

    def _unit_name(self, member: ChartMember) -> str:
        unit = self._army.unit_by_slug(member.slug) if self._army is not None else None
        if unit is not None:
            return unit.name
        return tr("{label} (not in this army's data)", label=member.name.strip() or member.slug)


# ----- the finder ---------------------------------------------------------------------------------

class FinderColumn(IntEnum):
    NAME = 0
    LEVEL = 1


class FinderRole(IntEnum):
    KIND = FIRST_ROLE
    """'changes' or 'possible' on a section row; 'suggestion' or 'found' on an item; 'empty'."""
    TROOPERS = FIRST_ROLE + 1


CHANGES, POSSIBLE = 0, 1


class FinderModel(ColumnTitles, TwoLevelModel):
    """Two sections: single changes that improve a declared team, and teams the list could form."""

    COLUMNS = len(FinderColumn)

    def __init__(self, state: FireteamState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._suggestions: list[Suggestion] = []
        self._possible: list[PossibleFireteam] = []
        self.retranslate()

    def retranslate(self) -> None:
        self.set_titles(tr("Suggestion"), tr("Level"))

    def refresh(self) -> None:
        self.beginResetModel()
        self._suggestions = list(self._state.suggestions())
        self._possible = list(self._state.possible())
        self.endResetModel()

    def top_count(self) -> int:
        return 2

    def _items(self, section: int) -> list[Suggestion] | list[PossibleFireteam]:
        return self._suggestions if section == CHANGES else self._possible

    def child_count(self, top_row: int) -> int:
        if top_row not in (CHANGES, POSSIBLE):
            return 0
        return max(1, len(self._items(top_row)))  # an empty section says so in one row

    def item(self, index: Index) -> Suggestion | PossibleFireteam | None:
        if not index.isValid() or self.is_top(index):
            return None
        items = self._items(self.top_row_of(index))
        return items[index.row()] if 0 <= index.row() < len(items) else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if self.is_top(index):
            return Qt.ItemFlag.ItemIsEnabled
        return ITEM_FLAGS if self.item(index) is not None else Qt.ItemFlag.ItemIsEnabled

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        section = self.top_row_of(index)
        if self.is_top(index):
            return self._section_data(section, index.column(), role)
        item = self.item(index)
        if item is None:
            if role == FinderRole.KIND:
                return "empty"
            if role == Qt.ItemDataRole.DisplayRole and index.column() == FinderColumn.NAME:
                return (tr("No single change makes a declared fireteam legal or raises its level.")
                        if section == CHANGES else tr("No other fireteam can be formed from the list's troopers."))
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(QColor(icons.INFO_COLOR))
            return None
        if isinstance(item, Suggestion):
            return self._suggestion_data(item, index.column(), role)
        return self._possible_data(item, index.column(), role)

    def _section_data(self, section: int, column: int, role: int) -> Any:
        if role == FinderRole.KIND:
            return "changes" if section == CHANGES else "possible"
        if role == Qt.ItemDataRole.DisplayRole and column == FinderColumn.NAME:
            count = len(self._items(section))
            return (tr("Changes that improve your fireteams ({count})", count=count) if section == CHANGES
                    else tr("Fireteams the list could form ({count})", count=count))
        if role == Qt.ItemDataRole.FontRole:
            return bold_font()
        return None

    def _suggestion_data(self, item: Suggestion, column: int, role: int) -> Any:
        if role == FinderRole.KIND:
            return "suggestion"
        if role == FinderRole.TROOPERS:
            return item.troopers
        if role == Qt.ItemDataRole.DisplayRole:
            if column == FinderColumn.NAME:
                return item.description
            if column == FinderColumn.LEVEL:
                before = str(item.level_before) if item.legal_before else "✖"
                return f"{before} → {item.level_after}"
        if role == Qt.ItemDataRole.DecorationRole and column == FinderColumn.NAME:
            index = self._state.index_of(item.fireteam)
            return swatch(team_colour(index)) if index >= 0 else None
        if role == Qt.ItemDataRole.TextAlignmentRole and column == FinderColumn.LEVEL:
            return CENTER
        if role == Qt.ItemDataRole.ToolTipRole:
            return tr("Double-click or press Apply to make this change (one undoable edit).")
        return None

    def _possible_data(self, item: PossibleFireteam, column: int, role: int) -> Any:
        if role == FinderRole.KIND:
            return "found"
        if role == FinderRole.TROOPERS:
            return item.members
        if role == Qt.ItemDataRole.DisplayRole:
            if column == FinderColumn.NAME:
                return tr("{team} in Combat Group {group}: {names}", team=team_label_of(item),
                          group=item.combat_group, names=counted_names(m.name for m in item.assessment.members))
            if column == FinderColumn.LEVEL:
                return str(item.level)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == FinderColumn.LEVEL:
            return CENTER
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [item.explanation]
            lines += [f"• {b}" for b in item.assessment.bonus_texts()]
            taken = [self._state.document.army_list.fireteam_of(u) for u in item.members] \
                if self._state.document.army_list else []
            if any(taken):
                lines.append(tr("Some of these troopers are in another fireteam: they would leave it."))
            return "\n".join(lines)
        return None
