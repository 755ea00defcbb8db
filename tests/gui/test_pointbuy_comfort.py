"""The file comforts of Infinity lists, given to point-buy armies through the game-neutral seam: the one
list of recent files every window shares, the autosave, and the restore offer after a crash."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from armybuilder.gui.app import Windows
from armybuilder.gui.autosave import Autosave, AutosaveContent, content_json, read_entry
from armybuilder.gui.dialogs.restore import offer_restore
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.pointbuy.files import list_text, load_list, loads_list
from armybuilder.pointbuy.gui.window import PointBuyWindow

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pointbuy" / "swamp-host-600.yaml"
INFINITY_LIST = Path(__file__).resolve().parents[2] / "examples" / "blizzard-6-a.yaml"


def new_army(window: MainWindow) -> PointBuyWindow:
    window.host.actions["new_pointbuy"].trigger()
    opened = window.other_games.windows[-1]
    assert isinstance(opened, PointBuyWindow)
    opened.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    opened.messages = []  # type: ignore[attr-defined]
    opened.show_message = lambda kind, title, text: opened.messages.append((kind, title, text))  # type: ignore[method-assign, attr-defined]
    return opened


def recent_titles(menu) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.text() for a in menu.actions() if a.text() and not a.isSeparator()]


def test_saved_and_opened_armies_are_in_every_window_s_recent_files(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, tmp_path: Path) -> None:
    army = new_army(window)
    army.designs.new.click()
    saved = tmp_path / "my-army.yaml"
    army.ask_save_path = lambda *_: saved  # type: ignore[method-assign]
    assert army.save()
    assert window.settings.recent_files()[0] == saved.resolve()
    assert "&1  my-army.yaml" in recent_titles(window.recent_menu)  # the main window's menu followed
    window.recent.add(INFINITY_LIST)  # an Infinity list opened meanwhile
    army.recent_menu.aboutToShow.emit()
    assert recent_titles(army.recent_menu) == ["&1  my-army.yaml"]  # only its own game's files
    assert army.open_path(EXAMPLE)
    assert window.settings.recent_files()[0] == EXAMPLE.resolve()


def test_a_new_army_s_file_dialogs_start_where_the_last_file_was(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    army = new_army(window)
    assert army._folder() == Path.home()
    window.recent.add(tmp_path / "list.yaml")  # an Infinity list saved there
    assert army._folder() == tmp_path


def test_a_recent_point_buy_army_opens_in_its_window_without_asking_about_the_infinity_list(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow) -> None:
    asked: list[str] = []
    window.maybe_keep_changes = lambda: bool(asked.append("asked") or True)  # type: ignore[method-assign, func-returns-value]
    window.recent.add(EXAMPLE)
    entry = next(a for a in window.recent_menu.actions() if a.text().endswith("swamp-host-600.yaml"))
    entry.trigger()
    assert asked == []  # the Infinity list is not replaced: nothing to ask
    opened = window.other_games.windows[-1]
    assert isinstance(opened, PointBuyWindow) and opened.document.path == EXAMPLE


def test_a_recent_army_that_is_gone_leaves_the_recent_files(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    army = new_army(window)
    gone = tmp_path / "gone.yaml"
    window.recent.add(gone)
    assert not army.open_path(gone)
    assert gone.resolve() not in window.settings.recent_files()
    assert army.messages[-1][0] == "error"  # type: ignore[attr-defined]


def test_a_point_buy_army_is_autosaved_until_it_is_saved(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.other_games.autosave_folder = tmp_path / "autosave"
    army = new_army(window)
    autosave = window.other_games.autosaves[army]
    army.designs.new.click()
    army.designer.hits.setValue(3)
    assert autosave.pending  # written a few seconds after the last change
    with qtbot.waitSignal(autosave.written, timeout=5000):
        autosave.save_now()
    entry = read_entry(autosave.file)
    assert entry.game == "pointbuy" and entry.army == "Point-buy wargame, 600 points" and entry.path is None
    assert loads_list(entry.text, "autosave").army == army.document.army
    saved = tmp_path / "army.yaml"
    army.ask_save_path = lambda *_: saved  # type: ignore[method-assign]
    with qtbot.waitSignal(autosave.cleared, timeout=5000):
        army.save()
    assert not autosave.file.exists()
    army.designer.hits.setValue(4)
    autosave.save_now()
    autosave.wait()
    assert read_entry(autosave.file).path == saved
    army.close()  # discarded: nothing is left to restore
    assert not autosave.file.exists()
    qtbot.waitUntil(lambda: army not in window.other_games.autosaves, timeout=2000)


def test_the_crash_handler_writes_the_point_buy_autosaves_too(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.other_games.autosave_folder = tmp_path / "autosave"
    army = new_army(window)
    windows = Windows(window.catalog, window.settings)
    main = Autosave(window, tmp_path / "autosave")
    windows.open.append((window, main))
    assert windows.autosaves() == [main, window.other_games.autosaves[army]]


def write_orphan(folder: Path, content: AutosaveContent, session: str = "111-1-aaaaaa") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"{session}.json"
    file.write_text(content_json(content), encoding="utf-8")
    return file


def test_a_point_buy_autosave_left_by_a_crash_is_restored_in_its_window(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    window.other_games.autosave_folder = folder
    army = load_list(EXAMPLE).army.with_settings(name="Unsaved host")
    orphan = write_orphan(folder, AutosaveContent("pointbuy", army.name, "Point-buy wargame, 600 points", EXAMPLE,
                                                  list_text(army)))
    asked: list[str] = []
    window.maybe_keep_changes = lambda: bool(asked.append("asked") or True)  # type: ignore[method-assign, func-returns-value]
    dialog = offer_restore(window.host, Autosave(window, folder), window.other_games.restore)
    assert dialog is not None
    assert dialog.table.topLevelItem(0).text(1) == "Point-buy wargame, 600 points"
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    restored = window.other_games.windows[-1]
    assert isinstance(restored, PointBuyWindow) and asked == []  # the Infinity list stays as it is
    assert restored.document.army == army and restored.document.path == EXAMPLE
    assert restored.document.modified and restored.isWindowModified()
    assert restored.statusBar().currentMessage() == "Restored Unsaved host from its autosave"
    adopted = window.other_games.autosaves[restored].file
    assert not orphan.exists() and adopted.exists()  # it is this window's autosave now
    restored.ask_save_path = lambda *_: tmp_path / "kept.yaml"  # type: ignore[method-assign]
    restored.save_as()
    assert not restored.document.modified
    qtbot.waitUntil(lambda: not adopted.exists(), timeout=5000)


def test_an_autosave_of_a_game_this_version_does_not_know_is_kept(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    orphan = write_orphan(folder, AutosaveContent("chess", "Opening", "Chess", None, "e4"))
    dialog = offer_restore(window.host, Autosave(window, folder), window.other_games.restore)
    assert dialog is not None
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    kind, _, text = window.shown_messages[-1]  # type: ignore[attr-defined]
    assert kind == "error" and "(chess)" in text and str(orphan) in text
    assert orphan.exists() and not window.other_games.windows


def test_a_broken_point_buy_autosave_is_kept_and_its_window_closed(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    window.other_games.autosave_folder = folder
    orphan = write_orphan(folder, AutosaveContent("pointbuy", "Broken", "Point-buy wargame", None,
                                                  "format: armybuilder-pointbuy-list/1\npoints: [\n"))
    dialog = offer_restore(window.host, Autosave(window, folder), window.other_games.restore)
    assert dialog is not None
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    kind, _, text = window.shown_messages[-1]  # type: ignore[attr-defined]
    assert kind == "error" and "YAML syntax error" in text and "The autosave is kept" in text
    assert orphan.exists() and json.loads(orphan.read_text(encoding="utf-8"))["game"] == "pointbuy"
    qtbot.waitUntil(lambda: not window.other_games.windows, timeout=2000)
