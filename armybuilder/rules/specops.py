"""Spec-Ops: one per list, only with the Extra, built from the army's table within its XP (RULES.md §3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from armybuilder.domain.packs import Extra, SeasonPack
from armybuilder.domain.profiles import SpecOpsTable
from armybuilder.domain.roster import ResolvedTrooper, specops_state
from armybuilder.domain.specops import SpecOpsPick, stat_label
from armybuilder.i18n import Text, lazy_join, lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error, warning

SOURCE = sources.season_rule("Spec-Ops")


def experience_extra(season: SeasonPack | None, extras: Iterable[str]) -> Extra | None:
    """The Extra switched on (`extras`: ids, in the list's order) that gives a Spec-Ops its XP, if any: the
    one test of "a Spec-Ops is allowed", for the rule and for the Spec-Ops builder."""
    if season is None:
        return None
    return next((e for x in extras if (e := season.extra(x)) is not None and e.experience is not None), None)


def specops_budget(season: SeasonPack | None, extras: Iterable[str],
                   installed: Iterable[SeasonPack]) -> tuple[int, bool]:
    """(XP a Spec-Ops may spend, whether an Extra of the list allows one): the list's Spec-Ops Extra's XP,
    else that of the first such Extra of its season or of an `installed` season (12 XP in ITS S17), so that
    the builder shows what the Extra would give; 0 when no pack has one."""
    extra = experience_extra(season, extras)
    if extra is not None:
        return extra.experience or 0, True
    seasons = [season] if season is not None else []
    offered = [e for s in (*seasons, *installed) for e in s.extras if e.experience is not None]
    return (offered[0].experience or 0, False) if offered else (0, False)


def check(ctx: RuleContext) -> Iterator[Violation]:
    for trooper in ctx.roster.troopers:
        if trooper.trooper.specops and trooper.specops is None:
            yield error("specops.not_a_base",
                        lazy_tr("{unit} ({option}) has Spec-Ops upgrades, but it is not a Spec-Ops base of {army}'s "
                                "table. Remove the upgrades, or build the Spec-Ops from one of the table's bases.",
                                unit=trooper.name, option=trooper.option.name, army=ctx.army.name),
                        SOURCE, (trooper.uid,))
    specs = [t for t in ctx.roster.troopers if t.specops is not None]
    if not specs:
        return
    extra = experience_extra(ctx.season, ctx.army_list.extras)
    if extra is None:
        yield error("specops.not_allowed",
                    lazy_tr("{unit} is a Spec-Ops, allowed only by a tournament Extra such as Spec-Ops. {fix}",
                            unit=" · ".join(t.name for t in specs), fix=_fix(ctx)),
                    SOURCE, tuple(t.uid for t in specs))
        return
    if len(specs) > 1:
        yield error("specops.too_many",
                    lazy_tr("The list has {count} Spec-Ops; {extra} allows one. Remove {over}.", count=len(specs),
                            extra=extra.local_name, over=len(specs) - 1),
                    SOURCE, tuple(t.uid for t in specs[1:]), count=len(specs))
    limit = extra.experience or 0
    for trooper in specs:
        yield from _trooper(ctx, trooper, limit, extra.local_name)


def _trooper(ctx: RuleContext, trooper: ResolvedTrooper, limit: int, extra: Text) -> Iterator[Violation]:
    state = trooper.specops
    assert state is not None
    for pick in state.not_offered:
        yield error("specops.not_offered",
                    lazy_tr("{unit}'s Spec-Ops upgrade {upgrade} is not in {army}'s Spec-Ops table. Remove it and "
                            "choose one the table offers.", unit=trooper.name, upgrade=describe_pick(pick),
                            army=ctx.army.name),
                    SOURCE, (trooper.uid,), upgrade=pick.to_code())
    bought = Counter(u.key for u in state.upgrades)
    for upgrade in state.upgrades:
        if bought.pop(upgrade.key, 0) > 1:
            yield error("specops.duplicate_upgrade",
                        lazy_tr("{unit} buys the Spec-Ops upgrade {upgrade} more than once. Keep one.",
                                unit=trooper.name, upgrade=str(upgrade.item)), SOURCE, (trooper.uid,))
    levels: dict[tuple[str, int], list[str]] = {}
    for upgrade in state.upgrades:
        names = levels.setdefault((upgrade.kind, upgrade.id), [])
        if str(upgrade.item) not in names:
            names.append(str(upgrade.item))
    for names in levels.values():
        if len(names) > 1:  # Mimetism (-3) and Mimetism (-6): one trooper has one level of a skill or item
            yield error("specops.duplicate_upgrade",
                        lazy_tr("{unit} buys {upgrades}: levels of one Spec-Ops upgrade, and a trooper has only one "
                                "level of it. Keep one.", unit=trooper.name, upgrades=" + ".join(names)),
                        SOURCE, (trooper.uid,))
    if state.xp > limit:
        yield error("specops.over_xp",
                    lazy_tr("{unit}'s Spec-Ops upgrades cost {used} XP, {over} over the {limit} XP of {extra}. Remove "
                            "upgrades worth at least {over} XP.", unit=trooper.name, used=state.xp,
                            over=state.xp - limit, limit=limit, extra=extra),
                    SOURCE, (trooper.uid,), used=state.xp, limit=limit)
    if state.stats:
        yield warning("specops.stats_not_checked",
                      lazy_tr("{unit}'s attribute improvements ({stats}) are not checked by this builder: the official "
                              "data gives no XP for them, so the {used} XP counted are only the table's upgrades. "
                              "Check the total by hand.", unit=trooper.name,
                              stats=lazy_join(", ", (stat_label(p) for p in state.stats)), used=state.xp),
                      SOURCE, (trooper.uid,))


def describe_pick(pick: SpecOpsPick) -> Text:
    """An upgrade as a player reads it when the table cannot name it."""
    if pick.type == "stat":
        return stat_label(pick)
    extra = f" {list(pick.extra)}" if pick.extra else ""
    return lazy_tr("{kind} id {id}{extra}", kind=pick.type, id=pick.id, extra=extra)


def _fix(ctx: RuleContext) -> Text:
    season = ctx.season
    offered = next((e for e in season.extras if e.experience is not None), None) if season else None
    if season is not None and offered is not None:
        return lazy_tr("Switch on {extra} in {season}, or remove the Spec-Ops.", extra=offered.local_name,
                       season=season.local_name)
    packs = [s.local_name + ": " + e.local_name for s in ctx.suggested_seasons(lambda e: e.experience is not None)
             for e in s.extras if e.experience is not None]
    if packs:
        return lazy_tr("Choose a tournament pack with such an Extra ({packs}) and switch it on, or remove the "
                       "Spec-Ops.", packs=lazy_join(" · ", packs))
    return lazy_tr("Remove the Spec-Ops.")


UpgradeKey = tuple[str, int, tuple[int, ...]]


def affordable(table: SpecOpsTable, picks: tuple[SpecOpsPick, ...], limit: int) -> frozenset[UpgradeKey]:
    """The upgrades of the table a Spec-Ops with `picks` may still buy within `limit` XP: not bought yet, no
    other level of one it bought (Mimetism (-6) beside Mimetism (-3)), and no dearer than what is left (what
    the builder offers; the rules check the same)."""
    state = specops_state(table, picks)
    left = limit - state.xp
    bought = {(u.kind, u.id) for u in state.upgrades}
    return frozenset(u.key for u in table.upgrades if (u.kind, u.id) not in bought and u.xp <= left)
