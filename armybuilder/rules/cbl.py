"""Closed Battle Lists: a list entered with a CBL must be exactly one of its versions (RULES.md §3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from armybuilder.domain.packs import CblEntry, CblVersion, ClosedBattleList
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.i18n import Text, lazy_join, lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error

Key = tuple[str, int, int]


@dataclass(frozen=True)
class CblComparison:
    """How a list differs from one CBL version."""

    version: CblVersion
    missing: tuple[CblEntry, ...]
    extra: tuple[ResolvedTrooper, ...]
    unidentified: int

    @property
    def distance(self) -> int:
        return len(self.missing) + len(self.extra)


def compare(troopers: tuple[ResolvedTrooper, ...], version: CblVersion) -> CblComparison:
    """Match troopers to a version by unit, profile group and option (which fixes the Lieutenant).

    An entry the printed list does not identify (`unknown: true`) accepts any leftover trooper with
    the printed cost and type (a trooper whose type the data does not know is taken on its cost);
    the result counts such matches so they can be reported.
    """
    pool = list(troopers)
    known = [e for e in version.entries if not (e.unknown or e.unit is None)]
    unknown = [e for e in version.entries if e.unknown or e.unit is None]
    missing = _take(pool, known, _same)
    missing_unknown = _take(pool, unknown, _fits_unknown)
    return CblComparison(version, (*missing, *missing_unknown), tuple(pool),
                         len(unknown) - len(missing_unknown))


def _take(pool: list[ResolvedTrooper], entries: list[CblEntry],
          fits: Callable[[ResolvedTrooper, CblEntry], bool]) -> list[CblEntry]:
    """Take out of `pool`, for each entry in turn, the first trooper that fits it; returns the
    entries no trooper was left for."""
    missing = []
    for entry in entries:
        index = next((i for i, t in enumerate(pool) if fits(t, entry)), None)
        if index is None:
            missing.append(entry)
        else:
            pool.pop(index)
    return missing


def _same(trooper: ResolvedTrooper, entry: CblEntry) -> bool:
    return (trooper.unit.slug == entry.unit and trooper.trooper.group == entry.group
            and trooper.trooper.option == entry.option)


def _fits_unknown(trooper: ResolvedTrooper, entry: CblEntry) -> bool:
    if entry.points is not None and trooper.points != entry.points:
        return False
    if entry.swc is not None and trooper.swc_halves != entry.swc.halves:
        return False
    # A type the data does not know (no profile, or `type: null`) cannot contradict the entry's.
    profile = trooper.profile
    return entry.type is None or profile is None or profile.type is None or profile.type == entry.type


def best_match(ctx: RuleContext, cbl: ClosedBattleList) -> list[CblComparison]:
    """Every version compared with the list, closest first."""
    comparisons = [compare(ctx.roster.troopers, v) for v in cbl.versions]
    return sorted(comparisons, key=lambda c: (c.distance, c.version.id))


def _entry_label(entry: CblEntry) -> Text:
    name = entry.name or entry.unit or lazy_tr("an unidentified trooper")
    return name + f" ({entry.points}/{entry.swc})" if entry.unknown else name


def _counted(labels: Sequence[Text]) -> Text:
    return lazy_join(", ", (f"{n}× " + label if n > 1 else label for label, n in Counter(labels).items()))


def check(ctx: RuleContext) -> Iterator[Violation]:
    cbl_id = ctx.army_list.cbl
    if not cbl_id:
        return
    cbl = ctx.season.cbl(cbl_id) if ctx.season else None
    if cbl is None:
        yield error("cbl.unknown", _unknown(ctx, cbl_id), sources.CBL, cbl=cbl_id)
        return
    if cbl.army != ctx.army.slug:
        cbl_army = cbl.army_name or cbl.army
        yield error("cbl.wrong_army",
                    lazy_tr("{cbl} is built with {cbl_army}, not {army}. Build the list with {cbl_army}, or remove the "
                            "Closed Battle List to play {army}.", cbl=cbl.name, cbl_army=cbl_army, army=ctx.army.name),
                    sources.CBL, cbl=cbl.id)
        return
    ranked = best_match(ctx, cbl)
    best = ranked[0]
    if best.distance == 0:
        return
    parts = []
    if best.missing:
        parts.append(lazy_tr("missing {troopers}", troopers=_counted([_entry_label(e) for e in best.missing])))
    if best.extra:
        parts.append(lazy_tr("not in it: {troopers}", troopers=_counted(
            [f"{t.name} ({t.option.name})" for t in best.extra])))
    yield error(
        "cbl.no_match",
        lazy_tr("The list is not one of the versions of {cbl}. Closest is version {version}: {differences}.",
                cbl=cbl.name, version=best.version.id, differences=lazy_join("; ", parts)),
        sources.CBL, tuple(t.uid for t in best.extra), version=best.version.id,
        distance=best.distance)


def _unknown(ctx: RuleContext, cbl_id: str) -> Text:
    """No such CBL: say which ones the pack has (those of this army first), or which packs have any."""
    season = ctx.season
    if season is not None:
        known = sorted(season.cbls, key=lambda c: (c.army != ctx.army.slug, c.name))
        if known:
            return lazy_tr("{pack} has no Closed Battle List {cbl!r}. Its Closed Battle Lists: {known}. Choose one of "
                           "them or remove the CBL.", pack=season.local_name, cbl=cbl_id,
                           known=" · ".join(f"{c.id} ({c.name}, {c.army_name or c.army})" for c in known))
        return lazy_tr("{pack} has no Closed Battle Lists; remove the CBL {cbl!r}.", pack=season.local_name, cbl=cbl_id)
    packs = [s.local_name for s in ctx.season_packs if s.cbl(cbl_id) is not None]
    if packs:
        return lazy_tr("Closed Battle Lists belong to tournament packs and {pack} is an edition pack. Choose {packs}, "
                       "which has {cbl!r}, or remove the CBL.", pack=ctx.edition.local_name,
                       packs=lazy_join(" · ", packs),
                       cbl=cbl_id)
    return lazy_tr("Closed Battle Lists belong to tournament packs and {pack} is an edition pack; no installed pack "
                   "has {cbl!r}. Remove the CBL.", pack=ctx.edition.local_name, cbl=cbl_id)


def matched_version(ctx: RuleContext) -> CblComparison | None:
    """The CBL version the list is exactly, if any (for the report's notes)."""
    if not ctx.army_list.cbl or ctx.season is None:
        return None
    cbl = ctx.season.cbl(ctx.army_list.cbl)
    if cbl is None or cbl.army != ctx.army.slug:
        return None
    best = best_match(ctx, cbl)[0]
    return best if best.distance == 0 else None
