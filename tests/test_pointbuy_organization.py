"""The ORGANIZATION limits of a point-buy army, each firing alone, and the army's totals."""

from __future__ import annotations

from typing import Any

from armybuilder.pointbuy.army import PointBuyList
from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.engine import validate
from armybuilder.pointbuy.organization import characters_allowed, units_allowed

TROOPER = Design(id="trooper", name="Trooper", hits=2, attacks={"medium": 2})  # 20 points
GUN = Design(id="gun", name="Gun", kind="stationary", attacks={"long": 1})  # 10 points
BRUTE = Design(id="brute", name="Brute", hits=2, attacks={"close": 2}, brain="mindless")  # 10 points


def army(*units: tuple[str, list[tuple[str, int]]], characters: tuple[str, ...] = (), points: int = 600,
         designs: tuple[Design, ...] = (TROOPER, GUN, BRUTE), bonus: dict[int, str] | None = None) -> PointBuyList:
    result = PointBuyList(points=points, designs=designs)
    entry = 0
    for unit_type, members in units:
        result, uid = result.with_unit(unit_type)
        for design, count in members:
            result, mid = result.with_models(uid, design, count)
            if bonus and entry in bonus:
                result = result.with_models_changed(mid, bonus=bonus[entry])
            entry += 1
    for design in characters:
        result, _ = result.with_models(None, design)
    return result


def codes(lst: PointBuyList) -> list[str]:
    return validate(lst).codes()


def test_allowances_follow_the_seed_examples() -> None:
    assert units_allowed(200) == 2 and units_allowed(600) == 4 and units_allowed(150) == 1
    assert units_allowed(151) == 2
    assert characters_allowed(600) == 2 and characters_allowed(750) == 3 and characters_allowed(150) == 1


def test_a_legal_army_and_its_totals() -> None:
    lst = army(("squad", [("trooper", 6)]), ("grid", [("gun", 3)]), characters=("trooper",))
    report = validate(lst)
    assert report.legal and report.problems == ()
    assert report.totals.points == 6 * 20 + 3 * 10 + 20
    assert (report.totals.units, report.totals.units_allowed, report.totals.grids) == (1, 4, 1)


def test_points_over_the_agreed_size() -> None:
    assert codes(army(("horde", [("trooper", 8)]), points=150)) == ["army.points.over"]


def test_too_many_units() -> None:
    assert codes(army(("squad", [("trooper", 1)]), ("squad", [("trooper", 1)]), ("squad", [("trooper", 1)]),
                      points=200)) == ["army.units.too_many"]


def test_one_grid_comes_beyond_the_allowance_but_not_two() -> None:
    assert codes(army(("squad", [("trooper", 1)]), ("grid", [("gun", 1)]), points=150)) == []
    assert codes(army(("squad", [("trooper", 1)]), ("grid", [("gun", 1)]), ("grid", [("gun", 1)]),
                      points=150)) == ["army.units.too_many"]


def test_too_many_independent_characters() -> None:
    assert codes(army(characters=("gun", "gun", "gun"), points=600)) == ["army.characters.too_many"]


def test_unit_size() -> None:
    assert codes(army(("team", [("trooper", 7)]), points=600)) == ["unit.size.over"]
    assert codes(army(("horde", [("trooper", 24)]), points=600)) == []


def test_empty_unit_is_a_warning() -> None:
    report = validate(army(("squad", []), characters=("gun",)))
    assert report.codes() == ["unit.empty"] and report.legal


def test_an_army_with_no_models_is_not_legal_yet() -> None:
    """Nothing to hand the opponent: an empty army (or one of empty units) is not 'Legal' (as an empty Infinity
    list is not); one model is enough for this rule."""
    for empty in (PointBuyList(), army(("squad", []))):
        report = validate(empty)
        assert "army.empty" in report.codes() and not report.legal
        problem = next(p for p in report.problems if p.code == "army.empty")
        assert "no models yet" in str(problem.message) and "add a unit" in str(problem.message)
    assert "army.empty" not in codes(army(characters=("gun",)))


def test_a_renamed_design_s_id_follows_its_name_and_its_models_follow() -> None:
    """'New model' renamed 'Swamp Lurker' becomes swamp-lurker (not new-model in a shared database), unique
    against the others, and every model of it in units and characters refers to the new id."""
    new = Design(id="new-model", name="New model")
    lst = army(("squad", [("new-model", 3), ("trooper", 1)]), characters=("new-model",),
               designs=(TROOPER, GUN, new, Design(id="swamp-lurker", name="Swamp Lurker")))
    renamed, new_id = lst.with_design_renamed("new-model", "Swamp Lurker")
    assert new_id == "swamp-lurker-2" and renamed.design(new_id) is not None and renamed.design("new-model") is None
    assert renamed.design(new_id).name == "Swamp Lurker"
    assert [m.design for _, m in renamed.entries()] == ["swamp-lurker-2", "trooper", "swamp-lurker-2"]
    assert validate(renamed).codes() == validate(lst).codes()
    again, same = renamed.with_design_renamed(new_id, "Swamp lurker")  # same stem: keeps its own id
    assert same == "swamp-lurker-2" and again.design(same).name == "Swamp lurker"
    assert lst.with_design_renamed("nobody", "X") == (lst, "nobody")


def test_grid_takes_stationary_models_only() -> None:
    assert codes(army(("grid", [("gun", 2), ("trooper", 1)]))) == ["unit.grid.mobile"]


def test_one_brain_power_per_unit() -> None:
    assert codes(army(("squad", [("trooper", 2), ("brute", 2)]))) == ["unit.brain.mixed"]


def test_tank_alone_in_its_unit() -> None:
    tank = Design(id="tank", name="Tank", hits=3, specials=("tank",), base={"width": 2})
    designs = (TROOPER, tank)
    assert codes(army(("squad", [("tank", 1), ("trooper", 1)]), designs=designs)) == ["unit.tank.not_alone"]
    assert codes(army(("squad", [("tank", 1)]), characters=("tank",), designs=designs)) == []


def test_squad_support_weapons_one_in_six() -> None:
    fine = army(("squad", [("trooper", 5), ("trooper", 1)]), bonus={1: "support_weapon"})
    assert codes(fine) == []
    assert validate(fine).totals.points == 6 * 20  # no increase in cost
    too_many = army(("squad", [("trooper", 4), ("trooper", 2)]), bonus={1: "support_weapon"})
    assert codes(too_many) == ["unit.bonus.support_weapons"]
    assert codes(army(("squad", [("trooper", 6)]), bonus={0: "cloak"})) == ["unit.bonus.squad_special",
                                                                            "unit.bonus.support_weapons"]


def test_team_one_model_with_a_free_extra_special() -> None:
    assert codes(army(("team", [("trooper", 1), ("trooper", 3)]), bonus={0: "cloak"})) == []
    assert codes(army(("team", [("trooper", 2)]), bonus={0: "cloak"})) == ["unit.bonus.team"]


def test_the_free_special_is_checked_with_the_design() -> None:
    # a Team's free Tank: a Tank on a 1" base, in a unit of two
    assert codes(army(("team", [("trooper", 1), ("trooper", 1)]), bonus={0: "tank"})) == [
        "design.tank.base", "unit.tank.not_alone"]


def test_free_special_only_in_squads_and_teams() -> None:
    assert codes(army(("horde", [("trooper", 6)]), bonus={0: "support_weapon"})) == ["unit.bonus.not_allowed"]


def test_free_special_must_be_new_to_the_design() -> None:
    cloaked = Design(id="cloaked", name="Cloaked", specials=("cloak",))
    assert codes(army(("team", [("cloaked", 1)]), designs=(cloaked,), bonus={0: "cloak"})) == ["unit.bonus.already"]


def test_independent_character_is_one_model_without_a_free_special() -> None:
    lst = army(characters=("trooper",))
    uid = lst.characters[0].uid
    assert codes(lst.with_models_changed(uid, count=2)) == ["character.count"]
    assert codes(lst.with_models_changed(uid, bonus="cloak")) == ["character.bonus"]


def test_one_per_army_specials() -> None:
    for special in ("brain_eater", "master_mind", "beast_master", "doppelganger"):
        unique = Design(id="u", name="Unique", specials=(special,))
        lst = army(("squad", [("u", 2)]), designs=(unique,))
        assert codes(lst) == [f"army.one_per_army.{special}"], special
        assert codes(army(("squad", [("u", 1)]), designs=(unique,))) == []


def test_a_lone_field_generator_is_a_warning() -> None:
    dfg = Design(id="dfg", name="Generator", kind="stationary", attacks={"medium": 1},
                 specials=("directional_field_generator",))
    report = validate(army(("grid", [("dfg", 1)]), designs=(dfg,)))
    assert report.codes() == ["army.field_generator.alone"] and report.legal
    assert codes(army(("grid", [("dfg", 2)]), designs=(dfg,))) == []


def test_models_of_a_design_the_list_lacks() -> None:
    lst = army(("squad", [("trooper", 2)]))
    broken = lst.model_copy(update={"designs": ()})
    assert codes(broken) == ["model.design.missing"]


def test_a_broken_design_makes_the_army_illegal_and_names_its_models() -> None:
    bad = Design(id="bad", name="Bad", attacks={"close": 7})
    report = validate(army(("squad", [("bad", 2)]), characters=("bad",), designs=(bad,)))
    assert report.codes() == ["design.dice.combined"]
    assert report.problems[0].subjects == ("m1", "c1")
    assert str(report.problems[0].message).startswith("Bad: ")


def test_report_json_carries_each_design_breakdown() -> None:
    data: dict[str, Any] = validate(army(("squad", [("trooper", 2)]))).to_json()
    trooper = next(d for d in data["designs"] if d["id"] == "trooper")
    assert trooper["cost"] == 20 and trooper["breakdown"].endswith("= 20") and trooper["fielded"]
    assert data["units"][0]["points"] == 40 and data["totals"]["points"] == 40


def test_validating_translates_nothing_and_the_report_reads_in_both_languages() -> None:
    from test_messages_as_data import nothing_translated
    from test_pointbuy_limits import BREAKS

    from armybuilder.i18n import render

    designs = tuple(Design.model_validate({"id": f"d{i}", "name": f"D{i}", **fields})
                    for i, (_, fields) in enumerate(BREAKS))
    lst = army(("squad", [(d.id, 1) for d in designs]), characters=("d0", "d1", "d2"), points=100, designs=designs)
    with nothing_translated():
        report = validate(lst)
        for priced in report.priced.values():
            assert priced.cost.additions
    assert len(report.problems) > len(BREAKS)
    english = [render(p.message, "en") for p in report.problems]
    spanish = [render(p.message, "es") for p in report.problems]
    assert all(e != s for e, s in zip(english, spanish, strict=True)), [e for e, s in zip(english, spanish,
                                                                                         strict=True) if e == s]


def test_validating_an_army_with_bonus_specials_translates_nothing() -> None:
    """A model given a special by its unit is judged again with it: the design's own problems are told
    from the new ones without wording either."""
    from test_messages_as_data import nothing_translated

    dicey = Design(id="dicey", name="Dicey", attacks={"close": 6})  # breaks design.dice.combined
    lst = army(("squad", [("dicey", 4), ("dicey", 1)]), bonus={1: "support_weapon"},
               designs=(TROOPER, GUN, BRUTE, dicey))
    with nothing_translated():
        report = validate(lst)
    assert report.codes().count("design.dice.combined") == 1, report.codes()


def test_the_bonus_specials_offered_are_those_the_rules_accept() -> None:
    """What the army view offers as a unit's free special (`bonus_choices`) is exactly what the rules let
    stand, for every unit type and chosen special (the design has Cloak already)."""
    from armybuilder.pointbuy.catalog import CHOSEN_SPECIALS, UNIT_TYPES
    from armybuilder.pointbuy.organization import bonus_choices

    cloaked = Design(id="cloaked", name="Cloaked", hits=2, attacks={"medium": 2}, specials=("cloak",))
    designs = (TROOPER, cloaked)
    for unit_type in UNIT_TYPES:
        unit = army((unit_type, [("cloaked", 5), ("cloaked", 1)]), designs=designs).units[0]
        offered = bonus_choices(unit, cloaked)
        assert "cloak" not in offered and set(offered) <= set(CHOSEN_SPECIALS)
        for special in CHOSEN_SPECIALS:
            given = army((unit_type, [("cloaked", 5), ("cloaked", 1)]), bonus={1: special}, designs=designs)
            bonus_codes = [c for c in codes(given) if c.startswith("unit.bonus.")]
            assert (special in offered) == (not bonus_codes), (unit_type, special, bonus_codes)
    team = army(("team", [("cloaked", 1)]), designs=designs).units[0]
    assert bonus_choices(None, cloaked) == [] and "cloak" in bonus_choices(team, cloaked, "cloak")
