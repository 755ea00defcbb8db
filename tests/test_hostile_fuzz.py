"""Fuzz: mutated list files and profile databases raise only the project's own error types (DataError,
or problems recorded), and a list that is read also validates, prints and saves without an exception (#19).

Seeded, as the army-code fuzz test: byte edits of a real file and value swaps in its structure
(tests/hostile_corpus.py). The counts are modest to keep the suite fast; the hostile run
(`python -m benchmarks.hostile`) does thousands."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest
import yaml
from hostile_corpus import BASE_LIST, BASE_PROFILES, mutate_bytes, mutate_data

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import dumps_list, loads_list
from armybuilder.data.problems import DataError
from armybuilder.data.profiles_yaml import LoadedProfiles, load_file
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import validate_in_catalog

LIST_CASES = 200
PROFILE_CASES = 60


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


def list_texts() -> list[str]:
    rng = random.Random(19_001)
    raw = BASE_LIST.read_bytes()
    data = yaml.safe_load(raw)
    texts = [mutate_bytes(raw, rng).decode("utf-8", "replace") for _ in range(LIST_CASES)]
    texts += [yaml.safe_dump(mutate_data(data, rng), allow_unicode=True) for _ in range(LIST_CASES)]
    return texts


def test_mutated_list_files_raise_only_data_errors(catalog: Catalog) -> None:
    read = refused = 0
    for text in list_texts():
        try:
            loaded = loads_list(text, "fuzz.yaml")
        except DataError as exc:
            assert exc.problems and all(p.file == "fuzz.yaml" for p in exc.problems)
            refused += 1
            continue
        read += 1
        with contextlib.suppress(DataError):  # e.g. an army id that no data holds: said, not a crash
            validate_in_catalog(loaded.army_list, catalog)
        assert loads_list(dumps_list(loaded.army_list)).army_list == loaded.army_list
    assert read > 20 and refused > 100  # both paths exercised


def test_mutated_profile_files_only_record_problems(tmp_path: Path) -> None:
    rng = random.Random(19_002)
    raw = BASE_PROFILES.read_bytes()
    data = yaml.safe_load(raw)
    path = tmp_path / "fuzz.yaml"
    with_problems = 0
    for number in range(2 * PROFILE_CASES):
        if number % 2:
            path.write_bytes(mutate_bytes(raw, rng))
        else:
            path.write_text(yaml.safe_dump(mutate_data(data, rng), allow_unicode=True), encoding="utf-8")
        loaded = LoadedProfiles()
        load_file(path, loaded)  # raises nothing: every problem is recorded, naming the file
        assert all(p.file == str(path) for p in loaded.problems)
        with_problems += bool(loaded.problems)
    assert with_problems > PROFILE_CASES // 2
