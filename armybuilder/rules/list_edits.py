"""Where a list's edits go: the combat group a new trooper joins, the troopers a change of army drops.

Fireteam membership follows the list itself (`ArmyList.with_declared_fireteam`, `leaving_fireteams`,
`without_trooper`: a trooper is in one team at most, and a team left empty is dissolved).
The GUI's document and the CLI call these; neither decides it again.
"""

from __future__ import annotations

from collections.abc import Sequence

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.domain.roster import ResolvedTrooper, resolve_trooper
from armybuilder.rules.engine import GroupTotals

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
