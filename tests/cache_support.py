"""A small imported-data cache built from the synthetic rules army (no ../shared needed), and lists on it."""

from __future__ import annotations

from pathlib import Path

from armybuilder.data.cache import CachedArmy, CacheIndex, dumps, schema_fingerprint, write_cache
from armybuilder.data.listfile import save_list
from armybuilder.data.official_json import ImportIssue
from armybuilder.data.profiles_yaml import load_profiles
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.i18n import lazy_tr, lazy_trn

RULES = Path(__file__).parent / "data" / "rules"
ARMY_ID = 950


def write_small_cache(folder: Path) -> CacheIndex:
    """A cache holding the synthetic army 950 as if imported, with two import issues kept neutral."""
    loaded = load_profiles([RULES / "army.yaml"])
    army = loaded.armies[ARMY_ID].model_copy(update={"origin": "imported"})
    issues = (
        ImportIssue("test-sectorial.json", lazy_tr("points {value} are negative; option skipped", value=-5),
                    lazy_tr("unit {name} (id {id})", name="LINE TROOPERS", id=1), "units[0]", "error"),
        ImportIssue("test-sectorial.json", lazy_trn("{n} empty entry in item lists holds nothing and was ignored",
                                                    "{n} empty entries in item lists hold nothing and were ignored",
                                                    3), severity="info"),
    )
    entry = CachedArmy(id=army.id, slug=army.slug, name=army.name, kind=army.kind, parent=army.parent,
                       version=army.version, edition=army.edition, discontinued=False,
                       counts={"units": len(army.units), "options": 10}, reinforcements=None, aliases=(),
                       file="test-sectorial.json", sha256="0" * 64, offset=0, length=0, issues=issues)
    index = CacheIndex(pack="", source="tests", imported_at="2026-01-01 00:00:00", schema=schema_fingerprint(),
                       metadata_sha256="0" * 64, weapons=(0, 0), armies=[entry])
    return write_cache(folder, index, [dumps(dict(loaded.weapons)), dumps(army)])


def imported_list(path: Path, army_id: int = ARMY_ID, name: str = "Imported test list") -> Path:
    """A legal list file on the imported army 950 (a Lieutenant and two line troopers)."""
    army_list = ArmyList(name=name, army=ArmyRef(origin="imported", id=army_id, slug="test-sectorial",
                                                 name="Test Sectorial"), pack="n5", points=300)
    for option in (3, 1, 1):
        army_list, _ = army_list.with_trooper(1, 1, 1, option)
    save_list(path, army_list)
    return path
