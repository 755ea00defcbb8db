"""The point-buy window, driven through the controls a player touches: the designer, the army, the
problems panel, undo, files, print-outs, Spanish, and the main window's way in."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QMenu, QMessageBox

from armybuilder.pointbuy.files import load_list
from armybuilder.pointbuy.gui.window import PointBuyWindow

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pointbuy" / "swamp-host-600.yaml"


@pytest.fixture
def pbwindow(qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    window = PointBuyWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.messages = []  # type: ignore[attr-defined]
    window.show_message = lambda kind, title, text: window.messages.append((kind, title, text))  # type: ignore[method-assign, attr-defined]
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def new_design(window: PointBuyWindow) -> str:
    window.designs.new.click()
    design_id = window.designs.current
    assert design_id is not None
    return design_id


def test_the_cost_follows_every_change_with_its_breakdown(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    new_design(pbwindow)
    designer = pbwindow.designer
    assert designer.cost.text() == "5 points" and designer.breakdown.text() == "5 base (mobile) = 5"
    designer.dice["medium"].setValue(2)
    designer.hits.setValue(2)
    assert designer.cost.text() == "20 points"
    assert designer.breakdown.text() == "5 base (mobile) + 5 for 1 more hit + 10 for 2 Medium dice = 20"
    designer.brain.setCurrentIndex(designer.brain.findData("mindless"))
    assert designer.cost.text() == "10 points" and designer.breakdown.text().endswith("×½ Mindless = 10")
    assert "Fire Fighter" in designer.derived.text() and "Way of One" in designer.derived.text()
    assert 'Move 8"' in designer.stats.text()  # Humanoid +2"
    assert "Specials: —" in designer.stats.text()


def test_the_chosen_specials_are_named_above_the_long_list(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    """52 specials do not fit on screen: the ones chosen are said in the summary, the race's too."""
    new_design(pbwindow)
    designer = pbwindow.designer
    designer.race.setCurrentIndex(designer.race.findData("avians"))
    items = [designer.specials.item(i) for i in range(designer.specials.count())]
    from PySide6.QtCore import Qt

    for item in items:
        if item.data(Qt.ItemDataRole.UserRole) in ("cloak", "x_ray_vision"):
            item.setCheckState(Qt.CheckState.Checked)
    assert "Specials: Cloak, X-Ray Vision, Flyer (from its race)" in designer.stats.text()
    assert designer.cost.text() == "20 points"  # 5 ×2 Avians ×2 second chosen special


def test_a_broken_limit_is_explained_under_its_field_and_in_the_problems(  # type: ignore[no-untyped-def]
        qtbot, pbwindow: PointBuyWindow) -> None:
    new_design(pbwindow)
    designer = pbwindow.designer
    designer.dice["close"].setValue(7)
    expected = "✖ 8 combined attack and saving dice: a model with 1 absorbable hit may have at most 6."
    assert designer.problem_text("attacks") == expected
    assert designer.problem_text("hits") == ""
    pbwindow.army.add_models.click()  # into a new Squad
    panel = pbwindow.problems
    assert panel.model.rowCount() == 1 and "Not legal" in panel.headline.text()
    index = panel.model.index(0, 0)
    assert "8 combined attack and saving dice" in index.data()
    pbwindow.army.tree.clearSelection()
    panel.view.clicked.emit(index)
    assert pbwindow.army.selected_uids() == ["m1"]
    designer.hits.setValue(2)  # 2 hits allow 10 dice
    assert designer.problem_text("attacks") == "" and panel.model.rowCount() == 0
    assert "Legal army" in panel.headline.text()


def test_units_models_counts_and_free_specials(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    new_design(pbwindow)
    army = pbwindow.army
    army.unit_type.setCurrentIndex(army.unit_type.findData("team"))
    army.add_unit.click()
    army.add_count.setValue(3)
    army.add_models.click()
    assert [(u.type, u.size) for u in pbwindow.document.army.units] == [("team", 3)]
    army.edit_count.setValue(7)
    assert "unit.size.over" in pbwindow.document.report.codes()
    army.edit_count.setValue(1)
    bonus = army.edit_bonus
    items = [bonus.itemData(i) for i in range(bonus.count())]
    assert items[0] is None and "cloak" in items and len(items) == 53  # a Team: any chosen special
    bonus.setCurrentIndex(bonus.findData("cloak"))
    models = pbwindow.document.army.units[0].models[0]
    assert models.bonus == "cloak" and pbwindow.document.report.totals.points == 5
    army.add_character.click()
    assert len(pbwindow.document.army.characters) == 1
    army.select(["u1"])
    army.edit_type.setCurrentIndex(army.edit_type.findData("squad"))
    assert pbwindow.document.army.units[0].type == "squad"
    assert "unit.bonus.squad_special" in pbwindow.document.report.codes()
    army.select(["u1", "c1"])
    army.remove.click()
    assert pbwindow.document.army.units == () and pbwindow.document.army.characters == ()  # type: ignore[comparison-overlap]


def test_undo_redo_and_merged_spin_steps(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    design_id = new_design(pbwindow)
    designer = pbwindow.designer
    for value in (2, 3, 4):
        designer.hits.setValue(value)
    stack = pbwindow.document.undo_stack
    assert stack.count() == 2  # the new design, then one merged change of hits
    pbwindow.undo_action.trigger()
    assert pbwindow.document.army.design(design_id).hits == 1
    assert designer.hits.value() == 1 and designer.cost.text() == "5 points"
    pbwindow.redo_action.trigger()
    assert designer.hits.value() == 4
    pbwindow.points.setValue(300)
    assert pbwindow.document.army.points == 300
    pbwindow.undo_action.trigger()
    assert pbwindow.points.value() == 600


def test_save_open_and_export(qtbot, pbwindow: PointBuyWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert pbwindow.open_path(EXAMPLE)
    assert pbwindow.document.report.totals.points == 562 and not pbwindow.isWindowModified()
    pbwindow.points.setValue(500)
    assert pbwindow.isWindowModified()
    target = tmp_path / "army.yaml"
    pbwindow.ask_save_path = lambda *_: target  # type: ignore[method-assign]
    pbwindow.save_as_action.trigger()
    assert load_list(target).army.points == 500 and not pbwindow.isWindowModified()
    pdf = tmp_path / "army.pdf"
    pbwindow.ask_save_path = lambda *_: pdf  # type: ignore[method-assign]
    pbwindow.language_actions["es"].trigger()
    pbwindow.pdf_action.trigger()
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "Escuadra · 12 miniaturas · 300 puntos" in text
    txt = tmp_path / "army.txt"
    pbwindow.ask_save_path = lambda *_: txt  # type: ignore[method-assign]
    pbwindow.text_action.trigger()
    assert "Marsh guard — Escuadra" in txt.read_text(encoding="utf-8")


def test_a_broken_file_says_so_and_keeps_the_army(qtbot, pbwindow: PointBuyWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: armybuilder-pointbuy-list/1\npoints: [\n", encoding="utf-8")
    new_design(pbwindow)
    assert not pbwindow.open_path(broken)
    kind, title, text = pbwindow.messages[-1]  # type: ignore[attr-defined]
    assert kind == "error" and "broken.yaml" in title and "YAML syntax error" in text
    assert len(pbwindow.document.army.designs) == 1


def test_designs_from_the_bundled_factions(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    sets = pbwindow.designs.design_sets()
    assert {s.name for s in sets} == {"Swamp Host", "Iron Legion"}
    iron = next(s for s in sets if s.name == "Iron Legion")
    pbwindow.designs.add_designs(list(iron.designs))
    assert pbwindow.designs.list.count() == 8 and pbwindow.document.report.priced["drone"].cost.total == 23


def test_spanish(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.language import apply_language

    new_design(pbwindow)
    try:
        apply_language("es")  # every widget retranslates on Qt's LanguageChange
        designer = pbwindow.designer
        designer.brain.setCurrentIndex(designer.brain.findData("mindless"))
        assert designer.brain.currentText() == "Descerebrado"
        assert designer.cost.text() == "5 puntos" and "Descerebrado" in designer.breakdown.text()
        assert pbwindow.army.add_unit.text() == "Añadir unidad"
        assert pbwindow.file_menu.title() == "&Archivo"
    finally:
        apply_language("en")
    assert pbwindow.designer.brain.currentText() == "Mindless"


def test_the_main_window_starts_and_opens_point_buy_armies(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    action = next(a for a in window.other_games.actions if a.objectName() == "new_pointbuy")
    assert action.text() == "New Point-buy wargame ar&my…" and action in window.file_menu.actions()
    action.trigger()
    opened = window.other_games.windows[-1]
    assert isinstance(opened, PointBuyWindow) and opened.isVisible()
    assert window.open_path(EXAMPLE) == -1
    second = window.other_games.windows[-1]
    assert isinstance(second, PointBuyWindow) and second.document.path == EXAMPLE
    for other in list(window.other_games.windows):
        other.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
        other.close()
    qtbot.waitUntil(lambda: not window.other_games.windows, timeout=2000)


def test_an_empty_army_invites_to_add_models_instead_of_saying_legal(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    headline = pbwindow.problems.headline.text()
    assert headline.startswith("Start by adding models") and "Legal" not in headline
    new_design(pbwindow)
    assert pbwindow.problems.headline.text().startswith("Start by adding models")  # a design is not a model yet
    pbwindow.army.add_character.click()
    assert pbwindow.problems.headline.text().startswith("✔ Legal army")


def test_a_renamed_design_takes_an_id_from_its_name(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    """Renamed in the designer, 'New model' becomes swamp-lurker (unique), its models follow, it stays chosen."""
    first = new_design(pbwindow)
    assert first == "new-model"
    pbwindow.army.add_character.click()
    designer = pbwindow.designer
    designer.name.setText("Swamp Lurker")
    designer.name.editingFinished.emit()
    army = pbwindow.document.army
    assert [d.id for d in army.designs] == ["swamp-lurker"] and army.characters[0].design == "swamp-lurker"
    assert pbwindow.designs.current == "swamp-lurker" and designer.design_id == "swamp-lurker"
    assert designer.name.text() == "Swamp Lurker"
    assert pbwindow.document.undo_stack.undoText() == "Rename New model to Swamp Lurker"
    second = new_design(pbwindow)
    designer.name.setText("Swamp Lurker")
    designer.name.editingFinished.emit()
    assert second == "new-model" and [d.id for d in pbwindow.document.army.designs] == ["swamp-lurker",
                                                                                       "swamp-lurker-2"]


def test_undo_and_redo_of_a_rename_keep_the_design_in_the_designer(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    """The id follows the name both ways: after Undo the designer shows the design under its old id, after Redo
    under the new one; another design chosen meanwhile stays chosen."""
    designer, designs = pbwindow.designer, pbwindow.designs
    other = new_design(pbwindow)
    renamed = new_design(pbwindow)
    assert (other, renamed) == ("new-model", "new-model-2")
    designer.hits.setValue(3)
    designer.name.setText("Swamp Lurker")
    designer.name.editingFinished.emit()
    assert designer.design_id == "swamp-lurker"

    def shown(design_id: str, name: str, hits: int) -> None:
        assert designs.current == design_id and designer.design_id == design_id
        assert not designer.body.isHidden() and designer.empty.isHidden()
        assert designer.name.text() == name and designer.hits.value() == hits
        assert pbwindow.army.current_design == design_id and pbwindow.army.add_character.isEnabled()

    pbwindow.undo_action.trigger()
    assert [d.id for d in pbwindow.document.army.designs] == ["new-model", "new-model-2"]
    shown("new-model-2", "New model", 3)
    pbwindow.redo_action.trigger()
    shown("swamp-lurker", "Swamp Lurker", 3)
    pbwindow.undo_action.trigger()
    shown("new-model-2", "New model", 3)
    pbwindow.redo_action.trigger()
    shown("swamp-lurker", "Swamp Lurker", 3)

    designs.select(other)
    other_hits = designer.hits.value()
    pbwindow.undo_action.trigger()
    shown(other, "New model", other_hits)
    pbwindow.redo_action.trigger()
    shown(other, "New model", other_hits)


def test_the_bundled_designs_menu_shows_their_costs(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.pointbuy.costing import cost_of

    menu = pbwindow.designs.library_menu
    menu.aboutToShow.emit()
    iron = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == "Iron Legion")
    assert isinstance(iron, QMenu)
    texts = [a.text() for a in iron.actions() if not a.isSeparator()][1:]  # after "All 8 designs"
    designs = next(s for s in pbwindow.designs.design_sets() if s.name == "Iron Legion").designs
    assert texts == [f"{d.name} — {cost_of(d).total} points" for d in designs]
    assert any(text.endswith("— 23 points") for text in texts)  # the drone, as the designs list prices it


def test_the_army_tree_puts_each_value_under_its_heading(qtbot, pbwindow: PointBuyWindow) -> None:  # type: ignore[no-untyped-def]
    new_design(pbwindow)
    army = pbwindow.army
    army.unit_type.setCurrentIndex(army.unit_type.findData("squad"))
    army.add_unit.click()
    army.add_count.setValue(3)
    army.add_models.click()
    tree = army.tree
    headings = [tree.headerItem().text(c) for c in range(tree.columnCount())]
    assert headings == ["Unit / models", "Type", "Cost", "Models", "Points"]
    unit = tree.topLevelItem(0)
    assert [unit.text(c) for c in range(1, 5)] == ["Squad", "", "3/12", "15"]  # the type under Type, not Cost
    models = unit.child(0)
    assert [models.text(c) for c in range(1, 5)] == ["", "5 each", "3", "15"]


def test_id_changes_of_merged_edits_compose() -> None:
    from armybuilder.pointbuy.gui.document import compose

    assert compose({"a": "b"}, {"b": "c"}) == {"a": "c"}
    assert compose({"a": "b"}, {"b": "a"}) == {}
    assert compose({"a": "b"}, {"x": "y"}) == {"a": "b", "x": "y"}
