"""Switching to Spanish while a list is open rewords what was made before the switch too: the undo
history (compound edits included), the status bar, the data's Lieutenant skill, the problems."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from test_gui_window import LINE, add, start_list

from armybuilder.gui.language import apply_language
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.roster import Column as ListColumn


def test_history_status_and_data_words_follow_the_language(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 3)  # LINE LT: the data's skill "Lieutenant"
    add(qtbot, window, LINE, 1, 1)
    window.editor.select_troopers(["t1", "t2"])
    menu = window.editor.context_menu()
    move_to = menu.findChild(QMenu, "move_to_menu")
    next(a for a in move_to.actions() if a.data() == 0).trigger()  # Move to → New combat group
    assert [t.uid for t in window.document.army_list.group(2).troopers] == ["t1", "t2"]
    assert window.document.undo_stack.undoText() == "Move 2 troopers to a new combat group"
    assert window.document.undo_stack.count() == 3  # one entry
    window.ask_save_path = lambda: tmp_path / "moved.yaml"  # type: ignore[method-assign]
    with qtbot.waitSignal(window.document.modified_changed, timeout=5000):
        window.action_set.save.trigger()
    assert window.statusBar().currentMessage().startswith("Saved ")
    option = window.editor.model.trooper_index("t1", ListColumn.OPTION)
    assert option.data() == "LINE LT · Lieutenant · Combi Rifle"
    try:
        apply_language("es")
        assert window.document.undo_stack.undoText() == "Mover 2 tropas a un grupo de combate nuevo"
        assert window.statusBar().currentMessage().startswith("Guardado ")
        assert option.data() == "LINE LT · Teniente · Combi Rifle"
        assert "Lieutenant" not in option.data(Qt.ItemDataRole.ToolTipRole)  # the tooltip too (ToolTipRole)
    finally:
        apply_language("en")
    assert window.document.undo_stack.undoText() == "Move 2 troopers to a new combat group"


def test_messages_of_other_parts_are_cleared_by_a_switch(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.statusBar().showMessage("Something in English", 5000)
    try:
        apply_language("es")
        assert window.statusBar().currentMessage() == ""
    finally:
        apply_language("en")


def test_a_list_that_cannot_be_validated_says_why_in_the_new_language(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.data.problems import DataError
    from armybuilder.domain.lists import ArmyList
    from armybuilder.rules.engine import validate_in_catalog

    start_list(qtbot, window)
    broken = window.document.army_list.model_copy(update={"pack": "no-such-pack"})
    window.document.start(broken)
    assert window.document.problem and window.problems.model.index(0, 0).data() == window.document.problem

    def problem_now(army_list: ArmyList) -> str:
        try:
            validate_in_catalog(army_list, window.catalog)
        except DataError as exc:
            return str(exc)
        raise AssertionError("the list validated")

    english = window.problems.model.index(0, 0).data()
    try:
        apply_language("es")
        # the text the data layer makes now, in the current language: not the one kept from before
        assert window.problems.model.index(0, 0).data() == problem_now(broken) != english
        assert window.problems.model.index(0, 0).data().startswith("paquetes de reglas:")
    finally:
        apply_language("en")


def test_no_english_left_in_the_new_parts(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Reinforcements tab and figure, the Mercenaries toggle and its hint, notes, the Preferences'
    per-edition rows: all in Spanish after a switch."""
    from spanish import english_left

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 3)
    window.document.add_trooper(101, 1, 1, reinforcement=True)
    window.browser.mercenary_filter.setChecked(True)
    window.editor.select_troopers(["t2"])
    try:
        apply_language("es")
        assert window.browser.sections.tabText(1) == "Refuerzos"
        assert window.totals.reinforcements.plain.startswith("Ref. 20 / 100")
        assert window.browser.mercenary_hint.isVisible()
        assert english_left(window) == []
        window.action_set.edit_notes.trigger()
        assert english_left(window.notes_dialog) == []
        window.notes_dialog.reject()
        window.action_set.preferences.trigger()
        assert english_left(window.preferences_dialog) == []
        window.preferences_dialog.reject()
    finally:
        apply_language("en")


def test_a_switch_rewords_the_problems_without_validating_again(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                monkeypatch) -> None:
    import armybuilder.gui.document as document_module

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)  # no Lieutenant: one problem
    report = window.document.report
    english = window.problems.model.index(0, 0).data()
    calls: list[object] = []
    real = document_module.validate_in_catalog  # type: ignore[attr-defined]
    mine = window.document.army_list  # (windows of earlier tests may still be alive and get the switch too)

    def counted(army_list, catalog):  # type: ignore[no-untyped-def]
        if army_list is mine:
            calls.append(army_list)
        return real(army_list, catalog)

    monkeypatch.setattr(document_module, "validate_in_catalog", counted)
    try:
        apply_language("es")
        spanish = window.problems.model.index(0, 0).data()
        assert spanish != english and "eniente" in spanish, spanish
        assert calls == [] and window.document.report is report  # the same report, rendered anew
    finally:
        apply_language("en")
    assert window.problems.model.index(0, 0).data() == english
