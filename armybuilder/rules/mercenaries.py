"""Mercenaries from the army's pool only with Soldiers of Fortune, within its points cap (RULES.md §2.8, §3)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from armybuilder.domain.packs import Extra, SeasonPack
from armybuilder.i18n import Text, lazy_join, lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.points import points_text
from armybuilder.rules.violations import Violation, error


def offers_mercenaries(extra: Extra) -> bool:
    """Whether an Extra lets a list field its army's mercenary pool: it sets a mercenary points cap."""
    return extra.mercenary_points is not None


def mercenary_extra(season: SeasonPack | None, extras: Iterable[str]) -> Extra | None:
    """The Extra switched on (`extras`, ids) that allows mercenaries, if any: the one test of
    "mercenaries allowed", for the rule and for the unit browser."""
    if season is None:
        return None
    return next((e for x in extras if (e := season.extra(x)) is not None and offers_mercenaries(e)), None)


def check(ctx: RuleContext) -> Iterator[Violation]:
    mercs = ctx.mercenary_troopers
    if not mercs:
        return
    extra = mercenary_extra(ctx.season, ctx.army_list.extras)
    if extra is None:
        names = " · ".join(dict.fromkeys(t.name for t in mercs))
        yield error("mercenaries.not_allowed",
                    lazy_tr("{units}: mercenaries from outside {army}'s own list, allowed only by a tournament extra "
                            "such as Soldiers of Fortune. {fix}", units=names, army=ctx.army.name, fix=_fix(ctx)),
                    sources.MERCENARIES, tuple(t.uid for t in mercs), count=len(mercs))
        return
    cap = extra.mercenary_points or 0
    spent = sum(t.points for t in mercs)
    if spent > cap:
        yield error("mercenaries.over_points",
                    lazy_tr("Mercenaries cost {used} points, {over} over the {limit}-point cap of {extra}. Remove or "
                            "change mercenaries worth at least {worth}.", used=spent, over=spent - cap, limit=cap,
                            extra=extra.local_name, worth=points_text(spent - cap)),
                    sources.SOLDIERS_OF_FORTUNE, tuple(t.uid for t in mercs), used=spent, limit=cap)


def _fix(ctx: RuleContext) -> Text:
    """How to make the mercenaries legal: the extra to switch on, or the packs that offer one."""
    season = ctx.season
    offered = next((e for e in season.extras if offers_mercenaries(e)), None) if season else None
    if season is not None and offered is not None:
        return lazy_tr("Switch on {extra} in {season} (at most {points} points of mercenaries), or remove them.",
                       extra=offered.local_name, season=season.local_name, points=offered.mercenary_points)
    packs = ctx.suggested_seasons(offers_mercenaries)
    current = season.local_name if season else ctx.edition.local_name
    if packs:
        return lazy_tr("{pack} has no such extra: choose a tournament pack with one ({packs}) and switch it on, or "
                       "remove them.", pack=current,
                       packs=lazy_join(" · ", (s.local_name + ": " + e.local_name for s in packs for e in s.extras
                                               if offers_mercenaries(e))))
    return lazy_tr("{pack} has no such extra and no tournament pack that has one is installed: remove them.",
                   pack=current)
