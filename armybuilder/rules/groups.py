"""Combat groups, army size and Commlinks (RULES.md §2.4–2.5) and Limited Insertion (§3)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.i18n import Text, lazy_tr, lazy_trn
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error


def beyond(ctx: RuleContext, troopers: Sequence[ResolvedTrooper], limit: int) -> tuple[str, ...]:
    """The troopers whose places, counted in list order, fall beyond `limit` (the ones to move or remove)."""
    found: list[str] = []
    taken = 0
    for trooper in troopers:
        places = ctx.places(trooper)
        taken += places
        if places and taken > limit:
            found.append(trooper.uid)
    return tuple(found) or tuple(t.uid for t in troopers)


def _team_note(ctx: RuleContext, troopers: Sequence[ResolvedTrooper]) -> Text:
    """Say which options take more than one place, so the count is not a surprise."""
    teams = [t for t in troopers if ctx.places(t) > 1]
    if not teams:
        return ""
    names = " · ".join(f"{t.option.name} ({ctx.places(t)})" for t in teams)
    return " " + lazy_tr("Options that field several troopers take one place each: {names}.", names=names)


def check(ctx: RuleContext) -> Iterator[Violation]:
    limit = ctx.edition.max_group_size
    for group in ctx.army_list.groups:
        members = ctx.roster.in_group(group.number)
        places = sum(ctx.places(t) for t in members) + sum(
            1 for u in ctx.roster.unresolved if u.combat_group == group.number)
        if places > limit:
            over = places - limit
            yield error(
                "groups.too_many_troopers",
                lazy_trn("Combat Group {number} has {count} troopers, {n} over the limit of {limit}. Move {n} trooper "
                         "(the marked one, or any other) to another combat group or a new one, or remove it.",
                         "Combat Group {number} has {count} troopers, {n} over the limit of {limit}. Move {n} "
                         "troopers (the marked ones, or any others) to another combat group or a new one, or remove "
                         "them.", over, number=group.number, count=places, limit=limit)
                + _team_note(ctx, members),
                sources.COMBAT_GROUPS, beyond(ctx, members, limit),
                group=group.number, count=places, limit=limit)

    troopers_limit = ctx.troopers_limit
    if troopers_limit is not None and ctx.trooper_count > troopers_limit:
        over = ctx.trooper_count - troopers_limit
        extra: Text = ""
        if ctx.commlink_extra and not ctx.plays_reinforcements:
            extra = " " + lazy_tr("Commlink (+{n}) raises the limit only in a list with a Reinforcements section: it "
                                  "makes room for the Reinforcements troopers.", n=ctx.commlink_extra)
        elif not ctx.commlink_troopers and ctx.plays_reinforcements:
            extra = " " + lazy_tr("A trooper with Commlink (+1) would raise the limit by one.")
        yield error(
            "army.too_many_troopers",
            lazy_trn("The list has {count} troopers, {n} over the army-size limit of {limit}. Remove {n} trooper "
                     "(the marked one is counted last; any other that counts towards the limit will do).",
                     "The list has {count} troopers, {n} over the army-size limit of {limit}. Remove {n} troopers "
                     "(the marked ones are counted last; any others that count towards the limit will do).", over,
                     count=ctx.trooper_count, limit=troopers_limit) + _team_note(ctx, ctx.roster.troopers)
            + extra,
            sources.ARMY_SIZE, beyond(ctx, ctx.roster.troopers, troopers_limit),
            count=ctx.trooper_count, limit=troopers_limit)

    max_commlinks = ctx.edition.max_commlinks
    if max_commlinks is not None and len(ctx.commlink_troopers) > max_commlinks:
        names = ", ".join(t.name for t in ctx.commlink_troopers)
        yield error(
            "army.too_many_commlinks",
            lazy_tr("The list has {count} troopers with Commlink ({names}); at most {limit} is allowed. Keep one.",
                    count=len(ctx.commlink_troopers), names=names, limit=max_commlinks),
            sources.ARMY_SIZE, tuple(t.uid for t in ctx.commlink_troopers),
            count=len(ctx.commlink_troopers), limit=max_commlinks)

    insertion = ctx.extra_with("max_combat_groups")
    if insertion is not None and insertion.max_combat_groups is not None:
        used = [g for g in ctx.army_list.groups if g.troopers and not g.reinforcement]
        if len(used) > insertion.max_combat_groups:
            extra_groups = used[insertion.max_combat_groups:]
            yield error(
                "groups.limited_insertion",
                lazy_tr("{extra} allows only {limit} combat group; the list uses {count}. Put every trooper in "
                        "Combat Group {first}.", extra=insertion.local_name, limit=insertion.max_combat_groups,
                        count=len(used), first=used[0].number),
                sources.LIMITED_INSERTION,
                tuple(t.uid for g in extra_groups for t in g.troopers),
                count=len(used), limit=insertion.max_combat_groups)


def notes(ctx: RuleContext) -> Iterator[Text]:
    """A Commlink trooper in a list without a Reinforcements section: what a judge makes of it."""
    if ctx.plays_reinforcements or not ctx.commlink_troopers or ctx.edition.reinforcements is None:
        return
    names = " · ".join(dict.fromkeys(t.name for t in ctx.commlink_troopers))
    limit = ctx.troopers_limit
    if limit is None:
        yield lazy_tr("{names}: Commlink belongs to the Reinforcements rules. In a list without a Reinforcements "
                      "section it asks for none.", names=names)
        return
    yield lazy_tr("{names}: Commlink belongs to the Reinforcements rules. In a list without a Reinforcements section "
                  "it asks for none and does not raise the army-size limit, which stays {limit}.", names=names,
                  limit=limit)
