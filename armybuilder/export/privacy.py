"""What a courtesy list may show: the one place that decides which facts of a list are private (RULES.md §5).

The rule is "what the opponent sees on the table, no more". A trooper is either shown as itself
(`OPEN`), as a plain trooper of its unit without its private skill (`PLAIN`: the Lieutenant, Chain
of Command, Counterintelligence), as a marker in its combat group (`MARKER`: Camouflage,
Impersonation) or not at all (`HIDDEN`: Hidden Deployment, Combat Jump and Parachutist, and N5.2's
HoloMask and Holoecho States, whose very presence is private). A Decoy (N) trooper is open but is
on the table as up to N+1 decoys: as a model it is shown with its Decoy markers, as a marker it
counts N+1 markers of its kind, so that nothing tells how many are empty. The skill names behind
each verdict come from the edition pack's `private` lists, so a new edition changes data, not code.
Besides, a courtesy view never carries costs, SWC, the Lieutenant (skill, Lieutenant Order, option
name), fireteams, the army code, totals or the list's name, and it is built so that side channels
stay shut:

- a trooper whose identity is private is shown as the closest plain option of its profile group
  that carries the same weapons and equipment (those are on the model): that option's items in its
  order, its companions, its orders, so whatever only such options carry (Strategos) or lack (the
  Tactical Awareness of a Caledonian Mormaer that its Lieutenant options drop) cannot tell it apart
  (`public_face`). When no plain option carries its gear, it is shown with its own gear, without
  the private skill and whatever only private options have;
- a private trooper contributes nothing: not its orders, its peripherals or a place in a count;
- open troopers are sorted by name, not kept in list order (which would show where the others were),
  and identical ones are printed once with their number (the Lieutenant merges with its twins);
- combat groups are renumbered 1, 2… over the groups that show something, so a group made only of
  hidden troopers leaves no gap;
- markers are labelled by the kind of marker the opponent sees on the table, never by option.

The view holds plain strings and numbers only, no domain objects, so a renderer cannot leak what the
view does not contain. The full list reads `assess()` and `public_face()` to tell the owner how each
private trooper is shown.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache, lru_cache
from typing import TypeVar

from armybuilder.domain.packs import PrivateSkills
from armybuilder.domain.profiles import LIEUTENANT_SKILL, Option, Profile, ProfileGroup, Unit
from armybuilder.domain.roster import IncludedTrooper, ResolvedTrooper, Roster
from armybuilder.domain.values import ItemRef, OrderType, UnitType
from armybuilder.i18n import language
from armybuilder.rules.context import order_places

_T = TypeVar("_T")


class Exposure(StrEnum):
    """How much of a trooper a courtesy list shows."""

    OPEN = "open"
    PLAIN = "plain"
    """Shown as a plain trooper of its unit: the private skill left out, the closest option without it."""
    MARKER = "marker"
    HIDDEN = "hidden"


class PrivateKind(StrEnum):
    """Why a trooper is private: the pack's `private` list its skill or equipment is on."""

    HIDDEN_DEPLOYMENT = "hidden_deployment"
    AIRBORNE_DEPLOYMENT = "airborne_deployment"
    MARKER = "markers"
    HOLOMASK = "holomask"
    IDENTITY = "identity"
    DECOY = "decoy"


_EXPOSURE_OF = {
    PrivateKind.HIDDEN_DEPLOYMENT: Exposure.HIDDEN,
    PrivateKind.AIRBORNE_DEPLOYMENT: Exposure.HIDDEN,
    PrivateKind.MARKER: Exposure.MARKER,
    PrivateKind.HOLOMASK: Exposure.HIDDEN,
    PrivateKind.IDENTITY: Exposure.PLAIN,
    PrivateKind.DECOY: Exposure.OPEN,
}
_PREFIX = re.compile(r"^\s*[A-Za-z]{1,3}\s*:\s*")
"""The N3 skill-family prefix of a name, e.g. 'CH: ' in 'CH: TO Camouflage'."""
_RANK = {Exposure.OPEN: 0, Exposure.PLAIN: 1, Exposure.MARKER: 2, Exposure.HIDDEN: 3}
"""A trooper with several private skills takes the most concealing verdict."""
_LEVEL = re.compile(r"\(\s*(\d{1,3})\s*\)")
MAX_DECOYS = 2
"""Decoy places "up to two Decoy Markers" (DECOY-1, DECOY-2); Decoy (1) one. No number: the two."""

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
    """The item as the data prints it, e.g. 'CH: TO Camouflage' or 'Decoy (1)'."""


def _decoy_level(label: str) -> int:
    """The N of 'Decoy (N)' (the two of the rule when the data gives none), never more than two."""
    match = _LEVEL.search(label)
    return min(MAX_DECOYS, int(match.group(1))) if match else MAX_DECOYS


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
    def decoys(self) -> int:
        """How many decoys it may place beside itself (Decoy (N)); 0 without Decoy."""
        return max((_decoy_level(f.item) for f in self.findings if f.kind is PrivateKind.DECOY), default=0)

    @property
    def private_findings(self) -> tuple[Finding, ...]:
        """The findings that make it private (Decoy alone does not)."""
        return tuple(f for f in self.findings if f.kind is not PrivateKind.DECOY)

    @property
    def is_open(self) -> bool:
        return self.exposure is Exposure.OPEN

    @property
    def is_shown(self) -> bool:
        """Shown as a trooper (itself, or a plain trooper of its unit), not as a marker or not at all."""
        return self.exposure in (Exposure.OPEN, Exposure.PLAIN)


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


def _names(profiles: Iterable[Profile], options: Iterable[Option]) -> Iterator[tuple[str, str]]:
    """(name, label) of every skill, piece of equipment and characteristic: the English names are
    matched, the labels ('Decoy (1)', in the print-out's language) reported."""
    lang = language()
    for profile in profiles:
        for item in (*profile.skills, *profile.equipment):
            yield item.name, item.label_in(lang)
        for characteristic in profile.characteristics:
            yield characteristic, characteristic
    for option in options:
        for item in (*option.skills, *option.equipment):
            yield item.name, item.label_in(lang)
        for characteristic in option.characteristics:
            yield characteristic, characteristic


@lru_cache(maxsize=16384)
def _private_rules(name: str, private: PrivateSkills) -> tuple[tuple[PrivateKind, str], ...]:
    """The pack's private rules an item name matches (cached: a list repeats its names a lot)."""
    folded = fold(name)
    return tuple((kind, rule) for kind, rule in _rules(private) if rule.strip() and _phrase(rule).search(folded))


def _verdict(names: Iterable[tuple[str, str]], private: PrivateSkills) -> Verdict:
    findings: list[Finding] = []
    for name, label in names:
        findings.extend(Finding(kind, rule, label) for kind, rule in _private_rules(name, private))
    exposure = max((_EXPOSURE_OF[f.kind] for f in findings), key=_RANK.__getitem__, default=Exposure.OPEN)
    return Verdict(exposure, tuple(dict.fromkeys(findings)))


def assess(trooper: ResolvedTrooper, private: PrivateSkills) -> Verdict:
    """The verdict on a trooper (its own profiles and option, and any team members it includes).

    Peripherals are judged on their own (`assess_peripheral`) but never shown when their controller
    is not shown; a controller hidden by Hidden Deployment hides its peripherals with it.
    """
    return _assess(_Loadout.of(trooper), private)


def assess_peripheral(peripheral: IncludedTrooper, private: PrivateSkills) -> Verdict:
    return _verdict(_names(peripheral.group.profiles[:1], (peripheral.option,)), private)


# ----- loadouts: a trooper, or any other option of its unit it could be shown as -----------------
@dataclass(frozen=True)
class _Loadout:
    """An option of a unit with what it brings: its stat lines and included models."""

    unit: Unit
    group: ProfileGroup | None
    """None for a team option (its members are printed on their own)."""
    option: Option
    included: tuple[IncludedTrooper, ...]
    position: int = 0
    """Its place among the options of its group: the tie-break between equally close stand-ins."""

    @classmethod
    def of(cls, trooper: ResolvedTrooper) -> _Loadout:
        return cls(trooper.unit, trooper.group, trooper.option, trooper.included)

    @classmethod
    def sibling(cls, unit: Unit, group: ProfileGroup | None, option: Option, position: int) -> _Loadout | None:
        """Another option of the unit, resolved as `roster.resolve` would; None if the data is broken."""
        included = []
        for inc in option.includes:
            inc_group = unit.group(inc.group)
            inc_option = unit.option(inc.group, inc.option)
            if inc_group is None or inc_option is None:
                return None
            included.append(IncludedTrooper(inc_group, inc_option, inc.quantity, inc.priced_in))
        return cls(unit, group, option, tuple(included), position)

    @property
    def members(self) -> tuple[IncludedTrooper, ...]:
        return tuple(inc for inc in self.included if not inc.is_peripheral)

    @property
    def profiles(self) -> tuple[Profile, ...]:
        """All its stat lines, a team option's members' included (as `ResolvedTrooper.profiles`)."""
        if self.group is not None:
            return tuple(p for p in self.group.profiles if not p.is_peripheral) or self.group.profiles
        return tuple(p for inc in self.members for p in inc.group.profiles[:1])

    @property
    def own_profiles(self) -> tuple[Profile, ...]:
        """The stat lines printed on its own row: a team option has none (each member has its row)."""
        return self.profiles if self.group is not None else ()

    @property
    def is_peripheral(self) -> bool:
        """A peripheral bought on its own (a Palbot): it takes no place of its own."""
        return self.group is not None and self.group.is_peripheral

    @property
    def is_lieutenant(self) -> bool:
        """A Lieutenant option (order or skill, 'Lieutenant L2' too), or a team with a Lieutenant in it."""
        options = (self.option, *(inc.option for inc in self.members))
        return any(o.is_lieutenant or any(is_lieutenant_item(i.name) for i in o.skills) for o in options)

    def siblings(self) -> Iterator[_Loadout]:
        """The other selectable options of its profile group (or its unit's team options)."""
        options = self.group.options if self.group is not None else self.unit.options
        for position, option in enumerate(options):
            if option.disabled or option.id == self.option.id:
                continue
            sibling = _Loadout.sibling(self.unit, self.group, option, position)
            if sibling is not None:
                yield sibling


def _assess(loadout: _Loadout, private: PrivateSkills) -> Verdict:
    names = _names((*loadout.profiles, *(p for inc in loadout.members for p in inc.group.profiles)),
                   (loadout.option, *(inc.option for inc in loadout.members)))
    return _verdict(names, private)


# ----- the courtesy view ------------------------------------------------------------------------
@dataclass(frozen=True)
class StatLine:
    """A profile's printed attributes (MOV in cm as in the data; -1 is the data's "-")."""

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
    places: int = 0
    """Troopers it counts as in its group, as the full list counts them (JAZZ & BILLIE: 2); 0 for companions."""
    decoys: int = 0
    """Decoy markers it may place beside its model (Decoy (N)): which of them is real is private."""


@dataclass(frozen=True)
class CourtesyGroup:
    """A combat group as the opponent may see it."""

    number: int
    """Position among the groups shown (1, 2…), not the list's own numbering."""
    reinforcement: bool
    troopers: tuple[OpenModel, ...]
    markers: tuple[str, ...]
    """The kind of each marker on the table ('Camouflage', 'Impersonation'…), sorted; a Decoy (N)
    trooper deployed as a marker counts N+1 of them."""
    orders: tuple[tuple[OrderType, int], ...]
    """Orders of the troopers shown as troopers, by type; never the Lieutenant Order."""

    @property
    def entries(self) -> int:
        """Troopers and markers on the table (decoy markers of a model are on its row, not counted)."""
        return sum(t.quantity * t.places for t in self.troopers) + len(self.markers)


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
    weapons: tuple[str, ...] = ()
    """The names of the weapons printed (for the weapons reference), sorted."""


def _hides(name: str, private: PrivateSkills) -> bool:
    """An item a courtesy list never prints: the Lieutenant, a private skill (Decoy is open)."""
    return is_lieutenant_item(name) or any(kind is not PrivateKind.DECOY for kind, _ in _private_rules(name, private))


def open_items(items: Iterable[ItemRef], private: PrivateSkills) -> tuple[str, ...]:
    """Item labels fit for a courtesy list: no Lieutenant, no private skill (defence in depth), in the
    print-out's language where the data has the names. Whether an item is private is decided on its
    English name, whatever the language."""
    lang = language()
    return tuple(dict.fromkeys(item.label_in(lang) for item in items if not _hides(item.name, private)))


def _open_model(unit: str, profiles: tuple[Profile, ...], options: tuple[Option, ...], private: PrivateSkills,
                quantity: int = 1, peripheral: bool = False, companions: tuple[OpenModel, ...] = ()) -> OpenModel:
    def gather(attribute: str) -> tuple[str, ...]:
        items = [i for p in profiles for i in getattr(p, attribute)]
        items += [i for o in options for i in getattr(o, attribute)]
        return open_items(items, private)

    return OpenModel(unit=unit, stat_lines=tuple(StatLine.of(p) for p in profiles), weapons=gather("weapons"),
                     skills=gather("skills"), equipment=gather("equipment"), quantity=quantity,
                     peripheral=peripheral, companions=companions)


def _weapon_names(profiles: Iterable[Profile], options: Iterable[Option]) -> list[str]:
    return [w.name for p in profiles for w in p.weapons] + [w.name for o in options for w in o.weapons]


def order_counts(trooper: ResolvedTrooper) -> dict[OrderType, int]:
    """Orders a trooper brings, by type: its option's (RULES.md §7).

    The data gives an option the orders of the whole trooper: a TAG's included pilot profile and
    a team option's members carry theirs again, so included options never add to the count.
    """
    return _orders(trooper.option)


def _orders(option: Option) -> dict[OrderType, int]:
    counts = dict.fromkeys(ORDER_TYPES, 0)
    for grant in option.orders:
        counts[grant.type] += grant.total
    return counts


def companion_name(companion: IncludedTrooper) -> str:
    """A peripheral or team member by its profile's name (its option's where it has no profile)."""
    profile = companion.profile
    return profile.name if profile is not None else companion.option.name


def own_profiles(trooper: ResolvedTrooper) -> tuple[Profile, ...]:
    """A trooper's own stat lines; a team option has none (each member is printed on its own)."""
    return trooper.profiles if trooper.group is not None else ()


@dataclass(frozen=True)
class _Face:
    """What a courtesy list shows of a trooper shown as a trooper, and what it adds to its group."""

    model: OpenModel
    orders: dict[OrderType, int] = field(hash=False)
    """Open order types only."""
    markers: tuple[str, ...] = ()
    weapon_names: tuple[str, ...] = ()
    """Names (without extras) of the weapons it shows, for the weapons reference."""


def _face(loadout: _Loadout, private: PrivateSkills, take_place: bool = False) -> _Face:
    """A loadout as the courtesy list prints it, private items left out.

    `take_place`: the edition counts peripherals as troopers (the N3 pack).
    """
    companions: list[OpenModel] = []
    markers: list[str] = []
    weapons = _weapon_names(loadout.own_profiles, (loadout.option,))
    shown_peripherals = 0
    for inc in loadout.included:
        seen = assess_peripheral(inc, private) if inc.is_peripheral else Verdict(Exposure.OPEN)
        if seen.exposure is Exposure.MARKER:
            markers.extend([seen.marker or ""] * (inc.quantity * (1 + seen.decoys)))
        elif seen.is_shown:
            companions.append(_open_model(companion_name(inc), inc.group.profiles[:1], (inc.option,), private,
                                          inc.quantity, peripheral=inc.is_peripheral))
            weapons += _weapon_names(inc.group.profiles[:1], (inc.option,))
            shown_peripherals += inc.quantity if inc.is_peripheral else 0
    if loadout.is_peripheral:
        places = 1 if take_place else 0
    else:
        places = order_places(loadout.option.orders) + (shown_peripherals if take_place else 0)
    model = replace(_open_model(loadout.unit.name, loadout.own_profiles, (loadout.option,), private,
                                companions=tuple(companions)),
                    places=places, decoys=_assess(loadout, private).decoys)
    orders = {kind: count for kind, count in _orders(loadout.option).items() if kind in OPEN_ORDER_TYPES}
    return _Face(model, orders, tuple(markers), tuple(dict.fromkeys(weapons)))


def _bag(face: _Face, *attributes: str) -> Counter[tuple[str, str]]:
    return Counter((model.unit, item) for model in (face.model, *face.model.companions)
                   for attribute in attributes for item in getattr(model, attribute))


def _difference(a: Counter[_T], b: Counter[_T]) -> int:
    return sum(((a - b) + (b - a)).values())


_GEAR = ("weapons", "equipment")


def _distance(a: _Face, b: _Face) -> tuple[int, int, int]:
    """How different two faces look: the gear on the model first (weapons, equipment and the models
    and markers that come along: the opponent sees them), then skills, then orders."""
    gear = _difference(_bag(a, *_GEAR), _bag(b, *_GEAR))
    gear += _difference(Counter((c.unit, c.quantity) for c in a.model.companions),
                        Counter((c.unit, c.quantity) for c in b.model.companions))
    gear += abs(len(a.markers) - len(b.markers)) + abs(a.model.decoys - b.model.decoys)
    orders = sum(abs(a.orders.get(kind, 0) - b.orders.get(kind, 0)) for kind in OPEN_ORDER_TYPES)
    return gear, _difference(_bag(a, "skills"), _bag(b, "skills")), orders


def _private_identity(loadout: _Loadout, verdict: Verdict) -> bool:
    """Whether the loadout must not be told apart: the Lieutenant, or a Chain of Command holder…"""
    return loadout.is_lieutenant or verdict.exposure is Exposure.PLAIN


def _without_skills(face: _Face, tells: set[tuple[str, str]]) -> _Face:
    """A face without the skills in `tells` ((unit, skill) pairs), on the model and its companions."""
    def strip(model: OpenModel) -> OpenModel:
        keep = [s for s in model.skills if (model.unit, s) not in tells]
        return replace(model, skills=tuple(keep), companions=tuple(strip(c) for c in model.companions))

    return replace(face, model=strip(face.model))


@dataclass(frozen=True)
class _Shown:
    """The option a trooper is shown as (itself, or a stand-in) and the face printed."""

    loadout: _Loadout
    face: _Face


def _public(loadout: _Loadout, private: PrivateSkills, take_place: bool = False) -> _Shown:
    """How a trooper shown as a trooper is printed: as itself, unless its identity is private.

    Then as the closest plain option of its profile group (no Lieutenant, nothing private: what any
    other trooper of the unit could be) that carries the same gear; for a Lieutenant whose unit has
    no plain option, the closest option that is at least not a Lieutenant (Joan of Arc's other
    options all have Chain of Command). When none carries its gear (a Kempei with Chain of Command
    and a Boarding Shotgun), it is printed with its own gear, without the private skill and without
    the skills no such option has (Strategos). Where the unit has no other option at all (every
    option a Lieutenant, Chain of Command on the profile), it is shown as itself without the private
    skill: its model alone tells as much. The choice depends on the option only, never on the rest
    of the list.
    """
    own = _face(loadout, private, take_place)
    if not _private_identity(loadout, _assess(loadout, private)):
        return _Shown(loadout, own)
    siblings = [(s, _assess(s, private)) for s in loadout.siblings()]
    pool = [s for s, v in siblings if v.is_open and not s.is_lieutenant]
    if not pool and loadout.is_lieutenant:
        pool = [s for s, v in siblings if v.is_shown and not s.is_lieutenant]
    if not pool:
        return _Shown(loadout, own)
    faces = [(s, _face(s, private, take_place)) for s in pool]
    best, face = min(faces, key=lambda pair: (_distance(own, pair[1]), pair[0].position))
    if _distance(own, face)[0] == 0:
        return _Shown(best, face)
    known = {key for _, other in faces for key in _bag(other, "skills")}
    return _Shown(loadout, _without_skills(own, set(_bag(own, "skills")) - known))


@dataclass(frozen=True)
class PublicFace:
    """How a courtesy list shows a trooper whose identity is private: what the full list tells its owner."""

    option: str
    """The option it is shown as (its own when no other fits)."""
    own: bool
    """Shown as its own option, the private skill left out."""
    added: tuple[str, ...]
    """Open items the courtesy list shows that the trooper lacks (a Mormaer Lieutenant's Tactical Awareness)."""
    dropped: tuple[str, ...]
    """Open items it has that the courtesy list leaves out (Strategos, a Forward Observer…)."""


def public_face(trooper: ResolvedTrooper, private: PrivateSkills) -> PublicFace | None:
    """None for a trooper shown as itself; else the option it is shown as and how that differs."""
    loadout = _Loadout.of(trooper)
    if not _private_identity(loadout, _assess(loadout, private)):
        return None
    shown = _public(loadout, private)
    mine, theirs = _face(loadout, private), shown.face
    attributes = ("weapons", "skills", "equipment")
    added = [item for _, item in (_bag(theirs, *attributes) - _bag(mine, *attributes)).elements()]
    dropped = [item for _, item in (_bag(mine, *attributes) - _bag(theirs, *attributes)).elements()]
    return PublicFace(shown.loadout.option.name, shown.loadout is loadout, tuple(dict.fromkeys(added)),
                      tuple(dict.fromkeys(dropped)))


def sort_key(text: str) -> str:
    """Alphabetical order as players expect it: 'SĀCHĀ' sorts with 'Sacha', 'Señor' with 'Senor'."""
    return "".join(c for c in unicodedata.normalize("NFKD", fold(text)) if not unicodedata.combining(c))


def _sort_key(model: OpenModel) -> tuple[str, ...]:
    line = model.stat_lines[0].name if model.stat_lines else ""
    return (sort_key(model.unit), sort_key(line), *model.weapons, *model.skills, *model.equipment,
            *(c.unit for c in model.companions))


def courtesy_view(roster: Roster, private: PrivateSkills, *, game_points: int, tier: str | None = None,
                  rules_pack: str = "", peripherals_take_a_place: bool = False) -> CourtesyView:
    """The open information of a list (RULES.md §5), ready to print or preview.

    `peripherals_take_a_place`: the edition counts peripherals as troopers (the N3 pack), so the
    counts agree with the full list's.
    """
    groups: list[CourtesyGroup] = []
    weapons: set[str] = set()
    for group in roster.army_list.groups:
        shown: list[OpenModel] = []
        markers: list[str] = []
        orders = dict.fromkeys(OPEN_ORDER_TYPES, 0)
        for trooper in roster.in_group(group.number):
            verdict = assess(trooper, private)
            if verdict.exposure is Exposure.HIDDEN:
                continue
            if verdict.exposure is Exposure.MARKER:
                markers.extend([verdict.marker or ""] * (1 + verdict.decoys))
                continue
            face = _public(_Loadout.of(trooper), private, peripherals_take_a_place).face
            shown.append(face.model)
            markers.extend(face.markers)
            weapons.update(face.weapon_names)
            for kind, count in face.orders.items():
                orders[kind] += count
        if not (shown or markers):
            continue
        groups.append(CourtesyGroup(
            number=len(groups) + 1, reinforcement=group.reinforcement,
            troopers=_merged(shown), markers=tuple(sorted(markers, key=sort_key)), orders=tuple(orders.items())))
    _renumber_reinforcements(groups)
    return CourtesyView(army=roster.army.name, data_version=roster.army.version, game_points=game_points,
                        tier=tier, rules_pack=rules_pack, groups=tuple(groups),
                        weapons=tuple(sorted(weapons, key=sort_key)))


def _merged(models: Sequence[OpenModel]) -> tuple[OpenModel, ...]:
    """Identical troopers once, with their number ('3× Fusiliers'): nothing private tells them apart here."""
    counts: dict[OpenModel, int] = {}
    for model in models:
        counts[model] = counts.get(model, 0) + model.quantity
    merged = [replace(model, quantity=count) for model, count in counts.items()]
    return tuple(sorted(merged, key=_sort_key))


def _renumber_reinforcements(groups: list[CourtesyGroup]) -> None:
    """Main groups first, numbered 1…n, then Reinforcements groups (the list may interleave them)."""
    ordered = [g for g in groups if not g.reinforcement] + [g for g in groups if g.reinforcement]
    groups[:] = [replace(g, number=i + 1) for i, g in enumerate(ordered)]
