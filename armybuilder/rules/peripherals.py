"""Peripherals bought on their own (Palbots, PuppetBots) need a controller in their combat group (RULES.md §2.4).

A Controller and its Peripherals are always in the same combat group. A peripheral that comes with
its controller's option (an Auxbot) is there by construction; one bought on its own is controlled by
a trooper the edition pack names for its type (`peripheral_controllers`: Peripheral (Servant) →
Doctor or Engineer, at most two each; Peripheral (Control) → its own unit's order-giving troopers;
Peripheral (Cyberplug) → Cyberplug). A type the pack does not list is not checked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence

from armybuilder.domain.packs import PeripheralControl
from armybuilder.domain.profiles import Profile
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.i18n import tr, trn
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error

SOURCE = sources.COMBAT_GROUPS
PERIPHERAL_SKILL = "peripheral"


def peripheral_type(profiles: Iterable[Profile]) -> str | None:
    """The type a profile's "Peripheral (Servant)" skill names, folded ('servant'), if any."""
    for profile in profiles:
        for skill in profile.skills:
            if skill.name.casefold() == PERIPHERAL_SKILL and skill.extras:
                return skill.extras[0].strip().casefold()
    return None


def _controls(control: PeripheralControl, controller: ResolvedTrooper, peripheral: ResolvedTrooper) -> bool:
    if controller.is_peripheral:
        return False
    if control.same_unit:
        return controller.army.id == peripheral.army.id and controller.unit.identity == peripheral.unit.identity
    return any(controller.has_item(skill) for skill in control.skills)


def _held(control: PeripheralControl, controller: ResolvedTrooper) -> int:
    """Peripherals of this type a controller already has through its own option."""
    wanted = control.type.casefold()
    return sum(inc.quantity for inc in controller.peripherals if peripheral_type(inc.group.profiles) == wanted)


def _who(control: PeripheralControl, peripheral: ResolvedTrooper) -> str:
    if control.same_unit:
        others = [g.label for g in peripheral.unit.profile_groups if not g.is_peripheral]
        return " · ".join(others) or peripheral.unit.name
    return tr("a trooper with {skills}", skills=_alternatives(control.skills))


def _alternatives(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return tr("{items} or {last}", items=", ".join(items[:-1]), last=items[-1])


def _has_dependency(ctx: RuleContext, peripheral: ResolvedTrooper) -> bool:
    """The army's relations already require its controller (reported by the relations rule when missing)."""
    return any(m.unit == peripheral.unit.id and m.depends for r in ctx.army.relations for m in r.members)


def check(ctx: RuleContext) -> Iterator[Violation]:
    controls = {c.type.casefold(): c for c in ctx.edition.peripheral_controllers}
    if not controls:
        return
    everyone = ctx.roster.troopers
    for group in ctx.army_list.groups:
        here = ctx.roster.in_group(group.number)
        pending: dict[tuple[str, str], list[ResolvedTrooper]] = defaultdict(list)
        for trooper in here:
            if not trooper.is_peripheral:
                continue
            kind = peripheral_type(trooper.profiles)
            if kind in controls:
                scope = trooper.unit.identity if controls[kind].same_unit else ""
                pending[(kind, scope)].append(trooper)
        for (kind, _), peripherals in pending.items():
            yield from _judge(ctx, group.number, controls[kind], peripherals, here, everyone)


def _judge(ctx: RuleContext, number: int, control: PeripheralControl, peripherals: Sequence[ResolvedTrooper],
           here: Sequence[ResolvedTrooper], everyone: Sequence[ResolvedTrooper]) -> Iterator[Violation]:
    first = peripherals[0]
    names = _counted(peripherals)
    uids = tuple(t.uid for t in peripherals)
    controllers = [t for t in here if _controls(control, t, first)]
    who = _who(control, first)
    kind = f"Peripheral ({control.type})"
    if not controllers:
        elsewhere = [t for t in everyone if t.combat_group != number and t.reinforcement == first.reinforcement
                     and _controls(control, t, first)]
        if elsewhere:
            target = elsewhere[0]
            fix = tr("Move it to Combat Group {group}, where {name} is, or add {who} to Combat Group {number}.",
                     group=target.combat_group, name=target.name, who=who, number=number)
        elif control.same_unit and _has_dependency(ctx, first):
            return  # the relations rule reports the missing controller
        else:
            fix = tr("Add {who} to Combat Group {number}, or remove it.", who=who, number=number)
        yield error("peripherals.no_controller",
                    tr("{names} in Combat Group {number} has no controller there: a {kind} is controlled by {who} "
                       "of its own combat group.", names=names, number=number, kind=kind, who=who) + " " + fix,
                    SOURCE, uids, group=number)
        return
    if control.max_per_controller is None:
        return
    room = control.max_per_controller * len(controllers) - sum(_held(control, c) for c in controllers)
    if len(peripherals) <= room:
        return
    over = len(peripherals) - room
    yield error("peripherals.too_many",
                tr("Combat Group {number} has {count} × {kind} ({names}) for {controllers}; each controls at most "
                   "{max}. Remove {over} or add {who} to Combat Group {number}.",
                   number=number, count=len(peripherals), kind=kind, names=names,
                   controllers=trn("{n} controller ({who_list})", "{n} controllers ({who_list})", len(controllers),
                                   who_list=_counted(controllers)),
                   max=control.max_per_controller, over=over, who=who),
                SOURCE, uids[room:] if room >= 0 else uids, group=number, count=len(peripherals), limit=room)


def _counted(troopers: Sequence[ResolvedTrooper]) -> str:
    counts: dict[str, int] = {}
    for trooper in troopers:
        counts[trooper.name] = counts.get(trooper.name, 0) + 1
    return " · ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())
