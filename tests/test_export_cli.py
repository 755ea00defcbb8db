"""`armybuilder export`: outputs, exit codes (0 ok, 1 illegal refused, 2 unreadable), clear messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from export_lists import EXPORT_DATA, pdf_pages, private_list

from armybuilder.cli import main
from armybuilder.data.armycode import code_text
from armybuilder.data.armycode_lists import encode_list
from armybuilder.data.listfile import save_list


@pytest.fixture
def list_file(tmp_path: Path) -> Path:
    path = tmp_path / "private.yaml"
    save_list(path, private_list())
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["export", "--profiles", str(EXPORT_DATA), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_writes_every_output(capsys: pytest.CaptureFixture[str], list_file: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    code, out, err = run(capsys, str(list_file), "--full", str(out_dir / "full.pdf"),
                         "--courtesy", str(out_dir / "courtesy.pdf"), "--text", str(out_dir / "full.txt"),
                         "--courtesy-text", str(out_dir / "courtesy.txt"), "--paper", "letter", "--units", "cm")
    assert code == 0, err
    assert "full list: " in out and "courtesy list: " in out and "KB)" in out
    full = pdf_pages((out_dir / "full.pdf").read_bytes())
    courtesy = pdf_pages((out_dir / "courtesy.pdf").read_bytes())
    assert "MOV cm" in " ".join(full[0].split()) and "SKYFALL" not in courtesy[0]
    assert len(courtesy) == 2 and "Weapons reference" in courtesy[1]  # open information, on its own page
    assert "34 pts, 0 SWC" in (out_dir / "full.txt").read_text(encoding="utf-8")
    assert "NIGHTSHADE" not in (out_dir / "courtesy.txt").read_text(encoding="utf-8")
    assert not list(out_dir.glob(".*.tmp"))  # atomic writes leave no temporary files


def test_spanish_print_outs(capsys: pytest.CaptureFixture[str], list_file: Path, tmp_path: Path) -> None:
    code, out, _ = run(capsys, str(list_file), "--lang", "es", "--courtesy", str(tmp_path / "c.pdf"))
    assert code == 0 and "lista de cortesía" in out
    assert "LISTA DE CORTESÍA" in pdf_pages((tmp_path / "c.pdf").read_bytes())[0]


def test_illegal_list_is_refused_and_nothing_is_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "illegal.yaml"
    save_list(path, private_list().model_copy(update={"points": 300}))
    existing = tmp_path / "full.pdf"
    existing.write_bytes(b"old print-out")
    code, _, err = run(capsys, str(path), "--full", str(existing))
    assert code == 1
    assert "NOT LEGAL — not exported" in err and "[points.over_limit]" in err and "--allow-illegal" in err
    assert existing.read_bytes() == b"old print-out"
    code, _, err = run(capsys, str(path), "--full", str(existing), "--allow-illegal")
    assert code == 0 and "NOT LEGAL" in err
    assert all("NOT LEGAL" in page for page in pdf_pages(existing.read_bytes()))


@pytest.mark.parametrize("content, reason", [
    (None, "file not found"),
    ("format: armybuilder-list/1\narmy: [", "private.yaml:"),
    ("format: armybuilder-list/1\narmy: {origin: bundled, id: 4242}\n", "no bundled army with id 4242"),
])
def test_unreadable_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None,
                                  reason: str) -> None:
    path = tmp_path / "private.yaml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, str(path), "--full", str(tmp_path / "f.pdf"))
    assert code == 2 and reason in err and "Traceback" not in err
    assert not (tmp_path / "f.pdf").exists()


def test_usage_mistakes_exit_2(capsys: pytest.CaptureFixture[str], list_file: Path, tmp_path: Path) -> None:
    assert run(capsys, str(list_file))[0] == 2  # no output asked for
    code, _, err = run(capsys, "--full", str(tmp_path / "f.pdf"))
    assert code == 2 and "LISTFILE" in err
    code, _, err = run(capsys, str(list_file), "--full", str(tmp_path / "x.pdf"), "--courtesy", str(tmp_path / "x.pdf"))
    assert code == 2 and "its own file" in err
    code, _, err = run(capsys, str(list_file), "--text", str(list_file))
    assert code == 2 and "overwrite the list file" in err


def test_unwritable_output_exits_2(capsys: pytest.CaptureFixture[str], list_file: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    code, _, err = run(capsys, str(list_file), "--full", str(blocker / "full.pdf"))
    assert code == 2 and "cannot write" in err


def test_source_date_epoch_makes_output_reproducible(capsys: pytest.CaptureFixture[str], list_file: Path,
                                                     tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735776000")  # 2025-01-02
    for name in ("a.pdf", "b.pdf"):
        assert run(capsys, str(list_file), "--full", str(tmp_path / name))[0] == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert "2025-01-02" in pdf_pages((tmp_path / "a.pdf").read_bytes())[0]


def test_export_from_an_army_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = encode_list(private_list(), 600, slug="test-printouts")
    link = f"https://example.org/army/list?code={code}"
    exit_code, _, err = run(capsys, "--code", link, "--full", str(tmp_path / "f.pdf"),
                              "--courtesy-text", str(tmp_path / "c.txt"))
    assert exit_code == 0, err
    flat = "".join(" ".join(pdf_pages((tmp_path / "f.pdf").read_bytes())).split())
    assert "Armycode:" + code_text(code) in flat and "PrivateAffairs" in flat
    assert "Army code" not in (tmp_path / "c.txt").read_text(encoding="utf-8")
    exit_code, _, err = run(capsys, "--code", "not a code!!", "--full", str(tmp_path / "g.pdf"))
    assert exit_code == 2 and "Traceback" not in err and err.strip()
