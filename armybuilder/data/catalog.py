"""The catalog: every army available (bundled and imported), loaded lazily, plus the rules packs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.domain.lists import ArmyList, ArmyRef, Origin
from armybuilder.domain.packs import EditionPack, SeasonPack, UnitMatch
from armybuilder.domain.profiles import Army, ArmyKind, Unit, WeaponProfile
from armybuilder.i18n import tr

if TYPE_CHECKING:  # the YAML reader is imported where profiles are read: importing official data needs none of it
    from armybuilder.data.profiles_yaml import LoadedProfiles


@dataclass(frozen=True)
class ArmySummary:
    """What a picker needs to show an army without loading it."""

    origin: Origin
    id: int
    slug: str
    name: str
    kind: ArmyKind
    parent: int | None
    version: str
    edition: str
    units: int
    options: int
    discontinued: bool = False

    @property
    def ref(self) -> ArmyRef:
        return ArmyRef(origin=self.origin, id=self.id, slug=self.slug, name=self.name,
                       version=self.version)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.version})" if self.version else self.name


def summarize(army: Army) -> ArmySummary:
    options = sum(len(g.options) for u in army.units for g in u.profile_groups)
    return ArmySummary(
        origin=army.origin, id=army.id, slug=army.slug, name=army.name, kind=army.kind,
        parent=army.parent, version=army.version, edition=army.edition, units=len(army.units),
        options=options, discontinued=army.discontinued,
    )


class ArmySource(Protocol):
    """A place armies come from: the bundled YAML or the imported official data."""

    origin: Origin

    def summaries(self) -> Sequence[ArmySummary]: ...

    def load(self, army_id: int) -> Army: ...

    def weapons(self) -> dict[str, WeaponProfile]: ...


class BundledSource:
    """Armies authored in our YAML format (already loaded: the files are small)."""

    origin: Origin = "bundled"

    def __init__(self, loaded: LoadedProfiles) -> None:
        self._loaded = loaded
        self._summaries = [summarize(a) for a in loaded.armies.values()]

    def summaries(self) -> Sequence[ArmySummary]:
        return self._summaries

    def load(self, army_id: int) -> Army:
        try:
            return self._loaded.armies[army_id]
        except KeyError:
            raise DataError(DataProblem(tr("bundled profiles"), tr("no bundled army with id {id}",
                                                                   id=army_id))) from None

    def has(self, army_id: int) -> bool:
        return army_id in self._loaded.armies

    def weapons(self) -> dict[str, WeaponProfile]:
        return self._loaded.weapons


@dataclass
class Catalog:
    """Armies from several sources and the rules packs; armies load on first use and stay cached."""

    sources: list[ArmySource]
    packs: dict[str, EditionPack | SeasonPack]
    problems: list[DataProblem] = field(default_factory=list)
    unavailable: dict[Origin, DataProblem] = field(default_factory=dict)
    """Why a source is missing (e.g. the imported data's index is damaged): said when a list needs it."""
    _cache: dict[tuple[Origin, int], Army] = field(default_factory=dict, repr=False)
    _granted: dict[tuple[Origin, int, str], Army] = field(default_factory=dict, repr=False)

    @classmethod
    def from_paths(cls, profile_paths: Iterable[Path], extra_sources: Iterable[ArmySource] = (),
                   known_names: Mapping[str, Iterable[str]] | None = None) -> Catalog:
        """Load bundled/authored YAML from `profile_paths` and add other sources (imported data);
        `known_names` are names the profiles may use besides the vocabulary (the imported data's)."""
        from armybuilder.data.profiles_yaml import load_profiles

        loaded = load_profiles(profile_paths, known=known_names)
        return cls(sources=[BundledSource(loaded), *extra_sources], packs=dict(loaded.packs),
                   problems=list(loaded.problems))

    def add_source(self, source: ArmySource) -> None:
        """Add or replace (same origin) a source, e.g. after importing official data."""
        self.sources = [s for s in self.sources if s.origin != source.origin] + [source]
        self._cache = {k: v for k, v in self._cache.items() if k[0] != source.origin}
        self._granted = {k: v for k, v in self._granted.items() if k[0] != source.origin}
        self.unavailable.pop(source.origin, None)

    def armies(self) -> list[ArmySummary]:
        result: list[ArmySummary] = []
        for source in self.sources:
            result.extend(source.summaries())
        return result

    def summary(self, ref: ArmyRef) -> ArmySummary | None:
        return next((s for s in self.armies() if s.origin == ref.origin and s.id == ref.id), None)

    def reinforcement_summary(self, army: Army) -> ArmySummary | None:
        """The army's Reinforcements army (same origin, not loaded), when it has one the catalog knows."""
        if army.reinforcements is None:
            return None
        return next((s for s in self.armies() if s.origin == army.origin and s.id == army.reinforcements), None)

    def reinforcement_army_for(self, army_list: ArmyList, army: Army) -> Army | None:
        """The Reinforcements army a list built with `army` needs, loaded: None when the list has no
        Reinforcements group (nor a main-section trooper the army's own data lacks, which may be a
        "Reinf." unit put in the wrong section) or the catalog knows no such army. Raises DataError
        if it cannot be loaded."""
        if not any(g.reinforcement or any(army.unit(t.unit) is None for t in g.troopers)
                   for g in army_list.groups):
            return None
        summary = self.reinforcement_summary(army)
        return self.army(summary.ref) if summary is not None else None

    def find(self, army_id: int, prefer: Sequence[Origin] = ("imported", "bundled")) -> ArmySummary | None:
        """The army with this id, from the first origin in `prefer` that has it."""
        for origin in prefer:
            for summary in self.armies():
                if summary.origin == origin and summary.id == army_id:
                    return summary
        return None

    def army(self, ref: ArmyRef | tuple[Origin, int]) -> Army:
        """Load an army (cached); raises DataError with a clear message when it is unavailable:
        which army, why (nothing imported, damaged data, not in the data) and what to do."""
        origin, army_id = (ref.origin, ref.id) if isinstance(ref, ArmyRef) else ref
        key = (origin, army_id)
        if key not in self._cache:
            source = next((s for s in self.sources if s.origin == origin), None)
            if source is None:
                raise DataError(self._unavailable(origin, army_id, ref))
            has = getattr(source, "has", None)
            if callable(has) and not has(army_id):
                raise DataError(self._not_found(source, army_id, ref))
            self._cache[key] = source.load(army_id)
        return self._cache[key]

    def _unavailable(self, origin: Origin, army_id: int, ref: ArmyRef | tuple[Origin, int]) -> DataProblem:
        army = _army_label(army_id, ref)
        reason = self.unavailable.get(origin)
        if origin != "imported":
            return DataProblem(tr("bundled profiles"), tr("army {army} needs the bundled profiles, which are not "
                                                          "loaded", army=army))
        if reason is not None:
            return DataProblem(reason.file, tr(
                "army {army} needs the imported official data, which cannot be used: {reason}. Import the data "
                "again: `armybuilder data import PATH` (or --url), or File → Import Infinity Army data… in the app",
                army=army, reason=reason.message))
        return DataProblem(tr("imported data"), tr(
            "army {army} needs the imported official data, and none is imported yet: import it with "
            "`armybuilder data import PATH` (or --url to download it), or File → Import Infinity Army data… in the app",
            army=army))

    @staticmethod
    def _not_found(source: ArmySource, army_id: int, ref: ArmyRef | tuple[Origin, int]) -> DataProblem:
        army = _army_label(army_id, ref)
        if source.origin == "imported":
            where = str(getattr(source, "index_path", tr("imported data")))
            return DataProblem(where, tr("army {army} is not in your imported data; import the official data again "
                                         "(armybuilder data import) to use it", army=army))
        name = (ref.name or ref.slug) if isinstance(ref, ArmyRef) else ""
        return DataProblem(tr("bundled profiles"), tr("no bundled army with id {id} ({name}) among the profile "
                                                      "databases loaded", id=army_id, name=name) if name else
                           tr("no bundled army with id {id} among the profile databases loaded", id=army_id))

    def army_for_list(self, army_list: ArmyList) -> Army:
        """The army a list is built with, as its rules pack sees it: under a season whose rules let any
        army field a unit (ITS S17: a Sāchā), an army whose data lacks that unit gets it (see
        `with_season_units`)."""
        army = self.army(army_list.army)
        pack = self.packs.get(army_list.pack)
        return self.with_season_units(army, pack) if isinstance(pack, SeasonPack) else army

    def with_season_units(self, army: Army, season: SeasonPack) -> Army:
        """`army` plus the units the season's rules let any army field and its data lacks, copied from
        another army of the same data (its faction's armies first). The same army when it lacks none,
        or when no army of its data has the unit (nothing is invented)."""
        matches = [m for rule in season.rules for m in rule.any_army_units]
        if not matches or army.kind == "reinforcements":
            return army
        key = (army.origin, army.id, season.id)
        if key in self._granted:
            return self._granted[key]
        missing = [m for m in matches if not any(m.matches(u.name, u.isc, u.slug) for u in army.units)]
        added: list[Unit] = []
        for match in missing:
            unit = self._find_unit(army, match)
            if unit is not None and army.unit(unit.id) is None:
                added.append(unit.model_copy(update={"mercenary": False}))
        result = army.replaced(units=(*army.units, *added)) if added else army
        self._granted[key] = result
        return result

    def _find_unit(self, army: Army, match: UnitMatch) -> Unit | None:
        """A unit matching `match` in another army of `army`'s origin: its faction's armies first."""
        faction = army.parent or army.id
        candidates = [s for s in self.armies() if s.origin == army.origin and s.id != army.id
                      and s.kind != "reinforcements"]
        candidates.sort(key=lambda s: (s.id != faction and s.parent != faction, s.id))
        for summary in candidates:
            try:
                other = self.army(summary.ref)
            except DataError:
                continue
            found = next((u for u in other.units if match.matches(u.name, u.isc, u.slug) and not u.mercenary), None)
            if found is not None:
                return found
        return None

    def weapons(self, origin: Origin) -> dict[str, WeaponProfile]:
        source = next((s for s in self.sources if s.origin == origin), None)
        return source.weapons() if source else {}

    def name_languages(self, origin: Origin) -> tuple[str, ...]:
        """The languages the data's weapon, skill and equipment names come in: English, and Spanish once
        imported (`data import --url --lang es`); a source that says nothing has English only."""
        source = next((s for s in self.sources if s.origin == origin), None)
        languages = getattr(source, "name_languages", None)
        return tuple(languages()) if callable(languages) else ("en",)

    def pack(self, pack_id: str) -> EditionPack | SeasonPack:
        try:
            return self.packs[pack_id]
        except KeyError:
            known = ", ".join(sorted(self.packs)) or tr("none", context="rules packs")
            raise DataError(DataProblem(tr("rules packs"), tr("unknown rules pack {pack} (known: {known})",
                                                              pack=repr(pack_id), known=known))) from None

    def season_packs(self) -> list[SeasonPack]:
        return [p for p in self.packs.values() if isinstance(p, SeasonPack)]

    def rules_for(self, army_list: ArmyList, army: Army | None = None) -> tuple[EditionPack, SeasonPack | None]:
        """The edition and season pack a list is judged by.

        A list whose pack is an edition pack uses that edition: the player chose it (`--pack n5` on an
        N3 army applies N5 limits). Under a season pack, the edition the army's profiles follow, else
        the season's own.
        """
        pack = self.pack(army_list.pack)
        if isinstance(pack, EditionPack):
            return pack, None
        candidates = []
        if army is not None:
            candidates.append(army.edition)
        candidates.append(pack.edition)
        for candidate in candidates:
            edition = self.packs.get(candidate)
            if isinstance(edition, EditionPack):
                return edition, pack
        raise DataError(DataProblem(tr("rules packs"), tr("no edition pack among {candidates}",
                                                          candidates=", ".join(candidates) or "—")))


def _army_label(army_id: int, ref: ArmyRef | tuple[Origin, int]) -> str:
    """'101 (PanOceania)' when the reference names the army, else the id alone."""
    name = (ref.name or ref.slug) if isinstance(ref, ArmyRef) else ""
    return f"{army_id} ({name})" if name else str(army_id)
