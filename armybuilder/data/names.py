"""The official data's names in another language (Spanish), read from its files and merged by id.

The official API serves the same data in Spanish (`…/infinity/es/metadata`, `…/units/es/{id}`):
the same ids, Spanish names. `read_names` collects them — army.json's skills, equipment,
ammunition and weapon profiles, and every army file's `filters` — into one `NameSet`; the importer
gives each item the name its id has there (`ItemRef.name_es`, `WeaponProfile.name_es`…), and keeps
the set in the cache so that a later import without `--lang es` keeps the Spanish names. Rules
always read the English names; only print-outs and the app's labels show these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder.data.official_json import ImportFileError, ImportIssue, clean, parse_json
from armybuilder.i18n import lazy_tr

NAME_KINDS = ("skills", "equip", "weapons", "extras", "chars", "peripheral", "ammunition")
"""The id → name tables merged (as the army files' `filters` call them; army.json's `equips` and
`ammunitions` are read as `equip` and `ammunition`)."""
_METADATA_TABLES = {"skills": "skills", "equips": "equip", "ammunitions": "ammunition"}
_MAX_NAME = 200
"""A longer "name" is not a name: left out."""


@dataclass(frozen=True)
class WeaponNames:
    """One entry of army.json's `weapons` in the other language (a weapon id has one per firing mode)."""

    name: str
    mode: str | None
    properties: tuple[str, ...]
    ammunition: int | None


@dataclass
class NameSet:
    """The names of one language, by kind and id, and army.json's weapon entries by weapon id in order."""

    language: str
    tables: dict[str, dict[int, str]] = field(default_factory=lambda: {kind: {} for kind in NAME_KINDS})
    weapons: dict[int, list[WeaponNames]] = field(default_factory=dict)

    def name(self, kind: str, key: object) -> str | None:
        if type(key) is not int:
            return None
        return self.tables.get(kind, {}).get(key)

    def weapon(self, weapon_id: object, occurrence: int) -> WeaponNames | None:
        """The `occurrence`-th army.json entry of a weapon id (its modes come in the same order)."""
        if type(weapon_id) is not int:
            return None
        entries = self.weapons.get(weapon_id, [])
        return entries[occurrence] if occurrence < len(entries) else None

    @property
    def count(self) -> int:
        """How many names it holds (weapon modes included)."""
        return sum(len(t) for t in self.tables.values()) + sum(len(e) for e in self.weapons.values())

    def __bool__(self) -> bool:
        return self.count > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "tables": {kind: {str(k): v for k, v in table.items()} for kind, table in self.tables.items()},
            "weapons": {str(k): [[w.name, w.mode, list(w.properties), w.ammunition] for w in entries]
                        for k, entries in self.weapons.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NameSet:
        tables = {kind: {int(k): str(v) for k, v in table.items()} for kind, table in data.get("tables", {}).items()}
        weapons = {int(k): [WeaponNames(str(n), None if m is None else str(m), tuple(str(p) for p in props),
                                        a if type(a) is int else None) for n, m, props, a in entries]
                   for k, entries in data.get("weapons", {}).items()}
        return cls(str(data["language"]), {kind: tables.get(kind, {}) for kind in NAME_KINDS}, weapons)


def _entries(raw: Any) -> Iterable[tuple[int, str, dict[str, Any]]]:
    for entry in raw if isinstance(raw, list) else ():
        if isinstance(entry, dict) and type(entry.get("id")) is int and isinstance(entry.get("name"), str):
            name = clean(entry["name"])
            if name and len(name) <= _MAX_NAME:
                yield entry["id"], name, entry


def _learn(names: NameSet, kind: str, raw: Any) -> None:
    table = names.tables[kind]
    for key, name, _ in _entries(raw):
        table.setdefault(key, name)  # the first file that names an id wins, as for the English names


def read_names(files: Mapping[str, bytes], language: str, metadata_file: str = "army.json"
               ) -> tuple[NameSet, list[ImportIssue]]:
    """The names of a data set in `language` (its army.json and army files, by file name).

    A file that cannot be read is reported (a warning: its names stay English) and skipped.
    """
    names = NameSet(language)
    issues: list[ImportIssue] = []
    order = sorted(files, key=lambda name: (name != metadata_file, name))  # army.json first: it names most ids
    for file in order:
        try:
            raw = parse_json(files[file], file)
        except ImportFileError as exc:
            issues.append(ImportIssue(exc.issue.file, lazy_tr("{problem}; its names stay in English",
                                                              problem=exc.issue.text), severity="warning"))
            continue
        if not isinstance(raw, dict):
            issues.append(ImportIssue(file, lazy_tr("not a JSON object; its names stay in English"),
                                      severity="warning"))
            continue
        if file == metadata_file:
            for key, kind in _METADATA_TABLES.items():
                _learn(names, kind, raw.get(key))
            for weapon_id, name, entry in _entries(raw.get("weapons")):
                mode = clean(entry.get("mode")) or None
                properties = tuple(clean(p) for p in entry.get("properties") or () if isinstance(p, str))
                ammunition = entry.get("ammunition")
                names.weapons.setdefault(weapon_id, []).append(
                    WeaponNames(name, mode, properties, ammunition if type(ammunition) is int else None))
                if entry.get("type", "WEAPON") == "WEAPON":
                    names.tables["weapons"].setdefault(weapon_id, name)
            continue
        filters = raw.get("filters")
        if isinstance(filters, dict):
            for kind in NAME_KINDS:
                _learn(names, kind, filters.get(kind))
    return names, issues
