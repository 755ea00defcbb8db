"""Random damage to an army file and to army.json never makes the importer raise: every run ends
in a report, and the cache it leaves can be opened."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from import_helpers import make_data_folder

from armybuilder.data.cache import CacheError, ImportedSource
from armybuilder.data.importer import import_folder

pytestmark = pytest.mark.shared

DAMAGE: list[Any] = [None, "x", [], {}, -5, 10**20, 1.5, True, [{"id": "?"}], {"id": None}]


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here] if here else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*here, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):  # the first few elements are enough
            found.extend(paths(item, (*here, index)))
    return found


def damage(data: Any, where: tuple[Any, ...], rng: random.Random) -> None:
    parent = data
    for key in where[:-1]:
        try:
            parent = parent[key]
        except (KeyError, IndexError, TypeError):
            return  # an earlier change in this round removed the path
    last = where[-1]
    if not isinstance(parent, dict | list) or (isinstance(parent, dict) and last not in parent) or (
            isinstance(parent, list) and not (isinstance(last, int) and last < len(parent))):
        return
    if isinstance(parent, dict) and rng.random() < 0.3:
        del parent[last]
    else:
        parent[last] = rng.choice(DAMAGE)


@pytest.mark.parametrize("target", ["code-capital.json", "army.json"])
def test_random_damage_never_raises(official_data: Path, tmp_path: Path, target: str) -> None:
    folder = make_data_folder(official_data, tmp_path / "n5", ("code-capital",))
    original = json.loads((folder / target).read_text(encoding="utf-8"))
    if target == "army.json":  # keep the damage where the importer reads
        original = {k: v for k, v in original.items() if k in ("factions", "weapons", "skills", "equips",
                                                               "ammunitions")}
        original["weapons"] = original["weapons"][:20]
    candidates = paths(original)
    rng = random.Random(20260311)
    for round_number in range(40):
        data = json.loads(json.dumps(original))
        for _ in range(rng.randint(1, 4)):
            damage(data, rng.choice(candidates), rng)
        (folder / target).write_text(json.dumps(data), encoding="utf-8")
        cache = tmp_path / f"cache-{round_number}"
        report = import_folder(folder, cache)  # must not raise
        assert report.fatal is not None or report.armies, round_number
        try:
            source = ImportedSource.open(cache)
        except CacheError:
            pytest.fail(f"round {round_number}: the cache cannot be opened")
        if source is not None:
            for summary in source.summaries():
                source.load(summary.id)
