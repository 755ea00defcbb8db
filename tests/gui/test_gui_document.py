"""The document: edits go through the undo stack, the report follows every state, placement and moves
(what each edit decides is tested without Qt in tests/test_list_settings.py)."""

from __future__ import annotations

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.gui.document import ListDocument

LINE, HEAVY, HERO, HERO_ALT, CONTROLLERS = 1, 2, 3, 4, 5


@pytest.fixture
def document(synthetic_catalog: Catalog) -> ListDocument:
    document = ListDocument(synthetic_catalog)
    document.start(ArmyList(army=ArmyRef(origin="bundled", id=950), pack="n5", points=300))
    return document


def uids(document: ListDocument, group: int) -> list[str]:
    found = document.army_list.group(group) if document.army_list else None
    return [t.uid for t in found.troopers] if found else []


def test_every_edit_is_one_undoable_step_and_revalidates(document: ListDocument, qtbot) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(document.list_changed):
        document.add_trooper(LINE, 1, 3)
    assert document.report is not None and document.report.totals.points == 10
    document.add_trooper(HEAVY, 1, 2)
    assert document.report.totals.swc_halves == 3
    document.change_option("t2", 1, 1)
    assert document.report.totals.points == 40
    document.move_troopers(["t2"], 2)
    document.duplicate_troopers(["t1"])
    document.remove_troopers(["t3"])
    stack = document.undo_stack
    assert stack.count() == 6
    states = []
    while stack.canUndo():
        states.append(document.army_list)
        stack.undo()
    assert document.army_list.trooper_count == 0 and document.report.totals.points == 0
    while stack.canRedo():
        stack.redo()
    assert document.army_list == states[0]


def test_modified_follows_the_saved_state(document: ListDocument, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert not document.modified
    document.add_trooper(LINE, 1, 1)
    assert document.modified
    document.undo_stack.undo()
    assert not document.modified  # back to the state it was opened in
    document.undo_stack.redo()
    document.mark_saved(document.army_list, tmp_path / "a.yaml")
    assert not document.modified and document.path == tmp_path / "a.yaml"
    document.undo_stack.undo()
    assert document.modified


def test_new_troopers_go_to_the_chosen_group_until_it_is_full(document: ListDocument) -> None:
    for _ in range(10):
        document.add_trooper(LINE, 1, 1, document.placement_group())
    assert uids(document, 1) == [f"t{n}" for n in range(1, 11)]
    assert document.placement_group() == 2  # group 1 is full: a new group
    document.add_trooper(LINE, 1, 1, document.placement_group())
    assert uids(document, 2) == ["t11"]
    assert document.placement_group(1) == 2
    document.remove_troopers(["t1"])
    assert document.placement_group(1) == 1


def test_moving_several_troopers_keeps_their_order(document: ListDocument) -> None:
    for _ in range(4):
        document.add_trooper(LINE, 1, 1, 1)
    document.add_trooper(HERO, 1, 1, 2)
    document.move_troopers(["t1", "t3"], 2, 0)
    assert uids(document, 2) == ["t1", "t3", "t5"]
    assert document.undo_stack.undoText() == "Move 2 troopers to Combat Group 2"
    document.undo_stack.undo()
    assert uids(document, 1) == ["t1", "t2", "t3", "t4"]
    # down within the same group: dropped before the 4th trooper
    document.move_troopers(["t1"], 1, 3)
    assert uids(document, 1) == ["t2", "t3", "t1", "t4"]


def test_keyboard_moves_cross_group_boundaries(document: ListDocument) -> None:
    document.add_trooper(LINE, 1, 1, 1)
    document.add_trooper(LINE, 1, 1, 1)
    document.add_trooper(HERO, 1, 1, 2)
    document.move_by("t2", -1)
    assert uids(document, 1) == ["t2", "t1"]
    document.move_by("t2", -1)  # already first of the first group: nothing to do
    assert document.undo_stack.count() == 4
    document.move_by("t1", +1)  # last of group 1 → first of group 2
    assert uids(document, 2) == ["t1", "t3"]
    document.move_by("t1", -1)  # first of group 2 → last of group 1
    assert uids(document, 1) == ["t2", "t1"]


def test_settings_edits(document: ListDocument) -> None:
    document.set_rules_pack("its-s9")
    assert (document.army_list.pack, document.army_list.tier, document.army_list.points) == ("its-s9", "mid", None)
    assert document.report.totals.points_limit == 300 and document.report.totals.swc_limit_halves == 12
    document.set_game_size("top", None)
    assert document.report.totals.points_limit == 400
    document.set_game_size(None, 250)
    assert document.report.totals.points_limit == 250
    document.set_extra("spec-ops", True)
    assert document.army_list.extras == ("spec-ops",)
    document.rename("Ice")
    document.rename("Icestorm")
    assert document.undo_stack.undoText() == "Rename list to Icestorm"
    document.set_rules_pack("n5")
    assert document.army_list.extras == () and document.army_list.points == 250
    for _ in range(7):
        document.undo_stack.undo()
    assert document.army_list.pack == "n5" and document.army_list.points == 300


def test_removing_a_group_and_closing(document: ListDocument) -> None:
    document.add_trooper(LINE, 1, 1, 1)
    number = document.add_group()
    assert number == 2
    document.remove_group(2)
    assert [g.number for g in document.army_list.groups] == [1]
    document.close_list()
    assert not document.has_list and document.report is None and document.undo_stack.count() == 0


def test_an_unknown_pack_is_reported_not_raised(synthetic_catalog: Catalog) -> None:
    document = ListDocument(synthetic_catalog)
    document.start(ArmyList(army=ArmyRef(origin="bundled", id=950), pack="its-s99"))
    assert document.report is None
    assert "its-s99" in (document.problem or "")
