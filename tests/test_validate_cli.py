"""`armybuilder validate`: human and JSON output, exit codes, several files, entries, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.cli import main
from armybuilder.data.listfile import save_list
from armybuilder.domain import ArmyList, ArmyRef

DATA = Path(__file__).parent / "data" / "rules"


def legal_list() -> ArmyList:
    army_list = ArmyList(name="Test list", army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    for option in (3, 1, 1):
        army_list, _ = army_list.with_trooper(1, 1, 1, option)
    return army_list


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    legal = tmp_path / "legal.yaml"
    save_list(legal, legal_list())
    illegal = tmp_path / "illegal.yaml"
    save_list(illegal, legal_list().model_copy(update={"points": 20}))
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: armybuilder-list/1\narmy: [", encoding="utf-8")
    return {"legal": legal, "illegal": illegal, "broken": broken}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["validate", "--profiles", str(DATA), *args])
    return code, capsys.readouterr().out


def test_legal_list(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out = run(capsys, str(files["legal"]))
    assert code == 0 and "LEGAL" in out and "30/300 points" in out


def test_illegal_list_json(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out = run(capsys, str(files["illegal"]), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False and data["army"]["id"] == 950
    assert data["totals"]["points"] == 30 and data["totals"]["points_limit"] == 20
    assert [v["code"] for v in data["violations"]] == ["points.over_limit"]
    assert data["violations"][0]["troopers"] and data["violations"][0]["severity"] == "error"


def test_settings_override(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out = run(capsys, str(files["illegal"]), "--points", "300")
    assert code == 0
    code, out = run(capsys, str(files["legal"]), "--pack", "its-s9", "--tier", "low", "--json")
    assert code == 0 and json.loads(out)["totals"]["points_limit"] == 200


def test_unreadable_file_exit_2(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out = run(capsys, str(files["broken"]))
    assert code == 2 and "UNREADABLE" in out and "broken.yaml" in out


def test_several_files_summary(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out = run(capsys, str(files["legal"]), str(files["illegal"]), str(files["broken"]))
    assert code == 2
    assert "3 lists: 1 legal, 1 illegal, 1 unreadable" in out


def test_entry_of_two_lists(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out = run(capsys, str(files["legal"]), str(files["legal"]), "--entry", "--json")
    assert code == 0 and json.loads(out)["summary"]["legal"] == 2


def test_spanish_output(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code = main(["--lang", "es", "validate", "--profiles", str(DATA), str(files["illegal"])])
    out = capsys.readouterr().out
    assert code == 1 and "NO LEGAL" in out and "por encima del límite" in out
