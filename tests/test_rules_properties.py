"""Property tests: random lists never crash the engine, totals add up, adding never hides an excess."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, ArmyRef
from armybuilder.domain.profiles import OrderGrant, ProfileGroup
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import validate_in_catalog

DATA = Path(__file__).parent / "data" / "rules"
OVER_LIMIT = {"points.over_limit", "swc.over_budget", "army.too_many_troopers", "groups.too_many_troopers",
              "ava.exceeded", "characters.duplicate", "mercenaries.over_points", "reinforcements.over_points"}

CATALOG = Catalog.from_paths([bundled_profiles_dir(), DATA])


def picks(army: Army) -> list[tuple[int, int, int]]:
    """Every (unit, group, option) a player could pick, plus disabled ones and a bogus id."""
    found = [(u.id, g.id, o.id) for u in army.units for g in u.profile_groups for o in g.options]
    return [*found, (99999, 1, 1)]


def _places(group: ProfileGroup | None, orders: tuple[OrderGrant, ...]) -> int:
    """RULES.md §2.4 as docs/rules-coverage.md reads it: a peripheral bought on its own takes no place
    (N5 pack); any other trooper one per Regular or Irregular Order, at least one."""
    if group is not None and group.profiles and all(p.has_characteristic("Peripheral") for p in group.profiles):
        return 0
    return max(1, sum(o.total for o in orders if o.type.value in ("REGULAR", "IRREGULAR")))


ARMIES = [s.ref for s in CATALOG.armies() if s.kind != "reinforcements"]


@st.composite
def random_list(draw: st.DrawFn) -> ArmyList:
    ref: ArmyRef = draw(st.sampled_from(ARMIES))
    army = CATALOG.army(ref)
    pack = draw(st.sampled_from(["n5", "its-s9"]))
    army_list = ArmyList(army=ref, pack=pack)
    if pack == "its-s9":
        army_list = army_list.model_copy(update={
            "tier": draw(st.sampled_from(["low", "mid", "top"])),
            "extras": tuple(draw(st.sets(st.sampled_from(["soldiers-of-fortune", "limited-insertion"])))),
        })
    else:
        army_list = army_list.model_copy(update={"points": draw(st.integers(50, 500))})
    options = picks(army)
    for unit, group, option in draw(st.lists(st.sampled_from(options), max_size=22)):
        army_list, _ = army_list.with_trooper(draw(st.integers(1, 3)), unit, group, option)
    return army_list


@given(random_list())
def test_random_lists_never_crash_and_totals_add_up(army_list: ArmyList) -> None:
    report = validate_in_catalog(army_list, CATALOG)
    army = CATALOG.army(army_list.army)
    points = swc = places = 0
    for _, trooper in army_list.troopers():
        unit = army.unit(trooper.unit)
        option = unit.option(trooper.group, trooper.option) if unit else None
        if unit is None or option is None or any(unit.option(i.group, i.option) is None for i in option.includes):
            places += 1  # a trooper the data cannot explain still takes its place
            continue
        places += _places(unit.group(trooper.group), option.orders)
        points += option.points
        swc += option.swc.halves
        for inc in option.includes:
            included = unit.option(inc.group, inc.option)
            assert included is not None
            points += included.points * inc.quantity
            swc += included.swc.halves * inc.quantity
    assert report.totals.points == points
    assert report.totals.swc_halves == swc
    assert report.totals.troopers == places
    assert report.legal == (not any(v.severity == "error" for v in report.violations))
    for violation in report.violations:
        assert violation.message and violation.code
        known = {t.uid for _, t in army_list.troopers()}
        assert set(violation.troopers) <= known


@given(random_list(), st.data())
def test_adding_a_trooper_never_removes_an_over_limit_violation(army_list: ArmyList, data: st.DataObject) -> None:
    army = CATALOG.army(army_list.army)
    before = {v.code for v in validate_in_catalog(army_list, CATALOG).violations} & OVER_LIMIT
    unit, group, option = data.draw(st.sampled_from(picks(army)))
    bigger, _ = army_list.with_trooper(data.draw(st.integers(1, 3)), unit, group, option)
    after = {v.code for v in validate_in_catalog(bigger, CATALOG).violations}
    # Two troopers legitimately raise a limit: a +N SWC option the budget, a Commlink the army size.
    added = army.unit(unit)
    chosen = added.option(group, option) if added else None
    if chosen is not None and chosen.swc.budget_bonus_halves:
        before.discard("swc.over_budget")
    if chosen is not None and any(s.name.casefold() == "commlink" for s in chosen.skills):
        before.discard("army.too_many_troopers")
    assert before <= after, f"adding a trooper removed {before - after}"


def test_the_catalog_has_armies_to_sample() -> None:
    assert ARMIES, "no armies to build random lists from"
    pytest.importorskip("hypothesis")
