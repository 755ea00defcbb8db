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

from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.i18n import tr
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
                    tr("Trooper {uid} cannot be found in the army data: {reason}. Remove it or pick the "
                       "unit again.", uid=missing.trooper.uid, reason=missing.reason),
                    "RULES.md §1", (missing.trooper.uid,))


def _not_selectable(ctx: RuleContext) -> Iterator[Violation]:
    for trooper in ctx.roster.troopers:
        if trooper.option.disabled:
            yield error("option.not_selectable",
                        tr("{unit} ({option}) cannot be fielded on its own: it comes with another trooper's "
                           "option.", unit=trooper.name, option=trooper.option.name),
                        "RULES.md §2.4", (trooper.uid,))


def _ava(ctx: RuleContext) -> Iterator[Violation]:
    by_unit: dict[tuple[int, int], list[ResolvedTrooper]] = defaultdict(list)
    for trooper in ctx.roster.troopers:
        by_unit[(trooper.army.id, trooper.unit.id)].append(trooper)
    for troopers in by_unit.values():
        unit = troopers[0].unit
        count = len(troopers)
        if unit.is_character and count > 1:
            yield error("characters.duplicate",
                        tr("{unit} is a character and appears {count} times; a character may be fielded only "
                           "once. Remove the copies.", unit=unit.name, count=count),
                        "RULES.md §2.7", tuple(t.uid for t in troopers[1:]), count=count)
            continue
        ava = unit.ava
        if ava is None or ava == "total" or not isinstance(ava, int):
            continue
        if count > ava:
            over = count - ava
            if ava == 0:
                message = tr("{unit} is not available (AVA 0) in {army}. Remove it.",
                             unit=unit.name, army=troopers[0].army.name)
            else:
                message = tr("{unit} appears {count} times; its AVA in {army} is {ava}. Remove {over}.",
                             unit=unit.name, count=count, army=troopers[0].army.name, ava=ava, over=over)
            yield error("ava.exceeded", message, "RULES.md §2.6", tuple(t.uid for t in troopers[ava:]),
                        count=count, ava=ava)


def _matches(trooper: ResolvedTrooper, unit: int, group: int | None) -> bool:
    return trooper.unit.id == unit and (group is None or trooper.trooper.group == group)


def _unit_label(ctx: RuleContext, unit_id: int, group_id: int | None = None) -> str:
    """A unit's name, or its profile group's name when a relation names one group of it."""
    for army in (ctx.roster.army, ctx.roster.reinforcement_army):
        unit = army.unit(unit_id) if army else None
        if unit is None:
            continue
        group = unit.group(group_id) if group_id is not None else None
        if group is not None and len(unit.profile_groups) > 1:
            profile = group.main_profile
            return group.name or (profile.name if profile else unit.name)
        return unit.name
    return tr("unit {id}", id=unit_id)


def _relations(ctx: RuleContext) -> Iterator[Violation]:
    troopers = ctx.roster.troopers
    for relation in ctx.army.relations:
        involved = [t for t in troopers if any(_matches(t, m.unit, m.group) for m in relation.members)]
        # Several copies of one unit are the AVA/character rules' business, not the relation's.
        spans_units = len({(t.unit.id, t.trooper.group) for t in involved}) > 1
        if relation.max is not None and len(involved) > relation.max and spans_units:
            names = ", ".join(dict.fromkeys(_unit_label(ctx, m.unit, m.group) for m in relation.members))
            yield error("relations.exceeded",
                        tr("At most {limit} of {names} may be fielded together; the list has {count}. Remove "
                           "{over}.", limit=relation.max, names=names, count=len(involved),
                           over=len(involved) - relation.max),
                        "RULES.md §2.6", tuple(t.uid for t in involved[relation.max:]),
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
                        message = tr("{count} × {unit} need at least {min} × {needed} in the list; it has "
                                     "{have}.", count=len(dependants), unit=_unit_label(ctx, member.unit, member.group),
                                     min=dependency.min, needed=needed, have=have)
                    else:
                        message = tr("{unit} needs at least {min} × {needed} in the list; it has {have}. Add "
                                     "one or remove {unit}.", unit=_unit_label(ctx, member.unit, member.group),
                                     min=dependency.min,
                                     needed=needed, have=have)
                    yield error("relations.missing_dependency", message, "RULES.md §2.6",
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
                                tr("{unit} is not available in {season}: {rule}. Remove it.", unit=unit.name,
                                   season=ctx.season.name, rule=rule.name),
                                f"RULES.md §3 ({rule.name})", (trooper.uid,))
