"""What the fireteam widgets read: the open list's fireteams judged by the rules, the finder's
results, and the choices a selection of troopers has, computed once per list state.

Nothing here edits: it reads the document and the rules (`rules.fireteams`,
`rules.fireteams.finder`); edits go through `fireteams.undo`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from armybuilder.domain.fireteams import ChartTeam
from armybuilder.domain.lists import ArmyList, Fireteam
from armybuilder.domain.values import FireteamType
from armybuilder.gui.document import ListDocument
from armybuilder.gui.theme import TEAM_COLOURS
from armybuilder.i18n import language, tr
from armybuilder.rules.context import RuleContext
from armybuilder.rules.fireteams.assess import FireteamAssessment, FireteamSetting, assess_declared, type_name
from armybuilder.rules.fireteams.chart import Candidate, ChartView
from armybuilder.rules.fireteams.finder import PossibleFireteam, Suggestion, suggest_changes, undeclared_fireteams

REASON_ORDER = tuple(f"fireteam.{code}" for code in (
    # who may join at all, then what the chart allows of the type, then the team's make-up
    "mixed_sections", "unknown_team", "peripheral", "excluded_skill", "not_in_team", "wildcards_forbidden",
    "fto_only", "type_not_allowed", "skill_missing", "type_limit", "split_groups", "required_missing",
    "member_count", "too_many_wildcards", "size"))
"""Which problem explains best why some troopers cannot form a team, most basic first."""


def team_colour(index: int) -> str:
    return TEAM_COLOURS[index % len(TEAM_COLOURS)]


def team_label(team: Fireteam) -> str:
    """'Fusiliers (Core)'."""
    return tr("{team} ({type})", team=team.team.strip(), type=type_name(team.type))


@dataclass(frozen=True)
class Choice:
    """A chart team and type for some troopers: the team it would make, judged, or why it cannot be."""

    team: ChartTeam
    type: FireteamType
    fireteam: Fireteam
    after: ArmyList
    assessment: FireteamAssessment
    leaving: tuple[str, ...]
    """Labels of the other fireteams some of these troopers would leave."""

    @property
    def possible(self) -> bool:
        return self.assessment.legal

    @property
    def reason(self) -> str:
        """Why it is not possible: the most basic problem the rules find (a trooper the team does not
        take matters more than the team's size)."""
        errors = sorted((v for v in self.assessment.violations if v.is_error),
                        key=lambda v: REASON_ORDER.index(v.code) if v.code in REASON_ORDER else len(REASON_ORDER))
        return errors[0].message if errors else ""

    @property
    def label(self) -> str:
        return tr("{team} ({type})", team=self.team.name.strip(), type=type_name(self.type))


class FireteamState:
    """The open list's fireteams as the rules see them; cached until the list or language changes."""

    def __init__(self, document: ListDocument) -> None:
        self.document = document
        self._primed = False
        self._list: ArmyList | None = None
        self._report: object = None
        self._language = ""
        self._context: RuleContext | None = None
        self._setting: FireteamSetting | None = None
        self._assessments: list[FireteamAssessment] = []
        self._possible: list[PossibleFireteam] | None = None
        self._suggestions: list[Suggestion] | None = None

    def _refresh(self) -> None:
        doc = self.document
        if (self._primed and doc.army_list is self._list and doc.report is self._report
                and language() == self._language):
            return
        self._primed = True
        self._list, self._report, self._language = doc.army_list, doc.report, language()
        self._context = self._setting = None
        self._assessments = []
        self._possible = self._suggestions = None
        army_list, report = doc.army_list, doc.report
        if army_list is None or report is None or report.context is None:
            return
        self._context = report.context
        self._setting = FireteamSetting.of(self._context)
        self._assessments = assess_declared(self._setting, army_list.fireteams)

    # ----- reading ---------------------------------------------------------------------------
    @property
    def context(self) -> RuleContext | None:
        self._refresh()
        return self._context

    @property
    def setting(self) -> FireteamSetting | None:
        self._refresh()
        return self._setting

    def assessments(self) -> list[FireteamAssessment]:
        """One per declared fireteam, in list order."""
        self._refresh()
        return self._assessments

    def assessment(self, uid: str) -> FireteamAssessment | None:
        return next((a for a in self.assessments() if a.fireteam.uid == uid), None)

    def index_of(self, uid: str) -> int:
        army_list = self.document.army_list
        teams = army_list.fireteams if army_list else ()
        return next((i for i, t in enumerate(teams) if t.uid == uid), -1)

    def possible(self) -> list[PossibleFireteam]:
        """Teams the list's troopers could form that are not declared as they are."""
        self._refresh()
        if self._possible is None:
            self._possible = []
            if self._context is not None:
                self._possible = undeclared_fireteams(self._context)
        return self._possible

    def suggestions(self) -> list[Suggestion]:
        """The single change that makes each declared team legal or raises its level (where one exists)."""
        self._refresh()
        if self._suggestions is None:
            self._suggestions = suggest_changes(self._context) if self._context is not None else []
        return self._suggestions

    def chart_view(self, reinforcement: bool = False) -> ChartView | None:
        setting = self.setting
        return setting.view(reinforcement) if setting is not None else None

    def candidate(self, uid: str) -> Candidate | None:
        setting = self.setting
        return setting.candidates.get(uid) if setting is not None else None

    # ----- what some troopers could form -----------------------------------------------------
    def choices(self, members: Sequence[str], editing: Fireteam | None = None) -> list[Choice]:
        """Every team and type of the chart these troopers might form, judged as the list would be
        after declaring it (so the chart header's limits count the other teams); possible first."""
        self._refresh()
        setting, army_list = self._setting, self.document.army_list
        if setting is None or army_list is None:
            return []
        members = tuple(dict.fromkeys(members))
        section = [setting.candidates[u] for u in members if u in setting.candidates]
        reinforcement = bool(section) and all(c.reinforcement for c in section)
        view = setting.view(reinforcement)
        uid = editing.uid if editing is not None else army_list.next_uid("f")
        labels = {t.uid: team_label(t) for t in army_list.fireteams}
        leaving = tuple(dict.fromkeys(labels[t.uid] for t in army_list.fireteams
                                      if t.uid != uid and any(m in t.members for m in members)))
        found: list[Choice] = []
        for team in view.teams:
            for team_type in setting.types_for(team, section):
                fireteam = Fireteam(uid=uid, type=team_type, team=team.name, members=members)
                after = army_list.with_declared_fireteam(fireteam)
                judged = assess_declared(setting, after.fireteams)
                assessment = next(a for a in judged if a.fireteam.uid == uid)
                found.append(Choice(team, team_type, fireteam, after, assessment, leaving))
        order = {t: i for i, t in enumerate(FireteamType)}
        found.sort(key=lambda c: (not c.possible, -c.assessment.level if c.possible else 0,
                                  [t.name for t in view.teams].index(c.team.name), order[c.type]))
        return found
