"""Rules packs: an edition's army-building limits and a tournament season's tiers, extras and CBLs.

Everything that changes between editions or ITS seasons lives in pack data (`profiles/packs/`),
never in code: a new season is a new YAML file.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, field_validator

from armybuilder.domain.values import Category, FireteamType, Frozen, Swc, UnitType
from armybuilder.i18n import LocalText, tr

if TYPE_CHECKING:
    from armybuilder.domain.lists import ArmyList


class Named:
    """A pack, tier, extra or season rule: named in English (`name`) and in Spanish (`name_es`)."""

    if TYPE_CHECKING:
        name: str
        name_es: str

    def display_name(self, language: str) -> str:
        """The name in `language` ('en', 'es'); English where the pack gives no translation."""
        return self.name_es if language == "es" and self.name_es else self.name

    @property
    def local_name(self) -> LocalText:
        """The name for a message, rendered in the language it is shown in."""
        return LocalText.of(self.name, es=self.name_es)


class Described(Named):
    """An Extra or season rule: a one-line description in English and in Spanish too."""

    if TYPE_CHECKING:
        description: str
        description_es: str

    def display_description(self, language: str) -> str:
        return self.description_es if language == "es" and self.description_es else self.description

    @property
    def local_description(self) -> LocalText:
        return LocalText.of(self.description, es=self.description_es)


def _ids(value: object) -> object:
    """Tier ids may be written as numbers (`id: 400`): they are kept as text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, list | tuple):
        return [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    return value


class SizeRange(Frozen):
    """Inclusive bounds on a number of troopers."""

    min: int = Field(ge=0)
    max: int = Field(ge=0)


class FireteamBonus(Frozen):
    """What a fireteam level adds (RULES.md §4); cumulative with lower levels."""

    level: int = Field(ge=1, le=5)
    bonus: str
    bonus_es: str = ""

    def display_bonus(self, language: str) -> str:
        """The bonus in `language`; English where the pack gives no translation."""
        return self.bonus_es if language == "es" and self.bonus_es else self.bonus

    @property
    def local_bonus(self) -> LocalText:
        return LocalText.of(self.bonus, es=self.bonus_es)


class ReinforcementRules(Frozen):
    """The Reinforcements section: a fixed budget built from 'Reinf.' units (RULES.md §2.9)."""

    points: int = 100
    swc: Swc = Field(default_factory=lambda: Swc.parse("2"))
    requires_commlink: bool = True
    unit_marker: str = Field(
        default="Reinf", description="the word a Reinforcements unit's name or ISC includes ('REINF: SPEKTRS', "
                                     "'STEMPLER ZOND REINF.', ISC 'Reinf. Wardrivers')")


class PeripheralControl(Frozen):
    """Who may control a peripheral bought on its own, by its type (the profile's "Peripheral (Servant)")."""

    type: str = Field(description="the peripheral's type, e.g. 'Servant'")
    skills: tuple[str, ...] = Field(default=(), description="a controller needs one of these (Doctor, Engineer)")
    same_unit: bool = Field(default=False, description="controllers are the order-giving troopers of its own unit")
    max_per_controller: int | None = Field(default=None, description="peripherals of this type one controller takes")
    excludes: tuple[str, ...] = Field(
        default=(), description="types a controller with any peripheral of this type may not also have "
                                "(N5.2: Cyberplug excludes Servant)")
    source: str | None = None


class PrivateSkills(Frozen):
    """Skill and equipment names whose presence or identity is private information (RULES.md §5)."""

    hidden_deployment: tuple[str, ...] = ()
    airborne_deployment: tuple[str, ...] = ()
    holomask: tuple[str, ...] = ()
    identity: tuple[str, ...] = ()
    markers: tuple[str, ...] = ()
    decoy: tuple[str, ...] = Field(default=(), description="skills that put decoys on the table beside the "
                                   "trooper (Decoy (N)): open, but a courtesy list must not tell the real one")


class EditionPack(Named, Frozen):
    """Army-building rules of one edition of the game."""

    kind: Literal["edition"] = "edition"
    id: str
    name: str
    name_es: str = ""
    default_points: int = 300
    max_troopers: int | None = Field(default=None, description="army size cap; None = no cap")
    commlink_skill: str = "Commlink"
    max_commlinks: int | None = None
    max_group_size: int = 10
    swc_per_points: int = 50
    peripherals_take_a_place: bool = Field(
        default=False, description="false: a controller and its peripherals count as one trooper"
    )
    lieutenant_required: int = 1
    fireteam_sizes: dict[FireteamType, SizeRange] = Field(default_factory=dict)
    fireteam_bonuses: tuple[FireteamBonus, ...] = ()
    fireteam_excluded_skills: tuple[str, ...] = Field(
        default=(), description="skills that keep a trooper out of fireteams (Infiltration, Combat Jump…)"
    )
    peripheral_controllers: tuple[PeripheralControl, ...] = Field(
        default=(), description="controllers of peripherals bought on their own (Army List — Combat Groups; "
                                "Peripheral); a type not listed is not checked")
    fireteam_free_peripheral_types: tuple[str, ...] = Field(
        default=(), description="peripheral types whose Controller may still join a fireteam (N5.2: Ancillary, "
                                "which does not deploy with its Controller)")
    fireteam_max_level: int = Field(default=5, ge=1, description="no fireteam level above this (N5: 5)")
    fireteam_bonuses_assumed: bool = Field(
        default=False, description="the bonus table is an assumption (no source for this edition gives one)")
    reinforcements: ReinforcementRules | None = None
    private: PrivateSkills = Field(default_factory=PrivateSkills)
    source: str | None = None


class Tier(Named, Frozen):
    """A tournament game size: points and SWC."""

    id: str
    name: str
    name_es: str = ""
    points: int = Field(gt=0)
    swc: Swc
    note: str | None = Field(default=None, description="why a value differs from the printed rules, shown to players")
    note_es: str | None = None

    _id = field_validator("id", mode="before")(lambda v: _ids(v))

    def display_note(self, language: str) -> str:
        """The note in `language` ('' when the tier has none); English where the pack gives no translation."""
        return (self.note_es if language == "es" and self.note_es else self.note) or ""

    @property
    def local_note(self) -> LocalText:
        """The note for a message, rendered in the language it is shown in."""
        return LocalText.of(self.note or "", es=self.note_es or "")


class TierGroup(Named, Frozen):
    """Tiers the rules name together (ITS S17 '400/350-Tier'): shown together, one round of Escalation."""

    id: str
    name: str
    name_es: str = ""
    tiers: tuple[str, ...] = Field(description="ids of its tiers, in the order they are shown")

    _tiers = field_validator("tiers", mode="before")(lambda v: _ids(v))


class Extra(Described, Frozen):
    """A tournament Extra an organizer may switch on; each field that is set is one effect."""

    id: str
    name: str
    name_es: str = ""
    description: str = ""
    description_es: str = ""
    families: tuple[str, ...] = Field(
        default=(), description="the rule families this Extra switches on (docs/seasons.md); a family the engine "
                                "does not know is reported as not checked by this builder")
    notes_only: bool = Field(default=False, description="no effect on list building (scenarios, game modes)")
    mercenary_points: int | None = Field(default=None, description="Soldiers of Fortune: merc points cap")
    mercenary_swc: Swc | None = Field(default=None, description="Soldiers of Fortune: SWC it consumes")
    max_combat_groups: int | None = Field(default=None, description="Limited Insertion: 1")
    experience: int | None = Field(default=None, description="Spec-Ops / Campaign XP, written with the list")
    speciality_experience: int | None = None
    lists_per_player: int | None = Field(default=None, description="Escalation: three lists")
    tiers: tuple[str, ...] = Field(default=(), description="Escalation: its rounds, in order: each a tier id or "
                                                            "a tier group id (one list per round)")
    unlimited_troopers: bool = Field(default=False, description="Free Game: no army-size cap")
    requires_reinforcements: bool = Field(
        default=False, description="Reinforcements: every list must have its Reinforcements section")
    incompatible: tuple[str, ...] = ()
    source: str | None = None

    _tiers = field_validator("tiers", mode="before")(lambda v: _ids(v))


class UnitMatch(Frozen):
    """Selects units by (case-insensitive) text in their name, ISC or slug."""

    contains: str
    army_parent: int | None = Field(default=None, description="only in this faction and its sectorials")

    def matches(self, *texts: str) -> bool:
        """Whether `contains` is in one of the texts, ignoring case and accents ('Sachá' finds 'SĀCHĀ')."""
        wanted = _plain(self.contains)
        return any(wanted in _plain(text) for text in texts if text)


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class SeasonRule(Described, Frozen):
    """A season rule; the fields that are set are the effects a list builder must apply."""

    id: str
    name: str
    name_es: str = ""
    description: str = ""
    description_es: str = ""
    families: tuple[str, ...] = Field(default=(), description="the rule families that apply it (docs/seasons.md)")
    unavailable_units: tuple[UnitMatch, ...] = ()
    allowed_units: tuple[UnitMatch, ...] = Field(
        default=(), description="units that join lists they are not otherwise in (Bit & KISS!)"
    )
    any_army_units: tuple[UnitMatch, ...] = Field(
        default=(), description="units every army may field (ITS S17: a Sāchā); an army whose data lacks one gets "
                                "it from another army of the same data")
    also_categories: dict[Category, tuple[Category, ...]] = Field(
        default_factory=dict, description="troops of a category also count as these (S17: Character → Veteran)")
    free_skills: dict[UnitType, tuple[str, ...]] = Field(default_factory=dict)
    notes_only: bool = Field(default=False, description="affects play, not list building")
    source: str | None = None


class CblEntry(Frozen):
    """One trooper of a CBL version, by unit slug and option id, with its printed cost."""

    unit: str | None = Field(default=None, description="unit slug; None when the seed lost the row")
    option: int | None = None
    group: int = Field(default=1, description="profile group id of the option")
    name: str = ""
    lieutenant: bool = False
    points: int | None = None
    swc: Swc | None = None
    type: UnitType | None = None
    combat_group: int = 1
    unknown: bool = Field(default=False, description="the printed list does not say who this is")
    note: str | None = None


class CblVersion(Frozen):
    """One version (A, B, C…) of a Closed Battle List, with its printed totals."""

    id: str
    printed_points: int
    printed_swc: Swc
    entries: tuple[CblEntry, ...]
    note: str | None = None


class GrantedFireteam(Frozen):
    """A fireteam a CBL or profile grants beyond the army's chart (N3 notes)."""

    type: FireteamType
    team: str = Field(description="name of the chart team it allows, as written in the pack/data")
    label: str = Field(default="", description="the printed note, e.g. 'Haris Especial: Nisses…'")


class ClosedBattleList(Frozen):
    """A published set of fixed lists; a CBL entry is legal only as one exact version."""

    id: str
    name: str
    army: str = Field(description="slug of the army it is built with")
    army_id: int | None = None
    army_name: str = Field(default="", description="the army's name, for messages")
    edition: str | None = None
    versions: tuple[CblVersion, ...]
    fireteams: tuple[GrantedFireteam, ...] = ()
    source: str | None = None

    def version(self, version_id: str) -> CblVersion | None:
        return next((v for v in self.versions if v.id == version_id), None)


class SeasonPack(Named, Frozen):
    """A tournament season: tiers, extras, season rules and Closed Battle Lists."""

    kind: Literal["season"] = "season"
    id: str
    name: str
    name_es: str = ""
    edition: str = Field(description="edition pack used when the army data names none")
    released: str | None = Field(default=None, description="'YYYY-MM': new lists of the edition get the newest season")
    lists_per_player: int = Field(default=2, ge=1, description="lists in a player's entry (at most)")
    min_lists_per_player: int | None = Field(default=None, ge=1, description="at least this many (default: exactly "
                                                                             "lists_per_player)")
    tiers: tuple[Tier, ...] = ()
    tier_groups: tuple[TierGroup, ...] = Field(default=(), description="tiers shown together (and Escalation rounds)")
    extras: tuple[Extra, ...] = ()
    rules: tuple[SeasonRule, ...] = ()
    cbls: tuple[ClosedBattleList, ...] = ()
    source: str | None = None

    def tier(self, tier_id: str) -> Tier | None:
        return next((t for t in self.tiers if t.id == tier_id), None)

    def tier_group(self, group_id: str) -> TierGroup | None:
        return next((g for g in self.tier_groups if g.id == group_id), None)

    def group_of_tier(self, tier_id: str) -> TierGroup | None:
        """The tier group a tier belongs to (None when the season does not group its tiers)."""
        return next((g for g in self.tier_groups if tier_id in g.tiers), None)

    def grouped_tiers(self) -> list[tuple[TierGroup | None, tuple[Tier, ...]]]:
        """The tiers as a player sees them: each group with its tiers, then any tier in no group."""
        found: list[tuple[TierGroup | None, tuple[Tier, ...]]] = []
        placed: set[str] = set()
        for group in self.tier_groups:
            tiers = tuple(t for t in (self.tier(i) for i in group.tiers) if t is not None)
            placed.update(t.id for t in tiers)
            found.append((group, tiers))
        rest = tuple(t for t in self.tiers if t.id not in placed)
        if rest:
            found.append((None, rest))
        return found

    def problems(self) -> list[tuple[tuple[str | int, ...], str]]:
        """Names the season uses that it does not define: (path in the file, message)."""
        found: list[tuple[tuple[str | int, ...], str]] = []
        tiers = {t.id for t in self.tiers}
        groups = {g.id for g in self.tier_groups}
        extras = {e.id for e in self.extras}
        for gi, group in enumerate(self.tier_groups):
            for ti, tier_id in enumerate(group.tiers):
                if tier_id not in tiers:
                    found.append((("tier_groups", gi, "tiers", ti),
                                  tr("tier group {group} names tier {tier}, which the season does not have",
                                     group=repr(group.id), tier=repr(tier_id))))
        for ei, extra in enumerate(self.extras):
            for ti, round_id in enumerate(extra.tiers):
                if round_id not in tiers and round_id not in groups:
                    found.append((("extras", ei, "tiers", ti),
                                  tr("extra {extra} names round {round}, which is neither a tier nor a tier group",
                                     extra=repr(extra.id), round=repr(round_id))))
            for oi, other in enumerate(extra.incompatible):
                if other not in extras:
                    found.append((("extras", ei, "incompatible", oi),
                                  tr("extra {extra} is incompatible with {other}, which the season does not have",
                                     extra=repr(extra.id), other=repr(other))))
        if self.min_lists_per_player is not None and self.min_lists_per_player > self.lists_per_player:
            found.append((("min_lists_per_player",), tr("min_lists_per_player is more than lists_per_player")))
        return found

    @property
    def entry_range(self) -> tuple[int, int]:
        """(fewest, most) lists in a player's entry without Escalation."""
        most = self.lists_per_player
        return (self.min_lists_per_player or most, most)

    def extra(self, extra_id: str) -> Extra | None:
        return next((e for e in self.extras if e.id == extra_id), None)

    def cbl(self, cbl_id: str) -> ClosedBattleList | None:
        return next((c for c in self.cbls if c.id == cbl_id), None)


RulesPack = Annotated[EditionPack | SeasonPack, Field(discriminator="kind")]


def game_points(army_list: ArmyList, packs: Mapping[str, EditionPack | SeasonPack]) -> int | None:
    """The points a list is built to: its tier's (a tier wins over points), else its own points, else its
    edition's default; None when nothing says (an unknown pack and no points). The one reading of a list's
    game size: the rules (`list_settings.game_size`, as `RuleContext.points_limit` counts it) and the army
    code of the CLI, the app and the print-outs all use it."""
    pack = packs.get(army_list.pack)
    if isinstance(pack, SeasonPack) and army_list.tier and (tier := pack.tier(army_list.tier)) is not None:
        return tier.points
    if army_list.points:
        return army_list.points
    edition = packs.get(pack.edition) if isinstance(pack, SeasonPack) else pack
    return edition.default_points if isinstance(edition, EditionPack) else None
