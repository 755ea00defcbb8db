"""The shared command line on the point-buy game's files: profiles check, validate (text and --json), schema."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from armybuilder.cli import main
from armybuilder.paths import bundled_profiles_dir

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "pointbuy" / "swamp-host-600.yaml"
FACTIONS = bundled_profiles_dir() / "pointbuy"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_profiles_check_of_the_bundled_profiles_covers_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "check")
    assert code == 0, out
    assert "armies" in out and "Point-buy wargame: 2 design databases, 16 designs; 0 errors, 0 warnings" in out


def test_profiles_check_of_a_point_buy_folder_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "check", str(FACTIONS))
    assert code == 0 and "armies" not in out and "2 design databases" in out


def test_profiles_list_names_the_design_databases_beside_the_armies(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "list")
    assert code == 0
    lines = out.splitlines()
    swamp = next(line for line in lines if "Swamp Host" in line)
    assert swamp.startswith("designs  Swamp Host  ") and "swamp-host.yaml" in swamp
    assert any(" units, " in line for line in lines)  # Infinity's armies are still listed
    code, out, _ = run(capsys, "--lang", "es", "profiles", "list", str(FACTIONS))
    assert code == 0 and "diseños" in out and "armies" not in out


def test_profiles_list_of_a_broken_database_says_why_and_fails(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.yaml").write_text("format: armybuilder-pointbuy-designs/1\nname: [\n", encoding="utf-8")
    code, out, err = run(capsys, "profiles", "list", str(tmp_path))
    assert code == 1 and "bad.yaml" in err and "YAML" in err
    assert "(unreadable)" in out


def test_profiles_check_reports_a_broken_design(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.yaml").write_text("format: armybuilder-pointbuy-designs/1\nname: Bad\ndesigns:\n"
                                       "  - id: tree\n    name: Tree\n    race: arboreal\n    hits: 3\n"
                                       "    saves: 2\n    base: {width: 2}\n", encoding="utf-8")
    code, out, _ = run(capsys, "profiles", "check", str(tmp_path))
    assert code == 1
    assert "bad.yaml:7:" in out and "[design.arboreal.hits_saves]" in out and "[design.arboreal.base]" in out
    assert "1 design database, 1 design; 2 errors" in out


def test_validate_the_example_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(EXAMPLE))
    assert code == 0, out
    assert "562/600 points · 3/4 units (+1 Grid) · 1/2 independent characters · 27 models" in out
    assert "Croc Brute: 5 base (mobile) + 25 for 3 more hits" in out and out.rstrip().endswith("LEGAL")


def test_validate_json_reports_each_model_cost_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "--json", str(EXAMPLE))
    data = json.loads(out)
    assert code == 0 and data["game"] == "pointbuy" and data["legal"]
    costs = {d["id"]: d for d in data["designs"]}
    assert costs["croc-brute"]["cost"] == 32 and costs["croc-brute"]["factors"] == [{"factor": "1/2",
                                                                                    "for": "Mindless"}]
    assert costs["spitter"]["breakdown"] == ("5 base (mobile) + 10 for 2 Point Blank dice − 5 the free save taken "
                                             "as a Point Blank die = 10")
    assert sum(u["points"] for u in data["units"]) + sum(c["points"] for c in data["characters"]) == 562


def test_validate_points_override_and_an_illegal_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(EXAMPLE), "--points", "300")
    assert code == 1 and "[army.points.over] The army costs 562 points: 262 over the agreed 300." in out
    assert "[army.units.too_many]" in out and "NOT LEGAL" in out


def test_validate_mixes_games_in_one_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    infinity = ROOT / "examples" / "icestorm-nomads.yaml"
    code, out, _ = run(capsys, "validate", "--json", str(EXAMPLE), str(infinity))
    data = json.loads(out)
    assert code == 0 and data["summary"] == {"lists": 2, "legal": 2, "illegal": 0, "unreadable": 0}
    assert data["lists"][0]["game"] == "pointbuy" and "army" in data["lists"][1]


def test_validate_an_unreadable_point_buy_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: armybuilder-pointbuy-list/1\npoints: lots\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(broken))
    assert code == 2 and f"{broken}: UNREADABLE" in out and "points: expected a whole number" in out


def test_a_changed_cost_is_a_warning_in_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "army.yaml"
    copy.write_text(EXAMPLE.read_text(encoding="utf-8").replace("cost: 32", "cost: 30"), encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(copy))
    assert code == 0 and "! [data.changed] " in out and "saved at 30 points but costs 32" in out


def test_schema_of_the_point_buy_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "schema", "--game", "pointbuy")
    assert code == 0 and "armybuilder-pointbuy-designs/1" in json.loads(out)["$defs"]["DesignsFile"]["properties"][
        "format"]["const"]
    code, _, err = run(capsys, "profiles", "schema", "--game", "chess")
    assert code == 2 and "unknown game" in err


def test_spanish_validate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "es", "validate", str(EXAMPLE), "--points", "300")
    assert code == 1 and "El ejército cuesta 562 puntos" in out and "Descerebrado" in out


def test_the_example_folder_copied_elsewhere_still_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(FACTIONS, tmp_path / "factions")
    code, out, _ = run(capsys, "profiles", "check", str(tmp_path / "factions"))
    assert code == 0 and "16 designs" in out


def test_export_writes_the_pdf_and_the_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf, text = tmp_path / "army.pdf", tmp_path / "army.txt"
    code, _, err = run(capsys, "export", str(EXAMPLE), "--full", str(pdf), "--text", str(text), "--lang", "es")
    assert code == 0, err
    assert pdf.read_bytes().startswith(b"%PDF") and "Escuadra · 12 miniaturas" in text.read_text(encoding="utf-8")


def test_export_of_an_illegal_list_needs_allow_illegal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    small = tmp_path / "small.yaml"
    small.write_text(EXAMPLE.read_text(encoding="utf-8").replace("points: 600", "points: 300"), encoding="utf-8")
    out = tmp_path / "small.txt"
    code, _, err = run(capsys, "export", str(small), "--text", str(out))
    assert code == 1 and "NOT LEGAL — not exported" in err and "[army.points.over]" in err and not out.exists()
    code, _, _ = run(capsys, "export", str(small), "--text", str(out), "--allow-illegal")
    assert code == 0 and "NOT LEGAL" in out.read_text(encoding="utf-8")
