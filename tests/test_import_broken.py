"""Broken input: each problem is explained (file and element), what can be imported is, the cache
stays consistent. Works on small copies of the official data in tmp_path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from import_helpers import SMALL_SET, edit_json, make_data_folder

from armybuilder.data.cache import ImportedSource
from armybuilder.data.importer import ImportReport, import_folder
from armybuilder.data.official_json import ImportFileError, parse_json

pytestmark = pytest.mark.shared


@pytest.fixture
def folder(official_data: Path, tmp_path: Path) -> Path:
    return make_data_folder(official_data, tmp_path / "n5")


def run(folder: Path, tmp_path: Path) -> ImportReport:
    return import_folder(folder, tmp_path / "cache")


def status(report: ImportReport, slug: str) -> str:
    return next(a.status for a in report.armies if a.slug == slug)


def messages(report: ImportReport) -> str:
    return "\n".join(str(i) for i in report.all_issues)


def test_the_small_copy_imports_cleanly(folder: Path, tmp_path: Path) -> None:
    report = run(folder, tmp_path)
    assert report.ok and report.written, messages(report)
    assert sorted(a.slug for a in report.armies) == sorted(SMALL_SET)


def test_missing_folder(tmp_path: Path) -> None:
    report = run(tmp_path / "nowhere", tmp_path)
    assert report.fatal is not None and "no such folder" in str(report.fatal)
    assert str(tmp_path / "nowhere") in str(report.fatal)
    assert not (tmp_path / "cache").exists()


def test_path_is_a_file(folder: Path, tmp_path: Path) -> None:
    report = run(folder / "army.json", tmp_path)
    assert report.fatal is not None and "not a folder" in report.fatal.message


def test_missing_army_json(folder: Path, tmp_path: Path) -> None:
    (folder / "army.json").unlink()
    report = run(folder, tmp_path)
    assert report.fatal is not None
    assert report.fatal.file.endswith("army.json") and "missing" in report.fatal.message


def test_army_json_without_factions(folder: Path, tmp_path: Path) -> None:
    edit_json(folder / "army.json", lambda data: data.pop("factions"))
    report = run(folder, tmp_path)
    assert report.fatal is not None and report.fatal.file == "army.json" and "factions" in report.fatal.message


def test_truncated_file(folder: Path, tmp_path: Path) -> None:
    path = folder / "svalarheima-s-winter-force.json"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    report = run(folder, tmp_path)
    assert status(report, "svalarheima-s-winter-force") == "failed"
    issue = next(i for i in report.all_errors if i.file == path.name)
    assert "truncated" in issue.message and "line" in issue.message
    assert status(report, "panoceania") == "imported" and status(report, "code-capital") == "imported"
    source = ImportedSource.open(tmp_path / "cache")
    assert source is not None and sorted(s.id for s in source.summaries()) == [101, 199]
    assert source.load(199).kind == "reinforcements"


def test_file_that_is_not_json(folder: Path, tmp_path: Path) -> None:
    (folder / "code-capital.json").write_text("<html><body>502 Bad Gateway</body></html>", encoding="utf-8")
    report = run(folder, tmp_path)
    issue = next(i for i in report.all_errors if i.file == "code-capital.json")
    assert "is not JSON" in issue.message and "<html>" in issue.message
    assert status(report, "code-capital") == "failed" and status(report, "panoceania") == "imported"


@pytest.mark.parametrize("content, expected", [
    (b"", "empty"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b'{"version": "1", "units": [}', "not valid JSON"),
    (b"[1, 2, 3]", "expected a JSON object"),
    (b'{"version": "1"}', "no `units` list"),
])
def test_other_unreadable_files(folder: Path, tmp_path: Path, content: bytes, expected: str) -> None:
    (folder / "code-capital.json").write_bytes(content)
    report = run(folder, tmp_path)
    issue = next(i for i in report.all_errors if i.file == "code-capital.json")
    assert expected in issue.message
    assert status(report, "panoceania") == "imported"


def test_parse_json_names_the_file() -> None:
    with pytest.raises(ImportFileError) as caught:
        parse_json(b'{"a": [1, 2', "x.json")
    assert str(caught.value).startswith("x.json: ") and "truncated" in str(caught.value)


def test_unknown_ids_are_reported_with_file_unit_and_element(folder: Path, tmp_path: Path) -> None:
    def break_ids(data: dict[str, Any]) -> None:
        fusiliers = next(u for u in data["units"] if u["slug"] == "fusiliers")
        option = fusiliers["profileGroups"][0]["options"][0]
        option["weapons"].append({"id": 99999, "order": 99})
        option["skills"].append({"id": 88888, "order": 99, "extra": [77777]})
        fusiliers["profileGroups"][0]["profiles"][0]["chars"].append(66666)
        fusiliers["profileGroups"][0]["category"] = 55
        option["includes"].append({"group": 9, "option": 9, "q": 1})

    edit_json(folder / "panoceania.json", break_ids)
    report = run(folder, tmp_path)
    panoceania = next(a for a in report.armies if a.slug == "panoceania")
    assert panoceania.status == "imported"
    errors = {i.path.rsplit(".", 1)[-1]: i for i in panoceania.errors}
    weapon = next(i for i in panoceania.errors if "99999" in i.message)
    assert weapon.file == "panoceania.json" and "FUSILIERS" in weapon.unit.upper()
    assert weapon.path.startswith("units[") and ".profileGroups[0].options[0].weapons[" in weapon.path
    assert "weapon" in weapon.message and "filters.weapons" in weapon.message
    assert any("88888" in i.message and "skill" in i.message for i in panoceania.errors)
    assert any("66666" in i.message and "characteristic" in i.message for i in panoceania.errors)
    assert any("category id 55" in i.message for i in panoceania.errors)
    assert any("group 9 option 9" in i.message for i in panoceania.errors)
    assert "category" in errors
    # everything else of the unit is still there
    source = ImportedSource.open(tmp_path / "cache")
    assert source is not None
    fusiliers = source.load(101).unit_by_slug("fusiliers")
    assert fusiliers is not None
    option = fusiliers.profile_groups[0].options[0]
    assert option.weapons and all(w.id != 99999 for w in option.weapons) and not option.includes
    assert fusiliers.profile_groups[0].category is None


def test_a_unit_with_the_wrong_shape_is_skipped_alone(folder: Path, tmp_path: Path, official_data: Path) -> None:
    def break_unit(data: dict[str, Any]) -> None:
        data["units"][0]["profileGroups"] = "oops"
        data["units"][1]["profileGroups"][0]["profiles"][0]["type"] = 42
        data["units"].append("not a unit")

    edit_json(folder / "panoceania.json", break_unit)
    report = run(folder, tmp_path)
    panoceania = next(a for a in report.armies if a.slug == "panoceania")
    text = "\n".join(map(str, panoceania.errors))
    assert "unit skipped" in text and "unknown unit type id 42" in text and "expected a unit object" in text
    source = ImportedSource.open(tmp_path / "cache")
    assert source is not None
    original = len(parse_json((official_data / "panoceania.json").read_bytes(), "panoceania.json")["units"])
    assert len(source.load(101).units) == original - 1  # the broken first unit is left out (and the string)


def test_bad_values_in_options(folder: Path, tmp_path: Path) -> None:
    def break_values(data: dict[str, Any]) -> None:
        options = next(u for u in data["units"] if u["slug"] == "fusiliers")["profileGroups"][0]["options"]
        options[0]["swc"] = "lots"
        options[1]["points"] = "ten"
        options[2]["orders"].append({"type": "TELEPORT", "list": 1, "total": 1})

    edit_json(folder / "panoceania.json", break_values)
    report = run(folder, tmp_path)
    text = "\n".join(map(str, report.all_errors))
    assert "SWC 'lots' is not understood; option skipped" in text
    assert "points 'ten' are not a whole number" in text
    assert "TELEPORT" in text


def test_files_not_listed_and_factions_without_files(folder: Path, tmp_path: Path) -> None:
    (folder / "stray.json").write_text("{}", encoding="utf-8")
    (folder / "code-capital.json").unlink()
    report = run(folder, tmp_path)
    assert any(i.file == "stray.json" and "not listed" in i.message for i in report.issues)
    assert status(report, "code-capital") == "failed"
    assert any(i.file == "code-capital.json" and "missing" in i.message for i in report.all_errors)


def test_a_broken_update_keeps_the_version_imported_before(folder: Path, tmp_path: Path) -> None:
    assert run(folder, tmp_path).ok
    before = ImportedSource.open(tmp_path / "cache")
    assert before is not None
    army_before = before.load(106)
    path = folder / "svalarheima-s-winter-force.json"
    path.write_bytes(path.read_bytes()[:1000])
    report = run(folder, tmp_path)
    assert status(report, "svalarheima-s-winter-force") == "kept"
    assert any("kept" in i.message for a in report.armies for i in a.issues)
    after = ImportedSource.open(tmp_path / "cache")
    assert after is not None and after.load(106) == army_before
    assert sorted(s.id for s in after.summaries()) == [101, 106, 199]
