"""The Reinforcements section: its own budget, 'Reinf.' units only and only there, a Commlink in the main
section (RULES.md §2.9).

A Reinforcements unit is one whose name includes the pack's marker word ("Reinf."): in the
official data most are named "REINF: SPEKTRS", but "STEMPLER ZOND REINF." puts it last, a Spanish
entry reads "REFUERZOS: WARDRIVERS" and one has no name at all — their ISC ("Reinf. Stempler
Zonds", "Reinf. Wardrivers", "Reinf. Al Hawwa' Unit") always says it. So the unit's name, ISC and
profile-group names are read, word by word, wherever the word stands.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.domain.packs import Extra
from armybuilder.domain.profiles import Unit, fold_name
from armybuilder.domain.values import format_halves
from armybuilder.i18n import Text, lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error

SOURCE = sources.REINFORCEMENTS


def is_reinforcement_unit(unit: Unit, marker: str) -> bool:
    """Whether the unit's name, ISC or a profile group's name includes the marker word ("Reinf")."""
    return marker.strip(" .:").casefold() in unit.name_words


def check(ctx: RuleContext) -> Iterator[Violation]:
    rules = ctx.edition.reinforcements
    required = next((e for e in ctx.extras if e.requires_reinforcements), None)
    if required is not None:
        yield from _required(ctx, required)
    if rules is not None:
        for trooper in ctx.roster.main:
            if is_reinforcement_unit(trooper.unit, rules.unit_marker):
                yield error("reinforcements.in_main_section",
                            lazy_tr("{unit} is a Reinforcements unit: it may only be in the Reinforcements section, "
                                    "never in the main one. Move it to a Reinforcements combat group.",
                                    unit=trooper.name),
                            SOURCE, (trooper.uid,))
    reinforcement_groups = [g for g in ctx.army_list.groups if g.reinforcement and g.troopers]
    if not reinforcement_groups:
        return
    uids = tuple(t.uid for g in reinforcement_groups for t in g.troopers)
    if rules is None or ctx.army.reinforcements is None:
        why = (lazy_tr("{edition} has no Reinforcements", edition=ctx.edition.local_name) if rules is None
               else lazy_tr("{army} has no Reinforcements list", army=ctx.army.name))
        yield error("reinforcements.not_available",
                    lazy_tr("The list has a Reinforcements section, but {why}. Remove those combat groups.", why=why),
                    SOURCE, uids)
        return
    section = ctx.roster.reinforcements
    points = sum(t.points for t in section)
    if points > rules.points:
        yield error("reinforcements.over_points",
                    lazy_tr("The Reinforcements section costs {used} points, {over} over its {limit} points. Remove "
                            "or change Reinforcements troopers.", used=points, over=points - rules.points,
                            limit=rules.points),
                    SOURCE, tuple(t.uid for t in section), used=points, limit=rules.points)
    swc = sum(t.swc_halves for t in section)
    if swc > rules.swc.halves:
        over = swc - rules.swc.halves
        yield error("reinforcements.over_swc",
                    lazy_tr("The Reinforcements section uses {used} SWC, {over} over its {limit} SWC. Swap "
                            "Reinforcements support weapons for options with less SWC (at least {over} SWC less).",
                            used=format_halves(swc), over=format_halves(over), limit=str(rules.swc)),
                    SOURCE, tuple(t.uid for t in section if t.swc_halves), used=format_halves(swc),
                    over=format_halves(over))
    for trooper in section:
        if not is_reinforcement_unit(trooper.unit, rules.unit_marker):
            yield error("reinforcements.wrong_unit",
                        lazy_tr("{unit} is not a Reinforcements unit (their names include “{marker}.”). Move it to "
                                "the main section.", unit=trooper.name, marker=rules.unit_marker),
                        SOURCE, (trooper.uid,))
    if rules.requires_commlink and required is None:  # with the Extra, `_required` says it
        skill = ctx.edition.commlink_skill
        if not any(t.has_item(skill) for t in ctx.roster.main):
            yield error("reinforcements.no_commlink", _no_commlink(ctx, None, skill), SOURCE, uids)


def _required(ctx: RuleContext, required: Extra) -> Iterator[Violation]:
    """The Reinforcements Extra: every list has its Reinforcements section and a Commlink trooper in the
    main section; the messages say how to add them."""
    extra = required.local_name
    cited = sources.cite(SOURCE, sources.season_rule(required.name))
    rules = ctx.edition.reinforcements
    if rules is None or ctx.army.reinforcements is None:
        why = (lazy_tr("{edition} has no Reinforcements", edition=ctx.edition.local_name) if rules is None
               else lazy_tr("{army} has no Reinforcements list in its data", army=ctx.army.name))
        yield error("reinforcements.required",
                    lazy_tr("{extra} requires a Reinforcements section in every list, but {why}: this list cannot be "
                            "played with {extra}. Switch the Extra off or choose an army with Reinforcements.",
                            extra=extra, why=why), cited)
        return
    if not any(g.reinforcement and g.troopers for g in ctx.army_list.groups):
        source = ctx.reinforcement_army_name or lazy_tr("the army's Reinforcements list")
        yield error("reinforcements.required",
                    lazy_tr("{extra} requires every list to have its Reinforcements section. Add a Reinforcements "
                            "combat group (Edit → New Reinforcements group in the app; a combat group with "
                            "`reinforcement: true` in a list file) and fill it with up to {points} points and {swc} "
                            "SWC of Reinforcements troopers from {source}.", extra=extra, points=rules.points,
                            swc=str(rules.swc), source=source), cited)
    skill = ctx.edition.commlink_skill
    if rules.requires_commlink and not any(t.has_item(skill) for t in ctx.roster.main):
        yield error("reinforcements.no_commlink", _no_commlink(ctx, extra, skill), SOURCE,
                    tuple(t.uid for t in ctx.roster.reinforcements))


def _no_commlink(ctx: RuleContext, extra: Text | None, skill: str) -> Text:
    """What to do without a Commlink trooper (under the Reinforcements Extra, or with a Reinforcements
    section): the army's units that have one; else its mercenaries that have one (with the Extra that allows
    them); else that the army has none at all (Dahshat Company and White Company in the official data)."""
    needed = (lazy_tr("A list with Reinforcements needs a trooper with {skill} in the main section.", skill=skill)
              if extra is None else
              lazy_tr("{extra}: a list with Reinforcements needs a trooper with {skill} in the main section.",
                      extra=extra, skill=skill))
    own = _with_item(ctx, skill, ctx.army.own_units)
    if own:
        return needed + " " + lazy_tr("Add one. In {army}, for example: {units}.", army=ctx.army.name,
                                      units=", ".join(own))
    hired = _with_item(ctx, skill, ctx.army.mercenary_units)
    offered = next((e for e in ctx.season.extras if e.mercenary_points is not None), None) if ctx.season else None
    if hired and offered is not None:
        return needed + " " + lazy_tr("No unit of {army}'s own list has it; among its mercenaries {units} do: switch "
                                      "on {mercenaries} and add one.", army=ctx.army.name, units=", ".join(hired),
                                      mercenaries=offered.local_name)
    if extra is None:
        return needed + " " + lazy_tr("No unit {army} may field has it in your data: remove the Reinforcements "
                                      "section.", army=ctx.army.name)
    return needed + " " + lazy_tr("No unit {army} may field has it in your data, so no list of this army can meet "
                                  "{extra}: switch the Extra off or choose another army.", army=ctx.army.name,
                                  extra=extra)


def _with_item(ctx: RuleContext, skill: str, units: tuple[Unit, ...], most: int = 3) -> list[str]:
    """A few of these units with an option that has `skill` (for the how-to-fix message)."""
    wanted = fold_name(skill)
    found: list[str] = []
    for unit in units:
        if any(wanted in option.item_keys or any(wanted in p.item_keys for p in (group.profiles if group else ()))
               for group, option in unit.selectable_options()):
            found.append(unit.name)
            if len(found) == most:
                break
    return found
