"""File → Import Infinity Army data…: the dialog imports into the (isolated) user data folder, off the
GUI thread, shows each file, can be cancelled, lists the problems, and the new armies appear in the
army picker without a restart."""

from __future__ import annotations

import functools
import re
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from import_helpers import make_data_folder, make_spanish_mirror
from PySide6.QtCore import Qt

from armybuilder.data import importer
from armybuilder.data.cache import ImportedSource
from armybuilder.gui.dialogs.import_data import CHOOSE_PAGE, PROGRESS_PAGE, RESULT_PAGE, ImportDataDialog
from armybuilder.gui.mainwindow import BUILDER_PAGE, MainWindow
from armybuilder.paths import imported_data_dir


def open_dialog(qtbot, window: MainWindow) -> ImportDataDialog:  # type: ignore[no-untyped-def]
    window.action_set.import_data.trigger()
    dialog = window.import_dialog
    qtbot.waitExposed(dialog)
    assert dialog.pages.currentIndex() == CHOOSE_PAGE
    return dialog


def import_folder_through(qtbot, dialog: ImportDataDialog, folder: Path) -> None:  # type: ignore[no-untyped-def]
    dialog.folder.clear()
    qtbot.keyClicks(dialog.folder, str(folder))
    assert dialog.from_folder.isChecked()
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == RESULT_PAGE, timeout=60000)


@pytest.mark.slow
def test_importing_the_official_data_shows_the_armies_at_once(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                               official_data: Path) -> None:
    picker = window.start_page.picker
    assert not picker.index_of("PanOceania", "imported").isValid()
    assert window.start_page.import_button.isVisible()  # the start page offers the import too
    dialog = open_dialog(qtbot, window)
    import_folder_through(qtbot, dialog, official_data)

    assert dialog.headline.text() == "56 armies imported"
    assert "56 new" in dialog.summary.text() and "0 errors, 9 warnings, 74 notes" in dialog.summary.text()
    assert dialog.log.count() >= 57  # army.json and every army file, one line each
    assert dialog.log.item(0).text().startswith("✓ army.json")
    assert dialog.result_tabs.tabText(0) == "Problems (9)"
    assert dialog.issues.toPlainText().count("Warning") == 9
    assert "caledonian-highlander-army.json" in dialog.issues.toPlainText()
    dialog.show_notes.setChecked(True)
    assert dialog.issues.toPlainText().count("Note") == 74
    assert dialog.armies.topLevelItemCount() == 56
    assert (imported_data_dir() / "index.json").is_file()  # the isolated user data folder

    # no restart: the picker lists them, the hint is gone, and an official army builds a list
    assert picker.index_of("PanOceania", "imported").isValid()
    assert not window.start_page.no_official.isVisible()
    assert not window.start_page.import_button.isVisible()
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    picker.tree.activated.emit(picker.index_of("Svalarheima's Winter Force", "imported"))
    assert window.tasks.wait()
    assert window.pages.currentIndex() == BUILDER_PAGE
    assert window.document.army is not None and window.document.army.name == "Svalarheima's Winter Force"
    assert window.document.army_list is not None and window.document.army_list.army.origin == "imported"
    assert window.browser.model.rowCount() > 10


class _Gate:
    """Holds the importer's file reader on one file until the test lets it go."""

    def __init__(self, hold_at: int) -> None:
        self.hold_at = hold_at
        self.reads = 0
        self.holding = threading.Event()
        self.release = threading.Event()

    def patch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = importer.FolderReader.read

        def read(reader: importer.FolderReader, name: str) -> bytes:
            self.reads += 1
            if self.reads == self.hold_at:
                self.holding.set()
                self.release.wait(30)
            return original(reader, name)

        monkeypatch.setattr(importer.FolderReader, "read", read)


def test_cancelling_midway_keeps_the_data_imported_before(qtbot, window: MainWindow, official_data: Path,  # type: ignore[no-untyped-def]
                                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small = make_data_folder(official_data, tmp_path / "small")
    dialog = open_dialog(qtbot, window)
    import_folder_through(qtbot, dialog, small)
    assert dialog.headline.text() == "3 armies imported"
    index = imported_data_dir() / "index.json"
    before = index.read_bytes()
    pack_files = sorted(p.name for p in imported_data_dir().iterdir())
    qtbot.mouseClick(dialog.again_button, Qt.MouseButton.LeftButton)
    assert dialog.pages.currentIndex() == CHOOSE_PAGE

    gate = _Gate(hold_at=6)
    gate.patch(monkeypatch)
    dialog.folder.setText(str(official_data))
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert dialog.pages.currentIndex() == PROGRESS_PAGE
    assert gate.holding.wait(30)
    qtbot.waitUntil(lambda: dialog.log.count() >= 3)  # files are being converted, one line each
    shown = re.search(r"\((\d+) of (\d+)\)", dialog.phase.text())
    assert shown is not None and 3 <= int(shown[1]) < int(shown[2]), dialog.phase.text()
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert dialog.phase.text() == "Cancelling…" and not dialog.cancel_button.isEnabled()
    gate.release.set()
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == RESULT_PAGE, timeout=30000)

    assert dialog.headline.text() == "Import cancelled"
    assert "the data imported before is still in use" in dialog.summary.text()
    assert dialog.outcome is not None and dialog.outcome.report.cancelled
    assert index.read_bytes() == before
    assert sorted(p.name for p in imported_data_dir().iterdir()) == pack_files
    imported = [s for s in window.catalog.armies() if s.origin == "imported"]
    assert len(imported) == 3  # still the three armies of the first import, and still usable
    window.start_page.picker.tree.activated.emit(window.start_page.picker.index_of("PanOceania", "imported"))
    assert window.tasks.wait()
    assert window.document.army is not None and window.document.army.name == "PanOceania"


def test_escape_while_importing_cancels_and_the_dialog_says_so(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                               official_data: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    gate = _Gate(hold_at=3)
    gate.patch(monkeypatch)
    dialog = open_dialog(qtbot, window)
    dialog.folder.setText(str(official_data))
    dialog.start()
    assert gate.holding.wait(30)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.isVisible() and dialog.cancel_event.is_set()
    gate.release.set()
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == RESULT_PAGE, timeout=30000)
    assert dialog.headline.text() == "Import cancelled"
    assert not (imported_data_dir() / "index.json").exists()
    assert not any(s.origin == "imported" for s in window.catalog.armies())


def test_errors_are_listed_and_the_previous_version_kept(qtbot, window: MainWindow, official_data: Path,  # type: ignore[no-untyped-def]
                                                         tmp_path: Path) -> None:
    small = make_data_folder(official_data, tmp_path / "small")
    dialog = open_dialog(qtbot, window)
    import_folder_through(qtbot, dialog, small)
    (small / "code-capital.json").write_text('{"version": "1", "units": [', encoding="utf-8")
    qtbot.mouseClick(dialog.again_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == RESULT_PAGE, timeout=30000)
    text = dialog.issues.toPlainText()
    assert "Error" in text and "code-capital.json" in text
    assert "1 errors" in dialog.summary.text()
    assert dialog.headline.text() == "Nothing changed since the last import"  # the broken file's army is kept
    statuses = {dialog.armies.topLevelItem(i).text(0): dialog.armies.topLevelItem(i).text(2)
                for i in range(dialog.armies.topLevelItemCount())}
    assert statuses["Code: Capital"] == "kept"  # the version imported before stays
    assert sum(1 for s in window.catalog.armies() if s.origin == "imported") == 3


def test_the_headline_counts_only_the_armies_imported(qtbot, window: MainWindow, official_data: Path,  # type: ignore[no-untyped-def]
                                                      tmp_path: Path) -> None:
    small = make_data_folder(official_data, tmp_path / "small")
    (small / "code-capital.json").write_text('{"version": "1", "units": [', encoding="utf-8")
    dialog = open_dialog(qtbot, window)
    import_folder_through(qtbot, dialog, small)
    assert dialog.headline.text() == "2 armies imported, 1 failed"
    assert dialog.summary.text().startswith("2 new, 0 updated, 0 unchanged, 1 failed")


def test_a_folder_without_the_data_is_explained(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog = open_dialog(qtbot, window)
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)  # nothing typed yet
    assert dialog.pages.currentIndex() == CHOOSE_PAGE
    assert dialog.choose_error.text() == "Choose the folder that holds army.json."
    import_folder_through(qtbot, dialog, tmp_path)
    assert dialog.headline.text() == "The import failed"
    assert "army.json" in dialog.summary.text() and "still in use" in dialog.summary.text()
    assert "army.json" in dialog.issues.toPlainText()
    assert not any(s.origin == "imported" for s in window.catalog.armies())


def test_browse_fills_the_folder(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog = open_dialog(qtbot, window)
    dialog.ask_folder = lambda start: tmp_path  # type: ignore[method-assign]
    dialog.from_web.setChecked(True)
    qtbot.mouseClick(dialog.browse, Qt.MouseButton.LeftButton)
    assert dialog.folder.text() == str(tmp_path) and dialog.from_folder.isChecked()
    dialog.reject()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def mirror(official_data: Path, tmp_path: Path) -> Iterator[str]:
    """A local web server over a three-army copy of the data (a mirror of the n5 folder)."""
    folder = make_data_folder(official_data, tmp_path / "mirror")
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    shutil.rmtree(folder, ignore_errors=True)


def test_importing_from_a_web_address(qtbot, window: MainWindow, mirror: str) -> None:  # type: ignore[no-untyped-def]
    dialog = open_dialog(qtbot, window)
    dialog.url.clear()
    qtbot.keyClicks(dialog.url, mirror)
    assert dialog.from_web.isChecked()
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == RESULT_PAGE, timeout=60000)
    assert dialog.headline.text() == "3 armies imported", dialog.summary.text()
    assert window.start_page.picker.index_of("Svalarheima's Winter Force", "imported").isValid()
    source = ImportedSource.open(imported_data_dir())
    assert source is not None and source.index.source == mirror.rstrip("/")
    qtbot.mouseClick(dialog.official_button, Qt.MouseButton.LeftButton)
    assert dialog.url.text() == "https://api.corvusbelli.com/army"


def test_a_failed_download_says_nothing_changed_once(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.data.importer import ImportReport
    from armybuilder.data.official_json import ImportIssue
    from armybuilder.gui.dialogs.import_data import ImportOutcome

    dialog = open_dialog(qtbot, window)
    report = ImportReport(source="http://127.0.0.1:9/army", data_dir=imported_data_dir())
    report.fatal = ImportIssue("army.json", "could not download http://127.0.0.1:9/army/army.json after 4 tries: "
                               "connection refused")  # as the downloader reports it: what failed, no more
    dialog._show_outcome(ImportOutcome(report))
    shown = dialog.headline.text() + "\n" + dialog.summary.text() + "\n" + dialog.issues.toPlainText()
    assert dialog.headline.text() == "The import failed"
    assert "connection refused" in dialog.summary.text() and "connection refused" in dialog.issues.toPlainText()
    assert shown.count("imported before") == 1, shown
    dialog.reject()


@pytest.fixture
def spanish_mirror(official_data: Path, tmp_path: Path) -> Iterator[str]:
    """A local web server over a three-army copy of the data with a few Spanish names (`es/` folder)."""
    folder = make_spanish_mirror(official_data, tmp_path / "spanish-mirror")
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    shutil.rmtree(folder, ignore_errors=True)


def test_the_spanish_names_come_with_a_tick(qtbot, window: MainWindow, spanish_mirror: str) -> None:  # type: ignore[no-untyped-def]
    """"Also download the Spanish names" fetches the Spanish files beside the English ones and merges their
    names by id; the choice is remembered."""
    dialog = open_dialog(qtbot, window)
    assert not dialog.spanish_names.isChecked()  # the app is in English
    dialog.from_folder.setChecked(True)
    dialog.spanish_names.setChecked(True)
    assert dialog.from_web.isChecked()  # the names come from the web only
    dialog.url.clear()
    qtbot.keyClicks(dialog.url, spanish_mirror)
    assert dialog.chosen_source() is not None and dialog.chosen_source().names_language == "es"
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == RESULT_PAGE, timeout=60000)
    assert dialog.headline.text() == "3 armies imported", dialog.summary.text()
    assert re.search(r"\d+ Spanish names merged by id\.", dialog.summary.text()), dialog.summary.text()
    source = ImportedSource.open(imported_data_dir())
    assert source is not None and source.name_languages() == ("en", "es")
    dialog.accept()
    again = open_dialog(qtbot, window)
    assert again.spanish_names.isChecked()
    again.reject()


def test_progress_is_shown_at_a_screens_pace_in_order(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The importer reports every file read and every 64 KB downloaded: the dialog gathers them and shows them
    together within PROGRESS_SHOWN_EVERY_MS — every file's line, in order, and the last phase."""
    from armybuilder.gui.dialogs.import_data import PROGRESS_SHOWN_EVERY_MS

    dialog = open_dialog(qtbot, window)
    dialog.cancel_event = threading.Event()
    for index in range(1, 6):
        dialog._relay.file_read.emit(f"army{index}.json", index, 5, 1000 * index)
    assert dialog.log.count() == 0  # (the calls are direct here): nothing shown before the event loop runs
    qtbot.waitUntil(lambda: dialog.log.count() == 5, timeout=20 * PROGRESS_SHOWN_EVERY_MS)
    assert [dialog.log.item(i).text().split(" — ")[0] for i in range(5)] == [f"✓ army{i}.json" for i in range(1, 6)]
    assert "(5 of 5)" in dialog.phase.text() and dialog.bar.value() == 5 and dialog.bar.maximum() == 5


def test_download_progress_is_passed_on_once_per_file_then_at_a_screens_pace(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = open_dialog(qtbot, window)
    relay = dialog._relay
    passed: list[tuple[str, int]] = []
    relay.downloading.connect(lambda name, index, total, size: passed.append((name, size)))
    for chunk in range(100):  # 6.4 MB of one file arriving at once
        relay.download_progress("a.json", 1, 2, chunk * 65536)
    relay.download_progress("b.json", 2, 2, 0)  # a new file: at once
    assert passed == [("a.json", 0), ("b.json", 0)]
