"""`armybuilder data import|list`: clear messages, exit codes, and the default user cache."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from import_helpers import edit_json, make_data_folder

from armybuilder.cli import main
from armybuilder.data.importer import ImportReport
from armybuilder.i18n import set_language

pytestmark = pytest.mark.shared


@pytest.fixture
def folder(official_data: Path, tmp_path: Path) -> Path:
    return make_data_folder(official_data, tmp_path / "n5")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_import_then_list_uses_the_user_cache(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "data", "import", str(folder))
    assert code == 0 and "3 armies: 3 new, 0 updated, 0 unchanged, 0 failed; 0 errors" in out
    assert "106  Svalarheima's Winter Force" in out and "saved in" in out
    code, out = run(capsys, "data", "import", str(folder))
    assert code == 0 and "3 unchanged" in out and "nothing changed since the last import" in out
    code, out = run(capsys, "data", "list")
    assert code == 0
    assert "Imported armies (3)" in out and "PanOceania (" in out and "[reinforcements]" in out
    assert "mercenaries" in out


def test_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "data", "import", str(tmp_path / "nope"))
    assert code == 2 and f"{tmp_path / 'nope'}: no such folder" in out  # 2: the input cannot be read
    assert out.count("nothing was imported") == 1 and "Traceback" not in out


def test_missing_army_json(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "army.json").unlink()
    code, out = run(capsys, "data", "import", str(folder))
    assert code == 2 and "army.json: missing" in out


def test_truncated_and_not_json_files(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = folder / "panoceania.json"
    path.write_bytes(path.read_bytes()[:5000])
    (folder / "code-capital.json").write_text("Not Found", encoding="utf-8")
    code, out = run(capsys, "data", "import", str(folder))
    assert code == 1
    assert "panoceania.json: the file ends unexpectedly at line" in out and "truncated" in out
    assert "code-capital.json: is not JSON (it starts with 'Not Found')" in out
    assert "1 new" in out and "2 failed" in out


def test_unknown_id_is_named(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def add_unknown(data: dict[str, Any]) -> None:
        next(u for u in data["units"] if u["slug"] == "fusiliers")["profileGroups"][0]["options"][0][
            "weapons"].append({"id": 4242, "order": 9})

    edit_json(folder / "panoceania.json", add_unknown)
    code, out = run(capsys, "data", "import", str(folder))
    assert code == 1
    line = next(line for line in out.splitlines() if "4242" in line)
    assert "panoceania.json: unit FUSILIERS (id 1): units[" in line
    assert "profileGroups[0].options[0].weapons[" in line and "unknown weapon id 4242" in line


def test_arguments(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    assert run(capsys, "data", "import")[0] == 2
    assert run(capsys, "data", "import", str(folder), "--url", "http://127.0.0.1:1")[0] == 2


def test_list_without_imported_data(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "data", "list")
    assert code == 0 and "No imported armies" in out and "armybuilder data import" in out


def test_messages_in_spanish(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "code-capital.json").write_text("Not Found", encoding="utf-8")
    try:
        code, out = run(capsys, "--lang", "es", "data", "import", str(folder))
    finally:
        set_language("en")
    assert code == 1 and "no es JSON" in out and "ejércitos" in out


def test_verbose_shows_notes(imported_data: ImportReport, official_data: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    cache = imported_data.data_dir.parent / "verbose-copy"
    shutil.copytree(imported_data.data_dir, cache, dirs_exist_ok=True)
    code, out = run(capsys, "data", "import", str(official_data), "--data", str(cache), "-v")
    assert code == 0 and "56 unchanged" in out and "note:" in out and "reading [58/58]" in out
