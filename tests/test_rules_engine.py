"""The rules engine on a synthetic army: a legal base list, and one mutation per rule code."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef, EditionPack
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import validate, validate_entry, validate_in_catalog

DATA = Path(__file__).parent / "data" / "rules"
LINE, HEAVY, HERO, HERO_ALT, CONTROLLERS, MERCS, ALIVE, HANDLER = 1, 2, 3, 4, 5, 6, 7, 8
BOLTS, ORDINARY = 101, 102


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", DATA])


def base() -> ArmyList:
    """A legal N5 list at 300 points: 11 troopers in two groups, 195 points, 1.5 SWC."""
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=950, slug="test-sectorial"), pack="n5", points=300)
    for unit, group, option, combat_group in [
        (LINE, 1, 3, 1), (LINE, 1, 1, 1), (LINE, 1, 1, 1), (LINE, 1, 1, 1), (LINE, 1, 1, 1),
        (HEAVY, 1, 1, 1), (HEAVY, 1, 2, 1),
        (HERO, 1, 1, 2), (CONTROLLERS, 1, 1, 2), (HANDLER, 1, 1, 2), (HANDLER, 2, 1, 2),
    ]:
        army_list, _ = army_list.with_trooper(combat_group, unit, group, option)
    return army_list


def reinforced() -> ArmyList:
    """A legal list with a Reinforcements section: Commlink in the main section, 2 Bolts."""
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    for unit, group, option in [(LINE, 1, 3), (LINE, 1, 4), (LINE, 1, 1), (LINE, 1, 1), (LINE, 1, 1), (HEAVY, 1, 2)]:
        army_list, _ = army_list.with_trooper(1, unit, group, option)
    army_list, number = army_list.with_group(reinforcement=True)
    for _ in range(2):
        army_list, _ = army_list.with_trooper(number, BOLTS, 1, 1)
    return army_list


def uids(army_list: ArmyList, unit: int, option: int | None = None) -> list[str]:
    return [t.uid for _, t in army_list.troopers() if t.unit == unit and (option is None or t.option == option)]


def add(army_list: ArmyList, group: int, unit: int, option: int, count: int = 1, profile_group: int = 1) -> ArmyList:
    for _ in range(count):
        army_list, _ = army_list.with_trooper(group, unit, profile_group, option)
    return army_list


def change(army_list: ArmyList, unit: int, option: int, new_option: int, count: int = 1) -> ArmyList:
    for uid in uids(army_list, unit, option)[:count]:
        army_list = army_list.with_option(uid, 1, new_option)
    return army_list


def season(army_list: ArmyList, *extras: str) -> ArmyList:
    return army_list.model_copy(update={"pack": "its-s9", "tier": "mid", "points": None, "extras": extras})


OTHER_EDITION = "settings.other_edition"
"""ITS Season 9's mechanisms are tested on the synthetic N5 army: every report under it warns that the season is
an N3-era pack (tested in test_list_settings.py); the tests here look past that warning."""


def test_base_lists_are_legal(catalog: Catalog) -> None:
    for army_list in (base(), season(base()), season(base(), "soldiers-of-fortune"), reinforced()):
        report = validate_in_catalog(army_list, catalog)
        expected = [OTHER_EDITION] if army_list.pack == "its-s9" else []
        assert report.codes() == expected, [v.message for v in report.violations]
    report = validate_in_catalog(base(), catalog)
    assert (report.totals.points, report.totals.swc, report.totals.troopers) == (195, "1.5", 11)
    assert report.totals.troopers_limit == 15


MUTATIONS: list[tuple[str, Callable[[], ArmyList]]] = [
    ("points.over_limit", lambda: base().model_copy(update={"points": 150})),
    ("swc.over_budget", lambda: change(change(base(), LINE, 1, 2, count=4), HEAVY, 1, 2)),
    ("groups.too_many_troopers", lambda: _move_all(base(), 2, 1)),
    ("army.too_many_troopers", lambda: add(base(), 2, LINE, 1, count=5)),
    ("army.too_many_commlinks", lambda: change(base(), LINE, 1, 4, count=2)),
    ("lieutenant.missing", lambda: change(base(), LINE, 3, 1)),
    ("lieutenant.too_many", lambda: change(base(), LINE, 1, 3)),
    ("ava.exceeded", lambda: add(base(), 2, HEAVY, 1)),
    ("characters.duplicate", lambda: add(base(), 2, HERO, 1)),
    ("relations.exceeded", lambda: add(base(), 2, HERO_ALT, 1)),
    ("relations.missing_dependency", lambda: base().without_trooper(uids(base(), HANDLER)[0])),
    ("option.not_selectable", lambda: add(base(), 2, CONTROLLERS, 1, profile_group=2)),
    ("data.unknown_trooper", lambda: add(base(), 2, 999, 1)),
    ("mercenaries.not_allowed", lambda: add(base(), 2, MERCS, 1)),
    ("mercenaries.over_points", lambda: add(season(base(), "soldiers-of-fortune"), 2, MERCS, 2, count=2)),
    ("groups.limited_insertion", lambda: season(base(), "limited-insertion")),
    ("season.unavailable_unit", lambda: add(season(base()), 2, ALIVE, 1)),
    ("settings.unknown_tier", lambda: season(base()).model_copy(update={"tier": "huge"})),
    ("settings.unknown_extra", lambda: season(base(), "double-points")),
    ("settings.incompatible_extras", lambda: season(base(), "spec-ops", "campaign")),
    ("settings.tier_without_season", lambda: base().model_copy(update={"tier": "mid"})),
    ("settings.extras_without_season", lambda: base().model_copy(update={"extras": ("limited-insertion",)})),
    ("reinforcements.over_points", lambda: add(reinforced(), 2, BOLTS, 1, count=4)),
    ("reinforcements.over_swc", lambda: change_reinf(reinforced(), 2)),
    ("reinforcements.wrong_unit", lambda: add(reinforced(), 2, ORDINARY, 1)),
    ("reinforcements.in_main_section", lambda: add(reinforced(), 1, BOLTS, 1)),
    ("reinforcements.no_commlink", lambda: change(reinforced(), LINE, 4, 1)),
]


def _move_all(army_list: ArmyList, source: int, target: int) -> ArmyList:
    group = army_list.group(source)
    assert group is not None
    for trooper in group.troopers:
        army_list = army_list.moved(trooper.uid, target)
    return army_list


def change_reinf(army_list: ArmyList, count: int) -> ArmyList:
    for uid in uids(army_list, BOLTS)[:count]:
        army_list = army_list.with_option(uid, 1, 2)
    return army_list


@pytest.mark.parametrize(("code", "mutate"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_each_mutation_fires_its_own_code_only(catalog: Catalog, code: str, mutate: Callable[[], ArmyList]) -> None:
    report = validate_in_catalog(mutate(), catalog)
    # Campaign (spec-ops + campaign) also says its Military Specialities are not checked: a warning, not a fault
    said = [c for c in report.codes() if not (c == "settings.not_checked" and code == "settings.incompatible_extras")
            and c != OTHER_EDITION]
    assert said == [code], [f"{v.code}: {v.message}" for v in report.violations]
    violation = next(v for v in report.violations if v.code == code)
    assert violation.severity == "error" and not report.legal
    assert violation.message and violation.source.startswith(("Infinity ", "ITS: "))


def test_reinforcements_need_an_edition_that_has_them(catalog: Catalog) -> None:
    army = catalog.army(("bundled", 950))
    reinforcement_army = catalog.army(("bundled", 951))
    n3 = catalog.pack("n3")
    assert isinstance(n3, EditionPack)
    report = validate(reinforced(), army, n3, None, reinforcement_army)
    assert report.codes() == [OTHER_EDITION, "reinforcements.not_available"]  # N3 limits on an N5 army: said


def test_messages_say_by_how_much(catalog: Catalog) -> None:
    report = validate_in_catalog(base().model_copy(update={"points": 150}), catalog)
    assert "45 over the 150-point limit" in report.violations[0].message
    report = validate_in_catalog(add(base(), 2, HEAVY, 1), catalog)
    violation = report.violations[0]
    assert "AVA" in violation.message and "Remove 1" in violation.message
    assert len(violation.troopers) == 1


def test_peripherals_travel_with_their_controller(catalog: Catalog) -> None:
    report = validate_in_catalog(base(), catalog)
    controller = next(t for t in report.roster.troopers if t.unit.id == CONTROLLERS)
    assert controller.points == 20 and [p.option.name for p in controller.peripherals] == ["BOT"]
    assert report.totals.groups[1].troopers == 4


def test_commlink_raises_army_size_by_one_in_a_list_with_reinforcements(catalog: Catalog) -> None:
    """Commlink (+1) makes room for a Reinforcements section: 16 troopers with one, 15 without (the note
    says why: Commlink belongs to the Reinforcements rules)."""
    with_section, number = add(reinforced(), 1, LINE, 1, count=4).with_group()
    with_section = add(with_section, number, LINE, 1, count=4)
    report = validate_in_catalog(with_section, catalog)
    assert report.totals.troopers == 16 and report.totals.troopers_limit == 16
    assert report.violations == (), [v.message for v in report.violations]
    without = add(change(base(), LINE, 1, 4), 2, LINE, 1, count=5)
    report = validate_in_catalog(without, catalog)
    assert report.totals.troopers == 16 and report.totals.troopers_limit == 15
    assert report.codes() == ["army.too_many_troopers"]
    assert "raises the limit only in a list with a Reinforcements section" in report.violations[0].message
    assert any("Commlink belongs to the Reinforcements rules" in n for n in report.notes), report.notes
    legal = validate_in_catalog(add(change(base(), LINE, 1, 4), 2, LINE, 1, count=4), catalog)
    assert legal.violations == () and any("stays 15" in n for n in legal.notes)


def test_swc_for_a_game_size_that_is_not_a_multiple_of_50(catalog: Catalog) -> None:
    """1 SWC for each full 50 points: 275 points give 5 SWC, and the note says so."""
    report = validate_in_catalog(base().model_copy(update={"points": 275}), catalog)
    assert report.totals.swc_limit == "5" and report.violations == ()
    assert any("275 points is not a multiple of 50: its SWC budget is 5" in n for n in report.notes), report.notes
    assert not any("multiple of 50" in n for n in validate_in_catalog(base(), catalog).notes)


def test_plus_swc_option_raises_the_budget(catalog: Catalog) -> None:
    report = validate_in_catalog(change(base(), LINE, 1, 5), catalog)
    assert report.totals.swc_limit == "7"


def test_soldiers_of_fortune_consumes_one_swc(catalog: Catalog) -> None:
    report = validate_in_catalog(add(season(base(), "soldiers-of-fortune"), 2, MERCS, 1), catalog)
    assert report.legal and report.totals.swc_limit == "5"


def test_entry_checks_count_and_army() -> None:
    first = base()
    other = first.model_copy(update={"army": ArmyRef(origin="bundled", id=101, name="PanOceania")})
    codes = [v.code for v in validate_entry([first, other], None)]
    assert codes == ["entry.different_armies"]
    assert [v.code for v in validate_entry([first], None)] == ["entry.list_count"]


def test_report_json_has_the_documented_shape(catalog: Catalog) -> None:
    data = validate_in_catalog(base(), catalog).to_json()
    assert set(data) >= {"legal", "army", "totals", "groups", "violations"}
    assert set(data["totals"]) == {"points", "points_limit", "swc", "swc_limit", "troopers", "troopers_limit",
                                   "mercenary_points", "mercenary_points_limit"}
    assert data["groups"] == [{"number": 1, "troopers": 7, "reinforcement": False},
                              {"number": 2, "troopers": 4, "reinforcement": False}]
