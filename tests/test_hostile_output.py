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
