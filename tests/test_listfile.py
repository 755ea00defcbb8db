"""List files: round trip, recorded costs and drift, atomic saves, broken and foreign files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import changes_since_saved, dumps_list, load_list, loads_list, save_list
from armybuilder.data.problems import DataError
from armybuilder.domain import ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.domain.roster import resolve
from armybuilder.paths import bundled_profiles_dir

DATA = Path(__file__).parent / "data" / "rules"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", DATA])


def sample() -> ArmyList:
    army_list = ArmyList(name="Señor Test — «list»", notes="two\nlines", army=ArmyRef(origin="bundled", id=950,
                         slug="test-sectorial", name="Test Sectorial", version="test-1"),
                         pack="its-s9", tier="mid", extras=("soldiers-of-fortune",))
    army_list, a = army_list.with_trooper(1, 1, 1, 3)
    army_list, b = army_list.with_trooper(1, 1, 1, 1)
    army_list, _ = army_list.with_trooper(2, 5, 1, 1)
    return army_list.with_fireteam(Fireteam(uid="f1", type=FireteamType.DUO, team="Line", members=(a, b)))


def test_round_trip_is_exact(tmp_path: Path, catalog: Catalog) -> None:
    army_list = sample()
    roster = resolve(army_list, catalog.army(("bundled", 950)))
    path = tmp_path / "list.yaml"
    save_list(path, army_list, roster)
    loaded = load_list(path)
    assert loaded.army_list == army_list
    assert loaded.recorded["t3"].points == 20 and loaded.recorded["t3"].unit_name == "CONTROLLERS"
    text = path.read_text(encoding="utf-8")
    assert "format: armybuilder-list/1" in text and "Señor Test" in text and "option_name: LINE LT" in text


def test_changed_data_is_reported_not_repriced(tmp_path: Path, catalog: Catalog) -> None:
    army_list = sample()
    roster = resolve(army_list, catalog.army(("bundled", 950)))
    text = dumps_list(army_list, roster).replace("points: 10\n", "points: 9\n", 1)
    loaded = loads_list(text, "old.yaml")
    problems = changes_since_saved(loaded, roster)
    assert len(problems) == 1 and problems[0].severity == "warning"
    assert "cost 9 points when saved; the data now says 10" in problems[0].message


def test_missing_unit_is_reported(catalog: Catalog) -> None:
    army_list, _ = sample().with_trooper(1, 777, 1, 1)
    loaded = loads_list(dumps_list(army_list), "x.yaml")
    roster = resolve(loaded.army_list, catalog.army(("bundled", 950)))
    problems = changes_since_saved(loaded, roster)
    assert any("no longer in the data" in p.message for p in problems)


@pytest.mark.parametrize(("text", "fragment"), [
    ("name: [unclosed", "YAML syntax error"),
    ("- a\n- list\n", "not an army list file"),
    ("format: armybuilder-army/1\nid: 3\n", "not an army list file: its format is"),
    ("format: armybuilder-list/7\narmy: {id: 1}\n", "newer version of the builder"),
    ("format: armybuilder-list/1\n", "army: is required"),
    ("format: armybuilder-list/1\narmy: {id: 1}\ngroups: [{number: 0}]\n", "groups[0].number"),
    ("format: armybuilder-list/1\narmy: {id: 1}\ngroups:\n - number: 1\n   troopers:\n"
     "    - {uid: t1, unit: 1, group: 1, option: 1}\n    - {uid: t1, unit: 1, group: 1, option: 1}\n",
     "trooper id t1 appears twice"),
    ("format: armybuilder-list/1\narmy: {id: 1}\ngroups: [{number: 1}, {number: 1}]\n", "appears twice"),
])
def test_broken_and_foreign_files_are_explained(text: str, fragment: str) -> None:
    with pytest.raises(DataError) as caught:
        loads_list(text, "bad.yaml")
    message = str(caught.value)
    assert "bad.yaml" in message and fragment in message, message


def test_missing_file_and_folder(tmp_path: Path) -> None:
    for path, fragment in [(tmp_path / "nope.yaml", "file not found"), (tmp_path, "is a folder")]:
        with pytest.raises(DataError) as caught:
            load_list(path)
        assert str(path) in str(caught.value) and fragment in str(caught.value)


def test_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "list.yaml"
    save_list(path, sample())
    before = path.read_text(encoding="utf-8")

    def crash(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_list(path, sample().model_copy(update={"name": "changed"}))
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["list.yaml"]
