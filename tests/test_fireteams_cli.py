"""`armybuilder fireteams`: declared teams, suggestions and possible teams; JSON; exit codes; bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.cli import main
from armybuilder.data.armycode_lists import encode_list
from armybuilder.data.listfile import save_list
from tests.test_fireteams import HARIS, NISSES_TEAM, base

DATA = Path(__file__).parent / "data" / "fireteams"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["fireteams", "--profiles", str(DATA), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def legal_file(tmp_path: Path) -> Path:
    path = tmp_path / "legal.yaml"
    save_list(path, base().army_list)
    return path


@pytest.fixture
def illegal_file(tmp_path: Path) -> Path:
    path = tmp_path / "illegal.yaml"
    save_list(path, base().team("f2", HARIS, NISSES_TEAM, "nisse1", "nisse2", "machinist").army_list)
    return path


def test_text_output(capsys: pytest.CaptureFixture[str], legal_file: Path) -> None:
    code, out, _ = run(capsys, str(legal_file))
    assert code == 0
    assert "✓ Fusiliers Fireteam (Core), Combat Group 1 — LEGAL, level 4" in out
    assert "Kyle Hawkins as (Fusiliers)" in out
    assert "bonuses: Fireteam members are activated with a single Regular Order; BS Attack (+1 SD)" in out
    assert "Level 4: 4 of 4 count as Fusiliers (3 Fusiliers · Kyle Hawkins as (Fusiliers)); a fifth would give " \
           "Sixth Sense." in out
    assert "Suggestions:\n  · Add Blade-Ops (BLADE FTO)" in out
    assert "Fireteams this list could form:" in out


def test_illegal_team_exit_code_and_json(capsys: pytest.CaptureFixture[str], illegal_file: Path) -> None:
    code, out, _ = run(capsys, str(illegal_file), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False and data["army"]["id"] == 960
    nisses = next(f for f in data["fireteams"] if f["uid"] == "f2")
    assert nisses["legal"] is False and nisses["bonuses"] == [] and nisses["level"] == 2
    assert [v["code"] for v in nisses["violations"]] == ["fireteam.wildcards_forbidden"]
    assert {"combat_group", "team", "type", "level", "members", "bonuses", "explanation"} <= set(data["possible"][0])
    assert all(s["after"]["legal"] for s in data["suggestions"])


def test_spanish(capsys: pytest.CaptureFixture[str], legal_file: Path) -> None:
    code = main(["--lang", "es", "fireteams", "--profiles", str(DATA), str(legal_file)])
    out = capsys.readouterr().out
    assert code == 0 and "LEGAL, nivel 4" in out and "Sexto Sentido" in out and "Sugerencias:" in out


def test_needs_a_list_or_a_code(capsys: pytest.CaptureFixture[str], legal_file: Path) -> None:
    code, _, err = run(capsys)
    assert code == 2 and "LISTFILE" in err
    code, _, err = run(capsys, str(legal_file), "--code", "abc")
    assert code == 2


def test_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: armybuilder-list/1\narmy: [", encoding="utf-8")
    code, out, err = run(capsys, str(broken))
    assert code == 2 and str(broken) in err and "Traceback" not in err + out
    code, _, err = run(capsys, str(tmp_path / "missing.yaml"))
    assert code == 2 and "file not found" in err


def test_garbage_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--code", "!!!not a code!!!")
    assert code == 2 and err.strip() and "Traceback" not in err + out


def test_army_code(capsys: pytest.CaptureFixture[str]) -> None:
    """A code carries no fireteams: the command shows the teams its troopers could form."""
    code_text = encode_list(base().army_list, 400)
    code, out, err = run(capsys, "--code", code_text)
    assert code == 0, err
    assert "No fireteams declared." in out
    assert "Combat Group 1: Fusiliers Fireteam (Core) with" in out and "— level 5" in out


def test_a_team_declared_as_it_is_is_not_proposed_again(capsys: pytest.CaptureFixture[str], legal_file: Path) -> None:
    """The command proposes what the app's Fireteams panel proposes (`finder.undeclared_fireteams`): the
    declared Nisses Duo and WinterFor Alpha Haris are not listed again under what the list could form."""
    _, out, _ = run(capsys, str(legal_file))
    proposed = out.split("Fireteams this list could form:", 1)[1]
    assert "✓ Nisses Fireteam (Duo), Combat Group 2" in out and "Nisses Fireteam (Duo) with" not in proposed
    assert "WinterFor Alpha Fireteam (Haris) with" not in proposed
    assert "WinterFor Alpha Fireteam (Duo) with" in proposed  # the same troopers in another type: still offered
    _, text, _ = run(capsys, str(legal_file), "--json")
    data = json.loads(text)
    declared = {(f["type"], f["team"], frozenset(m["uid"] for m in f["members"])) for f in data["fireteams"]}
    assert all((p["type"], p["team"], frozenset(p["members"])) not in declared for p in data["possible"])
