"""Item models: qtmodeltester on each, then what each adds (filters, drops, highlights)."""

from __future__ import annotations

import json

import pytest
import shiboken6
from PySide6.QtCore import QMimeData, QModelIndex, Qt

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.domain.values import UnitType
from armybuilder.gui.document import ListDocument
from armybuilder.gui.models import OPTION_MIME, TROOPER_MIME
from armybuilder.gui.models.armies import ArmyFilterProxy, ArmyTreeModel, group_by_faction
from armybuilder.gui.models.armies import Role as ArmyRole
from armybuilder.gui.models.profile import OptionRole, OptionTableModel, ProfileStatsModel
from armybuilder.gui.models.roster import KEPT_ROWS, ListTreeModel
from armybuilder.gui.models.roster import Column as ListColumn
from armybuilder.gui.models.roster import Role as ListRole
from armybuilder.gui.models.units import Marks, UnitFilterProxy, UnitTreeModel
from armybuilder.gui.models.units import Role as UnitRole
from armybuilder.gui.models.violations import Role as ViolationRole
from armybuilder.gui.models.violations import ViolationListModel
from armybuilder.rules.engine import Totals

LINE, HEAVY, HERO, HERO_ALT, CONTROLLERS, MERCS, ALIVE, HANDLER = 1, 2, 3, 4, 5, 6, 7, 8


@pytest.fixture
def document(synthetic_catalog: Catalog) -> ListDocument:
    document = ListDocument(synthetic_catalog)
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    document.start(army_list)
    return document


def fill(document: ListDocument) -> None:
    for unit, option in ((LINE, 3), (LINE, 1), (HEAVY, 2), (CONTROLLERS, 1)):
        document.add_trooper(unit, 1, option, 1)
    document.add_trooper(HERO, 1, 1, 2)


def test_army_tree_model(qtmodeltester, synthetic_catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    model = ArmyTreeModel(synthetic_catalog.armies())
    qtmodeltester.check(model)
    proxy = ArmyFilterProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    proxy.set_text("test sect")
    assert proxy.rowCount() == 1
    proxy.set_text("nothing like this")
    assert proxy.rowCount() == 0


def test_factions_group_sectorials_under_their_vanilla(synthetic_catalog: Catalog) -> None:
    from dataclasses import replace

    test = next(s for s in synthetic_catalog.armies() if s.id == 950)
    vanilla = replace(test, id=101, name="PanOceania", kind="vanilla", parent=101, slug="panoceania")
    imported = replace(vanilla, origin="imported", version="7.2")
    reinforcements = replace(test, id=951, kind="reinforcements", name="Reinf", parent=101)
    factions = group_by_faction([test, vanilla, imported, reinforcements])
    assert len(factions) == 1
    faction = factions[0]
    assert faction.name == "PanOceania"
    assert [(a.name, a.origin) for a in faction.armies] == [
        ("PanOceania", "imported"), ("PanOceania", "bundled"), ("Test Sectorial", "bundled")]
    model = ArmyTreeModel([test, vanilla, imported])
    index = model.army_index("imported", 101)
    assert index.data(ArmyRole.SUMMARY) == imported
    assert index.siblingAtColumn(1).data() == "Official data 7.2"


def test_unit_tree_model_and_filters(qtmodeltester, synthetic_catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    army = synthetic_catalog.army(("bundled", 950))
    model = UnitTreeModel()
    model.set_army(army)
    qtmodeltester.check(model)
    proxy = UnitFilterProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)

    def shown() -> dict[str, list[str]]:
        result = {}
        for row in range(proxy.rowCount()):
            unit = proxy.index(row, 0)
            result[unit.data()] = [proxy.index(r, 0, unit).data() for r in range(proxy.rowCount(unit))]
        return result

    everything = shown()
    assert "LINE TROOPERS" in everything and len(everything["LINE TROOPERS"]) == 5
    assert "HIRED GUNS" in everything  # mercenaries are listed (the rules say when they are allowed)

    proxy.set_text("heavy machine")
    assert shown() == {"LINE TROOPERS": ["LINE HMG · Heavy Machine Gun"]}
    proxy.set_text("line")  # a unit-name match keeps all its options
    assert len(shown()["LINE TROOPERS"]) == 5
    proxy.set_text("")

    proxy.lieutenant = True
    proxy.refilter()
    assert list(shown()) == ["LINE TROOPERS"] and len(shown()["LINE TROOPERS"]) == 1
    proxy.lieutenant = False
    proxy.unit_type = UnitType.HI
    proxy.refilter()
    assert list(shown()) == ["HEAVY TROOPERS"]
    proxy.unit_type = None
    model.set_marks(Marks(totals=Totals(points=280, points_limit=300, swc_halves=12, swc_limit_halves=12,
                                        troopers=10, troopers_limit=None, groups=())))  # 20 points, no SWC left
    proxy.fits_only = True
    proxy.refilter()
    costs = [int(proxy.index(r, 4, proxy.index(u, 0)).data())
             for u in range(proxy.rowCount()) for r in range(proxy.rowCount(proxy.index(u, 0)))]
    assert costs and max(costs) <= 20
    assert "HEAVY TROOPERS" not in shown()
    qtmodeltester.check(proxy)


def test_unit_costs_include_peripherals(synthetic_catalog: Catalog) -> None:
    model = UnitTreeModel()
    model.set_army(synthetic_catalog.army(("bundled", 950)))
    unit = model.unit_index(CONTROLLERS)
    option = model.index(0, 4, unit)
    assert option.data() == "20"  # 15 for the controller + 5 for its Bot
    assert option.siblingAtColumn(0).data(UnitRole.OPTION_KEY) == (CONTROLLERS, 1, 1)
    data = model.mimeData([option])
    assert json.loads(bytes(data.data(OPTION_MIME).data())) == [CONTROLLERS, 1, 1, False]  # not Reinforcements


def test_profile_models(qtmodeltester, synthetic_catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    army = synthetic_catalog.army(("bundled", 950))
    units = UnitTreeModel()
    units.set_army(army)
    entry = next(e for e in units.entries if e.unit.id == CONTROLLERS)
    stats = ProfileStatsModel()
    stats.set_unit(entry.unit)
    qtmodeltester.check(stats)
    assert stats.rowCount() == 2
    assert stats.index(1, 1).data() == "6-4"  # the Bot's MOV 15-10 cm in inches
    stats.set_distances_in_cm(True)
    assert stats.index(1, 1).data() == "15-10"
    assert stats.headerData(8, Qt.Orientation.Horizontal) == "W/STR"
    options = OptionTableModel()
    options.set_unit(entry)
    qtmodeltester.check(options)
    assert options.rowCount() == 1
    assert options.index(0, 0).data(OptionRole.OPTION_KEY) == (CONTROLLERS, 1, 1)


def test_list_tree_model(qtmodeltester, document: ListDocument) -> None:  # type: ignore[no-untyped-def]
    model = ListTreeModel(document)
    qtmodeltester.check(model)
    fill(document)
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    group = model.index(0, 0)
    assert group.data(ListRole.KIND) == "group"
    assert model.rowCount(group) == 4
    lieutenant = model.index(0, 0, group)
    assert lieutenant.data(ListRole.LIEUTENANT) is True
    assert lieutenant.data(Qt.ItemDataRole.DecorationRole) is not None
    controller = model.trooper_index("t4")
    assert model.rowCount(controller) == 1
    bot = model.index(0, 0, controller)
    assert bot.data(ListRole.KIND) == "peripheral" and bot.data() == "Bot"
    assert bot.data(ListRole.UID) == "t4"
    assert model.index(0, ListColumn.POINTS, group).data() == "10"
    assert model.index(0, ListColumn.POINTS).data() == str(10 + 10 + 34 + 20)


def _list_cells(model: ListTreeModel) -> list[object]:
    """Every row of the list's tree, depth first: each cell's data in every role, and its flags."""
    cells: list[object] = []
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop(0)
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                data = {role: (value.color().name() if hasattr(value, "color") else
                               value.key() if hasattr(value, "key") else
                               value.cacheKey() if hasattr(value, "cacheKey") else value)
                        for role, value in model.itemData(index).items()}
                cells.append((data, model.flags(index)))
            pending.append(model.index(row, 0, parent))
    return cells


def test_a_trooper_back_as_it_went_gets_its_row_back(document: ListDocument) -> None:
    """A trooper whose adding is undone and redone (or whose removal is undone) gets back the row it had, as
    it was: its items, not ones made and measured again; every row then reads as in a model made afresh. A
    trooper back in another state (the list changed since) gets a row made for it."""
    model = ListTreeModel(document)
    fill(document)
    uid = document.add_trooper(LINE, 1, 1, 2)
    assert uid is not None
    item = model.itemFromIndex(model.trooper_index(uid))
    document.undo_stack.undo()
    assert not model.trooper_index(uid).isValid()
    document.undo_stack.redo()
    assert model.itemFromIndex(model.trooper_index(uid)) is item
    assert _list_cells(model) == _list_cells(ListTreeModel(document))
    document.remove_troopers([uid])
    document.set_game_size(None, 400)  # the trooper is gone: what its row would show changes
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert model.itemFromIndex(model.trooper_index(uid)) is item  # the list as it was: the row as it was
    assert _list_cells(model) == _list_cells(ListTreeModel(document))
    document.remove_troopers([uid])
    model.retranslate()  # (another language: every row is written again)
    assert not shiboken6.isValid(item)  # the row kept is deleted, not left without an owner
    document.undo_stack.undo()
    assert model.itemFromIndex(model.trooper_index(uid)) is not item
    assert _list_cells(model) == _list_cells(ListTreeModel(document))


def test_rows_kept_of_troopers_that_left_are_deleted_when_dropped(document: ListDocument) -> None:
    """`takeRow` leaves a row's items without an owner: the rows kept for troopers that may come back are
    deleted when they are dropped (past KEPT_ROWS, measured again, another list), else they stay allocated."""
    model = ListTreeModel(document)
    fill(document)
    uids = [document.add_trooper(LINE, 1, 1, 2) for _ in range(KEPT_ROWS + 2)]
    items = [model.itemFromIndex(model.trooper_index(uid)) for uid in uids if uid is not None]
    assert len(items) == KEPT_ROWS + 2
    for uid in uids:
        assert uid is not None
        document.remove_troopers([uid])
    assert [shiboken6.isValid(item) for item in items] == [False, False] + [True] * KEPT_ROWS
    model.remeasure()
    assert not any(shiboken6.isValid(item) for item in items)


def test_list_model_drops_move_and_add(document: ListDocument) -> None:
    model = ListTreeModel(document)
    fill(document)
    data = QMimeData()
    data.setData(TROOPER_MIME, json.dumps(["t1"]).encode())
    group2 = model.group_index(2)
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, 0, 0, group2) is False  # moved by the document
    assert [t.uid for t in document.army_list.group(2).troopers] == ["t1", "t5"]
    add = QMimeData()
    add.setData(OPTION_MIME, json.dumps([HEAVY, 1, 1]).encode())
    assert model.dropMimeData(add, Qt.DropAction.CopyAction, -1, 0, model.trooper_index("t2"))
    assert [t.uid for t in document.army_list.group(1).troopers] == ["t2", "t6", "t3", "t4"]
    # dropping a peripheral moves its controller, after the trooper dropped on
    peripheral = model.index(0, 0, model.trooper_index("t4"))
    moved = model.mimeData([peripheral])
    assert json.loads(bytes(moved.data(TROOPER_MIME).data())) == ["t4"]
    model.dropMimeData(moved, Qt.DropAction.MoveAction, -1, 0, model.trooper_index("t1"))
    assert [t.uid for t in document.army_list.group(2).troopers] == ["t1", "t4", "t5"]
    assert document.undo_stack.count() == 5 + 3


def test_list_model_changes_option_in_place(document: ListDocument) -> None:
    model = ListTreeModel(document)
    fill(document)
    index = model.trooper_index("t3", ListColumn.OPTION)
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    keys = [key for _, key in index.data(ListRole.OPTIONS)]
    assert keys == [(1, 1), (1, 2)]
    assert model.setData(index, (1, 1))
    assert document.army_list.trooper("t3").option == 1
    assert document.undo_stack.undoText().startswith("Change HEAVY TROOPERS")
    assert not model.setData(index, "garbage")


def test_violation_model_and_trooper_problems(qtmodeltester, document: ListDocument) -> None:  # type: ignore[no-untyped-def]
    violations = ViolationListModel(document)
    tree = ListTreeModel(document)
    qtmodeltester.check(violations)
    fill(document)
    document.add_trooper(HERO_ALT, 1, 1, 2)  # the hero and its alternate version share AVA 1
    qtmodeltester.check(violations)
    codes = [violations.index(r).data(ViolationRole.CODE) for r in range(violations.rowCount())]
    assert "relations.exceeded" in codes
    row = codes.index("relations.exceeded")
    troopers = violations.index(row).data(ViolationRole.TROOPERS)
    assert troopers == ("t6",)  # the engine names the trooper over the shared limit
    assert tree.trooper_index("t6").data(ListRole.PROBLEM) == "error"
    assert tree.trooper_index("t6").data(Qt.ItemDataRole.ForegroundRole) is not None
    assert tree.trooper_index("t5").data(ListRole.PROBLEM) is None
    assert violations.index(row).data(Qt.ItemDataRole.DecorationRole) is not None


def test_models_are_empty_without_a_list(qtmodeltester, synthetic_catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    document = ListDocument(synthetic_catalog)
    for model in (ListTreeModel(document), ViolationListModel(document)):
        qtmodeltester.check(model)
        assert model.rowCount(QModelIndex()) == 0


def test_option_table_names_options_once_per_run(synthetic_catalog: Catalog) -> None:
    """Option names show where they tell options apart, and only where they change: no long name
    repeated on every row; weapons, then skills and equipment, under it."""
    units = UnitTreeModel()
    units.set_army(synthetic_catalog.army(("bundled", 950)))
    line = next(e for e in units.entries if e.unit.id == LINE)
    options = OptionTableModel()
    options.set_unit(line)
    names = [o.option.name for o in line.options]
    assert len(set(names)) > 1
    headings = [options.index(r, 0).data(OptionRole.PARTS)[0] for r in range(options.rowCount())]
    assert headings == [name if r == 0 or names[r - 1] != name else "" for r, name in enumerate(names)]
    lieutenant = next(r for r in range(options.rowCount()) if options.index(r, 0).data(OptionRole.LIEUTENANT))
    _, weapons, gear = options.index(lieutenant, 0).data(OptionRole.PARTS)
    assert weapons == "Combi Rifle" and gear == "Lieutenant"
    assert [options.headerData(c, Qt.Orientation.Horizontal) for c in range(3)] == ["Option", "SWC", "Pts"]


def _weapon_cells(model: object) -> list[object]:
    from PySide6.QtGui import QStandardItemModel

    assert isinstance(model, QStandardItemModel)
    cells: list[object] = [model.headerData(c, Qt.Orientation.Horizontal, role) for c in range(model.columnCount())
                           for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                                        Qt.ItemDataRole.TextAlignmentRole)]
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            data = {role: (value.color().name() if hasattr(value, "color") else
                           value.key() if hasattr(value, "key") else value)
                    for role, value in model.itemData(index).items()}
            cells.append((data, model.flags(index)))
    return cells


def test_weapon_items_in_a_model_are_made_by_python() -> None:
    """The weapons' cells and headings a model gets are copies made from Python (`QStandardItem(item)`), which
    the binding sees deleted when the lines are set again: copies Qt made (`clone()`) left their Python
    wrappers mapped to freed memory, and a QObject made later at the same address was handed to Python code
    (an event filter) as a QStandardItem."""
    from shiboken6 import Shiboken

    from armybuilder.export.sheet import WeaponLine
    from armybuilder.gui.models.weapons import WeaponTableModel

    rifle = ("", WeaponLine("Rifle", ((20, "+6"), (40, "+3"), (60, "0")), "13", "3", "N", "ARM", "Suppressive"))
    model = WeaponTableModel()
    for _ in range(2):  # the second time from the items kept
        model.set_lines([rifle])
        items = [model.item(row, column) for row in range(model.rowCount()) for column in range(model.columnCount())]
        items += [model.horizontalHeaderItem(column) for column in range(model.columnCount())]
        assert items and all(item is not None and Shiboken.createdByPython(item) for item in items)


def test_weapon_lines_set_again_are_copies_of_the_items_worded_for_them(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Another option highlighted and back sets the same lines again, and options share weapons: the models
    copy the items worded for a row before (no wording again), the same as wording them afresh — until the
    language, the distance units or the colours change, which word them anew. A line beside others of
    another reach has other band columns: its row is put together from the cells worded before, and only
    the bands it did not have are worded (keyed by row alone, the pistol alone was worded whole again)."""
    from armybuilder.export.sheet import WeaponLine
    from armybuilder.gui import theme
    from armybuilder.gui.labels import set_distance_units
    from armybuilder.gui.language import apply_language
    from armybuilder.gui.models import weapons
    from armybuilder.gui.models.weapons import WeaponTableModel

    rifle = ("", WeaponLine("Rifle", ((20, "+6"), (40, "+3"), (60, "0"), (80, "-3"), (120, "-6")),
                            "13", "3", "N", "ARM", "Suppressive Fire"))
    pistol = ("Bot", WeaponLine("Pistol", ((8, "+3"), (16, "0"), (24, "-3")), "11", "2", "N", "ARM", ""))

    def fresh(lines: list[tuple[str, WeaponLine]]) -> list[object]:
        weapons._WORDED.clear()
        model = WeaponTableModel()
        model.set_lines(lines)
        return _weapon_cells(model)

    weapons._WORDED.clear()
    model = WeaponTableModel()
    worded: list[object] = []
    original = weapons.new_row  # type: ignore[attr-defined]  # the name the table calls, patched below

    def wording(cells: list[dict[int, object]], flags: object) -> object:
        worded.extend(cells)
        return original(cells, flags)  # type: ignore[arg-type]

    monkeypatch.setattr(weapons, "new_row", wording)
    try:
        for lines in ([rifle, pistol], [pistol], [rifle, pistol]):
            model.set_lines(lines)
            if lines == [pistol]:
                assert len(worded) == 29, "the pistol alone: its name, figures and first two bands kept"
        assert len(worded) == 29, "the lines set again are not worded again"
        WeaponTableModel().set_lines([pistol])
        assert len(worded) == 29, "nor in another model (another unit's page)"
        assert _weapon_cells(model) == fresh([rifle, pistol])
        before = _weapon_cells(model)
        for change, undo in ((lambda: theme.apply_theme("dark"), lambda: theme.apply_theme("light")),
                             (lambda: set_distance_units("cm"), lambda: set_distance_units("inch")),
                             (lambda: apply_language("es"), lambda: apply_language("en"))):
            change()
            try:
                model.set_lines([rifle, pistol])
                assert _weapon_cells(model) == fresh([rifle, pistol]) != before
            finally:
                undo()
        model.set_lines([rifle, pistol])
        assert _weapon_cells(model) == before
    finally:
        theme.apply_theme("light")
        set_distance_units("inch")
        apply_language("en")
