"""Convert the official Infinity Army JSON (`army.json` + one file per army) into domain models.

`read_metadata` reads army.json (factions, weapon profiles, global names); an `ImportSession`
converts army files one by one (sharing work between armies that field the same units);
`link_armies` decides, from the whole set, which armies are Reinforcements and who their parents
are. Whatever cannot be mapped becomes an `ImportIssue` naming the file, the unit and the JSON
path — nothing is dropped silently. See docs/official-data.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from armybuilder.data.infinity_specops import convert_specops
from armybuilder.data.infinity_units import (
    ArmyTables,
    SharedNames,
    UnitCache,
    UnitConverter,
    ValueCache,
)
from armybuilder.data.names import NameSet
from armybuilder.data.official_json import (
    ImportFileError,
    ImportIssue,
    Severity,
    Text,
    UnitTexts,
    clean,
    describe,
    short,
)
from armybuilder.data.records import new
from armybuilder.domain.scalars import FireteamType, weapon_label
from armybuilder.i18n import lazy_tr, lazy_trn

if TYPE_CHECKING:  # records of these are built (`armybuilder.data.records`), never the models
    from armybuilder.domain.fireteams import ChartMember, ChartTeam, FireteamChart
    from armybuilder.domain.profiles import (
        Army,
        ArmyKind,
        Relation,
        RelationDependency,
        RelationMember,
        Unit,
        WeaponProfile,
        WeaponRange,
    )

EDITION = "n5"
METADATA_FILE = "army.json"
NOT_IMPORTED_METADATA = ("hack", "martialArts", "metachemistry", "booty")
"""Sections of army.json the domain has no place for yet (hacking programs and tables)."""
_RANGE_BANDS = ("short", "med", "long", "max", "xlong")

# records of the models, typed as the models they become in the cache
_Member: Callable[..., RelationMember] = new("RelationMember")
_Dependency: Callable[..., RelationDependency] = new("RelationDependency")
_Relation: Callable[..., Relation] = new("Relation")
_ChartMember: Callable[..., ChartMember] = new("ChartMember")
_ChartTeam: Callable[..., ChartTeam] = new("ChartTeam")
_Chart: Callable[..., FireteamChart] = new("FireteamChart")
_Army: Callable[..., Army] = new("Army")
_WeaponRange: Callable[..., WeaponRange] = new("WeaponRange")
_WeaponProfile: Callable[..., WeaponProfile] = new("WeaponProfile")


# ----- army.json -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Faction:
    """One entry of army.json's `factions`: an army (or a grouping of armies) and its parent."""

    id: int
    parent: int
    name: str
    slug: str
    discontinued: bool = False


@dataclass
class Metadata:
    """What the importer uses from army.json."""

    factions: tuple[Faction, ...]
    weapons: dict[str, WeaponProfile] = field(default_factory=dict)
    names: dict[str, dict[int, str]] = field(default_factory=dict)
    not_imported: dict[str, int] = field(default_factory=dict)
    issues: list[ImportIssue] = field(default_factory=list)

    def factions_by_slug(self) -> dict[str, list[Faction]]:
        found: dict[str, list[Faction]] = {}
        for faction in self.factions:
            found.setdefault(faction.slug, []).append(faction)
        return found

    def is_grouping(self, factions: list[Faction]) -> bool:
        """True for factions that only group other armies (Non-Aligned Armies, 901): sectorials name them as
        their parent and they name no parent of their own, so no army file is expected for them."""
        ids = {f.id for f in self.factions}
        parents = {f.parent for f in self.factions if f.parent != f.id}
        return all(f.parent not in ids and f.id in parents for f in factions)


def read_metadata(raw: Any, file: str = METADATA_FILE, names_es: NameSet | None = None) -> Metadata:
    """Factions, weapon profiles and global names of army.json; raises ImportFileError if unusable.

    `names_es`: the Spanish names, merged by id into the weapon profiles (a weapon id's entries,
    one per firing mode, come in the same order in both languages).
    """
    if not isinstance(raw, dict):
        raise ImportFileError(ImportIssue(file, lazy_tr("expected a JSON object with `factions`")))
    raw_factions = raw.get("factions")
    if not isinstance(raw_factions, list) or not raw_factions:
        raise ImportFileError(ImportIssue(file, lazy_tr("has no `factions` list: is this the army.json metadata?"),
                                          path="factions"))
    issues: list[ImportIssue] = []
    factions = []
    for index, entry in enumerate(raw_factions):
        try:
            factions.append(Faction(id=_int(entry["id"]), parent=_int(entry.get("parent", entry["id"])),
                                    name=clean(entry["name"]), slug=_slug(entry["slug"]),
                                    discontinued=bool(entry.get("discontinued", False))))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            issues.append(ImportIssue(file, lazy_tr("faction left out: {error}", error=describe(exc)),
                                      path=f"factions[{index}]"))
    if not factions:
        raise ImportFileError(ImportIssue(file, lazy_tr("no usable entry in `factions`: nothing can be imported"),
                                          path="factions"))
    names = {"skills": _name_table(raw.get("skills"), file, "skills", issues),
             "equip": _name_table(raw.get("equips"), file, "equips", issues)}
    ammunition = _name_table(raw.get("ammunitions"), file, "ammunitions", issues)
    weapons: dict[str, WeaponProfile] = {}
    weapon_names: dict[int, str] = {}
    weapons_raw = raw.get("weapons")
    seen: dict[object, int] = {}
    if isinstance(weapons_raw, list):
        for index, entry in enumerate(weapons_raw):
            raw_id = entry.get("id") if isinstance(entry, dict) and type(entry.get("id")) is int else None
            occurrence = seen.get(raw_id, 0)  # counted as the Spanish entries are, failed ones too
            seen[raw_id] = occurrence + 1
            try:
                weapon = _weapon(entry, ammunition)
                if names_es is not None:
                    weapon = _spanish_weapon(weapon, names_es, occurrence)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                issues.append(ImportIssue(file, lazy_tr("weapon left out: {error}", error=describe(exc)),
                                          path=f"weapons[{index}]"))
                continue
            label = weapon_label(weapon.name, weapon.mode)
            if label in weapons:
                issues.append(ImportIssue(file, lazy_tr("duplicate weapon {name}: the later one is kept",
                                                   name=repr(label)), path=f"weapons[{index}]",
                                          severity="warning"))
            weapons[label] = weapon
            if entry.get("type", "WEAPON") == "WEAPON" and weapon.id is not None:
                weapon_names.setdefault(weapon.id, weapon.name)
    else:
        issues.append(ImportIssue(file, lazy_tr("has no `weapons` list: weapon profiles are not available"),
                                  path="weapons", severity="warning"))
    names["weapons"] = weapon_names
    not_imported = {key: len(raw[key]) for key in NOT_IMPORTED_METADATA if isinstance(raw.get(key), list)}
    return Metadata(tuple(factions), weapons, names, not_imported, issues)


def _slug(value: Any) -> str:
    if not isinstance(value, str) or not value or "/" in value or "\\" in value or value.startswith("."):
        raise ValueError(f"unusable slug {value!r}")
    return value


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _name_table(entries: Any, file: str, key: str, issues: list[ImportIssue]) -> dict[int, str]:
    table: dict[int, str] = {}
    for index, entry in enumerate(entries if isinstance(entries, list) else ()):
        if isinstance(entry, dict) and type(entry.get("id")) is int and entry.get("name") is not None:
            table[entry["id"]] = clean(entry["name"])
        else:
            issues.append(ImportIssue(file, lazy_tr("entry without an id and a name"), path=f"{key}[{index}]",
                                      severity="warning"))
    return table


def _weapon(entry: Mapping[str, Any], ammunition: Mapping[int, str]) -> WeaponProfile:
    ranges = []
    distance = entry.get("distance") or {}
    for band in _RANGE_BANDS:
        value = distance.get(band)
        if value:
            ranges.append(_WeaponRange(max_cm=_int(value["max"]), mod=str(value["mod"])))
    ranges.sort(key=lambda r: r.max_cm)
    ammo = entry.get("ammunition")
    weapon_id = entry.get("id")
    return _WeaponProfile(
        name=clean(entry["name"]), id=weapon_id if type(weapon_id) is int else None,
        burst=_dash(entry.get("burst")), damage=_dash(entry.get("damage")), saving=_dash(entry.get("saving")),
        saving_num=_dash(entry.get("savingNum")),
        ammunition=ammunition.get(ammo, "-") if type(ammo) is int else "-",
        properties=tuple(clean(p) for p in entry.get("properties") or ()), ranges=tuple(ranges),
        mode=clean(entry["mode"]) if entry.get("mode") else None,
        profile=clean(entry["profile"]) if entry.get("profile") else None,
        source="Infinity Army data, army.json",
    )


def _spanish_weapon(weapon: WeaponProfile, names: NameSet, occurrence: int) -> WeaponProfile:
    """The profile with its Spanish name, mode, traits and ammunition, where the data has them."""
    spanish = names.weapon(weapon.id, occurrence)
    if spanish is None:
        return weapon
    ammunition = names.name("ammunition", spanish.ammunition)
    update = {
        "name_es": spanish.name if spanish.name != weapon.name else None,
        "mode_es": spanish.mode if weapon.mode and spanish.mode and spanish.mode != weapon.mode else None,
        "properties_es": (spanish.properties if len(spanish.properties) == len(weapon.properties)
                          and spanish.properties != weapon.properties else None),
        "ammunition_es": ammunition if ammunition and ammunition != weapon.ammunition else None,
    }
    return weapon.model_copy(update=update) if any(v is not None for v in update.values()) else weapon


def _dash(value: object) -> str:
    return clean(value) or "-"


# ----- army files ------------------------------------------------------------------------------

@dataclass
class ConvertedArmy:
    """An army converted from one file, with everything the importer could not map."""

    army: Army
    issues: list[ImportIssue]
    unresolved: set[tuple[str, int]] = field(default_factory=set)
    """(kind, id) pairs found in no table: another file read later may still name them."""


class ImportSession:
    """Converts the army files of one data set, sharing names and unchanged units between armies."""

    def __init__(self, metadata: Metadata, known_names: Mapping[str, Mapping[int, str]] | None = None,
                 names_es: NameSet | None = None) -> None:
        self.metadata = metadata
        self.names_es = names_es
        self.shared = SharedNames(metadata=metadata.names)
        for kind, table in (known_names or {}).items():
            self.shared.armies.setdefault(kind, {}).update(table)
        self.units = UnitCache()
        self.values = ValueCache()
        self.texts = UnitTexts()
        """The units' texts read so far (`official_json.read_army_json`)."""

    @property
    def learned_names(self) -> dict[str, dict[int, str]]:
        """Names of skills, equipment, weapons… seen in every file so far (kept in the cache index)."""
        return self.shared.armies

    def convert(self, raw: Any, faction: Faction, file: str, exact: bool = False,
                texts: list[bytes] | None = None) -> ConvertedArmy:
        """Convert one parsed army file; raises ImportFileError when it is not an army file at all.

        `exact`: `raw` is orjson's reading (`official_json.read_json`), so units converted for an earlier
        file are recognised by their rendering and reused; otherwise each unit is converted anew.

        The army's `kind` is provisional (vanilla or sectorial, from army.json): whether it is a
        Reinforcements army is known only from the other files, see `link_armies`.

        `texts`: the text of each of `raw["units"]` in the file (`official_json.read_army_json`): they key the
        unit cache, and the units whose text an earlier file held are `KnownUnit`s, not yet read.
        """
        if not isinstance(raw, dict):
            raise ImportFileError(ImportIssue(file, lazy_tr("expected a JSON object with `version` and `units`")))
        units_raw = raw.get("units")
        if not isinstance(units_raw, list):
            raise ImportFileError(ImportIssue(file, lazy_tr("has no `units` list: is this an army file?"),
                                              path="units"))
        issues: list[ImportIssue] = []

        def report(path: str, message: Text, severity: Severity) -> None:
            issues.append(ImportIssue(file, message, "", path, severity))

        version = raw.get("version")
        if not isinstance(version, str) or not version.strip():
            report("version", lazy_tr("no data version: this import cannot be told apart from the next one"), "error")
            version = ""
        tables = ArmyTables(raw.get("filters"), report, self.values.clean)
        self.shared.learn(tables)
        converter = UnitConverter(file, faction.id, tables, self.shared, self.units, self.values, issues,
                                  self.names_es, exact)
        units: list[Unit] = []
        seen: dict[int, str] = {}
        if texts is not None and len(texts) != len(units_raw):
            texts = None
        for index, unit_raw in enumerate(units_raw):
            unit = converter.unit(index, unit_raw, text=texts[index] if texts is not None else None)
            if unit is None:
                continue
            if unit.id in seen:
                issues.append(ImportIssue(file, lazy_tr("duplicate unit id {id} (also {other}); this one is left out",
                                                   id=unit.id, other=seen[unit.id]), unit.name, f"units[{index}]"))
                continue
            seen[unit.id] = unit.name
            units.append(unit)
        if converter.empty_entries:
            report("units", lazy_trn("{n} empty entry in item lists holds nothing and was ignored",
                                     "{n} empty entries in item lists hold nothing and were ignored",
                                     converter.empty_entries), "info")
        specops = convert_specops(raw.get("specops"), converter, report)
        relations = _relations(raw.get("relations"), units, report)
        chart = _chart(raw.get("fireteamChart"), {u.slug for u in units}, report)
        extra_teams = raw.get("fireteams")
        if extra_teams:
            count = len(extra_teams) if isinstance(extra_teams, list | dict) else 1
            report("fireteams", lazy_trn("{n} entry in `fireteams` is not imported (only the `fireteamChart` is)",
                                         "{n} entries in `fireteams` are not imported (only the `fireteamChart` is)",
                                         count), "warning")
        reinforcements = raw.get("reinforcements")
        if reinforcements is not None and type(reinforcements) is not int:
            report("reinforcements", lazy_tr("expected an army id, got {value}", value=short(reinforcements)), "error")
            reinforcements = None
        army = _Army(
            id=faction.id, slug=faction.slug, name=faction.name,
            kind="vanilla" if faction.parent == faction.id else "sectorial",
            parent=None if faction.parent == faction.id else faction.parent, edition=EDITION,
            version=version.strip(), origin="imported", discontinued=faction.discontinued, units=tuple(units),
            relations=relations, fireteam_chart=chart, reinforcements=reinforcements, specops=specops,
            source=f"Infinity Army data, {file}",
        )
        return ConvertedArmy(army, issues, converter.unresolved)


def _relations(raw: Any, units: list[Unit], report: Any) -> tuple[Relation, ...]:
    """Shared limits; they name units of every army, so units missing here are normal."""
    groups = {u.id: {g.id for g in u.profile_groups} for u in units}
    names = {u.id: u.name for u in units}

    def check(path: str, unit_id: int, group: Any) -> None:
        if group is not None and type(group) is not int:
            raise ValueError(f"profile {group!r}")
        known = groups.get(unit_id)
        if known is not None and group is not None and group not in known:
            report(path, lazy_tr("relation names profile group {group} of {unit}, which does not exist in this army; "
                            "kept as written", group=group, unit=names[unit_id]), "info")

    relations = []
    if raw is not None and not isinstance(raw, list):
        report("relations", lazy_tr("expected a list; no relations imported"), "error")
        return ()
    for ri, entry in enumerate(raw or ()):
        path = f"relations[{ri}]"
        try:
            members = []
            for mi, member in enumerate(entry["units"]):
                unit_id = _int(member["unit"])
                group = member.get("profile")
                check(f"{path}.units[{mi}]", unit_id, group)
                depends = []
                for di, dep in enumerate(member.get("depends") or ()):
                    dep_unit, dep_group = _int(dep["unit"]), dep.get("profile")
                    check(f"{path}.units[{mi}].depends[{di}]", dep_unit, dep_group)
                    per = dep.get("minDependant")
                    depends.append(_Dependency(unit=dep_unit, group=dep_group, min=_int(dep.get("min", 1)),
                                               per=_int(per) if per is not None else None,
                                               whole_group=bool(dep.get("group", False))))
                members.append(_Member(unit=unit_id, group=group, depends=tuple(depends)))
            maximum = entry.get("max")
            relations.append(_Relation(members=tuple(members), min=_int(entry.get("min", 0)),
                                       max=_int(maximum) if maximum is not None else None,
                                       group=bool(entry.get("group", False))))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            report(path, lazy_tr("relation not understood ({error}); left out", error=describe(exc)), "error")
    return tuple(relations)


def _chart(raw: Any, slugs: set[str], report: Any) -> FireteamChart:
    if raw is None:
        return _Chart()
    if not isinstance(raw, dict):
        report("fireteamChart", lazy_tr("expected an object; no fireteams imported"), "error")
        return _Chart()
    limits: dict[FireteamType, int] = {}
    spec = raw.get("spec") or {}
    for key, value in spec.items() if isinstance(spec, dict) else ():
        if key not in FireteamType.__members__ or type(value) is not int or value < 0:
            report(f"fireteamChart.spec.{key}", lazy_tr("unknown fireteam type or limit {value}; left out",
                                                   value=short(value)), "error")
            continue
        limits[FireteamType(key)] = value
    teams = []
    raw_teams = raw.get("teams") or []
    if not isinstance(raw_teams, list):
        report("fireteamChart.teams", lazy_tr("expected a list; no fireteams imported"), "error")
        raw_teams = []
    for ti, team in enumerate(raw_teams):
        path = f"fireteamChart.teams[{ti}]"
        try:
            types = []
            for kind in team.get("type") or ():
                if kind in FireteamType.__members__:
                    types.append(FireteamType(kind))
                else:
                    report(f"{path}.type", lazy_tr("unknown fireteam type {value}; left out", value=short(kind)),
                           "error")
            if team.get("type") and not types:
                continue  # a team of only unknown types must not turn into a Wildcards list
            members = []
            for mi, member in enumerate(team.get("units") or ()):
                slug = member["slug"]
                if not isinstance(slug, str):
                    raise ValueError(f"slug {slug!r}")
                if slug not in slugs:
                    report(f"{path}.units[{mi}]", lazy_tr(
                        "fireteam {team} names unit {slug}, which is not in this army",
                        team=repr(clean(team.get("name"))), slug=repr(slug)), "warning")
                low, high = _int(member.get("min", 0)), _int(member.get("max", 0))
                if low < 0 or high < 0:
                    raise ValueError(f"min {low}, max {high}")
                members.append(_ChartMember(slug=slug, name=clean(member.get("name")), min=low, max=high,
                                            required=bool(member.get("required", False)),
                                            comment=clean(member.get("comment"))))
            teams.append(_ChartTeam(name=clean(team.get("name")), types=tuple(types), note=clean(team.get("obs")),
                                    members=tuple(members), sizes={}))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            report(path, lazy_tr("fireteam not understood ({error}); left out", error=describe(exc)), "error")
    return _Chart(limits=limits, description=clean(raw.get("desc")), teams=tuple(teams))


# ----- the whole set ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ArmyLinks:
    """Kind and parent of an army, decided from the whole set of files."""

    kind: ArmyKind
    parent: int | None


def link_armies(factions: Iterable[Faction], reinforcements: Mapping[int, int | None]) -> dict[int, ArmyLinks]:
    """Kinds and parents: an army named by another's `reinforcements` is a Reinforcements army.

    Its parent is the vanilla army that names it (Code: Capital → PanOceania), or else the common
    parent of the sectorials that name it (Contracted Back-Up → Non-Aligned Armies).
    """
    by_id = {f.id: f for f in factions}
    referrers: dict[int, list[int]] = {}
    for army_id, target in reinforcements.items():
        if target is not None:
            referrers.setdefault(target, []).append(army_id)
    links: dict[int, ArmyLinks] = {}
    for faction in by_id.values():
        names_it = sorted(referrers.get(faction.id, ()))
        if names_it:
            vanilla = [a for a in names_it if a in by_id and by_id[a].parent == a]
            parents = {by_id[a].parent for a in names_it if a in by_id}
            parent = vanilla[0] if vanilla else (parents.pop() if len(parents) == 1 else faction.parent)
            links[faction.id] = ArmyLinks("reinforcements", parent)
        elif faction.parent == faction.id:
            links[faction.id] = ArmyLinks("vanilla", None)
        else:
            links[faction.id] = ArmyLinks("sectorial", faction.parent)
    return links


def army_counts(army: Army) -> dict[str, int]:
    """Units, profile groups, profiles, options (of groups, and team options) and fireteam teams."""
    return {
        "units": len(army.units),
        "groups": sum(len(u.profile_groups) for u in army.units),
        "profiles": sum(len(g.profiles) for u in army.units for g in u.profile_groups),
        "options": sum(len(g.options) for u in army.units for g in u.profile_groups),
        "team_options": sum(len(u.options) for u in army.units),
        "teams": len(army.fireteam_chart.teams),
        "mercenaries": sum(1 for u in army.units if u.mercenary),
    }
