"""Re-importing unchanged data: the report recorded after a clean import, found without the importer (#20).

The check (`import_report.unchanged_import`) must say exactly what the importer says of the same files,
and must give way to the importer whenever anything it depends on may differ."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from import_helpers import edit_json, make_data_folder

from armybuilder.cli import main
from armybuilder.data import import_report
from armybuilder.data.cache import INDEX, LOCK
from armybuilder.data.import_report import RECORD, ImportReport, unchanged_import
from armybuilder.data.importer import import_folder
from armybuilder.i18n import language_override

pytestmark = pytest.mark.shared

RICH_SET = ("panoceania", "svalarheima-s-winter-force", "code-capital", "druze", "contracted-back-up",
            "non-aligned-armies")
"""A vanilla army, a sectorial, their Reinforcements, a NA2 army, the file two factions share (998 and 999)
and Non-Aligned Armies, which groups armies and has no file of its own (reported as skipped)."""


def rich_folder(official: Path, target: Path) -> Path:
    make_data_folder(official, target, RICH_SET)
    (target / "extra.json").write_text("{}", encoding="utf-8")  # not listed in army.json: a warning
    return target


@pytest.fixture
def folder(official_data: Path, tmp_path: Path) -> Path:
    return rich_folder(official_data, tmp_path / "n5")


@pytest.fixture
def cache(folder: Path, tmp_path: Path) -> Path:
    """A cache the folder was imported into once (so it holds the record)."""
    target = tmp_path / "cache"
    report = import_folder(folder, target)
    assert report.written and report.ok
    assert (target / RECORD).is_file()
    return target


def comparable(report: ImportReport) -> ImportReport:
    return replace(report, seconds=0.0)


def full_import(folder: Path, cache: Path) -> ImportReport:
    """The importer's own run, the check left out."""
    return import_folder(folder, cache, check_unchanged=False)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, re.sub(r"\(\d+\.\d\d s\)", "(… s)", captured.out), captured.err


def test_the_check_reports_what_the_importer_reports(folder: Path, cache: Path) -> None:
    fast = unchanged_import(folder, cache)
    assert fast is not None
    full = full_import(folder, cache)
    assert not full.written and full.ok
    assert comparable(fast) == comparable(full)
    statuses = {a.status for a in fast.armies}
    assert statuses == {"unchanged", "skipped"}, statuses  # Non-Aligned Armies: no file, skipped
    assert any("extra.json" in str(i) for i in fast.issues)  # the file army.json does not list
    assert any(a.army_id == 999 and any("998" in str(i) for i in a.issues) for a in fast.armies)


def test_the_record_of_a_writing_import_is_the_one_of_an_unchanged_import(folder: Path, cache: Path) -> None:
    """The record written after converting is a prediction; an import that changed nothing writes what it saw."""
    predicted = (cache / RECORD).read_bytes()
    full_import(folder, cache)
    assert (cache / RECORD).read_bytes() == predicted


def test_the_cli_prints_the_same_report_both_ways(folder: Path, cache: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def no_importer(*args: object, **kwargs: object) -> None:
        raise AssertionError("the importer ran")

    runs: dict[str, list[tuple[int, str, str]]] = {"fast": [], "full": []}
    for way in ("fast", "full"):
        monkeypatch.undo()
        if way == "fast":
            monkeypatch.setattr("armybuilder.data.importer.import_folder", no_importer)
        else:
            monkeypatch.setattr("armybuilder.cli.data.unchanged_import", lambda *args, **kwargs: None)
        for args in ((), ("--lang", "es"), ("--verbose",), ("--lang", "es", "--verbose")):
            language, rest = (args[:2], args[2:]) if args[:1] == ("--lang",) else ((), args)
            runs[way].append(run(capsys, *language, "data", "import", str(folder), "--data", str(cache), *rest))
    assert runs["fast"] == runs["full"]
    code, out, _ = runs["fast"][0]
    assert code == 0 and "0 new, 0 updated, 5 unchanged, 0 failed" in out, out
    assert "nothing changed since the last import" in out and "extra.json: warning: not listed" in out
    assert "sin cambios" in runs["fast"][1][1] and "nada cambió" in runs["fast"][1][1]
    verbose_err = runs["fast"][2][2]
    assert "reading [1/7] army.json" in verbose_err and "non-aligned-armies.json (0 B)" in verbose_err


def test_the_check_imports_neither_the_importer_nor_pydantic(folder: Path, cache: Path, tmp_path: Path) -> None:
    script = ("import sys\nfrom armybuilder.cli import main\ncode = main(sys.argv[1:])\n"
              "heavy = sorted(m for m in ('pydantic', 'armybuilder.data.importer', 'armybuilder.data.cache', "
              "'armybuilder.domain', 'armybuilder.games') if m in sys.modules)\n"
              "print('MODULES', ','.join(heavy))\nraise SystemExit(code)\n")
    env = {**os.environ, "ARMYBUILDER_HOME": str(tmp_path / "home"), "ARMYBUILDER_LANG": "en"}

    def modules_after(*args: str) -> str:
        done = subprocess.run([sys.executable, "-c", script, "data", "import", str(folder), "--data", str(cache),
                               *args], capture_output=True, text=True, env=env, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout.rsplit("MODULES", 1)[1].strip()

    assert modules_after() == ""
    assert modules_after("--verbose") == ""
    edit_json(folder / "code-capital.json", lambda data: data.update(version="9.9.9"))
    # changed: the importer ran (and the check did not hide it); it converts without pydantic (#20)
    assert modules_after() == "armybuilder.data.cache,armybuilder.data.importer,armybuilder.domain"


def test_a_changed_army_file_goes_to_the_importer(folder: Path, cache: Path, capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    edit_json(folder / "code-capital.json", lambda data: data.update(version="9.9.9"))
    assert unchanged_import(folder, cache) is None
    code, out, _ = run(capsys, "data", "import", str(folder), "--data", str(cache))
    assert code == 0 and "1 updated, 4 unchanged" in out and "saved in" in out
    assert unchanged_import(folder, cache) is not None  # and the next one is quick again


def test_a_changed_army_json_goes_to_the_importer(folder: Path, cache: Path) -> None:
    edit_json(folder / "army.json", lambda data: data["weapons"].pop())
    assert unchanged_import(folder, cache) is None
    assert full_import(folder, cache).written


@pytest.mark.parametrize("change", ["added", "removed", "grouping file added"])
def test_a_file_added_or_removed_goes_to_the_importer(folder: Path, cache: Path, change: str) -> None:
    if change == "added":
        (folder / "another.json").write_text("{}", encoding="utf-8")
    elif change == "removed":
        (folder / "extra.json").unlink()
    else:  # the grouping faction's file appears: the importer converts it (or says why not)
        shutil.copyfile(folder / "druze.json", folder / "non-aligned-armies.json")
    assert unchanged_import(folder, cache) is None
    assert unchanged_import(folder, cache) is None  # the check itself changed nothing


def test_a_listed_file_now_missing_goes_to_the_importer(folder: Path, cache: Path) -> None:
    (folder / "code-capital.json").unlink()
    assert unchanged_import(folder, cache) is None
    report = import_folder(folder, cache)
    assert [a.status for a in report.armies if a.slug == "code-capital"] == ["kept"]
    assert not (cache / RECORD).exists()  # an import that kept an older version leaves no record


@pytest.mark.parametrize("damage", ["garbage", "not utf-8", "other index", "fifo"])
def test_a_damaged_or_other_index_goes_to_the_importer(folder: Path, cache: Path, damage: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    index = cache / INDEX
    if damage == "garbage":
        index.write_text("{not json", encoding="utf-8")
    elif damage == "not utf-8":
        index.write_bytes(b"\xff\xfe" + index.read_bytes())
    elif damage == "other index":
        edit_json(index, lambda data: data.update(imported_at="2020-01-01 00:00:00"))
    else:
        index.unlink()
        os.mkfifo(index)
    assert unchanged_import(folder, cache) is None
    code, out, _ = run(capsys, "data", "import", str(folder), "--data", str(cache))
    if damage == "other index":  # a valid index: the importer finds nothing changed and records that
        assert code == 0 and "nothing changed" in out
        assert unchanged_import(folder, cache) is not None
    elif damage == "fifo":  # as before the check existed: refused, never waited on, and not replaced
        assert code == 2 and "index.json: cannot be read: is a FIFO" in out and "cannot write the cache" in out
    else:  # as before the check existed: the importer says the cache is unreadable and rebuilds it
        assert code == 0 and "the previous cache cannot be read" in out and "saved in" in out, out


def test_another_schema_or_code_goes_to_the_importer(folder: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    monkeypatch.setattr(import_report, "code_fingerprint", lambda: "0" * 64)
    assert unchanged_import(folder, cache) is None
    monkeypatch.setattr(import_report, "code_fingerprint", lambda: None)  # a frozen bundle: no sources
    assert unchanged_import(folder, cache) is None
    monkeypatch.undo()
    edit_json(cache / INDEX, lambda data: data.update(schema="another"))
    assert unchanged_import(folder, cache) is None  # the record names the index by its SHA-256
    report = full_import(folder, cache)
    assert report.written and any("another version" in str(i) for i in report.issues)


def test_the_code_fingerprint_follows_the_model_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "armybuilder"
    for package in ("data", "domain"):
        (root / package).mkdir(parents=True)
        (root / package / "x.py").write_text("A = 1\n", encoding="utf-8")
    monkeypatch.setattr(import_report, "__file__", str(root / "data" / "import_report.py"))
    first = import_report.code_fingerprint()
    (root / "domain" / "x.py").write_text("A = 2\n", encoding="utf-8")
    assert first is not None and import_report.code_fingerprint() not in (None, first)
    shutil.rmtree(root)
    assert import_report.code_fingerprint() is None
    monkeypatch.undo()
    assert import_report.code_fingerprint() is not None  # this checkout


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other format", "foreign file", "fifo", "empty"])
def test_a_damaged_record_goes_to_the_importer(folder: Path, cache: Path, damage: str) -> None:
    record = cache / RECORD
    text = record.read_text(encoding="utf-8")
    if damage == "garbage":
        record.write_bytes(b"\x00garbage")
    elif damage == "truncated":
        record.write_text(text[: len(text) // 2], encoding="utf-8")
    elif damage == "other format":
        record.write_text(text.replace("armybuilder-reimport/1", "armybuilder-reimport/0"), encoding="utf-8")
    elif damage == "foreign file":  # a record naming a file outside the data folder is not trusted
        data: dict[str, Any] = json.loads(text)
        data["files"][1][0] = "../n5/code-capital.json"
        record.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "fifo":
        record.unlink()
        os.mkfifo(record)
    else:
        record.write_text("", encoding="utf-8")
    assert unchanged_import(folder, cache) is None  # never blocks on the FIFO, never raises
    report = import_folder(folder, cache)
    assert report.ok and not report.written


def test_a_missing_or_short_pack_goes_to_the_importer(folder: Path, cache: Path) -> None:
    pack = next(cache.glob("pack-*.bin"))
    pack.write_bytes(pack.read_bytes()[:-1])
    assert unchanged_import(folder, cache) is None
    pack.unlink()
    assert unchanged_import(folder, cache) is None
    report = import_folder(folder, cache)
    assert report.fatal is not None  # the importer's own message for a cache it cannot read


def test_an_import_lock_goes_to_the_importer(folder: Path, cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (cache / LOCK).write_text(str(os.getpid()), encoding="utf-8")  # held by a live process: this one
    assert unchanged_import(folder, cache) is None
    code, out, _ = run(capsys, "data", "import", str(folder), "--data", str(cache))
    assert code == 2 and "another import is writing" in out


def test_a_fifo_or_a_symlink_loop_in_the_folder_gives_the_importers_message(folder: Path, cache: Path,
                                                                            capsys: pytest.CaptureFixture[str]
                                                                            ) -> None:
    (folder / "code-capital.json").unlink()
    os.mkfifo(folder / "code-capital.json")
    assert unchanged_import(folder, cache) is None  # refused, not waited on
    code, out, _ = run(capsys, "data", "import", str(folder), "--data", str(cache))
    assert code == 1 and "code-capital.json: cannot be read" in out and "FIFO" in out
    (folder / "code-capital.json").unlink()
    os.symlink("code-capital.json", folder / "code-capital.json")
    assert unchanged_import(folder, cache) is None
    code, out, _ = run(capsys, "data", "import", str(folder), "--data", str(cache))
    assert code == 1 and "loop" in out


def test_an_import_with_errors_leaves_no_record(folder: Path, cache: Path) -> None:
    (folder / "code-capital.json").write_text("Not Found", encoding="utf-8")
    report = import_folder(folder, cache)
    assert not report.ok and not (cache / RECORD).exists()
    assert unchanged_import(folder, cache) is None  # and the next import tries that army again
    report = import_folder(folder, cache)
    assert not report.ok


def test_a_download_writes_no_record(folder: Path, cache: Path) -> None:
    """Only a folder import records (the check reads folders); a later import of another reader forgets it."""
    from armybuilder.data.importer import MemoryReader, import_files

    files = {p.name: p.read_bytes() for p in folder.glob("*.json")}
    import_files(MemoryReader(files, "http://mirror.invalid/"), cache)
    assert not (cache / RECORD).exists()


def test_cancel_goes_to_the_importer_which_says_cancelled(folder: Path, cache: Path) -> None:
    import threading

    cancel = threading.Event()
    cancel.set()
    assert unchanged_import(folder, cache, cancel=cancel) is None
    assert import_folder(folder, cache, cancel=cancel).cancelled


def test_a_spanish_run_reads_the_record_in_spanish(folder: Path, cache: Path) -> None:
    """The record keeps messages language-neutral, as the index does: shown in the reader's language."""
    fast = unchanged_import(folder, cache)
    assert fast is not None
    english = [str(i) for i in fast.issues]
    with language_override("es"):
        assert [str(i) for i in fast.issues] != english
        assert {a.status_label for a in fast.armies} == {"sin cambios", "omitido"}


def test_all_56_armies_unchanged_read_the_same_both_ways(official_data: Path, imported_data: ImportReport,
                                                        tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(imported_data.data_dir, cache)
    fast = unchanged_import(official_data, cache)
    assert fast is not None
    full = full_import(official_data, cache)
    assert comparable(fast) == comparable(full)
    assert fast.count("unchanged") == 56 and not full.written


def test_the_program_ends_at_once_after_a_cold_import_and_says_the_same(folder: Path, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m armybuilder data import` keeps the import's objects to the end and ends without tearing the
    interpreter down (`cli.run`, #20): its report, exit code and log are those of `main` called in a process that
    goes on, which frees them as usual (nothing is kept then)."""
    from armybuilder.cli.common import keep_until_exit

    home = tmp_path / "home"
    env = {**os.environ, "ARMYBUILDER_HOME": str(home), "ARMYBUILDER_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "armybuilder", "data", "import", str(folder), "--data",
                           str(tmp_path / "cache"), "--verbose"], capture_output=True, text=True, env=env, check=False)
    code, out, err = run(capsys, "data", "import", str(folder), "--data", str(tmp_path / "cache2"), "--verbose")
    assert keep_until_exit() is None
    assert done.returncode == code == 0, done.stderr
    assert re.sub(r"\(\d+\.\d\d s\)", "(… s)", done.stdout).replace("cache\n", "cache2\n") == out
    assert done.stderr == err and "reading [7/7]" in err
    assert "INFO    armybuilder [MainThread] armybuilder" in (home / "logs" / "armybuilder.log").read_text("utf-8")


def test_a_profiled_cold_import_still_writes_its_profile(folder: Path, tmp_path: Path) -> None:
    """Under a profiler the program keeps nothing and exits as Python does, so cProfile writes its figures."""
    env = {**os.environ, "ARMYBUILDER_HOME": str(tmp_path / "home"), "ARMYBUILDER_LANG": "en"}
    profile = tmp_path / "import.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "armybuilder", "data", "import",
                           str(folder), "--data", str(tmp_path / "cache")], capture_output=True, text=True, env=env,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "5 new, 0 updated" in done.stdout and profile.stat().st_size > 0
