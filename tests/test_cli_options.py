"""Option values the commands cannot use are refused with a clear message and exit code 2, never a
traceback; unwritable outputs likewise. Exit codes follow docs/cli.md: 2 unreadable input or option."""

from __future__ import annotations

from pathlib import Path

import pytest
from cache_support import RULES

from armybuilder.cli import main
from armybuilder.data.listfile import save_list
from armybuilder.domain import ArmyList, ArmyRef


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse refuses the option
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def listfile(tmp_path: Path) -> Path:
    army_list = ArmyList(name="Small", army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    for option in (3, 1):
        army_list, _ = army_list.with_trooper(1, 1, 1, option)
    path = tmp_path / "list.yaml"
    save_list(path, army_list)
    return path


# ----- 2. data import --timeout / --retries ------------------------------------------------------

@pytest.mark.parametrize(("option", "value", "expected"), [
    ("--timeout", "-1", "must be a number of seconds above 0 (got -1)"),
    ("--timeout", "0", "must be a number of seconds above 0 (got 0)"),
    ("--timeout", "nan", "must be a number of seconds above 0 (got nan)"),
    ("--timeout", "inf", "must be a number of seconds above 0 (got inf)"),
    ("--timeout", "soon", "'soon' is not a number of seconds"),
    ("--retries", "-3", "must be 0 or more (got -3)"),
    ("--retries", "two", "'two' is not a whole number"),
])
def test_import_network_options_are_checked(capsys: pytest.CaptureFixture[str], option: str, value: str,
                                            expected: str) -> None:
    code, _out, err = run(capsys, "data", "import", "--url", "http://127.0.0.1:9", option, value)
    assert code == 2
    assert f"argument {option}: {expected}" in err and "Traceback" not in err


# ----- 3. profiles schema -o where nothing can be written -----------------------------------------

def test_schema_into_a_folder_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "profiles", "schema", "-o", str(tmp_path))
    assert code == 2 and f"cannot write {tmp_path}: it is a folder; give a file name" in err
    assert not list(tmp_path.glob(".*.tmp"))


def test_schema_into_an_unwritable_place_is_refused_clearly(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    target = blocker / "schema.json"  # its folder is a file: nothing can be created there
    code, _out, err = run(capsys, "profiles", "schema", "-o", str(target))
    assert code == 2 and f"cannot write {target}:" in err and "Traceback" not in err


def test_schema_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "profiles", "schema", "-o", str(tmp_path / "schema.json"))
    assert code == 0 and '"$schema"' in (tmp_path / "schema.json").read_text(encoding="utf-8")


# ----- 5. points limits -----------------------------------------------------------------------------

@pytest.mark.parametrize("points", ["0", "-100"])
def test_validate_refuses_a_points_limit_that_is_not_positive(listfile: Path, points: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", str(listfile), "--profiles", str(RULES), "--points", points)
    assert code == 2 and f"argument --points: must be more than 0 (got {points})" in err
    assert "points ·" not in out


def test_validate_points_override_is_used(listfile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(listfile), "--profiles", str(RULES), "--points", "15")
    assert code == 1 and "20/15 points" in out


def test_code_encode_refuses_a_points_limit_that_is_not_positive(listfile: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "code", "encode", str(listfile), "--profiles", str(RULES), "--points", "-5")
    assert code == 2 and "argument --points: must be more than 0 (got -5)" in err
    assert "no points limit" not in err and not out


# ----- 7. exit codes: 2 for input that cannot be read -------------------------------------------

def test_profiles_check_of_a_missing_path_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "check", str(tmp_path / "nope"))
    assert code == 2 and f"{tmp_path / 'nope'}: no such file or folder" in out


def test_profiles_check_of_a_broken_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.yaml").write_text("format: armybuilder-army/1\nid: x\n", encoding="utf-8")
    code, out, _ = run(capsys, "profiles", "check", str(tmp_path))
    assert code == 1 and "3 errors" in out and "id: expected a whole number (got 'x')" in out


def test_data_import_of_a_missing_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "data", "import", str(tmp_path / "nope"))
    assert code == 2 and out.count("nothing was imported") == 1
