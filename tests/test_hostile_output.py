"""Names holding terminal escape sequences are shown escaped, never obeyed (#19)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_corpus import HOSTILE

from armybuilder.cli import main
from armybuilder.export.printable import escape_controls

ESCAPES = HOSTILE / "lists" / "name-escapes.yaml"


def test_escape_controls_keeps_lines_and_tabs() -> None:
    assert escape_controls("a\tb\nc") == "a\tb\nc"
    assert escape_controls("\x1b[31mRED\x07\x9b\u202e") == "\\u001b[31mRED\\u0007\\u009b\\u202e"
    assert escape_controls("Señor «Test» — ok") == "Señor «Test» — ok"


@pytest.mark.parametrize("command", [["validate"], ["code", "encode"]])
def test_the_cli_prints_no_raw_control_character(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    main([*command, str(ESCAPES)])
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
    assert "\\u001b" in text or command == ["code", "encode"], text


def test_the_text_export_holds_no_raw_control_character(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "list.txt"
    main(["export", str(ESCAPES), "--text", str(out), "--allow-illegal"])
    text = out.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\\u001b[2J" in text


@pytest.mark.parametrize(("args", "said"), [
    (["validate", str(ESCAPES), "--points", "1" + "0" * 40], "41 digits long"),
    (["validate", str(ESCAPES), "--points", "20000"], "must be at most 10000 (got 20000)"),
    (["code", "encode", str(ESCAPES), "--points", "0"], "must be more than 0"),
    (["data", "import", "--url", "http://127.0.0.1:9", "--retries", "1000"], "must be at most 100"),
    (["data", "import", "--url", "http://127.0.0.1:9", "--timeout", "1e9"], "must be at most 3600"),
])
def test_absurd_option_values_are_refused_with_their_range(args: list[str], said: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 2 and said in capsys.readouterr().err


def test_the_pdf_shows_control_characters_escaped(tmp_path: Path) -> None:
    from export_lists import pdf_text

    out = tmp_path / "list.pdf"
    main(["export", str(ESCAPES), "--full", str(out), "--allow-illegal"])
    text = pdf_text(out.read_bytes())
    assert "\x1b" not in text and "\\u001b[2J" in text
