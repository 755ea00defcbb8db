"""Starting the command line: `--version` and `--help` import nothing heavy, only the chosen command's module is
loaded, `armybuilder FILE…` is the app, and the log file: where it goes, what it keeps private, what happens
when it cannot be written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from armybuilder import logs
from armybuilder.cli import COMMANDS, command_modules, first_positional, main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "icestorm-panoceania.yaml"
HEAVY = ("PySide6", "pydantic", "reportlab", "yaml", "armybuilder.data.catalog", "armybuilder.rules.engine")

PROBE = """
import contextlib, io, json, sys
from armybuilder.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exc:
        code = exc.code
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "pydantic", "reportlab", "yaml")
               or m in ("armybuilder.data.catalog", "armybuilder.rules.engine", "armybuilder.export.printout",
                        "dataclasses", "inspect"))
print(json.dumps({"code": code, "heavy": heavy, "out": out.getvalue()}))
"""


def probe(*args: str, home: Path) -> dict[str, object]:
    env = {**os.environ, "ARMYBUILDER_HOME": str(home), "ARMYBUILDER_LANG": "en"}
    result = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env,
                            timeout=120, cwd=home)
    assert result.returncode == 0, result.stderr
    found: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["--lang", "es", "--help"]])
def test_version_and_help_import_no_gui_pydantic_or_reportlab(args: list[str], tmp_path: Path) -> None:
    found = probe(*args, home=tmp_path)
    assert found["code"] == 0
    heavy = found["heavy"]
    assert isinstance(heavy, list)
    assert [m for m in heavy if m.split(".")[0] != "yaml"] == []  # dataclasses (with inspect): 1/6 of --version
    assert ("yaml" in heavy) == ("es" in args), "only the Spanish catalog needs yaml"
    out = str(found["out"])
    if "--help" in args:
        for name in COMMANDS:
            assert name in out
        assert ("FILE" in out or "ARCHIVO" in out) and "--code" in out and "--log-level" in out


def test_validate_loads_the_rules_but_no_gui_and_no_reportlab(tmp_path: Path) -> None:
    found = probe("validate", str(EXAMPLE), home=tmp_path)
    assert found["code"] == 0 and "LEGAL" in str(found["out"])
    heavy = found["heavy"]
    assert isinstance(heavy, list)
    assert not [m for m in heavy if m.startswith(("PySide6", "reportlab"))]
    assert "armybuilder.export.printout" not in heavy and "pydantic" in heavy


def test_the_command_table_matches_the_modules() -> None:
    assert sorted(COMMANDS) == command_modules()


def test_first_positional_skips_options_and_their_values() -> None:
    assert first_positional(["--lang", "es", "validate", "x.yaml"]) == "validate"
    assert first_positional(["--log-level", "debug", "--lang=es", "list.yaml"]) == "list.yaml"
    assert first_positional(["--code", "abc"]) is None
    assert first_positional(["--", "--odd.yaml"]) == "--odd.yaml"
    assert first_positional([]) is None


def test_a_word_that_is_neither_a_command_nor_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["valdate", "list.yaml"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "valdate: neither a command (code, data, export, fireteams, profiles, validate) nor a list file" in err
    assert "Traceback" not in err


def test_a_list_file_that_does_not_exist(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path / "gone.yaml")])
    assert exit_.value.code == 2 and "gone.yaml: no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(EXAMPLE), "--code", "abc"])
    assert "not both" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--code", "abc", "validate", str(EXAMPLE)])
    assert "--code CODE opens the app" in capsys.readouterr().err


def test_files_and_a_code_reach_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    import armybuilder.gui.app as app

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(app, "run_gui", lambda argv, **options: calls.append(options) or 0)  # type: ignore[func-returns-value]
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert main([str(EXAMPLE)]) == 0
    assert main(["--code", "https://infinityuniverse.com/army/list/abc"]) == 0
    assert calls[0]["files"] == [EXAMPLE] and calls[0]["code"] is None
    assert calls[1]["files"] == [] and calls[1]["code"] == "https://infinityuniverse.com/army/list/abc"


def test_the_log_file_keeps_lists_private_above_debug(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("ARMYBUILDER_HOME", str(home))
    assert main(["validate", str(EXAMPLE)]) == 0
    assert main(["export", str(EXAMPLE), "--text", str(tmp_path / "list.txt")]) == 0
    log = (home / "logs" / "armybuilder.log").read_text(encoding="utf-8")
    assert "armybuilder 0.1.0" in log and "validate" in log
    for private in ("Icestorm", "Fusilier", "Trinity"):
        assert private not in log, f"{private!r} is list content: logged at debug only"
    capsys.readouterr()
    assert main(["--log-level", "debug", "validate", str(EXAMPLE)]) == 0
    err = capsys.readouterr().err
    assert "DEBUG" in err and "Icestorm" in err
    assert "Icestorm" in (home / "logs" / "armybuilder.log").read_text(encoding="utf-8")
    logs.reset()


def test_an_unwritable_log_folder_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "logs").write_text("a file where the log folder should be", encoding="utf-8")
    monkeypatch.setenv("ARMYBUILDER_HOME", str(home))
    assert main(["validate", str(EXAMPLE)]) == 0
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if "log" in line]
    assert len(lines) == 1 and "the log file cannot be written in" in lines[0] and str(home / "logs") in lines[0]
    assert "Traceback" not in captured.err and "LEGAL" in captured.out
    logs.reset()


def test_rotation_and_faulthandler(tmp_path: Path) -> None:
    import faulthandler
    import logging

    setup = logs.setup_logging(folder=tmp_path / "logs", crash_log=True)
    try:
        assert setup.file == tmp_path / "logs" / "armybuilder.log" and setup.problem is None
        assert setup.crash_file == tmp_path / "logs" / "crash.log" and faulthandler.is_enabled()
        for _ in range(8000):
            logging.getLogger("armybuilder.test").info("x" * 600)
        names = sorted(p.name for p in (tmp_path / "logs").iterdir())
        assert names == ["armybuilder.log", "armybuilder.log.1", "armybuilder.log.2", "armybuilder.log.3",
                         "crash.log"]
        assert all(p.stat().st_size <= logs.MAX_BYTES + 1000 for p in (tmp_path / "logs").glob("armybuilder.log*"))
    finally:
        logs.reset()


def test_a_bug_in_a_command_is_one_line_and_a_traceback_in_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    def broken(args: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setenv("ARMYBUILDER_HOME", str(tmp_path / "home"))
    import armybuilder.cli as cli

    monkeypatch.setattr(cli, "build_parser", _parser_with(broken))
    assert main(["validate", str(EXAMPLE)]) == 70
    err = capsys.readouterr().err
    log = tmp_path / "home" / "logs" / "armybuilder.log"
    assert "Traceback" not in err and "unexpected error (ZeroDivisionError: a bug)" in err and str(log) in err
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "ZeroDivisionError: a bug" in text
    logs.reset()


def _parser_with(handler: object) -> object:
    """build_parser, with `validate` running `handler`."""
    import armybuilder.cli as cli

    real = cli.build_parser

    def build(command: str | None = None, *, every: bool = True) -> object:
        parser = real(command, every=every)
        for action in parser._actions:
            if action.dest == "command":
                action.choices["validate"].set_defaults(handler=handler)  # type: ignore[index]
        return parser

    return build


def test_the_log_names_the_platform_without_starting_a_process(tmp_path: Path) -> None:
    """platform.platform() runs `uname -p` for a processor the Linux text never shows: the log's line does not."""
    script = ("import sys; from pathlib import Path; from armybuilder import logs; "
              "logs.setup_logging(folder=Path(sys.argv[1])); print('subprocess' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                            timeout=120, check=True)
    assert result.stdout.strip() == ("False" if sys.platform.startswith("linux") else result.stdout.strip())
    import platform

    assert logs.platform_text() == platform.platform()
    assert logs.platform_text() in (tmp_path / logs.LOG_FILE).read_text(encoding="utf-8")
