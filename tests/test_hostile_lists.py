"""The hostile corpus of list and profile files: each refused or warned about as it says, never a
traceback, a hang or an unbounded use of memory (#19; the corpus: tests/hostile_corpus.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_corpus import HOSTILE, Case, list_cases, profile_cases, write_small, write_special

from armybuilder.data.listfile import load_list
from armybuilder.data.problems import DataError
from armybuilder.data.profiles_yaml import LoadedProfiles, load_profiles
from armybuilder.paths import bundled_profiles_dir


@pytest.fixture(scope="module")
def bundled() -> LoadedProfiles:
    loaded = load_profiles([bundled_profiles_dir()])
    assert not loaded.problems
    return loaded


def check_list(path: Path, case: Case) -> None:
    if case.outcome == "refused":
        with pytest.raises(DataError) as caught:
            load_list(path)
        assert case.expect in str(caught.value), str(caught.value)
        assert all(p.file == str(path) for p in caught.value.problems)
        return
    loaded = load_list(path)
    warnings = [str(p) for p in loaded.problems]
    if case.outcome == "warned":
        assert any(case.expect in w for w in warnings), warnings
    else:
        assert not warnings, warnings


@pytest.mark.parametrize("case", list_cases(), ids=lambda c: c.name)
def test_hostile_list_file(case: Case) -> None:
    check_list(HOSTILE / "lists" / case.name, case)


@pytest.mark.parametrize("case", profile_cases(), ids=lambda c: c.name)
def test_hostile_profile_file(bundled: LoadedProfiles, case: Case) -> None:
    # read after the bundled profiles, as `--profiles` does: nothing of it is used, everything is said
    loaded = load_profiles([bundled_profiles_dir(), HOSTILE / "profiles" / case.name])
    assert loaded.armies.keys() == bundled.armies.keys() and loaded.packs == bundled.packs
    text = "\n".join(str(p) for p in loaded.problems)
    assert case.expect in text and str(HOSTILE / "profiles" / case.name) in text, text


def test_special_list_files(tmp_path: Path) -> None:
    for case in write_special(tmp_path):
        check_list(Path(case.name), case)


def test_the_kept_corpus_matches_its_script(tmp_path: Path) -> None:
    for made in write_small(tmp_path):
        kept = HOSTILE / made.relative_to(tmp_path)
        assert kept.read_bytes() == made.read_bytes(), f"{kept}: run `python tests/hostile_corpus.py`"
