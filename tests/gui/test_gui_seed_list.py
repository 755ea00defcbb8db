"""End to end on the bundled profiles: build the Operation Icestorm lists of seed 000 through the
window's own widgets, keys and actions, break and mend them, save and reopen them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from guihelpers import focus, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from armybuilder.data.catalog import Catalog
from armybuilder.gui.mainwindow import BUILDER_PAGE, START_PAGE, MainWindow
from armybuilder.gui.models.roster import Role as ListRole
from armybuilder.gui.models.violations import Role as ViolationRole
from armybuilder.paths import bundled_profiles_dir

SEED_LISTS = Path(__file__).resolve().parent.parent / "data" / "seed_lists.yaml"


def seed_list(list_id: str) -> dict[str, Any]:
    data = yaml.safe_load(SEED_LISTS.read_text(encoding="utf-8"))
    return next(entry for entry in data["lists"] if entry["id"] == list_id)


@pytest.fixture
def bundled() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


def choose(combo: QComboBox, text: str) -> None:
    """Pick an item as the user does (the combo emits `activated`)."""
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, (text, [combo.itemText(i) for i in range(combo.count())])
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def build(qtbot, window: MainWindow, entry: dict[str, Any], army_name: str) -> None:  # type: ignore[no-untyped-def]
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, army_name)
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert window.pages.currentIndex() == BUILDER_PAGE
    choose(window.list_settings.pack, "ITS Season 9")
    choose(window.list_settings.game_size, "Mid Tier")
    army = window.document.army
    assert army is not None
    tree = window.browser.tree
    for trooper in entry["troopers"]:
        unit = army.unit_by_slug(trooper["unit"])
        assert unit is not None
        index = window.browser.option_index(unit.id, trooper["group"], trooper["option"])
        tree.setFocus()
        tree.setCurrentIndex(index)
        qtbot.keyClick(tree, Qt.Key.Key_Return)


@pytest.mark.parametrize(("list_id", "army_name"), [("icestorm-panoceania", "PanOceania"),
                                                    ("icestorm-nomads", "Nomads")])
def test_icestorm_list_at_mid_tier(qtbot, bundled: Catalog, app_settings, tmp_path: Path,  # type: ignore[no-untyped-def]
                                   list_id: str, army_name: str) -> None:
    entry = seed_list(list_id)
    window = make_window(qtbot, bundled, app_settings)
    build(qtbot, window, entry, army_name)
    printed = entry["printed"]
    assert window.totals.points.plain == f"Points {printed['points']} / 300"
    assert window.totals.swc.plain == f"SWC {printed['swc']} / 6"
    assert not window.totals.points.over and not window.totals.swc.over
    assert window.document.report is not None and window.document.report.legal
    assert window.windowTitle().startswith(f"Untitled list[*] — {army_name} — Legal")
    assert window.legal_label.text() == "✔ Legal"
    lieutenants = [i for i in (window.editor.model.trooper_index(u) for u in window.document.uids_in_order())
                   if i.data(ListRole.LIEUTENANT)]
    assert len(lieutenants) == 1
    built = window.document.army_list

    # one more trooper: over the points, the violation names its trooper and clicking selects it
    army = window.document.army
    first = entry["troopers"][0]
    unit = army.unit_by_slug(first["unit"])
    window.browser.tree.setCurrentIndex(window.browser.option_index(unit.id, first["group"], first["option"]))
    qtbot.keyClick(window.browser.tree, Qt.Key.Key_Return)
    report = window.document.report
    assert not report.legal and "points.over_limit" in report.codes()
    assert window.totals.points.over
    assert "NOT LEGAL" in window.windowTitle() and window.legal_label.text().startswith("✖")
    view = window.problems.view
    row = next(r for r in range(view.model().rowCount())
               if view.model().index(r, 0).data(ViolationRole.CODE) == "points.over_limit")
    violation = view.model().index(row, 0)
    troopers = violation.data(ViolationRole.TROOPERS)
    assert troopers
    window.editor.tree.clearSelection()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(violation).center())
    assert window.editor.selected_uids() == list(troopers)
    assert all(window.editor.model.trooper_index(u).data(ListRole.PROBLEM) == "error" for u in troopers)

    # undo → legal again; redo → the violation is back
    focus(qtbot, window, window.editor.tree)
    qtbot.keyClick(window.editor.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.report.legal and window.document.army_list == built
    assert window.totals.points.plain == f"Points {printed['points']} / 300"
    qtbot.keyClick(window.editor.tree, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert "points.over_limit" in window.document.report.codes()
    window.action_set.undo.trigger()
    assert window.document.report.legal

    # save, close, open → the identical list
    path = tmp_path / f"{list_id}.yaml"
    window.ask_save_path = lambda: path
    with qtbot.waitSignal(window.document.modified_changed, timeout=5000):
        window.action_set.save_as.trigger()
    assert not window.isWindowModified()
    window.action_set.close_list.trigger()
    assert window.pages.currentIndex() == START_PAGE and not window.document.has_list
    window.ask_open_path = lambda: path
    with qtbot.waitSignal(window.document.path_changed, timeout=5000):
        window.action_set.open_list.trigger()
    assert window.document.army_list == built
    assert window.document.report.legal
    assert window.totals.swc.plain == f"SWC {printed['swc']} / 6"
    assert not window.shown_messages  # no drift between the saved costs and the data
