"""Damaged or missing data never crashes a command and is always said: unreadable cache files,
broken --profiles folders, a damaged index, an army the data does not hold."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cache_support import RULES, imported_list, write_small_cache

from armybuilder.cli import main
from armybuilder.data.cache import INDEX, ImportedSource, attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import save_list
from armybuilder.data.problems import DataError
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.paths import bundled_profiles_dir


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    folder = tmp_path / "imported"
    write_small_cache(folder)
    return folder


def _make_pack_unreadable(cache: Path) -> Path:
    """Replace the pack by a folder: opening it fails with an OSError other than 'not found' (this works
    for root too, whom chmod 000 would not stop)."""
    pack = next(cache.glob("pack-*.bin"))
    pack.unlink()
    pack.mkdir()
    return pack


# ----- 1. an unreadable cache pack ------------------------------------------------------------

def test_an_unreadable_pack_is_a_data_error_naming_the_pack(cache: Path) -> None:
    source = ImportedSource.open(cache)
    assert source is not None
    pack = _make_pack_unreadable(cache)
    with pytest.raises(DataError) as caught:
        source.load(950)
    assert str(pack) in str(caught.value) and "cannot be read" in str(caught.value)


def test_an_unreadable_pack_makes_validate_say_so_not_crash(cache: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    listfile = imported_list(tmp_path / "list.yaml")
    assert main(["validate", str(listfile), "--data", str(cache)]) == 0
    capsys.readouterr()
    pack = _make_pack_unreadable(cache)
    code, out, err = run(capsys, "validate", str(listfile), "--data", str(cache))
    assert code == 2 and "UNREADABLE" in out and str(pack) in out and "cannot be read" in out
    assert "Traceback" not in out + err


def test_an_unreadable_index_is_reported(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (cache / INDEX).unlink()
    (cache / INDEX).mkdir()
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    assert attach_imported(catalog, cache) is None
    assert any(str(cache / INDEX) in str(p) and "cannot be read" in str(p) for p in catalog.problems)


# ----- 4. the catalog's problems are shown, and a list's missing army is explained -----------

def test_a_missing_profiles_folder_is_an_unusable_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listfile = imported_list(tmp_path / "list.yaml")
    for command in (["validate", str(listfile)], ["fireteams", str(listfile)],
                    ["export", str(listfile), "--text", str(tmp_path / "out.txt")], ["data", "list"]):
        code, _, err = run(capsys, *command, "--profiles", str(tmp_path / "nonexistent"))
        assert code == 2, command
        assert f"--profiles {tmp_path / 'nonexistent'}: no such file or folder" in err, command
    code, _out, err = run(capsys, "validate", str(listfile), "--data", str(tmp_path / "nowhere"))
    assert code == 2 and "--data" in err and "no such folder" in err


def test_a_broken_profiles_file_is_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken-profiles"
    broken.mkdir()
    (broken / "x.yaml").write_text("format: armybuilder-army/1\nunits: [\n", encoding="utf-8")
    shutil.copy(RULES / "army.yaml", broken / "army.yaml")
    listfile = tmp_path / "list.yaml"
    army_list = ArmyList(name="Bundled", army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    army_list, _ = army_list.with_trooper(1, 1, 1, 3)
    save_list(listfile, army_list)
    for command in (["validate", str(listfile)], ["fireteams", str(listfile)],
                    ["code", "encode", str(listfile)]):
        code, _out, err = run(capsys, *command, "--profiles", str(broken))
        assert f"{broken / 'x.yaml'}:" in err and "YAML syntax error" in err, command
        assert code == 0, command  # the army the list needs loaded: the list itself is fine


def test_a_damaged_index_is_named_with_what_to_do(cache: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    listfile = imported_list(tmp_path / "list.yaml")
    (cache / INDEX).write_text('{"format": "armybuilder-imported/1", "pack": 3', encoding="utf-8")
    code, out, err = run(capsys, "validate", str(listfile), "--data", str(cache))
    assert code == 2
    assert f"{cache / INDEX}: damaged index" in err  # the damage, once, on stderr
    line = next(line for line in out.splitlines() if "UNREADABLE" in line)
    assert "army 950 (Test Sectorial) needs the imported official data, which cannot be used: damaged index" in line
    assert "armybuilder data import" in line


def test_nothing_imported_yet_says_to_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listfile = imported_list(tmp_path / "list.yaml")
    code, out, _ = run(capsys, "validate", str(listfile))
    assert code == 2
    assert "army 950 (Test Sectorial) needs the imported official data, and none is imported yet" in out
    assert "armybuilder data import" in out


def test_an_army_missing_from_the_imported_data_is_named(cache: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    listfile = imported_list(tmp_path / "list.yaml", army_id=9999, name="Unknown army")
    code, out, _ = run(capsys, "validate", str(listfile), "--data", str(cache))
    assert code == 2
    assert "army 9999 (Test Sectorial) is not in your imported data; import the official data again " \
           "(armybuilder data import)" in out


def test_code_decode_says_when_it_falls_back_to_the_bundled_army(cache: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    listfile = tmp_path / "list.yaml"
    army_list = ArmyList(name="Bundled", army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    army_list, _ = army_list.with_trooper(1, 1, 1, 3)
    save_list(listfile, army_list)
    code, out, _ = run(capsys, "code", "encode", str(listfile), "--profiles", str(RULES))
    assert code == 0
    army_code = out.strip()
    (cache / INDEX).write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, "code", "decode", army_code, "--profiles", str(RULES), "--data", str(cache))
    assert code == 0 and "[bundled profiles]" in out
    assert f"{cache / INDEX}: damaged index" in err
    assert "the imported official data cannot be used" in err and "read with the bundled profiles" in err
