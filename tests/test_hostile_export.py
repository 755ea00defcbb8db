"""Print-outs of hostile lists: a 2 MB name is clipped in a few dozen measures, a code too long for a
QR code is left out and said, a bundled list says why it has no army code (#19)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from export_lists import export_catalog, options, pdf_text, private_list
from hostile_corpus import BASE_LIST
from reportlab.pdfgen.canvas import Canvas

from armybuilder.cli import main
from armybuilder.export.fonts import print_fonts
from armybuilder.export.frame import clip as _clip
from armybuilder.export.pdf import full_pdf
from armybuilder.export.printout import prepare


@pytest.fixture(scope="module")
def font() -> str:
    return print_fonts().regular


@pytest.mark.parametrize("length", [10, 4_000, 2_000_000])
def test_clip_keeps_the_longest_prefix_that_fits(font: str, length: int) -> None:
    canvas = Canvas("unused.pdf")
    text = "Wide Mm Name " * (length // 13 + 1)
    started = time.perf_counter()
    clipped = _clip(canvas, text[:length], font, 6.5, 300)
    assert time.perf_counter() - started < 1.0  # (a measure, not a benchmark: it took 23 s at 8,000 characters)
    if length == 10:
        assert clipped == text[:10]
        return
    assert clipped.endswith("…") and canvas.stringWidth(clipped, font, 6.5) <= 300
    kept = len(clipped) - 1
    assert canvas.stringWidth(text[:kept + 1] + "…", font, 6.5) > 300


def test_a_code_too_long_for_a_qr_code_is_left_out_and_said() -> None:
    doc = prepare(private_list(), export_catalog(), code="gwE" + "A" * 3000)
    text = " ".join(pdf_text(full_pdf(doc, options())).split())
    assert "The army code is left out: at 3003 characters it is too long for a QR code." in text


def test_a_bundled_list_says_why_it_cannot_become_an_army_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["code", "encode", str(BASE_LIST)]) == 2
    err = capsys.readouterr().err
    assert "cannot become an army code: the list uses the bundled profiles" in err and "90001" in err


def test_a_4000_character_name_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "list.yaml"
    source.write_text(BASE_LIST.read_text(encoding="utf-8").replace(
        "name: Operation Icestorm — PanOceania", "name: " + "N" * 4000, 1), encoding="utf-8")
    assert main(["export", str(source), "--full", str(tmp_path / "full.pdf")]) == 0
    err = capsys.readouterr().err
    assert "only the first 200 are kept" in err


def test_exporting_a_list_that_is_a_symlink_loop_is_one_message(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    assert main(["export", str(tmp_path / "a.yaml"), "--text", str(tmp_path / "out.txt")]) == 2
    err = capsys.readouterr().err
    assert "a.yaml" in err and "loop" in err and "Traceback" not in err
