"""A list resolved against its army: each trooper's unit, option, peripherals, cost and orders.

The rules engine, the exporters and the GUI all read lists through this one place, so a
trooper's cost (its option plus the options it includes, such as an Auxbot) is computed once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from armybuilder.domain.lists import ArmyList, CombatGroup, Trooper
from armybuilder.domain.profiles import Army, Option, Profile, ProfileGroup, SpecOpsTable, Unit
from armybuilder.domain.specops import SpecOpsPick, SpecOpsUpgrade
from armybuilder.domain.values import ItemRef, OrderType
from armybuilder.i18n import Text, lazy_tr


@dataclass(frozen=True)
class IncludedTrooper:
    """A model that comes with a trooper's option: a peripheral or a team member."""

    group: ProfileGroup
    option: Option
    quantity: int
    priced_in: bool = False
    """The including option's points and SWC already count this model (official data)."""

    @property
    def profile(self) -> Profile | None:
        return self.group.main_profile

    @property
    def is_peripheral(self) -> bool:
        return self.group.is_peripheral


@dataclass(frozen=True)
class SpecOpsState:
    """A Spec-Ops trooper's upgrades against its army's table: those the table offers (with their XP),
    those it does not, and attribute improvements (which the table does not price)."""

    upgrades: tuple[SpecOpsUpgrade, ...] = ()
    not_offered: tuple[SpecOpsPick, ...] = ()
    stats: tuple[SpecOpsPick, ...] = ()

    @property
    def xp(self) -> int:
        return sum(u.xp for u in self.upgrades)

    def items(self, kind: str) -> Iterator[ItemRef]:
        """The items of one kind (weapon, skill, equip) the upgrades give, with what comes with them."""
        for upgrade in self.upgrades:
            if upgrade.kind == kind:
                yield upgrade.item
            for grant in upgrade.grants:
                if grant.kind == kind:
                    yield grant.item


def with_upgrades(base: Option, state: SpecOpsState) -> Option:
    """A Spec-Ops base option carrying what its upgrades bought (and what comes with them), so the
    rules, the print-outs and the courtesy list's privacy read one loadout; cost and SWC stay the base's."""
    if not state.upgrades:
        return base
    return base.replaced(weapons=(*base.weapons, *state.items("weapon")),
                         skills=(*base.skills, *state.items("skill")),
                         equipment=(*base.equipment, *state.items("equip")))


def specops_state(table: SpecOpsTable | None, picks: tuple[SpecOpsPick, ...]) -> SpecOpsState:
    upgrades: list[SpecOpsUpgrade] = []
    not_offered: list[SpecOpsPick] = []
    stats: list[SpecOpsPick] = []
    for pick in picks:
        if pick.type == "stat":
            stats.append(pick)
            continue
        upgrade = table.upgrade(pick.key) if table is not None else None
        if upgrade is None:
            not_offered.append(pick)
        else:
            upgrades.append(upgrade)
    return SpecOpsState(tuple(upgrades), tuple(not_offered), tuple(stats))


@dataclass(frozen=True)
class ResolvedTrooper:
    """A trooper with everything the data says about it."""

    trooper: Trooper
    combat_group: int
    reinforcement: bool
    army: Army
    unit: Unit
    group: ProfileGroup | None
    option: Option
    included: tuple[IncludedTrooper, ...]
    specops: SpecOpsState | None = None
    """Set for a Spec-Ops trooper: its option is a base of the army's Spec-Ops table, with the items its
    upgrades bought added (`with_upgrades`)."""

    @property
    def uid(self) -> str:
        return self.trooper.uid

    @cached_property
    def profiles(self) -> tuple[Profile, ...]:
        """The trooper's own stat lines (a team option shows each member's)."""
        if self.group is not None:
            return tuple(p for p in self.group.profiles if not p.is_peripheral) or self.group.profiles
        return tuple(p for inc in self.included if not inc.is_peripheral
                     for p in inc.group.profiles[:1])

    @property
    def profile(self) -> Profile | None:
        return self.profiles[0] if self.profiles else None

    @property
    def is_peripheral(self) -> bool:
        """A peripheral bought on its own (Palbots, PuppetBots): it counts with its controller."""
        return self.group is not None and self.group.is_peripheral

    @property
    def peripherals(self) -> tuple[IncludedTrooper, ...]:
        return tuple(inc for inc in self.included if inc.is_peripheral)

    @cached_property
    def points(self) -> int:
        return self.option.points + sum(
            inc.option.points * inc.quantity for inc in self.included if not inc.priced_in)

    @cached_property
    def swc_halves(self) -> int:
        return self.option.swc.halves + sum(
            inc.option.swc.halves * inc.quantity for inc in self.included if not inc.priced_in)

    @cached_property
    def swc_bonus_halves(self) -> int:
        return self.option.swc.budget_bonus_halves + sum(
            inc.option.swc.budget_bonus_halves * inc.quantity for inc in self.included if not inc.priced_in)

    @property
    def is_lieutenant(self) -> bool:
        return self.option.is_lieutenant

    @property
    def name(self) -> str:
        return self.unit.name

    def orders(self, order_type: OrderType) -> int:
        return sum(o.total for o in self.option.orders if o.type is order_type)

    def has_item(self, name: str) -> bool:
        """Whether the trooper has a skill, equipment or weapon of this name (case-insensitive)."""
        wanted = _fold(name)
        return wanted in self.option.item_keys or any(wanted in p.item_keys for p in self.profiles)

    def items(self) -> Iterator[ItemRef]:
        for profile in self.profiles:
            yield from profile.skills
            yield from profile.equipment
            yield from profile.weapons
        yield from self.option.skills
        yield from self.option.equipment
        yield from self.option.weapons

    def has_characteristic(self, name: str) -> bool:
        wanted = _fold(name)
        return any(_fold(c) == wanted for p in self.profiles for c in p.characteristics) or any(
            _fold(c) == wanted for c in self.option.characteristics)


def _fold(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").casefold().split())


@dataclass(frozen=True)
class UnresolvedTrooper:
    """A trooper the data cannot explain (unknown unit or option): reported, never dropped."""

    trooper: Trooper
    combat_group: int
    reinforcement: bool
    reason: Text


@dataclass(frozen=True)
class Roster:
    """A list resolved against its army (and its Reinforcements army, when it has one)."""

    army_list: ArmyList
    army: Army
    troopers: tuple[ResolvedTrooper, ...]
    unresolved: tuple[UnresolvedTrooper, ...] = ()
    reinforcement_army: Army | None = None
    _by_uid: dict[str, ResolvedTrooper] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_uid.update({t.uid: t for t in self.troopers})

    def trooper(self, uid: str) -> ResolvedTrooper | None:
        return self._by_uid.get(uid)

    def in_group(self, number: int) -> tuple[ResolvedTrooper, ...]:
        return tuple(t for t in self.troopers if t.combat_group == number)

    @property
    def main(self) -> tuple[ResolvedTrooper, ...]:
        return tuple(t for t in self.troopers if not t.reinforcement)

    @property
    def reinforcements(self) -> tuple[ResolvedTrooper, ...]:
        return tuple(t for t in self.troopers if t.reinforcement)

    @property
    def points(self) -> int:
        return sum(t.points for t in self.troopers)

    @property
    def swc_halves(self) -> int:
        return sum(t.swc_halves for t in self.troopers)

    @property
    def lieutenants(self) -> tuple[ResolvedTrooper, ...]:
        return tuple(t for t in self.troopers if t.is_lieutenant)


def resolve_trooper(army: Army, group: CombatGroup, trooper: Trooper) -> ResolvedTrooper | UnresolvedTrooper:
    """Find a trooper's unit, option and included models in `army`."""
    unit = army.unit(trooper.unit)
    option = unit.option(trooper.group, trooper.option) if unit is not None else None
    if option is None and army.specops is not None:
        base = army.specops.base(trooper.unit, trooper.group, trooper.option)
        if base is not None:
            base_unit, base_group, base_option = base
            state = specops_state(army.specops, trooper.specops)
            return ResolvedTrooper(trooper, group.number, group.reinforcement, army, base_unit, base_group,
                                   with_upgrades(base_option, state), (), state)
    if unit is None:
        return UnresolvedTrooper(trooper, group.number, group.reinforcement,
                                 lazy_tr("unit {unit} is not in {army}", unit=trooper.unit, army=army.name))
    if option is None:
        return UnresolvedTrooper(trooper, group.number, group.reinforcement,
                                 lazy_tr("{unit} has no option {option} in profile group {group}", unit=unit.name,
                                         option=trooper.option, group=trooper.group))
    profile_group = unit.group(trooper.group) if trooper.group != 0 else None
    included = []
    for inc in option.includes:
        inc_group = unit.group(inc.group)
        inc_option = unit.option(inc.group, inc.option)
        if inc_group is None or inc_option is None:
            reason = lazy_tr("{unit} option {option!r} includes a missing option (group {group}, option {included})",
                             unit=unit.name, option=option.name, group=inc.group, included=inc.option)
            return UnresolvedTrooper(trooper, group.number, group.reinforcement, reason)
        included.append(IncludedTrooper(inc_group, inc_option, inc.quantity, inc.priced_in))
    return ResolvedTrooper(trooper, group.number, group.reinforcement, army, unit, profile_group,
                           option, tuple(included))


def resolve(army_list: ArmyList, army: Army, reinforcement_army: Army | None = None) -> Roster:
    """Resolve every trooper; Reinforcements groups are looked up in `reinforcement_army`.

    A trooper in the wrong section — a unit of the Reinforcements army in a main group, or a unit
    of the main army in a Reinforcements group — is resolved from the army that has it, so the
    Reinforcements rule can say "move it" instead of "unknown unit" (RULES.md §2.9).
    """
    resolved: list[ResolvedTrooper] = []
    unresolved: list[UnresolvedTrooper] = []
    for group in army_list.groups:
        source, other = army, reinforcement_army
        if group.reinforcement:
            if reinforcement_army is None:
                reason = lazy_tr("{army} has no Reinforcements data loaded", army=army.name)
                unresolved.extend(UnresolvedTrooper(t, group.number, True, reason) for t in group.troopers)
                continue
            source, other = reinforcement_army, army
        for trooper in group.troopers:
            found = source if other is None or source.unit(trooper.unit) is not None or other.unit(
                trooper.unit) is None else other
            result = resolve_trooper(found, group, trooper)
            (resolved if isinstance(result, ResolvedTrooper) else unresolved).append(result)  # type: ignore[arg-type]
    return Roster(army_list, army, tuple(resolved), tuple(unresolved), reinforcement_army)
