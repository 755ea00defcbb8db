"""Chart audit: can an army's own units form each team of its fireteam chart, in each type it lists?

For data maintainers and for the test over the 56 official armies: every team and type either has
a legal instance (found with the finder's search over the army's units at their AVA, and checked
by the fireteam rules) or is reported as an exception with its reason — never skipped silently.
It also reports bracket terms that name no unit and no other line (they cannot raise a level).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from armybuilder.domain.fireteams import ChartTeam, normalize_term
from armybuilder.domain.lists import CombatGroup, Fireteam, Trooper
from armybuilder.domain.packs import EditionPack
from armybuilder.domain.profiles import Army, Unit
from armybuilder.domain.roster import ResolvedTrooper, resolve_trooper
from armybuilder.domain.values import AVA_TOTAL, FireteamType
from armybuilder.rules.fireteams.assess import FireteamSetting, judge
from armybuilder.rules.fireteams.chart import (
    PERIPHERAL,
    Candidate,
    ChartView,
    Slot,
    chart_view,
    fitting_slots,
    parts_of,
)
from armybuilder.rules.fireteams.chart_text import read_chart_text
from armybuilder.rules.fireteams.finder import best_compositions

REASONS = {
    "missing_units": "the units it needs are not in the army's data",
    "barred": "every option of the units it needs is barred (peripheral, Infiltration, Airborne Deployment, markers)",
    "fto": "no option of a unit it needs has the FTO it asks for",
    "ava": "the army's AVA is too low for the team's size or minimums",
    "composition": "the chart's own minimums, maximums and asterisks cannot all be met",
}
"""Why a team cannot be formed, in the order they are tried (the first that explains it is given)."""


@dataclass(frozen=True)
class TeamException:
    """A chart team and type the army's own units cannot form, and why."""

    army: str
    team: str
    type: FireteamType
    reason: str
    detail: str = ""


@dataclass(frozen=True)
class UnmatchedTerm:
    """A bracket term that names no unit of the army and no other line of its team or the wildcards."""

    army: str
    team: str
    line: str
    term: str


@dataclass
class ChartAudit:
    """The audit of one army's chart."""

    army: Army
    team_types: int = 0
    formable: int = 0
    closed: list[tuple[str, FireteamType]] = field(default_factory=list)
    exceptions: list[TeamException] = field(default_factory=list)
    unmatched_terms: list[UnmatchedTerm] = field(default_factory=list)
    missing_units: list[tuple[str, str]] = field(default_factory=list)
    lines: int = 0
    texts: list[ChartSentence] = field(default_factory=list)
    """Every sentence of the chart's text and of its teams' notes, and how it was read."""


@dataclass(frozen=True)
class ChartSentence:
    """A sentence of a chart's `desc` (team "") or of a team's note, read as a list rule, a rule of play,
    or not read at all (reported: the rules cannot apply what they cannot read)."""

    army: str
    team: str
    text: str
    reading: Literal["list", "play", "unread"]


def _troopers(army: Army, unit: Unit) -> list[ResolvedTrooper]:
    found = []
    group = CombatGroup(number=1, reinforcement=army.kind == "reinforcements")
    for profile_group, option in unit.selectable_options():
        trooper = Trooper(uid=f"{unit.slug}#{profile_group.id if profile_group else 0}-{option.id}", unit=unit.id,
                          group=profile_group.id if profile_group else 0, option=option.id)
        resolved = resolve_trooper(army, group, trooper)
        if isinstance(resolved, ResolvedTrooper):
            found.append(resolved)
    return found


def _available(unit: Unit, group: int | None, high: int) -> int:
    ava = unit.ava_of(group)
    if ava is None or ava == AVA_TOTAL:
        return high
    return min(int(ava), high)


@dataclass(frozen=True)
class _Option:
    """A selectable option of a unit as fireteam candidates (a team option: one per trooper it fields)."""

    pool: int | None
    """The profile group whose AVA limits it, when the unit counts AVA per group; else None."""
    parts: tuple[Candidate, ...]

    @property
    def barred(self) -> bool:
        return any(p.barred for p in self.parts)

    def fits(self, slots: Sequence[Slot]) -> int:
        return sum(len(fitting_slots(slots, p)) for p in self.parts) if all(
            fitting_slots(slots, p) for p in self.parts) else 0


def _options(army: Army, unit: Unit, edition: EditionPack) -> list[_Option]:
    per_group = unit.ava_per_group and not unit.is_character
    return [_Option(t.group.id if per_group and t.group is not None else None, parts_of(t, edition))
            for t in _troopers(army, unit)]


@dataclass(frozen=True)
class _Relax:
    ava: bool = False
    barred: bool = False
    fto: bool = False


def _candidates(view: ChartView, team: ChartTeam, units: Sequence[Unit], options: dict[str, list[_Option]],
                high: int, relax: _Relax) -> list[Candidate]:
    """For each unit and AVA pool (the unit, or each profile group that carries its own AVA: Kuang
    Shi and their Monitor), the best option for this team (the one that fits most lines), AVA times."""
    slots = view.slots(team)
    any_fto = frozenset({"FTO"} | {e.fto for e in (s.entry for s in slots) if e.fto})
    found: list[Candidate] = []
    for unit in units:
        usable = [o for o in options[unit.slug] if relax.barred or not o.barred]
        if relax.fto:
            usable = [replace(o, parts=tuple(replace(p, fto=any_fto) for p in o.parts)) for o in usable]
        for pool in dict.fromkeys(o.pool for o in usable):
            best = max((o for o in usable if o.pool == pool),
                       key=lambda o: (o.fits(slots), any(p.grants for p in o.parts)))
            if not best.fits(slots):
                continue
            count = high if relax.ava else _available(unit, pool, high)
            for n in range(count):
                found += [replace(p, uid=f"{p.uid}/{n}", trooper=f"{p.trooper}/{n}" if p.trooper else "")
                          for p in best.parts]
    return found


def audit_chart(army: Army, edition: EditionPack) -> ChartAudit:
    """Check every team and type of `army`'s chart against the army's own units."""
    audit = ChartAudit(army)
    view = chart_view(army)
    setting = FireteamSetting(edition=edition, main=view)
    own = {u.slug: u for u in army.own_units}
    options = {slug: _options(army, unit, edition) for slug, unit in own.items()}
    header_states_limits = army.kind != "reinforcements" or any(view.chart.limits.values())
    wildcard_slugs = {m.slug for m in view.chart.wildcards}
    audit.unmatched_terms = list(_unmatched_terms(army, view))
    audit.texts = list(_sentences(army, view))
    for team in view.chart.teams:
        audit.lines += len(team.members)
        audit.missing_units += [(team.name.strip(), m.slug) for m in team.members if m.slug not in own]
    for team in view.teams:
        slugs = [m.slug for m in team.members] + ([] if team.forbids_wildcards else sorted(wildcard_slugs))
        units = [own[s] for s in dict.fromkeys(slugs) if s in own]
        for team_type in team.types:
            audit.team_types += 1
            if header_states_limits and view.chart.limit(team_type) == 0:
                audit.closed.append((team.name.strip(), team_type))
            if _formable(setting, view, team, team_type, units, options, _Relax()):
                audit.formable += 1
                continue
            audit.exceptions.append(_why(setting, view, team, team_type, units, options))
    return audit


def _formable(setting: FireteamSetting, view: ChartView, team: ChartTeam, team_type: FireteamType,
              units: Sequence[Unit], options: dict[str, list[_Option]], relax: _Relax) -> bool:
    sizes = setting.size_range(view, team, team_type)
    high = sizes[1] if sizes else 5
    candidates = _candidates(view, team, units, options, high, relax)
    found = best_compositions(setting, view, team, candidates, only=team_type).get(team_type)
    if not found:
        return False
    members: list[Candidate] = []
    used: set[str] = set()
    for cls, _, count in found:
        pool = [m for m in cls.members if m.uid not in used][:count]
        used |= {m.uid for m in pool}
        members += pool
    owners = tuple(dict.fromkeys(m.owner for m in members))
    fireteam = Fireteam(uid="audit", type=team_type, team=team.name, members=owners)
    parts = {owner: tuple(m for m in members if m.owner == owner) for owner in owners}
    assessed = judge(replace(setting, candidates={o: p[0] for o, p in parts.items()}, parts=parts), fireteam, members)
    if relax == _Relax():
        return assessed.legal
    return True


def _why(setting: FireteamSetting, view: ChartView, team: ChartTeam, team_type: FireteamType,
         units: Sequence[Unit], options: dict[str, list[_Option]]) -> TeamException:
    name, army = team.name.strip(), view.army.name
    missing = [m.slug for m in team.members if view.army.unit_by_slug(m.slug) is None]
    if len(missing) == len(team.members):
        return TeamException(army, name, team_type, "missing_units", ", ".join(missing))
    if _formable(setting, view, team, team_type, units, options, _Relax(barred=True)):
        barred = sorted({r for u in units for o in options[u.slug] for p in o.parts for r in p.barred
                         if all(x.barred for x in options[u.slug])})
        return TeamException(army, name, team_type, "barred", ", ".join(barred))
    if _formable(setting, view, team, team_type, units, options, _Relax(barred=True, fto=True)):
        return TeamException(army, name, team_type, "fto", ", ".join(sorted({m.fto or "" for m in team.members
                                                                              if m.fto})))
    if _formable(setting, view, team, team_type, units, options, _Relax(barred=True, fto=True, ava=True)):
        return TeamException(army, name, team_type, "ava",
                             ", ".join(f"{u.slug} {u.ava}" for u in units if u.ava not in (None, AVA_TOTAL)))
    if missing:
        return TeamException(army, name, team_type, "missing_units", ", ".join(missing))
    return TeamException(army, name, team_type, "composition")


def _unmatched_terms(army: Army, view: ChartView) -> Iterable[UnmatchedTerm]:
    wildcards = [m for m in view.chart.wildcards]
    for team in view.chart.teams:
        lines = list(team.members) + ([] if team.is_wildcards or team.forbids_wildcards else wildcards)
        for member in team.members:
            for term in member.terms:
                folded = normalize_term(term)
                if view.units_named(term):
                    continue
                shared = [m for m in lines if m is not member and folded in {normalize_term(t) for t in m.terms}]
                if team.is_wildcards:
                    shared += [m for t in view.teams for m in t.members
                               if folded in {normalize_term(x) for x in m.terms}]
                if not shared:
                    yield UnmatchedTerm(army.name, team.name.strip(), member.name or member.slug, term)


def _sentences(army: Army, view: ChartView) -> Iterable[ChartSentence]:
    for team, text in [("", view.chart.description), *((t.name.strip(), t.note) for t in view.chart.teams)]:
        found = read_chart_text(text)
        for reading, sentences in (("list", found.read), ("play", found.play), ("unread", found.unread)):
            for sentence in sentences:
                yield ChartSentence(army.name, team, sentence, reading)  # type: ignore[arg-type]


def reinforcement_types_closed(audits: Sequence[ChartAudit]) -> list[tuple[str, str, FireteamType, list[str]]]:
    """For each Reinforcements army's team and type: the armies naming it whose own chart header allows
    none of that type (a JSA list's Hayabusa Core): its Reinforcements obey the main chart too."""
    found = []
    for audit in audits:
        if audit.army.kind != "reinforcements":
            continue
        mains = [a.army for a in audits if a.army.reinforcements == audit.army.id]
        for team in chart_view(audit.army).teams:
            for team_type in team.types:
                closed = sorted(m.name for m in mains if m.fireteam_chart.limit(team_type) == 0)
                if closed:
                    found.append((audit.army.name, team.name.strip(), team_type, closed))
    return found


def barred_summary(audits: Iterable[ChartAudit]) -> dict[str, int]:
    """How many team/type exceptions each reason explains, across armies."""
    counts: dict[str, int] = {}
    for audit in audits:
        for exception in audit.exceptions:
            counts[exception.reason] = counts.get(exception.reason, 0) + 1
    return counts


def format_audit(audits: Sequence[ChartAudit]) -> str:
    """The audit as Markdown: totals, then every exception, unmatched term and missing unit."""
    team_types = sum(a.team_types for a in audits)
    formable = sum(a.formable for a in audits)
    lines = [
        f"Armies: {len(audits)} · chart teams: {sum(len(chart_view(a.army).teams) for a in audits)} · chart lines: "
        f"{sum(a.lines for a in audits)} · team/type pairs: {team_types} · formable: {formable} · exceptions: "
        f"{team_types - formable}",
        "",
    ]
    exceptions = [e for a in audits for e in a.exceptions]
    if exceptions:
        lines += ["| army | team | type | reason | detail |", "|---|---|---|---|---|"]
        lines += [f"| {e.army} | {e.team} | {e.type.value} | {e.reason} | {e.detail} |" for e in exceptions]
        lines += ["", "Reasons: " + "; ".join(f"{k} — {REASONS[k]}" for k in dict.fromkeys(e.reason
                                                                                          for e in exceptions))]
    closed = [(a.army.name, team, t) for a in audits for team, t in a.closed]
    if closed:
        lines += ["", "Types a team lists but the army's chart header allows none of (0):", ""]
        lines += [f"- {army}: {team} ({t.value})" for army, team, t in closed]
    closed_by_main = reinforcement_types_closed(audits)
    if closed_by_main:
        lines += ["", "Reinforcements teams and types a main army's chart closes (0), so its lists may not form "
                      f"them (Infinity Reinforcements) ({len(closed_by_main)}):", ""]
        lines += [f"- {army}: {team} ({t.value}) — not in {', '.join(mains)}"
                  for army, team, t, mains in closed_by_main]
    terms = [u for a in audits for u in a.unmatched_terms]
    if terms:
        lines += ["", f"Bracket terms that name no unit and no other line ({len(terms)}):", ""]
        lines += [f"- {u.army}: {u.team}, {u.line}: ({u.term})" for u in terms]
    texts = [t for a in audits for t in a.texts]
    unread = [t for t in texts if t.reading == "unread"]
    lines += ["", f"Chart texts the rules could not read ({len(unread)}):", ""]
    lines += [f"- {t.army}{': ' + t.team if t.team else ' (chart)'}: “{t.text}”" for t in unread] or ["- none"]
    for reading, title in (("list", "read as list rules"), ("play", "read as rules of play (no effect on a list)")):
        found = [t for t in texts if t.reading == reading]
        if found:
            lines += ["", f"Chart texts {title} ({len(found)}):", ""]
            lines += [f"- {t.army}{': ' + t.team if t.team else ' (chart)'}: “{t.text}”" for t in found]
    missing = [(a.army.name, team, slug) for a in audits for team, slug in a.missing_units]
    if missing:
        lines += ["", f"Chart lines naming a unit the army's data does not have ({len(missing)}):", ""]
        lines += [f"- {army}: {team}, `{slug}`" for army, team, slug in missing]
    return "\n".join(lines) + "\n"


__all__ = ["PERIPHERAL", "REASONS", "ChartAudit", "ChartSentence", "TeamException", "UnmatchedTerm", "audit_chart",
           "barred_summary", "format_audit", "reinforcement_types_closed"]
