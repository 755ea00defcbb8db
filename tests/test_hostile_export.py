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


def _with_fireteam(troopers: int) -> str:
    """The bundled example with `troopers` Fusiliers, all in one (illegal) fireteam."""
    head = BASE_LIST.read_text(encoding="utf-8").split("groups:\n", 1)[0]
    body = "".join(f"  - uid: t{i}\n    unit: 1\n    group: 1\n    option: 1\n" for i in range(1, troopers + 1))
    team = ", ".join(f"t{i}" for i in range(1, troopers + 1))
    return (head + "groups:\n- number: 1\n  reinforcement: false\n  troopers:\n" + body
            + f"fireteams:\n- uid: f1\n  type: CORE\n  team: Fusiliers Fireteam\n  members: [{team}]\n")


def test_a_fireteam_of_hundreds_prints_its_first_members_and_how_many_more(tmp_path: Path) -> None:
    """An illegal team of 40 members is printed (with --allow-illegal): the PDF shows 12 and says how
    many more; a 500-member team made the row taller than a page (a LayoutError, exit 70)."""
    source = tmp_path / "team.yaml"
    source.write_text(_with_fireteam(40), encoding="utf-8")
    out = tmp_path / "full.pdf"
    assert main(["export", str(source), "--allow-illegal", "--full", str(out)]) == 0
    text = " ".join(pdf_text(out.read_bytes()).split())
    assert "and 28 more" in text


def test_a_row_taller_than_a_page_is_one_message_and_writes_nothing(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A --profiles army whose option carries 3,000 weapons: no traceback, exit 2, and neither output
    is written (all are made before the first is written)."""
    profiles = tmp_path / "profiles"
    profiles.mkdir()
    army = (Path(__file__).parent.parent / "profiles" / "panoceania.yaml").read_text(encoding="utf-8")
    weapons = "[" + ", ".join(f"Pistol {i}" for i in range(3000)) + "]"
    army = army.replace("id: 101\n", "id: 9101\n", 1).replace(
        "weapons: [Combi Rifle, Pistol, Knife]", f"weapons: {weapons}", 1) + f"vocabulary:\n  weapons: {weapons}\n"
    (profiles / "army.yaml").write_text(army, encoding="utf-8")
    source = tmp_path / "list.yaml"
    source.write_text(BASE_LIST.read_text(encoding="utf-8").replace("  id: 101\n", "  id: 9101\n", 1),
                      encoding="utf-8")
    text_out, pdf_out = tmp_path / "full.txt", tmp_path / "full.pdf"
    code = main(["export", str(source), "--profiles", str(profiles), "--allow-illegal",
                 "--text", str(text_out), "--full", str(pdf_out)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "cannot be laid out: one of its rows" in err and "Traceback" not in err
    assert not text_out.exists() and not pdf_out.exists()
