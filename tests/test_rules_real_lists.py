"""Real lists of the official data near their game size (300 points; 350 with Reinforcements), checked by
the rules engine."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import Report, validate_in_catalog

pytestmark = pytest.mark.shared

Pick = tuple[str, Mapping[str, object]]


@pytest.fixture(scope="module")
def catalog(imported_source) -> Catalog:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    catalog.add_source(imported_source)
    return catalog


def pick(army: Army, slug: str, *, lieutenant: bool = False, commlink: bool = False,
         points: int | None = None, swc: str | None = None) -> tuple[int, int, int]:
    """The first selectable option of a unit matching what the test asks for."""
    unit = army.unit_by_slug(slug)
    assert unit is not None, f"{army.name} has no unit {slug!r}"
    for group, option in unit.selectable_options():
        if option.is_lieutenant != lieutenant:
            continue
        if commlink != any(s.name == "Commlink" for s in option.skills):
            continue
        if points is not None and option.points != points:
            continue
        if swc is not None and str(option.swc) != swc:
            continue
        return unit.id, group.id if group else 0, option.id
    raise AssertionError(f"{unit.name}: no option lieutenant={lieutenant} points={points} swc={swc}")


def build(catalog: Catalog, army_id: int, picks: Iterable[tuple[int, str, Mapping[str, object]]], *,
          reinforcements: Iterable[Pick] = (), **settings: object) -> tuple[ArmyList, Report]:
    summary = catalog.find(army_id, prefer=("imported",))
    assert summary is not None and summary.origin == "imported"
    army = catalog.army(summary.ref)
    army_list = ArmyList(name=f"Test {army.name}", army=summary.ref, **settings)
    for combat_group, slug, options in picks:
        army_list, _ = army_list.with_trooper(combat_group, *pick(army, slug, **options))  # type: ignore[arg-type]
    reinforcement_picks = list(reinforcements)
    if reinforcement_picks:
        assert army.reinforcements is not None
        reinforcement_army = catalog.army(("imported", army.reinforcements))
        army_list, number = army_list.with_group(reinforcement=True)
        for slug, options in reinforcement_picks:
            army_list, _ = army_list.with_trooper(number, *pick(reinforcement_army, slug, **options))  # type: ignore[arg-type]
    return army_list, validate_in_catalog(army_list, catalog)


def assert_legal(report: Report) -> None:
    assert report.legal, [f"{v.code}: {v.message}" for v in report.violations]
    assert report.totals.points <= report.totals.points_limit
    assert report.totals.swc_halves <= report.totals.swc_limit_halves


def test_panoceania_vanilla(catalog: Catalog) -> None:
    _, report = build(catalog, 101, [
        (1, "orc-troops", {"lieutenant": True, "points": 28}), (1, "orc-troops", {"points": 34}),
        *[(1, "fusiliers", {"points": 10})] * 6, (1, "fusiliers", {"points": 18}),
        (1, "nisses", {"points": 31}), (2, "nisses", {"points": 29}), (2, "swiss-guard", {"points": 47}),
        (2, "aquila-guard", {"points": 49}),
    ], pack="n5", points=300)
    assert_legal(report)
    assert (report.totals.points, report.totals.swc, report.totals.troopers) == (296, "5.5", 13)


def test_svalarheima_with_mercenaries(catalog: Catalog) -> None:
    picks = [
        (1, "orc-troops", {"lieutenant": True, "points": 31}), *[(1, "fusiliers", {"points": 10})] * 4,
        (1, "nisses", {"points": 31}), (1, "nisses", {"points": 29}), (1, "nisses", {"points": 28}),
        (1, "jotums", {"points": 82}), (2, "merc-csu-corporate-security-unit", {"points": 12}),
        (2, "merc-saito-togan", {"points": 33}), (2, "fusiliers", {"points": 12}),
    ]
    army_list, report = build(catalog, 106, picks, pack="its-s9", tier="mid", extras=("soldiers-of-fortune",))
    assert_legal(report)
    assert report.totals.swc_limit == "5", "Soldiers of Fortune consumes 1 SWC"
    assert report.totals.points == 298
    without = validate_in_catalog(army_list.model_copy(update={"extras": ()}), catalog)
    # this N5 list is checked under the N3-era ITS Season 9 on purpose (its 75-point Soldiers of Fortune): said
    assert [v.code for v in without.violations] == ["settings.other_edition", "mercenaries.not_allowed"]
    assert len(without.violations[1].troopers) == 2 and "Switch on Soldiers of Fortune" in without.violations[1].message


def test_panoceania_with_reinforcements(catalog: Catalog) -> None:
    army_list, report = build(catalog, 101, [
        (1, "fusiliers", {"commlink": True}), (1, "orc-troops", {"lieutenant": True, "points": 28}),
        *[(1, "fusiliers", {"points": 10})] * 5, (1, "nisses", {"points": 31}), (1, "orc-troops", {"points": 34}),
        (2, "swiss-guard", {"points": 44}), (2, "aquila-guard", {"points": 49}),
    ], reinforcements=[("reinf-neoterra-bolts", {"points": 21}), ("reinf-neoterra-bolts", {"points": 19}),
                       ("reinf-blade-ops", {"points": 17}), ("reinf-orc-troops", {"points": 28}),
                       ("reinf-blockers", {"points": 14})],
        pack="n5", points=350)
    assert_legal(report)
    assert report.totals.reinforcement_points == 99 and report.totals.reinforcement_points_limit == 100
    assert (report.totals.points, report.totals.troopers, report.totals.troopers_limit) == (347, 16, 16)
    assert [t.unit.name.startswith("REINF") for t in report.roster.reinforcements] == [True] * 5
    no_commlink = army_list.without_trooper(next(t.uid for t in report.roster.troopers if t.has_item("Commlink")))
    assert "reinforcements.no_commlink" in validate_in_catalog(no_commlink, catalog).codes()


def test_nomads_vanilla(catalog: Catalog) -> None:
    _, report = build(catalog, 501, [
        (1, "mobile-brigada", {"points": 33}), (1, "mobile-brigada", {"points": 38}),
        (1, "intruders", {"points": 32}), (1, "mobile-brigada", {"points": 29}),
        (2, "mobile-brigada", {"points": 27}), (2, "spektrs", {"points": 28}), (2, "hellcats", {"points": 19}),
        (2, "hellcats", {"points": 23}), (2, "securitate", {"points": 13}), (2, "securitate", {"points": 15}),
        (1, "zeros", {"points": 17}), (1, "zeros", {"points": 22}),
    ], pack="its-s9", tier="mid")
    # no Lieutenant on purpose: that is the only thing wrong
    assert report.codes() == ["settings.other_edition", "lieutenant.missing"]  # ITS S9 is an N3-era pack: said
    assert (report.totals.points, report.totals.troopers) == (296, 12)


def test_military_orders_sectorial(catalog: Catalog) -> None:
    _, report = build(catalog, 103, [
        (1, "teutonic-knights", {"lieutenant": True}), (1, "teutonic-knights", {"points": 28}),
        *[(1, "order-sergeants", {"points": 13})] * 3, (1, "order-sergeants", {"points": 15}),
        (2, "knight-of-justice", {"points": 41}), (2, "team-crux-father-knights", {"points": 46}),
        (2, "knights-hospitaller", {"points": 26}), (2, "knights-hospitaller", {"points": 27}),
        (2, "crusader-brethren", {"points": 23}), (2, "military-order-curators", {"points": 17}),
        (2, "sierra-dronbot", {"points": 18}),
    ], pack="its-s9", tier="mid")
    assert_legal(report)
    assert report.totals.points == 18 + 28 + 3 * 13 + 15 + 41 + 46 + 26 + 27 + 23 + 17 + 18 == 298
