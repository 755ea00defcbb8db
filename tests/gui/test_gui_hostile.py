"""The window under faults (#19): two windows on one file, an autosave folder that cannot be written,
a corrupt autosave, a list file with absurd numbers. Nothing is lost silently; everything is said."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest
from guihelpers import TEST_ARMY, make_window

from armybuilder.data.listfile import load_list, save_list
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.gui.autosave import Autosave
from armybuilder.gui.mainwindow import MainWindow

LINE = 1


def list_file(path: Path, name: str) -> Path:
    army_list = ArmyList(name=name, army=ArmyRef(origin="bundled", id=TEST_ARMY, slug="test-sectorial"),
                         pack="n5", points=300)
    army_list, _ = army_list.with_trooper(1, LINE, 1, 1)
    save_list(path, army_list)
    return path


def touch_later(path: Path, text: str) -> None:
    """Another program writes the file (its mtime moves on even on coarse clocks)."""
    path.write_text(text, encoding="utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))


@pytest.fixture
def changed(window: MainWindow, tmp_path: Path) -> tuple[Path, list[str]]:
    """A list opened in the window, edited there, then saved over by another window; the answers asked."""
    path = list_file(tmp_path / "list.yaml", "Mine")
    window.tasks.wait(window.open_path(path))
    window.document.rename("Edited here")
    other = load_list(path).army_list.model_copy(update={"name": "Saved elsewhere"})
    save_list(path, other)
    touch_later(path, path.read_text(encoding="utf-8"))
    return path, []


def answer(window: MainWindow, asked: list[str], choice: str) -> None:
    def ask(path: Path) -> str:
        asked.append(path.name)
        return choice

    window.ask_changed_on_disk = ask  # type: ignore[method-assign]


def test_saving_over_a_file_changed_elsewhere_asks_and_cancel_keeps_it(window: MainWindow,
                                                                       changed: tuple[Path, list[str]]) -> None:
    path, asked = changed
    answer(window, asked, "cancel")
    assert window.save_to(path) is None
    assert asked == ["list.yaml"] and load_list(path).army_list.name == "Saved elsewhere"
    assert window.document.modified


def test_overwrite_writes_and_the_next_save_does_not_ask_again(window: MainWindow,
                                                               changed: tuple[Path, list[str]]) -> None:
    path, asked = changed
    answer(window, asked, "overwrite")
    window.tasks.wait(window.save_to(path))
    assert load_list(path).army_list.name == "Edited here" and not window.document.modified
    window.document.rename("Again")
    window.tasks.wait(window.save_to(path))
    assert asked == ["list.yaml"] and load_list(path).army_list.name == "Again"


def test_reload_shows_what_the_other_window_saved(window: MainWindow, changed: tuple[Path, list[str]]) -> None:
    path, asked = changed
    answer(window, asked, "reload")
    assert window.save_to(path) is None
    window.tasks.wait()
    assert window.document.army_list is not None and window.document.army_list.name == "Saved elsewhere"
    assert not window.document.modified


def test_save_as_leaves_the_other_file_alone(window: MainWindow, changed: tuple[Path, list[str]],
                                             tmp_path: Path) -> None:
    path, asked = changed
    answer(window, asked, "save_as")
    window.ask_save_path = lambda: tmp_path / "copy.yaml"  # type: ignore[method-assign]
    window.tasks.wait(window.save_to(path))
    assert load_list(path).army_list.name == "Saved elsewhere"
    assert load_list(tmp_path / "copy.yaml").army_list.name == "Edited here"


def test_two_windows_on_one_file(qtbot, window: MainWindow, synthetic_catalog, app_settings,  # type: ignore[no-untyped-def]
                                 tmp_path: Path) -> None:
    path = list_file(tmp_path / "list.yaml", "Shared")
    second = make_window(qtbot, synthetic_catalog, app_settings)
    for each in (window, second):
        each.tasks.wait(each.open_path(path))
    second.document.rename("Second")
    second.tasks.wait(second.save_to(path))
    touch_later(path, path.read_text(encoding="utf-8"))
    asked: list[str] = []
    answer(window, asked, "cancel")
    window.document.rename("First")
    assert window.save_to(path) is None and asked == ["list.yaml"]
    assert load_list(path).army_list.name == "Second"


def test_an_unwritable_autosave_folder_is_said_once_and_tried_again(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                    tmp_path: Path) -> None:
    blocked = tmp_path / "autosave"
    blocked.write_text("a file where the folder should be", encoding="utf-8")
    told: list[str] = []
    autosave = Autosave(window, blocked, idle_ms=30, longest_ms=5000)
    autosave.failed.connect(told.append)
    qtbot.waitUntil(lambda: len(told) == 1, timeout=5000)
    assert not autosave.enabled and "Autosave is off" in told[0] and str(blocked) in told[0]
    window.tasks.wait(window.open_path(list_file(tmp_path / "list.yaml", "Kept")))
    window.document.rename("Change 1")
    autosave.save_now()
    assert len(told) == 1  # said once, not at every change
    blocked.unlink()
    window.document.rename("Change 2")
    with qtbot.waitSignal(autosave.written, timeout=5000):
        autosave.save_now()
    assert autosave.enabled and "works again" in told[-1] and autosave.file.exists()
    autosave.finish()


def test_a_corrupt_autosave_is_said_in_the_window(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / "123-1-abcdef.json").write_text(json.dumps({"format": "armybuilder-autosave/1"})[:-5],
                                              encoding="utf-8")
    autosave = Autosave(window, folder)
    told: list[str] = []
    autosave.failed.connect(told.append)
    assert autosave.orphans() == []
    assert len(told) == 1 and "could not be read and is not offered" in told[0] and "123-1-abcdef.json" in told[0]
    autosave.finish()


@pytest.mark.parametrize(("points", "said"), [(10**40, "far beyond any value"), (10**20, "at most 10000")])
def test_a_list_with_an_absurd_game_size_is_refused_and_the_window_unchanged(window: MainWindow, tmp_path: Path,
                                                                             points: int, said: str) -> None:
    good = list_file(tmp_path / "good.yaml", "Good")
    window.tasks.wait(window.open_path(good))
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text(encoding="utf-8").replace("points: 300", f"points: {points}"), "utf-8")
    window.tasks.wait(window.open_path(bad))
    kind, _, text = window.shown_messages[-1]  # type: ignore[attr-defined]
    assert kind == "error" and said in text
    assert window.document.army_list is not None and window.document.army_list.name == "Good"
    assert window.document.path == good


@pytest.mark.parametrize("points", [25, 2000, 10_000])
def test_the_game_size_shown_is_the_list_s_own_within_the_sane_range(window: MainWindow, tmp_path: Path,
                                                                     points: int) -> None:
    """A game size the core accepts (1-10,000 points, domain/limits.py) is shown as it is, not clamped to a
    narrower range of the window's own, which the next click on the spin box would write into the list."""
    path = list_file(tmp_path / "big.yaml", "Big")
    path.write_text(path.read_text(encoding="utf-8").replace("points: 300", f"points: {points}"), "utf-8")
    window.tasks.wait(window.open_path(path))
    assert window.document.army_list is not None and window.document.army_list.points == points
    assert window.list_settings.points.value() == points
    assert window.document.report is not None and window.document.report.totals.points_limit == points


def test_free_points_chosen_after_a_tier_keep_its_size(window: MainWindow, tmp_path: Path) -> None:
    """The bar's points are the list's game size (rules.list_settings.game_size): Free points chosen in the
    Game size combo after the 400 tier plays 400 points, as a change of rules pack keeps the size."""
    from armybuilder.gui.widgets.listsettings import FREE_POINTS

    path = list_file(tmp_path / "tier.yaml", "Tier")
    path.write_text(path.read_text(encoding="utf-8").replace("pack: n5", "pack: its-s17\ntier: '400'")
                    .replace("points: 300\n", "", 1), "utf-8")
    window.tasks.wait(window.open_path(path))
    assert window.document.army_list is not None and window.document.army_list.tier == "400"
    combo = window.list_settings.game_size
    row = combo.findData(FREE_POINTS)
    combo.setCurrentIndex(row)
    combo.activated.emit(row)
    changed = window.document.army_list  # read afresh: mypy kept the `tier == "400"` narrowing from above
    assert changed is not None and (changed.tier, changed.points) == (None, 400)


def test_cancel_ends_the_import_thread_of_a_stalled_download_within_a_second(tmp_path: Path) -> None:
    import socket
    import threading

    from armybuilder.gui.dialogs.import_data import ImportSource, run_import

    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        conn, _ = listener.accept()
        conn.recv(65536)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        while not stop.wait(0.5):
            conn.sendall(b"{")
        conn.close()

    threading.Thread(target=serve, daemon=True).start()
    cancel = threading.Event()
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(run_import(
        ImportSource(url=f"http://127.0.0.1:{listener.getsockname()[1]}"), cancel, None, tmp_path / "data")))
    worker.start()
    time.sleep(1.0)
    cancelled_at = time.monotonic()
    cancel.set()
    worker.join(5)
    stop.set()
    listener.close()
    assert not worker.is_alive() and time.monotonic() - cancelled_at < 1.0
    assert outcome[0].report.cancelled and not (tmp_path / "data").exists()


def test_a_recent_file_that_became_a_symlink_loop_breaks_nothing(app_settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    looped = tmp_path / "looped.yaml"
    app_settings.add_recent_file(looped)
    looped.symlink_to(tmp_path / "other.yaml")
    (tmp_path / "other.yaml").symlink_to(looped)
    app_settings.add_recent_file(tmp_path / "fine.yaml")
    assert app_settings.recent_files()[0] == tmp_path / "fine.yaml"


def test_a_full_disk_at_save_is_said_in_words(window: MainWindow, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The window said "[Errno 28] No space left on device: '…'"; now the file and the reason, as the CLI."""
    import errno

    path = list_file(tmp_path / "list.yaml", "Mine")
    window.tasks.wait(window.open_path(path))
    window.document.rename("Edited here")

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)  # the module fileio writes with
    window.tasks.wait(window.save_to(path))
    kind, title, text = window.shown_messages[-1]  # type: ignore[attr-defined]
    assert kind == "error" and "list.yaml" in title
    assert text == f"{path}: No space left on device" and "Errno" not in text
    assert load_list(path).army_list.name == "Mine"  # the file is as it was


def test_a_damaged_store_with_thousands_of_recent_files_lists_ten(app_settings) -> None:  # type: ignore[no-untyped-def]
    app_settings.store.setValue("files/recent", [f"/tmp/list-{i}.yaml" for i in range(5000)])
    assert len(app_settings.recent_files()) == 10


def test_a_fifo_as_the_settings_file_gives_a_session_store_not_a_hung_start(  # type: ignore[no-untyped-def]
        qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """QSettings opened the FIFO and waited for a writer: the app never showed a window."""
    from armybuilder.gui import settings_store

    fifo = tmp_path / "armybuilder.conf"
    os.mkfifo(fifo)
    monkeypatch.setattr(settings_store, "native_settings_file", lambda: fifo)
    monkeypatch.setattr(settings_store, "_problems", [])
    store = settings_store.default_qsettings()
    store.setValue("view/distances_cm", True)
    store.sync()
    assert Path(store.fileName()) != fifo and stat.S_ISFIFO(os.stat(fifo).st_mode)
    problem = settings_store.settings_problem()
    assert problem is not None and str(fifo) in problem and "FIFO" in problem
