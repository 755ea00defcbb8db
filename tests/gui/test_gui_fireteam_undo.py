"""Each fireteam undo command on a bare QUndoStack: push applies `after`, undo restores `before`,
redo again; and the history text says what changed."""

from __future__ import annotations

import pytest
from guihelpers import BLIZZARD_A, Target, round_trip

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import load_list
from armybuilder.domain.lists import ArmyList, Fireteam
from armybuilder.domain.profiles import Army
from armybuilder.domain.values import FireteamType
from armybuilder.gui.fireteams import undo
from armybuilder.i18n import set_language
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import context_in_catalog
from armybuilder.rules.fireteams.finder import find_fireteams, suggest_changes

CORE, HARIS = FireteamType.CORE, FireteamType.HARIS


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


@pytest.fixture(scope="module")
def start() -> ArmyList:
    return load_list(BLIZZARD_A).army_list.model_copy(update={"fireteams": ()})  # the example declares them


@pytest.fixture(scope="module")
def army(catalog: Catalog, start: ArmyList) -> Army:
    return catalog.army(start.army)


FUSILIERS = ("t4", "t5", "t8", "t9")
NISSES = ("t2", "t6", "t7")


def test_form(start: ArmyList, army: Army) -> None:
    team = Fireteam(uid="f1", type=CORE, team="Fusiliers", members=FUSILIERS)
    target = Target(start)
    command = undo.FormFireteamCommand(target, start, army, team)
    _stack = round_trip(command, target, start.with_fireteam(team))
    assert command.text() == "Form Fusiliers (Core) with 4 troopers"
    set_language("es")  # the history is reworded when the language changes
    try:
        command.retranslate()
        assert command.text() == "Formar Fusiliers (Core) con 4 tropas"
    finally:
        set_language("en")
    command.retranslate()
    assert command.text() == "Form Fusiliers (Core) with 4 troopers"


def test_form_takes_members_from_other_teams(start: ArmyList, army: Army) -> None:
    before = start.with_fireteam(Fireteam(uid="f1", type=CORE, team="Fusiliers", members=FUSILIERS[:3]))
    team = Fireteam(uid="f2", type=HARIS, team="Fusiliers", members=FUSILIERS[2:])
    target = Target(before)
    expected = before.with_fireteam(Fireteam(uid="f1", type=CORE, team="Fusiliers", members=FUSILIERS[:2]))
    _stack = round_trip(undo.FormFireteamCommand(target, before, army, team), target, expected.with_fireteam(team))
    # a team left empty is dissolved
    emptied = before.with_declared_fireteam(Fireteam(uid="f3", type=CORE, team="Fusiliers", members=FUSILIERS))
    assert [t.uid for t in emptied.fireteams] == ["f3"]


def test_edit_members_type_and_team(start: ArmyList, army: Army) -> None:
    team = Fireteam(uid="f1", type=CORE, team="Fusiliers", members=FUSILIERS)
    before = start.with_fireteam(team)
    for changed, text in (
            (team.model_copy(update={"members": FUSILIERS[:3]}), "Take Fusiliers (Combi Rifle, Forward Observer) "
                                                                 "out of Fusiliers (Core)"),
            (team.model_copy(update={"members": (*FUSILIERS, "t3")}), "Add Knights Hospitaller (MULTI Rifle, Pistol) "
                                                                       "to Fusiliers (Core)"),
            (team.model_copy(update={"members": (*FUSILIERS[:3], "t3")}), "Change the members of Fusiliers (Core)"),
            (team.model_copy(update={"type": HARIS, "members": FUSILIERS[:3]}),
             "Change Fusiliers (Core) to Fusiliers (Haris)")):
        target = Target(before)
        command = undo.EditFireteamCommand(target, before, army, changed)
        _stack = round_trip(command, target, before.with_fireteam(changed))
        assert command.text() == text


def test_dissolve_and_leave(start: ArmyList, army: Army) -> None:
    before = start.with_fireteam(Fireteam(uid="f1", type=CORE, team="Fusiliers", members=FUSILIERS)).with_fireteam(
        Fireteam(uid="f2", type=HARIS, team="Svalarheima Nisses", members=NISSES))
    target = Target(before)
    command = undo.DissolveFireteamCommand(target, before, "f2")
    _stack = round_trip(command, target, before.without_fireteam("f2"))
    assert command.text() == "Dissolve Svalarheima Nisses (Haris)"

    leave = undo.LeaveFireteamCommand(target, before, army, ["t4", "t2"])
    expected = before.with_fireteam(Fireteam(uid="f1", type=CORE, team="Fusiliers", members=FUSILIERS[1:]))
    expected = expected.with_fireteam(Fireteam(uid="f2", type=HARIS, team="Svalarheima Nisses", members=NISSES[1:]))
    _stack = round_trip(leave, target, expected)
    assert leave.text() == "Take 2 troopers out of their fireteams"
    with pytest.raises(KeyError):
        undo.LeaveFireteamCommand(target, before, army, ["t1"])


def test_apply_suggestion(catalog: Catalog, start: ArmyList, army: Army) -> None:
    before = start.with_fireteam(Fireteam(uid="f1", type=CORE, team="Fusiliers", members=FUSILIERS[:3]))
    suggestion = next(s for s in suggest_changes(context_in_catalog(before, catalog)) if s.fireteam == "f1")
    target = Target(before)
    command = undo.ApplySuggestionCommand(target, before, suggestion, army)
    _stack = round_trip(command, target, suggestion.apply(before))
    assert set(suggestion.apply(before).fireteams[0].members) == set(FUSILIERS)
    assert command.text().startswith("Add Fusiliers") and command.text().endswith("to Fusiliers (Core) (level 3 → 4)")


def test_declare_found(catalog: Catalog, start: ArmyList, army: Army) -> None:
    found = next(p for p in find_fireteams(context_in_catalog(start, catalog)) if p.type is HARIS)
    target = Target(start)
    command = undo.DeclareFoundFireteamCommand(target, start, army, found)
    _stack = round_trip(command, target, found.declare(start))
    assert command.uid == "f1"
    assert command.text() == "Form Svalarheima Nisses (Haris) with 3 troopers"
