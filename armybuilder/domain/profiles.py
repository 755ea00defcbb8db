"""Armies, units, profile groups, profiles and options: the profile database as immutable models."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import cached_property
from typing import Literal

from pydantic import Field, field_validator

from armybuilder.domain.fireteams import FireteamChart
from armybuilder.domain.scalars import weapon_label
from armybuilder.domain.specops import SpecOpsUpgrade
from armybuilder.domain.values import (
    AVA_TOTAL,
    Category,
    Frozen,
    ItemRef,
    OrderType,
    Swc,
    UnitType,
)

_WORDS = re.compile(r"[^\W_]+")
Ava = int | Literal["total"] | None
"""AVA: a number, `total` (no limit), or None where it does not apply (peripherals)."""

LIEUTENANT_SKILL = "lieutenant"


class OrderGrant(Frozen):
    """Orders an option provides: `total` of `type`; `pooled` ones go to the Order Pool."""

    type: OrderType
    total: int = Field(default=1, ge=0)
    pooled: bool = True


class IncludedOption(Frozen):
    """An option of another profile group of the same unit that comes with this one.

    This is how a controller brings its peripherals (Auxilia → Auxbot) and how a
    team option (Scarface & Cordelia) brings each of its troopers.
    """

    group: int
    option: int
    quantity: int = Field(default=1, ge=1)
    priced_in: bool = Field(
        default=False,
        description="the including option's points and SWC already count this model (the official "
                    "data prices a controller with its peripherals); otherwise they are added to it",
    )


class Profile(Frozen):
    """A stat line of a profile group."""

    id: int
    name: str
    type: UnitType | None = Field(
        description="trooper type; null only where a source prints no type (say so in `notes`)")
    move: tuple[int, int] = Field(description="MOV in cm, e.g. (10, 10) for 4-4 inches")
    cc: int
    bs: int
    ph: int
    wip: int
    arm: int
    bts: int
    w: int = Field(description="Wounds, or Structure when `structure` is true")
    structure: bool = False
    s: int = Field(description="Silhouette")
    ava: Ava = None
    characteristics: tuple[str, ...] = ()
    skills: tuple[ItemRef, ...] = ()
    equipment: tuple[ItemRef, ...] = ()
    weapons: tuple[ItemRef, ...] = ()
    peripherals: tuple[ItemRef, ...] = ()
    includes: tuple[IncludedOption, ...] = ()
    notes: str | None = None
    source: str | None = Field(default=None, description="where the values come from (authored data)")

    @field_validator("ava", mode="before")
    @classmethod
    def _ava(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().lower() in ("total", "t"):
            return AVA_TOTAL
        return value

    def has_characteristic(self, name: str) -> bool:
        wanted = name.casefold()
        return any(c.casefold() == wanted for c in self.characteristics)

    @property
    def display_name(self) -> str:
        """Its name as shown and printed (`readable_name`: never an internal id such as 'AUXBOT_3')."""
        return readable_name(self.name)

    @cached_property
    def is_peripheral(self) -> bool:
        return self.has_characteristic("Peripheral")

    @cached_property
    def peripheral_type(self) -> str | None:
        """The type its "Peripheral (Servant)" skill names, folded ('servant'), if it has one."""
        for skill in self.skills:
            if skill.name.casefold() == "peripheral" and skill.extras:
                return skill.extras[0].strip().casefold()
        return None

    @cached_property
    def item_keys(self) -> frozenset[str]:
        """Its skills, equipment and weapons by folded name (for quick `has_item` checks)."""
        return frozenset(fold_name(i.name) for i in (*self.skills, *self.equipment, *self.weapons))


class Option(Frozen):
    """A loadout of a profile group: what a trooper carries and what it costs."""

    id: int
    name: str
    points: int = Field(ge=0)
    swc: Swc = Field(default_factory=Swc)
    orders: tuple[OrderGrant, ...] = ()
    weapons: tuple[ItemRef, ...] = ()
    skills: tuple[ItemRef, ...] = ()
    equipment: tuple[ItemRef, ...] = ()
    characteristics: tuple[str, ...] = ()
    peripherals: tuple[ItemRef, ...] = ()
    includes: tuple[IncludedOption, ...] = ()
    disabled: bool = Field(default=False, description="not selectable on its own (e.g. a peripheral)")
    minis: int = Field(default=1, ge=0)
    notes: str | None = None
    source: str | None = None

    @cached_property
    def is_lieutenant(self) -> bool:
        """A Lieutenant option: it grants a Lieutenant Order or has the Lieutenant skill."""
        return any(o.type is OrderType.LIEUTENANT for o in self.orders) or any(
            s.name.casefold() == LIEUTENANT_SKILL for s in self.skills
        )

    @cached_property
    def item_keys(self) -> frozenset[str]:
        """Its skills, equipment and weapons by folded name (for quick `has_item` checks)."""
        return frozenset(fold_name(i.name) for i in (*self.skills, *self.equipment, *self.weapons))


class ProfileGroup(Frozen):
    """A set of profiles sharing options (most units have one; TAGs add their pilot, etc.)."""

    id: int
    name: str = ""
    category: Category | None = None
    profiles: tuple[Profile, ...] = ()
    options: tuple[Option, ...] = ()
    notes: str | None = None

    @cached_property
    def _options_by_id(self) -> dict[int, Option]:
        return {o.id: o for o in self.options}

    def option(self, option_id: int) -> Option | None:
        return self._options_by_id.get(option_id)

    @property
    def main_profile(self) -> Profile | None:
        return self.profiles[0] if self.profiles else None

    @cached_property
    def is_peripheral(self) -> bool:
        """A group whose profiles are all peripherals (fielded only through a controller)."""
        return bool(self.profiles) and all(p.is_peripheral for p in self.profiles)

    @cached_property
    def peripheral_type(self) -> str | None:
        """The peripheral type of its profiles ('servant', 'ancillary'…), if they name one."""
        return next((t for t in (p.peripheral_type for p in self.profiles) if t), None)

    @property
    def ava(self) -> Ava:
        """The group's own AVA: the first of its profiles that states one (None where none does)."""
        return next((p.ava for p in self.profiles if p.ava is not None), None)

    @property
    def label(self) -> str:
        """The group as players name it: its name, else its first profile's."""
        profile = self.main_profile
        return self.name or (profile.name if profile else "")


class Unit(Frozen):
    """A unit of an army: profile groups and (rarely) team options that span groups."""

    id: int
    slug: str
    name: str
    isc: str = ""
    isc_abbr: str | None = None
    canonical: int | None = None
    factions: tuple[int, ...] = ()
    mercenary: bool = Field(
        default=False,
        description="in the army's mercenary pool: only with Soldiers of Fortune (Army List — Mercenaries)",
    )
    profile_groups: tuple[ProfileGroup, ...] = ()
    options: tuple[Option, ...] = Field(default=(), description="team options that include several groups")
    notes: str | None = None
    source: str | None = None

    @cached_property
    def name_words(self) -> frozenset[str]:
        """The folded words of its name, ISC and profile-group names (to find a word such as "Reinf")."""
        texts = (self.name, self.isc, *(g.name for g in self.profile_groups))
        return frozenset(w.casefold() for text in texts if text for w in _WORDS.findall(text))

    @cached_property
    def _groups_by_id(self) -> dict[int, ProfileGroup]:
        return {g.id: g for g in self.profile_groups}

    def group(self, group_id: int) -> ProfileGroup | None:
        return self._groups_by_id.get(group_id)

    def option(self, group_id: int, option_id: int) -> Option | None:
        """The option `option_id` of group `group_id`; group 0 means a unit-level team option."""
        if group_id == 0:
            return next((o for o in self.options if o.id == option_id), None)
        group = self.group(group_id)
        return group.option(option_id) if group else None

    def selectable_options(self) -> Iterator[tuple[ProfileGroup | None, Option]]:
        """Every option a player may pick: enabled options of each group, then team options."""
        for group in self.profile_groups:
            for option in group.options:
                if not option.disabled:
                    yield group, option
        for option in self.options:
            if not option.disabled:
                yield None, option

    @cached_property
    def main_profile(self) -> Profile | None:
        for group in self.profile_groups:
            if group.profiles and not group.is_peripheral:
                return group.profiles[0]
        return None

    @cached_property
    def ava(self) -> Ava:
        """The unit's AVA in its army: its first order-giving group's, else (a unit made only of
        peripherals such as Palbots) its first group's that states one."""
        groups = [g for g in self.profile_groups if not g.is_peripheral] or list(self.profile_groups)
        return next((g.ava for g in groups if g.ava is not None), None)

    @cached_property
    def ava_per_group(self) -> bool:
        """Whether each profile group carries its own AVA (Kuang Shi and their Monitor, Puppet
        Masters and PuppetBots, the Posthumans' Proxies): then AVA is counted per group."""
        return sum(1 for g in self.profile_groups if g.ava is not None) > 1

    def ava_of(self, group_id: int | None) -> Ava:
        """The AVA that limits troopers of this group: the group's own when AVA is per group."""
        group = self.group(group_id) if group_id is not None else None
        if self.ava_per_group and group is not None and group.ava is not None:
            return group.ava
        return self.ava

    @cached_property
    def identity(self) -> str:
        """What makes two units of one army the same unit: the folded ISC (else name). A unit of the
        army's own list and its copy in the mercenary pool share it."""
        return " ".join((self.isc or self.name).casefold().split())

    @cached_property
    def character_key(self) -> str:
        """Who a character is, whatever version of them a unit fields (RULES.md §2.7).

        The part of the unit's name before its title, folded: "REINF: Domaru TAKESHI 'NEKO' OYAMA"
        and "Domaru TAKESHI 'NEKO' OYAMA", "YOJIMBO, Sword for Hire" and "YOJIMBO, Motorized Sword
        for Hire", "JOAN OF ARC" and "JOAN OF ARC v2 (Mobility Armor)" each give one key, while
        "ZAMIRA NAZAROVA, Kum Enforcer" and "ZULEYKA NAZAROVA, Kum Enforcer" stay two.
        """
        return character_key(self.name)

    @cached_property
    def category(self) -> Category | None:
        for group in self.profile_groups:
            if group.category is not None:
                return group.category
        return None

    @property
    def is_character(self) -> bool:
        return any(g.category is Category.CHARACTER for g in self.profile_groups)


_INTERNAL_ID = re.compile(r"^(?P<name>[A-Z][A-Z0-9\-]*[A-Z])_\d+[A-Z]?$")
"""A profile or option name that is the data's internal id of a variant ('AUXBOT_3', 'AUXBOT_3B')."""


def readable_name(name: str) -> str:
    """A name as players read it: the official data names a few peripherals' profiles by an internal id
    ('AUXBOT_3' for a Peacemaker's Auxbot); those read as the profile they are a variant of ('AUXBOT')."""
    match = _INTERNAL_ID.match(name.strip())
    return match.group("name") if match else name


def fold_name(text: str) -> str:
    """An item or skill name compared without case or spacing differences."""
    return " ".join(text.replace("\u00a0", " ").casefold().split())


_REINF_PREFIX = re.compile(r"^\s*reinf(?:orcements?)?\s*[.:]?\s*", re.IGNORECASE)
_BRACKETED = re.compile(r"\([^()]*\)")
_VERSION = re.compile(r"\bv\d+\b", re.IGNORECASE)


def character_key(name: str) -> str:
    """A character's name without a Reinforcements prefix, title, bracketed note or version, folded."""
    text = _REINF_PREFIX.sub("", name)
    text = _BRACKETED.sub(" ", text).split(",")[0]
    text = _VERSION.sub(" ", text)
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c if c.isalnum() else " " for c in text if not unicodedata.combining(c))
    return " ".join(text.split())


class RelationMember(Frozen):
    """A unit (optionally one profile group of it) that takes part in a relation."""

    unit: int
    group: int | None = None
    depends: tuple[RelationDependency, ...] = ()


class RelationDependency(Frozen):
    """A requirement: fielding the member needs `min` troopers of this unit/group.

    `per` (the data's `minDependant`) scales it: `min` of these for every `per` members.
    """

    unit: int
    group: int | None = None
    min: int = 1
    per: int | None = None
    whole_group: bool = False


class Relation(Frozen):
    """A shared limit across units, e.g. a character and its alternative version: at most one."""

    members: tuple[RelationMember, ...]
    min: int = 0
    max: int | None = None
    group: bool = False
    note: str | None = None


class WeaponRange(Frozen):
    """One range band of a weapon: up to `max_cm`, with its modifier."""

    max_cm: int
    mod: str


class WeaponProfile(Frozen):
    """A weapon's game profile for the print-out's weapons reference page."""

    name: str
    id: int | None = None
    burst: str = "-"
    damage: str = "-"
    saving: str = "-"
    saving_num: str = "-"
    ammunition: str = "-"
    properties: tuple[str, ...] = ()
    ranges: tuple[WeaponRange, ...] = ()
    mode: str | None = Field(default=None, description="firing mode of a multi-mode weapon, e.g. 'AP Mode'")
    profile: str | None = Field(default=None, description="stats of a deployable, e.g. 'ARM=0, BTS=0, STR=1, S=0'")
    source: str | None = None
    name_es: str | None = Field(default=None, description="the official data's Spanish name (merged by id)")
    mode_es: str | None = None
    properties_es: tuple[str, ...] | None = None
    ammunition_es: str | None = None

    @property
    def label(self) -> str:
        """Name and mode as printed on the weapons reference page: 'MULTI Rifle (AP Mode)'."""
        return weapon_label(self.name, self.mode)

    def label_in(self, language: str) -> str:
        """The label in `language` where the data has it ('Fusil Combi'), else English."""
        if language != "es":
            return self.label
        return weapon_label(self.name_es or self.name, self.mode_es or self.mode)

    def traits_in(self, language: str) -> tuple[str, ...]:
        return self.properties_es if language == "es" and self.properties_es is not None else self.properties

    def ammunition_in(self, language: str) -> str:
        return self.ammunition_es if language == "es" and self.ammunition_es else self.ammunition


class SpecOpsTable(Frozen):
    """An army's Spec-Ops table (official data `specops`): the bases and the upgrades with their XP."""

    units: tuple[Unit, ...] = Field(default=(), description="base troopers: units whose options are the Spec-Ops bases")
    upgrades: tuple[SpecOpsUpgrade, ...] = ()

    @cached_property
    def _upgrades_by_key(self) -> dict[tuple[str, int, tuple[int, ...]], SpecOpsUpgrade]:
        return {u.key: u for u in self.upgrades}

    def upgrade(self, key: tuple[str, int, tuple[int, ...]] | None) -> SpecOpsUpgrade | None:
        return self._upgrades_by_key.get(key) if key is not None else None

    def base(self, unit_id: int, group_id: int, option_id: int) -> tuple[Unit, ProfileGroup, Option] | None:
        """The base unit, profile group and option with these ids, if the table offers them."""
        for unit in self.units:
            if unit.id == unit_id:
                group = unit.group(group_id)
                option = group.option(option_id) if group else None
                if group is not None and option is not None:
                    return unit, group, option
        return None

    def bases(self) -> Iterator[tuple[Unit, ProfileGroup, Option]]:
        for unit in self.units:
            for group in unit.profile_groups:
                for option in group.options:
                    yield unit, group, option


ArmyKind = Literal["vanilla", "sectorial", "reinforcements"]


class Army(Frozen):
    """A faction (vanilla) or sectorial army with its units, relations and fireteam chart."""

    id: int
    slug: str
    name: str
    kind: ArmyKind = "vanilla"
    parent: int | None = Field(default=None, description="the vanilla army of a sectorial")
    edition: str = Field(default="n5", description="id of the edition pack its profiles follow")
    version: str = Field(default="", description="data version (official data) or database version")
    origin: Literal["bundled", "imported"] = "bundled"
    discontinued: bool = False
    units: tuple[Unit, ...] = ()
    relations: tuple[Relation, ...] = ()
    fireteam_chart: FireteamChart = Field(default_factory=FireteamChart)
    reinforcements: int | None = Field(default=None, description="id of its Reinforcements army")
    specops: SpecOpsTable | None = Field(default=None, description="its Spec-Ops table (official data)")
    notes: str | None = None
    source: str | None = None

    @cached_property
    def _units_by_id(self) -> dict[int, Unit]:
        return {u.id: u for u in self.units}

    @cached_property
    def _units_by_slug(self) -> dict[str, Unit]:
        return {u.slug: u for u in self.units}

    def unit(self, unit_id: int) -> Unit | None:
        return self._units_by_id.get(unit_id)

    def unit_by_slug(self, slug: str) -> Unit | None:
        return self._units_by_slug.get(slug)

    @property
    def own_units(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if not u.mercenary)

    @property
    def mercenary_units(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.mercenary)

    @property
    def label(self) -> str:
        """Name with the data version, as shown in pickers: 'PanOceania (7.2668.374)'."""
        return f"{self.name} ({self.version})" if self.version else self.name


RelationMember.model_rebuild()
