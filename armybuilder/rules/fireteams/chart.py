"""How troopers fit an army's fireteam chart: who may join, which chart line counts them.

The pure core shared by the fireteam rules (`rules/fireteams/assess.py`) and the fireteam finder
(`rules/fireteams/finder.py`). It holds facts only; the messages are written by the rules module.

The level a placement gives is counted by `rules/fireteams/level.py`, from the keys each member
brings (its own, and the bracket terms of the line it joined under).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from armybuilder.domain.fireteams import ChartMember, ChartTeam, FireteamChart, normalize_term
from armybuilder.domain.packs import EditionPack
from armybuilder.domain.profiles import Army, Option, ProfileGroup, Unit
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.domain.values import FireteamType, ItemRef
from armybuilder.rules.fireteams.chart_text import ChartText, read_chart_text, size_override
from armybuilder.rules.fireteams.level import Level, level_of, own_keys

PERIPHERAL = "Peripheral"
"""The reason a controller or peripheral is barred (RULES.md §4)."""
CONTROLLER = "Controller"
"""The reason a trooper taken to control a peripheral bought on its own is barred (RULES.md §2.4, §4)."""

_FTO_TOKEN = re.compile(r"\bFTO(?:-\d+)?\b", re.IGNORECASE)
_FIRETEAM_SKILL = re.compile(r"^\s*fireteam\s*:\s*(core|haris|duo)\s*$", re.IGNORECASE)
_SKILL_LABEL = re.compile(r"^\s*[A-Z]{1,3}\s*:\s*")
_NOISE_WORDS = frozenset({"reinf", "ref"})
"""Words a chart label adds that are not part of a unit's name ('HWARANG REINF.', 'HAETAE REF.')."""
MAX_PLACEMENTS = 4096
"""Assignments of members to chart lines tried before settling for the best found."""


@dataclass(frozen=True)
class Candidate:
    """A trooper (or one trooper of a team option) as a fireteam sees it: its unit, the names a
    chart line may call it by, its combat group and what bars it.

    A team option such as ZOE & Π-WELL fields several troopers under one list entry: each is a
    candidate of its own (`uid` "t3#1", "t3#2") whose `trooper` is the list entry's uid, and they
    join a fireteam together (`parts` of them), since a fireteam names list entries.
    """

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
    names: tuple[frozenset[str], ...] = ()
    """The words of each name a chart line may call it by (profile group, profile, option)."""
    trooper: str = ""
    """The list entry's uid when this is one trooper of a team option."""
    parts: int = 1
    entry: str = ""
    """The list entry's option when this is one trooper of a team option ('ZOE FTO & Π-WELL FTO')."""

    @property
    def label(self) -> str:
        return self.name

    @property
    def owner(self) -> str:
        """The uid a fireteam declares: the list entry's."""
        return self.trooper or self.uid


def display_name(unit: Unit) -> str:
    """A unit as players say it: its short ISC, else its ISC, else its name."""
    return (unit.isc_abbr or unit.isc or unit.name).strip()


def barred_reasons(trooper: ResolvedTrooper, edition: EditionPack) -> tuple[str, ...]:
    """Why a trooper may never be in a fireteam: a peripheral or its controller, or a skill.

    The Controller of peripherals all of a type the edition frees (N5.2: Ancillary, which does not
    deploy with it) is not barred. A team option is barred when any trooper it fields is, since its
    troopers join a fireteam together."""
    reasons: list[str] = []
    free = _free_types(edition)
    included = [inc.group for inc in trooper.peripherals]
    if (_barring(included, free) or (trooper.option.peripherals and not included)
            or trooper.has_characteristic(PERIPHERAL)
            or any(_controls_peripherals(trooper.unit, inc.option, free) for inc in trooper.included)):
        reasons.append(PERIPHERAL)
    held = {_skill_key(item.name) for item in trooper.items()}
    held |= {_skill_key(item.name) for inc in trooper.included if not inc.is_peripheral
             for item in _included_items(inc.group, inc.option)}
    reasons += [skill for skill in edition.fireteam_excluded_skills if _skill_key(skill) in held]
    return tuple(reasons)


def _free_types(edition: EditionPack) -> frozenset[str]:
    return frozenset(t.casefold() for t in edition.fireteam_free_peripheral_types)


def _barring(groups: Sequence[ProfileGroup], free: frozenset[str]) -> bool:
    """Peripherals of which one bars its Controller: any whose type the edition does not free."""
    return any(g.peripheral_type not in free for g in groups)


def _controls_peripherals(unit: Unit, option: Option, free: frozenset[str] = frozenset()) -> bool:
    """An included option that brings barring peripherals of its own (a team option's TAG with a
    Synchronized peripheral; Scarface's Turtlemek is an Ancillary and frees him under N5.2)."""
    groups = [g for inc in option.includes if (g := unit.group(inc.group)) is not None and g.is_peripheral]
    if option.peripherals and not groups:
        return True  # named but not included: its type is unknown
    return _barring(groups, free)


def _included_items(group: ProfileGroup, option: Option) -> Iterable[ItemRef]:
    for profile in group.profiles[:1]:
        yield from (*profile.skills, *profile.equipment, *profile.weapons)
    yield from (*option.skills, *option.equipment, *option.weapons)


def name_words(text: str) -> frozenset[str]:
    """The words a chart line or a profile is named by, folded, without FTO tokens and 'Reinf.'."""
    return frozenset(normalize_term(_FTO_TOKEN.sub(" ", text)).split()) - _NOISE_WORDS


def _names(*texts: str) -> tuple[frozenset[str], ...]:
    return tuple(dict.fromkeys(w for w in (name_words(t) for t in texts if t) if w))


def _skill_key(name: str) -> str:
    """A skill name without N3's label prefix ("CH: TO Camouflage", "AD: Combat Jump"), folded."""
    return " ".join(_SKILL_LABEL.sub("", name).casefold().split())


def candidate_of(trooper: ResolvedTrooper, edition: EditionPack) -> Candidate:
    """The list entry as one candidate (a team option's troopers merged: see `parts_of`)."""
    grants = {FireteamType(m.group(1).upper()) for item in trooper.items()
              if (m := _FIRETEAM_SKILL.match(item.name))}
    group = trooper.group
    profiles = group.profiles if group is not None else ()
    return Candidate(
        uid=trooper.uid, slug=trooper.unit.slug, name=display_name(trooper.unit), option=trooper.option.name,
        combat_group=trooper.combat_group, reinforcement=trooper.reinforcement, keys=own_keys(trooper.unit),
        barred=barred_reasons(trooper, edition),
        fto=frozenset(t.upper() for t in _FTO_TOKEN.findall(trooper.option.name)),
        grants=frozenset(grants),
        names=_names(group.name if group else "", *(p.name for p in profiles), trooper.option.name),
    )


def parts_of(trooper: ResolvedTrooper, edition: EditionPack, whole: Candidate | None = None) -> tuple[Candidate, ...]:
    """The troopers a list entry fields, as fireteam candidates: itself, or each order-giving
    trooper of a team option (ZOE & Π-WELL → ZOE, Π-WELL), each with its own names and bars."""
    whole = whole or candidate_of(trooper, edition)
    if trooper.group is not None:
        return (whole,)
    members = [inc for inc in trooper.included if not inc.is_peripheral]
    if len(members) < 2:
        return (replace(whole, names=whole.names + tuple(
            n for inc in members for n in _names(inc.group.name, *(p.name for p in inc.group.profiles),
                                                  inc.option.name))),)
    team_items = [*trooper.option.skills, *trooper.option.equipment, *trooper.option.weapons]
    found = []
    for inc in members:
        items = [*_included_items(inc.group, inc.option), *team_items]
        reasons: list[str] = []
        if _controls_peripherals(trooper.unit, inc.option, _free_types(edition)) or any(
                p.is_peripheral for p in inc.group.profiles[:1]):
            reasons.append(PERIPHERAL)
        held = {_skill_key(i.name) for i in items}
        reasons += [skill for skill in edition.fireteam_excluded_skills if _skill_key(skill) in held]
        label = inc.group.label or whole.name
        found.append(replace(
            whole, uid=f"{trooper.uid}#{inc.group.id}", trooper=trooper.uid, parts=len(members),
            entry=trooper.option.name,
            name=label.strip(), option=inc.option.name, barred=tuple(reasons),
            fto=frozenset(t.upper() for t in _FTO_TOKEN.findall(inc.option.name)),
            grants=frozenset(FireteamType(m.group(1).upper()) for i in items
                             if (m := _FIRETEAM_SKILL.match(i.name))),
            names=_names(inc.group.name, *(p.name for p in inc.group.profiles), inc.option.name)))
    return tuple(found)


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
    words: frozenset[str] = frozenset()
    """The words of the line's label, to tell apart two lines of one unit (Kuang Shi / Monitor)."""

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
        self.text: ChartText = read_chart_text(self.chart.description)
        """What the chart's own text says (sizes per type) and what it could not read."""
        self._aliases: dict[str, set[str]] = {}
        self._slots: dict[int, tuple[ChartTeam, tuple[Slot, ...]]] = {}
        self._terms: dict[str, frozenset[str]] = {}
        self._names: dict[str, str] = {}
        self._skills: dict[int, tuple[ChartTeam, frozenset[FireteamType]]] = {}
        self._group_terms: set[str] = set()
        for unit in army.units:
            self._names[unit.slug] = display_name(unit)
            for text in (unit.name, unit.isc, unit.isc_abbr or "", unit.slug.replace("-", " ")):
                self._alias(text, unit.slug)
        carriers: dict[str, set[str]] = {}
        for team in self.chart.teams:
            for member in team.members:
                self._alias(_FTO_TOKEN.sub(" ", member.name), member.slug)
                for term in member.terms:
                    carriers.setdefault(normalize_term(term), set()).add(member.slug)
        self._group_terms = {term for term, slugs in carriers.items() if len(slugs) > 1}
        self._templates: dict[tuple[int, int, int, str], tuple[EditionPack, Candidate, tuple[Candidate, ...]]] = {}

    def is_of(self, army: Army) -> bool:
        """Whether this is the view of `army` (the very object, while it lives)."""
        return self._army() is army

    def candidates(self, trooper: ResolvedTrooper, edition: EditionPack) -> tuple[Candidate, tuple[Candidate, ...]]:
        """A trooper of this army as one candidate and as the troopers it fields (`parts_of`), built
        once per unit, profile group and option, then given the trooper's uid and combat group."""
        key = (trooper.unit.id, trooper.trooper.group, trooper.option.id, edition.id)
        cached = self._templates.get(key)
        if cached is None or cached[0] is not edition:
            whole = candidate_of(trooper, edition)
            cached = (edition, whole, parts_of(trooper, edition, whole))
            self._templates[key] = cached
        _, whole, parts = cached
        uid, group, section = trooper.uid, trooper.combat_group, trooper.reinforcement
        if whole.uid == uid and whole.combat_group == group and whole.reinforcement == section:
            return whole, parts
        return (replace(whole, uid=uid, combat_group=group, reinforcement=section),
                tuple(replace(p, uid=f"{uid}#{p.uid.rpartition('#')[2]}" if p.trooper else uid,
                              trooper=uid if p.trooper else "", combat_group=group, reinforcement=section)
                      for p in parts))

    def _alias(self, text: str, slug: str) -> None:
        """Register a name of a unit, as written and without a 'Reinf.' word ('REINF. WCD BASE OPERATORS')."""
        folded = normalize_term(text)
        for alias in (folded, " ".join(w for w in folded.split() if w not in _NOISE_WORDS)):
            if alias:
                self._aliases.setdefault(alias, set()).add(slug)

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
        slots = tuple(Slot(i, entry, wild, tuple((term, self.term_keys(term)) for term in entry.terms),
                           name_words(entry.name))
                      for i, (entry, wild) in enumerate(entries))
        self._slots[id(team)] = (team, slots)
        return slots

    def term_keys(self, term: str) -> frozenset[str]:
        """`t:<term>` plus `u:<slug>` of every unit the term names (see `units_named`)."""
        cached = self._terms.get(term)
        if cached is not None:
            return cached
        folded = normalize_term(term)
        keys = {f"t:{folded}", f"n:{folded}"}
        keys |= {f"u:{slug}" for slug in self.units_named(term)}
        result = frozenset(keys)
        self._terms[term] = result
        return result

    def units_named(self, term: str) -> set[str]:
        """The units a bracket term names: by a unit name, ISC, slug or chart label (exactly, 'Reinf.'
        aside, a word written with a period standing for any word it starts — "(Base Op.)" names
        the Base Operators), else by its leading words ("(Helot)" → Helot Militia).

        A term the chart gives to lines of two or more units ("(Morat)" on Morat Vanguard, Kurgat,
        Raktorak…) is the chart's own group name: it counts those lines together and names no unit
        by its leading words, so "(Morat)" does not make Raktorak a Morat Vanguard Infantry.
        """
        words, abbreviated = _term_words(term)
        exact = self._aliases.get(" ".join(words))
        if exact:
            return set(exact)
        found: set[str] = set()
        if not words or len("".join(words)) < 3:
            return found
        for alias, slugs in self._aliases.items():
            if _words_match(words, abbreviated, alias.split(), whole=True):
                found |= slugs
        if found or " ".join(words) in self._group_terms:
            return found
        for alias, slugs in self._aliases.items():
            if _words_match(words, abbreviated, alias.split(), whole=False):
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


def _term_words(term: str) -> tuple[list[str], list[bool]]:
    """A term's folded words, and which were written as abbreviations ('Op.')."""
    words: list[str] = []
    abbreviated: list[bool] = []
    for raw in term.split():
        folded = [w for w in normalize_term(raw).split() if w not in _NOISE_WORDS]
        for i, word in enumerate(folded):
            words.append(word)
            abbreviated.append(raw.endswith(".") and i == len(folded) - 1)
    return words, abbreviated


def _words_match(words: Sequence[str], abbreviated: Sequence[bool], alias: Sequence[str], whole: bool) -> bool:
    if len(alias) < len(words) or (whole and len(alias) != len(words)):
        return False
    return all(w == a or (abbr and a.startswith(w)) for w, abbr, a in zip(words, abbreviated, alias, strict=False))


_views: dict[int, ChartView] = {}


def chart_view(army: Army) -> ChartView:
    """The (cached) chart view of an army; forgotten when the army object is."""
    view = _views.get(id(army))
    if view is None or not view.is_of(army):
        view = ChartView(army)
        _views[id(army)] = view
        weakref.finalize(army, _views.pop, id(army), None)
    return view


def size_range(view: ChartView, team: ChartTeam | None, team_type: FireteamType,
               edition: EditionPack) -> tuple[int, int] | None:
    """Members a fireteam of this type may have: the team's own override, else the edition's with the
    chart text's own limits applied (Steel Phalanx: "the Fireteams Core have a maximum of 4 members")."""
    if team is not None and team_type in team.sizes:
        low, high = team.sizes[team_type]
        return low, high
    sizes = edition.fireteam_sizes.get(team_type)
    if sizes is None:
        return None
    return size_override(view.text, team_type, sizes.min, sizes.max)


def unit_lines(slots: Sequence[Slot], candidate: Candidate) -> tuple[Slot, ...]:
    """The lines a trooper may join under, before FTO: its unit's lines, and where the unit has
    lines of different names (KUANG SHI / CELESTIAL GUARD Monitor, SCARFACE / CORDELIA TURNER,
    MAXIMUS OPTIMATE / OPERATOR MAXIMUS), only those whose name fits the trooper's best.

    A line's name fits a trooper's name exactly (3), when all its words are in it (2), or when
    they share a word (1). Lines whose names fit equally (two 'SHÀNG JÍ' lines) all stay; a trooper
    whose names fit no line of its unit keeps them all (the chart's labels are not always names).
    """
    lines = tuple(s for s in slots if s.entry.slug == candidate.slug)
    if len({s.words for s in lines}) < 2 or not candidate.names:
        return lines
    scores = [max(_fit(s.words, name) for name in candidate.names) for s in lines]
    best = max(scores)
    if best == 0:
        return lines
    return tuple(s for s, score in zip(lines, scores, strict=True) if score == best)


def _fit(line: frozenset[str], name: frozenset[str]) -> int:
    if not line:
        return 0
    if line == name:
        return 3
    if line <= name:
        return 2
    return 1 if line & name else 0


def fitting_slots(slots: Sequence[Slot], candidate: Candidate) -> tuple[Slot, ...]:
    return tuple(s for s in unit_lines(slots, candidate) if fto_admits(s.entry, candidate))


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
