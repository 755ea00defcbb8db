"""The main window driven through its own widgets, keys and actions (synthetic army)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from guihelpers import TEST_ARMY, focus, make_window
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QComboBox, QMessageBox

from armybuilder.data.catalog import ArmySummary, Catalog
from armybuilder.data.listfile import load_list
from armybuilder.domain.profiles import Army
from armybuilder.gui.mainwindow import BUILDER_PAGE, START_PAGE, MainWindow
from armybuilder.gui.models.profile import OptionRole
from armybuilder.gui.models.roster import Column as ListColumn
from armybuilder.gui.models.roster import Role as ListRole
from armybuilder.gui.models.violations import Role as ViolationRole

LINE, HEAVY, HERO, HERO_ALT, CONTROLLERS = 1, 2, 3, 4, 5


def double_click(qtbot, view, index: QModelIndex) -> None:  # type: ignore[no-untyped-def]
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def start_list(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "test sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert window.pages.currentIndex() == BUILDER_PAGE


def add(qtbot, window: MainWindow, unit: int, group: int = 1, option: int | None = None) -> None:  # type: ignore[no-untyped-def]
    """Add an option from the unit browser with Enter, as a keyboard player would."""
    tree = window.browser.tree
    index = window.browser.option_index(unit, group if option else None, option)
    assert index.isValid(), (unit, option)
    tree.setFocus()
    tree.setCurrentIndex(index)
    qtbot.keyClick(tree, Qt.Key.Key_Return)


def figures(window: MainWindow) -> tuple[str, str]:
    return window.totals.points.plain, window.totals.swc.plain


def test_start_page_then_builder(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    assert window.pages.currentIndex() == START_PAGE
    assert window.windowTitle() == "Infinity army builder"
    assert window.start_page.no_official.isVisible()  # says how to get every army
    start_list(qtbot, window)
    assert "Test Sectorial" in window.windowTitle()
    assert figures(window) == ("Points 0 / 300", "SWC 0 / 6")
    add(qtbot, window, LINE, 1, 1)
    assert "NOT LEGAL (1)" in window.windowTitle()  # no Lieutenant
    assert window.legal_label.text() == "✖ Not legal (1)"
    assert window.browser.model.rowCount() == 8


def test_adding_by_enter_double_click_and_from_the_card(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 3)
    double_click(qtbot, window.browser.tree, window.browser.option_index(HEAVY, 1, 2))
    window.browser.tree.setCurrentIndex(window.browser.option_index(CONTROLLERS))
    card = window.card
    assert card.title.text() == "CONTROLLERS"
    assert card.stats_model.rowCount() == 2
    assert card.options_model.index(0, 0).data(OptionRole.PARTS)[0] == ""  # one option: its name tells nothing
    double_click(qtbot, card.options, card.options_model.index(0, 1))
    army_list = window.document.army_list
    assert [(t.unit, t.option) for _, t in army_list.troopers()] == [(LINE, 3), (HEAVY, 2), (CONTROLLERS, 1)]
    assert figures(window) == ("Points 64 / 300", "SWC 1.5 / 6")
    assert window.windowTitle().startswith("Untitled list[*] — Test Sectorial — Legal")
    assert window.isWindowModified()
    assert window.legal_label.text() == "✔ Legal"
    # the last one added is selected, with its peripheral under it
    assert window.editor.selected_uids() == ["t3"]
    controller = window.editor.model.trooper_index("t3")
    assert window.editor.model.index(0, 0, controller).data() == "Bot"
    lieutenant = window.editor.model.trooper_index("t1")
    assert lieutenant.data(ListRole.LIEUTENANT) and lieutenant.data(Qt.ItemDataRole.DecorationRole) is not None


def test_search_and_filters_narrow_the_browser(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    browser = window.browser
    qtbot.keyClicks(browser.search, "spitfire")
    assert browser.proxy.rowCount() == 1
    assert browser.count.text() == "1 of 7"  # the mercenary is hidden until Soldiers of Fortune is on
    browser.search.clear()
    browser.lieutenant_filter.click()
    assert browser.proxy.rowCount() == 1
    browser.lieutenant_filter.click()
    window.document.set_game_size(None, 25)  # 25 points and 0.5 SWC
    browser.fits_filter.click()

    def units() -> dict[str, set[tuple[str, str]]]:
        shown = {}
        for row in range(browser.proxy.rowCount()):
            unit = browser.proxy.index(row, 0)
            shown[unit.data()] = {(browser.proxy.index(r, 3, unit).data(), browser.proxy.index(r, 4, unit).data())
                                  for r in range(browser.proxy.rowCount(unit))}
        return shown

    assert set(units()) == {"LINE TROOPERS", "CONTROLLERS", "ALIVE GANG", "DRONE HANDLER"}
    assert ("1", "18") not in units()["LINE TROOPERS"]  # the HMG needs 1 SWC
    add(qtbot, window, LINE, 1, 1)  # 15 points left: the 20-point Controller no longer fits
    assert "CONTROLLERS" not in units()
    assert all(int(points) <= 15 for options in units().values() for _, points in options)


def test_keyboard_moves_remove_duplicate_and_undo(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    for unit, option in ((LINE, 3), (LINE, 1), (HEAVY, 1)):
        add(qtbot, window, unit, 1, option)
    tree = window.editor.tree
    focus(qtbot, window, tree)
    window.editor.select_troopers(["t3"])
    qtbot.keyClick(tree, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert [t.uid for _, t in window.document.army_list.troopers()] == ["t1", "t3", "t2"]
    qtbot.keyClick(tree, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert window.document.army_list.trooper_count == 4
    assert window.editor.selected_uids() == ["t4"]
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    assert window.document.army_list.trooper_count == 3
    window.editor.select_troopers(["t2"])
    window.action_set.new_group.trigger()
    window.editor.select_troopers(["t2"])
    qtbot.keyClick(tree, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert [t.uid for t in window.document.army_list.group(2).troopers] == ["t2"]
    # Undo, redo with both shortcuts; the history names each edit
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.army_list.group(2).troopers == ()
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert [t.uid for t in window.document.army_list.group(2).troopers] == ["t2"]
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(tree, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert [t.uid for t in window.document.army_list.group(2).troopers] == ["t2"]
    history = [window.document.undo_stack.text(i) for i in range(window.document.undo_stack.count())]
    assert history[-1] == "Move LINE TROOPERS (LINE, Combi Rifle) to Combat Group 2"  # told from LINE +SWC
    assert "Duplicate HEAVY TROOPERS (HEAVY)" in history


def test_delete_in_the_search_field_does_not_remove_troopers(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)
    window.editor.select_troopers(["t1"])
    focus(qtbot, window, window.browser.search)
    qtbot.keyClicks(window.browser.search, "ab")
    qtbot.keyClick(window.browser.search, Qt.Key.Key_Home)
    qtbot.keyClick(window.browser.search, Qt.Key.Key_Delete)
    assert window.browser.search.text() == "b"
    assert window.document.army_list.trooper_count == 1


def test_change_option_in_place(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, HEAVY, 1, 1)
    window.editor.select_troopers(["t1"])
    window.editor.tree.setFocus()
    window.action_set.change_option.trigger()
    editor = window.editor.tree.findChild(QComboBox, "option_editor")
    assert editor is not None and editor.count() == 2
    editor.setCurrentIndex(1)
    editor.activated.emit(1)
    assert window.document.army_list.trooper("t1").option == 2
    assert figures(window) == ("Points 34 / 300", "SWC 1.5 / 6")
    assert window.document.undo_stack.undoText() == "Change HEAVY TROOPERS (HEAVY) to HEAVY SPITFIRE"


def test_drag_from_browser_and_within_the_list(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 3)
    model = window.editor.model
    window.action_set.new_group.trigger()
    data = window.browser.model.mimeData([window.browser.proxy.mapToSource(window.browser.option_index(HERO))])
    assert model.dropMimeData(data, Qt.DropAction.CopyAction, -1, 0, model.group_index(2))
    assert [t.unit for t in window.document.army_list.group(2).troopers] == [HERO]
    moved = model.mimeData([model.trooper_index("t1")])
    model.dropMimeData(moved, Qt.DropAction.MoveAction, 1, 0, model.group_index(2))
    assert [t.uid for t in window.document.army_list.group(2).troopers] == ["t2", "t1"]
    assert window.document.army_list.group(1).troopers == ()


def test_clicking_a_violation_selects_its_troopers(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    for unit in (LINE, HERO, HERO_ALT):
        add(qtbot, window, unit, 1, 3 if unit == LINE else 1)
    view = window.problems.view
    rows = [view.model().index(r, 0) for r in range(view.model().rowCount())]
    relation = next(i for i in rows if i.data(ViolationRole.CODE) == "relations.exceeded")
    window.editor.tree.clearSelection()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(relation).center())
    assert window.editor.selected_uids() == ["t3"]
    assert window.editor.model.trooper_index("t3").data(ListRole.PROBLEM) == "error"
    assert "NOT LEGAL (1)" in window.windowTitle()
    assert window.problems.headline.text().startswith("✖ Not legal: 1 problem to fix")
    assert window.bottom_tabs.tabText(0) == "Problems (1)"


def test_totals_turn_red_when_over(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    window.document.set_game_size(None, 100)  # 100 points, 2 SWC
    add(qtbot, window, LINE, 1, 3)
    add(qtbot, window, HEAVY, 1, 2)
    assert figures(window) == ("Points 44 / 100", "SWC 1.5 / 2")
    assert not window.totals.points.over and not window.totals.swc.over
    add(qtbot, window, LINE, 1, 2)
    assert window.totals.swc.over and not window.totals.points.over
    window.document.set_game_size(None, 50)
    assert window.totals.points.over and window.totals.points.plain == "Points 62 / 50"


def test_save_close_open_round_trip(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    for unit, option in ((LINE, 3), (CONTROLLERS, 1), (HEAVY, 2)):
        add(qtbot, window, unit, 1, option)
    window.list_settings.name.setText("Frost")
    window.list_settings.name.editingFinished.emit()
    target = tmp_path / "frost"
    window.ask_save_path = lambda: target  # type: ignore[method-assign]
    with qtbot.waitSignal(window.document.modified_changed, timeout=5000):
        window.action_set.save.trigger()
    saved = tmp_path / "frost.yaml"
    assert saved.is_file() and not window.isWindowModified()
    assert load_list(saved).army_list == window.document.army_list
    built = window.document.army_list
    window.action_set.close_list.trigger()
    assert window.pages.currentIndex() == START_PAGE
    recent = window.start_page.recent
    assert recent.item(0).text() == "frost"
    with qtbot.waitSignal(window.document.path_changed, timeout=5000):
        window.start_page.recent.itemActivated.emit(recent.item(0))
    assert window.document.army_list == built
    assert window.document.path == saved and not window.document.modified
    assert window.windowTitle().startswith("Frost[*]")


def test_opening_a_broken_file_says_why(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: armybuilder-list/1\narmy: [unclosed\n", encoding="utf-8")
    window.ask_open_path = lambda: broken  # type: ignore[method-assign]
    window.action_set.open_list.trigger()
    qtbot.waitUntil(lambda: bool(window.shown_messages), timeout=5000)  # type: ignore[attr-defined]
    kind, title, text = window.shown_messages[0]  # type: ignore[attr-defined]
    assert kind == "error" and "broken.yaml" in title and "broken.yaml" in text
    assert window.pages.currentIndex() == START_PAGE
    assert broken.read_text(encoding="utf-8").endswith("[unclosed\n")


def test_unsaved_changes_prompt_on_close(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 3)
    asked = []
    window.ask_unsaved = lambda: asked.append(1) or QMessageBox.StandardButton.Cancel  # type: ignore[method-assign,func-returns-value]
    assert not window.close()
    assert asked and window.isVisible()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Save  # type: ignore[method-assign]
    window.ask_save_path = lambda: tmp_path / "kept.yaml"  # type: ignore[method-assign]
    assert window.close()
    assert load_list(tmp_path / "kept.yaml").army_list.trooper_count == 1


def test_layout_and_preferences_persist(qtbot, synthetic_catalog: Catalog, app_settings) -> None:  # type: ignore[no-untyped-def]
    first = make_window(qtbot, synthetic_catalog, app_settings)
    first.resize(760, 560)  # within the offscreen screen, which restoreGeometry respects
    first.action_set.distances_cm.setChecked(True)
    first.close()
    second = make_window(qtbot, synthetic_catalog, app_settings)
    assert second.size() == first.size()  # the columns' sizes: test_gui_layout.py
    assert second.action_set.distances_cm.isChecked()


class SlowSource:
    """An 'imported' source that takes a while to load an army, like parsing the official cache."""

    origin = "imported"

    def __init__(self, army: Army, delay: float) -> None:
        self._army = army.model_copy(update={"origin": "imported", "name": "Slow Army", "slug": "slow-army"})
        self._delay = delay

    def summaries(self) -> list[ArmySummary]:
        from armybuilder.data.catalog import summarize

        return [summarize(self._army)]

    def load(self, army_id: int) -> Army:
        time.sleep(self._delay)
        return self._army

    def weapons(self) -> dict:  # type: ignore[type-arg]
        return {}


def test_imported_armies_load_off_the_gui_thread(qtbot, synthetic_catalog: Catalog, app_settings) -> None:  # type: ignore[no-untyped-def]
    synthetic_catalog.add_source(SlowSource(synthetic_catalog.army(("bundled", TEST_ARMY)), 0.3))  # type: ignore[arg-type]
    window = make_window(qtbot, synthetic_catalog, app_settings)
    assert not window.start_page.no_official.isVisible()
    index = window.start_page.picker.index_of("Slow Army", "imported")
    assert index.isValid()
    busy_seen = []
    window.tasks.busy_changed.connect(lambda busy, message: busy_seen.append((busy, message)))
    started = time.perf_counter()
    window.start_page.picker.tree.activated.emit(index)
    assert time.perf_counter() - started < 0.2  # the click returned before the army was loaded
    assert window.busy.isVisibleTo(window) and "Slow Army" in window.busy_label.text()
    qtbot.waitUntil(lambda: window.document.has_list, timeout=5000)
    assert busy_seen[0] == (True, "Loading Slow Army…") and busy_seen[-1] == (False, "")
    assert not window.busy.isVisibleTo(window)
    assert window.document.army is not None and window.document.army.origin == "imported"


def test_change_army_is_undoable(qtbot, synthetic_catalog: Catalog, app_settings) -> None:  # type: ignore[no-untyped-def]
    synthetic_catalog.add_source(SlowSource(synthetic_catalog.army(("bundled", TEST_ARMY)), 0.0))  # type: ignore[arg-type]
    window = make_window(qtbot, synthetic_catalog, app_settings)
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 3)
    window.list_settings.army.click()
    dialog = window.army_dialog
    index = dialog.picker.index_of("Slow Army", "imported")
    dialog.picker.tree.activated.emit(index)
    qtbot.waitUntil(lambda: window.document.army is not None and window.document.army.origin == "imported",
                    timeout=5000)
    assert window.document.army_list.trooper_count == 1  # the unit exists in the other army too
    assert window.document.undo_stack.undoText() == "Switch army to Slow Army"
    assert "Slow Army" in window.list_settings.army.text()
    window.action_set.undo.trigger()
    assert window.document.army.origin == "bundled"
    assert window.browser.model.army is window.document.army


def test_quit_waits_for_nothing_when_saved(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    assert window.close()
    assert QApplication.activeModalWidget() is None


@pytest.mark.parametrize("cm", [False, True])
def test_mov_units_in_the_card(qtbot, window: MainWindow, cm: bool) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    window.action_set.distances_cm.setChecked(cm)
    window.browser.tree.setCurrentIndex(window.browser.option_index(CONTROLLERS))
    assert window.card.stats_model.index(1, 1).data() == ("15-10" if cm else "6-4")


def test_option_column_is_editable_only_for_troopers(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, CONTROLLERS, 1, 1)
    model = window.editor.model
    controller = model.trooper_index("t1", ListColumn.OPTION)
    assert model.flags(controller) & Qt.ItemFlag.ItemIsEditable
    bot = model.index(0, ListColumn.OPTION, model.trooper_index("t1"))
    assert not model.flags(bot) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.group_index(1)) & Qt.ItemFlag.ItemIsEditable


def test_army_code_round_trip_through_the_clipboard(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    for unit, option in ((LINE, 3), (CONTROLLERS, 1), (HEAVY, 2)):
        add(qtbot, window, unit, 1, option)
    window.action_set.new_group.trigger()
    add(qtbot, window, HERO, 1, 1)
    window.document.move_troopers(["t4"], 2)
    built = window.document.army_list
    window.action_set.copy_code.trigger()
    assert not window.shown_messages  # type: ignore[attr-defined]
    assert QGuiApplication.clipboard().text()
    window.action_set.close_list.trigger()
    with qtbot.waitSignal(window.document.list_changed, timeout=5000):
        window.action_set.paste_code.trigger()
    opened = window.document.army_list
    assert [(g.number, [(t.unit, t.group, t.option) for t in g.troopers]) for g in opened.groups] == \
        [(g.number, [(t.unit, t.group, t.option) for t in g.troopers]) for g in built.groups]
    assert (opened.pack, opened.tier, opened.points) == ("its-s17", "300", None)  # the N5 season's 300 tier
    assert window.document.modified  # an army code is not a file yet: closing asks to save it


def test_pasting_garbage_says_so(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().setText("this is not an army code")
    window.action_set.paste_code.trigger()
    qtbot.waitUntil(lambda: bool(window.shown_messages), timeout=5000)  # type: ignore[attr-defined]
    kind, title, text = window.shown_messages[0]  # type: ignore[attr-defined]
    assert kind == "error" and "army code" in title
    # what happened first, in the player's words; the decoder's detail after it
    assert text.startswith("The clipboard does not hold an army code from the official builder")
    assert "\n\nDetail: army code:" in text
    assert not window.document.has_list


def test_copying_a_list_the_code_cannot_hold_says_why(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    window.document.set_game_size(None, 40000)  # a points limit over the code's 15 bits
    QGuiApplication.clipboard().clear()
    window.action_set.copy_code.trigger()
    assert window.shown_messages and window.shown_messages[0][0] == "error"  # type: ignore[attr-defined]
    assert QGuiApplication.clipboard().text() == ""


def test_language_switches_while_running(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.language import apply_language

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)  # no Lieutenant: one problem
    try:
        apply_language("es")  # every widget retranslates on its LanguageChange
        assert window.file_menu.title() == "&Archivo"
        assert window.action_set.save.text() == "&Guardar"
        assert window.totals.points.plain.startswith("Puntos 10 / 300")
        assert window.totals.swc.plain.startswith("CAP 0 / 6")
        assert window.editor.model.group_index(1).data().startswith("Grupo de Combate 1")
        assert window.problems.headline.text().startswith("✖ No legal")
        assert "NO LEGAL (1)" in window.windowTitle()
        message = window.problems.model.index(0, 0).data()
        assert "Teniente" in message or "teniente" in message, message
        assert window.browser.search.placeholderText() == "Buscar unidades, habilidades, armas…"
    finally:
        apply_language("en")
    assert window.file_menu.title() == "&File"
    assert window.totals.points.plain.startswith("Points")


def test_context_menu_moves_troopers_to_another_or_a_new_group(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    for unit, option in ((LINE, 3), (LINE, 1), (HEAVY, 1)):
        add(qtbot, window, unit, 1, option)
    window.editor.select_troopers(["t2", "t3"])
    menu = window.editor.context_menu()
    texts = [a.text() for a in menu.actions()]
    assert "Dup&licate trooper" in texts and "Remo&ve trooper" in texts
    move = next(a.menu() for a in menu.actions() if a.menu() is not None)
    assert [a.text() for a in move.actions() if a.text()] == ["New combat group"]  # type: ignore[attr-defined]  # no other group yet
    next(a for a in move.actions() if a.data() == 0).trigger()  # type: ignore[attr-defined]
    assert [[t.uid for t in g.troopers] for g in window.document.army_list.groups] == [["t1"], ["t2", "t3"]]
    assert window.document.undo_stack.undoText() == "Move 2 troopers to a new combat group"
    window.editor.select_troopers(["t3"])
    move = next(a.menu() for a in window.editor.context_menu().actions() if a.menu() is not None)
    next(a for a in move.actions() if a.data() == 1).trigger()  # type: ignore[attr-defined]
    assert [[t.uid for t in g.troopers] for g in window.document.army_list.groups] == [["t1", "t3"], ["t2"]]
    window.action_set.undo.trigger()
    window.action_set.undo.trigger()
    assert [[t.uid for t in g.troopers] for g in window.document.army_list.groups] == [["t1", "t2", "t3"]]


def test_data_problems_are_reported_once_the_window_is_up(qtbot, tmp_path: Path, app_settings,  # type: ignore[no-untyped-def]
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from armybuilder.gui.app import open_main_window
    from armybuilder.paths import bundled_profiles_dir

    broken = tmp_path / "broken.yaml"
    broken.write_text("format: armybuilder-army/1\nid: [\n", encoding="utf-8")
    catalog = Catalog.from_paths([bundled_profiles_dir() / "packs", broken])
    assert catalog.problems
    shown: list[tuple[str, str, str]] = []
    monkeypatch.setattr(MainWindow, "show_message", lambda self, kind, title, text: shown.append((kind, title, text)))
    window = open_main_window(catalog, app_settings)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: bool(shown), timeout=2000)
    kind, title, text = shown[0]
    assert kind == "warning" and "could not be read" in title and "broken.yaml" in text
    assert window.pages.currentIndex() == START_PAGE


def test_search_keyboard_flow(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    picker = window.start_page.picker
    focus(qtbot, window, picker.search)
    qtbot.keyClicks(picker.search, "sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Down)
    assert picker.tree.hasFocus() and picker.tree.currentIndex().data() == "Test Sectorial"
    qtbot.keyClick(picker.tree, Qt.Key.Key_Return)
    assert window.pages.currentIndex() == BUILDER_PAGE
    search = window.browser.search
    window.action_set.find_unit.trigger()
    assert search.hasFocus()
    qtbot.keyClicks(search, "hero")
    assert window.browser.proxy.rowCount() == 2
    qtbot.keyClick(search, Qt.Key.Key_Down)
    assert window.browser.tree.hasFocus() and window.browser.tree.currentIndex().data() == "FAMOUS HERO"
    search.setFocus()
    qtbot.keyClick(search, Qt.Key.Key_Escape)
    assert search.text() == "" and window.browser.proxy.rowCount() == 7  # all but the mercenary
