"""Names, files and messages: the list name being typed is what gets saved, autosaved and asked
about; file names proposed from names are safe; messages say what happened first (synthetic army)."""

from __future__ import annotations

from pathlib import Path

from guihelpers import focus
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from test_gui_window import LINE, add, start_list

from armybuilder.data.listfile import load_list
from armybuilder.gui.mainwindow import MainWindow


def test_the_name_being_typed_is_saved_and_asked_about(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.autosave import Autosave

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)
    autosave = Autosave(window, tmp_path / "autosave", idle_ms=10)
    target = tmp_path / "frost.yaml"
    window.ask_save_path = lambda: target  # type: ignore[method-assign]
    name = window.list_settings.name
    focus(qtbot, window, name)
    qtbot.keyClicks(name, "Frost")
    assert window.windowTitle().startswith("Frost[*]")
    with qtbot.waitSignal(window.document.modified_changed, timeout=5000):
        qtbot.keyClick(name, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # the cursor still in the field
    assert load_list(target).army_list.name == "Frost"
    assert not window.isWindowModified()
    assert name.hasFocus()
    qtbot.keyClicks(name, " Giants")  # a new name, typed and never confirmed with Enter
    assert window.document.modified and window.isWindowModified()
    qtbot.waitUntil(lambda: autosave.file.is_file(), timeout=5000)
    autosave.wait()
    assert '"name": "Frost Giants"' in autosave.file.read_text(encoding="utf-8")
    asked = []
    window.ask_unsaved = lambda: asked.append(1) or QMessageBox.StandardButton.Cancel  # type: ignore[method-assign,func-returns-value]
    assert not window.close()  # quitting asks
    assert asked and autosave.file.is_file()
    # typing merges into one history entry
    history = [window.document.undo_stack.text(i) for i in range(window.document.undo_stack.count())]
    assert history[-2:] == ["Rename list to Frost", "Rename list to Frost Giants"]
    autosave.finish()


def test_file_names_from_list_names_are_safe(qtbot, window: MainWindow, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    from armybuilder.gui.files import safe_file_stem

    assert safe_file_stem("PanO 300/6 SWC", "x") == "PanO 300-6 SWC"
    assert safe_file_stem('a\\b:c*d?"<e>|', "x") == "a-b-c-d-e"
    assert safe_file_stem("../..", "army-list") == "army-list"
    assert safe_file_stem("  .hidden  ", "x") == "hidden"
    start_list(qtbot, window)
    window.document.rename("PanO 300/6 SWC")
    window.settings.set_last_folder(tmp_path)
    proposed = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, path, filters: (proposed.append(path) and "") or ("", ""))  # type: ignore[func-returns-value]
    assert window.ask_save_path() is None
    assert Path(proposed[0]) == tmp_path / "PanO 300-6 SWC.yaml"


def test_print_dialog_never_proposes_the_list_name_for_a_courtesy_list(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                      monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    from armybuilder.gui.printing.work import PrintOut, with_outputs

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)
    window.document.rename("Camo LT on the left")
    window.printing.export.trigger()
    dialog = window.printing.dialog
    assert dialog is not None
    proposed = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, path, filters: (proposed.append(Path(path).name) and "") or ("", ""))  # type: ignore[func-returns-value]
    settings = dialog.export_settings()
    for outputs in ([PrintOut.COURTESY_PDF], [PrintOut.FULL_PDF, PrintOut.COURTESY_PDF], [PrintOut.COURTESY_TEXT],
                    [PrintOut.FULL_PDF]):
        dialog.ask_save_path(with_outputs(settings, outputs))
    assert proposed == ["Test Sectorial-courtesy.pdf", "Test Sectorial.pdf", "Test Sectorial-courtesy.txt",
                        "Camo LT on the left.pdf"]
    dialog.reject()


def test_unsaved_question_quotes_the_name_or_says_this_list(qtbot, window: MainWindow, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.mainwindow import MainWindow as Window

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)
    texts = []

    def fake_exec(box: QMessageBox) -> int:
        texts.append(box.text())
        return int(QMessageBox.StandardButton.Cancel)

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    Window.ask_unsaved(window)
    window.document.rename("Untitled list")
    Window.ask_unsaved(window)
    assert texts == ["This list has changes that are not saved.",
                     "The list “Untitled list” has changes that are not saved."]


def test_notes_are_edited_undoably_and_saved(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QDialogButtonBox

    start_list(qtbot, window)
    assert window.action_set.edit_notes in window.edit_menu.actions()
    window.action_set.edit_notes.trigger()
    dialog = window.notes_dialog
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.text, "Deploy the Bot on the left.")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert window.document.army_list.notes == "Deploy the Bot on the left."
    assert window.document.undo_stack.undoText() == "Edit notes"
    window.ask_save_path = lambda: tmp_path / "noted.yaml"  # type: ignore[method-assign]
    with qtbot.waitSignal(window.document.modified_changed, timeout=5000):
        window.action_set.save.trigger()
    assert load_list(tmp_path / "noted.yaml").army_list.notes == "Deploy the Bot on the left."
    window.action_set.edit_notes.trigger()
    dialog = window.notes_dialog
    assert dialog.text.toPlainText() == "Deploy the Bot on the left."
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    window.document.undo_stack.undo()
    assert window.document.army_list.notes == ""


def test_change_army_names_the_troopers_it_drops_and_undoes(qtbot, synthetic_catalog, app_settings) -> None:  # type: ignore[no-untyped-def]
    from guihelpers import TEST_ARMY, make_window
    from test_gui_window import SlowSource

    from armybuilder.domain.profiles import Army

    army = synthetic_catalog.army(("bundled", TEST_ARMY))
    data = army.model_dump()
    data["units"] = [u for u in data["units"] if u["id"] != 2]  # no HEAVY TROOPERS
    synthetic_catalog.add_source(SlowSource(Army.model_validate(data), 0.0))
    window = make_window(qtbot, synthetic_catalog, app_settings)
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 3)
    add(qtbot, window, 2, 1, 2)
    before = window.document.army_list
    asked: list[tuple[str, list[str]]] = []
    answers = [False, True]
    window.confirm_army_change = lambda army, names: asked.append((army, names)) or answers.pop(0)  # type: ignore[func-returns-value,method-assign]
    for attempt in (1, 2):
        window.list_settings.army.click()
        dialog = window.army_dialog
        dialog.picker.tree.activated.emit(dialog.picker.index_of("Slow Army", "imported"))
        qtbot.waitUntil(lambda attempt=attempt: len(asked) == attempt, timeout=5000)
    assert asked[0] == ("Slow Army", ["HEAVY TROOPERS (HEAVY SPITFIRE)"])
    assert window.document.army.origin == "imported"
    assert [t.unit for _, t in window.document.army_list.troopers()] == [LINE]
    assert window.document.undo_stack.undoText() == "Switch army to Slow Army, removing 1 trooper"
    assert not any(r.severity == "error" and "not in" in r.message for r in window.document.report.violations)
    window.action_set.undo.trigger()
    assert window.document.army_list == before and window.document.army.origin == "bundled"
