"""What a courtesy list may show: the one place that decides which facts of a list are private (RULES.md §5).

The rule is "when in doubt, leave it out". A trooper is either shown as itself (`OPEN`), as a marker
in its combat group (`MARKER`), as an anonymous trooper in its combat group (`WITHHELD`) or not at
all (`HIDDEN`). The skill names behind each verdict come from the edition pack's `private` lists, so
a new edition changes data, not code. Besides, a courtesy view never carries costs, SWC, the
Lieutenant (skill, Lieutenant Order, option name), fireteams, the army code, totals or the list's
name, and it is built so that side channels stay shut:

- a private trooper contributes nothing: not its orders, its peripherals or a place in a count;
- open troopers are sorted by name, not kept in list order (which would show where the others were),
  and identical ones are printed once with their number;
- combat groups are renumbered 1, 2… over the groups that show something, so a group made only of
  hidden troopers leaves no gap;
- markers are labelled by the kind of marker the opponent sees on the table, never by option.

The view holds plain strings and numbers only, no domain objects, so a renderer cannot leak what the
view does not contain. The full list reads `assess()` to mark each private trooper for its owner.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache

from armybuilder.domain.packs import PrivateSkills
from armybuilder.domain.profiles import LIEUTENANT_SKILL, Option, Profile
from armybuilder.domain.roster import IncludedTrooper, ResolvedTrooper, Roster
from armybuilder.domain.values import ItemRef, OrderType, UnitType


class Exposure(StrEnum):
    """How much of a trooper a courtesy list shows."""

    OPEN = "open"
    MARKER = "marker"
    WITHHELD = "withheld"
    HIDDEN = "hidden"


class PrivateKind(StrEnum):
    """Why a trooper is private: the pack's `private` list its skill or equipment is on."""

    HIDDEN_DEPLOYMENT = "hidden_deployment"
    AIRBORNE_DEPLOYMENT = "airborne_deployment"
    MARKER = "markers"
    HOLOMASK = "holomask"
    IDENTITY = "identity"


_EXPOSURE_OF = {
    PrivateKind.HIDDEN_DEPLOYMENT: Exposure.HIDDEN,
    PrivateKind.AIRBORNE_DEPLOYMENT: Exposure.HIDDEN,
    PrivateKind.MARKER: Exposure.MARKER,
    PrivateKind.HOLOMASK: Exposure.WITHHELD,
    PrivateKind.IDENTITY: Exposure.WITHHELD,
}
_PREFIX = re.compile(r"^\s*[A-Za-z]{1,3}\s*:\s*")
"""The N3 skill-family prefix of a name, e.g. 'CH: ' in 'CH: TO Camouflage'."""
_RANK = {Exposure.OPEN: 0, Exposure.WITHHELD: 1, Exposure.MARKER: 2, Exposure.HIDDEN: 3}
"""A trooper with several private skills takes the most concealing verdict."""

ORDER_TYPES = (OrderType.REGULAR, OrderType.IRREGULAR, OrderType.IMPETUOUS, OrderType.TACTICAL,
               OrderType.LIEUTENANT)
OPEN_ORDER_TYPES = ORDER_TYPES[:-1]
"""Order types a courtesy list counts: the Lieutenant Order would point at the Lieutenant."""


@dataclass(frozen=True)
class Finding:
    """One private skill or piece of equipment found on a trooper."""

    kind: PrivateKind
    rule: str
    """The pack's spelling of the skill, e.g. 'TO Camouflage'."""
    item: str
    """The item as the data prints it, e.g. 'CH: TO Camouflage'."""


@dataclass(frozen=True)
class Verdict:
    """How a courtesy list treats one trooper, and why."""

    exposure: Exposure
    findings: tuple[Finding, ...] = ()

    @property
    def marker(self) -> str | None:
        """The kind of marker it deploys as (the most specific matching rule, e.g. 'TO Camouflage')."""
        rules = [_PREFIX.sub("", f.rule) for f in self.findings if f.kind is PrivateKind.MARKER]
        return max(rules, key=len) if rules else None

    @property
    def is_open(self) -> bool:
        return self.exposure is Exposure.OPEN


# ----- matching ---------------------------------------------------------------------------------
def fold(text: str) -> str:
    """Compare names the way players read them: case, non-breaking spaces and spacing ignored."""
    return " ".join(text.replace("\u00a0", " ").casefold().split())


@cache
def _phrase(rule: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(fold(rule))}(?!\w)")


def matches(item_name: str, rule: str) -> bool:
    """Whether an item is the private skill `rule`, whole words anywhere in its name.

    "CH: TO Camouflage" and "Limited Camouflage" match "Camouflage"; "AD: Combat Jump" matches
    "Combat Jump"; "Mimetism" matches nothing. Over-matching only hides more, never less.
    """
    return bool(rule.strip()) and _phrase(rule).search(fold(item_name)) is not None


def is_lieutenant_item(item_name: str) -> bool:
    """The Lieutenant skill, with or without a level ('Lieutenant L2'): never on a courtesy list."""
    name = fold(item_name)
    return name == LIEUTENANT_SKILL or name.startswith(LIEUTENANT_SKILL + " ")


def _rules(private: PrivateSkills) -> Iterator[tuple[PrivateKind, str]]:
    for kind in PrivateKind:
        for rule in getattr(private, kind.value):
            yield kind, rule


def _names(profiles: Iterable[Profile], options: Iterable[Option]) -> Iterator[str]:
    for profile in profiles:
        for item in (*profile.skills, *profile.equipment):
            yield item.name
        yield from profile.characteristics
    for option in options:
        for item in (*option.skills, *option.equipment):
            yield item.name
        yield from option.characteristics


def _verdict(names: Iterable[str], private: PrivateSkills) -> Verdict:
    findings: list[Finding] = []
    rules = list(_rules(private))
    for name in names:
        for kind, rule in rules:
            if matches(name, rule):
                findings.append(Finding(kind, rule, name))
    exposure = max((_EXPOSURE_OF[f.kind] for f in findings), key=_RANK.__getitem__, default=Exposure.OPEN)
    return Verdict(exposure, tuple(dict.fromkeys(findings)))


def assess(trooper: ResolvedTrooper, private: PrivateSkills) -> Verdict:
    """The verdict on a trooper (its own profiles and option, and any team members it includes).

    Peripherals are judged on their own (`assess_peripheral`) but never shown when their controller
    is not open; a controller hidden by Hidden Deployment hides its peripherals with it.
    """
    members = [inc for inc in trooper.included if not inc.is_peripheral]
    names = _names((*trooper.profiles, *(p for inc in members for p in inc.group.profiles)),
                   (trooper.option, *(inc.option for inc in members)))
    return _verdict(names, private)


def assess_peripheral(peripheral: IncludedTrooper, private: PrivateSkills) -> Verdict:
    return _verdict(_names(peripheral.group.profiles[:1], (peripheral.option,)), private)


# ----- the courtesy view ------------------------------------------------------------------------
@dataclass(frozen=True)
class StatLine:
    """A profile's printed attributes (MOV in cm as in the data)."""

    name: str
    type: UnitType | None
    """None where the source prints no type."""
    move: tuple[int, int]
    cc: int
    bs: int
    ph: int
    wip: int
    arm: int
    bts: int
    w: int
    structure: bool
    s: int

    @classmethod
    def of(cls, profile: Profile) -> StatLine:
        return cls(profile.name, profile.type, profile.move, profile.cc, profile.bs, profile.ph, profile.wip,
                   profile.arm, profile.bts, profile.w, profile.structure, profile.s)


@dataclass(frozen=True)
class OpenModel:
    """A trooper or peripheral shown as itself: no option name, cost, SWC or Lieutenant."""

    unit: str
    stat_lines: tuple[StatLine, ...]
    weapons: tuple[str, ...]
    skills: tuple[str, ...]
    equipment: tuple[str, ...]
    quantity: int = 1
    peripheral: bool = False
    companions: tuple[OpenModel, ...] = ()
    """Models that come with it: peripherals and the members of a team option."""


@dataclass(frozen=True)
class CourtesyGroup:
    """A combat group as the opponent may see it."""

    number: int
    """Position among the groups shown (1, 2…), not the list's own numbering."""
    reinforcement: bool
    troopers: tuple[OpenModel, ...]
    markers: tuple[str, ...]
    """The kind of each marker ('Camouflage', 'Impersonation'…), sorted."""
    withheld: int
    """Troopers on the table whose identity is private (HoloMask, Chain of Command…)."""
    orders: tuple[tuple[OrderType, int], ...]
    """Orders of the troopers shown as themselves, by type; never the Lieutenant Order."""

    @property
    def entries(self) -> int:
        return sum(t.quantity for t in self.troopers) + len(self.markers) + self.withheld


@dataclass(frozen=True)
class CourtesyView:
    """Everything a courtesy list may print, and nothing else."""

    army: str
    data_version: str
    game_points: int
    """The agreed game size (both players know it); never the points spent."""
    tier: str | None
    rules_pack: str
    groups: tuple[CourtesyGroup, ...]


def open_items(items: Iterable[ItemRef], private: PrivateSkills) -> tuple[str, ...]:
    """Item labels fit for a courtesy list: no Lieutenant, no private skill (defence in depth)."""
    rules = [rule for _, rule in _rules(private)]
    return tuple(dict.fromkeys(
        item.label for item in items
        if not is_lieutenant_item(item.name) and not any(matches(item.name, rule) for rule in rules)))


def _open_model(unit: str, profiles: tuple[Profile, ...], options: tuple[Option, ...], private: PrivateSkills,
                quantity: int = 1, peripheral: bool = False, companions: tuple[OpenModel, ...] = ()) -> OpenModel:
    def gather(attribute: str) -> tuple[str, ...]:
        items = [i for p in profiles for i in getattr(p, attribute)]
        items += [i for o in options for i in getattr(o, attribute)]
        return open_items(items, private)

    return OpenModel(unit=unit, stat_lines=tuple(StatLine.of(p) for p in profiles), weapons=gather("weapons"),
                     skills=gather("skills"), equipment=gather("equipment"), quantity=quantity,
                     peripheral=peripheral, companions=companions)


def order_counts(trooper: ResolvedTrooper) -> dict[OrderType, int]:
    """Orders a trooper brings, by type (its option and the options it includes)."""
    counts = dict.fromkeys(ORDER_TYPES, 0)
    for grant in trooper.option.orders:
        counts[grant.type] += grant.total
    for inc in trooper.included:
        for grant in inc.option.orders:
            counts[grant.type] += grant.total * inc.quantity
    return counts


def companion_name(companion: IncludedTrooper) -> str:
    """A peripheral or team member by its profile's name (its option's where it has no profile)."""
    profile = companion.profile
    return profile.name if profile is not None else companion.option.name


def own_profiles(trooper: ResolvedTrooper) -> tuple[Profile, ...]:
    """A trooper's own stat lines; a team option has none (each member is printed on its own)."""
    return trooper.profiles if trooper.group is not None else ()


def sort_key(text: str) -> str:
    """Alphabetical order as players expect it: 'SĀCHĀ' sorts with 'Sacha', 'Señor' with 'Senor'."""
    return "".join(c for c in unicodedata.normalize("NFKD", fold(text)) if not unicodedata.combining(c))


def _sort_key(model: OpenModel) -> tuple[str, ...]:
    line = model.stat_lines[0].name if model.stat_lines else ""
    return (sort_key(model.unit), sort_key(line), *model.weapons, *model.skills, *model.equipment)


def courtesy_view(roster: Roster, private: PrivateSkills, *, game_points: int, tier: str | None = None,
                  rules_pack: str = "") -> CourtesyView:
    """The open information of a list (RULES.md §5), ready to print or preview."""
    groups: list[CourtesyGroup] = []
    for group in roster.army_list.groups:
        shown: list[OpenModel] = []
        markers: list[str] = []
        withheld = 0
        orders = dict.fromkeys(OPEN_ORDER_TYPES, 0)
        for trooper in roster.in_group(group.number):
            verdict = assess(trooper, private)
            if verdict.exposure is Exposure.HIDDEN:
                continue
            if verdict.exposure is Exposure.MARKER:
                markers.append(verdict.marker or "")
                continue
            if verdict.exposure is Exposure.WITHHELD:
                withheld += 1
                continue
            companions: list[OpenModel] = []
            for inc in trooper.included:
                seen = assess_peripheral(inc, private) if inc.is_peripheral else verdict
                if seen.exposure is Exposure.MARKER:
                    markers.extend([seen.marker or ""] * inc.quantity)
                elif seen.exposure is Exposure.WITHHELD:
                    withheld += inc.quantity
                elif seen.exposure is Exposure.OPEN:
                    companions.append(_open_model(companion_name(inc), inc.group.profiles[:1], (inc.option,),
                                                  private, inc.quantity, peripheral=inc.is_peripheral))
            shown.append(_open_model(trooper.unit.name, own_profiles(trooper), (trooper.option,), private,
                                     companions=tuple(companions)))
            for kind, count in order_counts(trooper).items():
                if kind in orders:
                    orders[kind] += count
        if not (shown or markers or withheld):
            continue
        groups.append(CourtesyGroup(
            number=len(groups) + 1, reinforcement=group.reinforcement,
            troopers=_merged(shown), markers=tuple(sorted(markers, key=sort_key)),
            withheld=withheld, orders=tuple(orders.items())))
    _renumber_reinforcements(groups)
    return CourtesyView(army=roster.army.name, data_version=roster.army.version, game_points=game_points,
                        tier=tier, rules_pack=rules_pack, groups=tuple(groups))


def _merged(models: list[OpenModel]) -> tuple[OpenModel, ...]:
    """Identical troopers once, with their number ('3× Fusiliers'): nothing private tells them apart here."""
    counts: dict[OpenModel, int] = {}
    for model in models:
        counts[model] = counts.get(model, 0) + model.quantity
    merged = [replace(model, quantity=count) for model, count in counts.items()]
    return tuple(sorted(merged, key=_sort_key))


def _renumber_reinforcements(groups: list[CourtesyGroup]) -> None:
    """Main groups first, numbered 1…n, then Reinforcements groups (the list may interleave them)."""
    ordered = [g for g in groups if not g.reinforcement] + [g for g in groups if g.reinforcement]
    groups[:] = [CourtesyGroup(i + 1, g.reinforcement, g.troopers, g.markers, g.withheld, g.orders)
                 for i, g in enumerate(ordered)]
