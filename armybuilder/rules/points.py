"""Points and SWC: the list's cost within the game size (RULES.md §2.1–2.2, §3 Soldiers of Fortune)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.domain.values import format_halves
from armybuilder.i18n import Message, Text, lazy_join, lazy_tr, lazy_trn
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error


def points_text(points: int) -> Message:
    """'1 point', '56 points' (and 'punto'/'puntos'): a count of points inside a message."""
    return lazy_trn("{n} point", "{n} points", points)


def _fixers(troopers: Sequence[ResolvedTrooper], over: int, cost: Callable[[ResolvedTrooper], int]) -> tuple[str, ...]:
    """The troopers to point at: the newest (last listed) whose removal alone fixes the excess;
    when no single one does, the costliest ones that together would."""
    alone = next((t.uid for t in reversed(troopers) if cost(t) >= over), None)
    if alone is not None:
        return (alone,)
    chosen: list[str] = []
    total = 0
    for trooper in sorted(troopers, key=cost, reverse=True):
        if total >= over or cost(trooper) <= 0:
            break
        chosen.append(trooper.uid)
        total += cost(trooper)
    return tuple(chosen)


def check(ctx: RuleContext) -> Iterator[Violation]:
    roster = ctx.roster
    main = roster.main
    main_points = sum(t.points for t in main)
    points_limit = ctx.points_limit - ctx.reinforcement_points_limit
    if main_points > points_limit:
        over = main_points - points_limit
        costly = _fixers(main, over, lambda t: t.points)
        message: Text
        if ctx.reinforcement_points_limit:
            message = lazy_tr("The main section costs {used} points, {over} over its {limit} points ({total} for the "
                              "game minus {reinforcements} for Reinforcements). Remove or change troopers worth at "
                              "least {worth}.", used=main_points, over=over, limit=points_limit,
                              total=ctx.points_limit, reinforcements=ctx.reinforcement_points_limit,
                              worth=points_text(over))
        else:
            message = lazy_tr("The list costs {used} points, {over} over the {limit}-point limit. Remove or change "
                              "troopers worth at least {worth}.", used=main_points, over=over, limit=points_limit,
                              worth=points_text(over))
        if any(t.points >= over for t in main):
            message += " " + lazy_tr("Removing the marked trooper, or any other worth at least {worth}, would be "
                                     "enough.", worth=points_text(over))
        yield error("points.over_limit", message, sources.POINTS, costly,
                    used=main_points, limit=points_limit, over=over)

    main_swc = sum(t.swc_halves for t in main)
    budget = ctx.swc_budget_halves - ctx.reinforcement_swc_halves
    if main_swc > budget:
        over = main_swc - budget
        spenders = _fixers(main, over, lambda t: t.swc_halves)
        parts = [lazy_tr("{base} for {points} points",
        base=format_halves(ctx.base_swc_halves), points=ctx.points_limit)]
        bonus = sum(t.swc_bonus_halves for t in roster.troopers)
        if bonus:
            parts.append(lazy_tr("+{bonus} from options with +SWC", bonus=format_halves(bonus)))
        if ctx.mercenary_swc_halves:
            parts.append(lazy_tr("−{cost} for Soldiers of Fortune", cost=format_halves(ctx.mercenary_swc_halves)))
        if ctx.reinforcement_swc_halves:
            parts.append(lazy_tr("−{cost} kept for Reinforcements", cost=format_halves(ctx.reinforcement_swc_halves)))
        yield error(
            "swc.over_budget",
            lazy_tr("The list uses {used} SWC, {over} over its budget of {budget} ({how}). Swap support weapons "
                    "for options with less SWC.", used=format_halves(main_swc), over=format_halves(over),
                    budget=format_halves(budget), how=lazy_join(", ", parts)),
            sources.SWC, spenders, used=format_halves(main_swc), limit=format_halves(budget))


def notes(ctx: RuleContext) -> Iterator[Text]:
    """A game size that is not a multiple of 50 points: how its SWC budget was read."""
    per = ctx.edition.swc_per_points
    if ctx.tier is None and ctx.points_limit % per:
        yield lazy_trn("{points} is not a multiple of {per}: its SWC budget is {swc}, 1 SWC for each full {per} "
                       "points (the {n} point left gives none).",
                       "{points} is not a multiple of {per}: its SWC budget is {swc}, 1 SWC for each full {per} "
                       "points (the {n} points left give none).", ctx.points_limit % per,
                       points=points_text(ctx.points_limit), per=per, swc=format_halves(ctx.base_swc_halves))
