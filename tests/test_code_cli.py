"""`armybuilder code decode|encode` through the real entry point."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from armycode_support import MORAT_REINFORCEMENTS_CODE, real, write_synthetic

from armybuilder.cli import main
from armybuilder.data.armycode import decode
from armybuilder.data.listfile import save_list
from armybuilder.domain.lists import ArmyList, ArmyRef


@pytest.fixture
def profiles(tmp_path: Path) -> Path:
    return write_synthetic(tmp_path / "profiles")


def test_decode_prints_army_groups_and_troopers(profiles: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["code", "decode", MORAT_REINFORCEMENTS_CODE, "--profiles", str(profiles)]) == 0
    out, err = capsys.readouterr()
    assert "Army: Synthetic Morat (test-1)" in out
    assert "Points limit: 300" in out
    assert "Combat group 1" in out and "Reinforcements (combat group 3)" in out
    assert "Unit A — Unit A Rifle  20 pts, 0.5 SWC  [1572-1-1]" in out
    assert "Reinf C — Reinf C  12 pts, 0 SWC  [1615-1-1]" in out
    assert "[492-1-11] unknown trooper (unit 492 is not in Synthetic Morat)" in out
    assert "Total: 63 points, 2 SWC (without 6 unknown troopers)" in out
    assert "492" not in err  # shown in place, not repeated


def test_decode_json(profiles: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["code", "decode", MORAT_REINFORCEMENTS_CODE, "--profiles", str(profiles), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["army"] == {"id": 602, "slug": "morat", "name": "Synthetic Morat", "origin": "bundled",
                            "version": "test-1"}
    assert data["points_limit"] == 300 and data["framing"] == "flagged" and data["member_form"] == "short"
    assert [(g["number"], g["reinforcement"], len(g["troopers"])) for g in data["groups"]] == [
        (1, False, 3), (2, False, 1), (3, True, 3), (4, True, 2)]
    first = data["groups"][0]["troopers"][0]
    assert first == {"uid": "t1", "unit": 1572, "group": 1, "option": 1, "lead": 0, "unit_name": "Unit A",
                     "option_name": "Unit A Rifle", "points": 20, "swc": "0.5", "lieutenant": False, "weapons": []}
    assert data["reading"]["leads"] == "zeros" and data["reading"]["decided_by"] == "only"
    assert "unknown" in data["groups"][0]["troopers"][2]
    assert data["total_points"] == 63 and data["total_swc"] == "2"
    assert any(p["where"] == "t3" for p in data["problems"])


def test_decode_an_army_that_is_not_in_the_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["code", "decode", real(name="JoNiRo-Dichord!")["code"]]) == 0
    out, err = capsys.readouterr()
    assert "army 503 (bakunin), not in your data" in out
    assert "[1071-1-1] unknown trooper" in out
    assert "comes from the official Infinity Army builder" in err
    assert "`armybuilder data import`" in err and "File → Import Infinity Army data…" in err


def test_decode_reads_standard_input(profiles: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(f"https://infinityuniverse.com/army/list/{MORAT_REINFORCEMENTS_CODE}\n"))
    assert main(["code", "decode", "-", "--profiles", str(profiles)]) == 0
    assert "Synthetic Morat" in capsys.readouterr().out


@pytest.mark.parametrize("garbage", ["not a code!", "gfUGbm9tYWRzASCBLAEBAQACAIbiAQEAAIGe", "%%%", " "])
def test_decode_garbage_exits_2_with_a_message(garbage: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["code", "decode", garbage]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("army code:") and "Traceback" not in err


def test_messages_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "code", "decode", "gfUGbm9tYWRzASCBLAEBAQACAIbiAQEAAIGe"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("código de ejército:") and "tropas" in err


def write_list(folder: Path, army_list: ArmyList) -> Path:
    path = folder / "list.yaml"
    save_list(path, army_list)
    return path


def test_encode_prints_a_code_that_decodes_to_the_list(tmp_path: Path, profiles: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    army_list = ArmyList(name="Cobra", army=ArmyRef(origin="bundled", id=602, slug="morat"), points=200)
    army_list, _ = army_list.with_trooper(1, 1572, 1, 2)
    army_list, number = army_list.with_group(reinforcement=True)
    army_list, _ = army_list.with_trooper(number, 1615, 1, 1)
    path = write_list(tmp_path, army_list)
    assert main(["code", "encode", str(path), "--profiles", str(profiles)]) == 0
    out, err = capsys.readouterr()
    code = decode(out.strip())
    assert (code.army, code.slug, code.name, code.points) == (602, "morat", "Cobra", 200)
    assert [(g.number, g.reinforcement, [(m.unit, m.group, m.option) for m in g.members]) for g in code.groups] == [
        (1, False, [(1572, 1, 2)]), (2, True, [(1615, 1, 1)])]
    assert "bundled profiles" in err  # warned: the official builder may not know bundled ids

    assert main(["code", "encode", str(path), "--points", "150", "--link"]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("https://infinityuniverse.com/army/list/") and decode(link).points == 150


def test_encode_uses_the_edition_default_without_points(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_list(tmp_path, ArmyList(army=ArmyRef(id=602, slug="morat")))
    assert main(["code", "encode", str(path)]) == 0
    assert decode(capsys.readouterr().out.strip()).points == 300


def test_encode_an_unreadable_list_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: [unclosed", encoding="utf-8")
    assert main(["code", "encode", str(broken)]) == 2
    assert main(["code", "encode", str(tmp_path / "missing.yaml")]) == 2
    err = capsys.readouterr().err
    assert "broken.yaml" in err and "missing.yaml" in err and "Traceback" not in err


def test_decode_with_the_official_data(imported_data, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    """Real names and costs from the imported official data (the session's import, via --data)."""
    code = real(name="Benchmark PanO")["code"]
    assert main(["code", "decode", code, "--json", "--data", str(imported_data.data_dir)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["army"]["name"] == "PanOceania" and data["army"]["origin"] == "imported"
    names = [t["unit_name"] for t in data["groups"][0]["troopers"]]
    assert names == ["FUSILIERS", "SWISS GUARD", "Black A.I.R."]
    assert data["total_points"] > 0
