"""Where a list's edits go: the combat group a new trooper (or a copy) joins, where moved troopers go (never
to the other section), the troopers a change of army drops, and whether an option still fits the points
and SWC left.

Fireteam membership follows the list itself (`ArmyList.with_declared_fireteam`, `leaving_fireteams`,
`without_trooper`: a trooper is in one team at most, and a team left empty is dissolved).
The GUI's document and the CLI call these; neither decides it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.domain.roster import ResolvedTrooper, resolve_trooper
from armybuilder.rules.engine import GroupTotals, Totals

DEFAULT_GROUP_LIMIT = 10
"""Places in a combat group the report has not counted yet (a group just made)."""


def placement_group(army_list: ArmyList, groups: Sequence[GroupTotals], preferred: int | None = None,
                    reinforcement: bool = False) -> int:
    """The combat group a new trooper goes to: `preferred` (or the last group of its section) if it
    has room, else the next group of the section with room, else a new group. `groups` are the
    report's counts (places taken, limit); troopers of the army's Reinforcements list go to
    Reinforcements groups, the others to the main ones."""
    section = [g for g in army_list.groups if g.reinforcement == reinforcement]
    if not section:
        return army_list.next_group_number()
    limits = {g.number: (g.troopers, g.limit) for g in groups}
    numbers = [g.number for g in section]
    start = numbers.index(preferred) if preferred in numbers else len(numbers) - 1
    for number in numbers[start:]:
        count, limit = limits.get(number, (0, DEFAULT_GROUP_LIMIT))
        if count < limit:
            return number
    return army_list.next_group_number()


def movable(army_list: ArmyList, uids: Sequence[str], combat_group: int) -> list[str]:
    """Those of `uids` that may move to `combat_group`, each once, in the order given: a trooper never
    changes section (a Reinforcements trooper stays in Reinforcements groups, a main one in combat groups;
    a group the list does not have yet is a main combat group)."""
    target = army_list.group(combat_group)
    section = target.reinforcement if target is not None else False
    return [u for u in dict.fromkeys(uids) if (g := army_list.group_of(u)) is not None and g.reinforcement == section]


def move_steps(army_list: ArmyList, uids: Sequence[str], combat_group: int,
               row: int | None = None) -> list[tuple[str, int | None]]:
    """Moving `uids` in order to `row` of `combat_group` as it is now (None: to its end), one trooper at a
    time: each step's (uid, index) for `ArmyList.moved`. Troopers of the other section stay where they are
    (`movable`); empty when the list would not change."""
    moving = movable(army_list, uids, combat_group)
    target = army_list.group(combat_group)
    order = [t.uid for t in target.troopers] if target else []
    anchor = next((u for u in order[row:] if u not in moving), None) if row is not None else None
    steps: list[tuple[str, int | None]] = []
    state = army_list
    for uid in moving:
        removed = state.moved(uid, combat_group)  # at the end: find where the anchor is without it
        group = removed.group(combat_group)
        positions = [t.uid for t in group.troopers if t.uid != uid] if group else []
        index = positions.index(anchor) if anchor in positions else None
        steps.append((uid, index))
        state = state.moved(uid, combat_group, index)
    return steps if state != army_list else []


def step_place(army_list: ArmyList, uid: str, step: int) -> tuple[int, int | None] | None:
    """Where moving a trooper one place up (`step` -1) or down (+1) puts it, as (combat group, index): past
    the ends of its group, to the end of the group before or the start of the group after, of its own
    section. None when it is already first or last (or not in the list)."""
    group = army_list.group_of(uid)
    if group is None:
        return None
    groups = [g for g in army_list.groups if g.reinforcement == group.reinforcement]
    position = next(i for i, t in enumerate(group.troopers) if t.uid == uid)
    at = groups.index(group)
    if step < 0:
        if position > 0:
            return group.number, position - 1
        return (groups[at - 1].number, None) if at > 0 else None
    if position < len(group.troopers) - 1:
        return group.number, position + 1
    return (groups[at + 1].number, 0) if at < len(groups) - 1 else None


def troopers_lost_with(army_list: ArmyList, catalog: Catalog, ref: ArmyRef) -> list[str]:
    """The troopers (uids) the list cannot keep when built with another army: their unit or option is
    not in it (or, in a Reinforcements group, not in its Reinforcements army)."""
    army = catalog.army(ref)
    reinforcements = catalog.reinforcement_army_for(army_list, army)
    lost = []
    for group, trooper in army_list.troopers():
        source = reinforcements if group.reinforcement else army
        if source is None or not isinstance(resolve_trooper(source, group, trooper), ResolvedTrooper):
            lost.append(trooper.uid)
    return lost


def duplicate_groups(army_list: ArmyList, groups: Sequence[GroupTotals], uids: Sequence[str]) -> list[int]:
    """The combat group each copy of `uids` (in order) goes to, as Add places a trooper: the original's
    group while it has room, else the next group of its section with room, else a new group of the
    section (the numbers of groups still to make follow the list's last one). Each copy takes a place."""
    counts = {g.number: [g.troopers, g.limit] for g in groups}
    made: dict[bool, list[int]] = {False: [], True: []}
    next_number = army_list.next_group_number()
    targets = []
    for uid in uids:
        group = army_list.group_of(uid)
        if group is None:
            raise KeyError(f"no trooper {uid}")
        section = [g.number for g in army_list.groups if g.reinforcement == group.reinforcement]
        section += made[group.reinforcement]
        start = section.index(group.number)
        number = next((n for n in section[start:] if _has_room(counts, n)), None)
        if number is None:
            number = next_number
            next_number += 1
            made[group.reinforcement].append(number)
        counts.setdefault(number, [0, DEFAULT_GROUP_LIMIT])[0] += 1
        targets.append(number)
    return targets


def _has_room(counts: dict[int, list[int]], number: int) -> bool:
    count, limit = counts.get(number, [0, DEFAULT_GROUP_LIMIT])
    return count < limit


@dataclass(frozen=True)
class Room:
    """The points and SWC (halves) a list has left for one more trooper of a kind."""

    points: int
    swc_halves: int

    def fits(self, points: int, swc_halves: int) -> bool:
        return points <= self.points and swc_halves <= self.swc_halves


def room_left(totals: Totals, reinforcement: bool = False, mercenary: bool = False) -> Room:
    """What is left under the list's limits for a trooper of the main army, of the Reinforcements army
    (`reinforcement`: also within the Reinforcements budget) or of the mercenary pool (`mercenary`:
    also within the Soldiers of Fortune cap, when it is on)."""
    points = totals.points_limit - totals.points
    if reinforcement and totals.reinforcement_points_limit > 0:
        points = min(points, totals.reinforcement_points_limit - totals.reinforcement_points)
    if mercenary and totals.mercenary_points_limit is not None:
        points = min(points, totals.mercenary_points_limit - totals.mercenary_points)
    return Room(points, totals.swc_limit_halves - totals.swc_halves)
