"""The Reinforcements section: its own budget, 'Reinf.' units only, a Commlink in the main section (RULES.md §2.9)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.domain.values import format_halves
from armybuilder.i18n import tr
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error


def check(ctx: RuleContext) -> Iterator[Violation]:
    reinforcement_groups = [g for g in ctx.army_list.groups if g.reinforcement and g.troopers]
    if not reinforcement_groups:
        return
    rules = ctx.edition.reinforcements
    uids = tuple(t.uid for g in reinforcement_groups for t in g.troopers)
    if rules is None or ctx.army.reinforcements is None:
        why = (tr("{edition} has no Reinforcements", edition=ctx.edition.name) if rules is None
               else tr("{army} has no Reinforcements list", army=ctx.army.name))
        yield error("reinforcements.not_available",
                    tr("The list has a Reinforcements section, but {why}. Remove those combat groups.", why=why),
                    "RULES.md §2.9", uids)
        return
    section = ctx.roster.reinforcements
    points = sum(t.points for t in section)
    if points > rules.points:
        yield error("reinforcements.over_points",
                    tr("The Reinforcements section costs {used} points, {over} over its {limit} points. Remove "
                       "or change Reinforcements troopers.", used=points, over=points - rules.points,
                       limit=rules.points),
                    "RULES.md §2.9", tuple(t.uid for t in section), used=points, limit=rules.points)
    swc = sum(t.swc_halves for t in section)
    if swc > rules.swc.halves:
        over = swc - rules.swc.halves
        yield error("reinforcements.over_swc",
                    tr("The Reinforcements section uses {used} SWC, {over} over its {limit} SWC. Swap Reinforcements "
                       "support weapons for options with less SWC (at least {over} SWC less).",
                       used=format_halves(swc), over=format_halves(over), limit=str(rules.swc)),
                    "RULES.md §2.9", tuple(t.uid for t in section if t.swc_halves), used=format_halves(swc),
                    over=format_halves(over))
    prefix = rules.unit_prefix.casefold()
    for trooper in section:
        if not trooper.unit.name.casefold().startswith(prefix):
            yield error("reinforcements.wrong_unit",
                        tr("{unit} is not a Reinforcements unit (their names start with “{prefix}”). Move it to "
                           "the main section.", unit=trooper.name, prefix=rules.unit_prefix),
                        "RULES.md §2.9", (trooper.uid,))
    if rules.requires_commlink:
        skill = ctx.edition.commlink_skill
        if not any(t.has_item(skill) for t in ctx.roster.main):
            yield error("reinforcements.no_commlink",
                        tr("A list with Reinforcements needs a trooper with {skill} in the main section. Add one.",
                           skill=skill), "RULES.md §2.9", uids)
