"""Never lose work: the autosave follows the open list, is cleared when the work is safe, survives a
real process being killed and is offered back at the next start; corrupt or newer list files are
refused with a message and left byte for byte as they were."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from guihelpers import TEST_ARMY, make_window
from PySide6.QtCore import Qt

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import loads_list, save_list
from armybuilder.domain.lists import ArmyList
from armybuilder.gui.autosave import Autosave, autosave_dir, entry_json, read_entry
from armybuilder.gui.dialogs.restore import RestoreDialog, offer_restore
from armybuilder.gui.mainwindow import BUILDER_PAGE, START_PAGE, MainWindow
from armybuilder.paths import bundled_profiles_dir

ROOT = Path(__file__).resolve().parents[2]
LINE, HEAVY = 1, 2


def start_list(window: MainWindow) -> None:
    summary = next(s for s in window.catalog.armies() if s.id == TEST_ARMY)
    window.start_page.army_chosen.emit(summary)
    assert window.pages.currentIndex() == BUILDER_PAGE


@pytest.fixture
def autosave(window: MainWindow, tmp_path: Path) -> Autosave:
    return Autosave(window, tmp_path / "autosave", idle_ms=60, longest_ms=5000)


def test_autosave_follows_the_list_and_is_cleared_when_the_work_is_safe(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                          autosave: Autosave,
                                                                          tmp_path: Path) -> None:
    start_list(window)
    assert not autosave.file.exists() and not autosave.pending  # nothing to keep yet
    with qtbot.waitSignal(autosave.written, timeout=5000):
        window.document.add_trooper(LINE, 1, 1)
        window.document.rename("Frost")
    entry = read_entry(autosave.file)
    assert (entry.name, entry.army, entry.path) == ("Frost", "Test Sectorial", None)
    assert loads_list(entry.text).army_list == window.document.army_list
    assert abs((datetime.now(UTC) - entry.saved_at).total_seconds()) < 60
    assert sorted(p.suffix for p in autosave.folder.iterdir()) == [".json", ".lock"]

    # saved to a file: the autosave goes; a later edit brings it back, naming that file
    saved = tmp_path / "frost.yaml"
    with qtbot.waitSignal(autosave.cleared, timeout=5000):
        window.tasks.wait(window.save_to(saved))
    assert not autosave.file.exists()
    with qtbot.waitSignal(autosave.written, timeout=5000):
        window.document.add_trooper(HEAVY, 1, 1)
    assert read_entry(autosave.file).path == saved
    # undoing back to the saved list is safe too
    with qtbot.waitSignal(autosave.cleared, timeout=5000):
        window.document.undo_stack.undo()

    # a clean close (the unsaved-changes question answered "Discard") leaves nothing behind
    with qtbot.waitSignal(autosave.written, timeout=5000):
        window.document.add_trooper(HEAVY, 1, 1)
    assert window.close()
    assert list(autosave.folder.iterdir()) == []


def test_busy_editing_still_autosaves_within_the_longest_delay(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                               tmp_path: Path) -> None:
    autosave = Autosave(window, tmp_path / "autosave", idle_ms=60_000, longest_ms=150)
    start_list(window)
    started = time.monotonic()
    written: list[object] = []
    autosave.written.connect(written.append)
    while not written and time.monotonic() - started < 10:
        window.document.rename(f"name {time.monotonic()}")  # a change every 20 ms keeps the idle timer waiting
        qtbot.wait(20)
    assert written and read_entry(autosave.file).name.startswith("name ")


def test_closing_the_list_with_discard_clears_the_autosave(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                           autosave: Autosave) -> None:
    start_list(window)
    with qtbot.waitSignal(autosave.written, timeout=5000):
        window.document.add_trooper(LINE, 1, 1)
    with qtbot.waitSignal(autosave.cleared, timeout=5000):
        window.action_set.close_list.trigger()
    assert window.pages.currentIndex() == START_PAGE and not autosave.file.exists()


def test_a_running_app_s_autosave_is_not_offered_to_another(qtbot, window: MainWindow, synthetic_catalog: Catalog,  # type: ignore[no-untyped-def]
                                                            app_settings, tmp_path: Path) -> None:
    first = Autosave(window, tmp_path / "autosave", idle_ms=30)
    start_list(window)
    with qtbot.waitSignal(first.written, timeout=5000):
        window.document.add_trooper(LINE, 1, 1)
    other = make_window(qtbot, Catalog.from_paths([bundled_profiles_dir() / "packs", ROOT / "tests/data/rules"]),
                        app_settings)
    second = Autosave(other, tmp_path / "autosave")
    assert second.orphans() == []  # the first window is alive: its lock is held
    assert offer_restore(other.host, second, other.other_games.restore) is None


def write_orphan(folder: Path, army_list: ArmyList, name: str, path: Path | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"{name}.json"
    file.write_text(entry_json(army_list, "Test Sectorial", path, _list_text(army_list)), encoding="utf-8")
    return file


def _list_text(army_list: ArmyList) -> str:
    from armybuilder.data.listfile import dumps_list

    return dumps_list(army_list)


def test_restore_offer_later_and_discard(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    start_list(window)
    window.document.add_trooper(LINE, 1, 1)
    listed = window.document.army_list
    assert listed is not None
    window.document.close_list()
    folder = tmp_path / "autosave"
    old = write_orphan(folder, listed.model_copy(update={"name": "Older"}), "111-1-aaaaaa")
    newer = write_orphan(folder, listed.model_copy(update={"name": "Newer"}), "222-2-bbbbbb", tmp_path / "n.yaml")
    data = json.loads(old.read_text(encoding="utf-8"))
    data["saved_at"] = "2020-01-02T03:04:05+00:00"
    old.write_text(json.dumps(data), encoding="utf-8")
    (folder / "333-3-cccccc.json").write_text("{not json", encoding="utf-8")  # not offered, not deleted
    autosave = Autosave(window, folder)

    dialog = offer_restore(window.host, autosave, window.other_games.restore)
    assert isinstance(dialog, RestoreDialog) and dialog.isVisible()
    assert "2 lists had unsaved changes" in dialog.headline.text()
    rows = [dialog.table.topLevelItem(i).text(0) for i in range(dialog.table.topLevelItemCount())]
    assert rows == ["Newer", "Older"]  # newest first
    assert dialog.table.topLevelItem(0).text(3) == "n.yaml"
    assert dialog.table.topLevelItem(1).text(3) == "never saved to a file"
    assert "It had been saved as" in dialog.detail.text()
    qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and old.exists() and newer.exists()

    dialog = offer_restore(window.host, autosave, window.other_games.restore)  # decided later: offered again
    assert dialog is not None and len(dialog.orphans) == 2
    dialog.confirm_discard = lambda entry: True  # type: ignore[method-assign]
    dialog.table.setCurrentItem(dialog.table.topLevelItem(1))  # type: ignore[arg-type]
    assert "Older" in dialog.detail.text() and "never been saved" in dialog.detail.text()
    qtbot.mouseClick(dialog.discard_button, Qt.MouseButton.LeftButton)
    assert not old.exists() and newer.exists() and dialog.isVisible()
    qtbot.mouseClick(dialog.discard_button, Qt.MouseButton.LeftButton)
    assert not newer.exists() and not dialog.isVisible()
    assert (folder / "333-3-cccccc.json").exists()
    assert offer_restore(window.host, autosave, window.other_games.restore) is None


def _bundled_list_file(catalog: Catalog, path: Path) -> ArmyList:
    """A saved two-trooper list of the bundled PanOceania."""
    from armybuilder.rules.list_settings import ListDefaults, new_list

    summary = next(s for s in catalog.armies() if s.name == "PanOceania" and s.origin == "bundled")
    army = catalog.army(summary.ref)
    army_list = new_list(catalog, summary, ListDefaults()).model_copy(update={"name": "Kill test"})
    for slug in ("fusiliers", "orc-troops"):
        unit = army.unit_by_slug(slug)
        assert unit is not None
        group, option = next(unit.selectable_options())
        army_list, _ = army_list.with_trooper(1, unit.id, group.id if group else 0, option.id)
    save_list(path, army_list)
    return army_list


def _wait_for_autosave(folder: Path, process: subprocess.Popen[str], timeout: float = 60) -> Path:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if found:
            return found[0]
        if process.poll() is not None:
            raise AssertionError(f"the app ended early: {process.communicate()}")
        time.sleep(0.1)
    raise AssertionError("no autosave appeared")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_app_s_work_is_offered_at_the_next_start(qtbot, tmp_path: Path, app_settings,  # type: ignore[no-untyped-def]
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    list_file = tmp_path / "kill-test.yaml"
    saved_list = _bundled_list_file(catalog, list_file)
    on_disk = list_file.read_bytes()
    home = tmp_path / "home"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ARMYBUILDER_HOME": str(home),
           "ARMYBUILDER_LANG": "en", "PYTHONPATH": str(ROOT),  # the app of this checkout, whatever is installed
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path / "user")}
    process = subprocess.Popen([sys.executable, str(Path(__file__).with_name("edit_hook.py")), str(list_file)],
                               cwd=ROOT, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        autosaved = _wait_for_autosave(home / "autosave", process)
        time.sleep(0.3)  # the atomic write has landed once the file exists; let the process run on a moment
        assert process.poll() is None, "the app must still be running when it is killed"
        process.send_signal(signal.SIGKILL)
        out, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == -signal.SIGKILL
    assert "edited t3" in out
    assert autosaved.exists() and autosaved.with_suffix(".lock").exists()  # nothing cleaned up: it was killed
    assert list_file.read_bytes() == on_disk  # the edit was never saved to the list file

    # the next start, through the window and the restore logic the app runs at start-up
    monkeypatch.setenv("ARMYBUILDER_HOME", str(home))
    window = make_window(qtbot, catalog, app_settings)
    autosave = Autosave(window)
    assert autosave.folder == autosave_dir() == home / "autosave"
    dialog = offer_restore(window.host, autosave, window.other_games.restore)
    assert dialog is not None and len(dialog.orphans) == 1
    assert dialog.headline.text() == "The army builder did not close properly last time."
    detail = dialog.detail.text()
    assert "Kill test — PanOceania" in detail and "Autosaved " in detail
    assert f"It had been saved as {list_file}" in detail
    assert dialog.orphans[0].entry.saved_at.year == datetime.now().year
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    assert window.tasks.wait()

    restored = window.document.army_list
    assert restored is not None and restored.name == "Kill test"
    assert [t.uid for _, t in restored.troopers()] == ["t1", "t3", "t2"]  # the duplicate, after its original
    assert restored == saved_list.duplicated("t1")[0]
    assert window.document.path == list_file and window.document.modified  # unsaved, as it was
    assert "Restored Kill test" in window.statusBar().currentMessage()
    assert not autosaved.exists() and not autosaved.with_suffix(".lock").exists()
    assert autosave.file.exists()  # adopted: a crash now would still keep the work
    assert offer_restore(window.host, autosave, window.other_games.restore) is None
    window.document.close_list()


@pytest.mark.parametrize("content", [
    pytest.param(bytes(range(256)) * 3, id="binary-garbage"),
    pytest.param(b"format: armybuilder-list/1\narmy: {origin: bundled, id: 950\n  troopers: [", id="broken-yaml"),
    pytest.param(b"format: armybuilder-list/7\narmy: {origin: bundled, id: 950}\npack: n5\n", id="newer-format"),
    pytest.param(b"\xef\xbb\xbfformat: armybuilder-list/1\nname: [1, 2]\narmy: 12\n", id="wrong-types"),
])
def test_a_corrupt_or_newer_file_is_refused_and_left_untouched(qtbot, window: MainWindow, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                               content: bytes) -> None:
    start_list(window)
    window.document.add_trooper(LINE, 1, 1)
    before = window.document.army_list
    path = tmp_path / "list.yaml"
    path.write_bytes(content)
    stamp = path.stat().st_mtime_ns
    window.ask_unsaved = lambda: pytest.fail("nothing to ask: the open list stays")  # type: ignore[method-assign]
    window.document.mark_saved(before, tmp_path / "open.yaml")  # type: ignore[arg-type]
    window.ask_open_path = lambda: path  # type: ignore[method-assign]
    window.action_set.open_list.trigger()
    qtbot.waitUntil(lambda: bool(window.shown_messages), timeout=5000)  # type: ignore[attr-defined]
    kind, title, text = window.shown_messages[0]  # type: ignore[attr-defined]
    assert kind == "error" and title == "Could not open list.yaml"
    assert str(path) in text
    if "newer" in str(content):
        assert "written by a newer version of the builder (armybuilder-list/7)" in text
    assert "The file was not changed." in text
    assert path.read_bytes() == content and path.stat().st_mtime_ns == stamp
    assert window.document.army_list == before  # the list open before is still open
    assert window.settings.recent_files() == []  # a file that exists stays out of, and is not added to, recents


def _dead_pid() -> int:
    """The pid of a process that has ended (reaped), so that no process of this host has it."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _hand_lock(path: Path, pid: int, host: str, age_s: float = 0) -> Path:
    """A lock file as QLockFile writes it (pid, program, host), `age_s` seconds old."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{pid}\npython3\n{host}\n", encoding="utf-8")
    if age_s:
        when = time.time() - age_s
        os.utime(path, (when, when))
    return path


def test_the_locks_of_gone_sessions_are_cleaned_and_their_work_offered(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                        tmp_path: Path) -> None:
    """A killed session's lock: its process not alive on this host, or written on another host and not
    refreshed for two hours, or unreadable and old. Without an autosave it is removed at start-up (they piled
    up); with one, the autosave is offered and its lock taken over. A live session's lock is left alone."""
    from PySide6.QtCore import QLockFile, QSysInfo

    from armybuilder.gui import autosave as autosave_module

    folder = tmp_path / "autosave"
    here = QSysInfo.machineHostName()
    gone_here = _hand_lock(folder / "1-dead.lock", _dead_pid(), here)
    gone_elsewhere = _hand_lock(folder / "2-far.lock", 4242, "another-host", age_s=autosave_module.STALE_LOCK_S + 60)
    fresh_elsewhere = _hand_lock(folder / "3-far.lock", 4242, "another-host", age_s=60)
    unreadable = folder / "4-cut.lock"
    unreadable.write_bytes(b"")
    os.utime(unreadable, (time.time() - 3600, time.time() - 3600))
    alive_here = folder / "5-alive.lock"
    running = QLockFile(str(alive_here))  # held by this very process: a running session's
    assert running.tryLock(0)
    army_list = ArmyList(name="Far away", army=window.catalog.armies()[0].ref, pack="n5", points=300)
    work = write_orphan(folder, army_list, "6-far")
    work_lock = _hand_lock(folder / "6-far.lock", 4242, "another-host", age_s=autosave_module.STALE_LOCK_S + 60)
    busy = write_orphan(folder, army_list, "7-busy")
    _hand_lock(folder / "7-busy.lock", 4242, "another-host", age_s=5)

    autosave = Autosave(window, folder)
    orphans = autosave.orphans()
    assert [o.entry.file for o in orphans] == [work]  # offered: the work of the session gone elsewhere
    assert not gone_here.exists() and not gone_elsewhere.exists() and not unreadable.exists()
    assert fresh_elsewhere.exists() and alive_here.exists()  # may still be running: never taken
    assert busy.exists() and work_lock.exists()  # held by us while the user decides
    orphans[0].release()
    autosave.finish()
    running.unlock()
    assert sorted(p.name for p in folder.iterdir()) == ["3-far.lock", "6-far.json", "7-busy.json", "7-busy.lock"]


def test_a_running_session_keeps_its_lock_fresh(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    autosave = Autosave(window, tmp_path / "autosave")
    lock = Path(autosave._lock.fileName())
    old = time.time() - 3 * 3600
    os.utime(lock, (old, old))
    autosave.refresh.timeout.emit()
    assert time.time() - lock.stat().st_mtime < 60
    assert autosave.refresh.isActive() and autosave.refresh.interval() == 10 * 60 * 1000
    autosave.finish()
    assert not lock.exists() and not autosave.refresh.isActive()
