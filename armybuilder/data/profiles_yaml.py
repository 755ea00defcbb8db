"""Our YAML profile databases and rules packs: file formats, loading and checking.

Each file is one mapping whose `format` key says what it holds:
`armybuilder-army/1` (one army), `armybuilder-weapons/1` (weapon profiles),
`armybuilder-pack/1` (an edition or season rules pack) or `armybuilder-vocabulary/1` (the names of
weapons, skills, equipment and characteristics profiles may use). See docs/profile-format.md.
"""

from __future__ import annotations

import difflib
import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError, model_validator

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.data.yamlio import (
    PROFILE_BUDGET,
    format_path,
    locate,
    parse_yaml,
    read_text_file,
    validation_problems,
)
from armybuilder.domain.limits import MAX_ID, MAX_POINTS, MAX_STAT
from armybuilder.domain.packs import EditionPack, SeasonPack
from armybuilder.domain.profiles import Army, Option, ProfileGroup, Unit, WeaponProfile, fold_name
from armybuilder.domain.values import Frozen
from armybuilder.games import INFINITY, builtin_owner
from armybuilder.i18n import tr

ARMY_FORMAT = "armybuilder-army/1"
WEAPONS_FORMAT = "armybuilder-weapons/1"
PACK_FORMAT = "armybuilder-pack/1"
VOCABULARY_FORMAT = "armybuilder-vocabulary/1"
FORMATS = (ARMY_FORMAT, WEAPONS_FORMAT, PACK_FORMAT, VOCABULARY_FORMAT)
ITEM_KINDS = ("weapons", "skills", "equipment", "characteristics")
"""The kinds of names a profile or option lists, each checked against the vocabulary of its kind."""


class Word(Frozen):
    """A name profiles may use: as written in our files, with where a source prints it (and how, when
    the source's own spelling differs: seed 001 is Spanish). In YAML also a plain string."""

    name: str = Field(min_length=1, max_length=200)
    printed: str | None = Field(default=None, description="the source's own spelling, e.g. 'Fusil Combi'")
    source: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        return {"name": data} if isinstance(data, str) else data


class Vocabulary(Frozen):
    """Names of weapons, skills, equipment and characteristics (without extras: `Mimetism`, not
    `Mimetism (-3)`)."""

    weapons: tuple[Word, ...] = ()
    skills: tuple[Word, ...] = ()
    equipment: tuple[Word, ...] = ()
    characteristics: tuple[Word, ...] = ()


class VocabularyFile(Vocabulary):
    """The names profile databases may use (the bundled one: every name the seeds print)."""

    format: Literal["armybuilder-vocabulary/1"]
    source: str | None = None


class ArmyFile(Army):
    """A profile database file: one army with its units (and, for a vanilla army, its mercs)."""

    format: Literal["armybuilder-army/1"]
    vocabulary: Vocabulary | None = Field(
        default=None, description="names this file's units use that no vocabulary file declares (homebrew items)")


Names = dict[str, dict[str, str]]
"""Per kind (`ITEM_KINDS`), folded name → the name as written."""


def names_of(vocabulary: Vocabulary) -> Names:
    return {kind: {fold_name(w.name): w.name for w in getattr(vocabulary, kind)} for kind in ITEM_KINDS}


def printed_of(vocabulary: Vocabulary) -> Names:
    """Per kind, a source's own spelling (`printed`: seed 001's Spanish), folded → the name profiles use."""
    return {kind: {fold_name(w.printed): w.name for w in getattr(vocabulary, kind) if w.printed}
            for kind in ITEM_KINDS}


def merge_names(into: Names, more: Mapping[str, Mapping[str, str]]) -> None:
    for kind, table in more.items():
        into.setdefault(kind, {}).update(table)


class WeaponsFile(Frozen):
    """Weapon profiles for the print-outs' weapons reference page."""

    format: Literal["armybuilder-weapons/1"]
    source: str | None = None
    weapons: tuple[WeaponProfile, ...] = ()


class EditionPackFile(EditionPack):
    format: Literal["armybuilder-pack/1"]


class SeasonPackFile(SeasonPack):
    format: Literal["armybuilder-pack/1"]


PackFile = Annotated[EditionPackFile | SeasonPackFile, Field(discriminator="kind")]
_PACK_ADAPTER: TypeAdapter[EditionPackFile | SeasonPackFile] = TypeAdapter(PackFile)

Path_ = tuple[str | int, ...]


@dataclass
class LoadedProfiles:
    """Everything read from profile folders, with every problem found on the way."""

    armies: dict[int, Army] = field(default_factory=dict)
    army_files: dict[int, Path] = field(default_factory=dict)
    weapons: dict[str, WeaponProfile] = field(default_factory=dict)
    packs: dict[str, EditionPack | SeasonPack] = field(default_factory=dict)
    pack_files: dict[str, Path] = field(default_factory=dict)
    problems: list[DataProblem] = field(default_factory=list)
    vocabulary: Names = field(default_factory=dict)
    """Every name the vocabulary files (and weapon profiles) loaded declare."""
    printed: Names = field(default_factory=dict)
    """The sources' own spellings of those names (`printed`), to tell a Spanish name from a typo."""
    army_vocabulary: dict[int, Names] = field(default_factory=dict)
    """Names an army file declares for its own units (`vocabulary:`)."""
    army_printed: dict[int, Names] = field(default_factory=dict)
    """The `printed` spellings an army file's own `vocabulary:` gives."""

    @property
    def errors(self) -> list[DataProblem]:
        return [p for p in self.problems if p.severity == "error"]


def schema() -> dict[str, Any]:
    """JSON Schema accepted by editors for every kind of profile file."""
    adapter: TypeAdapter[Any] = TypeAdapter(
        Annotated[ArmyFile | WeaponsFile | EditionPackFile | SeasonPackFile | VocabularyFile,
                  Field(union_mode="left_to_right")]
    )
    result = adapter.json_schema()
    result["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    result["title"] = "Infinity army builder profile database, rules pack or vocabulary"
    return result


def other_builtin_game(file_format: object) -> bool:
    """A `format` another built-in game's files carry (armybuilder/games.py)."""
    return builtin_owner(file_format) not in (None, INFINITY)


def load_file(path: Path, loaded: LoadedProfiles, elsewhere: Callable[[object], bool] = other_builtin_game) -> None:
    """Read one profile file into `loaded`; problems are recorded, never raised."""
    name = str(path)
    try:
        text = read_text_file(path, tr("is a folder, expected a YAML file"))
    except DataError as exc:
        loaded.problems.extend(exc.problems)
        return
    data, problems = parse_yaml(text, name, PROFILE_BUDGET)
    if problems:
        loaded.problems.extend(problems)
        return
    if not isinstance(data, dict):
        loaded.problems.append(DataProblem(
            name, tr("expected a mapping with a `format` key at the top of the file"), line=1))
        return
    fmt = data.get("format")
    if fmt not in FORMATS and elsewhere(fmt):
        return  # another game's file (armybuilder/games.py): that game checks it
    if fmt not in FORMATS:
        line, column = locate(text, ["format"])
        loaded.problems.append(DataProblem(
            name, tr("unknown or missing format {found}; expected one of {formats}", found=repr(fmt),
                     formats=", ".join(FORMATS)),
            path="format", line=line, column=column))
        return
    try:
        if fmt == ARMY_FORMAT:
            army_file = ArmyFile.model_validate(data)
            army = Army.model_validate(army_file.model_dump(exclude={"format", "vocabulary"}, round_trip=True))
            if _add_army(army, path, text, loaded) and army_file.vocabulary is not None:
                loaded.army_vocabulary[army.id] = names_of(army_file.vocabulary)
                loaded.army_printed[army.id] = printed_of(army_file.vocabulary)
        elif fmt == VOCABULARY_FORMAT:
            vocabulary = VocabularyFile.model_validate(data)
            merge_names(loaded.vocabulary, names_of(vocabulary))
            merge_names(loaded.printed, printed_of(vocabulary))
        elif fmt == WEAPONS_FORMAT:
            weapons = WeaponsFile.model_validate(data)
            for index, weapon in enumerate(weapons.weapons):
                if weapon.name in loaded.weapons:
                    loaded.problems.append(_problem(
                        name, text, ("weapons", index, "name"), tr("duplicate weapon {name}", name=repr(weapon.name))))
                loaded.weapons[weapon.name] = weapon
        else:
            pack_file = _PACK_ADAPTER.validate_python(data)
            pack_type = EditionPack if isinstance(pack_file, EditionPackFile) else SeasonPack
            pack = pack_type.model_validate(pack_file.model_dump(exclude={"format"}, round_trip=True))
            wild = check_pack_ranges(pack)
            if wild:  # a pack with `swc_per_points: 0` divided by zero while validating; 10^25 troopers passed
                loaded.problems.extend(_problem(name, text, where, message) for where, message in wild)
            elif pack.id in loaded.packs:  # the first stays: a --profiles folder never silently replaces a bundled pack
                loaded.problems.append(_problem(name, text, ("id",), tr(
                    "pack id {id} is already defined by {file}; this file's pack is not used (give it another id)",
                    id=repr(pack.id), file=str(loaded.pack_files[pack.id]))))
            else:
                loaded.packs[pack.id] = pack
                loaded.pack_files[pack.id] = path
    except ValidationError as exc:
        loaded.problems.extend(validation_problems(exc, name, text))


def bundled_vocabulary() -> Names:
    """The bundled vocabulary (`profiles/vocabulary.yaml`: every name the seeds print), the base every
    profile database is checked against; empty when it is missing or broken (`profiles check` of the
    bundled profiles says why)."""
    found = _bundled_vocabulary()
    return names_of(found) if found is not None else {}


def bundled_printed() -> Names:
    """The bundled vocabulary's `printed` spellings (seed 001's Spanish names), folded → the English name."""
    found = _bundled_vocabulary()
    return printed_of(found) if found is not None else {}


def _bundled_vocabulary() -> VocabularyFile | None:
    from armybuilder.paths import bundled_profiles_dir

    return _vocabulary_at(bundled_profiles_dir() / "vocabulary.yaml")


@functools.cache
def _vocabulary_at(path: Path) -> VocabularyFile | None:
    try:
        data, problems = parse_yaml(read_text_file(path, ""), str(path), PROFILE_BUDGET)
        return None if problems else VocabularyFile.model_validate(data)
    except (DataError, ValidationError):
        return None


def load_profiles(paths: Iterable[Path], elsewhere: Callable[[object], bool] = other_builtin_game,
                  known: Mapping[str, Iterable[str]] | None = None) -> LoadedProfiles:
    """Load every `*.yaml`/`*.yml` file under the given files or folders, then cross-check them.

    Files whose `format` another game claims (`elsewhere`) are that game's business: skipped.
    `known` adds names per kind (`ITEM_KINDS`) that profiles may use: the imported official data's.
    """
    loaded = LoadedProfiles()
    merge_names(loaded.vocabulary, bundled_vocabulary())
    merge_names(loaded.printed, bundled_printed())
    if known is not None:
        merge_names(loaded.vocabulary, {kind: {fold_name(n): n for n in names} for kind, names in known.items()})
    for path in paths:
        if not path.exists():
            loaded.problems.append(DataProblem(str(path), tr("no such file or folder")))
            continue
        for file in _yaml_files(path):
            load_file(file, loaded, elsewhere)
    _cross_check(loaded)
    return loaded


def _yaml_files(path: Path) -> Iterator[Path]:
    if path.is_file():
        yield path
        return
    yield from sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def _problem(file: str, text: str | None, path: Path_, message: str,
             severity: Literal["error", "warning"] = "error") -> DataProblem:
    line, column = locate(text, path) if text is not None else (None, None)
    return DataProblem(file, message, path=format_path(path), line=line, column=column,
                       severity=severity)


def _add_army(army: Army, path: Path, text: str, loaded: LoadedProfiles) -> bool:
    """Add a checked army; False when it has errors or its id is taken (it is not loaded)."""
    name = str(path)
    problems = [_problem(name, text, where, message) for where, message in check_army(army)]
    loaded.problems.extend(problems)
    if army.id in loaded.armies:
        loaded.problems.append(_problem(
            name, text, ("id",),
            tr("army id {id} is already used by {file}", id=army.id, file=str(loaded.army_files[army.id]))))
        return False
    if not problems:
        loaded.armies[army.id] = army
        loaded.army_files[army.id] = path
    return not problems


def _kind_word(kind: str) -> str:
    words = {"weapons": tr("weapon"), "skills": tr("skill"), "equipment": tr("equipment"),
             "characteristics": tr("characteristic")}
    return words[kind]


def check_vocabulary(army: Army, names: Names,
                     printed: Names | None = None) -> list[tuple[Path_, str, Literal["error", "warning"]]]:
    """Every weapon, skill, equipment and characteristic an army's profiles and options list is a name
    of that kind in `names` (compared without case or spacing differences, extras apart). A name known
    nowhere (a typo: "Combi Rifel") is an error, with the closest known name; one known under another
    kind ("Mimetism" under weapons) a warning: the rules find an item whatever list holds it, but a
    print-out shows it in the wrong one. A source's own spelling of a known name (`printed`, per kind:
    "Fusil Combi") is an error too, the rules match the English names, and says which name it is."""
    found: list[tuple[Path_, str, Literal["error", "warning"]]] = []

    def check(where: Path_, holder: object) -> None:
        for kind in ITEM_KINDS:
            table = names.get(kind, {})
            for index, item in enumerate(getattr(holder, kind, ())):
                if isinstance(item, str):  # characteristics are plain text
                    name, whole = item, item
                else:  # "Armed Turret (Combi R.)" written as text reads as a name and an extra
                    name, whole = item.name, item.label
                if fold_name(name) not in table and fold_name(whole) not in table:
                    found.append(((*where, kind, index), *_unknown(name, whole, kind, names, printed or {})))

    for ui, unit in enumerate(army.units):
        for oi, option in enumerate(unit.options):
            check(("units", ui, "options", oi), option)
        for gi, group in enumerate(unit.profile_groups):
            for pi, profile in enumerate(group.profiles):
                check(("units", ui, "profile_groups", gi, "profiles", pi), profile)
            for oi, option in enumerate(group.options):
                check(("units", ui, "profile_groups", gi, "options", oi), option)
    return found


def _unknown(name: str, whole: str, kind: str, names: Names, printed: Names) -> tuple[str, Literal["error", "warning"]]:
    folded = fold_name(name)
    elsewhere = next((k for k in ITEM_KINDS if k != kind and folded in names.get(k, {})), None)
    if elsewhere is not None:
        return tr("{name} is known under `{other}`, not `{kind}`: move it there (or declare it under `{kind}` in a "
                  "vocabulary)", name=repr(name), other=elsewhere, kind=kind), "warning"
    message = tr("unknown {kind} {name}", kind=_kind_word(kind), name=repr(name))
    spelt = _printed_as(folded, fold_name(whole), kind, printed)
    if spelt is not None:
        english, english_kind = spelt
        if english_kind == kind:
            hint = tr("it is the Spanish name of {name} — profile files use the English names", name=repr(english))
        else:
            hint = tr("it is the Spanish name of the {kind} {name} — profile files use the English names",
                      kind=_kind_word(english_kind), name=repr(english))
        return message + "; " + hint, "error"
    close = difflib.get_close_matches(folded, list(names.get(kind, {})), n=1, cutoff=0.8)
    if close:
        message += "; " + tr("did you mean {name}?", name=repr(names[kind][close[0]]))
    return message + " " + tr("(a new name goes in the file's `vocabulary:` or a vocabulary file: "
                              "docs/profile-format.md)"), "error"


def _printed_as(folded: str, whole: str, kind: str, printed: Names) -> tuple[str, str] | None:
    """The name profiles use, and its kind, for a source's own spelling of it (this kind first)."""
    for other in (kind, *(k for k in ITEM_KINDS if k != kind)):
        table = printed.get(other, {})
        english = table.get(folded) or table.get(whole)
        if english is not None:
            return english, other
    return None


def _duplicates(values: Iterable[Any]) -> set[Any]:
    return {value for value, count in Counter(values).items() if count > 1}


_STATS = ("cc", "bs", "ph", "wip", "arm", "bts", "w", "s")


def _out_of_range(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not low <= value <= high


def check_ranges(army: Army) -> list[tuple[Path_, str]]:
    """Every id, stat, AVA and cost within the sane ranges of `armybuilder.domain.limits`, and no army
    that names itself as its parent or its Reinforcements army."""
    found: list[tuple[Path_, str]] = []

    def check(where: Path_, value: object, high: int, low: int = 0) -> None:
        if _out_of_range(value, low, high):
            found.append((where, tr("{value} is out of range ({low} to {high})", value=value, low=low, high=high)))

    check(("id",), army.id, MAX_ID)
    if army.parent is not None and army.parent == army.id:
        found.append((("parent",), tr("the army names itself ({id}) as its parent army", id=army.id)))
    if army.reinforcements is not None and army.reinforcements == army.id:
        found.append((("reinforcements",), tr("the army names itself ({id}) as its Reinforcements army",
                                              id=army.id)))
    for ui, unit in enumerate(army.units):
        here: Path_ = ("units", ui)
        check((*here, "id"), unit.id, MAX_ID)
        option_lists: list[tuple[Path_, tuple[Option, ...]]] = [(here, unit.options)]
        for gi, group in enumerate(unit.profile_groups):
            gpath: Path_ = (*here, "profile_groups", gi)
            check((*gpath, "id"), group.id, MAX_ID)
            option_lists.append((gpath, group.options))
            for pi, profile in enumerate(group.profiles):
                ppath: Path_ = (*gpath, "profiles", pi)
                check((*ppath, "id"), profile.id, MAX_ID)
                for stat in _STATS:  # -1 is the data's "-" (no value)
                    check((*ppath, stat), getattr(profile, stat), MAX_STAT, -1)
                for mi, cm in enumerate(profile.move):
                    check((*ppath, "move", mi), cm, MAX_STAT, -1)
                check((*ppath, "ava"), profile.ava, MAX_STAT, -1)
        for where, options in option_lists:
            for oi, option in enumerate(options):
                check((*where, "options", oi, "id"), option.id, MAX_ID)
                check((*where, "options", oi, "points"), option.points, MAX_POINTS)
    return found


_PACK_IDS = frozenset({"army_parent", "option", "group"})
"""Pack fields that hold a unit's, group's or option's id (0 to MAX_ID); every other number is a count,
a size or a cost (0 to MAX_POINTS)."""
_PACK_POSITIVE = frozenset({"default_points", "swc_per_points", "max_group_size", "lists_per_player",
                            "fireteam_max_level", "max_per_controller", "max_combat_groups", "combat_group"})
"""Pack numbers of which 0 makes no sense (SWC per 0 points divides by zero; groups of 0 troopers)."""


def check_pack_ranges(pack: EditionPack | SeasonPack) -> list[tuple[Path_, str]]:
    """Every number of a rules pack within a sane range (`armybuilder.domain.limits`): ids 0 to MAX_ID,
    the rest 0 (1 for the counts in `_PACK_POSITIVE`) to MAX_POINTS; a fireteam size's min ≤ max."""
    found: list[tuple[Path_, str]] = []

    def walk(value: object, where: Path_) -> None:
        if isinstance(value, Frozen):
            for key in type(value).model_fields:
                walk(getattr(value, key), (*where, key))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*where, str(key)))
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                walk(item, (*where, index))
        elif isinstance(value, int) and not isinstance(value, bool):
            key = next((k for k in reversed(where) if isinstance(k, str)), "")
            low = 1 if key in _PACK_POSITIVE else 0
            high = MAX_ID if key in _PACK_IDS else MAX_POINTS
            if not low <= value <= high:
                found.append((where, tr("{value} is out of range ({low} to {high})", value=value, low=low,
                                        high=high)))

    walk(pack, ())
    if isinstance(pack, EditionPack):
        for kind, size in pack.fireteam_sizes.items():
            if size.min > size.max:
                found.append((("fireteam_sizes", str(kind), "min"), tr(
                    "a fireteam of {min} to {max} members cannot exist", min=size.min, max=size.max)))
    return found


def check_includes(army: Army) -> list[tuple[Path_, str]]:
    """An option that includes itself, or a loop of includes (A includes B, B includes A): its cost
    and its troopers would be counted again and again."""
    found: list[tuple[Path_, str]] = []
    for ui, unit in enumerate(army.units):
        places: dict[tuple[int, int], tuple[Path_, Option]] = {
            (0, o.id): (("units", ui, "options", oi), o) for oi, o in enumerate(unit.options)}
        for gi, group in enumerate(unit.profile_groups):
            places.update({(group.id, o.id): (("units", ui, "profile_groups", gi, "options", oi), o)
                           for oi, o in enumerate(group.options)})
        reported: set[frozenset[tuple[int, int]]] = set()
        for start, (where, option) in places.items():
            loop = _include_loop(start, places)
            if loop is None or frozenset(loop) in reported:
                continue
            reported.add(frozenset(loop))
            if len(loop) == 1:
                message = tr("{unit} option {option} includes itself", unit=unit.name, option=repr(option.name))
            else:
                names = " → ".join(repr(places[key][1].name) for key in (*loop, loop[0]))
                message = tr("{unit}: a loop of includes ({loop}); an option cannot include what includes it",
                             unit=unit.name, loop=names)
            found.append(((*where, "includes"), message))
    return found


def _include_loop(start: tuple[int, int],
                  places: dict[tuple[int, int], tuple[Path_, Option]]) -> list[tuple[int, int]] | None:
    """The options of a loop of includes through `start`, in order, or None (depth-first, iterative)."""
    path: list[tuple[int, int]] = [start]
    stack = [iter([(i.group, i.option) for i in places[start][1].includes])]
    while stack:
        following = next(stack[-1], None)
        if following is None:
            stack.pop()
            path.pop()
            continue
        if following == start:
            return list(path)
        if following in path or following not in places:
            continue  # a loop that does not pass through `start` is reported from one of its own options
        path.append(following)
        stack.append(iter([(i.group, i.option) for i in places[following][1].includes]))
    return None


def check_army(army: Army) -> list[tuple[Path_, str]]:
    """Consistency checks pydantic cannot do: unique ids, resolvable references, sane ranges, no loops."""
    found: list[tuple[Path_, str]] = [*check_ranges(army), *check_includes(army)]
    dup_units = _duplicates(u.id for u in army.units)
    dup_slugs = _duplicates(u.slug for u in army.units)
    for ui, unit in enumerate(army.units):
        here: Path_ = ("units", ui)
        if unit.id in dup_units:
            found.append(((*here, "id"), tr("duplicate unit id {id}", id=unit.id)))
        if unit.slug in dup_slugs:
            found.append(((*here, "slug"), tr("duplicate unit slug {slug}", slug=repr(unit.slug))))
        dup_groups = _duplicates(g.id for g in unit.profile_groups)
        for gi, group in enumerate(unit.profile_groups):
            gpath: Path_ = (*here, "profile_groups", gi)
            if group.id in dup_groups:
                found.append(((*gpath, "id"), tr("duplicate profile group id {id} in {unit}", id=group.id,
                                                 unit=unit.name)))
            found.extend(_check_profile_group(unit, group, gpath))
        found.extend(_dangling_includes(unit, unit.options, here, tr("team option")))
    return found + _unknown_units(army)


def _check_profile_group(unit: Unit, group: ProfileGroup, gpath: Path_) -> list[tuple[Path_, str]]:
    """A profile group's own ids are unique, each profile has a type (or says why not), includes resolve."""
    found: list[tuple[Path_, str]] = []
    for oid in sorted(_duplicates(o.id for o in group.options)):
        index = [o.id for o in group.options].index(oid)
        found.append(((*gpath, "options", index, "id"), tr("duplicate option id {id} in {unit}", id=oid,
                                                           unit=unit.name)))
    for pid in sorted(_duplicates(p.id for p in group.profiles)):
        index = [p.id for p in group.profiles].index(pid)
        found.append(((*gpath, "profiles", index, "id"), tr("duplicate profile id {id} in {unit}", id=pid,
                                                            unit=unit.name)))
    for pi, profile in enumerate(group.profiles):
        if profile.type is None and not (profile.notes or "").strip():
            found.append(((*gpath, "profiles", pi, "type"),
                          tr("{unit} profile {profile} has no type; say in `notes` why the source leaves "
                             "it unknown", unit=unit.name, profile=repr(profile.name))))
    found.extend(_dangling_includes(unit, group.options, gpath, tr("option", context="profile option")))
    return found


def _unknown_units(army: Army) -> list[tuple[Path_, str]]:
    """Relations and fireteam chart teams that name a unit the army does not have."""
    found: list[tuple[Path_, str]] = []
    unit_ids = {u.id for u in army.units}
    for ri, relation in enumerate(army.relations):
        for mi, member in enumerate(relation.members):
            if member.unit not in unit_ids:
                found.append((("relations", ri, "members", mi, "unit"),
                              tr("relation refers to unknown unit id {id}", id=member.unit)))
    slugs = {u.slug for u in army.units}
    for ti, team in enumerate(army.fireteam_chart.teams):
        for mi, chart_member in enumerate(team.members):
            if chart_member.slug not in slugs:
                found.append((("fireteam_chart", "teams", ti, "members", mi, "slug"),
                              tr("fireteam team {team} names unknown unit slug {slug}", team=repr(team.name),
                                 slug=repr(chart_member.slug))))
    return found


def _dangling_includes(unit: Unit, options: Iterable[Option], where: Path_, what: str) -> list[tuple[Path_, str]]:
    """Includes of `options` that name a group/option the unit does not have."""
    return [((*where, "options", oi, "includes", ii),
             tr("{unit} {what} {option} includes group {group} option {number}, which does not exist",
                unit=unit.name, what=what, option=repr(option.name), group=inc.group, number=inc.option))
            for oi, option in enumerate(options) for ii, inc in enumerate(option.includes)
            if unit.option(inc.group, inc.option) is None]


def _check_names(loaded: LoadedProfiles) -> None:
    """Each army's names against the vocabulary (and its own `vocabulary:`); an army with an unknown
    name is not loaded, as for any other error in its file. Without any vocabulary (a lone file checked
    on its own, without the bundled profiles) there is nothing to check against."""
    if not loaded.vocabulary:
        return
    for army_id, army in list(loaded.armies.items()):
        names, printed = loaded.vocabulary, loaded.printed
        if army_id in loaded.army_vocabulary:
            names = {k: dict(v) for k, v in names.items()}
            merge_names(names, loaded.army_vocabulary[army_id])
            printed = {k: dict(v) for k, v in printed.items()}
            merge_names(printed, loaded.army_printed.get(army_id, {}))
        unknown = check_vocabulary(army, names, printed)
        if unknown:
            loaded.problems.extend(_located_all(loaded.army_files[army_id], unknown))
        if any(severity == "error" for *_, severity in unknown):
            del loaded.armies[army_id]


def _cross_check(loaded: LoadedProfiles) -> None:
    """Checks across files: every name an army uses is known; editions named by armies and seasons
    exist; CBLs match an army."""
    _check_names(loaded)
    editions = {pid for pid, pack in loaded.packs.items() if isinstance(pack, EditionPack)}
    for army_id, army in loaded.armies.items():
        if editions and army.edition not in editions:
            loaded.problems.append(_located(
                loaded.army_files[army_id], ("edition",),
                tr("edition {edition} has no edition pack (known: {known})", edition=repr(army.edition),
                   known=", ".join(sorted(editions)))))
    by_slug = {army.slug: army for army in loaded.armies.values()}
    for pack in loaded.packs.values():
        if not isinstance(pack, SeasonPack):
            continue
        where = loaded.pack_files[pack.id]
        if editions and pack.edition not in editions:
            loaded.problems.append(_located(where, ("edition",),
                                            tr("edition {edition} has no edition pack", edition=repr(pack.edition))))
        for path, message in pack.problems():
            loaded.problems.append(_located(where, path, message))
        for ci, cbl in enumerate(pack.cbls):
            cbl_army = by_slug.get(cbl.army)
            if cbl_army is None:
                loaded.problems.append(_located(
                    where, ("cbls", ci, "army"),
                    tr("CBL {cbl} is built with army {army}, which is not loaded", cbl=repr(cbl.id),
                       army=repr(cbl.army)), "warning"))
                continue
            for vi, version in enumerate(cbl.versions):
                for ei, entry in enumerate(version.entries):
                    if entry.unknown or entry.unit is None:
                        continue
                    entry_path: Path_ = ("cbls", ci, "versions", vi, "entries", ei)
                    unit = cbl_army.unit_by_slug(entry.unit)
                    if unit is None:
                        loaded.problems.append(_located(
                            where, (*entry_path, "unit"),
                            tr("CBL {cbl} version {version}: unknown unit {unit}", cbl=cbl.id, version=version.id,
                               unit=repr(entry.unit))))
                    elif entry.option is not None and unit.option(entry.group, entry.option) is None:
                        loaded.problems.append(_located(
                            where, (*entry_path, "option"),
                            tr("CBL {cbl} version {version}: {unit} has no option {option} in profile group {group}",
                               cbl=cbl.id, version=version.id, unit=unit.name, option=entry.option,
                               group=entry.group)))


def _located_all(file: Path, found: list[tuple[Path_, str, Literal["error", "warning"]]]) -> list[DataProblem]:
    """Problems found after loading, located in their file (read once for all)."""
    try:
        text: str | None = read_text_file(file, "")
    except DataError:
        text = None
    return [_problem(str(file), text, path, message, severity) for path, message, severity in found]


def _located(file: Path, path: Path_, message: str,
             severity: Literal["error", "warning"] = "error") -> DataProblem:
    """A problem found after loading: read the file again (error path only) to find the line."""
    try:
        text: str | None = read_text_file(file, "")
    except DataError:
        text = None
    return _problem(str(file), text, path, message, severity)
