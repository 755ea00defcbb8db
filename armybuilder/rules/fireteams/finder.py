"""The fireteam finder: the fireteams a list's troopers could form, and one change that improves each team.

`find_fireteams(ctx)` → for every combat group, chart team and type, the best legal fireteam its
troopers could form (level first, then size), as `PossibleFireteam`s. `suggest_changes(ctx)` → for
each declared fireteam, the single change (add, remove, swap, or move a trooper from another
combat group) that makes it legal or raises its level, as `Suggestion`s whose `apply(army_list)`
returns the edited list, so the GUI can push it as one undoable edit.

Counting, not combinations: troopers that the chart cannot tell apart (same unit, same lines they
may join) form one class, and the search chooses how many of each class join under each line,
pruned by the chart's maxima and by the best level still reachable.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from armybuilder.domain import naming
from armybuilder.domain.fireteams import ChartTeam
from armybuilder.domain.lists import ArmyList, Fireteam
from armybuilder.domain.packs import FireteamBonus
from armybuilder.domain.values import FireteamType
from armybuilder.i18n import Text, lazy_tr, render
from armybuilder.rules.context import RuleContext
from armybuilder.rules.fireteams.assess import (
    NAME_SEPARATOR,
    FireteamAssessment,
    FireteamSetting,
    assess_declared,
    bonus_text,
    judge,
    type_name,
)
from armybuilder.rules.fireteams.chart import Candidate, ChartView, Slot, fitting_slots
from armybuilder.rules.peripherals import possible_controllers, spares


@dataclass(frozen=True)
class PossibleFireteam:
    """The best fireteam of one chart team and type that a combat group's troopers could form."""

    combat_group: int
    reinforcement: bool
    team: str
    type: FireteamType
    members: tuple[str, ...]
    assessment: FireteamAssessment

    @property
    def level(self) -> int:
        return self.assessment.level

    @property
    def bonuses(self) -> tuple[FireteamBonus, ...]:
        return self.assessment.bonuses

    @property
    def explanation(self) -> str:
        return self.assessment.explanation

    @property
    def description(self) -> str:
        """The team in the current language."""
        return render(lazy_tr("Combat Group {group}: {team} ({type}) with {names} — level {level}",
                              group=self.combat_group, team=self.team.strip(), type=type_name(self.type),
                              names=NAME_SEPARATOR.join(m.name for m in self.assessment.members), level=self.level))

    def declare(self, army_list: ArmyList) -> ArmyList:
        """The list with this fireteam declared; its members leave any team they were in."""
        uid = army_list.next_uid("f")
        return army_list.with_declared_fireteam(Fireteam(uid=uid, type=self.type, team=self.team,
                                                         members=self.members))


ChangeKind = Literal["add", "remove", "swap", "move"]
_COST: dict[str, int] = {"add": 0, "remove": 1, "swap": 1, "move": 2}


@dataclass(frozen=True)
class Suggestion:
    """One change to a declared fireteam, with what it achieves; `apply` makes it on a list."""

    fireteam: str
    kind: ChangeKind
    description_text: Text
    """What the change does and achieves, language-neutral (`description`: in the current language)."""
    troopers: tuple[str, ...]
    members: tuple[str, ...]
    legal_before: bool
    level_before: int
    legal_after: bool
    level_after: int
    moved: str | None = None
    move_to: int | None = None

    @property
    def description(self) -> str:
        return render(self.description_text)

    def apply(self, army_list: ArmyList) -> ArmyList:
        """The list with this change made (raises KeyError if the team or trooper is gone)."""
        team = army_list.fireteam(self.fireteam)
        if team is None:
            raise KeyError(f"no fireteam {self.fireteam}")
        result = army_list
        if self.moved is not None and self.move_to is not None:
            result = result.moved(self.moved, self.move_to)
        return result.with_fireteam(team.model_copy(update={"members": self.members}))

    def to_json(self) -> dict[str, object]:
        return {"fireteam": self.fireteam, "kind": self.kind, "description": self.description,
                "troopers": list(self.troopers), "members": list(self.members),
                "before": {"legal": self.legal_before, "level": self.level_before},
                "after": {"legal": self.legal_after, "level": self.level_after},
                "moved": self.moved, "move_to": self.move_to}


# ----- the finder ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Class:
    """Troopers the chart cannot tell apart: same unit, same lines, same keys."""

    members: tuple[Candidate, ...]
    slots: tuple[Slot, ...]


@dataclass
class _Best:
    level: int = 0
    size: int = 0
    counts: tuple[tuple[int, int, int], ...] = ()


def find_fireteams(ctx: RuleContext) -> list[PossibleFireteam]:
    """For each combat group, chart team and type: the best legal fireteam its troopers could form."""
    setting = FireteamSetting.of(ctx, controllers="forced")
    declared = {uid for f in ctx.army_list.fireteams for uid in f.members}
    found: list[PossibleFireteam] = []
    for group in ctx.army_list.groups:
        eligible = [m for t in group.troopers if t.uid in setting.candidates
                    for m in _eligible(setting.members_of(t.uid))]
        if len(eligible) < 2:
            continue
        view = setting.view(group.reinforcement)
        for team in view.teams:
            for team_type, counts in best_compositions(setting, view, team, eligible).items():
                possible = _realize(ctx, setting, group.number, group.reinforcement, team, team_type, counts,
                                    declared)
                if possible is None:
                    possible = _sparing(ctx, setting, view, team, team_type, eligible, declared,
                                        group.number, group.reinforcement)
                if possible is not None:
                    found.append(possible)
    return found


def undeclared_fireteams(ctx: RuleContext) -> list[PossibleFireteam]:
    """The teams of `find_fireteams` that the list does not declare as they are (the same type, team and
    members), best first in each combat group: what the app's Fireteams panel and `armybuilder fireteams`
    propose."""
    declared = {(t.type, t.team.strip(), frozenset(t.members)) for t in ctx.army_list.fireteams}
    found = [p for p in find_fireteams(ctx) if (p.type, p.team.strip(), frozenset(p.members)) not in declared]
    return sorted(found, key=lambda p: (p.combat_group, -p.level, -len(p.members), p.team))


def best_teams(ctx: RuleContext, found: Iterable[PossibleFireteam]) -> list[PossibleFireteam]:
    """The found teams to declare together: the best first (highest level, then the most members),
    each kept only when it shares no trooper with those kept and every declared team stays legal
    (type limits of the chart included); in combat group order. What a list read from an army code,
    which holds no fireteams, is offered."""
    setting = FireteamSetting.of(ctx)
    teams = list(ctx.army_list.fireteams)
    chosen: list[PossibleFireteam] = []
    for possible in sorted(found, key=lambda p: (-p.level, -len(p.members))):
        if any(uid in team.members for team in teams for uid in possible.members):
            continue
        candidate = Fireteam(uid=f"best-{len(chosen) + 1}", type=possible.type, team=possible.team,
                             members=possible.members)
        if all(a.legal for a in assess_declared(setting, [*teams, candidate])):
            chosen.append(possible)
            teams.append(candidate)
    return sorted(chosen, key=lambda p: (p.reinforcement, p.combat_group))


def _realize(ctx: RuleContext, setting: FireteamSetting, number: int, reinforcement: bool, team: ChartTeam,
             team_type: FireteamType, counts: Sequence[tuple[_Class, Slot, int]],
             declared: set[str]) -> PossibleFireteam | None:
    """The counted composition with real troopers, if the rules find it legal and it leaves every
    peripheral bought on its own a controller outside it."""
    members = _pick(counts, declared)
    fireteam = Fireteam(uid="", type=team_type, team=team.name, members=tuple(dict.fromkeys(m.owner for m in members)))
    assessment = judge(setting, fireteam, members)
    if not assessment.legal or not spares(ctx, fireteam.members):
        return None
    return PossibleFireteam(number, reinforcement, team.name, team_type, fireteam.members, assessment)


def _sparing(ctx: RuleContext, setting: FireteamSetting, view: ChartView, team: ChartTeam, team_type: FireteamType,
             eligible: Sequence[Candidate], declared: set[str], number: int,
             reinforcement: bool) -> PossibleFireteam | None:
    """The best team without one of the troopers who could control a peripheral bought on its own, when the
    best team took so many of them that none is left to control it (RULES.md §2.4)."""
    best: PossibleFireteam | None = None
    for uid in sorted(possible_controllers(ctx) & {c.owner for c in eligible}):
        rest = [c for c in eligible if c.owner != uid]
        counts = best_compositions(setting, view, team, rest, only=team_type).get(team_type)
        found = _realize(ctx, setting, number, reinforcement, team, team_type, counts, declared) if counts else None
        if found is not None and (best is None or (found.level, len(found.members)) > (best.level,
                                                                                       len(best.members))):
            best = found
    return best


def _eligible(members: Sequence[Candidate]) -> Sequence[Candidate]:
    """A list entry's troopers, if none of them is barred (a team option's troopers join together)."""
    return () if any(m.barred for m in members) else members


def _allowed_types(setting: FireteamSetting, view: ChartView, team: ChartTeam,
                   candidates: Sequence[Candidate], header: bool = True) -> list[FireteamType]:
    headers = setting.limit_views(view is not setting.main)
    allowed = []
    for team_type in setting.types_for(team, candidates):
        closed = any(h.chart.limit(team_type) == 0 for h in headers)
        if header and closed and not setting.grants_type(team, team_type, candidates):
            continue
        if setting.size_range(view, team, team_type) is not None:
            allowed.append(team_type)
    return allowed


@dataclass(frozen=True)
class _Search:
    """What the composition search explores: the (class, chart line) pairs a count is chosen for, and the
    limits a composition must meet (the lines' minimums, a required line, a team option's troopers taken
    together, each type's size range and whether it needs a holder of its skill)."""

    classes: list[_Class]
    slots: Sequence[Slot]
    ranges: dict[FireteamType, tuple[int, int]]
    pairs: list[tuple[int, Slot]]
    key_pairs: list[list[int]]
    """For each level key, the pairs whose troopers count for it."""
    required: list[int]
    minimums: list[tuple[int, int]]
    holders: list[frozenset[FireteamType]]
    needs_skill: set[FireteamType]
    together: list[tuple[list[int], int]]


def _search_of(setting: FireteamSetting, view: ChartView, team: ChartTeam, eligible: Sequence[Candidate],
               only: FireteamType | None) -> _Search | None:
    """The search for `team`'s best compositions, or None when no trooper fits or no type is allowed."""
    slots = view.slots(team)
    classes = _classes(slots, eligible)
    if not classes:
        return None
    types = _allowed_types(setting, view, team, [m for c in classes for m in c.members], only is None)
    if only is not None:
        types = [t for t in types if t is only]
    ranges = {t: r for t in types if (r := setting.size_range(view, team, t)) is not None}
    if not ranges:
        return None
    pairs = [(ci, slot) for ci, cls in enumerate(classes) for slot in cls.slots]
    pair_keys = [classes[ci].members[0].keys | slot.keys for ci, slot in pairs]
    keys = sorted({k for ks in pair_keys for k in ks})
    bundles: dict[str, list[int]] = {}
    for ci, cls in enumerate(classes):
        if cls.members[0].parts > 1:
            bundles.setdefault(cls.members[0].owner, []).append(ci)
    return _Search(
        classes=classes, slots=slots, ranges=ranges, pairs=pairs,
        key_pairs=[[p for p, ks in enumerate(pair_keys) if k in ks] for k in keys],
        required=[s.index for s in slots if s.entry.required and not s.wildcard],
        minimums=[(s.index, s.entry.min) for s in slots if not s.wildcard and s.entry.min > 0],
        holders=[cls.members[0].grants for cls in classes],
        needs_skill={t for t in ranges if not setting.granted(team, t)
                     and (t not in team.types or t in view.skill_types(team))},
        together=[(indexes, classes[indexes[0]].members[0].parts) for indexes in bundles.values()])


def best_compositions(setting: FireteamSetting, view: ChartView, team: ChartTeam, eligible: Sequence[Candidate],
                      only: FireteamType | None = None,
                      ) -> dict[FireteamType, list[tuple[_Class, Slot, int]]]:
    """Per type (or `only` that one, whatever the chart header says), the best composition.

    A composition is a list of (class of troopers, chart line, how many): level first, then size.
    """
    search = _search_of(setting, view, team, eligible, only)
    if search is None:
        return {}
    result: dict[FireteamType, list[tuple[_Class, Slot, int]]] = {}
    for team_type, found in _best_counts(search).items():
        if found.counts:
            result[team_type] = [(search.classes[ci], search.slots[si], n) for ci, si, n in found.counts]
    return result


def _best_counts(problem: _Search) -> dict[FireteamType, _Best]:
    """Branch and bound over how many troopers of each pair join: the best (level, size) per type."""
    classes, slots, ranges, pairs, key_pairs = problem.classes, problem.slots, problem.ranges, problem.pairs, \
        problem.key_pairs
    required, minimums, holders, needs_skill, together = problem.required, problem.minimums, problem.holders, \
        problem.needs_skill, problem.together
    high = max(h for _, h in ranges.values())
    best: dict[FireteamType, _Best] = {t: _Best() for t in ranges}
    taken = [0] * len(pairs)
    per_class = [0] * len(classes)
    per_slot = [0] * len(slots)

    def level_now() -> int:
        return max((sum(taken[p] for p in ps) for ps in key_pairs), default=0)

    def evaluate(total: int) -> None:
        if any(per_slot[i] < low for i, low in minimums):
            return
        if any(sum(per_class[ci] for ci in indexes) not in (0, parts) for indexes, parts in together):
            return  # a team option's troopers join together or not at all
        if required and not any(per_slot[i] for i in required):
            return
        level = max(1, level_now())
        chosen = tuple((pairs[p][0], pairs[p][1].index, taken[p]) for p in range(len(pairs)) if taken[p])
        for team_type, (low, top) in ranges.items():
            if not low <= total <= top:
                continue
            if team_type in needs_skill and not any(team_type in holders[ci] for ci, _, _ in chosen):
                continue
            current = best[team_type]
            if (level, total) > (current.level, current.size):
                best[team_type] = _Best(level, total, chosen)

    def bound() -> int:
        return min(b.level for b in best.values())

    def search(position: int, total: int) -> None:
        if total and level_now() + (high - total) < bound():
            return
        if position == len(pairs):
            evaluate(total)
            return
        ci, slot = pairs[position]
        room = min(len(classes[ci].members) - per_class[ci], slot.entry.max - per_slot[slot.index], high - total)
        for count in range(room, -1, -1):
            taken[position] = count
            per_class[ci] += count
            per_slot[slot.index] += count
            search(position + 1, total + count)
            per_class[ci] -= count
            per_slot[slot.index] -= count
        taken[position] = 0

    search(0, 0)
    return best


def _classes(slots: Sequence[Slot], candidates: Iterable[Candidate]) -> list[_Class]:
    grouped: dict[tuple[object, ...], list[Candidate]] = {}
    fits: dict[tuple[object, ...], tuple[Slot, ...]] = {}
    for candidate in candidates:
        fit = fitting_slots(slots, candidate)
        if not fit:
            continue
        key = (candidate.slug, tuple(s.index for s in fit), candidate.keys, candidate.grants,
               candidate.uid if candidate.parts > 1 else "")
        grouped.setdefault(key, []).append(candidate)
        fits[key] = fit
    # classes with more troopers first: big same-unit groups are found (and bound the search) early
    order = sorted(grouped, key=lambda k: -len(grouped[k]))
    return [_Class(tuple(grouped[k]), fits[k]) for k in order]


def _pick(counts: Sequence[tuple[_Class, Slot, int]], declared: set[str]) -> list[Candidate]:
    """Real troopers for a counted composition: free ones first, in list order."""
    used: set[str] = set()
    chosen: list[Candidate] = []
    for cls, _, count in counts:
        pool = sorted((m for m in cls.members if m.uid not in used), key=lambda m: m.uid in declared)
        for member in pool[:count]:
            used.add(member.uid)
            chosen.append(member)
    return chosen


# ----- suggestions -----------------------------------------------------------------------------

def suggest_changes(ctx: RuleContext, per_team: int = 1) -> list[Suggestion]:
    """For each declared fireteam, the best `per_team` single changes that make it legal or raise its level."""
    setting = FireteamSetting.of(ctx)
    assessments = assess_declared(setting, ctx.army_list.fireteams)
    in_teams = {uid for f in ctx.army_list.fireteams for uid in f.members}
    occupancy = {g.number: sum(ctx.places(t) for t in ctx.roster.in_group(g.number)) for g in ctx.army_list.groups}
    found: list[Suggestion] = []
    for assessment in assessments:
        options = list(_changes(ctx, setting, assessment, in_teams, occupancy))
        options.sort(key=lambda s: (not s.legal_after, -s.level_after, _COST[s.kind], len(s.troopers)))
        found.extend(options[:per_team])
    return found


def _label(ctx: RuleContext, candidate: Candidate) -> Text:
    """A trooper as the suggestion names it, told from the unit's other options (`domain.naming`)."""
    trooper = ctx.roster.trooper(candidate.owner)
    if trooper is not None and not candidate.trooper and sum(1 for _ in trooper.unit.selectable_options()) > 1:
        detail = naming.option_detail(trooper.unit, trooper.option)
        return lazy_tr("{unit} ({detail})", unit=candidate.name, detail=detail) if detail != "" else candidate.name
    if candidate.option.casefold() in candidate.name.casefold():
        return candidate.name
    return f"{candidate.name} ({candidate.option})"


@dataclass(frozen=True)
class _Target:
    """A declared fireteam the suggestions change: its members, the combat group it plays in, the troopers
    of other teams (never taken from them) and how full each combat group is."""

    ctx: RuleContext
    setting: FireteamSetting
    assessment: FireteamAssessment
    members: list[Candidate]
    group: int
    others: set[str]
    occupancy: dict[int, int]

    def fits_in(self, candidate: Candidate) -> bool:
        """The target group has room for the trooper's places (a team option may take two)."""
        trooper = self.ctx.roster.trooper(candidate.uid)
        places = self.ctx.places(trooper) if trooper is not None else 1
        return self.occupancy.get(self.group, 0) + places <= self.ctx.edition.max_group_size

    def option(self, kind: ChangeKind, new: list[Candidate], action: Text, troopers: tuple[str, ...],
               moved: str | None = None) -> Suggestion | None:
        """The change to members `new`, when it makes the team legal or raises its level."""
        if any(m.uid in self.others for m in new):
            return None  # a trooper of another fireteam
        assessment, setting = self.assessment, self.setting
        fireteam = assessment.fireteam
        team = fireteam.model_copy(update={"members": tuple(m.uid for m in new)})
        after = judge(setting, team, [part if part.combat_group == entry.combat_group
                                      else replace(part, combat_group=entry.combat_group)
                                      for entry in new for part in setting.members_of(entry.uid)])
        if not after.legal or (assessment.legal and after.level <= assessment.level):
            return None
        if assessment.legal:
            gained = next((b for b in after.level_bonuses if b.level == after.level), None)
            effect = lazy_tr("{action}: {team} goes from level {before} to level {after} ({bonus}).", action=action,
                             team=assessment.label_text, before=assessment.level, after=after.level,
                             bonus=bonus_text(gained) if gained else "")
        else:
            effect = lazy_tr("{action}: {team} becomes legal, at level {level}.", action=action,
                             team=assessment.label_text,
                             level=after.level)
        return Suggestion(fireteam.uid, kind, effect, troopers, team.members, assessment.legal, assessment.level,
                          True, after.level, moved, self.group if moved else None)


def _target(ctx: RuleContext, setting: FireteamSetting, assessment: FireteamAssessment,
            occupancy: dict[int, int]) -> _Target | None:
    """The team to suggest changes for, or None when no change of members could help it."""
    fireteam = assessment.fireteam
    members = [setting.candidates[u] for u in dict.fromkeys(fireteam.members) if u in setting.candidates]
    if not members or assessment.combat_group is None:
        return None
    if any(v.code == "fireteam.type_limit" for v in assessment.violations):
        return None  # no change of members lifts the chart header's limit
    if assessment.legal and assessment.level >= _top_level(setting, assessment):
        return None
    others = {uid for f in ctx.army_list.fireteams if f.uid != fireteam.uid for uid in f.members}
    return _Target(ctx, setting, assessment, members, assessment.combat_group, others, occupancy)


def _changes(ctx: RuleContext, setting: FireteamSetting, assessment: FireteamAssessment, in_teams: set[str],
             occupancy: dict[int, int]) -> Iterable[Suggestion]:
    target = _target(ctx, setting, assessment, occupancy)
    if target is None:
        return
    free = [c for c in setting.candidates.values()
            if c.uid not in in_teams and not c.barred and c.reinforcement == assessment.reinforcement]
    here = [c for c in free if c.combat_group == target.group]
    elsewhere = [c for c in free if c.combat_group != target.group]
    candidates = [*_changes_in_group(target, here), *_moves_from(target, elsewhere)]
    yield from (c for c in candidates if c is not None)


def _changes_in_group(target: _Target, here: list[Candidate]) -> Iterator[Suggestion | None]:
    """Add a free trooper of the team's group; remove a member (of a team not legal yet), swap one for a
    free trooper of the group, or move a member from another group into it."""
    ctx, members, group = target.ctx, target.members, target.group
    for extra in here:
        yield target.option("add", [*members, extra], lazy_tr("Add {name}", name=_label(ctx, extra)), (extra.uid,))
    for index, old in enumerate(members):
        rest = members[:index] + members[index + 1:]
        if not target.assessment.legal:
            yield target.option("remove", rest, lazy_tr("Remove {name}", name=_label(ctx, old)), (old.uid,))
        for new in here:
            yield target.option("swap", [*rest[:index], new, *rest[index:]],
                                lazy_tr("Swap {old} for {new}", old=_label(ctx, old), new=_label(ctx, new)),
                                (old.uid, new.uid))
        if old.combat_group != group and target.fits_in(old):
            moved = replace(old, combat_group=group)
            yield target.option("move", [*rest[:index], moved, *rest[index:]],
                                lazy_tr("Move {name} to Combat Group {group}", name=_label(ctx, old), group=group),
                                (old.uid,), old.uid)


def _moves_from(target: _Target, elsewhere: list[Candidate]) -> Iterator[Suggestion | None]:
    """Move a free trooper of another combat group into the team's: added, or in place of a member."""
    ctx, members, group = target.ctx, target.members, target.group
    for extra in elsewhere:
        if not target.fits_in(extra):
            continue
        moved = replace(extra, combat_group=group)
        action = lazy_tr("Move {name} from Combat Group {source} to {target} and add it", name=_label(ctx, extra),
                         source=extra.combat_group, target=group)
        yield target.option("move", [*members, moved], action, (extra.uid,), extra.uid)
        for index, old in enumerate(members):
            rest = members[:index] + members[index + 1:]
            action = lazy_tr("Move {name} from Combat Group {source} to {target} in place of {old}",
                             name=_label(ctx, extra), source=extra.combat_group, target=group, old=_label(ctx, old))
            yield target.option("move", [*rest[:index], moved, *rest[index:]], action, (extra.uid, old.uid),
                                extra.uid)


def _top_level(setting: FireteamSetting, assessment: FireteamAssessment) -> int:
    if assessment.team is None:
        return setting.edition.fireteam_max_level
    sizes = setting.size_range(setting.view(assessment.reinforcement), assessment.team, assessment.fireteam.type)
    top = setting.edition.fireteam_max_level
    return min(top, sizes[1]) if sizes else top
