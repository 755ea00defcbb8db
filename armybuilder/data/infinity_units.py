"""Units of one official army file → `Unit` models: profiles, options and items resolved to names.

Names come from the army file's `filters` (id → name per kind). Ids of skills, equipment,
weapons, characteristics and extras are shared by every file; when an army's filters lack one, the
name is taken from army.json or from another army's filters and the fallback is noted. Peripheral
ids are per army and never borrowed. A unit converted without issues is kept in a `UnitCache` and
reused by later armies whose file holds the same unit JSON with the same names (most mercenaries
and many sectorial units), which more than halves the conversion time. The same JSON is recognised by
its text in the file (`official_json.read_army_json`: such a unit is not even parsed again) or else by its
orjson rendering (exact for files orjson read, `official_json.read_json`): one dictionary look-up,
where comparing the parsed objects cost more than converting the units. Item lists (a profile's or an option's
weapons, skills, …) are reused the same way across the import, by their rendering and the names they use: two
in three lists of the official data are one seen before (#20). The models are built as records
(`armybuilder.data.records`): the import needs no pydantic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import orjson

from armybuilder.data.names import NameSet
from armybuilder.data.official_json import (
    Cleaner,
    ImportIssue,
    KnownUnit,
    Severity,
    Text,
    clean,
    clean_note,
    describe,
    short,
)
from armybuilder.data.records import new
from armybuilder.domain.limits import MAX_ID, MAX_POINTS, MAX_STAT
from armybuilder.domain.scalars import AVA_TOTAL, Category, OrderType, Swc, UnitType
from armybuilder.i18n import N_, lazy_tr

if TYPE_CHECKING:  # the converter builds records of these (`armybuilder.data.records`), never the models
    from armybuilder.domain.profiles import IncludedOption, Option, OrderGrant, Profile, ProfileGroup, Unit
    from armybuilder.domain.values import ItemRef


class _HasId(Protocol):
    @property
    def id(self) -> int: ...


_WithId = TypeVar("_WithId", bound=_HasId)

FILTER_KINDS = ("chars", "type", "category", "skills", "equip", "weapons", "extras", "peripheral")
GLOBAL_KINDS = ("skills", "equip", "weapons", "chars", "extras")
"""Kinds whose ids mean the same thing in every army file (peripheral ids do not)."""

AVA_TOTAL_VALUE = 255
AVA_NOT_APPLICABLE = -1

# Categories and unit types by their English names in `filters` (normalized), with the ids seen in
# the data as a fallback for files served in another language.
_CATEGORY_NAMES = {
    "garrison troops": Category.GARRISON, "line troops": Category.LINE,
    "spec. trained troops": Category.SPECIALLY_TRAINED, "specially trained troops": Category.SPECIALLY_TRAINED,
    "veteran troops": Category.VETERAN, "elite troops": Category.ELITE,
    "headquarters troops": Category.HEADQUARTERS, "mechanized troops": Category.MECHANIZED,
    "support troops": Category.SUPPORT, "character": Category.CHARACTER, "mercenary troops": Category.MERCENARY,
    "headquarters troops / mechanized troops": Category.HEADQUARTERS_MECHANIZED,
}
_CATEGORY_IDS = {
    1: Category.GARRISON, 2: Category.LINE, 3: Category.SPECIALLY_TRAINED, 4: Category.VETERAN,
    5: Category.ELITE, 6: Category.HEADQUARTERS, 7: Category.MECHANIZED, 8: Category.SUPPORT,
    10: Category.CHARACTER, 11: Category.MERCENARY, 12: Category.HEADQUARTERS_MECHANIZED,
}
_TYPE_IDS = {1: UnitType.LI, 2: UnitType.MI, 3: UnitType.HI, 4: UnitType.TAG, 5: UnitType.REM,
             6: UnitType.SK, 7: UnitType.WB, 8: UnitType.VH}
_STATS = ("id", "cc", "bs", "ph", "wip", "arm", "bts", "w", "s")

# records of the models, typed as the models they become in the cache
_ItemRef: Callable[..., ItemRef] = new("ItemRef")
_OrderGrant: Callable[..., OrderGrant] = new("OrderGrant")
_Included: Callable[..., IncludedOption] = new("IncludedOption")
_Profile: Callable[..., Profile] = new("Profile")
_Option: Callable[..., Option] = new("Option")
_Group: Callable[..., ProfileGroup] = new("ProfileGroup")
_Unit: Callable[..., Unit] = new("Unit")

_FIRST = itemgetter(0)
_SECOND = itemgetter(1)

Dep = tuple[tuple[str, Any], Any]
"""A name a converted unit depends on: ((kind, id), the name it resolved to)."""


def _out_of_range(value: int, low: int, high: int) -> Text:
    """A number of the data beyond its sane range (armybuilder/domain/limits.py), shown short."""
    return lazy_tr("{value} is out of range ({low} to {high})", value=short(value), low=low, high=high)


def kind_word(kind: str) -> Text:
    words = {"skills": lazy_tr("skill"), "equip": lazy_tr("equipment"), "weapons": lazy_tr("weapon"),
             "peripheral": lazy_tr("peripheral"), "chars": lazy_tr("characteristic"), "extras": lazy_tr("extra")}
    return words.get(kind, kind)


class ArmyTables:
    """An army file's `filters`: id → name per kind (names cleaned), read once per file."""

    def __init__(self, raw: Any, report: Callable[[str, Text, Severity], None],
                 clean: Callable[[object], str] = clean) -> None:
        self.clean = clean
        self.names: dict[str, dict[int, str]] = {kind: {} for kind in FILTER_KINDS}
        self.distance_extras: set[int] = set()
        self.flat: dict[tuple[str, Any], str] = {}
        """Every (kind, id) → name, to check in one step that a cached unit means the same here."""
        if not isinstance(raw, dict):
            report("filters", lazy_tr("no `filters` tables: ids cannot be turned into names"), "error")
            return
        self._read(raw, report)
        # the data's distances are in cm; say so in the text, so that print-outs can convert them
        extras = self.names["extras"]
        for key in self.distance_extras:
            extras[key] = f"{extras[key]} cm"
        self.flat = {(kind, key): name for kind, table in self.names.items() for key, name in table.items()}

    def _read(self, raw: dict[str, Any], report: Callable[[str, Text, Severity], None]) -> None:
        for kind in FILTER_KINDS:
            entries = raw.get(kind)
            if not isinstance(entries, list):
                report(f"filters.{kind}", lazy_tr("missing table"), "warning")
                continue
            table = self.names[kind]
            for index, entry in enumerate(entries):
                if not (isinstance(entry, dict) and type(entry.get("id")) is int and entry.get("name") is not None):
                    report(f"filters.{kind}[{index}]", lazy_tr("entry without an id and a name"), "warning")
                    continue
                name = self.clean(entry["name"])
                previous = table.get(entry["id"])
                if previous is not None and previous != name:
                    report(f"filters.{kind}[{index}]", lazy_tr("id {id} names both {first} and {second}; the first "
                                                          "is kept", id=entry["id"], first=repr(previous),
                                                          second=repr(name)), "warning")
                    continue
                table[entry["id"]] = name
                if kind == "extras" and entry.get("type") == "DISTANCE":
                    self.distance_extras.add(entry["id"])

    def lookup(self, kind: str, key: Any) -> str | None:
        """The name of `key` in table `kind` (extras that are distances end in ' cm')."""
        try:
            return self.names[kind].get(key)
        except TypeError:  # an unhashable id
            return None


@dataclass
class SharedNames:
    """Names to fall back on when an army's filters lack an id: army.json, then other armies' filters."""

    metadata: dict[str, dict[int, str]] = field(default_factory=dict)
    armies: dict[str, dict[int, str]] = field(default_factory=lambda: {k: {} for k in GLOBAL_KINDS})

    def learn(self, tables: ArmyTables) -> None:
        for kind in GLOBAL_KINDS:
            known = self.armies.setdefault(kind, {})
            for key, name in tables.names[kind].items():
                known.setdefault(key, name)

    def find(self, kind: str, key: Any) -> tuple[str | None, Text]:
        if kind not in GLOBAL_KINDS or type(key) is not int:
            return None, ""
        name = self.metadata.get(kind, {}).get(key)
        if name is not None:
            return name, "army.json"
        return self.armies.get(kind, {}).get(key), lazy_tr("another army's filters")


@dataclass
class _Cached:
    value: Any
    deps: dict[tuple[str, Any], Any]  # the names it was built from
    empty_entries: int


class UnitCache:
    """Units converted without any issue, reused when a later file holds the same JSON and its filters give
    the same names to the ids they use.

    Keys end with the JSON's orjson rendering (a unit's text in its file, or orjson's): equal renderings are
    equal JSON (the same keys in the same order; an equal object written in another order is only converted
    again).
    """

    def __init__(self) -> None:
        self._entries: dict[Any, list[_Cached]] = {}
        self.hits = 0

    def find(self, key: Any, tables: ArmyTables) -> _Cached | None:
        for candidate in self._entries.get(key, ()):
            if candidate.deps.items() <= tables.flat.items():
                self.hits += 1
                return candidate
        return None

    def add(self, key: Any, value: Any, deps: dict[tuple[str, Any], Any], empty_entries: int) -> None:
        self._entries.setdefault(key, []).append(_Cached(value, deps, empty_entries))


class ValueCache:
    """Small values shared by every army of an import: SWC, order grants, includes."""

    def __init__(self) -> None:
        self.clean = Cleaner()
        self.swc: dict[str, Swc] = {}
        self.orders: dict[tuple[Any, ...], tuple[OrderGrant, ...]] = {}
        self.includes: dict[tuple[int, int, int], IncludedOption] = {}
        self.item_lists: dict[tuple[str, bytes], list[tuple[tuple[Any, ...], dict[tuple[str, Any], Any], int]]] = {}
        """(kind, rendering) of an item list converted without issue → (its items, the names they depend on, its
        empty entries): reused by any later unit whose file names those ids alike."""


class _Skip(Exception):
    """Skip the current unit with a located message."""

    def __init__(self, path: str, message: Text) -> None:
        self.path = path
        self.message = message
        super().__init__(message)


class UnitConverter:
    """Converts the units of one army file, collecting issues located by unit and JSON path."""

    def __init__(self, file: str, army_id: int, tables: ArmyTables, shared: SharedNames, units: UnitCache,
                 values: ValueCache, issues: list[ImportIssue], names_es: NameSet | None = None,
                 exact: bool = False) -> None:
        self.file = file
        self.exact = exact
        """The file was read by orjson (`read_json`): its units can be looked up in the `UnitCache`."""
        self.names_es = names_es
        """The Spanish names, merged by id into each item (`ItemRef.name_es`); None: English only."""
        self.army_id = army_id
        self.tables = tables
        self.shared = shared
        self.cache = units
        self.values = values
        self.clean = values.clean
        self.issues = issues
        self.unresolved: set[tuple[str, int]] = set()
        self.empty_entries = 0
        self._raw_unit: dict[str, Any] = {}
        self._deps: dict[tuple[str, Any], Any] = {}
        self._items_cache: dict[str, dict[tuple[Any, ...], tuple[ItemRef, tuple[Dep, ...]]]] = {
            kind: {} for kind in FILTER_KINDS}
        self._chars_cache: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[Dep, ...]]] = {}
        self._option_ids: dict[Any, set[Any]] = {}

    # -- reporting
    @property
    def unit_label(self) -> Text:
        raw = self._raw_unit
        if not raw:
            return ""
        return lazy_tr("unit {name} (id {id})", name=clean(raw.get("name") or raw.get("isc") or "?"),
                       id=raw.get("id", "?"))

    def issue(self, path: str, message: Text, severity: Severity = "error") -> None:
        self.issues.append(ImportIssue(self.file, message, self.unit_label, path, severity))

    # -- units
    def unit(self, index: int, raw: Any, where: str = "units", text: bytes | None = None) -> Unit | None:
        """The unit at `<where>[index]`, or None (reported) when it cannot be used at all.

        `text`: the unit's text in its file (`official_json.read_army_json`), which keys the unit cache; `raw`
        is then a `KnownUnit` when an earlier file held the same text (read only if it must be converted)."""
        here = f"{where}[{index}]"
        if type(raw) is KnownUnit:
            if not self._foreign(raw.factions):  # else the warning below names the unit: it is read
                cached = self.cache.find(("unit-text", raw.id, raw.text), self.tables)
                if cached is not None:
                    self._raw_unit = {}
                    return self._reused(cached)
            raw = raw.parse()
        if not isinstance(raw, dict):
            self._raw_unit = {}
            self.issue(here, lazy_tr("expected a unit object, got {value}", value=short(raw)))
            return None
        self._raw_unit = raw
        factions = raw.get("factions")
        if self._foreign(factions):
            self.issue(f"{here}.factions", lazy_tr("lists factions {factions} but not this army ({id})",
                                              factions=factions, id=self.army_id), "warning")
        key: tuple[Any, ...] | None = None
        if type(raw.get("id")) is int:
            if text is not None:  # the unit's text in an exact file: the same text, the same JSON
                key = ("unit-text", raw["id"], text)
            elif self.exact:
                key = ("unit", raw["id"], orjson.dumps(raw))
        cached = self.cache.find(key, self.tables) if key is not None else None
        if cached is not None:
            return self._reused(cached)
        issues_before = len(self.issues)
        empty_before = self.empty_entries
        self._deps = {}
        try:
            unit = self._unit(here, raw)
        except _Skip as skip:
            self.issue(skip.path, lazy_tr("{message} (unit skipped)", message=skip.message))
            return None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            self.issue(here, lazy_tr("unexpected structure ({error}); unit skipped", error=describe(exc)))
            return None
        if len(self.issues) == issues_before and key is not None:
            self.cache.add(key, unit, self._deps, self.empty_entries - empty_before)
        return unit

    def _foreign(self, factions: Any) -> bool:
        """A unit's `factions` list that does not name this army (a warning)."""
        return isinstance(factions, list) and bool(factions) and self.army_id not in factions

    def _reused(self, cached: _Cached) -> Unit:
        """A unit converted for an earlier army, taken as it is (with the empty entries it had)."""
        self.empty_entries += cached.empty_entries
        return cached.value  # type: ignore[no-any-return]

    def _unit(self, here: str, raw: dict[str, Any]) -> Unit:
        unit_id = raw.get("id")
        if type(unit_id) is not int:
            raise _Skip(f"{here}.id", lazy_tr("unit without a numeric id"))
        if not 0 <= unit_id <= MAX_ID:
            raise _Skip(f"{here}.id", _out_of_range(unit_id, 0, MAX_ID))
        slug = raw.get("slug")
        if not isinstance(slug, str) or not slug:
            raise _Skip(f"{here}.slug", lazy_tr("unit without a slug"))
        name = self.clean(raw.get("name"))
        isc = self.clean(raw.get("isc"))
        if not name:
            name = isc or slug
            self.issue(f"{here}.name", lazy_tr("no name; shown as {name} (its ISC)", name=repr(name)), "warning")
        factions = raw.get("factions") or ()
        if not all(type(f) is int for f in factions):
            raise _Skip(f"{here}.factions", lazy_tr("expected a list of army ids"))
        groups_raw = raw.get("profileGroups") or ()
        if not isinstance(groups_raw, list):
            raise _Skip(f"{here}.profileGroups", lazy_tr("expected a list of profile groups, got {value}",
                                                    value=short(groups_raw)))
        self._option_ids = {
            g.get("id"): {o.get("id") for o in g.get("options") or () if isinstance(o, dict)}
            for g in groups_raw if isinstance(g, dict)}
        groups = self._unique(f"{here}.profileGroups", groups_raw, self._group,
                              N_("duplicate profile group id {id}; skipped"))
        team = []
        seen_team: set[int] = set()
        for oi, option_raw in enumerate(self._list(f"{here}.options", raw.get("options"))):
            opath = f"{here}.options[{oi}]"
            option = self._option(opath, option_raw)
            if option is None:
                continue
            if option.id in seen_team:
                self.issue(opath, lazy_tr("duplicate option id {id}; skipped", id=option.id))
                continue
            seen_team.add(option.id)
            for key in ("habilities", "compatible"):
                if option_raw.get(key):
                    self.issue(f"{opath}.{key}", lazy_tr("not imported: {value}", value=short(option_raw[key])),
                               "warning")
            team.append(option)
        canonical = raw.get("canonical")
        return _Unit(
            id=unit_id, slug=slug, name=name, isc=isc, isc_abbr=self.clean(raw.get("iscAbbr")) or None,
            canonical=canonical if type(canonical) is int else None, factions=tuple(factions),
            mercenary=not factions, profile_groups=tuple(groups), options=tuple(team),
            notes=clean_note(raw.get("notes")),
        )

    def _group(self, path: str, raw: Any) -> ProfileGroup | None:
        if not isinstance(raw, dict) or type(raw.get("id")) is not int:
            self.issue(path, lazy_tr("profile group without a numeric id; skipped"))
            return None
        if not 0 <= raw["id"] <= MAX_ID:
            self.issue(f"{path}.id", lazy_tr("{problem}; profile group skipped",
                                             problem=_out_of_range(raw["id"], 0, MAX_ID)))
            return None
        category = None
        cat_id = raw.get("category")
        if cat_id is not None and cat_id != 0:  # 0, like null, marks a group without a category
            category = self._category(cat_id)
            if category is None:
                self.issue(f"{path}.category", lazy_tr("unknown category id {id} ({name}); left empty", id=cat_id,
                                                  name=self.tables.lookup("category", cat_id) or "?"))
        profiles = self._unique(f"{path}.profiles", self._list(f"{path}.profiles", raw.get("profiles")),
                                self._profile, N_("duplicate profile id {id}; skipped"))
        options = self._unique(f"{path}.options", self._list(f"{path}.options", raw.get("options")),
                               self._option, N_("duplicate option id {id}; skipped"))
        return _Group(id=raw["id"], name=self.clean(raw.get("isc")), category=category, profiles=tuple(profiles),
                      options=tuple(options), notes=clean_note(raw.get("notes")))

    def _unique(self, path: str, raws: Iterable[Any], convert: Callable[[str, Any], _WithId | None],
                duplicate: str) -> list[_WithId]:
        """Convert each raw element; elements that fail are skipped, a repeated id is reported and skipped."""
        items: list[_WithId] = []
        seen: set[int] = set()
        for index, raw in enumerate(raws):
            item_path = f"{path}[{index}]"
            item = convert(item_path, raw)
            if item is None:
                continue
            if item.id in seen:
                self.issue(item_path, lazy_tr(duplicate, id=item.id))
                continue
            seen.add(item.id)
            items.append(item)
        return items

    def _list(self, path: str, value: Any) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.issue(path, lazy_tr("expected a list, got {value}; left out", value=short(value)))
            return []
        return value

    def _category(self, cat_id: Any) -> Category | None:
        name = self.tables.lookup("category", cat_id)
        self._deps[("category", cat_id)] = name
        if name is not None:
            found = _CATEGORY_NAMES.get(name.casefold())
            if found is not None:
                return found
        return _CATEGORY_IDS.get(cat_id) if type(cat_id) is int else None

    def _unit_type(self, type_id: Any) -> UnitType | None:
        name = self.tables.lookup("type", type_id)
        self._deps[("type", type_id)] = name
        if name is not None and name.upper() in UnitType.__members__:
            return UnitType(name.upper())
        return _TYPE_IDS.get(type_id) if type(type_id) is int else None

    def _profile(self, path: str, raw: Any) -> Profile | None:
        if not isinstance(raw, dict):
            self.issue(path, lazy_tr("expected a profile object; skipped"))
            return None
        type_id = raw.get("type")
        unit_type = self._unit_type(type_id)
        if unit_type is None:
            self.issue(f"{path}.type", lazy_tr("unknown unit type id {id} ({name}); profile skipped", id=short(type_id),
                                          name=self.tables.lookup("type", type_id) or "?"))
            return None
        stats = [raw.get(k) for k in _STATS]
        move = raw.get("move")
        if not all(type(v) is int for v in stats) or not (
                isinstance(move, list) and len(move) == 2 and type(move[0]) is int and type(move[1]) is int):
            self.issue(path, lazy_tr("incomplete stat line (MOV, CC, BS, PH, WIP, ARM, BTS, W and S must be whole "
                                "numbers); profile skipped"))
            return None
        numbers = cast("list[int]", [*stats[1:], *move])  # -1 is the data's "-"
        if not (min(numbers) >= -1 and max(numbers) <= MAX_STAT and 0 <= cast("int", stats[0]) <= MAX_ID):
            for key, value in zip((*_STATS, "move", "move"), cast("list[int]", [*stats, *move]), strict=True):
                low, high = (0, MAX_ID) if key == "id" else (-1, MAX_STAT)
                if not low <= value <= high:
                    self.issue(f"{path}.{key}", lazy_tr("{problem}; profile skipped",
                                                        problem=_out_of_range(value, low, high)))
                    return None
        ava_raw = raw.get("ava")
        ava: int | str | None
        if ava_raw == AVA_TOTAL_VALUE:
            ava = AVA_TOTAL
        elif ava_raw is None or ava_raw == AVA_NOT_APPLICABLE:
            ava = None
        elif type(ava_raw) is int and 0 <= ava_raw <= MAX_STAT:
            ava = ava_raw
        else:
            self.issue(f"{path}.ava", lazy_tr("AVA {value} is not a number; left empty", value=short(ava_raw)))
            ava = None
        return _Profile(
            id=stats[0], name=self.clean(raw.get("name")), type=unit_type, move=(move[0], move[1]),
            cc=stats[1], bs=stats[2], ph=stats[3], wip=stats[4], arm=stats[5], bts=stats[6], w=stats[7],
            structure=bool(raw.get("str")), s=stats[8], ava=ava,
            characteristics=self._chars(path, raw.get("chars")),
            skills=self._items(path, "skills", raw.get("skills")),
            equipment=self._items(path, "equip", raw.get("equip")),
            weapons=self._items(path, "weapons", raw.get("weapons")),
            peripherals=self._items(path, "peripheral", raw.get("peripheral")),
            includes=self._includes(path, raw.get("includes")),
            notes=clean_note(raw.get("notes")),
        )

    def _option(self, path: str, raw: Any) -> Option | None:
        if not isinstance(raw, dict) or type(raw.get("id")) is not int:
            self.issue(path, lazy_tr("option without a numeric id; skipped"))
            return None
        if not 0 <= raw["id"] <= MAX_ID:
            self.issue(f"{path}.id", lazy_tr("{problem}; option skipped", problem=_out_of_range(raw["id"], 0, MAX_ID)))
            return None
        # converted each time: the options of a sectorial's copy of a unit were reused by the SHA-256 of their
        # rendering, but with their item lists reused (`_items`) the rendering and its hash cost what converting
        # them does, and the hash is slower still on a processor without SHA instructions (#20)
        points = raw.get("points")
        if type(points) is not int:
            self.issue(f"{path}.points", lazy_tr("points {value} are not a whole number; option skipped",
                                                 value=short(points)))
            return None
        if points < 0:
            self.issue(f"{path}.points", lazy_tr("points {value} are negative; option skipped", value=points))
            return None
        if points > MAX_POINTS:
            self.issue(f"{path}.points", lazy_tr("{problem}; option skipped",
                                                 problem=_out_of_range(points, 0, MAX_POINTS)))
            return None
        swc_text = raw.get("swc", "0")
        swc = self.values.swc.get(swc_text) if isinstance(swc_text, str) else None
        if swc is None:
            try:
                swc = Swc.parse(swc_text)
            except ValueError:
                self.issue(f"{path}.swc", lazy_tr("SWC {value} is not understood; option skipped",
                                                  value=short(swc_text)))
                return None
            if isinstance(swc_text, str):
                self.values.swc[swc_text] = swc
        minis = raw.get("minis", 1)
        if type(minis) is not int or minis < 0:
            self.issue(f"{path}.minis", lazy_tr("miniature count {value} is not a whole number of 0 or more; 1 is used",
                                                value=short(minis)), "warning")
            minis = 1
        return _Option(
            id=raw["id"], name=self.clean(raw.get("name")), points=points, swc=swc,
            orders=self._orders(path, raw.get("orders")),
            weapons=self._items(path, "weapons", raw.get("weapons")),
            skills=self._items(path, "skills", raw.get("skills")),
            equipment=self._items(path, "equip", raw.get("equip")),
            characteristics=self._chars(path, raw.get("chars")),
            peripherals=self._items(path, "peripheral", raw.get("peripheral")),
            includes=self._includes(path, raw.get("includes")),
            disabled=bool(raw.get("disabled", False)), minis=minis,
        )

    def _orders(self, path: str, raw: Any) -> tuple[OrderGrant, ...]:
        if not raw:
            return ()
        try:
            key: tuple[Any, ...] | None = tuple((o["type"], o["total"], o.get("list", 1)) for o in raw)
            cached = self.values.orders.get(key)  # type: ignore[arg-type]
        except (KeyError, TypeError, AttributeError):
            key, cached = None, None
        if cached is not None:
            return cached
        grants = []
        for index, entry in enumerate(raw):
            kind = entry.get("type") if isinstance(entry, dict) else None
            total = entry.get("total", 1) if isinstance(entry, dict) else None
            if not isinstance(kind, str) or kind not in OrderType.__members__ or type(total) is not int or total < 0:
                self.issue(f"{path}.orders[{index}]", lazy_tr("order {value} is not understood; left out",
                                                          value=short(entry)))
                continue
            pooled = entry.get("list", 1)
            # `list` is how many of these Orders go to the Order Pool (0 for the Lieutenant Order)
            grants.append(_OrderGrant(type=OrderType(kind), total=total,
                                      pooled=pooled > 0 if type(pooled) is int else True))
        result = tuple(grants)
        if key is not None and len(grants) == len(raw):
            self.values.orders[key] = result
        return result

    def _chars(self, path: str, raw: Any) -> tuple[str, ...]:
        if not raw:
            return ()
        try:
            key = tuple(raw)
            hit = self._chars_cache.get(key)
        except TypeError:
            self.issue(f"{path}.chars", lazy_tr("expected a list of characteristic ids; left out"))
            return ()
        if hit is None:
            names = []
            deps = []
            for index, char_id in enumerate(raw):
                name = self.tables.lookup("chars", char_id)
                deps.append((("chars", char_id), name))
                if name is None:
                    name = self._fallback(f"{path}.chars[{index}]", "chars", char_id)
                    if name is None:
                        continue
                names.append(name)
            hit = (tuple(names), tuple(deps))
            if all(d[1] is not None for d in deps):
                self._chars_cache[key] = hit
        self._deps.update(hit[1])
        return hit[0]

    def _fallback(self, path: str, kind: str, key: Any) -> str | None:
        """A name missing from this army's filters, from army.json or another army; None if nowhere."""
        name, where = self.shared.find(kind, key)
        if name is None:
            if type(key) is int:
                self.unresolved.add((kind, key))
            self.issue(path, lazy_tr("unknown {what} id {id} (not in filters.{kind}); left out", what=kind_word(kind),
                                id=short(key), kind=kind))
            return None
        self.issue(path, lazy_tr("{what} id {id} is missing from filters.{kind}; named {name} from {where}",
                            what=kind_word(kind), id=key, kind=kind, name=repr(name), where=where), "info")
        return name

    def items(self, path: str, kind: str, raw: Any) -> tuple[ItemRef, ...]:
        """Named items of `raw` (a list of `{id, extra}` objects) from table `kind`; unknown ids are reported
        at `path` and left out (the Spec-Ops table reads its upgrades this way)."""
        self._raw_unit = {}
        return self._items(path, kind, raw)

    def _items(self, path: str, kind: str, raw: Any) -> tuple[ItemRef, ...]:
        if not raw:
            return ()
        if not isinstance(raw, list):
            self.issue(f"{path}.{kind}", lazy_tr("expected a list of objects with an `id`; left out"))
            return ()
        list_key = None
        if self.exact:
            list_key = (kind, orjson.dumps(raw))
            for items, needs, empty in self.values.item_lists.get(list_key, ()):
                if needs.items() <= self.tables.flat.items():
                    self._deps.update(needs)
                    self.empty_entries += empty
                    return items
        issues_before, empty_before = len(self.issues), self.empty_entries
        cache = self._items_cache[kind]
        deps: dict[tuple[str, Any], Any] = {}
        found: list[tuple[int, ItemRef]] = []
        for index, entry in enumerate(raw):
            try:
                extra = entry.get("extra")
                key = (entry["id"], tuple(extra) if extra else (), entry.get("q"))
                hit = cache.get(key)
            except (KeyError, TypeError, AttributeError):
                if entry == {}:  # the data holds a few empty entries: nothing to import
                    self.empty_entries += 1
                else:
                    self.issue(f"{path}.{kind}[{index}]", lazy_tr("expected an object with an `id`, got {value}; "
                                                             "left out", value=short(entry)))
                continue
            if hit is None:
                hit = self._item(f"{path}.{kind}[{index}]", kind, key)
                if hit is None:
                    continue
            deps.update(hit[1])
            order = entry.get("order", index)
            found.append((order if type(order) is int else index, hit[0]))
        if len(found) > 1:
            found.sort(key=_FIRST)  # the data's `order`, which the list does not always follow
        result = tuple(map(_SECOND, found))
        self._deps.update(deps)
        if list_key is not None and len(self.issues) == issues_before:
            # kept as a copy of its own size: orjson's bytes hold ~2 KB however short the rendering (+13 MB)
            kept = (kind, bytes(memoryview(list_key[1])))
            self.values.item_lists.setdefault(kept, []).append((result, deps, self.empty_entries - empty_before))
        return result

    def _item(self, path: str, kind: str, key: tuple[Any, ...]) -> tuple[ItemRef, tuple[Dep, ...]] | None:
        item_id, extras_raw, quantity = key
        name = self.tables.lookup(kind, item_id)
        deps: list[Dep] = [((kind, item_id), name)]
        clean_item = True
        if name is None:
            clean_item = False
            name = self._fallback(path, kind, item_id)
            if name is None:
                return None
        extras = []
        for extra_id in extras_raw:
            text = self.tables.lookup("extras", extra_id)
            deps.append((("extras", extra_id), text))
            if text is None:
                clean_item = False
                text = self._fallback(f"{path}.extra", "extras", extra_id)
                if text is None:
                    continue
            extras.append(text)
        if quantity is not None and (type(quantity) is not int or quantity < 0):
            self.issue(f"{path}.q", lazy_tr("quantity {value} is not a whole number; left out", value=short(quantity)),
                       "warning")
            quantity, clean_item = None, False
        name_es, extras_es = self._spanish(kind, item_id, name, extras_raw, extras)
        item = _ItemRef(name=name, extras=tuple(extras), quantity=quantity,
                        id=item_id if type(item_id) is int else None, name_es=name_es, extras_es=extras_es)
        hit = (item, tuple(deps))
        if clean_item:
            self._items_cache[kind][key] = hit
        return hit

    def _spanish(self, kind: str, item_id: Any, name: str, extras_raw: tuple[Any, ...], extras: list[str]
                 ) -> tuple[str | None, tuple[str, ...] | None]:
        """An item's Spanish name and extras by id, None where there are none or they are the English.

        Extras that are distances get ' cm' as the English ones do, so print-outs convert them.
        """
        names = self.names_es
        if names is None:
            return None, None
        spanish = names.name(kind, item_id)
        extras_es: tuple[str, ...] | None = None
        if extras and len(extras) == len(extras_raw):
            found = []
            for extra_id, english in zip(extras_raw, extras, strict=True):
                text = names.name("extras", extra_id)
                if text is not None and extra_id in self.tables.distance_extras:
                    text = f"{text} cm"
                found.append(text or english)
            extras_es = tuple(found) if found != extras else None
        return (spanish if spanish and spanish != name else None), extras_es

    def _includes(self, path: str, raw: Any) -> tuple[IncludedOption, ...]:
        if not raw:
            return ()
        found = []
        for index, entry in enumerate(raw):
            try:
                group, option, quantity = entry["group"], entry["option"], entry.get("q", 1)
                if not (type(group) is int and type(option) is int and type(quantity) is int and quantity >= 1):
                    raise ValueError
            except (KeyError, TypeError, ValueError, AttributeError):
                self.issue(f"{path}.includes[{index}]", lazy_tr("include {value} is not understood; left out",
                                                            value=short(entry)))
                continue
            if option not in self._option_ids.get(group, ()):
                self.issue(f"{path}.includes[{index}]", lazy_tr("includes group {group} option {option}, which does "
                                                            "not exist in this unit; left out",
                                                            group=group, option=option))
                continue
            key = (group, option, quantity)
            inc = self.values.includes.get(key)
            if inc is None:
                inc = _Included(group=group, option=option, quantity=quantity, priced_in=True)
                self.values.includes[key] = inc
            found.append(inc)
        return tuple(found)
