"""Peripherals bought on their own (Palbots, PuppetBots, Sartroids) and who controls them (RULES.md §2.4, N5.2).

A Controller and its Peripherals are always in the same combat group. A peripheral that comes with
its controller's option (an Auxbot) is there by construction; one bought on its own is controlled by
a trooper the edition pack names for its type (`peripheral_controllers`): Peripheral (Servant) →
Doctor or Engineer, at most two each; Peripheral (Control) → its own unit's order-giving troopers,
at most three each; Peripheral (Cyberplug) → Cyberplug, at most two each, and a controller with any
Peripheral (Cyberplug) may have no Peripheral (Servant). A type the pack does not list is not checked.

The list does not say which trooper controls which peripheral, so `control_plan(ctx)` chooses, in each
combat group, the assignment that lets the list be legal: every peripheral controlled, then as few
controllers as possible taken from declared fireteams (a Controller may not join one, RULES.md §4),
then as few troopers as possible who could otherwise join one. The fireteam rules read the plan (an
assigned controller is barred) and the report says which controller was assumed where several could be.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from armybuilder.domain.packs import PeripheralControl
from armybuilder.domain.profiles import Profile
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.i18n import Text, lazy_tr, lazy_trn
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error

SOURCE = sources.COMBAT_GROUPS
PERIPHERAL_SKILL = "peripheral"
MAX_ASSIGNMENTS = 20_000
"""Assignments of peripherals to controllers tried in one combat group before keeping the best found."""


def peripheral_type(profiles: Iterable[Profile]) -> str | None:
    """The type a profile's "Peripheral (Servant)" skill names, folded ('servant'), if any."""
    return next((t for t in (p.peripheral_type for p in profiles) if t), None)


@dataclass(frozen=True)
class Assignment:
    """A peripheral bought on its own and the trooper assumed to control it (None: nobody can)."""

    peripheral: str
    kind: str
    combat_group: int
    controller: str | None
    possible: tuple[str, ...]
    """Every trooper of its combat group whose skills let it control this type."""


@dataclass(frozen=True)
class ControlPlan:
    """Who controls each peripheral bought on its own, as the rules assume it."""

    assignments: tuple[Assignment, ...] = ()

    def controlled_by(self, uid: str) -> tuple[Assignment, ...]:
        return tuple(a for a in self.assignments if a.controller == uid)


def control_plan(ctx: RuleContext) -> ControlPlan:
    """The plan for this list, sparing the members of its declared fireteams where it can (built once per
    rule context)."""
    return ctx.memo("peripherals.control_plan", lambda: plan_sparing(ctx, _in_teams(ctx)))


def _in_teams(ctx: RuleContext) -> frozenset[str]:
    return frozenset(uid for f in ctx.army_list.fireteams for uid in f.members)


def forced_controllers(ctx: RuleContext) -> frozenset[str]:
    """Troopers that control a peripheral in every assignment that controls as many as the plan does: the
    only Doctor or Engineer of a group with a Palbot. Others the plan took could hand theirs over."""
    def build() -> frozenset[str]:
        plan = control_plan(ctx)
        missing = sum(1 for a in plan.assignments if a.controller is None)
        spared = _in_teams(ctx)
        forced = set()
        for uid in {a.controller for a in plan.assignments if a.controller is not None}:
            other = plan_sparing(ctx, spared | {uid})
            if sum(1 for a in other.assignments if a.controller is None) > missing or other.controlled_by(uid):
                forced.add(uid)
        return frozenset(forced)
    return ctx.memo("peripherals.forced_controllers", build)


def possible_controllers(ctx: RuleContext) -> frozenset[str]:
    """Every trooper that could control one of the list's peripherals bought on their own."""
    return frozenset(u for a in control_plan(ctx).assignments for u in a.possible)


def spares(ctx: RuleContext, members: Iterable[str]) -> bool:
    """Whether the peripherals can all stay controlled (as many as now) with none of `members` as a
    controller, besides the declared fireteams' members (the finder's check of a team it proposes)."""
    plan = control_plan(ctx)
    missing = sum(1 for a in plan.assignments if a.controller is None)
    wanted = set(members)
    if not any(a.controller in wanted for a in plan.assignments):
        return True
    other = plan_sparing(ctx, _in_teams(ctx) | wanted)
    return (sum(1 for a in other.assignments if a.controller is None) <= missing
            and not any(a.controller in wanted for a in other.assignments))


def _controls_map(ctx: RuleContext) -> dict[str, PeripheralControl]:
    return {c.type.casefold(): c for c in ctx.edition.peripheral_controllers}


def _controls(control: PeripheralControl, controller: ResolvedTrooper, peripheral: ResolvedTrooper) -> bool:
    if controller.is_peripheral:
        return False
    if control.same_unit:
        return controller.army.id == peripheral.army.id and controller.unit.identity == peripheral.unit.identity
    return any(controller.has_item(skill) for skill in control.skills)


Counter_ = defaultdict[str, int]


def _held(controller: ResolvedTrooper) -> Counter_:
    """Peripherals a controller already has through its own option, by folded type."""
    held: Counter_ = defaultdict(int)
    for inc in controller.peripherals:
        kind = inc.group.peripheral_type
        if kind:
            held[kind] += inc.quantity
    return held


@dataclass
class _Search:
    """One combat group's peripherals, their possible controllers and the best assignment found.

    Peripherals of one type with the same possible controllers (every Palbot of a group: its Doctors
    and Engineers) are interchangeable, so the search distributes counts of each such class over its
    controllers — fullest first, cheapest controllers first, so the first assignment tried is the
    greedy one — instead of trying every peripheral with every controller.
    """

    kinds: Sequence[str]
    possible: Sequence[Sequence[int]]
    held: Sequence[Counter_]
    controls: Mapping[str, PeripheralControl]
    in_team: Sequence[bool]
    free: Sequence[bool]
    exclusive: bool = True
    best: tuple[tuple[int, ...], tuple[int | None, ...]] | None = None
    tried: int = 0
    _classes: list[tuple[str, tuple[int, ...], list[int]]] = field(default_factory=list, init=False)
    _floor: int = field(default=0, init=False)
    """The fewest peripherals left without a controller that any assignment could reach."""

    def run(self) -> tuple[int | None, ...]:
        classes: dict[tuple[str, tuple[int, ...]], list[int]] = {}
        for index, (kind, options) in enumerate(zip(self.kinds, self.possible, strict=True)):
            classes.setdefault((kind, tuple(options)), []).append(index)
        self._classes = [(kind, options, members) for (kind, options), members in classes.items()]
        self._floor = sum(max(0, len(members) - self._room_alone(kind, options))
                          for kind, options, members in self._classes)
        load: list[Counter_] = [defaultdict(int) for _ in self.held]
        self._search(0, load, [])
        assert self.best is not None
        return self.best[1]

    def _room_alone(self, kind: str, options: Sequence[int]) -> int:
        top = self.controls[kind].max_per_controller
        if top is None:
            return 1 << 30
        return sum(max(0, top - self.held[c][kind]) for c in options)

    def _room(self, controller: int, kind: str, load: Sequence[Counter_]) -> int:
        control = self.controls[kind]
        have = self.held[controller][kind] + load[controller][kind]
        room = (control.max_per_controller - have) if control.max_per_controller is not None else 1 << 30
        if room <= 0 or not self.exclusive:
            return max(room, 0)
        types = {k for k, n in self.held[controller].items() if n} | {k for k, n in load[controller].items() if n}
        if any(kind in self._excluded(t) or t in self._excluded(kind) for t in types if t != kind):
            return 0
        return room

    def _excluded(self, kind: str) -> set[str]:
        control = self.controls.get(kind)
        return {t.casefold() for t in control.excludes} if control else set()

    def _finish(self, counts: Sequence[tuple[int, Sequence[tuple[int, int]]]]) -> None:
        self.tried += 1
        choice: list[int | None] = [None] * len(self.kinds)
        for class_index, given in counts:
            members = iter(self._classes[class_index][2])
            for controller, count in given:
                for _ in range(count):
                    choice[next(members)] = controller
        used = {c for c in choice if c is not None}
        score = (sum(1 for c in choice if c is None), sum(1 for c in used if self.in_team[c]),
                 sum(1 for c in used if self.free[c]), len(used))
        if self.best is None or score < self.best[0]:
            self.best = (score, tuple(choice))

    def _done(self) -> bool:
        return self.tried >= MAX_ASSIGNMENTS or (self.best is not None and self.best[0][:3] == (self._floor, 0, 0))

    def _search(self, class_index: int, load: list[Counter_],
                counts: list[tuple[int, Sequence[tuple[int, int]]]]) -> None:
        if self._done():
            return
        if class_index == len(self._classes):
            self._finish(counts)
            return
        kind, options, members = self._classes[class_index]

        def spread(position: int, left: int, given: list[tuple[int, int]]) -> None:
            if self._done():
                return
            if position == len(options) or left == 0:
                counts.append((class_index, tuple(given)))
                self._search(class_index + 1, load, counts)
                counts.pop()
                return
            controller = options[position]
            for count in range(min(left, self._room(controller, kind, load)), -1, -1):
                load[controller][kind] += count
                given.append((controller, count))
                spread(position + 1, left - count, given)
                given.pop()
                load[controller][kind] -= count

        spread(0, len(members), [])


def plan_sparing(ctx: RuleContext, in_teams: frozenset[str]) -> ControlPlan:
    """The best assignment in each combat group, taking as few of `in_teams` as controllers as it can."""
    controls = _controls_map(ctx)
    if not controls or not any(t.is_peripheral for t in ctx.roster.troopers):
        return ControlPlan()
    from armybuilder.rules.fireteams.chart import barred_reasons  # the chart module reads this one's plan

    found: list[Assignment] = []
    for group in ctx.army_list.groups:
        here = ctx.roster.in_group(group.number)
        peripherals = [t for t in here if t.is_peripheral and peripheral_type(t.profiles) in controls]
        if not peripherals:
            continue
        troopers = [t for t in here if not t.is_peripheral]
        kinds = [peripheral_type(p.profiles) or "" for p in peripherals]
        possible = [[i for i, c in enumerate(troopers) if _controls(controls[k], c, p)]
                    for p, k in zip(peripherals, kinds, strict=True)]
        candidates = {i for options in possible for i in options}
        barred = [i not in candidates or bool(barred_reasons(t, ctx.edition)) for i, t in enumerate(troopers)]
        # already-barred troopers (a controller of its own peripherals, an infiltrator) come first: they lose nothing
        possible = [sorted(p, key=lambda i: (not barred[i], troopers[i].uid in in_teams)) for p in possible]
        search = _Search(kinds, possible, [_held(t) for t in troopers], controls,
                         [t.uid in in_teams for t in troopers], [not b for b in barred])
        choice = search.run()
        for peripheral, kind, options, controller in zip(peripherals, kinds, possible, choice, strict=True):
            found.append(Assignment(peripheral.uid, kind, group.number,
                                    troopers[controller].uid if controller is not None else None,
                                    tuple(troopers[i].uid for i in sorted(options))))
    return ControlPlan(tuple(found))


def check(ctx: RuleContext) -> Iterator[Violation]:
    controls = _controls_map(ctx)
    plan = control_plan(ctx)
    if not plan.assignments:
        return
    by_group: dict[int, list[Assignment]] = defaultdict(list)
    for assignment in plan.assignments:
        by_group[assignment.combat_group].append(assignment)
    for number, assignments in by_group.items():
        unplaced = [a for a in assignments if a.controller is None]
        if unplaced:
            yield from _judge_group(ctx, number, assignments, unplaced, controls)


def _judge_group(ctx: RuleContext, number: int, assignments: Sequence[Assignment], unplaced: Sequence[Assignment],
                 controls: Mapping[str, PeripheralControl]) -> Iterator[Violation]:
    roster = ctx.roster
    without_controller = [a for a in unplaced if not a.possible]
    for kind, group in _by_kind(without_controller).items():
        yield from _no_controller(ctx, number, controls[kind], [_trooper(ctx, a.peripheral) for a in group])
    crowded = [a for a in unplaced if a.possible]
    if not crowded:
        return
    # would the controllers there take them all but for an exclusion (Cyberplug and Servant)?
    relaxed = _relaxed(ctx, number, assignments, controls)
    short = [a for r, a in zip(relaxed, assignments, strict=True) if r is None and a.possible]
    if len(short) < len(crowded):
        yield _incompatible(ctx, number, assignments, crowded, controls)
    for kind, group in _by_kind(short).items():
        control = controls[kind]
        kind_all = [a for a in assignments if a.kind == kind]
        controllers = [roster.trooper(u) for u in dict.fromkeys(u for a in kind_all for u in a.possible)]
        held = sum(_held(c)[kind] for c in controllers if c is not None)
        room = (control.max_per_controller or 0) * len(controllers) - held
        peripherals = [_trooper(ctx, a.peripheral) for a in kind_all]
        over = len(peripherals) - max(room, 0)
        label = f"Peripheral ({control.type})"
        yield error("peripherals.too_many",
                    lazy_tr("Combat Group {number} has {count} × {kind} ({names}) for {controllers}; each controls at "
                            "most {max}. Remove {over} or add {who} to Combat Group {number}.",
                            number=number, count=len(peripherals), kind=label, names=_counted(peripherals),
                            controllers=lazy_trn("{n} controller ({who_list})", "{n} controllers ({who_list})",
                                            len(controllers), who_list=_counted([c for c in controllers if c])),
                            max=control.max_per_controller, over=over, who=_who(control, peripherals[0])),
                    sources.PERIPHERAL, tuple(a.peripheral for a in group), group=number, count=len(peripherals),
                    limit=max(room, 0))


def _relaxed(ctx: RuleContext, number: int, assignments: Sequence[Assignment],
             controls: Mapping[str, PeripheralControl]) -> tuple[int | None, ...]:
    """The group's best assignment ignoring `excludes` (to tell an exclusion from a lack of room)."""
    troopers = [t for t in ctx.roster.in_group(number) if not t.is_peripheral]
    index = {t.uid: i for i, t in enumerate(troopers)}
    search = _Search([a.kind for a in assignments], [[index[u] for u in a.possible] for a in assignments],
                     [_held(t) for t in troopers], controls, [False] * len(troopers), [False] * len(troopers),
                     exclusive=False)
    return search.run()


def _incompatible(ctx: RuleContext, number: int, assignments: Sequence[Assignment], crowded: Sequence[Assignment],
                  controls: Mapping[str, PeripheralControl]) -> Violation:
    roster = ctx.roster
    peripherals = [_trooper(ctx, a.peripheral) for a in crowded]
    kind = crowded[0].kind
    control = controls[kind]
    rivals = sorted({t for t in controls if kind in {x.casefold() for x in controls[t].excludes}
                     or t in {x.casefold() for x in control.excludes}})
    holders: list[ResolvedTrooper] = []
    for uid in dict.fromkeys(u for a in crowded for u in a.possible):
        trooper = roster.trooper(uid)
        if trooper is None:
            continue
        has = {k for k, n in _held(trooper).items() if n} | {a.kind for a in assignments if a.controller == uid}
        if has & set(rivals):
            holders.append(trooper)
    rival_names = " · ".join(f"Peripheral ({controls[r].type})" for r in rivals if r in controls)
    return error("peripherals.incompatible",
                 lazy_tr("{names} in Combat Group {number} has no controller: {holders}, who could control it, already "
                         "has a {rivals}, and no controller may have both a {kind} and a {rivals}. Add {who} to "
                         "Combat Group {number}, or remove one of them.",
                         names=_counted(peripherals), number=number,
                         holders=_counted(holders) or lazy_tr("every trooper who could control it"), rivals=rival_names,
                         kind=f"Peripheral ({control.type})", who=_who(control, peripherals[0])),
                 sources.PERIPHERAL, tuple(a.peripheral for a in crowded) + tuple(t.uid for t in holders),
                 group=number)


def _by_kind(assignments: Sequence[Assignment]) -> dict[str, list[Assignment]]:
    found: dict[str, list[Assignment]] = defaultdict(list)
    for assignment in assignments:
        found[assignment.kind].append(assignment)
    return found


def _trooper(ctx: RuleContext, uid: str) -> ResolvedTrooper:
    trooper = ctx.roster.trooper(uid)
    assert trooper is not None
    return trooper


def _who(control: PeripheralControl, peripheral: ResolvedTrooper) -> Text:
    if control.same_unit:
        others = [g.label for g in peripheral.unit.profile_groups if not g.is_peripheral]
        return " · ".join(others) or peripheral.unit.name
    return lazy_tr("a trooper with {skills}", skills=_alternatives(control.skills))


def _alternatives(items: Sequence[str]) -> Text:
    if len(items) < 2:
        return "".join(items)
    return lazy_tr("{items} or {last}", items=", ".join(items[:-1]), last=items[-1])


def _has_dependency(ctx: RuleContext, peripheral: ResolvedTrooper) -> bool:
    """The army's relations already require its controller (reported by the relations rule when missing)."""
    return any(m.unit == peripheral.unit.id and m.depends for r in ctx.army.relations for m in r.members)


def _no_controller(ctx: RuleContext, number: int, control: PeripheralControl,
                   peripherals: Sequence[ResolvedTrooper]) -> Iterator[Violation]:
    first = peripherals[0]
    who = _who(control, first)
    kind = f"Peripheral ({control.type})"
    elsewhere = [t for t in ctx.roster.troopers if t.combat_group != number
                 and t.reinforcement == first.reinforcement and _controls(control, t, first)]
    if elsewhere:
        target = elsewhere[0]
        fix = lazy_tr("Move it to Combat Group {group}, where {name} is, or add {who} to Combat Group {number}.",
                      group=target.combat_group, name=target.name, who=who, number=number)
    elif control.same_unit and _has_dependency(ctx, first):
        return  # the relations rule reports the missing controller
    else:
        fix = lazy_tr("Add {who} to Combat Group {number}, or remove it.", who=who, number=number)
    yield error("peripherals.no_controller",
                lazy_tr("{names} in Combat Group {number} has no controller there: a {kind} is controlled by {who} "
                        "of its own combat group.", names=_counted(peripherals), number=number, kind=kind, who=who)
                + " " + fix,
                SOURCE, tuple(t.uid for t in peripherals), group=number)


def notes(ctx: RuleContext) -> Iterator[Text]:
    """Which controller the rules assumed, where another trooper of the group could be it and is left free to
    join a fireteam (where every possible controller controls one anyway, there was no choice to say)."""
    plan = control_plan(ctx)
    controllers = {a.controller for a in plan.assignments}
    for assignment in plan.assignments:
        free = [u for u in assignment.possible if u not in controllers]
        if assignment.controller is None or not free:
            continue
        peripheral, controller = _trooper(ctx, assignment.peripheral), _trooper(ctx, assignment.controller)
        others = [_trooper(ctx, u) for u in free]
        yield lazy_tr("Combat Group {group}: {controller} is taken to control {peripheral} ({others} could too); as a "
                      "Controller it may not join a fireteam.", group=assignment.combat_group,
                      controller=_label(controller), peripheral=peripheral.name, others=_counted(others))


def _label(trooper: ResolvedTrooper) -> str:
    return trooper.name if trooper.option.name.casefold() in trooper.name.casefold() else (
        f"{trooper.name} ({trooper.option.name})")


def _counted(troopers: Sequence[ResolvedTrooper]) -> str:
    counts: dict[str, int] = {}
    for trooper in troopers:
        counts[trooper.name] = counts.get(trooper.name, 0) + 1
    return " · ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())
