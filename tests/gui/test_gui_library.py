"""The list library on the start page, driven through its widgets: the table of the lists in the
library's folder (name, army, rules and tier, points, legal, fireteams, last changed), sorting, search
and the tag filter, tags, duplicate, rename, delete and its undo, a tournament entry's two lists opened
side by side, another folder, and a new list saved into the library by default."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from guihelpers import BLIZZARD_A, make_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QWidget

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import load_list
from armybuilder.gui.library.model import LibraryColumn
from armybuilder.gui.mainwindow import BUILDER_PAGE, MainWindow
from armybuilder.library import folder as library
from armybuilder.paths import bundled_profiles_dir

EXAMPLES = BLIZZARD_A.parent


@pytest.fixture
def shelf(_isolated_home: Path) -> Path:
    folder = library.default_folder()
    folder.mkdir(parents=True)
    shutil.copy(BLIZZARD_A, folder / "blizzard-a.yaml")
    shutil.copy(EXAMPLES / "blizzard-6-b.yaml", folder / "blizzard-b.yaml")
    other = next(p for p in sorted(EXAMPLES.glob("*.yaml"))
                 if load_list(p).army_list.army.id != load_list(BLIZZARD_A).army_list.army.id)
    shutil.copy(other, folder / "other.yaml")
    return folder


@pytest.fixture
def lib_window(qtbot, shelf: Path, app_settings) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, Catalog.from_paths([bundled_profiles_dir()]), app_settings)
    window.library.wait()
    opened: list[MainWindow] = []

    def elsewhere(path: Path) -> MainWindow:
        other = make_window(qtbot, window.catalog, app_settings)
        other.tasks.wait(other.open_path(path))
        opened.append(other)
        return other

    window.library.open_elsewhere = elsewhere
    window.opened_elsewhere = opened  # type: ignore[attr-defined]
    return window


def rows(window: MainWindow) -> list[list[str]]:
    proxy = window.library.panel.proxy
    return [[str(proxy.index(r, c).data() or "") for c in range(proxy.columnCount())] for r in range(proxy.rowCount())]


def names(window: MainWindow) -> list[str]:
    return [row[LibraryColumn.NAME] for row in rows(window)]


def select(window: MainWindow, name: str) -> None:
    panel = window.library.panel
    row = names(window).index(name)
    panel.table.setFocus()
    panel.table.selectRow(row)


def answer(window: MainWindow, *texts: str | None) -> None:
    replies = list(texts)
    window.library.ask_text = lambda title, label, text: replies.pop(0)  # type: ignore[method-assign]


def test_the_table_sums_up_each_list(lib_window: MainWindow) -> None:
    window = lib_window
    panel = window.library.panel
    assert panel.isVisible() and window.pages.currentWidget() is window.start_page
    blizzard = load_list(BLIZZARD_A).army_list
    row = next(r for r in rows(window) if r[LibraryColumn.NAME] == blizzard.name)
    assert row[LibraryColumn.ARMY] == "Svalarheima's Winter Force"
    assert "ITS" in row[LibraryColumn.RULES] or "N5" in row[LibraryColumn.RULES]
    assert row[LibraryColumn.POINTS].endswith("/ 300")
    assert row[LibraryColumn.LEGAL] == "✔ Legal"
    assert "Core" in row[LibraryColumn.FIRETEAMS]
    assert row[LibraryColumn.CHANGED][:2] == "20"
    assert str(library.default_folder()) == panel.folder.toolTip()


def test_sorting_search_and_tags(qtbot, lib_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = lib_window
    panel = window.library.panel
    header = panel.table.horizontalHeader()

    def click_header(column: int) -> None:
        x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))

    click_header(LibraryColumn.NAME)
    first = names(window)
    assert first == sorted(first, key=str.casefold)
    click_header(LibraryColumn.NAME)
    assert names(window) == list(reversed(first))
    click_header(LibraryColumn.POINTS)
    points = [int(r[LibraryColumn.POINTS].split(" /")[0]) for r in rows(window)]
    assert points == sorted(points) or points == sorted(points, reverse=True)
    qtbot.keyClicks(panel.search, "winter")
    assert len(names(window)) == 2 and panel.count.text() == "2 of 3"
    panel.search.clear()
    select(window, load_list(BLIZZARD_A).army_list.name)
    answer(window, "Tournament, Svalarheima")
    window.library.tags.trigger()
    window.library.wait()
    combo: QComboBox = panel.tag_filter
    assert [combo.itemText(i) for i in range(combo.count())] == ["All tags", "Svalarheima", "Tournament"]
    combo.setCurrentIndex(combo.findText("Tournament"))
    assert names(window) == [load_list(BLIZZARD_A).army_list.name]
    assert "Tournament" in rows(window)[0][LibraryColumn.TAGS]
    qtbot.keyClicks(panel.search, "svalarheima")  # tags are searched too
    assert len(names(window)) == 1
    combo.setCurrentIndex(0)
    panel.search.clear()
    assert len(names(window)) == 3


def test_duplicate_rename_delete_and_undo(qtbot, lib_window: MainWindow, shelf: Path) -> None:  # type: ignore[no-untyped-def]
    window = lib_window
    feature = window.library
    name = load_list(BLIZZARD_A).army_list.name
    select(window, name)
    feature.duplicate.trigger()
    assert f"{name} (copy)" in names(window) and len(names(window)) == 4
    select(window, f"{name} (copy)")
    answer(window, "Round two")
    feature.rename.trigger()
    assert "Round two" in names(window) and (shelf / "Round two.yaml").is_file()
    assert load_list(shelf / "Round two.yaml").army_list.name == "Round two"
    select(window, "Round two")
    qtbot.keyClick(window.library.panel.table, Qt.Key.Key_Delete)  # Delete while the table has focus
    feature.wait()
    assert "Round two" not in names(window) and not (shelf / "Round two.yaml").exists()
    assert window.library.panel.undo_button.isVisible()
    window.library.panel.undo_button.click()
    feature.wait()
    assert "Round two" in names(window) and (shelf / "Round two.yaml").is_file()
    assert not window.library.panel.undo_button.isVisible()


def test_open_and_an_entry_side_by_side(qtbot, lib_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = lib_window
    feature = window.library
    a, b = load_list(BLIZZARD_A).army_list.name, load_list(EXAMPLES / "blizzard-6-b.yaml").army_list.name
    panel = feature.panel
    panel.table.selectRow(names(window).index(a))
    panel.table.selectRow(names(window).index(a))
    selection = panel.table.selectionModel()
    selection.select(panel.proxy.index(names(window).index(b), 0),
                     selection.SelectionFlag.Select | selection.SelectionFlag.Rows)
    assert len(feature.selected()) == 2
    answer(window, "Svalarheima at the regional")
    feature.entry.trigger()
    assert [r[LibraryColumn.ENTRY] for r in rows(window)].count("Svalarheima at the regional") == 2
    select(window, a)
    assert feature.open_entry.isEnabled()
    feature.open_entry.trigger()
    window.tasks.wait()
    assert window.pages.currentIndex() == BUILDER_PAGE
    assert window.document.army_list is not None and window.document.army_list.name == a
    others = window.opened_elsewhere  # type: ignore[attr-defined]
    assert len(others) == 1 and others[0].document.army_list.name == b
    area = window.screen().availableGeometry()
    left, right = window.geometry(), others[0].geometry()
    assert left.left() == area.left() and right.left() == area.left() + area.width() // 2  # side by side
    assert left.height() == right.height()


def test_another_folder_and_saving_into_the_library(qtbot, lib_window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = lib_window
    feature = window.library
    other = tmp_path / "elsewhere"
    other.mkdir()
    shutil.copy(BLIZZARD_A, other / "only.yaml")
    feature.ask_folder = lambda start: other  # type: ignore[method-assign]
    feature.panel.change_folder.click()
    feature.wait()
    assert len(names(window)) == 1 and window.settings.library_folder() == other
    assert feature.panel.folder.toolTip() == str(other)
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "panoceania")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    window.tasks.wait()
    assert window.document.path is None
    assert window.save_folder() == other  # a new list is saved into the library by default
    window.ask_save_path = lambda: other / "new.yaml"  # type: ignore[method-assign]
    window.action_set.save.trigger()
    window.tasks.wait()
    qtbot.waitUntil(lambda: len(names(window)) == 2, timeout=5000)  # the folder changed: read again


def test_the_panel_is_reachable_from_the_keyboard(qtbot, lib_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = lib_window
    feature = window.library
    assert all(isinstance(w, QWidget) for w in feature.panel.buttons.values())
    window.start_page.picker.search.setFocus()
    qtbot.keyClicks(window.start_page.picker.search, "test")
    feature.focus_action.trigger()
    assert feature.panel.table.hasFocus() or window.focusWidget() is feature.panel.table
    menu = window.findChild(type(window.file_menu), "library_menu")
    assert menu is not None and feature.open.objectName() in [a.objectName() for a in menu.actions()]


def test_reading_the_library_leaves_the_status_bar_busy_indicator_alone(qtbot, lib_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = lib_window
    feature = window.library
    feature.wait()
    shown: list[bool] = []
    window.tasks.busy_changed.connect(lambda busy, _message: shown.append(busy))
    assert feature.refresh() is not None
    assert feature.panel.count.text() == "Reading your lists…"  # the panel says it is reading
    feature.wait()
    assert shown == [] and window.busy.isHidden()
