"""Fireteams (RULES.md §4): each declared team judged, its level, bonuses and an explanation.

`assess_fireteams(ctx)` is the public API for the exporters and the GUI: one
`FireteamAssessment` per declared fireteam (members, legal or not, violations, level 1–5,
cumulative bonuses, a sentence explaining the level). `check(ctx)` is the rule family.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from armybuilder.domain.fireteams import ChartTeam, normalize_term
from armybuilder.domain.lists import Fireteam
from armybuilder.domain.packs import EditionPack, FireteamBonus, GrantedFireteam
from armybuilder.domain.values import FireteamType
from armybuilder.i18n import Text, lazy_join, lazy_tr, lazy_trn, render
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.fireteams.chart import (
    CONTROLLER,
    PERIPHERAL,
    Candidate,
    ChartView,
    Placement,
    Slot,
    chart_view,
    fitting_slots,
    name_words,
    place,
    size_range,
    unit_lines,
)
from armybuilder.rules.fireteams.level import Level, level_of
from armybuilder.rules.peripherals import Assignment, control_plan, forced_controllers
from armybuilder.rules.violations import Violation, error

SOURCE = sources.FIRETEAMS


def type_name(team_type: FireteamType) -> Text:
    names = {FireteamType.CORE: lazy_tr("Core", context="fireteam"),
             FireteamType.HARIS: lazy_tr("Haris", context="fireteam"),
             FireteamType.DUO: lazy_tr("Duo", context="fireteam")}
    return names[team_type]


def bonus_text(bonus: FireteamBonus) -> Text:
    """A bonus, shown in the reader's language (the packs carry `bonus_es`)."""
    return bonus.local_bonus


def fireteam_bonuses_note(edition: EditionPack) -> Text:
    """Say so where the edition pack's bonus table is an assumption (N3: no source gives one)."""
    if not edition.fireteam_bonuses_assumed:
        return ""
    return lazy_tr("{edition}: the fireteam bonuses shown follow the N5 table (seed 003); no source gives this "
                   "edition's own table, so treat them as an assumption and check them with the organizer.",
                   edition=edition.name)


def ordinal(number: int) -> Text:
    words = {2: lazy_tr("a second"), 3: lazy_tr("a third"), 4: lazy_tr("a fourth"), 5: lazy_tr("a fifth")}
    return words.get(number, str(number))


@dataclass(frozen=True)
class MemberAssessment:
    """A member as the chart sees it: the line it joined under and whether it counts for the level."""

    uid: str
    name: str
    option: str
    line: str | None
    wildcard: bool
    terms: tuple[str, ...]
    counted: bool

    def to_json(self) -> dict[str, Any]:
        return {"uid": self.uid, "name": self.name, "option": self.option, "line": self.line,
                "wildcard": self.wildcard, "terms": list(self.terms), "counted": self.counted}


@dataclass(frozen=True)
class FireteamAssessment:
    """One declared fireteam judged: legal or not, why, its level, bonuses and an explanation.

    `level` is computed even for an illegal team (what it would be once fixed); `bonuses` are the
    cumulative bonuses of that level and are empty while the team is not legal.
    """

    fireteam: Fireteam
    team: ChartTeam | None
    members: tuple[MemberAssessment, ...]
    violations: tuple[Violation, ...]
    level: int
    counts_as: str | None
    level_bonuses: tuple[FireteamBonus, ...]
    explanation_text: Text
    """Why the team has its level, language-neutral (`explanation`: in the current language)."""
    combat_group: int | None = None
    reinforcement: bool = False

    @property
    def legal(self) -> bool:
        return not any(v.is_error for v in self.violations)

    @property
    def bonuses(self) -> tuple[FireteamBonus, ...]:
        return self.level_bonuses if self.legal else ()

    @property
    def explanation(self) -> str:
        return render(self.explanation_text)

    @property
    def label_text(self) -> Text:
        """'Fusiliers (Core)', language-neutral."""
        return _team_label(self.fireteam)

    @property
    def label(self) -> str:
        return render(self.label_text)

    def bonus_texts(self) -> list[str]:
        """The bonuses in the current language."""
        return [render(bonus_text(b)) for b in self.bonuses]

    def to_json(self) -> dict[str, Any]:
        return {"uid": self.fireteam.uid, "type": self.fireteam.type.value, "team": self.fireteam.team,
                "legal": self.legal, "level": self.level, "counts_as": self.counts_as,
                "bonuses": self.bonus_texts(), "explanation": self.explanation,
                "combat_group": self.combat_group, "reinforcement": self.reinforcement,
                "members": [m.to_json() for m in self.members],
                "violations": [v.to_json() for v in self.violations]}


@dataclass(frozen=True)
class FireteamSetting:
    """What fireteams are judged against: the charts, the edition, CBL grants and the troopers."""

    edition: EditionPack
    main: ChartView
    reinforcement: ChartView | None = None
    grants: tuple[GrantedFireteam, ...] = ()
    candidates: Mapping[str, Candidate] = field(default_factory=dict)
    """Each list entry as one candidate, by uid."""
    unresolved: frozenset[str] = frozenset()
    max_group_size: int = 10
    parts: Mapping[str, tuple[Candidate, ...]] = field(default_factory=dict)
    """The troopers each list entry fields (a team option's several, else the entry itself), by uid."""
    controlling: Mapping[str, tuple[Assignment, ...]] = field(default_factory=dict)
    """Troopers taken to control peripherals bought on their own (`peripherals.control_plan`), by uid."""

    def members_of(self, uid: str) -> tuple[Candidate, ...]:
        """The fireteam members a declared uid brings: every trooper of a team option, else itself."""
        found = self.parts.get(uid)
        if found is not None:
            return found
        whole = self.candidates.get(uid)
        return (whole,) if whole is not None else ()

    @classmethod
    def of(cls, ctx: RuleContext, controllers: Literal["assigned", "forced"] = "assigned") -> FireteamSetting:
        """The setting of a list. Troopers taken to control a peripheral bought on its own are barred:
        all of them (`assigned`, to judge the declared teams), or only those no other trooper could
        stand in for (`forced`, for the finder, which checks each team it proposes)."""
        grants: tuple[GrantedFireteam, ...] = ()
        if ctx.season is not None and ctx.army_list.cbl:
            cbl = ctx.season.cbl(ctx.army_list.cbl)
            grants = cbl.fireteams if cbl is not None else ()
        reinforcement_army = ctx.roster.reinforcement_army
        candidates: dict[str, Candidate] = {}
        parts: dict[str, tuple[Candidate, ...]] = {}
        for trooper in ctx.roster.troopers:
            candidates[trooper.uid], parts[trooper.uid] = chart_view(trooper.army).candidates(trooper, ctx.edition)
        free = {t.casefold() for t in ctx.edition.fireteam_free_peripheral_types}
        controlling: dict[str, list[Assignment]] = {}
        for assignment in control_plan(ctx).assignments:
            if assignment.controller is not None and assignment.kind not in free:
                controlling.setdefault(assignment.controller, []).append(assignment)
        barred = set(controlling) if controllers == "assigned" else forced_controllers(ctx)
        for uid in barred:
            if uid in candidates:
                candidates[uid] = replace(candidates[uid], barred=(*candidates[uid].barred, CONTROLLER))
                parts[uid] = tuple(replace(p, barred=(*p.barred, CONTROLLER)) for p in parts[uid])
        return cls(
            edition=ctx.edition, main=chart_view(ctx.army),
            reinforcement=chart_view(reinforcement_army) if reinforcement_army is not None else None,
            grants=grants, candidates=candidates,
            unresolved=frozenset(u.trooper.uid for u in ctx.roster.unresolved),
            max_group_size=ctx.edition.max_group_size, parts=parts,
            controlling={uid: tuple(found) for uid, found in controlling.items()},
        )

    def view(self, reinforcement: bool) -> ChartView:
        return self.reinforcement if reinforcement and self.reinforcement is not None else self.main

    def limit_views(self, reinforcement: bool) -> tuple[ChartView, ...]:
        """Whose headers limit a team: the main army's always — Reinforcements fireteams obey the
        army's chart's types and limits too (RULES.md §2.9: no Core where the main chart allows
        none, not a second where it allows one) — and a Reinforcements chart's own header where it
        states one (Hayabusa, L'Équipe Argent: 1/1/1). Most official Reinforcements charts read
        0/0/0 while listing teams: such a header states no limits.
        """
        view = self.view(reinforcement)
        if view is not self.main and any(view.chart.limits.values()):
            return (self.main, view)
        return (self.main,)

    def size_range(self, view: ChartView, team: ChartTeam | None, team_type: FireteamType) -> tuple[int, int] | None:
        """The sizes a team of this type may have: its chart's (`chart.size_range`), and for a
        Reinforcements team also within the main chart text's own limits (a Steel Phalanx list's
        Reinforcements Core has at most 4 members too)."""
        sizes = size_range(view, team, team_type, self.edition)
        if sizes is None or view is self.main:
            return sizes
        low, high = sizes
        return max(low, self.main.text.minimum.get(team_type, low)), min(high, self.main.text.maximum.get(team_type,
                                                                                                          high))

    def granted(self, team: ChartTeam, team_type: FireteamType) -> bool:
        """A Closed Battle List note grants this team of this type (N3, RULES.md §3)."""
        name = normalize_term(team.name)
        return any(g.type is team_type and normalize_term(g.team) == name for g in self.grants)

    def grants_type(self, team: ChartTeam, team_type: FireteamType, members: Iterable[Candidate] = ()) -> bool:
        """A Closed Battle List note or a member's Fireteam skill lets `team` form `team_type`."""
        return self.granted(team, team_type) or any(team_type in m.grants for m in members)

    def types_for(self, team: ChartTeam, members: Sequence[Candidate] = ()) -> list[FireteamType]:
        """The types `team` may be declared as with `members`: its chart line's, then those a CBL note or
        a member's Fireteam skill grants. The finder and the app's Form dialog both offer these."""
        return [*team.types, *(t for t in FireteamType if t not in team.types and self.grants_type(team, t, members))]


def assess_fireteams(ctx: RuleContext) -> list[FireteamAssessment]:
    """Every declared fireteam of the list, judged, with level, bonuses and explanation."""
    return assess_declared(FireteamSetting.of(ctx), ctx.army_list.fireteams)


def check(ctx: RuleContext) -> Iterator[Violation]:
    if not ctx.army_list.fireteams:
        return
    for assessment in assess_fireteams(ctx):
        yield from assessment.violations


def assess_declared(setting: FireteamSetting, fireteams: Sequence[Fireteam]) -> list[FireteamAssessment]:
    assessments = [judge(setting, f) for f in fireteams]
    extra: dict[int, list[Violation]] = {}
    for index, violation in _shared_troopers(setting, fireteams):
        extra.setdefault(index, []).append(violation)
    for index, violation in _type_limits(setting, assessments):
        extra.setdefault(index, []).append(violation)
    return [replace(a, violations=a.violations + tuple(extra.get(i, ()))) if i in extra else a
            for i, a in enumerate(assessments)]


def judge(setting: FireteamSetting, fireteam: Fireteam,
          members: Sequence[Candidate] | None = None) -> FireteamAssessment:
    """One fireteam on its own: composition, size, type, groups, sections, barred troopers, level.

    `members` overrides the list's troopers (the finder passes moved or swapped troopers).
    """
    found: list[Violation] = []
    uids = tuple(dict.fromkeys(fireteam.members))
    if members is None:
        members = [m for u in uids for m in setting.members_of(u)]
        missing = [u for u in uids if u not in setting.candidates]
        for uid in missing:
            reason = (lazy_tr("its unit or option is missing from the data") if uid in setting.unresolved
                      else lazy_tr("there is no such trooper in the list"))
            found.append(error("fireteam.unknown_trooper",
                               lazy_tr("Fireteam {team} names trooper {uid}, but {reason}. Remove it from the "
                                       "fireteam.", team=_team_label(fireteam), uid=uid, reason=reason),
                               SOURCE, (uid,), fireteam=fireteam.uid))
    if len(uids) != len(fireteam.members):
        twice = [u for u, n in Counter(fireteam.members).items() if n > 1]
        found.append(error("fireteam.trooper_twice",
                           lazy_tr("{names} is listed more than once in {team}; a trooper counts once.",
                                   names=_names(setting, twice), team=_team_label(fireteam)),
                           SOURCE, tuple(twice), fireteam=fireteam.uid))

    reinforcement = _section_of(setting, fireteam, members)
    view = setting.view(reinforcement)
    section = [m for m in members if m.reinforcement == reinforcement]
    found += _sections(fireteam, members)
    team = view.team(fireteam.team)
    found += _team_and_type(setting, view, fireteam, team, section)
    owners = {m.owner for m in members}
    count = len(members) + sum(1 for u in uids if u not in owners)
    found += _size(setting, view, fireteam, team, count, _list_names([*members, *(u for u in uids if u not in owners)]))
    found += _barred(setting, fireteam, members)
    found += _groups(fireteam, section)

    placement: Placement | None = None
    slots: tuple[Slot, ...] = ()
    if team is not None and not team.is_wildcards:
        slots = view.slots(team)
        fits = [fitting_slots(slots, m) for m in section]
        found += _unfit(view, fireteam, team, section, fits)
        placement = place(team, slots, section, fits)
        found += _limits(fireteam, team, section, placement)
    level = placement.level if placement is not None else level_of([m.keys for m in section])
    top = setting.edition.fireteam_max_level
    sizes = setting.size_range(view, team, fireteam.type) if team is not None else None
    if sizes is not None:  # once legal, a team has at most its chart's size (Steel Phalanx's Core of 4)
        top = min(top, max(sizes[1], 1))
    if level.level > top:  # no level above 5, whatever the (illegal) size
        level = replace(level, level=top, counted=level.counted[:top])
    return _assessment(setting, view, fireteam, team, members, section, placement, level, tuple(found))


def _section_of(setting: FireteamSetting, fireteam: Fireteam, members: Sequence[Candidate]) -> bool:
    """Which section's chart judges the team: its members' section; when it mixes both (already an
    error), the section whose chart has the team's name (the main army's first)."""
    sections = {m.reinforcement for m in members}
    if len(sections) == 1:
        return sections.pop()
    if not sections or setting.main.team(fireteam.team) is not None:
        return False
    return setting.reinforcement is not None and setting.reinforcement.team(fireteam.team) is not None


def _team_label(fireteam: Fireteam) -> Text:
    return lazy_tr("{team} ({type})", team=fireteam.team.strip(), type=type_name(fireteam.type))


def _team_with_members(fireteam: Fireteam, names: str) -> Text:
    """'Fusiliers (Core: Fusiliers ×3 · Kyle Hawkins)': the team, its type and its members in one flat bracket
    (a message that adds the members after `_team_label` reads "Fusiliers (Core) (…)")."""
    return lazy_tr("{team} ({type}: {names})", team=fireteam.team.strip(), type=type_name(fireteam.type), names=names)


def _names(setting: FireteamSetting, uids: Sequence[str]) -> str:
    return _list_names([m for u in uids for m in (setting.members_of(u) or (u,))])


NAME_SEPARATOR = " · "
"""Between troopers' names: unit names have commas ("Tai Sheng, Zúyŏng Invincibles NCO")."""


def _list_names(members: Sequence[Candidate | str]) -> str:
    """'Fusiliers ×2 · Kyle Hawkins': troopers by name, repeated names counted."""
    counts = Counter(m.name if isinstance(m, Candidate) else m for m in members)
    return NAME_SEPARATOR.join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def _uids(members: Sequence[Candidate]) -> tuple[str, ...]:
    """The list entries of these members (a team option's troopers are one entry)."""
    return tuple(dict.fromkeys(m.owner for m in members))


def _sections(fireteam: Fireteam, members: Sequence[Candidate]) -> list[Violation]:
    main = [m for m in members if not m.reinforcement]
    reinforcements = [m for m in members if m.reinforcement]
    if not main or not reinforcements:
        return []
    return [error("fireteam.mixed_sections",
                  lazy_tr("Main-section and Reinforcements troopers never share a fireteam: {team} mixes {main} with "
                          "{reinforcements}. Keep only one section's troopers.", team=_team_label(fireteam),
                          main=_list_names(main), reinforcements=_list_names(reinforcements)),
                  sources.cite(sources.REINFORCEMENTS, sources.FIRETEAMS), _uids(reinforcements),
                  fireteam=fireteam.uid)]


def _team_and_type(setting: FireteamSetting, view: ChartView, fireteam: Fireteam, team: ChartTeam | None,
                   members: Sequence[Candidate]) -> list[Violation]:
    if team is None:
        names: Text = NAME_SEPARATOR.join(t.name.strip() for t in view.teams) or lazy_tr("none")
        return [error("fireteam.unknown_team",
                      lazy_tr("{army}'s fireteam chart has no team called “{team}” (declared with {names}). Its teams: "
                              "{teams}.", army=view.army.name, team=fireteam.team, names=_list_names(members),
                              teams=names),
                      SOURCE, _uids(members), fireteam=fireteam.uid)]
    if team.is_wildcards:
        return [error("fireteam.unknown_team",
                      lazy_tr("“{team}” lists the troopers that may join any team; it is not a team itself. Declare "
                              "the fireteam of {names} with the team they join.", team=team.name.strip(),
                              names=_list_names(members)),
                      SOURCE, _uids(members), fireteam=fireteam.uid)]
    granted = setting.granted(team, fireteam.type)
    holders = [m for m in members if fireteam.type in m.grants]
    if fireteam.type in view.skill_types(team) and not granted and not holders:
        skill = f"Fireteam: {fireteam.type.value.capitalize()}"
        return [error("fireteam.skill_missing",
                      lazy_tr("{team} forms a {type} through the “{skill}” skill: one member must have it, and none of "
                              "{names} does. Add a trooper with it.", team=team.name.strip(),
                              type=type_name(fireteam.type), skill=skill, names=_list_names(members)),
                      sources.FIRETEAMS_N3, _uids(members), fireteam=fireteam.uid, skill=skill)]
    if fireteam.type in team.types or granted or holders:
        return []
    allowed = lazy_join(", ", (type_name(t) for t in team.types))
    return [error("fireteam.type_not_allowed",
                  lazy_tr("{team} may form {allowed}, not {type} ({names}). Change the fireteam's type or its team.",
                          team=team.name.strip(), allowed=allowed, type=type_name(fireteam.type),
                          names=_list_names(members)),
                  SOURCE, _uids(members), fireteam=fireteam.uid, allowed=[t.value for t in team.types])]


def _size(setting: FireteamSetting, view: ChartView, fireteam: Fireteam, team: ChartTeam | None, count: int,
          names: str) -> list[Violation]:
    sizes = setting.size_range(view, team, fireteam.type)
    if sizes is None:
        return []
    low, high = sizes
    if low <= count <= high:
        return []
    wanted = lazy_tr("exactly {count}", count=low) if low == high else lazy_tr("{low} to {high}", low=low, high=high)
    fix = (lazy_tr("Add {n} more.", n=low - count) if count < low else lazy_tr("Remove {n}.", n=count - high))
    return [error("fireteam.size",
                  lazy_trn("{team} has {n} member ({names}); a {type} fireteam has {wanted}. {fix}",
                           "{team} has {n} members ({names}); a {type} fireteam has {wanted}. {fix}", count,
                           team=_team_label(fireteam), names=names, type=type_name(fireteam.type),
                           wanted=wanted, fix=fix),
                  SOURCE, fireteam.members, fireteam=fireteam.uid, count=count, min=low, max=high)]


def _barred(setting: FireteamSetting, fireteam: Fireteam, members: Sequence[Candidate]) -> list[Violation]:
    found = []
    for member in members:
        team = _team_label(fireteam)
        if CONTROLLER in member.barred:
            found.append(_controller(setting, fireteam, member))
        if PERIPHERAL in member.barred:
            if member.trooper:
                message = lazy_tr("{name} cannot be in a fireteam: peripherals and their controllers never are, and "
                                  "the troopers of {entry} join a fireteam together. Remove {entry} from {team}.",
                                  name=member.name, entry=member.entry, team=team)
            else:
                message = lazy_tr("{name} cannot be in a fireteam: peripherals and their controllers never are. "
                                  "Remove it from {team}.", name=member.name, team=team)
            found.append(error("fireteam.peripheral", message, SOURCE, (member.owner,), fireteam=fireteam.uid))
        skills = [s for s in member.barred if s not in (PERIPHERAL, CONTROLLER)]
        if skills:
            found.append(error("fireteam.excluded_skill",
                               lazy_tr("{name} ({option}) cannot be in a fireteam: it has {skills}. Remove it from "
                                       "{team} or pick an option without it.", name=member.name, option=member.option,
                                       skills=", ".join(skills), team=team),
                               SOURCE, (member.owner,), fireteam=fireteam.uid, skills=skills))
    return found


def _controller(setting: FireteamSetting, fireteam: Fireteam, member: Candidate) -> Violation:
    """A trooper the peripherals rule takes as the controller of a peripheral bought on its own."""
    assignments = setting.controlling.get(member.owner, ())
    names = _list_names([setting.candidates[a.peripheral] for a in assignments if a.peripheral in setting.candidates])
    others = [u for a in assignments for u in a.possible if u != member.owner]
    if not others:
        why = lazy_tr("it is the only trooper of Combat Group {group} who can control it",
                      group=assignments[0].combat_group if assignments else member.combat_group)
    else:
        why = lazy_tr("the others who could ({names}) are in fireteams too or control as many as they may",
                      names=_names(setting, list(dict.fromkeys(others))))
    return error("fireteam.peripheral",
                 lazy_tr("{name} cannot be in a fireteam: it controls {peripherals}, bought on its own, and a "
                         "Controller never joins one ({why}). Remove it from {team}, or add another controller to "
                         "its combat group.",
                         name=member.name, peripherals=names, why=why, team=_team_label(fireteam)),
                 sources.cite(sources.FIRETEAMS, sources.PERIPHERAL), (member.owner,), fireteam=fireteam.uid)


def _groups(fireteam: Fireteam, members: Sequence[Candidate]) -> list[Violation]:
    groups = Counter(m.combat_group for m in members)
    if len(groups) < 2:
        return []
    target = min(groups, key=lambda g: (-groups[g], g))
    strays = [m for m in members if m.combat_group != target]
    return [error("fireteam.split_groups",
                  lazy_tr("All members of a fireteam share one combat group; {team} has members in groups {groups}. "
                          "Move {names} to Combat Group {group}.", team=_team_label(fireteam),
                          groups=", ".join(str(g) for g in sorted(groups)), names=_list_names(strays), group=target),
                  SOURCE, _uids(strays), fireteam=fireteam.uid, group=target)]


def _unfit(view: ChartView, fireteam: Fireteam, team: ChartTeam, members: Sequence[Candidate],
           fits: Sequence[tuple[Slot, ...]]) -> list[Violation]:
    """Members that fit no line: one violation per reason, naming every member it concerns."""
    fto_only: dict[str, list[Candidate]] = {}
    no_wildcards: list[Candidate] = []
    outsiders: list[Candidate] = []
    slots = view.slots(team) if not team.forbids_wildcards else (*view.slots(team),
                                                                  *_wildcard_slots(view, team))
    for member, fit in zip(members, fits, strict=True):
        if fit:
            continue
        lines = unit_lines(slots, member)
        if lines:
            if team.forbids_wildcards and all(s.wildcard for s in lines):
                no_wildcards.append(member)
            else:
                fto = next((s.entry.fto for s in lines if s.entry.fto), "FTO")
                fto_only.setdefault(fto, []).append(member)
        else:
            outsiders.append(member)
    found = []
    for fto, unfit in fto_only.items():
        found.append(error("fireteam.fto_only",
                           lazy_tr("{names} cannot join {team}: only {fto} options of that unit may. Pick an {fto} "
                                   "option.", names=_list_options(unfit), team=team.name.strip(), fto=fto),
                           SOURCE, _uids(unfit), fireteam=fireteam.uid, fto=fto))
    if no_wildcards:
        found.append(error("fireteam.wildcards_forbidden",
                           lazy_tr("{team} takes no wildcards (“{note}”): {names} may join other teams as wildcards, "
                                   "not this one.", team=team.name.strip(), note=team.note.strip(),
                                   names=_list_names(no_wildcards)),
                           SOURCE, _uids(no_wildcards), fireteam=fireteam.uid))
    if outsiders:
        found.append(error("fireteam.not_in_team",
                           lazy_tr("{names} cannot join {team}: their unit is neither in that team nor a wildcard. "
                                   "Remove them or declare the fireteam with a team that lists them.",
                                   names=_list_names(outsiders), team=team.name.strip()),
                           SOURCE, _uids(outsiders), fireteam=fireteam.uid))
    return found


def _wildcard_slots(view: ChartView, team: ChartTeam) -> tuple[Slot, ...]:
    """The Wildcards lines as a team that forbids them would have had them (to say why one is refused)."""
    base = len(team.members)
    return tuple(Slot(base + i, m, True, (), name_words(m.name)) for i, m in enumerate(view.chart.wildcards))


def _list_options(members: Sequence[Candidate]) -> str:
    """'Knauf (KNAUF) · Shàng Jí (SHÀNG JÍ)': troopers with their options."""
    labels = [f"{m.name} ({m.option})" for m in members]
    counts = Counter(labels)
    return NAME_SEPARATOR.join(label if n == 1 else f"{label} ×{n}" for label, n in counts.items())


def _limits(fireteam: Fireteam, team: ChartTeam, members: Sequence[Candidate],
            placement: Placement) -> list[Violation]:
    found = []
    under_line = {slot.index: [m for m, s in zip(members, placement.slots, strict=True) if s is slot]
                  for slot in (*placement.over, *placement.under)}
    for slot in placement.over:
        inside = under_line[slot.index]
        count, limit = placement.counts[slot.index], slot.entry.max
        if slot.wildcard:
            found.append(error("fireteam.too_many_wildcards",
                               lazy_tr("At most {max} {unit} may join a fireteam as a wildcard; {team} has {count} "
                                       "({names}). Remove {over}.",
                                       max=limit, unit=slot.label, team=_team_label(fireteam),
                                       count=count, names=_list_names(inside), over=count - limit),
                               SOURCE, _uids(inside[limit:]) or _uids(inside), fireteam=fireteam.uid,
                               count=count, max=limit))
        else:
            found.append(error("fireteam.member_count",
                               lazy_tr("{team} may hold at most {max} {unit}; this fireteam has {count} ({names}). "
                                       "Remove {over}.", team=team.name.strip(), max=limit, unit=slot.label,
                                       count=count, names=_list_names(inside), over=count - limit),
                               SOURCE, _uids(inside[limit:]) or _uids(inside), fireteam=fireteam.uid,
                               count=count, max=limit))
    for slot in placement.under:
        count, low = placement.counts[slot.index], slot.entry.min
        found.append(error("fireteam.member_count",
                           lazy_tr("{team} needs at least {min} {unit}; this fireteam has {count} ({names}). Add "
                                   "{missing}.", team=team.name.strip(), min=low, unit=slot.label, count=count,
                                   names=_list_names(members), missing=low - count),
                           SOURCE, _uids(members), fireteam=fireteam.uid, count=count, min=low))
    if placement.required_missing:
        required = NAME_SEPARATOR.join(dict.fromkeys(m.name or m.slug for m in team.members if m.required))
        found.append(error("fireteam.required_missing",
                           lazy_tr("{team} needs at least one of {required} (marked * in the chart); {names} are none "
                                   "of them. Add one.", team=team.name.strip(), required=required,
                                   names=_list_names(members)),
                           SOURCE, _uids(members), fireteam=fireteam.uid))
    return found


def _shared_troopers(setting: FireteamSetting, fireteams: Sequence[Fireteam]) -> Iterator[tuple[int, Violation]]:
    first: dict[str, Fireteam] = {}
    for index, fireteam in enumerate(fireteams):
        for uid in dict.fromkeys(fireteam.members):
            earlier = first.get(uid)
            if earlier is None:
                first[uid] = fireteam
                continue
            yield index, error("fireteam.trooper_twice",
                               lazy_tr("{name} is in two fireteams, {first} and {second}; a trooper may be in one "
                                       "only. Remove it from one of them.", name=_names(setting, [uid]),
                                       first=_team_label(earlier), second=_team_label(fireteam)),
                               SOURCE, (uid,), fireteam=fireteam.uid)


def _type_limits(setting: FireteamSetting,
                 assessments: Sequence[FireteamAssessment]) -> Iterator[tuple[int, Violation]]:
    """Teams beyond a chart header's limit of their type: main-section teams count first, so a
    Reinforcements team is the one flagged when the main army's header is full."""
    flagged: set[int] = set()
    order = sorted(range(len(assessments)), key=lambda i: assessments[i].reinforcement)
    views = {id(v): v for a in assessments for v in setting.limit_views(a.reinforcement)}
    for view in views.values():
        for team_type in FireteamType:
            indexes = [i for i in order if assessments[i].fireteam.type is team_type
                       and view in setting.limit_views(assessments[i].reinforcement)]
            if not indexes:
                continue
            limit = _limit(setting, view, team_type, [assessments[i] for i in indexes])
            if limit is None or len(indexes) <= limit:
                continue
            for index in indexes[limit:]:
                if index in flagged:
                    continue
                flagged.add(index)
                yield index, _over_limit(setting, view, assessments[index], team_type, limit, len(indexes))


def _limit(setting: FireteamSetting, view: ChartView, team_type: FireteamType,
           assessments: Sequence[FireteamAssessment]) -> int | None:
    """A header's limit of a type, raised by CBL notes and profile skills that grant it [N3]."""
    limit = view.chart.limit(team_type)
    if limit is None:
        return None
    if view is setting.main:
        limit = max(limit, sum(1 for g in setting.grants if g.type is team_type))
    if limit == 0 and any(team_type in setting.candidates[m].grants for a in assessments
                          for m in a.fireteam.members if m in setting.candidates):
        limit = 1
    return limit


def _over_limit(setting: FireteamSetting, view: ChartView, assessment: FireteamAssessment, team_type: FireteamType,
                limit: int, count: int) -> Violation:
    fireteam = assessment.fireteam
    names = _names(setting, fireteam.members)
    source = SOURCE
    message: Text
    team = _team_with_members(fireteam, names)
    if limit == 0:
        message = lazy_tr("{army} may not form {type} fireteams: its fireteam chart allows none. Dissolve {team} "
                          "or change its type.", army=view.army.name, type=type_name(team_type), team=team)
    else:
        message = lazy_trn("{army} may have at most {n} {type} fireteam at once; the list declares {count}. "
                           "Dissolve {team} or change its type.",
                           "{army} may have at most {n} {type} fireteams at once; the list declares {count}. "
                           "Dissolve {team} or change its type.", limit, army=view.army.name,
                           type=type_name(team_type), count=count, team=team)
    if assessment.reinforcement and view is setting.main:
        source = sources.cite(sources.REINFORCEMENTS, SOURCE)
        message += " " + lazy_tr("Reinforcements fireteams obey the types and limits of the army's own chart too.")
    return error("fireteam.type_limit", message, source, fireteam.members, fireteam=fireteam.uid, limit=limit,
                 count=count)


def _assessment(setting: FireteamSetting, view: ChartView, fireteam: Fireteam, team: ChartTeam | None,
                members: Sequence[Candidate], section: Sequence[Candidate], placement: Placement | None,
                level: Level, violations: tuple[Violation, ...]) -> FireteamAssessment:
    slots: Sequence[Slot | None] = placement.slots if placement is not None else [None] * len(section)
    by_uid = {m.uid: (m, s, i) for i, (m, s) in enumerate(zip(section, slots, strict=True))}
    assessed = []
    for member in members:
        _, slot, index = by_uid.get(member.uid, (member, None, -1))
        assessed.append(MemberAssessment(
            uid=member.owner, name=member.name, option=member.option, line=slot.label if slot else None,
            wildcard=bool(slot and slot.wildcard), terms=slot.entry.terms if slot else (),
            counted=index in level.counted))
    bonuses = tuple(sorted((b for b in setting.edition.fireteam_bonuses if b.level <= level.level),
                           key=lambda b: b.level))
    groups = Counter(m.combat_group for m in section)
    return FireteamAssessment(
        fireteam=fireteam, team=team, members=tuple(assessed), violations=violations, level=level.level,
        counts_as=view.label_of(level.key) if level.key else None, level_bonuses=bonuses,
        explanation_text=explain(setting, view, fireteam, team, section, slots, level),
        combat_group=min(groups, key=lambda g: (-groups[g], g)) if groups else None,
        reinforcement=bool(section) and section[0].reinforcement,
    )


def explain(setting: FireteamSetting, view: ChartView, fireteam: Fireteam, team: ChartTeam | None,
            members: Sequence[Candidate], slots: Sequence[Slot | None], level: Level) -> Text:
    """'Level 4: 4 of 5 count as Fusiliers (3 Fusiliers, Kyle Hawkins as (Fusiliers)); a fifth would give …'."""
    size = len(members)
    text: Text
    if level.key is None:
        text = (lazy_tr("Level 1: no two of the {size} members count as the same unit", size=size) if size > 1
                else lazy_tr("Level {level}", level=level.level))
    else:
        own: Counter[str] = Counter()
        by_term: list[Text] = []
        for index in level.counted:
            member, slot = members[index], slots[index]
            if level.key in member.keys or slot is None or not level.key.startswith("u:"):
                own[member.name] += 1
                continue
            term = next((t for t, keys in slot.term_keys if level.key in keys), "")
            by_term.append(lazy_tr("{name} as ({term})", name=member.name, term=term))
        parts: list[Text] = [name if n == 1 else f"{n} {name}" for name, n in own.items()]
        parts += by_term
        text = lazy_tr("Level {level}: {count} of {size} count as {unit} ({parts})", level=level.level,
                       count=level.level, size=size, unit=view.label_of(level.key),
                       parts=lazy_join(NAME_SEPARATOR, parts))
    sizes = setting.size_range(view, team, fireteam.type) if team is not None else None
    high = sizes[1] if sizes else size
    following = next((b for b in setting.edition.fireteam_bonuses if b.level == level.level + 1), None)
    if following is not None and level.level < high and size >= 1:
        if level.key is None:
            text += lazy_tr("; two members of the same unit would give {bonus}", bonus=bonus_text(following))
        elif size < high:
            text += lazy_tr("; {ordinal} would give {bonus}", ordinal=ordinal(level.level + 1),
                            bonus=bonus_text(following))
        else:
            outsider = next(members[i].name for i in range(size) if i not in level.counted)
            text += lazy_tr("; {ordinal} (in place of {name}) would give {bonus}", ordinal=ordinal(level.level + 1),
                            name=outsider, bonus=bonus_text(following))
    elif following is not None and level.level >= high > 1:
        text += lazy_tr(" — the highest level a {type} can reach", type=type_name(fireteam.type))
    return text + "."

