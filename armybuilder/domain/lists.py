"""Army lists: combat groups of troopers (unit + option), fireteams, game size. Immutable.

Every edit returns a new list, so the GUI's undo stack can keep the states it moves between
and the rules engine can validate any state as a pure function.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal

from pydantic import Field

from armybuilder.domain.specops import SpecOpsPick
from armybuilder.domain.values import FireteamType, Frozen

Origin = Literal["bundled", "imported"]


class ArmyRef(Frozen):
    """Which army a list is built with: origin + id, with slug, name and version for readability."""

    origin: Origin = "imported"
    id: int
    slug: str = ""
    name: str = ""
    version: str = ""


class Trooper(Frozen):
    """A trooper in a list: one option of one profile group of a unit.

    `uid` is stable within the list (t1, t2…) so that fireteams, violations and the GUI can
    point at a trooper even when it moves. Peripherals come with their controller's option.
    """

    uid: str
    unit: int
    group: int
    option: int
    specops: tuple[SpecOpsPick, ...] = Field(
        default=(), description="upgrades bought for a Spec-Ops trooper (its base is one of the army's Spec-Ops "
                                "table options)")


class CombatGroup(Frozen):
    """A combat group; `reinforcement` groups form the Reinforcements section."""

    number: int = Field(ge=1)
    troopers: tuple[Trooper, ...] = ()
    reinforcement: bool = False


class Fireteam(Frozen):
    """A declared fireteam: its type, the chart team it uses and its members (trooper uids)."""

    uid: str
    type: FireteamType
    team: str
    members: tuple[str, ...] = ()


class ArmyList(Frozen):
    """A whole army list with its game settings."""

    name: str = ""
    notes: str = ""
    army: ArmyRef
    pack: str = Field(default="n5", description="id of the rules pack (edition or season)")
    tier: str | None = Field(default=None, description="ITS tier id, e.g. 'mid'")
    points: int | None = Field(default=None, description="free game size when no tier is chosen")
    extras: tuple[str, ...] = ()
    cbl: str | None = Field(default=None, description="Closed Battle List id the list must match")
    groups: tuple[CombatGroup, ...] = (CombatGroup(number=1),)
    fireteams: tuple[Fireteam, ...] = ()

    # ----- reading -------------------------------------------------------------------------
    def troopers(self) -> Iterator[tuple[CombatGroup, Trooper]]:
        for group in self.groups:
            for trooper in group.troopers:
                yield group, trooper

    def trooper(self, uid: str) -> Trooper | None:
        for _, trooper in self.troopers():
            if trooper.uid == uid:
                return trooper
        return None

    def present_uids(self, uids: Iterable[str]) -> list[str]:
        """Those of `uids` that are troopers of the list, each once, in the order given."""
        known = {t.uid for _, t in self.troopers()}
        return [u for u in dict.fromkeys(uids) if u in known]

    def group_of(self, uid: str) -> CombatGroup | None:
        for group, trooper in self.troopers():
            if trooper.uid == uid:
                return group
        return None

    def group(self, number: int) -> CombatGroup | None:
        return next((g for g in self.groups if g.number == number), None)

    def fireteam(self, uid: str) -> Fireteam | None:
        """The declared fireteam whose uid this is."""
        return next((f for f in self.fireteams if f.uid == uid), None)

    def fireteam_of(self, uid: str) -> Fireteam | None:
        """The declared fireteam trooper `uid` is a member of."""
        return next((f for f in self.fireteams if uid in f.members), None)

    @property
    def trooper_count(self) -> int:
        return sum(len(g.troopers) for g in self.groups)

    def next_uid(self, prefix: str = "t") -> str:
        used = [t.uid for _, t in self.troopers()] + [f.uid for f in self.fireteams]
        numbers = [int(m.group(1)) for u in used if (m := re.fullmatch(rf"{prefix}(\d+)", u))]
        return f"{prefix}{max(numbers, default=0) + 1}"

    def next_group_number(self) -> int:
        return max((g.number for g in self.groups), default=0) + 1

    # ----- editing (each returns a new list) ---------------------------------------------
    def with_group(self, reinforcement: bool = False) -> tuple[ArmyList, int]:
        number = self.next_group_number()
        groups = (*self.groups, CombatGroup(number=number, reinforcement=reinforcement))
        return self.model_copy(update={"groups": groups}), number

    def without_group(self, number: int) -> ArmyList:
        """Remove a combat group and the troopers in it (and them from fireteams)."""
        group = self.group(number)
        if group is None:
            raise KeyError(f"no combat group {number}")
        result = self
        for trooper in group.troopers:
            result = result.without_trooper(trooper.uid)
        groups = tuple(g for g in result.groups if g.number != number)
        return result.model_copy(update={"groups": groups})

    def with_trooper(
        self, group_number: int, unit: int, group: int, option: int, index: int | None = None,
        uid: str | None = None, specops: tuple[SpecOpsPick, ...] = (),
    ) -> tuple[ArmyList, str]:
        """Add a trooper to a combat group (created if missing) at `index` (default: last)."""
        uid = uid or self.next_uid()
        trooper = Trooper(uid=uid, unit=unit, group=group, option=option, specops=specops)
        return self._inserted(trooper, group_number, index), uid

    def with_specops(self, uid: str, specops: tuple[SpecOpsPick, ...], option: tuple[int, int, int] | None = None
                     ) -> ArmyList:
        """Set a Spec-Ops trooper's upgrades (and, with `option`, its base: unit, group, option) in place."""
        if self.trooper(uid) is None:
            raise KeyError(f"no trooper {uid}")
        update: dict[str, object] = {"specops": specops}
        if option is not None:
            update.update(unit=option[0], group=option[1], option=option[2])
        groups = tuple(
            g.model_copy(update={"troopers": tuple(t.model_copy(update=update) if t.uid == uid else t
                                                   for t in g.troopers)})
            for g in self.groups
        )
        return self.model_copy(update={"groups": groups})

    def without_trooper(self, uid: str) -> ArmyList:
        """Remove a trooper; it also leaves its fireteam, and a team left empty is dissolved."""
        if self.trooper(uid) is None:
            raise KeyError(f"no trooper {uid}")
        groups = tuple(
            g.model_copy(update={"troopers": tuple(t for t in g.troopers if t.uid != uid)})
            for g in self.groups
        )
        return self.model_copy(update={"groups": groups}).leaving_fireteams([uid])

    def moved(self, uid: str, group_number: int, index: int | None = None) -> ArmyList:
        """Move a trooper (with its peripherals) to another group or position."""
        trooper = self.trooper(uid)
        if trooper is None:
            raise KeyError(f"no trooper {uid}")
        groups = tuple(
            g.model_copy(update={"troopers": tuple(t for t in g.troopers if t.uid != uid)})
            for g in self.groups
        )
        return self.model_copy(update={"groups": groups})._inserted(trooper, group_number, index)  # noqa: SLF001 - its own kind

    def with_option(self, uid: str, group: int, option: int) -> ArmyList:
        """Change a trooper's option in place (same uid, same position)."""
        if self.trooper(uid) is None:
            raise KeyError(f"no trooper {uid}")
        groups = tuple(
            g.model_copy(update={"troopers": tuple(
                t.model_copy(update={"group": group, "option": option}) if t.uid == uid else t
                for t in g.troopers
            )})
            for g in self.groups
        )
        return self.model_copy(update={"groups": groups})

    def duplicated(self, uid: str, into: int | None = None) -> tuple[ArmyList, str]:
        """Add a copy of a trooper right after it, in the same group; or, `into` another combat group
        (see `rules.list_edits.duplicate_groups`), at that group's end (an existing group: make a new
        Reinforcements group with `with_group` first)."""
        trooper = self.trooper(uid)
        group = self.group_of(uid)
        if trooper is None or group is None:
            raise KeyError(f"no trooper {uid}")
        if into is not None and into != group.number:
            return self.with_trooper(into, trooper.unit, trooper.group, trooper.option, specops=trooper.specops)
        index = next(i for i, t in enumerate(group.troopers) if t.uid == uid) + 1
        return self.with_trooper(group.number, trooper.unit, trooper.group, trooper.option, index,
                                 specops=trooper.specops)

    def with_fireteam(self, team: Fireteam) -> ArmyList:
        """Add or replace (same uid) a fireteam declaration."""
        others = tuple(f for f in self.fireteams if f.uid != team.uid)
        if len(others) == len(self.fireteams):
            return self.model_copy(update={"fireteams": (*self.fireteams, team)})
        replaced = tuple(team if f.uid == team.uid else f for f in self.fireteams)
        return self.model_copy(update={"fireteams": replaced})

    def without_fireteam(self, uid: str) -> ArmyList:
        return self.model_copy(update={"fireteams": tuple(f for f in self.fireteams if f.uid != uid)})

    def leaving_fireteams(self, uids: Iterable[str], keep: str | None = None) -> ArmyList:
        """These troopers leave every fireteam (but the one whose uid is `keep`); a team left without
        members is dissolved. The one place that says so: every edit of teams or troopers uses it."""
        leaving = set(uids)
        fireteams = []
        for team in self.fireteams:
            kept = team.members if team.uid == keep else tuple(m for m in team.members if m not in leaving)
            if kept:
                fireteams.append(team if kept == team.members else team.model_copy(update={"members": kept}))
        return self.model_copy(update={"fireteams": tuple(fireteams)})

    def with_declared_fireteam(self, team: Fireteam) -> ArmyList:
        """Declare `team` (or replace the one of the same uid): its members leave any other team."""
        return self.leaving_fireteams(team.members, keep=team.uid).with_fireteam(team)

    def _inserted(self, trooper: Trooper, group_number: int, index: int | None) -> ArmyList:
        groups = list(self.groups)
        position = next((i for i, g in enumerate(groups) if g.number == group_number), None)
        if position is None:
            groups.append(CombatGroup(number=group_number))
            groups.sort(key=lambda g: g.number)
            position = next(i for i, g in enumerate(groups) if g.number == group_number)
        target = groups[position]
        troopers = list(target.troopers)
        troopers.insert(len(troopers) if index is None else max(0, min(index, len(troopers))), trooper)
        groups[position] = target.model_copy(update={"troopers": tuple(troopers)})
        return self.model_copy(update={"groups": tuple(groups)})
