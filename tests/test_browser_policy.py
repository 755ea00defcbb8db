"""The list policy the unit browser and the list editor ask of the core (no Qt): what a list uses of a
unit's AVA, the room left for one more trooper, where a copy goes when its group is full, that an empty
list is not legal, search keys without accents, and trooper names that tell a unit's options apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.domain.naming import option_detail, trooper_label
from armybuilder.domain.profiles import readable_name
from armybuilder.domain.roster import resolve
from armybuilder.domain.values import search_key
from armybuilder.i18n import render
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.availability import ava_use
from armybuilder.rules.engine import GroupTotals, Totals, validate_in_catalog
from armybuilder.rules.list_edits import duplicate_groups, room_left

DATA = Path(__file__).parent / "data" / "rules"
LINE, HEAVY, HERO, HERO_ALT, CONTROLLERS, MERCS = 1, 2, 3, 4, 5, 6


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", DATA])


def empty() -> ArmyList:
    return ArmyList(army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)


def with_troopers(*troopers: tuple[int, int, int]) -> ArmyList:
    army_list = empty()
    for unit, option, group in troopers:
        army_list, _ = army_list.with_trooper(group, unit, 1, option)
    return army_list


def test_an_empty_list_is_not_legal(catalog: Catalog) -> None:
    report = validate_in_catalog(empty(), catalog)
    assert not report.legal
    assert [v.code for v in report.errors] == ["lieutenant.missing"]


def test_ava_use_counts_the_unit_and_a_character_in_any_version(catalog: Catalog) -> None:
    army = catalog.army(("bundled", 950))
    hero, hero_alt, line = army.unit(HERO), army.unit(HERO_ALT), army.unit(LINE)
    assert hero is not None and hero_alt is not None and line is not None
    roster = resolve(with_troopers((LINE, 1, 1)), army)
    assert not ava_use(roster, army, hero).full
    assert ava_use(roster, army, line).used == 1
    roster = resolve(with_troopers((HERO, 1, 1)), army)
    use = ava_use(roster, army, hero)
    assert (use.used, use.limit, use.full) == (1, 1, True)
    assert ava_use(roster, army, hero_alt).full  # the same character in another version


def test_the_room_left_for_the_main_army_reinforcements_and_mercenaries() -> None:
    totals = Totals(points=280, points_limit=300, swc_halves=10, swc_limit_halves=12, troopers=10,
                    troopers_limit=None, groups=(), reinforcement_points=70, reinforcement_points_limit=75,
                    mercenary_points=80, mercenary_points_limit=85)
    assert room_left(totals) .points == 20 and room_left(totals).swc_halves == 2
    assert room_left(totals, reinforcement=True).points == 5
    assert room_left(totals, mercenary=True).points == 5
    assert room_left(totals).fits(20, 2) and not room_left(totals).fits(21, 0) and not room_left(totals).fits(0, 3)


def test_a_copy_goes_where_add_would_put_it_when_its_group_is_full() -> None:
    army_list = with_troopers(*[(LINE, 1, 1)] * 10, (LINE, 1, 2))
    first = army_list.groups[0].troopers[0].uid
    last = army_list.groups[1].troopers[0].uid
    groups = (GroupTotals(1, 10, 10), GroupTotals(2, 1, 10))
    assert duplicate_groups(army_list, groups, [first]) == [2]  # group 1 is full: the next with room
    assert duplicate_groups(army_list, groups, [last]) == [2]
    full = (GroupTotals(1, 10, 10), GroupTotals(2, 10, 10))
    assert duplicate_groups(army_list, full, [first, first]) == [3, 3]  # one new group for both copies
    copied, uid = army_list.duplicated(first, 3)
    assert copied.group_of(uid) is not None and copied.group_of(uid).number == 3


def test_search_keys_fold_case_accents_and_letters_unicode_keeps() -> None:
    assert search_key("Nøkken") == search_key("NOKKEN") == "nokken"
    assert search_key("Sāchā") == "sacha"
    assert search_key("OKTAVIA GRÍMSDÓTTIR") == "oktavia grimsdottir"
    assert search_key("Æther  Łódź") == "aether lodz"


def test_internal_ids_read_as_the_profile_they_are_a_variant_of() -> None:
    assert readable_name("AUXBOT_3") == readable_name("AUXBOT_3B") == "AUXBOT"
    assert readable_name("Fusilier") == "Fusilier"
    assert readable_name("HMG_Team mode") == "HMG_Team mode"


def test_trooper_names_tell_a_units_options_apart(catalog: Catalog) -> None:
    army = catalog.army(("bundled", 950))
    for unit in army.units:
        labels = [render(trooper_label(unit, option), "en") for _, option in unit.selectable_options()]
        assert len(set(labels)) == len(labels), labels
    line = army.unit(LINE)
    assert line is not None
    names = {o.name: render(option_detail(line, o), "en") for _, o in line.selectable_options()}
    assert names["LINE HMG"] == "Heavy Machine Gun"
    assert names["LINE LT"] == "Combi Rifle, Lieutenant"
    assert names["LINE"] != names["LINE +SWC"]  # the same loadout: their names tell them apart
    assert render(option_detail(line, line.option(1, 3)), "es") == "Combi Rifle, Teniente"  # type: ignore[arg-type]


def test_an_options_name_is_worked_out_once_and_reads_in_the_language_shown(catalog: Catalog) -> None:
    """The app's names of an option (`labels.option_label`, `labels.option_detail`: undo entries, the card,
    messages) are worked out once (each compares the option with all its unit's others) and still read in the
    language shown; the same words as the domain's, worked out afresh, for every option of every unit."""
    from armybuilder.gui import labels
    from armybuilder.i18n import language, set_language

    army = catalog.army(("bundled", 950))
    before = language()
    try:
        for code in ("en", "es", "en"):
            set_language(code)
            for unit in army.units:
                for _, option in unit.selectable_options():
                    assert labels.option_label(unit, option) == labels.in_units(render(trooper_label(unit, option)))
                    assert labels.option_detail(unit, option) == labels.in_units(render(option_detail(unit, option)))
        line = army.unit(LINE)
        assert line is not None
        lieutenant = line.option(1, 3)
        assert lieutenant is not None
        assert labels.option_detail(line, lieutenant) == "Combi Rifle, Lieutenant"
        set_language("es")
        assert labels.option_detail(line, lieutenant) == "Combi Rifle, Teniente"
    finally:
        set_language(before)


@pytest.mark.shared
def test_no_two_options_of_an_official_unit_share_a_name(imported_source) -> None:  # type: ignore[no-untyped-def]
    for summary in imported_source.summaries():
        army = imported_source.load(summary.id)
        for unit in army.units:
            labels = [render(trooper_label(unit, o), "en") for _, o in unit.selectable_options()]
            assert len(set(labels)) == len(labels), (army.name, unit.name, labels)
            assert not any("_" in label and readable_name(label.split(" (")[0]) != label.split(" (")[0]
                           for label in labels)
