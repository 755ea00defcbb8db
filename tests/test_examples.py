"""The example list files (the seed lists) load, are legal, and match tests/data/seed_lists.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
from export_lists import seed_list

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import changes_since_saved, load_list
from armybuilder.rules.engine import validate_in_catalog

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FILES = sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_is_legal_and_matches_the_seed(path: Path, bundled_catalog: Catalog) -> None:
    loaded = load_list(path)
    report = validate_in_catalog(loaded.army_list, bundled_catalog)
    assert report.legal, [v.message for v in report.violations]
    assert changes_since_saved(loaded, report.roster) == []
    expected = seed_list(path.stem, bundled_catalog)
    assert [(t.unit, t.group, t.option) for _, t in loaded.army_list.troopers()] == [
        (t.unit, t.group, t.option) for _, t in expected.troopers()]
    if loaded.army_list.cbl:
        assert report.notes and "version" in report.notes[0]


def test_there_are_examples() -> None:
    assert {p.stem for p in FILES} >= {"icestorm-panoceania", "icestorm-nomads", "blizzard-6-a", "blizzard-6-b"}
