"""The app as a desktop program: its icon, version and desktop file name; the Help menu (F1 documentation,
About); list files dropped on the window; the crash dialog that keeps the autosave; a missing icon theme."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from guihelpers import BLIZZARD_A, make_window
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QIcon, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from armybuilder import __version__
from armybuilder.about import APP_ID
from armybuilder.data.catalog import Catalog
from armybuilder.gui.app import make_application
from armybuilder.gui.autosave import Autosave
from armybuilder.gui.desktop import crash
from armybuilder.gui.desktop.appicon import app_icon
from armybuilder.gui.desktop.crash import CrashHandler
from armybuilder.gui.desktop.help import HelpDialog, about_box
from armybuilder.paths import bundled_profiles_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def seed_catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


def test_the_application_names_its_version_desktop_file_and_icon() -> None:
    app = make_application(["armybuilder"])
    assert app.applicationVersion() == __version__
    assert app.desktopFileName() == APP_ID
    icon = app.windowIcon()
    assert not icon.isNull() and icon.pixmap(48, 48).width() == 48
    sizes = {(s.width(), s.height()) for s in icon.availableSizes()}
    assert {(48, 48), (256, 256)} <= sizes


def test_the_application_paints_on_the_gui_thread_alone_unless_told_otherwise(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.app import GUI_THREADPOOL_OFF

    monkeypatch.delenv(GUI_THREADPOOL_OFF, raising=False)
    make_application(["armybuilder"])
    assert os.environ.get(GUI_THREADPOOL_OFF) == "1", "Qt's fills are not split over its thread pool"
    monkeypatch.setenv(GUI_THREADPOOL_OFF, "kept")
    make_application(["armybuilder"])
    assert os.environ[GUI_THREADPOOL_OFF] == "kept", "a value the environment gives is left as it is"


def test_the_icon_does_not_need_an_icon_theme(caplog: pytest.LogCaptureFixture) -> None:
    saved = QIcon.themeName()
    QIcon.setThemeName("no-such-theme")
    try:
        app_icon.cache_clear()
        assert not app_icon().isNull()
        from armybuilder.gui.app import _check_icon_theme

        with caplog.at_level("INFO", logger="armybuilder"):
            _check_icon_theme()
        assert [r.getMessage() for r in caplog.records if "icon theme" in r.getMessage()] == [
            "no usable icon theme ('no-such-theme'): using the app's own and Qt's built-in icons"]
    finally:
        QIcon.setThemeName(saved)
        app_icon.cache_clear()


def test_help_menu_f1_opens_the_documentation(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    menus = {action.menu().objectName(): action.menu() for action in window.menuBar().actions() if action.menu()}
    help_menu = menus["help_menu"]
    names = [a.objectName() for a in help_menu.actions() if a.objectName()]
    assert names == ["help_documentation", "help_log_folder", "help_about"]
    documentation = window.help.documentation
    assert documentation.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
    documentation.trigger()
    dialog = window.help.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.pages.item(0).text() == "The app" and dialog.pages.count() >= 8
    assert "The main window" in dialog.browser.toPlainText() or "window" in dialog.browser.toPlainText()
    dialog.show_page("cli.md")
    assert "The command line" in dialog.browser.toPlainText()
    dialog.browser.anchorClicked.emit(QUrl("docs/list-format.md"))  # a link as the pages write them
    assert dialog.pages.currentItem().text() == "List files"
    assert dialog.browser.source().toLocalFile().endswith("list-format.md")
    dialog.close()


def test_help_without_installed_docs_says_so(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog = HelpDialog(folder=tmp_path / "nowhere")
    qtbot.addWidget(dialog)
    assert "The documentation is not installed" in dialog.browser.toPlainText()
    assert str(tmp_path / "nowhere") in dialog.browser.toPlainText()


def test_the_about_box(qtbot, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.desktop import help as help_module

    monkeypatch.setattr(help_module, "log_file", lambda: tmp_path / "armybuilder.log")  # as the app sets it up
    box = about_box(None)
    qtbot.addWidget(box)
    text = box.text()
    assert f"Infinity army builder {__version__}" in text
    assert "MIT" in text and "DejaVu" in text and "Corvus Belli" in text and "never ships their data" in text
    assert f"Log file: {tmp_path / 'armybuilder.log'}" in text
    detail = box.detailedText()
    assert "Permission is hereby granted" in detail and "Bitstream" in detail
    assert not box.iconPixmap().isNull()


def test_the_about_box_says_when_there_is_no_log_file(qtbot, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Without a log file (its folder cannot be written) the About box named the folder as "Log file:"; and a
    path is text, not markup ("R&D" in a user's folder name)."""
    from armybuilder.gui.desktop import help as help_module

    folder = tmp_path / "R&D <logs>"
    monkeypatch.setattr(help_module, "log_file", lambda: None)
    monkeypatch.setattr(help_module, "user_log_dir", lambda: folder)
    box = about_box(None)
    qtbot.addWidget(box)
    assert "Log file:" not in box.text()
    escaped = str(folder).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert f"No log file: it cannot be written in {escaped}" in box.text(), box.text()
    monkeypatch.setattr(help_module, "log_file", lambda: folder / "armybuilder.log")
    assert f"Log file: {escaped}/armybuilder.log" in help_module.about_text()


def _drop(window, paths: list[Path]) -> None:  # type: ignore[no-untyped-def]
    """What Qt calls on the window while a file manager's drag passes over it and is dropped."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(QPoint(200, 200), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(200, 200), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    window.dropEvent(drop)
    assert drop.isAccepted()


def test_a_drag_without_files_is_refused(window) -> None:  # type: ignore[no-untyped-def]
    data = QMimeData()
    data.setText("hello")
    enter = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    window.dragEnterEvent(enter)
    assert not enter.isAccepted()


def test_dropping_a_list_file_opens_it(qtbot, seed_catalog: Catalog, app_settings) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, seed_catalog, app_settings)
    assert window.acceptDrops()
    _drop(window, [BLIZZARD_A])
    window.tasks.wait()
    qtbot.waitUntil(lambda: window.document.army_list is not None)
    assert window.document.path == BLIZZARD_A
    assert window.shown_messages == []  # type: ignore[attr-defined]


def test_dropping_something_else_says_what_and_opens_nothing(qtbot, seed_catalog: Catalog, app_settings,  # type: ignore[no-untyped-def]
                                                             tmp_path: Path) -> None:
    window = make_window(qtbot, seed_catalog, app_settings)
    picture = tmp_path / "army.png"
    picture.write_bytes(b"\x89PNG")
    _drop(window, [picture, tmp_path])
    window.tasks.wait()
    assert window.document.army_list is None
    [(kind, title, text)] = window.shown_messages  # type: ignore[attr-defined]
    assert kind == "warning" and title == "Not list files"
    assert "army.png" in text and "are not army list files" in text and ".yaml" in text


def test_dropping_several_lists_opens_the_others_elsewhere(qtbot, seed_catalog: Catalog, app_settings) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, seed_catalog, app_settings)
    elsewhere: list[Path] = []
    window.drops.open_elsewhere = elsewhere.append
    other = ROOT / "examples" / "blizzard-6-b.yaml"
    _drop(window, [BLIZZARD_A, other])
    window.tasks.wait()
    assert window.document.path == BLIZZARD_A and elsewhere == [other]


def test_an_unexpected_error_keeps_the_autosave_and_names_the_log(qtbot, seed_catalog: Catalog, app_settings,  # type: ignore[no-untyped-def]
                                                                   tmp_path: Path, monkeypatch) -> None:
    window = make_window(qtbot, seed_catalog, app_settings)
    autosave = Autosave(window, folder=tmp_path / "autosave")
    window.tasks.wait(window.open_path(BLIZZARD_A))
    uid = next(t.uid for _, t in window.document.army_list.troopers())
    window.document.duplicate_troopers([uid])
    assert window.document.modified and not autosave.file.exists()
    exits: list[int] = []
    monkeypatch.setattr(crash.QApplication, "exit", staticmethod(exits.append))  # type: ignore[attr-defined]
    handler = CrashHandler(lambda: [autosave], lambda: window)
    try:
        raise RuntimeError("something broke")
    except RuntimeError as exc:
        handler.handle(RuntimeError, exc, exc.__traceback__)
    assert autosave.file.exists(), "the list was autosaved at once"
    box = handler.box
    assert box is not None and box.isVisible()
    assert "RuntimeError: something broke" in box.text()
    assert "autosaved" in box.informativeText() and "log" in box.informativeText()
    quit_button = next(b for b in box.buttons() if b.text() == "Quit")
    quit_button.click()
    assert exits == [crash.EXIT_AFTER_CRASH]
    window.close()  # a clean close after the crash must not delete what the crash kept
    assert autosave.file.exists()


@pytest.mark.slow
def test_a_crash_in_the_real_app(tmp_path: Path) -> None:
    """A real app process: an error in a slot brings up the dialog, Quit exits 70, and the log and the autosave
    are on disk for the next start."""
    home = tmp_path / "home"
    env = {**os.environ, "ARMYBUILDER_HOME": str(home), "QT_QPA_PLATFORM": "offscreen", "ARMYBUILDER_LANG": "en"}
    script = ROOT / "tests" / "gui" / "crash_hook.py"
    result = subprocess.run([sys.executable, str(script), str(BLIZZARD_A)], capture_output=True, text=True,
                            env=env, timeout=120, cwd=tmp_path)
    assert result.returncode == crash.EXIT_AFTER_CRASH, result.stdout + result.stderr
    log = (home / "logs" / "armybuilder.log").read_text(encoding="utf-8")
    assert "uncaught exception" in log and "RuntimeError: a test crash" in log and "Traceback" in log
    assert f"log file {home / 'logs' / 'armybuilder.log'}" in result.stdout
    autosaves = list((home / "autosave").glob("*.json"))
    assert len(autosaves) == 1 and "Blizzard" in autosaves[0].read_text(encoding="utf-8")
    assert "Blizzard" not in log, "the list's name is private: not logged above debug"


def test_a_message_box_is_not_left_behind(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
