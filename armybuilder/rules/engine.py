"""The rules engine: run every rule family over a list and collect all violations, with totals."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from armybuilder.data.catalog import Catalog
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.packs import EditionPack, Extra, SeasonPack, SeasonRule
from armybuilder.domain.profiles import Army
from armybuilder.domain.roster import Roster, resolve
from armybuilder.domain.values import format_halves
from armybuilder.i18n import LocalText, Text, lazy_join, lazy_tr, lazy_trn, render, tr
from armybuilder.rules import (
    availability,
    cbl,
    groups,
    lieutenant,
    list_settings,
    mercenaries,
    peripherals,
    points,
    reinforcements,
    sources,
    specops,
)
from armybuilder.rules.context import RuleContext
from armybuilder.rules.fireteams import assess as fireteams
from armybuilder.rules.violations import Violation, error

Rule = Callable[[RuleContext], Iterator[Violation]]

FAMILIES: dict[str, Rule] = {
    "list_settings": list_settings.check,
    "points": points.check,
    "groups": groups.check,
    "peripherals": peripherals.check,
    "lieutenant": lieutenant.check,
    "availability": availability.check,
    "mercenaries": mercenaries.check,
    "reinforcements": reinforcements.check,
    "specops": specops.check,
    "cbl": cbl.check,
    "fireteams": fireteams.check,
}
"""Every rule family by the name packs use for it (an Extra's `families`), in the order their
violations are listed."""

RULE_FAMILIES: list[Rule] = list(FAMILIES.values())

OTHER_FAMILIES: dict[str, str] = {
    "entry": "validate_entry: the lists of a player's tournament entry",
    "categories": "rules.categories: the categories a unit counts as (profile card, filters, finder)",
}
"""Families that are not per-list checks but are implemented: a pack may name them too."""


def known_families() -> frozenset[str]:
    """Every rule family name this builder implements (docs/seasons.md lists them)."""
    return frozenset(FAMILIES) | frozenset(OTHER_FAMILIES)


def missing_families(item: Extra | SeasonRule) -> tuple[str, ...]:
    """The rule families an Extra or season rule names that this builder does not implement (the reports'
    `settings.not_checked` and the pack picker's "not checked" both ask this)."""
    known = known_families()
    return tuple(f for f in item.families if f not in known)


EFFECTS: dict[str, str | None] = {
    # an Extra's effects
    "mercenary_points": "mercenaries", "mercenary_swc": "mercenaries", "max_combat_groups": "groups",
    "experience": "specops", "speciality_experience": "military-specialities", "lists_per_player": "entry",
    "tiers": "entry", "unlimited_troopers": "groups", "requires_reinforcements": "reinforcements",
    # a season rule's effects
    "unavailable_units": "availability", "any_army_units": "availability", "also_categories": "categories",
    "allowed_units": None,  # ITS S9 Bit & KISS!: no family adds a unit to armies whose data lacks it
    "free_skills": None,  # ITS S9 Ironclad: no family gives a unit type skills (profiles, cards, print-outs)
}
"""Every effect field of an Extra or season rule, with the rule family that applies it (None: none does). A
pack that sets a field whose family this builder lacks is told so in every report under it (`unapplied`)."""

DESCRIPTIVE_FIELDS = frozenset({"id", "name", "name_es", "description", "description_es", "families", "notes_only",
                                "incompatible", "source"})
"""Fields of an Extra or season rule that describe it rather than change a list."""


def unapplied_effects(item: Extra | SeasonRule) -> tuple[str, ...]:
    """The effect fields an Extra or season rule sets that no family of this builder applies (ITS S9 Ironclad's
    `free_skills`); a field whose family the item names and lacks is `missing_families`' to report, not this."""
    known = known_families()
    effects = set_effects(item)
    return tuple(name for name in type(item).model_fields if name in effects
                 and ((family := EFFECTS.get(name)) is None or (family not in known and family not in item.families)))


def _effect_text(item: Extra | SeasonRule, name: str) -> Text:
    """What an unapplied effect means for the list, in the reader's words."""
    if name == "free_skills" and isinstance(item, SeasonRule):
        grants = "; ".join(f"{unit_type.value}: {', '.join(skills)}" for unit_type, skills in item.free_skills.items())
        return lazy_tr("The skills it grants ({grants}) are not added to the troopers: profile cards and print-outs "
                       "show the troopers without them.", grants=grants)
    if name == "allowed_units" and isinstance(item, SeasonRule):
        units = ", ".join(m.contains for m in item.allowed_units)
        return lazy_tr("The units it lets other lists field ({units}) are not added to them: a list fields them "
                       "only where its army's data has them.", units=units)
    return lazy_tr("Its {field} is read, but no check of this builder uses it.", field=name)


def unapplied(ctx: RuleContext) -> Iterator[Text]:
    """A note for each season rule, and each Extra switched on, that sets an effect this builder reads but does
    not apply: said in every report under the season, never silently dropped."""
    if ctx.season is None:
        return
    items: list[Extra | SeasonRule] = [*ctx.season.rules, *ctx.extras]
    for item in items:
        effects = unapplied_effects(item)
        if not effects:
            continue
        what = lazy_join(" ", [_effect_text(item, e) for e in effects])
        if set_effects(item) - set(effects):  # ITS S9's ALIVE ban is applied, its Bit & KISS! is not
            yield lazy_tr("{name} is applied only in part by this builder. {description} {what} Keep it in mind "
                          "at the table.", name=item.local_name, description=item.local_description, what=what)
        else:
            yield lazy_tr("{name} is not applied by this builder. {description} {what} Keep it in mind at the "
                          "table.", name=item.local_name, description=item.local_description, what=what)


def set_effects(item: Extra | SeasonRule) -> set[str]:
    """The effect fields an Extra or season rule sets (not its names and descriptions)."""
    return {name for name in type(item).model_fields
            if name not in DESCRIPTIVE_FIELDS and getattr(item, name) not in (None, (), {}, False)}


def unchecked(ctx: RuleContext) -> Iterator[Violation]:
    """An Extra or season rule naming a family this builder does not implement: said, never ignored; one that
    also names implemented families is checked in part, and the report says which part is not."""
    if ctx.season is None:
        return
    items: list[Extra | SeasonRule] = [*ctx.extras, *ctx.season.rules]
    for item in items:
        missing = missing_families(item)
        if not missing:
            continue
        if len(missing) < len(item.families):
            message = lazy_tr("{name} is only partly checked by this builder: it also needs {families}, which this "
                              "version does not implement; check that part by hand.", name=item.local_name,
                              families=", ".join(missing))
        else:
            message = lazy_tr("{name} is not checked by this builder (it needs {families}, which this version does "
                              "not implement): check it by hand.", name=item.local_name, families=", ".join(missing))
        yield Violation("settings.not_checked", "warning", message, sources.season_rule(item.name),
                        params={"item": item.id, "families": list(missing)})


def _extra_notes(ctx: RuleContext) -> list[Text]:
    """What the report says about the tier's own note (S17's 350 points at 7 SWC) and about Extras with no
    list effect, so that a switched-on Extra is never silent."""
    tier = ctx.tier
    notes: list[Text] = [tier.local_name + ": " + tier.local_note] if tier is not None and tier.note else []
    notes += [lazy_tr("{extra}: {description}", extra=e.local_name, description=e.local_description)
              for e in ctx.extras if e.notes_only]
    season = ctx.season
    if season is not None and season.tiers and ctx.tier is None and not ctx.army_list.tier:
        notes.append(lazy_tr("{season} has no {points}-point tier: the list is checked at {points} free points. "
                             "Its games are played at a tier ({tiers}).", season=season.local_name,
                             points=ctx.points_limit, tiers=", ".join(t.id for t in season.tiers)))
    return notes

Note = Callable[[RuleContext], Iterator[Text]]

NOTE_FAMILIES: list[Note] = [
    groups.notes,
    points.notes,
    peripherals.notes,
    availability.notes,
]
"""What the rules assumed where the list leaves it open (which trooper controls a peripheral…), as notes."""


@dataclass(frozen=True)
class GroupTotals:
    number: int
    troopers: int
    limit: int
    reinforcement: bool = False


@dataclass(frozen=True)
class Totals:
    """The figures a totals bar shows; SWC in half units for exact sums."""

    points: int
    points_limit: int
    swc_halves: int
    swc_limit_halves: int
    troopers: int
    troopers_limit: int | None
    groups: tuple[GroupTotals, ...]
    reinforcement_points: int = 0
    reinforcement_points_limit: int = 0
    mercenary_points: int = 0
    mercenary_points_limit: int | None = None
    """Soldiers of Fortune's cap (None: the Extra is off)."""
    mercenary_swc_halves: int = 0
    """The SWC that fielding mercenaries takes from the budget (Soldiers of Fortune: 1)."""

    @property
    def swc(self) -> str:
        return format_halves(self.swc_halves)

    @property
    def swc_limit(self) -> str:
        return format_halves(self.swc_limit_halves)

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "points_limit": self.points_limit, "swc": float(self.swc_halves) / 2,
                "swc_limit": float(self.swc_limit_halves) / 2, "troopers": self.troopers,
                "troopers_limit": self.troopers_limit, "mercenary_points": self.mercenary_points,
                "mercenary_points_limit": self.mercenary_points_limit}


def _tier_group(ctx: RuleContext) -> str | None:
    group = ctx.season.group_of_tier(ctx.tier.id) if ctx.season is not None and ctx.tier is not None else None
    return group.id if group is not None else None


def _cbl_name(ctx: RuleContext) -> str | None:
    found = ctx.season.cbl(ctx.army_list.cbl) if ctx.season is not None and ctx.army_list.cbl else None
    return found.name if found is not None else None


@dataclass(frozen=True)
class AppliedRules:
    """Which rules a list was judged by: pack, edition, season, game size, extras, CBL."""

    pack: str
    edition: str
    edition_name: LocalText
    season: str | None
    season_name: LocalText | None
    tier: str | None
    tier_name: LocalText | None
    points: int
    swc_halves: int
    extras: tuple[tuple[str, LocalText], ...] = ()
    cbl: str | None = None
    cbl_name: str | None = None
    tier_group: str | None = None
    """The tier group of the tier (ITS S17 '300-250'), when the season groups its tiers."""

    @classmethod
    def of(cls, ctx: RuleContext) -> AppliedRules:
        season, tier, edition = ctx.season, ctx.tier, ctx.edition
        return cls(pack=ctx.army_list.pack, edition=edition.id, edition_name=edition.local_name,
                   season=season.id if season else None,
                   season_name=season.local_name if season else None,
                   tier=tier.id if tier else None, tier_name=tier.local_name if tier else None,
                   points=ctx.points_limit, swc_halves=ctx.base_swc_halves,
                   extras=tuple((e.id, e.local_name) for e in ctx.extras), cbl=ctx.army_list.cbl,
                   cbl_name=_cbl_name(ctx), tier_group=_tier_group(ctx))

    @property
    def summary(self) -> str:
        """'ITS Season 9 (Infinity N3) · Mid Tier: 300 points, 6 SWC · Soldiers of Fortune', in the
        current language."""
        edition = str(self.edition_name)
        rules = f"{self.season_name} ({edition})" if self.season_name else edition
        size = tr("{points} points, {swc} SWC", points=self.points, swc=format_halves(self.swc_halves))
        parts = [rules, f"{self.tier_name}: {size}" if self.tier_name else size]
        parts += [str(name) for _, name in self.extras]
        if self.cbl:
            parts.append(tr("Closed Battle List {cbl}", cbl=self.cbl_name or self.cbl))
        return " · ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"pack": self.pack, "edition": self.edition, "season": self.season, "tier": self.tier,
                "tier_group": self.tier_group, "points": self.points, "swc": float(self.swc_halves) / 2,
                "extras": [extra_id for extra_id, _ in self.extras], "cbl": self.cbl}


@dataclass(frozen=True)
class Report:
    """The result of validating a list: legal or not, totals, every violation, informative notes."""

    roster: Roster
    totals: Totals
    violations: tuple[Violation, ...]
    note_texts: tuple[Text, ...] = field(default=())
    """Informative notes (which CBL version the list is), language-neutral (`notes`: rendered)."""
    rules: AppliedRules | None = None
    context: RuleContext | None = field(default=None, compare=False, repr=False)
    """What the rules read (list, roster, packs): fireteam panels and print-outs reuse it."""

    @property
    def legal(self) -> bool:
        return not any(v.is_error for v in self.violations)

    @property
    def notes(self) -> tuple[str, ...]:
        """The notes in the current language."""
        return tuple(render(note) for note in self.note_texts)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.is_error)

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    def to_json(self) -> dict[str, Any]:
        army = self.roster.army
        return {
            "legal": self.legal,
            "army": {"id": army.id, "name": army.name, "slug": army.slug, "origin": army.origin,
                     "version": army.version},
            "rules": self.rules.to_json() if self.rules is not None else None,
            "totals": self.totals.to_json(),
            "groups": [{"number": g.number, "troopers": g.troopers, "reinforcement": g.reinforcement}
                       for g in self.totals.groups],
            "violations": [v.to_json() for v in self.violations],
            "notes": list(self.notes),
        }


def totals_of(ctx: RuleContext) -> Totals:
    roster = ctx.roster
    group_totals = tuple(
        GroupTotals(g.number, sum(ctx.places(t) for t in roster.in_group(g.number))
                    + sum(1 for u in roster.unresolved if u.combat_group == g.number),
                    ctx.edition.max_group_size, g.reinforcement)
        for g in ctx.army_list.groups)
    return Totals(
        points=roster.points, points_limit=ctx.points_limit, swc_halves=roster.swc_halves,
        swc_limit_halves=ctx.swc_budget_halves, troopers=ctx.trooper_count, troopers_limit=ctx.troopers_limit,
        groups=group_totals,
        reinforcement_points=sum(t.points for t in roster.reinforcements),
        reinforcement_points_limit=ctx.reinforcement_points_limit,
        mercenary_points=ctx.mercenary_points, mercenary_points_limit=ctx.mercenary_points_limit,
        mercenary_swc_halves=ctx.mercenary_swc_halves,
    )


def run_rules(ctx: RuleContext, rules: Sequence[Rule] | None = None) -> Report:
    """Validate a resolved list: every rule family runs, every violation is kept."""
    violations: list[Violation] = []
    for rule in rules or RULE_FAMILIES:
        violations.extend(rule(ctx))
    violations.extend(unchecked(ctx))
    notes: list[Text] = [note for family in NOTE_FAMILIES for note in family(ctx)] + _extra_notes(ctx)
    match = cbl.matched_version(ctx)
    if match is not None and ctx.season is not None and ctx.army_list.cbl:
        found = ctx.season.cbl(ctx.army_list.cbl)
        name = found.name if found else ctx.army_list.cbl
        note: Text = lazy_tr("The list is version {version} of {cbl}.", version=match.version.id, cbl=name)
        if match.unidentified:
            note += " " + lazy_trn("{n} trooper matched an entry the printed list does not identify, by cost and "
                                   "type only.", "{n} troopers matched an entry the printed list does not identify, "
                                   "by cost and type only.", match.unidentified)
        notes.append(note)
    notes.extend(unapplied(ctx))  # the pack's rules this builder does not apply: last, said in every report
    return Report(ctx.roster, totals_of(ctx), tuple(violations), tuple(notes), AppliedRules.of(ctx), ctx)


def validate(
    army_list: ArmyList, army: Army, edition: EditionPack, season: SeasonPack | None = None,
    reinforcement_army: Army | None = None,
) -> Report:
    """Validate `army_list` (a pure function of list, army data and packs)."""
    roster = resolve(army_list, army, reinforcement_army)
    return run_rules(RuleContext(army_list, roster, edition, season))


def context_in_catalog(army_list: ArmyList, catalog: Catalog) -> RuleContext:
    """A list resolved for the rules: its army, Reinforcements army and packs from the catalog."""
    army = catalog.army_for_list(army_list)
    edition, season = catalog.rules_for(army_list, army)
    reinforcement_army = catalog.reinforcement_army_for(army_list, army)
    summary = catalog.reinforcement_summary(army)
    return RuleContext(army_list, resolve(army_list, army, reinforcement_army), edition, season,
                       season_packs=tuple(catalog.season_packs()),
                       edition_packs=tuple(p for p in catalog.packs.values() if isinstance(p, EditionPack)),
                       reinforcement_army_name=summary.name if summary is not None else "")


def validate_in_catalog(army_list: ArmyList, catalog: Catalog) -> Report:
    """Validate a list, loading its army, Reinforcements army and packs from the catalog."""
    return run_rules(context_in_catalog(army_list, catalog))


def validate_entry(lists: Iterable[ArmyList], season: SeasonPack | None) -> list[Violation]:
    """A tournament entry: the right number of lists (the season's range: ITS S17 one or two, ITS S9
    two), all of one army, and with Escalation one list for each of its rounds (a round is a tier or a
    tier group: S17's 200/150, 300/250, 400/350) (RULES.md §3)."""
    entry = list(lists)
    found: list[Violation] = []
    if not entry:
        return found
    packs = list(dict.fromkeys(lst.pack for lst in entry))
    if len(packs) > 1:
        found.append(error("entry.different_rules",
                           lazy_tr("All lists of an entry are played under one event's rules; these use {packs}. Give "
                                   "every list the tournament's rules pack (validate --pack ID, or Rules in the app).",
                                   packs=" · ".join(packs)), sources.TOURNAMENT, packs=packs))
    fewest, most = season.entry_range if season else (2, 2)
    rounds: tuple[str, ...] = ()
    if season is not None:
        for list_extras in (lst.extras for lst in entry):
            for extra_id in list_extras:
                extra = season.extra(extra_id)
                if extra is not None and extra.lists_per_player:
                    fewest = most = extra.lists_per_player
                    rounds = extra.tiers
        for extra in season.extras:  # an Extra that shapes the entry (Escalation) is the event's: all or none
            having = [lst for lst in entry if extra.id in lst.extras]
            if extra.lists_per_player and 0 < len(having) < len(entry):
                found.append(error("entry.extra_in_some_lists",
                                   lazy_tr("{extra} is on in {count} of the entry's {total} lists; it is the "
                                           "tournament's, so switch it on in every list (or in none).",
                                           extra=extra.local_name, count=len(having), total=len(entry)),
                                   sources.TOURNAMENT, extra=extra.id))
    if not fewest <= len(entry) <= most:
        wanted = str(most) if fewest == most else lazy_tr("{fewest} to {most}", fewest=fewest, most=most)
        count = len(entry)
        fix = (lazy_trn("Add {n} more list of the same army.", "Add {n} more lists of the same army.", fewest - count)
               if count < fewest else
               lazy_trn("Leave {n} list out of the entry.", "Leave {n} lists out of the entry.", count - most))
        found.append(error("entry.list_count",
                           lazy_tr("A tournament entry has {wanted} lists; this one has {count}.", wanted=wanted,
                                   count=count) + " " + fix, sources.TOURNAMENT, count=count, wanted=most,
                           fewest=fewest))
    armies = {(lst.army.origin, lst.army.id) for lst in entry}
    if len(armies) > 1:
        names = " · ".join(sorted({lst.army.name or str(lst.army.id) for lst in entry}))
        found.append(error("entry.different_armies",
                           lazy_tr("All lists of an entry must use the same army (faction or sectorial); these use "
                                   "{names}.", names=names), sources.TOURNAMENT))
    if rounds and season is not None and len(entry) == len(rounds):
        have = [round_of(season, rounds, lst.tier) for lst in entry]
        if sorted(r or "-" for r in have) != sorted(rounds):
            found.append(error("entry.escalation_tiers",
                               lazy_tr("An Escalation entry has one list for each round: {wanted}. These lists are at "
                                       "{have}. Set each list's tier to a different round's.",
                                       wanted=lazy_join(" · ", (_round_name(season, r) for r in rounds)),
                                       have=lazy_join(" · ", (_tier_name(season, lst.tier) for lst in entry))),
                               sources.ESCALATION, wanted=list(rounds),
                               have=[lst.tier or "-" for lst in entry]))
    return found


def round_of(season: SeasonPack, rounds: Sequence[str], tier_id: str | None) -> str | None:
    """The Escalation round a list's tier plays: the round that is that tier, or its tier group."""
    if tier_id is None:
        return None
    if tier_id in rounds:
        return tier_id
    group = season.group_of_tier(tier_id)
    return group.id if group is not None and group.id in rounds else None


def _round_name(season: SeasonPack, round_id: str) -> Text:
    item = season.tier(round_id) or season.tier_group(round_id)
    return item.local_name if item is not None else round_id


def _tier_name(season: SeasonPack, tier_id: str | None) -> Text:
    tier = season.tier(tier_id) if tier_id else None
    if tier is None:
        return tier_id or lazy_tr("no tier")
    return tier.local_name


__all__ = ["RULE_FAMILIES", "AppliedRules", "DataError", "Report", "Rule", "Totals", "context_in_catalog", "run_rules",
           "validate", "validate_entry", "validate_in_catalog"]
