"""Building a list as a player does (synthetic army): an empty list or one without a Lieutenant is not
"Legal", Duplicate respects a full combat group, messages count right, the trooper a problem names is
scrolled into view, New puts the keyboard in the army search, and the card follows an option change."""

from __future__ import annotations

from guihelpers import focus
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox

from armybuilder.gui.mainwindow import START_PAGE, MainWindow
from armybuilder.gui.models.roster import Column as ListColumn

LINE, HEAVY = 1, 2


def start(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "test sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert window.document.has_list


def add(qtbot, window: MainWindow, unit: int, option: int, group: int = 1) -> None:  # type: ignore[no-untyped-def]
    tree = window.browser.tree
    index = window.browser.option_index(unit, group, option)
    assert index.isValid()
    tree.setFocus()
    tree.scrollTo(index)
    tree.setCurrentIndex(index)
    qtbot.keyClick(tree, Qt.Key.Key_Return)


def test_an_empty_list_invites_to_add_troopers_and_is_not_legal(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    assert window.totals.state.text() == "Start by adding troopers"
    assert "Legal" not in window.windowTitle() and "empty" in window.windowTitle()
    assert window.problems.headline.text().startswith("Start by adding troopers")
    messages = [window.problems.model.index(r, 0).data() for r in range(window.problems.model.rowCount())]
    assert any("no Lieutenant" in m for m in messages)  # the missing Lieutenant, like any other problem
    add(qtbot, window, LINE, 1)  # a trooper, but no Lieutenant
    assert window.totals.state.text() == "✖ Not legal (1)"
    assert "NOT LEGAL (1)" in window.windowTitle()
    assert window.problems.headline.text().startswith("✖ Not legal: 1 problem to fix.")
    add(qtbot, window, LINE, 3)  # the Lieutenant
    assert window.totals.state.text() == "✔ Legal"


def test_duplicate_respects_a_full_combat_group(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    for _ in range(10):
        add(qtbot, window, LINE, 1)
    army_list = window.document.army_list
    assert army_list is not None and [len(g.troopers) for g in army_list.groups] == [10]
    window.editor.select_troopers(["t1"])
    focus(qtbot, window, window.editor.tree)
    qtbot.keyClick(window.editor.tree, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    army_list = window.document.army_list
    assert army_list is not None and [len(g.troopers) for g in army_list.groups] == [10, 1]
    assert window.document.undo_stack.undoText() == \
        "Duplicate LINE TROOPERS (LINE, Combi Rifle) into Combat Group 2 (its own is full)"
    assert window.editor.selected_uids() == [army_list.groups[1].troopers[0].uid]  # the copy is selected
    window.action_set.undo.trigger()
    army_list = window.document.army_list
    assert army_list is not None and [len(g.troopers) for g in army_list.groups] == [10]


def test_messages_count_right(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    window.document.set_game_size(None, 11)
    add(qtbot, window, LINE, 1)  # 10 points of 11
    assert window.totals.points.toolTip() == "1 point left"
    add(qtbot, window, LINE, 1)
    assert window.totals.points.toolTip() == "-9 points left"
    assert window.document.undo_stack.undoText() != ""
    window.document.set_game_size(None, 1)
    assert window.document.undo_stack.undoText() == "Set game size to 1 point"


def test_the_trooper_a_problem_names_is_scrolled_into_view(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    window.resize(1024, 700)
    for _ in range(14):
        add(qtbot, window, LINE, 1)
    add(qtbot, window, LINE, 3)  # the Lieutenant, last: then a second one
    add(qtbot, window, LINE, 3)
    for _ in range(4):
        QApplication.processEvents()
    tree = window.editor.tree
    view = window.problems.view
    model = view.model()
    from armybuilder.gui.widgets.problems import ProblemRole

    def on_screen(uid: str) -> bool:
        return tree.viewport().rect().intersects(tree.visualRect(window.editor.model.trooper_index(uid)))

    tree.scrollToTop()
    hidden = [r for r in range(model.rowCount())
              if (subjects := model.index(r, 0).data(ProblemRole.SUBJECTS)) and not on_screen(subjects[0])]
    assert hidden, "a problem whose first trooper is off screen"
    index = model.index(hidden[0], 0)
    first = model.index(hidden[0], 0).data(ProblemRole.SUBJECTS)[0]
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    qtbot.wait(50)
    assert first in window.editor.selected_uids()
    assert on_screen(first)


def test_after_new_the_keyboard_is_in_the_army_search(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    focus(qtbot, window, window.browser.search)
    window.action_set.new_list.trigger()
    assert window.pages.currentIndex() == START_PAGE
    qtbot.waitUntil(window.start_page.picker.search.hasFocus, timeout=2000)
    qtbot.keyClicks(window.start_page.picker.search, "test sect")  # typing goes straight to the search
    qtbot.keyClick(window.start_page.picker.search, Qt.Key.Key_Return)
    assert window.document.has_list


def test_the_card_highlights_the_option_a_trooper_changed_to(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    add(qtbot, window, HEAVY, 1)
    uid = window.document.uids_in_order()[0]
    window.editor.select_troopers([uid])
    assert window.card.highlighted_key() == (HEAVY, 1, 1)
    window.editor.tree.setFocus()
    window.action_set.change_option.trigger()
    editor = window.editor.tree.findChild(QComboBox, "option_editor")
    assert editor is not None
    editor.setCurrentIndex(1)
    editor.activated.emit(1)
    assert window.document.army_list is not None and window.document.army_list.trooper(uid).option == 2
    assert window.card.highlighted_key() == (HEAVY, 1, 2)
    window.action_set.undo.trigger()
    assert window.card.highlighted_key() == (HEAVY, 1, 1)
    assert window.editor.model.trooper_index(uid, ListColumn.OPTION).isValid()
