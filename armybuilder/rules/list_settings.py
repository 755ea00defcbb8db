"""The list's game settings must make sense for its rules pack: tier, extras, CBL (RULES.md §3)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.i18n import lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error


def check(ctx: RuleContext) -> Iterator[Violation]:
    settings = ctx.army_list
    if ctx.season is None:
        if settings.tier:
            yield error("settings.tier_without_season",
                        lazy_tr("The tier {tier!r} needs a tournament rules pack; {pack} has no tiers. Choose a season "
                                "pack or a points limit.", tier=settings.tier, pack=settings.pack), sources.TOURNAMENT)
        if settings.extras:
            yield error("settings.extras_without_season",
                        lazy_tr("Extras need a tournament rules pack; {pack} has none.", pack=settings.pack),
                        sources.TOURNAMENT)
        return
    if settings.tier and ctx.tier is None:
        known = ", ".join(t.id for t in ctx.season.tiers)
        yield error("settings.unknown_tier", lazy_tr("{season} has no tier {tier!r} (it has {known}).",
                                                     season=ctx.season.name, tier=settings.tier, known=known),
                    sources.TOURNAMENT)
    for extra_id in settings.extras:
        if ctx.season.extra(extra_id) is None:
            known = ", ".join(e.id for e in ctx.season.extras)
            yield error("settings.unknown_extra", lazy_tr("{season} has no extra {extra!r} (it has {known}).",
                                                          season=ctx.season.name, extra=extra_id, known=known),
                        sources.TOURNAMENT)
    chosen = {e.id for e in ctx.extras}
    reported: set[frozenset[str]] = set()
    for extra in ctx.extras:
        for other in extra.incompatible:
            pair = frozenset((extra.id, other))
            if other in chosen and pair not in reported:
                reported.add(pair)
                other_extra = ctx.season.extra(other)
                yield error("settings.incompatible_extras",
                            lazy_tr("{first} cannot be combined with {second}. Switch one of them off.",
                                    first=extra.name, second=other_extra.name if other_extra else other),
                            sources.TOURNAMENT)
