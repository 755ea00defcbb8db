"""Army codes in the app: a pasted code's list comes with a notice of what a code cannot hold and the
fireteam finder's best teams to declare; a copied code is shown in a dialog with its link."""

from __future__ import annotations

from pathlib import Path

import pytest
from guihelpers import BLIZZARD_A, make_window, without_fireteams
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from armybuilder.data.armycode import decode
from armybuilder.data.armycode_lists import encode_list
from armybuilder.data.catalog import Catalog
from armybuilder.gui.codes import CopiedCodeDialog
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.i18n import set_language
from armybuilder.paths import bundled_profiles_dir


@pytest.fixture
def bundled() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


@pytest.fixture
def blizzard_code(bundled: Catalog, tmp_path: Path) -> str:
    """Seed 001's Blizzard-6 list (bundled Svalarheima) as an army code: no fireteams, notes or tier."""
    from armybuilder.data.listfile import load_list

    return encode_list(load_list(without_fireteams(BLIZZARD_A, tmp_path)).army_list, 300)


def paste(qtbot, window: MainWindow, text: str) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().setText(text)
    with qtbot.waitSignal(window.document.list_changed, timeout=5000):
        window.action_set.paste_code.trigger()


def test_a_pasted_code_says_what_it_cannot_hold(qtbot, bundled: Catalog, app_settings,  # type: ignore[no-untyped-def]
                                                 blizzard_code: str) -> None:
    window = make_window(qtbot, bundled, app_settings)
    paste(qtbot, window, blizzard_code)
    notice = window.code_notice
    assert notice.isVisible()
    text = notice.text.text()
    assert "which holds no fireteams, list notes or ITS tier" in text and "300 points" in text
    assert "\n" not in text  # one line
    assert notice.teams == 2 and notice.declare.isEnabled()  # the Core of Fusiliers and the Nisses' Haris
    assert notice.declare.text() == "Declare the 2 best fireteams"


def test_declaring_the_best_teams_is_one_undoable_step(qtbot, bundled: Catalog, app_settings,  # type: ignore[no-untyped-def]
                                                      blizzard_code: str) -> None:
    window = make_window(qtbot, bundled, app_settings)
    paste(qtbot, window, blizzard_code)
    qtbot.mouseClick(window.code_notice.declare, Qt.MouseButton.LeftButton)
    teams = window.document.army_list.fireteams
    assert len(teams) == 2 and {t.type.value for t in teams} == {"CORE", "HARIS"}
    assert window.document.report.legal
    assert not window.code_notice.isVisible()
    assert window.document.undo_stack.undoText() == "Form 2 fireteams"
    assert window.middle_tabs.currentWidget() is window.fireteams.panel
    window.action_set.undo.trigger()
    assert window.document.army_list.fireteams == ()


def test_the_finder_button_shows_the_finder_and_the_notice_goes_with_the_list(  # type: ignore[no-untyped-def]
        qtbot, bundled: Catalog, app_settings, blizzard_code: str) -> None:
    window = make_window(qtbot, bundled, app_settings)
    paste(qtbot, window, blizzard_code)
    qtbot.mouseClick(window.code_notice.finder, Qt.MouseButton.LeftButton)
    assert window.middle_tabs.currentWidget() is window.fireteams.finder
    window.document.set_game_size(None, 250)  # an edit keeps the notice
    assert window.code_notice.isVisible()
    window.action_set.close_list.trigger()
    assert not window.code_notice.isVisible()
    paste(qtbot, window, blizzard_code)
    qtbot.mouseClick(window.code_notice.close_button, Qt.MouseButton.LeftButton)
    assert not window.code_notice.isVisible()


def test_a_copied_code_is_shown_with_a_copy_button_and_its_link(qtbot, bundled: Catalog,  # type: ignore[no-untyped-def]
                                                               app_settings, tmp_path: Path) -> None:
    window = make_window(qtbot, bundled, app_settings)
    window.tasks.wait(window.open_path(BLIZZARD_A))  # with its Core and Haris declared, and its CBL
    window.action_set.copy_code.trigger()
    dialog = window.copied_code_dialog
    assert isinstance(dialog, CopiedCodeDialog) and dialog.isVisible()
    code = dialog.field.toPlainText()
    assert QGuiApplication.clipboard().text() == code and decode(code).army == window.document.army.id
    assert dialog.field.isReadOnly() and dialog.field.textCursor().selectedText() == code  # selected, to copy by hand
    assert f'href="https://infinityuniverse.com/army/list/{code}"' in dialog.link_label.text()
    assert dialog.missing.isVisible()
    assert "2 fireteams" in dialog.missing.text() and "the Closed Battle List" in dialog.missing.text()
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(dialog.copy_link_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == dialog.link
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == code
    assert dialog.status.text() == "The code is in the clipboard."
    dialog.reject()


def test_an_official_code_without_the_official_data_says_how_to_import(qtbot, bundled: Catalog,  # type: ignore[no-untyped-def]
                                                                     app_settings) -> None:
    window = make_window(qtbot, bundled, app_settings)
    QGuiApplication.clipboard().setText("gfUGbm9tYWRzASCBLAEBAQACAIbiAQEAAIGeAQEA")  # Nomads: 1762-1-1 414-1-1
    window.action_set.paste_code.trigger()
    qtbot.waitUntil(lambda: bool(window.shown_messages), timeout=5000)  # type: ignore[attr-defined]
    kind, title, text = window.shown_messages[0]  # type: ignore[attr-defined]
    assert kind == "error" and title == "This army code needs the official data"
    assert "comes from the official Infinity Army builder" in text and "File → Import Infinity Army data…" in text
    assert "unit 1762 is not in" not in text
    assert not window.document.has_list


def test_the_notice_and_dialog_in_spanish(qtbot, bundled: Catalog, app_settings,  # type: ignore[no-untyped-def]
                                          blizzard_code: str) -> None:
    from armybuilder.gui.language import apply_language

    window = make_window(qtbot, bundled, app_settings)
    paste(qtbot, window, blizzard_code)
    try:
        apply_language("es")
        assert window.code_notice.text.text().startswith("Leída de un código de ejército")
        assert window.code_notice.declare.text() == "Declarar las 2 mejores Fireteams"
        window.action_set.copy_code.trigger()
        assert window.copied_code_dialog is not None
        assert window.copied_code_dialog.windowTitle() == "Código de ejército"
        window.copied_code_dialog.reject()
    finally:
        apply_language("en")
        set_language("en")


def test_a_pasted_code_copied_unchanged_comes_back_as_it_was(qtbot, bundled: Catalog, app_settings,  # type: ignore[no-untyped-def]
                                                            blizzard_code: str) -> None:
    """A code of an older framing (0x00 groups, troopers numbered in their leads) is given back byte
    for byte while the list is unchanged; after an edit the list is written as the builder writes today."""
    from armybuilder.data.armycode import Framing, LeadPattern, code_bytes, encode

    original = decode(blizzard_code)
    older = encode(type(original)(army=original.army, slug=original.slug, name=original.name,
                                  points=original.points, framing=Framing.ZERO,
                                  groups=tuple(type(g)(g.number, tuple(type(m)(m.unit, m.group, m.option, lead=i)
                                                                       for i, m in enumerate(g.members, 1)))
                                               for g in original.groups)))
    assert decode(older).lead_pattern() is LeadPattern.POSITIONS
    window = make_window(qtbot, bundled, app_settings)
    paste(qtbot, window, older)
    window.action_set.copy_code.trigger()
    assert code_bytes(QGuiApplication.clipboard().text()) == code_bytes(older)
    window.copied_code_dialog.reject()
    window.document.rename("Changed")
    window.action_set.copy_code.trigger()
    changed = decode(QGuiApplication.clipboard().text())
    assert changed.framing is Framing.FLAGGED and changed.name == "Changed"
    window.copied_code_dialog.reject()
