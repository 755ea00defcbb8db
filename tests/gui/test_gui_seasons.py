"""ITS Season 17 in the app, with the official data: new N5 lists get the season, the pack picker shows
its tiers and Extras, the game size groups the tiers as the booklet, the totals say the mercenary
points, the card and the filters know Characters are Veteran, and a Spec-Ops is built in its dialog."""

from __future__ import annotations

from typing import Any

import pytest
from guihelpers import make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.domain.values import Category
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.i18n import set_language
from armybuilder.paths import bundled_profiles_dir

pytestmark = [pytest.mark.gui, pytest.mark.shared]


@pytest.fixture
def window(qtbot, imported_data, app_settings) -> MainWindow:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    attach_imported(catalog, imported_data.data_dir)
    window = make_window(qtbot, catalog, app_settings)
    picker = window.start_page.picker
    picker.tree.activated.emit(picker.index_of("PanOceania", "imported"))
    window.tasks.wait()
    return window


def add(window: MainWindow, slug: str, **wanted: Any) -> str:
    army = window.document.army
    assert army is not None
    unit = army.unit_by_slug(slug)
    assert unit is not None, slug
    group, option = next((g, o) for g, o in unit.selectable_options()
                         if all(getattr(o, k) == v for k, v in wanted.items()))
    uid = window.document.add_trooper(unit.id, group.id if group else 0, option.id)
    assert uid is not None
    return uid


def test_a_new_n5_list_is_built_for_season_17(window: MainWindow) -> None:
    army_list = window.document.army_list
    assert army_list is not None and (army_list.pack, army_list.tier) == ("its-s17", "300")
    bar = window.list_settings
    assert bar.pack.currentText() == "ITS Season 17 — Seekers"
    assert bar.game_size.currentText() == "300-Tier (300 points, 6 SWC)"


def test_game_sizes_are_grouped_as_the_booklet(window: MainWindow) -> None:
    combo = window.list_settings.game_size
    model = combo.model()
    rows = [(combo.itemText(i), bool(model.item(i).isEnabled())) for i in range(combo.count())]  # type: ignore[attr-defined]
    assert rows[:4] == [("400/350-Tier", False), ("400-Tier (400 points, 8 SWC)", True),
                        ("350-Tier (350 points, 7 SWC)", True), ("300/250-Tier", False)]
    assert [text for text, enabled in rows if not enabled] == ["400/350-Tier", "300/250-Tier", "200/150-Tier"]
    three_fifty = combo.findData("350")
    assert "prints 5 SWC" in str(combo.itemData(three_fifty, Qt.ItemDataRole.ToolTipRole))
    combo.activated.emit(combo.findData("250"))
    army_list = window.document.army_list
    assert army_list is not None and army_list.tier == "250"
    assert window.totals.points.plain.endswith("/ 250") and window.totals.swc.plain.endswith("/ 5")


def test_the_pack_picker_shows_tiers_and_extras(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(window.list_settings.pack_details, Qt.MouseButton.LeftButton)
    dialog = window.pack_picker
    assert dialog is not None and dialog.isVisible()
    names = [dialog.packs.item(i).text() for i in range(dialog.packs.count())]
    assert names[0] == "ITS Season 17 — Seekers" and "Infinity N5" in names
    text = dialog.details.text()
    for expected in ("400/350-Tier", "350-Tier (350 points, 7 SWC)", "Free Game", "No limit of 15 troopers per list",
                     "Soldiers of Fortune", "Up to 85 points of Mercenaries", "Characters also count as Veteran"):
        assert expected in text
    dialog.packs.setCurrentRow(names.index("Infinity N5"))
    assert "without tournament tiers or Extras" in dialog.details.text()
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    army_list = window.document.army_list
    assert army_list is not None and army_list.pack == "n5"
    window.document.undo_stack.undo()
    assert window.document.army_list is not None and window.document.army_list.pack == "its-s17"


def test_an_n5_list_is_offered_the_n5_packs_only(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The Rules box and the picker offer an N5 list ITS Season 17 and Infinity N5, not the N3-era Season 9 nor
    Infinity N3; a list that names one (a file, an old default) keeps it, marked, and its problems say so."""
    bar = window.list_settings
    assert [bar.pack.itemText(i) for i in range(bar.pack.count())] == ["ITS Season 17 — Seekers", "Infinity N5"]
    qtbot.mouseClick(bar.pack_details, Qt.MouseButton.LeftButton)
    dialog = window.pack_picker
    assert dialog is not None
    assert [dialog.packs.item(i).text() for i in range(dialog.packs.count())] == ["ITS Season 17 — Seekers",
                                                                                  "Infinity N5"]
    dialog.reject()
    window.document.set_rules_pack("its-s9")  # as a list file naming it would
    assert [bar.pack.itemText(i) for i in range(bar.pack.count())] == [
        "ITS Season 17 — Seekers", "Infinity N5", "ITS Season 9 — for N3 armies"]
    assert bar.pack.currentText() == "ITS Season 9 — for N3 armies"
    report = window.document.report
    assert report is not None
    warning = next(v for v in report.violations if v.code == "settings.other_edition")
    assert "ITS Season 9 is a tournament season for Infinity N3 armies" in warning.message
    assert "Choose a pack for Infinity N5 armies: ITS Season 17 — Seekers, Infinity N5." in warning.message
    bar.pack.activated.emit(bar.pack.findData("its-s17"))
    assert window.document.army_list is not None and window.document.army_list.pack == "its-s17"
    assert [bar.pack.itemData(i) for i in range(bar.pack.count())] == ["its-s17", "n5"]


def test_the_pack_picker_says_what_this_builder_does_not_check(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """ITS S9's Campaign names a family no module implements (its Military Specialities): partly checked."""
    window.document.set_rules_pack("its-s9")  # a list that names it: the picker shows it, as the list's own
    qtbot.mouseClick(window.list_settings.pack_details, Qt.MouseButton.LeftButton)
    dialog = window.pack_picker
    assert dialog is not None
    names = [dialog.packs.item(i).text() for i in range(dialog.packs.count())]
    dialog.packs.setCurrentRow(names.index("ITS Season 9 — for N3 armies"))
    text = dialog.details.text()
    assert "<b>Campaign</b> <i>(partly checked by this builder)</i>" in text
    assert "<b>Spec-Ops</b> —" in text and text.count("checked by this builder") == 1
    assert "<b>Ironclad</b> <i>(not applied by this builder)</i>" in text
    assert "<b>ALIVE consequences</b> <i>(partly applied by this builder)</i>" in text
    dialog.reject()


def test_the_pack_picker_in_spanish(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from spanish import english_left

    set_language("es")
    try:
        window.retranslate()
        window.list_settings.pack_details.click()
        dialog = window.pack_picker
        assert dialog is not None
        text = dialog.details.text()
        assert "Tier 400/350" in text and "Soldados de Fortuna" in text and "Juego Libre" in text
        assert "Sin el límite de 15 tropas por lista" in text and "imprime 5 CAP" in text
        assert english_left(dialog) == []
        dialog.reject()
    finally:
        set_language("en")
        window.retranslate()


def test_extras_menu_says_what_each_extra_does(window: MainWindow) -> None:
    action = window.list_settings.extra_action("free-game")
    assert action is not None and action.toolTip() == "No limit of 15 troopers per list."
    action.trigger()
    assert window.document.army_list is not None and "free-game" in window.document.army_list.extras


def test_totals_say_the_mercenary_points(window: MainWindow) -> None:
    assert not window.totals.mercenaries.isVisibleTo(window)
    window.document.set_extra("soldiers-of-fortune", True)
    add(window, "merc-saito-togan")
    assert window.totals.mercenaries.isVisibleTo(window)
    assert window.totals.mercenaries.plain == "Mercs 33 / 85"
    assert window.totals.swc.plain.endswith("/ 5"), "fielding mercenaries costs 1 SWC"


def test_characters_are_veteran_on_the_card_and_in_the_filters(window: MainWindow) -> None:
    browser = window.browser
    joan = window.document.army.unit_by_slug("jeanne-d-arc")
    assert joan is not None
    entry = browser.entry_for(joan.id)
    window.card.show_unit(entry)
    assert "Veteran Troops in ITS Season 17 — Seekers" in window.card.subtitle.text()
    combo = browser.category_filter
    combo.setCurrentIndex(combo.findData(Category.VETERAN))
    names = {browser.proxy.index(r, 0).data() for r in range(browser.proxy.rowCount())}
    assert "JOAN OF ARC" in names
    window.document.set_rules_pack("n5")
    names = {browser.proxy.index(r, 0).data() for r in range(browser.proxy.rowCount())}
    assert "JOAN OF ARC" not in names, "without the season a Character is not Veteran"
    window.card.show_unit(entry)
    assert "Veteran" not in window.card.subtitle.text()


def test_a_spec_ops_is_built_in_its_dialog(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.domain.specops import SpecOpsUpgrade
    from armybuilder.gui.dialogs.specops import KEY_ROLE

    add(window, "fusiliers", is_lieutenant=True)
    window.document.set_extra("spec-ops", True)
    window.action_set.specops.trigger()
    dialog = window.specops_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.base.currentText().startswith("FENNEC ÍNDIGO")
    dialog.base.setCurrentIndex(1)
    assert dialog.base.currentText() == "FUSILIER INDIGO — FUSILIERS (11 points)"
    items = {item.text(0): item for item in dialog.upgrade_items()}

    def tick(name: str) -> None:
        items[name].setCheckState(0, Qt.CheckState.Checked)

    tick("Mimetism (-6)")
    tick("Light Shotgun")
    assert dialog.total.text() == "XP: 10 of 12 · 2 left"
    heavy = items["Heavy Machine Gun"]
    assert not heavy.flags() & Qt.ItemFlag.ItemIsEnabled and heavy.toolTip(0) == "Needs 8 XP; 2 left"
    other_level = items["Mimetism (-3)"]  # one level of a skill: the other is not on offer, and says why
    assert not other_level.flags() & Qt.ItemFlag.ItemIsEnabled
    assert other_level.toolTip(0).startswith("Mimetism (-6) is ticked: a trooper has one level of it")
    dodge = items["Dodge (+3)"]
    assert dodge.flags() & Qt.ItemFlag.ItemIsEnabled, "2 XP still fit"
    assert isinstance(dodge.data(0, KEY_ROLE), SpecOpsUpgrade) and dodge.text(1) == "2"
    tick("Dodge (+3)")
    assert dialog.total.text() == "XP: 12 of 12 · 0 left"
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    report = window.document.report
    assert report is not None
    spec = next(t for t in report.roster.troopers if t.specops is not None)
    assert spec.specops is not None and spec.specops.xp == 12
    assert [v.code for v in report.violations if v.code.startswith("specops")] == []
    # change it: the dialog opens on the Spec-Ops with its upgrades ticked
    window.editor.select_troopers([spec.uid])
    window.action_set.change_option.trigger()
    again = window.specops_dialog
    assert again is not None and again is not dialog
    assert again.total.text() == "XP: 12 of 12 · 0 left"
    ticked = [i.text(0) for i in again.upgrade_items() if i.checkState(0) == Qt.CheckState.Checked]
    assert sorted(ticked) == ["Dodge (+3)", "Light Shotgun", "Mimetism (-6)"]
    next(i for i in again.upgrade_items() if i.text(0) == "Dodge (+3)").setCheckState(0, Qt.CheckState.Unchecked)
    again.accept()
    changed = window.document.resolved(spec.uid)
    assert changed is not None and changed.specops is not None and changed.specops.xp == 10
    window.document.undo_stack.undo()
    undone = window.document.resolved(spec.uid)
    assert undone is not None and undone.specops is not None and undone.specops.xp == 12


def test_the_spec_ops_dialog_in_spanish_and_without_the_extra(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from spanish import english_left

    set_language("es")
    try:
        window.retranslate()
        window.action_set.specops.trigger()
        dialog = window.specops_dialog
        assert dialog is not None
        assert "no incluyen Spec-Ops" in dialog.notice.text() and dialog.notice.isVisibleTo(dialog)
        assert dialog.total.text() == "XP: 0 de 12 · quedan 12"
        # the upgrades are the data's names (Spanish only when the data was imported in Spanish)
        names = {u.item.label for u in dialog.table.upgrades} | {g.item.label for u in dialog.table.upgrades
                                                                 for g in u.grants}
        assert [text for text in english_left(dialog) if text.split(": ", 1)[-1].strip("'") not in names] == []
        dialog.reject()
    finally:
        set_language("en")
        window.retranslate()
