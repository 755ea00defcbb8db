"""Hostile official data: one damaged army file fails alone, with one clear message; a failed army
makes the import exit 1 (#19). Small copies of the official data in tmp_path."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from import_helpers import make_data_folder

from armybuilder.cli import main
from armybuilder.data.importer import ImportReport, import_folder

pytestmark = pytest.mark.shared


@pytest.fixture
def folder(official_data: Path, tmp_path: Path) -> Path:
    return make_data_folder(official_data, tmp_path / "n5")


def outcome(report: ImportReport, slug: str) -> tuple[str, str]:
    army = next(a for a in report.armies if a.slug == slug)
    return army.status, "\n".join(str(i) for i in army.issues)


@pytest.mark.parametrize(("content", "expect"), [
    (b"[" * 100_000, "nested too deeply"),
    (b'{"version": "1", "units": [' + b"9" * 5000 + b"]}", "5000 digits long"),
    (b'{"version": "1", "version": "2", "units": []}', "given twice"),
])
def test_a_damaged_army_file_fails_alone(folder: Path, tmp_path: Path, content: bytes, expect: str) -> None:
    (folder / "code-capital.json").write_bytes(content)
    report = import_folder(folder, tmp_path / "cache")
    status, issues = outcome(report, "code-capital")
    assert report.fatal is None and status == "failed" and expect in issues, issues
    assert outcome(report, "panoceania")[0] == "imported" and not report.ok


def test_a_fifo_in_the_data_folder_is_refused_not_waited_on(folder: Path, tmp_path: Path) -> None:
    (folder / "code-capital.json").unlink()
    os.mkfifo(folder / "code-capital.json")
    report = import_folder(folder, tmp_path / "cache")
    status, issues = outcome(report, "code-capital")
    assert status == "failed" and "FIFO" in issues


def test_a_failed_army_is_exit_1_even_when_an_older_version_is_kept(folder: Path, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "cache"
    assert main(["data", "import", str(folder), "--data", str(cache)]) == 0
    (folder / "code-capital.json").unlink()
    assert main(["data", "import", str(folder), "--data", str(cache)]) == 1
    assert "1 failed" in capsys.readouterr().out


@pytest.mark.parametrize(("where", "value", "expect"), [
    (("id",), 10 ** 40, "unit skipped"),
    (("profileGroups", 0, "profiles", 0, "bts"), 5 * 10 ** 24, "profile skipped"),
    (("profileGroups", 0, "profiles", 0, "move", 0), 10 ** 6, "profile skipped"),
    (("profileGroups", 0, "options", 0, "points"), 10 ** 6, "option skipped"),
    (("profileGroups", 0, "options", 0, "id"), 2 ** 31, "option skipped"),
])
def test_a_number_beyond_its_range_is_refused_where_it_is_read(folder: Path, tmp_path: Path, where: tuple[object, ...],
                                                              value: int, expect: str) -> None:
    """Numbers of 31 to 4,299 digits passed the parse (its parse_int hook stopped only >30 digits, and a
    25-digit BTS imported silently); the converter now checks each against domain/limits.py."""
    from import_helpers import edit_json

    def change(data: dict[str, object]) -> None:
        node: object = data["units"][0]  # type: ignore[index]
        for key in where[:-1]:
            node = node[key]  # type: ignore[index]
        node[where[-1]] = value  # type: ignore[index]

    edit_json(folder / "code-capital.json", change)
    report = import_folder(folder, tmp_path / "cache")
    _, issues = outcome(report, "code-capital")
    assert "is out of range" in issues and expect in issues, issues
    assert str(value)[:20] in issues and not report.ok
