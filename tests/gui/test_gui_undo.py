"""Each undo command on a bare QUndoStack: push applies `after`, undo restores `before`, redo again."""

from __future__ import annotations

import pytest
from guihelpers import Target, round_trip
from PySide6.QtGui import QUndoStack

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.domain.profiles import Army
from armybuilder.gui import undo

LINE, HEAVY, HERO, CONTROLLERS = 1, 2, 3, 5


@pytest.fixture
def army(synthetic_catalog: Catalog) -> Army:
    return synthetic_catalog.army(("bundled", 950))


@pytest.fixture
def start() -> ArmyList:
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    army_list, _ = army_list.with_trooper(1, LINE, 1, 3)
    army_list, _ = army_list.with_trooper(1, HEAVY, 1, 2)
    army_list, _ = army_list.with_group()
    army_list, _ = army_list.with_trooper(2, HERO, 1, 1)
    return army_list


def test_add_trooper(start: ArmyList, army: Army) -> None:
    target = Target(start)
    command = undo.AddTrooperCommand(target, start, army, 2, LINE, 1, 2, index=0)
    expected, uid = start.with_trooper(2, LINE, 1, 2, 0)
    assert command.uid == uid
    _stack = round_trip(command, target, expected)
    assert command.text() == "Add LINE TROOPERS (Heavy Machine Gun)"


def test_remove_trooper(start: ArmyList, army: Army) -> None:
    target = Target(start)
    command = undo.RemoveTrooperCommand(target, start, army, "t2")
    _stack = round_trip(command, target, start.without_trooper("t2"))
    assert command.text() == "Remove HEAVY TROOPERS (HEAVY SPITFIRE)"


def test_move_trooper_between_groups(start: ArmyList, army: Army) -> None:
    target = Target(start)
    command = undo.MoveTrooperCommand(target, start, army, "t1", 2, 1)
    _stack = round_trip(command, target, start.moved("t1", 2, 1))
    assert "to Combat Group 2" in command.text()


def test_move_trooper_within_group(start: ArmyList, army: Army) -> None:
    target = Target(start)
    command = undo.MoveTrooperCommand(target, start, army, "t2", 1, 0)
    _stack = round_trip(command, target, start.moved("t2", 1, 0))
    assert "within Combat Group 1" in command.text()


def test_change_option(start: ArmyList, army: Army) -> None:
    target = Target(start)
    command = undo.ChangeOptionCommand(target, start, army, "t2", 1, 1)
    _stack = round_trip(command, target, start.with_option("t2", 1, 1))
    assert command.text().startswith("Change HEAVY TROOPERS")


def test_duplicate_trooper(start: ArmyList, army: Army) -> None:
    target = Target(start)
    command = undo.DuplicateTrooperCommand(target, start, army, "t1")
    expected, uid = start.duplicated("t1")
    assert command.uid == uid
    _stack = round_trip(command, target, expected)


def test_add_and_remove_group(start: ArmyList) -> None:
    target = Target(start)
    add = undo.AddGroupCommand(target, start)
    expected, number = start.with_group()
    assert add.number == number == 3
    stacks = [round_trip(add, target, expected)]
    remove = undo.RemoveGroupCommand(Target(start), start, 2)
    stacks.append(round_trip(remove, remove.target, start.without_group(2)))  # type: ignore[arg-type]


def test_change_rules_game_size_and_extras(start: ArmyList) -> None:
    target = Target(start)
    rules = undo.ChangeRulesCommand(target, start, "its-s9", "ITS Season 9", "mid", None, ())
    stacks = [round_trip(rules, target, start.model_copy(update={"pack": "its-s9", "tier": "mid",
                                                                       "points": None}))]
    size = undo.ChangeGameSizeCommand(target, start, None, 250, "250 points")
    stacks.append(round_trip(size, target, start.model_copy(update={"points": 250, "tier": None})))
    extra = undo.ToggleExtraCommand(target, start, "spec-ops", "Spec-Ops", True)
    stacks.append(round_trip(extra, target, start.model_copy(update={"extras": ("spec-ops",)})))
    assert extra.text() == "Switch on Spec-Ops"


def test_change_army(start: ArmyList) -> None:
    target = Target(start)
    ref = ArmyRef(origin="imported", id=101, name="PanOceania")
    command = undo.ChangeArmyCommand(target, start, ref)
    _stack = round_trip(command, target, start.model_copy(update={"army": ref}))
    assert command.text() == "Switch army to PanOceania"


def test_renames_merge_into_one_entry(start: ArmyList) -> None:
    target = Target(start)
    stack = QUndoStack()
    state = start
    for name in ("I", "Ic", "Ice"):
        command = undo.RenameListCommand(target, state, name)
        stack.push(command)
        state = target.current
    assert stack.count() == 1
    assert target.current.name == "Ice"
    assert stack.undoText() == "Rename list to Ice"
    stack.undo()
    assert target.current == start


def test_notes_merge_and_undo(start: ArmyList) -> None:
    target = Target(start)
    stack = QUndoStack()
    stack.push(undo.ChangeNotesCommand(target, start, "a"))
    stack.push(undo.ChangeNotesCommand(target, target.current, "ab"))
    assert stack.count() == 1 and target.current.notes == "ab"
    stack.undo()
    assert target.current == start


def test_compound_command_undoes_children_in_reverse(start: ArmyList, army: Army) -> None:
    target = Target(start)
    parent = undo.CompoundCommand("Remove 2 troopers")
    first = undo.RemoveTrooperCommand(target, start, army, "t1", parent)
    undo.RemoveTrooperCommand(target, first.after, army, "t3", parent)
    stack = QUndoStack()
    stack.push(parent)
    assert [t.uid for _, t in target.current.troopers()] == ["t2"]
    assert parent.after == target.current
    stack.undo()
    assert target.current == start
    assert stack.count() == 1 and stack.undoText() == "" and stack.redoText() == "Remove 2 troopers"
