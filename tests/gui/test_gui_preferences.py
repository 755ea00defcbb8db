"""Preferences: the language (everything on screen follows at once, Qt's own buttons too), distance
units, paper size and the rules of new lists, kept in the (isolated) settings."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from guihelpers import TEST_ARMY, make_window
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from spanish import english_left

from armybuilder.data.catalog import Catalog
from armybuilder.gui.app import startup_language
from armybuilder.gui.dialogs.preferences import PreferencesDialog
from armybuilder.gui.language import apply_language
from armybuilder.gui.mainwindow import BUILDER_PAGE, MainWindow
from armybuilder.gui.preferences import Preferences
from armybuilder.gui.settings_store import SettingsStore
from armybuilder.i18n import language
from armybuilder.rules.list_settings import ListDefaults

LINE, CONTROLLERS = 1, 5


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    apply_language("en")


def start_list(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "test sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert window.pages.currentIndex() == BUILDER_PAGE


def add(window: MainWindow, unit: int, group: int = 1, option: int = 1) -> None:
    window.document.add_trooper(unit, group, option)


def open_preferences(qtbot, window: MainWindow) -> PreferencesDialog:  # type: ignore[no-untyped-def]
    window.action_set.preferences.trigger()
    dialog = window.preferences_dialog
    qtbot.waitExposed(dialog)
    return dialog


def choose(combo, data: object) -> None:  # type: ignore[no-untyped-def]
    row = combo.findData(data)
    assert row >= 0, (data, [combo.itemData(i) for i in range(combo.count())])
    combo.setCurrentIndex(row)


def button(dialog: PreferencesDialog, which: QDialogButtonBox.StandardButton):  # type: ignore[no-untyped-def]
    return dialog.buttons.button(which)


def test_switching_to_spanish_in_preferences(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(window, LINE)  # 10 points, no Lieutenant: one problem
    add(window, CONTROLLERS)
    window.editor.select_troopers(["t2"])
    window.browser.tree.setCurrentIndex(window.browser.option_index(CONTROLLERS))
    dialog = open_preferences(qtbot, window)
    assert dialog.language.currentData() == "en"
    assert button(dialog, QDialogButtonBox.StandardButton.Ok).text().replace("&", "") == "OK"
    choose(dialog.language, "es")
    qtbot.mouseClick(button(dialog, QDialogButtonBox.StandardButton.Apply), Qt.MouseButton.LeftButton)

    # applied at once, without a restart: menus, totals, list, problems, title, the dialog itself
    assert language() == "es"
    assert window.file_menu.title() == "&Archivo"
    assert window.edit_menu.title() == "&Editar"
    assert window.action_set.import_data.text() == "Im&portar datos de Infinity Army…"
    assert window.action_set.preferences.text() == "Pre&ferencias…"
    assert window.totals.points.plain.startswith("Puntos 30 / 300")
    assert window.totals.swc.plain.startswith("CAP 0 / 6")
    assert window.editor.model.group_index(1).data().startswith("Grupo de Combate 1")
    assert "NO LEGAL (1)" in window.windowTitle()
    assert "eniente" in window.problems.model.index(0, 0).data()
    assert window.card.stats_model.headerData(4, Qt.Orientation.Horizontal) == "FIS"
    history = window.document.undo_stack  # the undo history is reworded too
    assert [history.command(i).text().split(" ")[0] for i in range(history.count())] == ["Añadir", "Añadir"]
    assert window.action_set.undo.text().startswith("&Deshacer Añadir")
    assert dialog.windowTitle() == "Preferencias"
    # Qt's own buttons, in its own Spanish
    assert button(dialog, QDialogButtonBox.StandardButton.Cancel).text().replace("&", "") == "Cancelar"
    assert button(dialog, QDialogButtonBox.StandardButton.Apply).text() == "Aplicar"
    assert english_left(window) == []
    assert english_left(dialog) == []
    qtbot.mouseClick(button(dialog, QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    assert window.settings.store.value("ui/language") == "es"

    # a standard question in Spanish too
    box = QMessageBox(QMessageBox.Icon.Warning, "t", "t",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard, window)
    assert box.button(QMessageBox.StandardButton.Discard).text() == "Descartar"
    box.deleteLater()

    dialog = open_preferences(qtbot, window)
    assert dialog.language.currentData() == "es"
    choose(dialog.language, "en")
    qtbot.mouseClick(button(dialog, QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert window.file_menu.title() == "&File"
    assert window.totals.swc.plain.startswith("SWC 0 / 6")


def test_spanish_start_page_and_dialogs_have_no_english_left(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    apply_language("es")
    assert window.start_page.title.text() == "Empieza una lista"
    assert window.start_page.import_button.text() == "Importar datos de Infinity Army…"
    assert english_left(window) == []
    window.action_set.import_data.trigger()
    assert window.import_dialog.windowTitle() == "Importar datos de Infinity Army"
    assert english_left(window.import_dialog) == []
    window.import_dialog.reject()


def test_language_chosen_in_preferences_is_used_at_the_next_start(app_settings: SettingsStore,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARMYBUILDER_LANG")
    assert startup_language(app_settings, []) == language()  # nothing chosen yet: the system's
    Preferences(app_settings).set_language("es")
    assert startup_language(app_settings, []) == "es"
    assert startup_language(app_settings, ["--lang", "en"]) == "en"  # the command line wins
    monkeypatch.setenv("ARMYBUILDER_LANG", "en")
    assert startup_language(app_settings, []) == "en"


def test_units_switch_shows_inches_or_cm_on_the_profile_card(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    window.browser.tree.setCurrentIndex(window.browser.option_index(CONTROLLERS))
    mov = window.card.stats_model.index(1, 1)
    assert mov.data() == "6-4"
    dialog = open_preferences(qtbot, window)
    assert dialog.distances.currentIndex() == 0
    dialog.distances.setCurrentIndex(1)
    qtbot.mouseClick(button(dialog, QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert window.card.stats_model.index(1, 1).data() == "15-10"
    assert window.card.stats_model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) \
        == "Movement in centimetres"
    assert window.action_set.distances_cm.isChecked()  # the View menu agrees
    assert Preferences(window.settings).units() == "cm"
    window.action_set.distances_cm.setChecked(False)  # and the other way round
    dialog = open_preferences(qtbot, window)
    assert dialog.distances.currentIndex() == 0
    dialog.reject()
    assert window.card.stats_model.index(1, 1).data() == "6-4"


def test_cancel_changes_nothing(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    dialog = open_preferences(qtbot, window)
    choose(dialog.language, "es")
    dialog.distances.setCurrentIndex(1)
    qtbot.mouseClick(button(dialog, QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    assert language() == "en" and window.file_menu.title() == "&File"
    assert not window.action_set.distances_cm.isChecked()
    assert window.settings.store.value("ui/language") is None


def test_paper_and_the_rules_of_new_lists(qtbot, synthetic_catalog: Catalog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ini = tmp_path / "prefs.ini"
    first = make_window(qtbot, synthetic_catalog, SettingsStore(QSettings(str(ini), QSettings.Format.IniFormat)))
    dialog = open_preferences(qtbot, first)
    assert dialog.paper.currentIndex() == 0  # A4 unless told
    assert set(dialog.rows) == {"n3", "n5"}  # one row per edition: the Test Sectorial is an N5 army
    n5 = dialog.rows["n5"]
    assert n5.label.text() == "Infinity N&5 (1 army)"
    assert n5.game_size.currentData() == "" and not n5.game_size.isEnabled()  # the army's usual rules
    assert "Each edition is offered its own packs" in dialog.list_note.text()
    # each edition's row offers its own packs: no N3-era ITS Season 9 for N5 armies, no ITS Season 17 for N3
    assert [n5.pack.itemData(i) for i in range(n5.pack.count())] == ["", "its-s17", "n5"]
    assert [dialog.rows["n3"].pack.itemData(i) for i in range(dialog.rows["n3"].pack.count())] == ["", "its-s9", "n3"]
    dialog.paper.setCurrentIndex(1)
    choose(n5.pack, "its-s17")
    assert [n5.game_size.itemData(i) for i in range(n5.game_size.count())] == [
        "400", "350", "300", "250", "200", "150", "__points__"]
    choose(n5.game_size, "400")
    assert not n5.points.isVisible()
    qtbot.mouseClick(button(dialog, QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    start_list(qtbot, first)
    army_list = first.document.army_list
    assert army_list is not None and (army_list.pack, army_list.tier, army_list.points) == ("its-s17", "400", None)
    assert first.totals.points.plain == "Points 0 / 400"
    first.close()

    # kept for the next run, under the documented keys, per edition
    store = QSettings(str(ini), QSettings.Format.IniFormat)
    assert (store.value("print/paper"), store.value("lists/n5/pack"), store.value("lists/n5/tier"),
            store.value("lists/n3/pack")) == ("letter", "its-s17", "400", "")
    second = make_window(qtbot, synthetic_catalog, SettingsStore(store))
    prefs = Preferences(second.settings)
    assert prefs.paper() == "letter"
    assert prefs.list_defaults("n5") == ListDefaults("its-s17", "400", 300, "n5")
    assert prefs.list_defaults("n3") == ListDefaults(None, None, 300, "n3")
    dialog = open_preferences(qtbot, second)
    n5 = dialog.rows["n5"]
    assert dialog.paper.currentIndex() == 1 and n5.game_size.currentData() == "400"
    choose(n5.pack, "n5")
    assert [n5.game_size.itemData(i) for i in range(n5.game_size.count())] == ["__points__"]
    assert n5.points.isVisible()
    n5.points.setValue(250)
    qtbot.mouseClick(button(dialog, QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    start_list(qtbot, second)
    army_list = second.document.army_list
    assert army_list is not None and (army_list.pack, army_list.tier, army_list.points) == ("n5", None, 250)
    assert army_list.army.id == TEST_ARMY


def test_the_old_single_setting_applies_to_its_own_edition_only(qtbot, synthetic_catalog: Catalog,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path) -> None:
    store = QSettings(str(tmp_path / "old.ini"), QSettings.Format.IniFormat)
    for key, value in (("lists/default_pack", "its-s9"), ("lists/default_tier", "mid"), ("lists/default_points", 300)):
        store.setValue(key, value)  # as an earlier version saved it: ITS Season 9 (N3) for every army
    window = make_window(qtbot, synthetic_catalog, SettingsStore(store))
    start_list(qtbot, window)  # an N5 army: its usual rules (the N5 season), not the N3-era season
    army_list = window.document.army_list
    assert army_list is not None and (army_list.pack, army_list.tier) == ("its-s17", "300")
    dialog = open_preferences(qtbot, window)
    assert dialog.rows["n3"].pack.currentData() == "its-s9" and dialog.rows["n3"].game_size.currentData() == "mid"
    assert dialog.rows["n5"].pack.currentData() == ""
    dialog.reject()


@pytest.mark.parametrize("code", ["en", "es"])
def test_every_menu_entry_has_its_own_access_key(qtbot, window: MainWindow, code: str) -> None:  # type: ignore[no-untyped-def]
    apply_language(code)
    menus = [window.menuBar(), *(a.menu() for a in window.menuBar().actions() if a.menu())]
    for menu in menus:
        keys: dict[str, list[str]] = {}
        for action in menu.actions():  # type: ignore[attr-defined]
            if action.isSeparator():
                continue
            text = action.menu().title() if action.menu() else action.text()
            found = re.search(r"&(\w)", text)
            assert found, f"{text!r} has no access key"
            keys.setdefault(found[1].casefold(), []).append(text)
        clashes = {key: texts for key, texts in keys.items() if len(texts) > 1}
        assert not clashes, f"{code}: {clashes}"


def test_the_restore_offer_in_spanish(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.data.listfile import dumps_list
    from armybuilder.gui.autosave import Autosave, entry_json
    from armybuilder.gui.dialogs.restore import offer_restore

    start_list(qtbot, window)
    add(window, LINE)
    army_list = window.document.army_list
    assert army_list is not None
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / "1-1-gone.json").write_text(entry_json(army_list, "Test Sectorial", None, dumps_list(army_list)),
                                          encoding="utf-8")
    window.document.close_list()
    apply_language("es")
    dialog = offer_restore(window.host, Autosave(window, folder), window.other_games.restore)
    assert dialog is not None
    assert dialog.windowTitle() == "Recuperar el trabajo sin guardar"
    assert "Nunca se había guardado en un archivo." in dialog.detail.text()
    assert english_left(dialog) == []
    dialog.reject()
