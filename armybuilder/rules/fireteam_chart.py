"""How troopers fit an army's fireteam chart: who may join, which chart line counts them, the level.

The pure core shared by the fireteam rules (`rules/fireteams.py`) and the fireteam finder
(`rules/fireteam_finder.py`). It holds facts only; the messages are written by the rules module.

Level keys (RULES.md §4): troopers count as the same unit when they share a key —
`u:<slug>` (the unit), `n:<folded name>` (the same unit name, e.g. a unit and its mercenary
copy), or `t:<folded term>` (a bracket term of the chart line they joined under). A term also
brings the `u:` key of every unit it names (by name, ISC, slug or chart label), so Kyle Hawkins
listed as "(Fusiliers)" counts with the Fusiliers themselves.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armybuilder.domain.fireteams import ChartMember, ChartTeam, FireteamChart, normalize_term
from armybuilder.domain.packs import EditionPack
from armybuilder.domain.profiles import Army, Unit
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.domain.values import FireteamType

PERIPHERAL = "Peripheral"
"""The reason a controller or peripheral is barred (RULES.md §4)."""

_FTO_TOKEN = re.compile(r"\bFTO(?:-\d+)?\b", re.IGNORECASE)
_FIRETEAM_SKILL = re.compile(r"^\s*fireteam\s*:\s*(core|haris|duo)\s*$", re.IGNORECASE)
_SKILL_LABEL = re.compile(r"^\s*[A-Z]{1,3}\s*:\s*")
MAX_PLACEMENTS = 4096
"""Assignments of members to chart lines tried before settling for the best found."""


@dataclass(frozen=True)
class Candidate:
    """A trooper as a fireteam sees it: its unit, option, combat group and what bars it."""

    uid: str
    slug: str
    name: str
    option: str
    combat_group: int
    reinforcement: bool
    keys: frozenset[str]
    barred: tuple[str, ...] = ()
    fto: frozenset[str] = frozenset()
    grants: frozenset[FireteamType] = frozenset()

    @property
    def label(self) -> str:
        return self.name


def display_name(unit: Unit) -> str:
    """A unit as players say it: its short ISC, else its ISC, else its name."""
    return (unit.isc_abbr or unit.isc or unit.name).strip()


def own_keys(unit: Unit) -> frozenset[str]:
    keys = {f"u:{unit.slug}"}
    for text in (unit.name, unit.isc):
        folded = normalize_term(text)
        if folded:
            keys.add(f"n:{folded}")
    return frozenset(keys)


def barred_reasons(trooper: ResolvedTrooper, edition: EditionPack) -> tuple[str, ...]:
    """Why a trooper may never be in a fireteam: a peripheral or its controller, or a skill."""
    reasons: list[str] = []
    if trooper.peripherals or trooper.option.peripherals or trooper.has_characteristic(PERIPHERAL):
        reasons.append(PERIPHERAL)
    held = {_skill_key(item.name) for item in trooper.items()}
    reasons += [skill for skill in edition.fireteam_excluded_skills if _skill_key(skill) in held]
    return tuple(reasons)


def _skill_key(name: str) -> str:
    """A skill name without N3's label prefix ("CH: TO Camouflage", "AD: Combat Jump"), folded."""
    return " ".join(_SKILL_LABEL.sub("", name).casefold().split())


def candidate_of(trooper: ResolvedTrooper, edition: EditionPack) -> Candidate:
    grants = {FireteamType(m.group(1).upper()) for item in trooper.items()
              if (m := _FIRETEAM_SKILL.match(item.name))}
    return Candidate(
        uid=trooper.uid, slug=trooper.unit.slug, name=display_name(trooper.unit), option=trooper.option.name,
        combat_group=trooper.combat_group, reinforcement=trooper.reinforcement, keys=own_keys(trooper.unit),
        barred=barred_reasons(trooper, edition),
        fto=frozenset(t.upper() for t in _FTO_TOKEN.findall(trooper.option.name)),
        grants=frozenset(grants),
    )


def fto_admits(entry: ChartMember, candidate: Candidate) -> bool:
    """An FTO line admits only FTO options; 'FTO-2' admits only that exact variant."""
    wanted = entry.fto
    if wanted is None:
        return True
    if wanted == "FTO":
        return bool(candidate.fto)
    return wanted in candidate.fto


@dataclass(frozen=True)
class Slot:
    """A line of a chart team (or of the Wildcards list) that troopers join under."""

    index: int
    entry: ChartMember
    wildcard: bool
    term_keys: tuple[tuple[str, frozenset[str]], ...]

    @property
    def keys(self) -> frozenset[str]:
        found: set[str] = set()
        for _, keys in self.term_keys:
            found |= keys
        return frozenset(found)

    @property
    def label(self) -> str:
        return self.entry.name or self.entry.slug


class ChartView:
    """An army's chart with its lookups: teams by name, lines by unit, terms resolved to units."""

    def __init__(self, army: Army) -> None:
        self._army = weakref.ref(army)
        self.chart: FireteamChart = army.fireteam_chart
        self._aliases: dict[str, set[str]] = {}
        self._slots: dict[int, tuple[ChartTeam, tuple[Slot, ...]]] = {}
        self._terms: dict[str, frozenset[str]] = {}
        self._names: dict[str, str] = {}
        self._skills: dict[int, tuple[ChartTeam, frozenset[FireteamType]]] = {}
        for unit in army.units:
            self._names[unit.slug] = display_name(unit)
            for text in (unit.name, unit.isc, unit.isc_abbr or "", unit.slug.replace("-", " ")):
                folded = normalize_term(text)
                if folded:
                    self._aliases.setdefault(folded, set()).add(unit.slug)
        for team in self.chart.teams:
            for member in team.members:
                folded = normalize_term(_FTO_TOKEN.sub(" ", member.name))
                if folded:
                    self._aliases.setdefault(folded, set()).add(member.slug)

    def skill_types(self, team: ChartTeam) -> frozenset[FireteamType]:
        """Types its units form through a "Fireteam: Haris"-style skill [N3]: a member must hold it."""
        cached = self._skills.get(id(team))
        if cached is not None and cached[0] is team:
            return cached[1]
        army = self.army
        found: set[FireteamType] = set()
        for slug in {m.slug for m in team.members}:
            unit = army.unit_by_slug(slug)
            for group in unit.profile_groups if unit else ():
                items = [i for p in group.profiles for i in p.skills] + [i for o in group.options for i in o.skills]
                found |= {FireteamType(m.group(1).upper()) for i in items if (m := _FIRETEAM_SKILL.match(i.name))}
        result = frozenset(found)
        self._skills[id(team)] = (team, result)
        return result

    @property
    def army(self) -> Army:
        army = self._army()
        if army is None:  # pragma: no cover - a view is only used while its army is alive
            raise RuntimeError("the army of this chart view is gone")
        return army

    def team(self, name: str) -> ChartTeam | None:
        """The chart team of this name (exact, else ignoring case, spacing and plurals)."""
        found = self.chart.team(name)
        if found is not None:
            return found
        folded = normalize_term(name)
        return next((t for t in self.chart.teams if normalize_term(t.name) == folded), None)

    @property
    def teams(self) -> tuple[ChartTeam, ...]:
        """The teams that can be declared (the Wildcards list is not one)."""
        return tuple(t for t in self.chart.teams if not t.is_wildcards)

    def slots(self, team: ChartTeam) -> tuple[Slot, ...]:
        """The team's own lines, then the Wildcards lines unless the team forbids them."""
        cached = self._slots.get(id(team))
        if cached is not None and cached[0] is team:
            return cached[1]
        entries: list[tuple[ChartMember, bool]] = [(m, False) for m in team.members]
        if not team.forbids_wildcards:
            entries += [(m, True) for m in self.chart.wildcards]
        slots = tuple(Slot(i, entry, wild, tuple((term, self.term_keys(term)) for term in entry.terms))
                      for i, (entry, wild) in enumerate(entries))
        self._slots[id(team)] = (team, slots)
        return slots

    def wildcard_entries(self, slug: str) -> tuple[ChartMember, ...]:
        return tuple(m for m in self.chart.wildcards if m.slug == slug)

    def term_keys(self, term: str) -> frozenset[str]:
        """`t:<term>` plus `u:<slug>` of every unit the term names (exactly, else by leading words)."""
        folded = normalize_term(term)
        cached = self._terms.get(folded)
        if cached is not None:
            return cached
        keys = {f"t:{folded}", f"n:{folded}"}
        units = self.units_named(folded)
        keys |= {f"u:{slug}" for slug in units}
        result = frozenset(keys)
        self._terms[folded] = result
        return result

    def units_named(self, folded: str) -> set[str]:
        exact = self._aliases.get(folded)
        if exact:
            return set(exact)
        words = folded.split()
        if not words or len(folded) < 3:
            return set()
        found: set[str] = set()
        for alias, slugs in self._aliases.items():
            if alias.split()[: len(words)] == words:
                found |= slugs
        return found

    def label_of(self, key: str) -> str:
        """A readable name for a level key: the unit's name or the term as written."""
        kind, _, value = key.partition(":")
        if kind == "u":
            return self._names.get(value, value)
        for team in self.chart.teams:
            for member in team.members:
                for term in member.terms:
                    if normalize_term(term) == value:
                        return term
        for slug in self._aliases.get(value, ()):
            return self._names.get(slug, value)
        return value


_views: dict[int, ChartView] = {}


def chart_view(army: Army) -> ChartView:
    """The (cached) chart view of an army; forgotten when the army object is."""
    view = _views.get(id(army))
    if view is None or view._army() is not army:
        view = ChartView(army)
        _views[id(army)] = view
        weakref.finalize(army, _views.pop, id(army), None)
    return view


def size_range(team: ChartTeam, team_type: FireteamType, edition: EditionPack) -> tuple[int, int] | None:
    """Members a fireteam of this type may have: the team's own override, else the edition's."""
    if team_type in team.sizes:
        low, high = team.sizes[team_type]
        return low, high
    sizes = edition.fireteam_sizes.get(team_type)
    return (sizes.min, sizes.max) if sizes else None


def fitting_slots(slots: Sequence[Slot], candidate: Candidate) -> tuple[Slot, ...]:
    return tuple(s for s in slots if s.entry.slug == candidate.slug and fto_admits(s.entry, candidate))


@dataclass(frozen=True)
class Level:
    """A fireteam level: how many members count as the same unit, by which key, and who."""

    level: int
    key: str | None
    counted: tuple[int, ...]


_KEY_ORDER = {"t": 0, "u": 1, "n": 2}
"""On a tie, a shared bracket term names the group best ("Reverend"), then the unit, then its name."""


def level_of(keysets: Sequence[Iterable[str]]) -> Level:
    """Level = the largest number of members sharing a key (at least 1 for a non-empty team)."""
    counts: Counter[str] = Counter()
    for keys in keysets:
        counts.update(set(keys))
    if not counts:
        return Level(1 if keysets else 0, None, ())
    key = min(counts, key=lambda k: (-counts[k], _KEY_ORDER.get(k[0], 3), k))
    counted = tuple(i for i, keys in enumerate(keysets) if key in set(keys))
    if counts[key] < 2:
        return Level(1, None, ())
    return Level(counts[key], key, counted)


@dataclass(frozen=True)
class Placement:
    """Which line each member counts under, what that breaks, and the level it gives."""

    slots: tuple[Slot | None, ...]
    counts: tuple[int, ...]
    over: tuple[Slot, ...]
    under: tuple[Slot, ...]
    required_missing: bool
    level: Level

    @property
    def penalty(self) -> int:
        over = sum(self.counts[s.index] - s.entry.max for s in self.over)
        under = sum(s.entry.min - self.counts[s.index] for s in self.under)
        return over + under + (1 if self.required_missing else 0)


def member_keys(candidate: Candidate, slot: Slot | None) -> frozenset[str]:
    return candidate.keys | slot.keys if slot is not None else candidate.keys


def place(team: ChartTeam, slots: Sequence[Slot], members: Sequence[Candidate],
          fits: Sequence[tuple[Slot, ...]]) -> Placement:
    """The best assignment of members to chart lines: fewest broken limits, then highest level.

    `fits[i]` are the lines member i may join under (empty: it fits none and is left out).
    """
    order = sorted(range(len(members)), key=lambda i: len(fits[i]))
    choice: list[Slot | None] = [None] * len(members)
    counts = [0] * len(slots)
    best: list[Placement] = []
    explored = [0]
    ceiling = len(members)

    def finish() -> None:
        explored[0] += 1
        placement = _judge(team, slots, members, tuple(choice), tuple(counts))
        if not best or (placement.penalty, -placement.level.level) < (best[0].penalty, -best[0].level.level):
            best[:] = [placement]

    def search(position: int) -> bool:
        if explored[0] >= MAX_PLACEMENTS:
            return True
        if position == len(order):
            finish()
            return bool(best) and best[0].penalty == 0 and best[0].level.level >= ceiling
        index = order[position]
        options = fits[index]
        if not options:
            return search(position + 1)
        # lines with room first, so the first complete assignment is usually a legal one
        for slot in sorted(options, key=lambda s: counts[s.index] >= s.entry.max):
            choice[index] = slot
            counts[slot.index] += 1
            done = search(position + 1)
            counts[slot.index] -= 1
            choice[index] = None
            if done:
                return True
        return False

    search(0)
    return best[0]


def _judge(team: ChartTeam, slots: Sequence[Slot], members: Sequence[Candidate],
           choice: tuple[Slot | None, ...], counts: tuple[int, ...]) -> Placement:
    over = tuple(s for s in slots if counts[s.index] > s.entry.max)
    under = tuple(s for s in slots if not s.wildcard and counts[s.index] < s.entry.min)
    required = [s for s in slots if s.entry.required and not s.wildcard]
    missing = bool(required) and not any(counts[s.index] for s in required)
    level = level_of([member_keys(m, slot) for m, slot in zip(members, choice, strict=True)])
    return Placement(choice, counts, over, under, missing, level)


def granted_types(candidates: Iterable[Candidate]) -> frozenset[FireteamType]:
    found: set[FireteamType] = set()
    for candidate in candidates:
        found |= candidate.grants
    return frozenset(found)
