"""docs/cli.md documents every command and every option the parser has, and the JSON shapes it
promises are the ones printed."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from cache_support import RULES

from armybuilder.cli import build_parser, main
from armybuilder.data.listfile import save_list
from armybuilder.domain import ArmyList, ArmyRef

ROOT = Path(__file__).resolve().parent.parent
CLI_DOC = ROOT / "docs" / "cli.md"


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


def test_every_command_and_option_is_documented() -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    missing = []
    for path, parser in commands(build_parser()):
        if path and f"armybuilder {' '.join(path)}" not in text:
            missing.append(f"command: armybuilder {' '.join(path)}")
        for action in parser._actions:
            for option in action.option_strings:
                if f"`{option}" not in text and f"{option} " not in text and f"{option}`" not in text:
                    missing.append(f"{' '.join(path) or 'armybuilder'}: {option}")
    assert not missing, "docs/cli.md does not mention:\n" + "\n".join(missing)


def test_every_command_documents_its_exit_codes() -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    for _, section in [(p, s) for p, s in commands(build_parser()) if len(p) == 1]:
        name = section.prog.split()[-1]
        body = text.split(f"\n## {name}\n", 1)
        assert len(body) == 2, f"no section for {name}"
        chapter = body[1].split("\n## ", 1)[0]
        assert "| exit |" in chapter, f"{name}: no exit-code table"


def test_the_readme_points_at_the_cli_reference() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/cli.md" in readme and "2 unreadable input or an unusable option" in readme


def test_entry_json_has_the_several_lists_shape_even_for_one_list(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.yaml"
    army_list = ArmyList(name="One", army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    army_list, _ = army_list.with_trooper(1, 1, 1, 3)
    save_list(path, army_list)
    main(["validate", str(path), "--profiles", str(RULES), "--json"])
    single = json.loads(capsys.readouterr().out)
    assert {"legal", "army", "totals", "groups", "violations", "notes", "file", "name"} <= set(single)
    main(["validate", str(path), "--profiles", str(RULES), "--json", "--entry"])
    entry = json.loads(capsys.readouterr().out)
    assert set(entry) == {"lists", "entry", "summary"}
    assert set(entry["summary"]) == {"lists", "legal", "illegal", "unreadable"}
    main(["validate", str(tmp_path / "missing.yaml"), "--profiles", str(RULES), "--json"])
    assert set(json.loads(capsys.readouterr().out)) == {"file", "legal", "error"}
