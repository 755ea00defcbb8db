"""The point-buy YAML files: design databases and army lists, round trips, bad input, schema."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from armybuilder.data.problems import DataError
from armybuilder.pointbuy.army import PointBuyList
from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.files import (
    DESIGNS_FORMAT,
    LIST_FORMAT,
    list_text,
    load_designs,
    load_list,
    save_designs,
    save_list,
    schema,
    sniff,
)

TROOPER = Design(id="trooper", name="Trooper", hits=2, attacks={"medium": 2}, specials=("cloak",))
GUN = Design(id="gun", name="Gun", kind="stationary", attacks={"long": 1}, base={"shape": "square", "width": 1.25})


def sample() -> PointBuyList:
    army = PointBuyList(name="Frog Host", points=300, ability="swamp_world", designs=(TROOPER, GUN))
    army, unit = army.with_unit("squad", "First")
    army, _ = army.with_models(unit, "trooper", 5)
    army, second = army.with_models(unit, "trooper", 1)
    army = army.with_models_changed(second, bonus="support_weapon")
    army, _ = army.with_models(None, "gun")
    return army


def test_list_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "army.yaml"
    save_list(path, sample())
    loaded = load_list(path)
    assert loaded.army == sample() and loaded.problems == ()
    text = path.read_text(encoding="utf-8")
    assert text.startswith(f"format: {LIST_FORMAT}") and "cost: 20" in text and "cost: 10" in text
    assert sniff(path) == LIST_FORMAT


def test_designs_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "frogs.yaml"
    save_designs(path, "Frogs", [TROOPER, GUN], "Swamp things")
    loaded = load_designs(path)
    assert loaded.designs == [TROOPER, GUN] and loaded.name == "Frogs" and loaded.problems == []
    assert sniff(path) == DESIGNS_FORMAT


def test_a_recorded_cost_that_changed_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "army.yaml"
    path.write_text(list_text(sample()).replace("cost: 20", "cost: 15"), encoding="utf-8")
    loaded = load_list(path)
    assert len(loaded.problems) == 1 and loaded.problems[0].severity == "warning"
    assert "saved at 15 points but costs 20" in loaded.problems[0].message and loaded.problems[0].line


def test_a_broken_design_is_located_and_the_others_load(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"format: {DESIGNS_FORMAT}\nname: Bad\ndesigns:\n"
                    "  - {id: a, name: A, race: martian}\n"
                    "  - {id: b, name: B, attacks: {close: 7}}\n"
                    "  - {id: c, name: C}\n", encoding="utf-8")
    loaded = load_designs(path)
    assert [d.id for d in loaded.designs] == ["b", "c"]
    messages = [str(p) for p in loaded.problems]
    assert any(":4:" in m and "unknown race 'martian'" in m for m in messages), messages
    assert any(":5:" in m and "design.dice.combined" in m for m in messages), messages


@pytest.mark.parametrize(("content", "expected"), [
    ("format: [", "YAML syntax error"),
    ("- a list\n", "unknown or missing format"),
    (f"format: {LIST_FORMAT}\npoints: many\n", "expected a whole number"),
    (f"format: {LIST_FORMAT}\npoints: 10000000\n", "must be at most"),
    (f"format: {LIST_FORMAT}\npoints: 100\nunits:\n  - {{uid: u1, type: phalanx}}\n", "unknown unit type"),
    (f"format: {LIST_FORMAT}\npoints: 100\nunits:\n  - {{uid: u1, type: squad}}\n  - {{uid: u1, type: team}}\n",
     "the id 'u1' is used by 2"),
    (f"format: {DESIGNS_FORMAT}\nname: x\n", "expected armybuilder-pointbuy-list/1"),
])
def test_bad_list_files_name_the_file_and_the_problem(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_list(path)
    assert str(path) in str(caught.value) and expected in str(caught.value)


def test_unreadable_inputs(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        load_list(tmp_path / "missing.yaml")
    with pytest.raises(DataError, match="folder"):
        load_list(tmp_path)
    (tmp_path / "latin1.yaml").write_bytes(b"format: \xff\n")
    with pytest.raises(DataError, match="UTF-8"):
        load_list(tmp_path / "latin1.yaml")
    assert load_designs(tmp_path / "missing.yaml").errors


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert sniff(fifo) is None
    with pytest.raises(DataError, match="FIFO"):
        load_list(fifo)
    assert load_designs(fifo).errors


def test_schema_covers_both_formats() -> None:
    data = schema()
    text = str(data)
    assert DESIGNS_FORMAT in text and LIST_FORMAT in text and "martian" not in text
    assert "mindless" in text and "indirect_fire" in text and "recon_team" in text


def test_a_design_file_keeps_its_problems_as_messages(tmp_path: Path) -> None:
    """The checks of a design file word nothing while reading it; each problem reads in the language it is
    shown in."""
    from test_messages_as_data import nothing_translated

    from armybuilder.i18n import render

    path = tmp_path / "designs.yaml"
    save_designs(path, "Frogs", [TROOPER, GUN])
    text = path.read_text(encoding="utf-8").replace("cost: 20", "cost: 15")
    path.write_text(text + "- {id: gun, name: Gun again, attacks: {close: 7}}\n", encoding="utf-8")
    with nothing_translated():
        loaded = load_designs(path)
    codes = {p.path: p for p in loaded.problems}
    assert {"designs[0].cost", "designs[2].id", "designs[2].attacks"} <= set(codes), sorted(codes)
    for problem in loaded.problems:
        english, spanish = render(problem.text, "en"), render(problem.text, "es")
        assert english == problem.message and english != spanish, (english, spanish)
