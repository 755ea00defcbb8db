"""List policy without Qt: a new list's rules, what a change of rules pack keeps, where a new trooper
goes, fireteam membership and when mercenaries are allowed — decided once, for the CLI and the GUI."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.data.armycode_lists import points_limit
from armybuilder.data.catalog import ArmySummary, Catalog
from armybuilder.domain import ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.domain.packs import SeasonPack
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import GroupTotals, validate_in_catalog
from armybuilder.rules.list_edits import movable, move_steps, placement_group, step_place
from armybuilder.rules.list_settings import (
    ListDefaults,
    chosen_settings,
    default_settings,
    game_size,
    new_list,
    offered_packs,
    packs_for_edition,
    settings_for_points,
    with_extras,
    with_game_size,
    with_rules_pack,
)
from armybuilder.rules.mercenaries import mercenary_extra

SYNTHETIC = Path(__file__).resolve().parent / "data" / "rules"
LINE = 1


@pytest.fixture
def synthetic_catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", SYNTHETIC])


def summary_of(catalog: Catalog, edition: str | None = None) -> ArmySummary:
    summary = next(s for s in catalog.armies() if s.id == 950)
    return summary if edition is None else type(summary)(**{**summary.__dict__, "edition": edition})


def n5_list(**settings: object) -> ArmyList:
    return ArmyList(army=ArmyRef(origin="bundled", id=950), **{"pack": "n5", "points": 300, **settings})


def test_new_list_defaults_follow_the_army_edition(synthetic_catalog: Catalog) -> None:
    summary = next(s for s in synthetic_catalog.armies() if s.id == 950)
    # an N5 army's new list is offered the N5 season, ITS Season 17, at its usual 300 points
    assert default_settings(synthetic_catalog, summary) == ("its-s17", "300", None)
    n3 = type(summary)(**{**summary.__dict__, "edition": "n3"})
    assert default_settings(synthetic_catalog, n3) == ("its-s9", "mid", None)  # the tier of 300 points
    assert new_list(synthetic_catalog, summary).army.id == 950


def test_the_player_s_defaults_for_new_lists(synthetic_catalog: Catalog) -> None:
    n5, n3 = summary_of(synthetic_catalog), summary_of(synthetic_catalog, "n3")
    assert chosen_settings(synthetic_catalog, n5, ListDefaults("its-s9", "top", 300, "n5")) == ("its-s9", "top", None)
    assert chosen_settings(synthetic_catalog, n5, ListDefaults("its-s9", "gone", 250, "n5")) == ("its-s9", None, 250)
    usual = default_settings(synthetic_catalog, n5)
    assert chosen_settings(synthetic_catalog, n5, ListDefaults("no-such-pack")) == usual
    # the old single setting (no edition) is for the armies of its own pack's edition only
    old = ListDefaults("its-s9", "mid", 300, None)
    assert chosen_settings(synthetic_catalog, n5, old) == usual
    assert chosen_settings(synthetic_catalog, n3, old) == ("its-s9", "mid", None)
    made = new_list(synthetic_catalog, n5, ListDefaults("n5", None, 250, "n5"))
    assert (made.pack, made.tier, made.points) == ("n5", None, 250)


def test_a_code_s_points_pick_the_tier_of_that_size(synthetic_catalog: Catalog) -> None:
    n3 = summary_of(synthetic_catalog, "n3")
    assert settings_for_points(synthetic_catalog, n3, 400) == ("its-s9", "top", None)
    assert settings_for_points(synthetic_catalog, n3, 275) == ("its-s9", None, 275)
    assert settings_for_points(synthetic_catalog, n3, None) == ("its-s9", "mid", None)


def test_changing_the_rules_pack_keeps_the_game_size_and_the_extras_it_can(synthetic_catalog: Catalog) -> None:
    season = synthetic_catalog.pack("its-s9")
    edition = synthetic_catalog.pack("n5")
    assert isinstance(season, SeasonPack)
    to_season = with_rules_pack(n5_list(points=400), season, 400)
    assert (to_season.pack, to_season.tier, to_season.points) == ("its-s9", "top", None)  # the tier of that size
    odd = with_rules_pack(n5_list(points=275), season, 275)
    assert (odd.tier, odd.points) == (None, 275)  # no tier of that size: free points
    with_spec_ops = n5_list(pack="its-s9", tier="low", points=None, extras=("spec-ops", "gone"))
    same_tier = with_rules_pack(with_spec_ops, season, 999)
    assert (same_tier.tier, same_tier.extras) == ("low", ("spec-ops",))  # its tier kept; only extras it has
    size = game_size(with_spec_ops, synthetic_catalog)
    to_edition = with_rules_pack(with_spec_ops, edition, size)
    assert (to_edition.pack, to_edition.tier, to_edition.points, to_edition.extras) == ("n5", None, size, ())
    assert game_size(n5_list(points=None), synthetic_catalog) == 300  # the edition's default


def test_game_size_and_extras(synthetic_catalog: Catalog) -> None:
    army_list = n5_list(pack="its-s9", tier="low", points=None)
    assert (with_game_size(army_list, points=250).tier, with_game_size(army_list, points=250).points) == (None, 250)
    assert (with_game_size(army_list, tier="top").tier, with_game_size(army_list, tier="top").points) == ("top", None)
    assert with_extras(with_extras(army_list, ["spec-ops"]), ["spec-ops", "campaign"]).extras == ("spec-ops",
                                                                                                 "campaign")


def test_a_new_trooper_goes_to_the_chosen_group_while_it_has_room() -> None:
    army_list = n5_list()
    for group in (1, 1, 2):
        army_list, _ = army_list.with_trooper(group, LINE, 1, 1)
    full = (GroupTotals(1, 10, 10), GroupTotals(2, 1, 10))
    assert placement_group(army_list, full) == 2  # the last group
    assert placement_group(army_list, full, preferred=1) == 2  # group 1 is full: the next with room
    assert placement_group(army_list, (GroupTotals(1, 2, 10), GroupTotals(2, 10, 10)), preferred=2) == 3
    assert placement_group(army_list, full, reinforcement=True) == 3  # no Reinforcements group yet: a new one
    assert placement_group(ArmyList(army=army_list.army, pack="n5"), ()) == 1


def test_a_trooper_is_in_one_fireteam_and_an_emptied_team_dissolves() -> None:
    army_list = n5_list()
    for _ in range(5):
        army_list, _ = army_list.with_trooper(1, LINE, 1, 1)
    core, haris = FireteamType.CORE, FireteamType.HARIS
    army_list = army_list.with_fireteam(Fireteam(uid="f1", type=core, team="A", members=("t1", "t2", "t3")))
    army_list = army_list.with_fireteam(Fireteam(uid="f2", type=haris, team="B", members=("t4", "t5")))
    moved = army_list.with_declared_fireteam(Fireteam(uid="f3", type=haris, team="C", members=("t3", "t4", "t5")))
    assert [(f.uid, f.members) for f in moved.fireteams] == [("f1", ("t1", "t2")), ("f3", ("t3", "t4", "t5"))]
    replaced = army_list.with_declared_fireteam(Fireteam(uid="f1", type=core, team="A", members=("t1", "t4")))
    assert [(f.uid, f.members) for f in replaced.fireteams] == [("f1", ("t1", "t4")), ("f2", ("t5",))]
    assert [f.uid for f in army_list.leaving_fireteams(["t4", "t5"]).fireteams] == ["f1"]
    assert [(f.uid, f.members) for f in army_list.without_trooper("t2").fireteams] == [
        ("f1", ("t1", "t3")), ("f2", ("t4", "t5"))]


def test_mercenaries_are_allowed_by_an_extra_with_a_mercenary_cap(synthetic_catalog: Catalog) -> None:
    season = synthetic_catalog.pack("its-s9")
    assert isinstance(season, SeasonPack)
    found = mercenary_extra(season, ["spec-ops", "soldiers-of-fortune"])
    assert found is not None and found.id == "soldiers-of-fortune" and found.mercenary_points == 75
    assert mercenary_extra(season, ["spec-ops"]) is None
    assert mercenary_extra(None, ["soldiers-of-fortune"]) is None


def test_a_pasted_code_starts_at_the_season_tier_of_its_points(synthetic_catalog: Catalog) -> None:
    """One policy for a code's rules, in the app (paste) and the CLI (`--code`): the army's usual season at
    the tier of the code's points, else free points under it; never an Extra the organizer did not name."""
    from armybuilder.rules.list_settings import with_code_settings

    read = n5_list(pack="n5", points=400, extras=("spec-ops",))  # as a decoded code leaves it
    opened = with_code_settings(read, synthetic_catalog)
    assert (opened.pack, opened.tier, opened.points, opened.extras) == ("its-s17", "400", None, ())
    odd = with_code_settings(read.model_copy(update={"points": 275}), synthetic_catalog)
    assert (odd.pack, odd.tier, odd.points) == ("its-s17", None, 275)
    unknown = read.model_copy(update={"army": ArmyRef(origin="imported", id=4242)})
    assert with_code_settings(unknown, synthetic_catalog) == unknown  # an army the data lacks: left as read


def test_validate_code_uses_the_same_rules_as_the_app(synthetic_catalog: Catalog, capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    import json

    from armybuilder.cli import main
    from armybuilder.data.armycode_lists import encode_list

    army_list = n5_list()
    for option in (3, 1, 1):
        army_list, _ = army_list.with_trooper(1, LINE, 1, option)
    code = encode_list(army_list, 250)
    assert main(["validate", "--profiles", str(SYNTHETIC), "--code", code, "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert (rules["pack"], rules["tier"], rules["points"]) == ("its-s17", "250", 250)
    assert main(["validate", "--profiles", str(SYNTHETIC), "--code", code, "--pack", "n5", "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert (rules["pack"], rules["tier"], rules["points"]) == ("n5", None, 250)  # the organizer's choice wins
    text = tmp_path / "full.txt"  # the print-out of a code names the same rules
    assert main(["export", "--profiles", str(SYNTHETIC), "--code", code, "--text", str(text)]) == 0
    assert "Rules: ITS Season 17 — Seekers · Infinity N5 · 250-Tier" in text.read_text(encoding="utf-8")


def test_the_xp_a_spec_ops_may_spend_is_the_rules_reading(synthetic_catalog: Catalog) -> None:
    """The Spec-Ops builder offers the XP the rule checks: the list's XP Extra (in the list's order when
    two are on, as the rule reads them), else what its season's or an installed season's Extra would give."""
    from armybuilder.rules.specops import experience_extra, specops_budget

    s9, s17 = synthetic_catalog.packs["its-s9"], synthetic_catalog.packs["its-s17"]
    assert isinstance(s9, SeasonPack) and isinstance(s17, SeasonPack)
    installed = synthetic_catalog.season_packs()
    assert specops_budget(s9, ["campaign"], installed) == (7, True)
    assert specops_budget(s9, ["campaign", "spec-ops"], installed) == (7, True)  # the list's order
    assert (found := experience_extra(s9, ["campaign", "spec-ops"])) is not None and found.id == "campaign"
    assert specops_budget(s17, [], installed) == (12, False)
    assert specops_budget(None, [], installed)[1] is False
    assert specops_budget(None, [], []) == (0, False) and experience_extra(None, ["spec-ops"]) is None


def test_the_season_a_message_points_to_is_of_the_list_s_edition(synthetic_catalog: Catalog) -> None:
    """Where mercenaries (or a Spec-Ops) may be had: one answer for the rule's message and the app's hint."""
    from armybuilder.rules.context import suggested_seasons
    from armybuilder.rules.mercenaries import offers_mercenaries

    installed = synthetic_catalog.season_packs()
    by_edition = {s.edition: s.id for s in installed}
    assert [s.id for s in suggested_seasons(installed, "n5", offers_mercenaries)] == [by_edition["n5"]]
    assert [s.id for s in suggested_seasons(installed, "n3", offers_mercenaries)] == [by_edition["n3"]]
    assert {s.id for s in suggested_seasons(installed, "n9", offers_mercenaries)} == set(by_edition.values())
    assert suggested_seasons(installed, "n5", lambda extra: False) == []


def test_the_game_size_is_read_one_way_for_the_rules_and_the_army_code(synthetic_catalog: Catalog) -> None:
    """A list that names a tier and points too (a hand-written file) is judged at the tier's size, and its
    army code says that size, not the stray points (`domain.packs.game_points` for both)."""
    season = synthetic_catalog.packs["its-s9"]
    assert isinstance(season, SeasonPack)
    low = season.tier("low")
    assert low is not None and low.points != 400
    both = n5_list(pack="its-s9", tier="low", points=400)
    judged = validate_in_catalog(both, synthetic_catalog).totals.points_limit
    assert judged == low.points == game_size(both, synthetic_catalog) == points_limit(both, synthetic_catalog)
    free = n5_list(points=275)
    assert validate_in_catalog(free, synthetic_catalog).totals.points_limit == 275
    assert points_limit(free, synthetic_catalog) == 275
    unknown = n5_list(pack="no-such-pack", points=None)
    assert points_limit(unknown, synthetic_catalog) is None and game_size(unknown, synthetic_catalog) == 300


def sections() -> tuple[ArmyList, dict[str, str]]:
    """Combat Groups 1 and 3 of the main army (t1, t2 | t5), Reinforcements group 2 (t3, t4)."""
    army_list = n5_list().model_copy(update={"groups": ()})
    army_list, g1 = army_list.with_group()
    army_list, g2 = army_list.with_group(reinforcement=True)
    army_list, g3 = army_list.with_group()
    uids = {}
    for name, number in (("a", g1), ("b", g1), ("r1", g2), ("r2", g2), ("c", g3)):
        army_list, uids[name] = army_list.with_trooper(number, 1, 1, 1)
    return army_list, uids


def test_moved_troopers_never_change_section() -> None:
    """`list_edits.movable`/`move_steps` (the app's drag and drop and Move to…): a Reinforcements trooper
    stays in Reinforcements groups; a group not made yet is a main combat group."""
    army_list, t = sections()
    assert movable(army_list, [t["r1"], t["a"], t["a"]], 3) == [t["a"]]
    assert movable(army_list, [t["r1"], t["a"]], 2) == [t["r1"]]
    assert movable(army_list, [t["r1"], t["c"]], 9) == [t["c"]]
    steps = move_steps(army_list, [t["r1"], t["c"]], 1, 1)  # between a and b
    assert steps == [(t["c"], 1)]
    after = army_list.moved(steps[0][0], 1, steps[0][1])
    assert [x.uid for x in after.group(1).troopers] == [t["a"], t["c"], t["b"]]
    assert move_steps(army_list, [t["b"]], 1) == []  # already last of its group: nothing changes
    assert move_steps(army_list, [t["r2"]], 1) == []


def test_one_place_up_or_down_crosses_into_the_next_group_of_the_same_section() -> None:
    army_list, t = sections()
    assert step_place(army_list, t["b"], -1) == (1, 0)
    assert step_place(army_list, t["b"], +1) == (3, 0)  # past Reinforcements group 2: to Combat Group 3
    assert step_place(army_list, t["c"], -1) == (1, None)  # to the end of Combat Group 1
    assert step_place(army_list, t["a"], -1) is None and step_place(army_list, t["c"], +1) is None
    assert step_place(army_list, t["r1"], -1) is None and step_place(army_list, t["r1"], +1) == (2, 1)
    assert step_place(army_list, "nobody", +1) is None


def test_packs_are_offered_by_the_edition_of_the_army_s_data(synthetic_catalog: Catalog) -> None:
    """An N5 list is offered ITS Season 17 and Infinity N5, never the N3-era ITS Season 9; an N3 army the
    reverse; a list's own pack of another edition stays in the offer, after them."""
    assert [p.id for p in packs_for_edition(synthetic_catalog, "n5")] == ["its-s17", "n5"]
    assert [p.id for p in packs_for_edition(synthetic_catalog, "n3")] == ["its-s9", "n3"]
    every = {p.id for p in packs_for_edition(synthetic_catalog, "n4")}  # no rules for it: everything
    assert every == set(synthetic_catalog.packs) == {p.id for p in packs_for_edition(synthetic_catalog, None)}
    assert [p.id for p in offered_packs(synthetic_catalog, "n5", "its-s9")] == ["its-s17", "n5", "its-s9"]
    assert [p.id for p in offered_packs(synthetic_catalog, "n5", "its-s17")] == ["its-s17", "n5"]


@pytest.mark.parametrize(("settings", "warned"), [
    ({"pack": "its-s9", "tier": "mid", "points": None}, True),   # an N5 list under the N3-era season
    ({"pack": "n3"}, True),                                      # under the N3 edition's limits
    ({"pack": "its-s17", "tier": "300", "points": None}, False),
    ({"pack": "n5"}, False),
])
def test_a_list_under_another_edition_s_pack_is_warned(synthetic_catalog: Catalog, settings: dict[str, object],
                                                        warned: bool) -> None:
    report = validate_in_catalog(n5_list(**settings), synthetic_catalog)
    found = [v for v in report.violations if v.code == "settings.other_edition"]
    assert bool(found) is warned
    if warned:
        (violation,) = found
        assert violation.severity == "warning" and violation.params["army_edition"] == "n5"
        assert "Infinity N3" in violation.message and "ITS Season 17 — Seekers, Infinity N5" in violation.message
        assert "Infinity N3" in violation.render("es") and "Elige un paquete" in violation.render("es")
