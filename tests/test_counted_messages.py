"""Messages that count say "1 point", "1 trooper", "1 list" (and "1 punto", "1 tropa"), never "1 points",
and the count problems say how to fix them: the points over the limit, the leftover points of a game
size, a full combat group, the army-size limit and the number of lists of a tournament entry (#16)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import load_list
from armybuilder.domain import ArmyList
from armybuilder.i18n import render
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import validate_entry, validate_in_catalog

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
WRONG = re.compile(r"(?<![\d.,])1 (points|troopers|lists|puntos|tropas|listas)\b")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


@pytest.fixture(scope="module")
def icestorm() -> ArmyList:
    """Seed 000's PanOceania list: ten troopers, 300 points, in one combat group."""
    return load_list(EXAMPLES / "icestorm-panoceania.yaml").army_list


def messages(catalog: Catalog, army_list: ArmyList, code: str) -> tuple[str, str]:
    """The English and Spanish text of the list's violation `code`."""
    found = [v for v in validate_in_catalog(army_list, catalog).violations if v.code == code]
    assert len(found) == 1, [v.code for v in validate_in_catalog(army_list, catalog).violations]
    english, spanish = found[0].render("en"), found[0].render("es")
    assert not WRONG.search(english) and not WRONG.search(spanish), (english, spanish)
    return english, spanish


def with_copies(army_list: ArmyList, copies: int) -> ArmyList:
    for _ in range(copies):
        army_list, _uid = army_list.duplicated(army_list.groups[0].troopers[0].uid)
    return army_list


def test_one_point_over_the_limit(catalog: Catalog, icestorm: ArmyList) -> None:
    over = icestorm.model_copy(update={"tier": None, "points": 299})
    english, spanish = messages(catalog, over, "points.over_limit")
    assert "worth at least 1 point." in english and "any other worth at least 1 point, would" in english
    assert "al menos 1 punto." in spanish
    far = icestorm.model_copy(update={"tier": None, "points": 290})
    english, spanish = messages(catalog, far, "points.over_limit")
    assert "worth at least 10 points." in english and "al menos 10 puntos." in spanish


def test_one_point_left_of_a_game_size(catalog: Catalog, icestorm: ArmyList) -> None:
    report = validate_in_catalog(icestorm.model_copy(update={"tier": None, "points": 301}), catalog)
    note = next(n for n in report.note_texts if "multiple" in render(n, "en"))
    assert render(note, "en").startswith("301 points is not a multiple of 50")
    assert "(the 1 point left gives none)" in render(note, "en")
    assert "(el 1 punto restante no da ninguno)" in render(note, "es")


def test_a_full_combat_group_says_what_to_move(catalog: Catalog, icestorm: ArmyList) -> None:
    english, spanish = messages(catalog, with_copies(icestorm, 1), "groups.too_many_troopers")
    assert "1 over the limit of 10. Move 1 trooper (the marked one, or any other) to another combat group or a " \
           "new one, or remove it." in english
    assert "Mueve 1 tropa (la marcada" in spanish
    english, _ = messages(catalog, with_copies(icestorm, 2), "groups.too_many_troopers")
    assert "Move 2 troopers (the marked ones, or any others)" in english


def test_the_army_size_limit_says_what_to_remove(catalog: Catalog, icestorm: ArmyList) -> None:
    n5 = icestorm.model_copy(update={"pack": "n5", "tier": None, "points": 300})
    over, _ = n5.with_group()
    for uid in [t.uid for t in n5.groups[0].troopers[:6]]:  # 16 troopers in two groups of room
        over, _copy = over.duplicated(uid, into=2)
    english, spanish = messages(catalog, over, "army.too_many_troopers")
    assert "16 troopers, 1 over the army-size limit of 15. Remove 1 trooper (the marked one is counted last" in english
    assert "Retira 1 tropa (la marcada es la última contada" in spanish


def test_an_entry_says_how_many_lists_to_add_or_leave_out(icestorm: ArmyList, catalog: Catalog) -> None:
    season = next(s for s in catalog.season_packs() if s.id == "its-s9")
    assert season.entry_range == (2, 2)
    (alone,) = validate_entry([icestorm], season)
    assert alone.render("en") == ("A tournament entry has 2 lists; this one has 1. Add 1 more list of the "
                                           "same army.")
    assert alone.render("es").endswith("Añade 1 lista más del mismo ejército.")
    (three,) = validate_entry([icestorm] * 3, season)
    assert three.render("en").endswith("this one has 3. Leave 1 list out of the entry.")
    assert three.render("es").endswith("Deja 1 lista fuera de la inscripción.")
