"""Who may be fielded and how many: AVA, characters, relations, selectable options, season bans.

RULES.md §2.6–2.7 and §3 (season rules). A unit's AVA is the value in its army's data, so a
sectorial's own AVA applies; `total` means no limit. Relations add shared limits across units
(`max`) and requirements (`depends`); a relation's `min` is not enforced because the data does
not document what it bounds (see docs/rules-coverage.md).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from armybuilder.domain.profiles import Army, Unit
from armybuilder.domain.roster import ResolvedTrooper, Roster
from armybuilder.i18n import Text, lazy_join, lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error


def check(ctx: RuleContext) -> Iterator[Violation]:
    yield from _unresolved(ctx)
    yield from _not_selectable(ctx)
    yield from _ava(ctx)
    yield from _relations(ctx)
    yield from _season_bans(ctx)


def _unresolved(ctx: RuleContext) -> Iterator[Violation]:
    for missing in ctx.roster.unresolved:
        yield error("data.unknown_trooper",
                    lazy_tr("Trooper {uid} cannot be found in the army data: {reason}. Remove it or pick the "
                            "unit again.", uid=missing.trooper.uid, reason=missing.reason),
                    sources.ARMY_LIST, (missing.trooper.uid,))


def _not_selectable(ctx: RuleContext) -> Iterator[Violation]:
    for trooper in ctx.roster.troopers:
        if trooper.option.disabled:
            yield error("option.not_selectable",
                        lazy_tr("{unit} ({option}) cannot be fielded on its own: it comes with another trooper's "
                                "option.", unit=trooper.name, option=trooper.option.name),
                        sources.COMBAT_GROUPS, (trooper.uid,))


def ava_groups(trooper: ResolvedTrooper) -> tuple[int | None, ...]:
    """The profile groups whose AVA a trooper uses: its own group, or each order-giving group a team
    option includes (ZOE & Π-WELL uses ZOE's and Π-WELL's). None: the unit's AVA."""
    if trooper.group is not None:
        return (trooper.group.id,)
    groups = tuple(dict.fromkeys(inc.group.id for inc in trooper.included if not inc.is_peripheral))
    return groups or (None,)


def _pool(trooper: ResolvedTrooper, group: int | None) -> tuple[int, str, int | None]:
    """Troopers in one pool share one AVA: same army, same unit (its own-list and mercenary-pool
    copies together) and, where the unit counts AVA per profile group, the same group."""
    unit = trooper.unit
    return trooper.army.id, unit.identity, group if unit.ava_per_group else None


def _limit(ava: object) -> int | None:
    return ava if isinstance(ava, int) and not isinstance(ava, bool) else None


@dataclass(frozen=True)
class AvaUse:
    """How much of a unit's availability a list already uses: `used` of `limit` (None: no limit), and
    how many more it may field (`left`, None: any number)."""

    used: int
    limit: int | None
    left: int | None

    @property
    def full(self) -> bool:
        """No more of it fit in the list (its AVA, or a character fielded once already)."""
        return self.left is not None and self.left <= 0


def ava_use(roster: Roster, army: Army, unit: Unit, group: int | None = None) -> AvaUse:
    """What the list uses of `unit`'s AVA in `army` (of profile group `group` where the unit counts AVA
    per group), counted as the AVA rule counts it: the unit's own-list and mercenary-pool copies share
    the higher AVA, a character counts once whatever version is fielded, a Spec-Ops is not counted; a
    relation of the army ("at most one of these units") limits it too, when it is the tighter."""
    return AvaCount(roster, army).use(unit, group)


class AvaCount:
    """`ava_use` for many units of one list: the roster is gone through once (the unit browser asks for
    every unit of the army after each edit), each unit then looks only at the troopers of its own pool."""

    def __init__(self, roster: Roster, army: Army) -> None:
        self._roster = roster
        self._army = army
        self._characters: dict[str, int] = defaultdict(int)
        self._pools: dict[tuple[int, str, int | None], list[tuple[int, int | None]]] = defaultdict(list)
        self._identities: dict[str, list[tuple[int | None, int, int | None]]] = defaultdict(list)
        """The pools' entries by unit identity (with their pool's group): what `signature` reads."""
        for trooper in roster.troopers:
            if trooper.unit.is_character:
                self._characters[trooper.unit.character_key] += 1
            if trooper.specops is not None or trooper.army.id != army.id:
                continue
            for used_group in ava_groups(trooper):
                pool = _pool(trooper, used_group)
                limit = _limit(trooper.unit.ava_of(used_group))
                self._pools[pool].append((trooper.unit.id, limit))
                self._identities[pool[1]].append((pool[2], trooper.unit.id, limit))
        self._relations: dict[int, list[int]] = defaultdict(list)
        """The army's relations (by position) that name each unit."""
        for position, relation in enumerate(army.relations):
            for unit_id in dict.fromkeys(m.unit for m in relation.members):
                self._relations[unit_id].append(position)
        self._relation_counts: dict[int, int] = {}

    def use(self, unit: Unit, group: int | None = None) -> AvaUse:
        if unit.is_character:
            fielded = self._characters.get(unit.character_key, 0)
            if fielded:
                return AvaUse(fielded, 1, 1 - fielded)
        own = self._own(unit, group)
        relations = self._army.relations
        for position in self._relations.get(unit.id, ()):
            relation = relations[position]
            if relation.max is None or not any(m.unit == unit.id and (m.group is None or group is None
                                                                      or m.group == group)
                                               for m in relation.members):
                continue
            count = self._relation_count(position)
            if own.left is None or relation.max - count < own.left:
                own = AvaUse(count, relation.max, relation.max - count)
        return own

    def changed_since(self, other: AvaCount) -> tuple[set[str], set[str], set[int]]:
        """What may give a unit other uses than `other` (a count of another list of the same army) gives it:
        the identities whose pools changed, the character keys fielded another number of times, and the units
        named by a relation whose count changed. A unit none of them names has the same uses in both."""
        identities = {key for key in self._identities.keys() | other._identities.keys()
                      if self._identities.get(key) != other._identities.get(key)}
        characters = {key for key in self._characters.keys() | other._characters.keys()
                      if self._characters.get(key, 0) != other._characters.get(key, 0)}
        units: set[int] = set()
        for position, relation in enumerate(self._army.relations):
            if self._relation_count(position) != other._relation_count(position):
                units.update(m.unit for m in relation.members)
        return identities, characters, units

    def _relation_count(self, position: int) -> int:
        count = self._relation_counts.get(position)
        if count is None:
            members = self._army.relations[position].members
            count = sum(1 for t in self._roster.troopers if t.army.id == self._army.id
                        and any(_matches(t, m.unit, m.group) for m in members))
            self._relation_counts[position] = count
        return count

    def _own(self, unit: Unit, group: int | None) -> AvaUse:
        limit = _limit(unit.ava_of(group))
        same = other = 0
        other_limits: list[int | None] = []
        for unit_id, used_limit in self._pools.get((self._army.id, unit.identity,
                                                    group if unit.ava_per_group else None), ()):
            if unit_id == unit.id:
                same += 1
            else:
                other += 1
                other_limits.append(used_limit)
        if limit is None:
            return AvaUse(same + other, None, None)
        if not other or None in other_limits:
            return AvaUse(same, limit, limit - same)
        shared = max(limit, *(x for x in other_limits if x is not None))
        return AvaUse(same + other, shared, min(limit - same, shared - same - other))


def _characters(ctx: RuleContext) -> tuple[list[Violation], set[str]]:
    """A character fielded twice, whatever versions of it (RULES.md §2.7): the copies are reported
    and their units are left out of the AVA count."""
    found: list[Violation] = []
    by_character: dict[str, list[ResolvedTrooper]] = defaultdict(list)
    for trooper in ctx.roster.troopers:
        if trooper.unit.is_character:
            by_character[trooper.unit.character_key].append(trooper)
    duplicated: set[str] = set()
    for troopers in by_character.values():
        if len(troopers) < 2:
            continue
        duplicated.update(t.uid for t in troopers)
        names = list(dict.fromkeys(t.name for t in troopers))
        first = troopers[0].name
        if len(names) == 1:
            message = lazy_tr("{unit} is a character and appears {count} times; a character may be fielded only once. "
                              "Remove {over}.", unit=first, count=len(troopers), over=len(troopers) - 1)
        else:
            message = lazy_tr("{names} are the same character, fielded {count} times; a character may be fielded only "
                              "once, in any of its versions. Keep one of them.", names=", ".join(names),
                              count=len(troopers))
        found.append(error("characters.duplicate", message, sources.CHARACTERS, tuple(t.uid for t in troopers[1:]),
                           count=len(troopers)))
    return found, duplicated


def _ava(ctx: RuleContext) -> Iterator[Violation]:
    found, duplicated = _characters(ctx)
    yield from found
    pools: dict[tuple[int, str, int | None], list[tuple[ResolvedTrooper, int | None]]] = defaultdict(list)
    for trooper in ctx.roster.troopers:
        if trooper.uid in duplicated or trooper.specops is not None:
            continue  # a Spec-Ops is limited by its own rule (one per list), not by its base unit's AVA
        for group in ava_groups(trooper):
            pools[_pool(trooper, group)].append((trooper, group))
    for entries in pools.values():
        yield from _pool_violations(ctx, entries)


def _pool_violations(ctx: RuleContext, entries: list[tuple[ResolvedTrooper, int | None]]) -> Iterator[Violation]:
    copies: dict[int, list[tuple[ResolvedTrooper, int | None]]] = defaultdict(list)
    for entry in entries:
        copies[entry[0].unit.id].append(entry)
    excess = 0
    limits: list[int] = []
    for copy in copies.values():
        trooper, group = copy[0]
        ava = _limit(trooper.unit.ava_of(group))
        if ava is None:
            continue
        limits.append(ava)
        count = len(copy)
        if count <= ava:
            continue
        excess += count - ava
        label = _unit_label(ctx, trooper.unit.id, group if trooper.unit.ava_per_group else None)
        army = trooper.army.name
        message: Text
        if ava == 0:
            message = lazy_tr("{unit} is not available (AVA 0) in {army}. Remove it.", unit=label, army=army)
        else:
            message = lazy_tr("{unit} appears {count} times; its AVA in {army} is {ava}. Remove {over}.",
                              unit=label, count=count, army=army, ava=ava, over=count - ava)
        if len(copies) > 1:
            message += " " + _copy_note(trooper)
        yield error("ava.exceeded", message, sources.AVA, tuple(t.uid for t, _ in copy[ava:]),
                    count=count, ava=ava)
    if len(copies) < 2 or len(limits) < len(copies):
        return
    limit = max(limits)
    total = len(entries)
    if total - excess <= limit:
        return
    trooper, group = entries[0]
    label = _unit_label(ctx, trooper.unit.id, group if trooper.unit.ava_per_group else None)
    yield error("ava.exceeded",
                lazy_tr("{unit} appears {count} times between {army}'s own list and its mercenary pool; together they "
                        "may not exceed the higher AVA, {ava}. Remove {over}.", unit=label, count=total,
                        army=trooper.army.name, ava=limit, over=total - excess - limit),
                sources.cite(sources.AVA, sources.SOLDIERS_OF_FORTUNE), tuple(t.uid for t, _ in entries[limit:]),
                count=total, ava=limit)


def _copy_note(trooper: ResolvedTrooper) -> Text:
    if trooper.unit.mercenary:
        return lazy_tr("(Counting the copies from the mercenary pool.)")
    return lazy_tr("(Counting the copies from the army's own list.)")


def _matches(trooper: ResolvedTrooper, unit: int, group: int | None) -> bool:
    return trooper.unit.id == unit and (group is None or trooper.trooper.group == group)


def _who(trooper: ResolvedTrooper) -> tuple[object, ...]:
    if trooper.unit.is_character:
        return ("character", trooper.unit.character_key)
    return ("unit", trooper.unit.id, trooper.trooper.group)


def _unit_label(ctx: RuleContext, unit_id: int, group_id: int | None = None) -> Text:
    """A unit's name, or its profile group's name when a relation or an AVA names one group of it."""
    for army in (ctx.roster.army, ctx.roster.reinforcement_army):
        unit = army.unit(unit_id) if army else None
        if unit is None:
            continue
        group = unit.group(group_id) if group_id is not None else None
        if group is not None and len(unit.profile_groups) > 1:
            return group.label or unit.name
        return unit.name
    return lazy_tr("unit {id}", id=unit_id)


def _relations(ctx: RuleContext) -> Iterator[Violation]:
    troopers = ctx.roster.troopers
    units = {t.unit.id for t in troopers}
    for relation in ctx.army.relations:
        if not any(m.unit in units for m in relation.members):
            continue
        involved = [t for t in troopers if any(_matches(t, m.unit, m.group) for m in relation.members)]
        # Several copies of one unit, or versions of one character, are the AVA/character rules'
        # business, not the relation's.
        spans_units = len({_who(t) for t in involved}) > 1
        if relation.max is not None and len(involved) > relation.max and spans_units:
            names = lazy_join(", ", dict.fromkeys(_unit_label(ctx, m.unit, m.group) for m in relation.members))
            yield error("relations.exceeded",
                        lazy_tr("At most {limit} of {names} may be fielded together; the list has {count}. Remove "
                                "{over}.", limit=relation.max, names=names, count=len(involved),
                                over=len(involved) - relation.max),
                        sources.AVA, tuple(t.uid for t in involved[relation.max:]),
                        count=len(involved), limit=relation.max)
        for member in relation.members:
            dependants = [t for t in troopers if _matches(t, member.unit, member.group)]
            if not dependants:
                continue
            dependant_uids = {t.uid for t in dependants}
            for dependency in member.depends:
                if dependency.per is not None and len(dependants) < dependency.per:
                    continue
                have = sum(1 for t in troopers if _matches(t, dependency.unit, dependency.group)
                           and t.uid not in dependant_uids)
                if have < dependency.min:
                    needed = _unit_label(ctx, dependency.unit, dependency.group)
                    if dependency.per is not None:
                        message = lazy_tr("{count} × {unit} need at least {min} × {needed} in the list; it has "
                                          "{have}.",
                                          count=len(dependants), unit=_unit_label(ctx, member.unit, member.group),
                                          min=dependency.min, needed=needed, have=have)
                    else:
                        message = lazy_tr("{unit} needs at least {min} × {needed} in the list; it has {have}. Add "
                                          "one or remove {unit}.", unit=_unit_label(ctx, member.unit, member.group),
                                          min=dependency.min,
                                          needed=needed, have=have)
                    yield error("relations.missing_dependency", message, sources.AVA,
                                tuple(t.uid for t in dependants), have=have, min=dependency.min)


def _season_bans(ctx: RuleContext) -> Iterator[Violation]:
    if ctx.season is None:
        return
    army = ctx.army
    faction = army.parent or army.id
    for rule in ctx.season.rules:
        for ban in rule.unavailable_units:
            if ban.army_parent is not None and ban.army_parent != faction:
                continue
            needle = re.compile(rf"(?<![0-9a-z]){re.escape(ban.contains.casefold())}(?![0-9a-z])")
            for trooper in ctx.roster.troopers:
                unit = trooper.unit
                if any(needle.search(text.casefold()) for text in (unit.name, unit.isc, unit.slug)):
                    yield error("season.unavailable_unit",
                                lazy_tr("{unit} is not available in {season}: {rule}. Remove it.", unit=unit.name,
                                        season=ctx.season.local_name, rule=rule.local_name),
                                sources.season_rule(rule.name), (trooper.uid,))


def notes(ctx: RuleContext) -> Iterator[Text]:
    """A relation whose `min` the list does not reach, while fielding some of its units: not enforced."""
    troopers = ctx.roster.troopers
    units = {t.unit.id for t in troopers}
    for relation in ctx.army.relations:
        if relation.min < 2 or not any(m.unit in units for m in relation.members):
            continue
        involved = [t for t in troopers if any(_matches(t, m.unit, m.group) for m in relation.members)]
        if 0 < len(involved) < relation.min:
            names = lazy_join(", ", dict.fromkeys(_unit_label(ctx, m.unit, m.group) for m in relation.members))
            yield lazy_tr("The army data gives {names} a minimum of {min} (the list has {count}); the rules do not "
                          "say what that minimum bounds, so the list is not held to it.", names=names,
                          min=relation.min, count=len(involved))
