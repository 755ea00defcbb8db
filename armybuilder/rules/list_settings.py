"""A list's game settings — rules pack, tier or points, extras: what a new list starts with, what a
change of pack keeps, and the rule that they make sense for the pack (`check`).

The one home of these decisions: the CLI (`validate --pack/--tier/--points/--extra`, a `--code`'s rules), the
GUI's document (new lists, the Rules and Game size pickers, a pasted code) and Preferences all call these
functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from armybuilder.data.catalog import ArmySummary, Catalog
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.packs import EditionPack, SeasonPack, game_points
from armybuilder.i18n import Text, lazy_join, lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error, warning

DEFAULT_POINTS = 300
"""The game size when neither the list, its pack nor the player's defaults say one (the usual ITS game)."""

GameSize = tuple[str, str | None, int | None]
"""(pack, tier, points) of a list: a tier of a season pack (points None), or free points (tier None)."""


@dataclass(frozen=True)
class ListDefaults:
    """The rules a new list starts with, as the player chose them; `pack` None means the army's usual
    ones. `edition`: the edition whose armies they are for (None: a choice made for every army)."""

    pack: str | None = None
    tier: str | None = None
    points: int = DEFAULT_POINTS
    edition: str | None = None


def pack_edition(pack: EditionPack | SeasonPack) -> str:
    """The edition whose armies a pack is for: a season's `edition` (ITS Season 9: N3), an edition pack's own."""
    return pack.edition if isinstance(pack, SeasonPack) else pack.id


def packs_for_edition(catalog: Catalog, edition: str | None) -> list[EditionPack | SeasonPack]:
    """The rules packs offered to a list of `edition`'s armies, in the order players look for them: its
    seasons, newest first (by `released`), then its edition pack. An N5 list is not offered the N3-era ITS
    Season 9, nor an N3 list ITS Season 17. Every pack when `edition` is None or no pack is for it (data of an
    edition this builder has no rules for: the report says so)."""
    seasons = sorted(catalog.season_packs(), key=lambda s: (s.released or "", s.id), reverse=True)
    editions = sorted((p for p in catalog.packs.values() if isinstance(p, EditionPack)), key=lambda p: p.id,
                      reverse=True)
    every: list[EditionPack | SeasonPack] = [*seasons, *editions]
    mine = [p for p in every if pack_edition(p) == edition]
    return mine or every


def offered_packs(catalog: Catalog, edition: str | None, current: str | None) -> list[EditionPack | SeasonPack]:
    """`packs_for_edition`, and the list's own pack after them when it is another edition's (a list file or
    an old default naming it): shown as it is, never silently replaced; `check` warns about it."""
    offered = packs_for_edition(catalog, edition)
    own = catalog.packs.get(current) if current else None
    if own is not None and own not in offered:
        offered.append(own)
    return offered


def default_settings(catalog: Catalog, summary: ArmySummary) -> GameSize:
    """A new list's usual rules: the newest season pack of the army's edition (by `released`) at its
    usual size, else the edition pack at its default points."""
    for season in sorted(catalog.season_packs(), key=lambda s: s.released or "", reverse=True):
        if season.edition == summary.edition and season.tiers:
            edition = catalog.packs.get(season.edition)
            usual = getattr(edition, "default_points", None)
            tier = next((t for t in season.tiers if t.points == usual), season.tiers[0])
            return season.id, tier.id, None
    edition = catalog.packs.get(summary.edition)
    if edition is not None:
        return edition.id, None, getattr(edition, "default_points", DEFAULT_POINTS)
    first = next(iter(sorted(catalog.packs)), "n5")
    return first, None, DEFAULT_POINTS


def chosen_settings(catalog: Catalog, summary: ArmySummary, defaults: ListDefaults | None) -> GameSize:
    """A new list's rules with the player's defaults: the preferred pack when it is known (a tier it
    no longer has means free points), else the army's usual ones. A choice made for every army (no
    `edition`) applies to the armies of its pack's edition only."""
    pack = catalog.packs.get(defaults.pack) if defaults is not None and defaults.pack else None
    if defaults is None or pack is None:
        return default_settings(catalog, summary)
    era = pack.edition if isinstance(pack, SeasonPack) else pack.id
    if defaults.edition is None and era != summary.edition:
        return default_settings(catalog, summary)
    if isinstance(pack, SeasonPack) and defaults.tier and pack.tier(defaults.tier) is not None:
        return pack.id, defaults.tier, None
    return pack.id, None, defaults.points


def new_list(catalog: Catalog, summary: ArmySummary, defaults: ListDefaults | None = None) -> ArmyList:
    """An empty list of this army with the rules `chosen_settings` gives."""
    pack, tier, points = chosen_settings(catalog, summary, defaults)
    return ArmyList(army=summary.ref, pack=pack, tier=tier, points=points)


def settings_for_points(catalog: Catalog, summary: ArmySummary, points: int | None) -> GameSize:
    """The rules of a list of `points` (e.g. read from an army code): the army's usual pack, at the
    tier of that size when it has one, else at free points."""
    pack, tier, default = default_settings(catalog, summary)
    if points is None:
        return pack, tier, default
    season = catalog.packs.get(pack)
    if isinstance(season, SeasonPack):
        match = next((t for t in season.tiers if t.points == points), None)
        if match is not None:
            return pack, match.id, None
    return pack, None, points


def with_code_settings(army_list: ArmyList, catalog: Catalog) -> ArmyList:
    """A list read from an army code under the rules it starts with, wherever the code is opened (the app's
    paste, `validate`/`export`/`fireteams --code`): a code holds only its points, so the army's usual pack
    at the tier of that size, else at free points (`settings_for_points`). No Extra is switched on for what
    the code holds (mercenaries, a Spec-Ops): the organizer names them, and the report says which is needed."""
    summary = catalog.summary(army_list.army)
    if summary is None:  # an army the data lacks: the report says so; the rules stay as the code left them
        return army_list
    pack, tier, points = settings_for_points(catalog, summary, army_list.points)
    return army_list.model_copy(update={"pack": pack, "tier": tier, "points": points, "extras": ()})


def game_size(army_list: ArmyList, catalog: Catalog) -> int:
    """The points a list is built to: its tier's, else its own points, else its edition's default
    (`domain.packs.game_points`), else `DEFAULT_POINTS`."""
    return game_points(army_list, catalog.packs) or DEFAULT_POINTS


def with_rules_pack(army_list: ArmyList, pack: EditionPack | SeasonPack, size: int) -> ArmyList:
    """The list under another rules pack, keeping its game size (`size` points) where it can: a season
    pack keeps the tier of the same id, else takes the tier of that size, else free points, and keeps
    the extras it also has; an edition pack plays the size at free points, without extras."""
    tier: str | None = None
    points: int | None = size
    extras: tuple[str, ...] = ()
    if isinstance(pack, SeasonPack):
        match = pack.tier(army_list.tier) if army_list.tier else None
        match = match or next((t for t in pack.tiers if t.points == size), None)
        if match is not None:
            tier, points = match.id, None
        extras = tuple(e for e in army_list.extras if pack.extra(e) is not None)
    return army_list.model_copy(update={"pack": pack.id, "tier": tier, "points": points, "extras": extras})


def with_game_size(army_list: ArmyList, tier: str | None = None, points: int | None = None) -> ArmyList:
    """The list at a tier of its pack, or at free points (a tier wins over points)."""
    return army_list.model_copy(update={"tier": tier, "points": None} if tier else {"tier": None, "points": points})


def with_extras(army_list: ArmyList, extras: Iterable[str]) -> ArmyList:
    """The list with these extras switched on too (each once, in the order given)."""
    return army_list.model_copy(update={"extras": tuple(dict.fromkeys((*army_list.extras, *extras)))})



def other_edition(ctx: RuleContext) -> Iterator[Violation]:
    """A list under a pack of another edition than its army's data (an N5 list under the N3-era ITS Season 9,
    an N3 army under Infinity N5): its limits are applied as the pack writes them, and the report says so and
    which packs are for this army (a loaded or pasted list is never judged silently by another era's rules)."""
    pack: EditionPack | SeasonPack = ctx.season if ctx.season is not None else ctx.edition
    era, wanted = pack_edition(pack), ctx.army.edition
    if era == wanted:
        return
    editions = {e.id: e for e in (*ctx.edition_packs, ctx.edition)}
    names = [s.local_name for s in sorted(ctx.season_packs, key=lambda s: s.released or "", reverse=True)
             if s.edition == wanted]
    if wanted in editions:
        names.append(editions[wanted].local_name)

    def edition_name(edition_id: str) -> Text:
        return editions[edition_id].local_name if edition_id in editions else edition_id.upper()

    choose = (lazy_tr("Choose a pack for {edition} armies: {packs}.", edition=edition_name(wanted),
                      packs=lazy_join(", ", names))
              if names else lazy_tr("No installed rules pack is for {edition} armies.", edition=edition_name(wanted)))
    if ctx.season is not None:
        why = lazy_tr("{pack} is a tournament season for {era} armies, but {army} is {edition} data: its rules are "
                      "applied as written and may not fit this army.", pack=pack.local_name, era=edition_name(era),
                      army=ctx.army.name, edition=edition_name(wanted))
    else:
        why = lazy_tr("{pack} is another edition's rules: {army} is {edition} data. Its limits are applied as "
                      "written and may not fit this army.", pack=pack.local_name, army=ctx.army.name,
                      edition=edition_name(wanted))
    yield warning("settings.other_edition", why + " " + choose, sources.ARMY_LIST, pack=pack.id, pack_edition=era,
                  army_edition=wanted)


def check(ctx: RuleContext) -> Iterator[Violation]:
    settings = ctx.army_list
    yield from other_edition(ctx)
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
                                                     season=ctx.season.local_name, tier=settings.tier, known=known),
                    sources.TOURNAMENT)
    for extra_id in settings.extras:
        if ctx.season.extra(extra_id) is None:
            known = ", ".join(e.id for e in ctx.season.extras)
            yield error("settings.unknown_extra", lazy_tr("{season} has no extra {extra!r} (it has {known}).",
                                                          season=ctx.season.local_name, extra=extra_id, known=known),
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
                                    first=extra.local_name, second=other_extra.local_name if other_extra else other),
                            sources.TOURNAMENT)
