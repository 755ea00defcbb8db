"""YAML reading refuses duplicate keys (PyYAML would keep the last silently); atomic writes keep the
permissions a file had, and give new files the usual ones."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from cache_support import RULES

from armybuilder.cli import main
from armybuilder.data.listfile import load_list, save_list
from armybuilder.data.problems import DataError
from armybuilder.data.profiles_yaml import load_profiles
from armybuilder.data.yamlio import SafeLoader, atomic_write_bytes, atomic_write_text, parse_yaml
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.i18n import catalog_dir

# ----- 9. duplicate keys ---------------------------------------------------------------------------


def test_a_duplicate_key_is_an_error_with_its_line() -> None:
    data, problems = parse_yaml("a: 1\nb:\n  c: 2\n  d: 3\n  c: 4\n", "x.yaml")
    assert data is None
    assert [(p.file, p.line, p.column) for p in problems] == [("x.yaml", 5, 3)]
    assert problems[0].message == "the key 'c' is given twice in one mapping (first on line 3); keep one"


def test_equal_keys_in_different_mappings_and_merges_are_fine() -> None:
    data, problems = parse_yaml("a: {x: 1}\nb: {x: 2}\nbase: &b {y: 1}\nc:\n  <<: *b\n  y: 2\n", "x.yaml")
    assert not problems and data["c"] == {"y": 2} and data["a"] == {"x": 1}


def test_the_loader_is_still_the_c_one_when_available() -> None:
    if hasattr(yaml, "CSafeLoader"):
        assert issubclass(SafeLoader, yaml.CSafeLoader)


def test_a_profile_option_with_points_twice_fails_profiles_check(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = (RULES / "army.yaml").read_text(encoding="utf-8")
    before = "{id: 1, name: LINE, points: 10, "
    assert before in text
    (tmp_path / "army.yaml").write_text(text.replace(before, "{id: 1, name: LINE, points: 10, points: 999, "),
                                        encoding="utf-8")
    loaded = load_profiles([tmp_path / "army.yaml"])
    assert 950 not in loaded.armies
    [problem] = loaded.errors
    assert problem.line is not None and "the key 'points' is given twice" in problem.message
    assert main(["profiles", "check", str(tmp_path)]) == 1
    assert f"army.yaml:{problem.line}:" in capsys.readouterr().out


def test_a_list_file_with_points_twice_is_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.yaml"
    save_list(path, ArmyList(name="Twice", army=ArmyRef(origin="bundled", id=950), pack="n5", points=300))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("points: 300\n", "points: 300\npoints: 400\n"), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_list(path)
    assert "the key 'points' is given twice" in str(caught.value) and str(path) in str(caught.value)
    assert main(["validate", str(path), "--profiles", str(RULES)]) == 2
    assert "UNREADABLE" in capsys.readouterr().out


def test_the_translation_catalogs_have_no_duplicate_keys() -> None:
    for path in sorted(catalog_dir("es").glob("*.yaml")):
        _, problems = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        assert not problems, problems


# ----- 10. atomic writes keep permissions ---------------------------------------------------------

@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_new_file_gets_the_usual_permissions(tmp_path: Path, umask_022: None) -> None:
    atomic_write_text(tmp_path / "new.yaml", "a: 1\n")
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == 0o644
    os.umask(0o077)
    atomic_write_bytes(tmp_path / "private.pdf", b"%PDF")
    assert stat.S_IMODE((tmp_path / "private.pdf").stat().st_mode) == 0o600


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_replaced_file_keeps_its_permissions(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "list.yaml"
    army_list = ArmyList(name="Mode", army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    save_list(path, army_list)
    path.chmod(0o664)
    save_list(path, army_list.model_copy(update={"name": "Mode 2"}))
    assert stat.S_IMODE(path.stat().st_mode) == 0o664 and "Mode 2" in path.read_text(encoding="utf-8")
    path.chmod(0o600)
    atomic_write_text(path, "x")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["list.yaml"]  # no temporary file left behind


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "keep.txt"
    atomic_write_text(path, "old")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        atomic_write_text(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
