"""The fireteam widgets' item models under qtmodeltester, and how the chart table words its cells."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef, Fireteam
from armybuilder.domain.profiles import Army
from armybuilder.domain.values import FireteamType
from armybuilder.gui.document import ListDocument
from armybuilder.gui.fireteams.models import (
    ChartColumn,
    ChartModel,
    ChartRole,
    FinderModel,
    FinderRole,
    FireteamTreeModel,
    TeamColumn,
    TeamRole,
    limit_text,
    limits_text,
)
from armybuilder.gui.fireteams.state import FireteamState
from armybuilder.i18n import set_language
from armybuilder.paths import bundled_profiles_dir

FIRETEAMS = Path(__file__).resolve().parents[1] / "data" / "fireteams"
FUSILIERS, HAWKINS, BLADE, NISSES, ORCS, VARGAR, KARHU, QUINN = 1, 2, 3, 4, 5, 6, 7, 8
CORE, HARIS, DUO = FireteamType.CORE, FireteamType.HARIS, FireteamType.DUO


@pytest.fixture
def catalog() -> Catalog:
    """The synthetic Winter Force (N5): wildcards, FTO lines, required lines, 'no limit' Duos."""
    return Catalog.from_paths([bundled_profiles_dir() / "packs", FIRETEAMS])


@pytest.fixture
def army(catalog: Catalog) -> Army:
    return catalog.army(("bundled", 960))


@pytest.fixture
def document(catalog: Catalog) -> ListDocument:
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=960), pack="n5", points=400)
    for unit, option in ((FUSILIERS, 3), (FUSILIERS, 1), (FUSILIERS, 2), (HAWKINS, 1), (NISSES, 1), (NISSES, 1)):
        army_list, _ = army_list.with_trooper(1, unit, 1, option)
    army_list = army_list.with_fireteam(Fireteam(uid="f1", type=CORE, team="Fusiliers Fireteam",
                                                 members=("t1", "t2", "t3")))
    army_list = army_list.with_fireteam(Fireteam(uid="f2", type=CORE, team="Nisses Fireteam", members=("t5", "t6")))
    doc = ListDocument(catalog)
    doc.start(army_list)
    return doc


def test_fireteam_tree_model(qtmodeltester, document: ListDocument) -> None:  # type: ignore[no-untyped-def]
    state = FireteamState(document)
    model = FireteamTreeModel(state)
    model.refresh()
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    core = model.index(0, TeamColumn.NAME)
    assert core.data() == "Fusiliers Fireteam (Core) · Combat Group 1"
    assert model.index(0, TeamColumn.LEVEL).data() == "Level 3"
    assert core.data(TeamRole.LEGAL) is True
    assert [model.index(r, 0, core).data(TeamRole.MEMBER) for r in range(model.rowCount(core))] == ["t1", "t2", "t3"]
    # the Nisses team is one member short of a Core (N5: 3–5) and a second Core: not legal
    nisses = model.index(1, 0)
    assert nisses.data(TeamRole.LEGAL) is False
    assert model.index(1, TeamColumn.DETAIL).data() == "✖ Not legal"
    # Kyle Hawkins joins: the tree follows the document
    document.start(document.army_list.with_fireteam(Fireteam(uid="f1", type=CORE, team="Fusiliers Fireteam",
                                                             members=("t1", "t2", "t3", "t4"))))
    model.refresh()
    qtmodeltester.check(model)
    hawkins = model.index(3, TeamColumn.DETAIL, model.index(0, 0))
    assert hawkins.data() == "as (Fusiliers)"
    assert model.index(0, TeamColumn.LEVEL).data() == "Level 4"


def test_chart_model(qtmodeltester, army: Army) -> None:  # type: ignore[no-untyped-def]
    model = ChartModel()
    qtmodeltester.check(model)
    model.set_chart(army)
    qtmodeltester.check(model)
    names = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert names == ["Fusiliers Fireteam", "Nisses Fireteam", "WinterFor Alpha Fireteam", "Knights Fireteam",
                     "Wildcards: may join any team"]
    assert model.index(4, 0).data(ChartRole.WILDCARDS) is True
    assert model.index(0, ChartColumn.TYPES).data() == "Core, Haris"
    assert model.index(2, ChartColumn.TYPES).data() == "Duo, Haris, Core (3–4 members)"
    assert model.index(1, ChartColumn.NOTES).data() == "No Wildcards"

    def line(team: int, row: int, column: ChartColumn) -> object:
        return model.index(row, column, model.index(team, 0)).data()

    assert line(0, 0, ChartColumn.NAME) == army.unit_by_slug("fusiliers").name
    assert (line(0, 0, ChartColumn.MIN), line(0, 0, ChartColumn.MAX)) == ("1", "5")
    assert line(0, 2, ChartColumn.COUNTS_AS) == "Fusiliers"  # Kyle Hawkins "(Fusiliers)"
    assert line(0, 3, ChartColumn.FTO) == "FTO"  # BLADE FTO
    assert line(2, 0, ChartColumn.REQUIRED) == "✱" and line(2, 2, ChartColumn.REQUIRED) == ""
    assert line(4, 2, ChartColumn.COUNTS_AS) == "WinterFor Alpha, Nisses"
    model.set_chart(None)
    qtmodeltester.check(model)
    assert model.rowCount() == 0


def test_limits_read_as_words(army: Army) -> None:
    assert limit_text(256) == "no limit" and limit_text(0) == "none" and limit_text(2) == "2"
    assert limits_text(army.fireteam_chart) == "Core: 1 · Haris: 1 · Duo: no limit"
    set_language("es")
    try:
        assert limits_text(army.fireteam_chart) == "Core: 1 · Haris: 1 · Dúo: sin límite"
        assert limit_text(0) == "ninguno"
    finally:
        set_language("en")


def test_finder_model(qtmodeltester, document: ListDocument) -> None:  # type: ignore[no-untyped-def]
    state = FireteamState(document)
    model = FinderModel(state)
    model.refresh()
    qtmodeltester.check(model)
    assert [model.index(r, 0).data(FinderRole.KIND) for r in range(2)] == ["changes", "possible"]
    changes, possible = model.index(0, 0), model.index(1, 0)
    assert [model.index(r, 0, changes).data() for r in range(model.rowCount(changes))] == [
        "Add Kyle Hawkins: Fusiliers Fireteam (Core) goes from level 3 to level 4 (+1 BS)."]
    assert model.index(0, 1, changes).data() == "3 → 4"
    assert model.index(0, 0, changes).data(FinderRole.TROOPERS) == ("t4",)
    found = [(model.index(r, 0, possible).data(), model.index(r, 1, possible).data())
             for r in range(model.rowCount(possible))]
    assert ("Fusiliers Fireteam (Core) in Combat Group 1: Fusiliers ×3, Kyle Hawkins", "4") in found
    assert ("Nisses Fireteam (Duo) in Combat Group 1: Nisses ×2", "2") in found
    assert model.index(0, 0).data() == "Changes that improve your fireteams (1)"
    # no list: both sections say there is nothing
    document.close_list()
    model.refresh()
    qtmodeltester.check(model)
    assert [model.index(0, 0, model.index(r, 0)).data(FinderRole.KIND) for r in range(2)] == ["empty", "empty"]
