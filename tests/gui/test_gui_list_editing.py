"""Editing the list in place: the tree updates without a reset (focus, selection, expansion and an
open option editor survive), the keyboard keeps working, and what goes where is refused or chosen
the way a player expects (synthetic army)."""

from __future__ import annotations

from guihelpers import focus
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from test_gui_window import LINE, add, start_list

from armybuilder.gui.document import ListDocument
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.roster import ListTreeModel
from armybuilder.gui.models.roster import Role as ListRole

HEAVY, CONTROLLERS, HERO = 2, 5, 3


def tree_of(model: ListTreeModel) -> list[tuple[int, list[tuple[str, int]]]]:
    """What the model shows: [(group number, [(uid, peripheral rows)…])…]."""
    shown = []
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        troopers = []
        for t in range(model.rowCount(group)):
            trooper = model.index(t, 0, group)
            assert trooper.parent() == group
            troopers.append((str(trooper.data(ListRole.UID)), model.rowCount(trooper)))
        shown.append((int(group.data(ListRole.COMBAT_GROUP)), troopers))
    return shown


def list_of(document: ListDocument) -> list[tuple[int, list[tuple[str, int]]]]:
    army_list = document.army_list
    assert army_list is not None
    return [(g.number, [(t.uid, sum(p.quantity for p in r.peripherals) if (r := document.resolved(t.uid)) else 0)
                        for t in g.troopers]) for g in army_list.groups]


def shown_editor(qtbot, tree) -> QComboBox:  # type: ignore[no-untyped-def]
    """The list editor's open option editor, once it shows its list of options (it opens with it shown)."""
    editor = tree.findChild(QComboBox, "option_editor")
    assert editor is not None
    qtbot.waitUntil(lambda: editor.view().isVisible(), timeout=2000)
    return editor  # type: ignore[no-any-return]


def press_f2_on(qtbot, window: MainWindow, uid: str) -> QComboBox:  # type: ignore[no-untyped-def]
    """Select a trooper in the list editor, with the keyboard focus there, and press F2."""
    tree = window.editor.tree
    focus(qtbot, window, tree)
    window.editor.select_troopers([uid])
    qtbot.keyClick(tree, Qt.Key.Key_F2)
    return shown_editor(qtbot, tree)


def wait_editor_closed(qtbot, tree) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: tree.findChild(QComboBox, "option_editor") is None, timeout=2000)


def test_the_tree_follows_every_edit_in_place(qtmodeltester, qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    model = window.editor.model
    qtmodeltester.check(model)  # stays attached: every insert, move and removal below is checked
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    doc = window.document
    for unit, option in ((LINE, 3), (HEAVY, 1), (CONTROLLERS, 1), (LINE, 1)):
        doc.add_trooper(unit, 1, option, 1)
    doc.move_troopers(["t3"], 2)  # a controller and its Bot to a new group
    doc.move_troopers(["t4", "t1"], 2, 0)
    doc.duplicate_troopers(["t3", "t2"])
    doc.change_option("t2", 1, 2)
    doc.move_to_new_group(["t2"])
    doc.remove_troopers(["t5", "t1"])
    assert tree_of(model) == list_of(doc)
    stack = doc.undo_stack
    while stack.canUndo():
        stack.undo()
        assert tree_of(model) == list_of(doc)
    while stack.canRedo():
        stack.redo()
        assert tree_of(model) == list_of(doc)
    assert resets == []  # edits never reset the model
    window.action_set.close_list.trigger()
    assert resets == [1]  # closing (or opening) another list does


def test_changing_an_option_by_keyboard_keeps_the_focus(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)
    add(qtbot, window, HEAVY, 1, 1)
    add(qtbot, window, LINE, 1, 3)
    tree = window.editor.tree
    popup = press_f2_on(qtbot, window, "t2").view()
    qtbot.keyClick(popup, Qt.Key.Key_Down)  # moves the highlight: nothing is committed yet
    assert window.document.army_list.trooper("t2").option == 1
    assert window.document.undo_stack.count() == 3
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert window.document.army_list.trooper("t2").option == 2
    wait_editor_closed(qtbot, tree)
    assert QApplication.focusWidget() is tree
    assert tree.currentIndex().data(ListRole.UID) == "t2"
    assert window.editor.selected_uids() == ["t2"]
    # the keyboard goes on in the list: ↓ moves to the next trooper, not to the Problems tabs
    current_tab = window.bottom_tabs.currentIndex()
    qtbot.keyClick(tree, Qt.Key.Key_Down)
    assert window.editor.current_uid() == "t3"
    assert window.bottom_tabs.currentIndex() == current_tab
    qtbot.keyClick(tree, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert [t.uid for _, t in window.document.army_list.troopers()] == ["t1", "t3", "t2"]
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    assert window.document.army_list.trooper("t3") is None


def test_escape_or_arrows_on_the_closed_box_commit_nothing(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, HEAVY, 1, 1)
    tree = window.editor.tree
    editor = press_f2_on(qtbot, window, "t1")
    qtbot.keyClick(editor.view(), Qt.Key.Key_Escape)  # closes the list: the edit ends, unchanged
    wait_editor_closed(qtbot, tree)
    assert window.document.undo_stack.count() == 1
    assert QApplication.focusWidget() is tree
    window.editor.edit_option()
    shown_editor(qtbot, tree).hidePopup()
    wait_editor_closed(qtbot, tree)
    assert window.document.army_list.trooper("t1").option == 1


def drop(view, data, index) -> bool:  # type: ignore[no-untyped-def]
    """Drag `data` over `index` of `view` and drop it there, as the mouse would: True if accepted."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

    view.scrollTo(index)
    point = QPointF(view.visualRect(index).center())
    actions = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    viewport = view.viewport()
    QApplication.sendEvent(viewport, QDragEnterEvent(point.toPoint(), actions, data, buttons, mods))
    move = QDragMoveEvent(point.toPoint(), actions, data, buttons, mods)
    QApplication.sendEvent(viewport, move)
    event = QDropEvent(point, actions, data, buttons, mods)
    QApplication.sendEvent(viewport, event)
    return move.isAccepted() and event.isAccepted()


def test_delete_selects_the_next_and_undo_the_restored(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    for option in (1, 2, 3):
        add(qtbot, window, LINE, 1, option)
    tree = window.editor.tree
    focus(qtbot, window, tree)
    window.editor.select_troopers(["t1"])
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    assert window.editor.selected_uids() == ["t2"]  # the one now in its place
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    assert window.editor.selected_uids() == ["t3"]
    qtbot.keyClick(tree, Qt.Key.Key_Delete)  # the last one: its group is selected
    assert window.document.army_list.trooper_count == 0
    assert window.editor.current_group() == 1
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.editor.selected_uids() == ["t3"]  # the restored trooper
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.editor.selected_uids() == ["t2"]
    window.editor.select_troopers(["t2", "t3"])
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.editor.selected_uids() == ["t2", "t3"]
    assert QApplication.focusWidget() is tree


def test_reinforcements_from_the_browser(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    browser = window.browser
    assert browser.sections.isVisible()  # the Test Sectorial has a Reinforcements list
    add(qtbot, window, LINE, 1, 1)
    bar = browser.sections
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    qtbot.waitUntil(lambda: browser.model.rowCount() == 2, timeout=5000)
    assert browser.model.reinforcement
    assert {browser.model.index(r, 0).data() for r in range(2)} == {"REINF: BOLTS", "ORDINARY TROOPERS"}
    bolt = browser.option_index(101, 1, 1)
    tree = browser.tree
    tree.setFocus()
    tree.setCurrentIndex(bolt)
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    army_list = window.document.army_list
    assert [(g.number, g.reinforcement, [t.unit for t in g.troopers]) for g in army_list.groups] == [
        (1, False, [LINE]), (2, True, [101])]
    assert window.document.undo_stack.undoText() == "Add REINF: BOLTS (BOLT REINF)"
    assert window.totals.reinforcements.isVisible()
    assert window.totals.reinforcements.plain == "Reinf. 20 / 100"
    # its card; its troopers go on to the Reinforcements group, wherever the list's focus is
    window.editor.select_troopers(["t1"])
    tree.setCurrentIndex(browser.option_index(101, 1, 2))
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    assert [t.uid for t in window.document.army_list.group(2).troopers] == ["t2", "t3"]
    window.editor.select_troopers(["t3"])
    assert window.card.title.text() == "REINF: BOLTS"
    model = window.editor.model
    assert model.group_index(2).data().startswith("Reinforcements 2")
    # back to the army's own units
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(0).center())
    assert not browser.model.reinforcement and browser.model.rowCount() == 8
    window.action_set.new_reinforcement_group.trigger()
    assert [g.reinforcement for g in window.document.army_list.groups] == [False, True, True]


def test_drops_never_mix_the_sections(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)
    doc = window.document
    doc.add_trooper(101, 1, 1, reinforcement=True)
    assert [(g.number, g.reinforcement) for g in doc.army_list.groups] == [(1, False), (2, True)]
    model, tree = window.editor.model, window.editor.tree
    before = doc.army_list
    # an option of the army onto the Reinforcements group, or onto its trooper: refused
    option = window.browser.model.mimeData([window.browser.proxy.mapToSource(window.browser.option_index(HEAVY))])
    assert not drop(tree, option, model.group_index(2))
    assert not drop(tree, option, model.trooper_index("t2"))
    # a trooper of group 1 onto the Reinforcements group: refused; and the other way round
    assert not drop(tree, model.mimeData([model.trooper_index("t1")]), model.group_index(2))
    assert not drop(tree, model.mimeData([model.trooper_index("t2")]), model.group_index(1))
    assert doc.army_list == before
    assert all(model.trooper_index(u).data() != "Unknown unit" for u in ("t1", "t2"))
    # the document refuses too, whoever asks
    assert doc.add_trooper(HEAVY, 1, 1, 2) is None
    doc.move_troopers(["t1"], 2)
    assert doc.army_list == before
    # within a section, drops work
    assert drop(tree, option, model.group_index(1))
    assert [t.unit for t in doc.army_list.group(1).troopers] == [LINE, HEAVY]


def test_mercenaries_are_marked_hidden_and_explained(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QFont

    start_list(qtbot, window)
    window.document.set_rules_pack("n5")  # N5 rules: no Extras, so no Soldiers of Fortune
    browser = window.browser
    names = {browser.proxy.index(r, 0).data() for r in range(browser.proxy.rowCount())}
    assert "HIRED GUNS" not in names and browser.count.text() == "7 units"
    toggle = browser.mercenary_filter
    assert toggle.isVisible() and toggle.text() == "Mercenaries (1)" and not toggle.isChecked()
    assert "choose ITS Season 17 — Seekers in Rules" in toggle.toolTip()  # the army's edition's season
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    mercs = browser.option_index(6)
    assert mercs.isValid()
    assert isinstance(mercs.parent().data(Qt.ItemDataRole.FontRole), QFont)
    assert mercs.parent().data(Qt.ItemDataRole.FontRole).italic()
    assert browser.mercenary_hint.isVisible()
    assert browser.mercenary_hint.text().startswith("Mercenaries need the Soldiers of Fortune extra")
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    assert not browser.option_index(6).isValid()
    # the season that has the extra: the hint says where to switch it on; switched on, they show
    window.document.set_rules_pack("its-s9")
    assert browser.mercenary_hint.text() == "" or "switch it on in Extras" in toggle.toolTip()
    window.list_settings.extra_action("soldiers-of-fortune").trigger()
    assert toggle.isChecked() and browser.option_index(6).isValid()
    assert not browser.mercenary_hint.isVisible()
    assert "is on: up to 75 points of mercenaries" in toggle.toolTip()
    window.document.undo_stack.undo()
    assert not toggle.isChecked() and not browser.option_index(6).isValid()


def test_choosing_a_unit_brings_its_profile_card_to_the_front(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)
    add(qtbot, window, HEAVY, 1, 1)
    browser, tabs = window.browser.tree, window.fireteams.tabs
    window.fireteams.show_teams.trigger()
    assert tabs.currentWidget() is window.fireteams.panel
    unit = window.browser.option_index(HEAVY).parent()
    browser.scrollTo(unit)
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=browser.visualRect(unit).center())
    assert tabs.currentWidget() is window.card and window.card.title.text() == "HEAVY TROOPERS"
    # the list shows another unit's card; clicking the same (current) unit again shows it back
    window.editor.select_troopers(["t1"])
    assert window.card.title.text() == "LINE TROOPERS"
    window.fireteams.show_finder.trigger()
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=browser.visualRect(unit).center())
    assert tabs.currentWidget() is window.card and window.card.title.text() == "HEAVY TROOPERS"
