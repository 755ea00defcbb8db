"""The fireteam finder: best teams per group/team/type (checked by brute force) and single-change suggestions."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import context_in_catalog
from armybuilder.rules.fireteams.assess import FireteamSetting, assess_fireteams, judge
from armybuilder.rules.fireteams.chart import size_range
from armybuilder.rules.fireteams.finder import Suggestion, find_fireteams, suggest_changes
from tests.test_fireteams import (
    ALPHA_TEAM,
    BLADE,
    FUSILIERS,
    FUSILIERS_TEAM,
    HAWKINS,
    INFIRMARERS,
    KARHU,
    MACHINISTS,
    NISSES,
    NISSES_TEAM,
    ORCS,
    QUINN,
    VARGAR,
    base,
)

DATA = Path(__file__).parent / "data" / "fireteams"
CORE, HARIS, DUO = FireteamType.CORE, FireteamType.HARIS, FireteamType.DUO


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", DATA])


def levels(catalog: Catalog, army_list: ArmyList) -> dict[str, tuple[bool, int]]:
    return {a.fireteam.uid: (a.legal, a.level) for a in assess_fireteams(context_in_catalog(army_list, catalog))}


def test_finds_the_best_team_of_each_type(catalog: Catalog) -> None:
    found = {(p.combat_group, p.team, p.type): p for p in find_fireteams(context_in_catalog(base().army_list,
                                                                                              catalog))}
    core = found[(1, FUSILIERS_TEAM, CORE)]
    assert core.level == 5 and len(core.members) == 5 and core.assessment.legal
    assert found[(1, FUSILIERS_TEAM, HARIS)].level == 3
    assert found[(2, NISSES_TEAM, DUO)].level == 2
    assert (2, NISSES_TEAM, HARIS) not in found  # two Nisses; the third has Infiltration, wildcards are barred
    assert found[(2, ALPHA_TEAM, HARIS)].level == 3
    assert (1, ALPHA_TEAM, DUO) not in found  # no Orc or Varg in group 1
    assert "Combat Group 1: Fusiliers Fireteam (Core) with" in core.description


def test_declare_a_found_team(catalog: Catalog) -> None:
    army_list = base().army_list
    core = next(p for p in find_fireteams(context_in_catalog(army_list, catalog))
                if p.team == FUSILIERS_TEAM and p.type is CORE)
    declared = core.declare(army_list)
    assert "f1" not in {f.uid for f in declared.fireteams}  # its members all moved to the new team
    new = declared.fireteams[-1]
    assert new.members == core.members and new.uid not in {f.uid for f in army_list.fireteams}
    assert all(legal for legal, _ in levels(catalog, declared).values())
    assert levels(catalog, declared)[new.uid] == (True, 5)


def _random_list(rng: random.Random) -> ArmyList:
    pool = [(FUSILIERS, 1), (FUSILIERS, 2), (HAWKINS, 1), (BLADE, 1), (BLADE, 2), (QUINN, 1), (NISSES, 1),
            (NISSES, 2), (ORCS, 1), (VARGAR, 1), (KARHU, 1), (MACHINISTS, 1), (INFIRMARERS, 1), (11, 1), (12, 1)]
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=960), pack="n5", points=400)
    for group in (1, 2):
        for _ in range(rng.randint(2, 8)):
            unit, option = rng.choice(pool)
            army_list, _ = army_list.with_trooper(group, unit, 1, option)
    return army_list


@pytest.mark.parametrize("seed", range(8))
def test_finder_matches_brute_force(catalog: Catalog, seed: int) -> None:
    """Every subset of each group's troopers judged one by one gives the same best level and size."""
    army_list = _random_list(random.Random(seed))
    ctx = context_in_catalog(army_list, catalog)
    setting = FireteamSetting.of(ctx)
    found = {(p.combat_group, p.team, p.type): (p.level, len(p.members)) for p in find_fireteams(ctx)}
    expected: dict[tuple[int, str, FireteamType], tuple[int, int]] = {}
    for group in army_list.groups:
        members = [setting.candidates[t.uid] for t in group.troopers]
        for team in setting.main.teams:
            for team_type in team.types:
                sizes = size_range(setting.main, team, team_type, setting.edition)
                assert sizes is not None
                for size in range(sizes[0], min(sizes[1], len(members)) + 1):
                    for subset in itertools.combinations(members, size):
                        fireteam = Fireteam(uid="x", type=team_type, team=team.name,
                                            members=tuple(m.uid for m in subset))
                        judged = judge(setting, fireteam, list(subset))
                        if judged.legal:
                            key = (group.number, team.name, team_type)
                            expected[key] = max(expected.get(key, (0, 0)), (judged.level, size))
    assert found == expected


def _suggestions(catalog: Catalog, army_list: ArmyList, per_team: int = 1) -> dict[str, list[Suggestion]]:
    result: dict[str, list[Suggestion]] = {}
    for suggestion in suggest_changes(context_in_catalog(army_list, catalog), per_team):
        result.setdefault(suggestion.fireteam, []).append(suggestion)
    return result


def test_add_a_trooper_to_raise_the_level(catalog: Catalog) -> None:
    army_list = base().army_list
    (best,) = suggest_changes(context_in_catalog(army_list, catalog))[:1]
    assert best.fireteam == "f1" and best.kind == "add" and best.level_after == 5
    assert best.description.startswith("Add Blade-Ops (BLADE FTO): Fusiliers Fireteam (Core) goes from level 4 to "
                                       "level 5 (Sixth Sense)")
    applied = best.apply(army_list)
    assert levels(catalog, applied)["f1"] == (True, 5)
    assert {s.fireteam for s in suggest_changes(context_in_catalog(army_list, catalog))} == {"f1"}


def test_move_a_trooper_to_make_a_team_legal(catalog: Catalog) -> None:
    b = base().add("nisse3", NISSES, group=1)
    b.team("f2", HARIS, NISSES_TEAM, "nisse1", "nisse2", "machinist")
    army_list = b.army_list
    assert levels(catalog, army_list)["f2"] == (False, 2)
    best = _suggestions(catalog, army_list)["f2"][0]
    assert best.kind == "move" and best.moved == b.uids["nisse3"] and best.move_to == 2
    assert best.description.startswith(
        "Move Nisses from Combat Group 1 to 2 in place of Machinists: Nisses Fireteam (Haris) becomes legal, at "
        "level 3")
    applied = best.apply(army_list)
    assert levels(catalog, applied)["f2"] == (True, 3)
    moved_to = applied.group_of(b.uids["nisse3"])
    assert moved_to is not None and moved_to.number == 2


def test_remove_a_trooper_to_make_a_team_legal(catalog: Catalog) -> None:
    b = base().add("nisse3", NISSES, group=2)
    b.team("f2", CORE, NISSES_TEAM, "nisse1", "nisse2", "nisse3", "machinist")
    b.team("f1", HARIS, FUSILIERS_TEAM, "lt", "fus1", "fus2")
    best = _suggestions(catalog, b.army_list)["f2"][0]
    assert best.kind == "remove" and best.members == (b.uids["nisse1"], b.uids["nisse2"], b.uids["nisse3"])
    assert levels(catalog, best.apply(b.army_list))["f2"] == (True, 3)


def test_move_a_stray_member_back(catalog: Catalog) -> None:
    b = base().add("fus3", FUSILIERS, group=2)
    b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus3")
    b.army_list = b.army_list.without_trooper(b.uids["akal"])  # room in group 1 (10 troopers before)
    best = _suggestions(catalog, b.army_list)["f1"][0]
    assert best.legal_after and best.kind == "swap"  # a Fusilier of group 1 in place of the stray one
    options = _suggestions(catalog, b.army_list, per_team=20)["f1"]
    fix = next(s for s in options if s.moved == b.uids["fus3"])
    assert fix.description.startswith("Move Fusiliers (Combi Rifle) to Combat Group 1")
    assert levels(catalog, fix.apply(b.army_list))["f1"][0]


def test_no_move_into_a_full_group(catalog: Catalog) -> None:
    b = base()
    for index in range(10 - len(b.army_list.groups[0].troopers)):
        b.add(f"jotum{index}", 13)
    b.add("nisse3", NISSES, group=2)
    b.team("f1", HARIS, FUSILIERS_TEAM, "lt", "fus1", "fus2")
    b.team("f2", DUO, NISSES_TEAM, "nisse1", "nisse2")
    b.team("x", DUO, NISSES_TEAM, "nisse3", "infiltrator")
    assert len(b.army_list.groups[0].troopers) == 10
    everything = suggest_changes(context_in_catalog(b.army_list, catalog), per_team=100)
    assert not [s for s in everything if s.move_to == 1]


def test_a_team_at_its_best_gets_no_suggestion(catalog: Catalog) -> None:
    assert "f2" not in _suggestions(catalog, base().army_list, per_team=10)


def test_apply_on_a_list_without_the_team(catalog: Catalog) -> None:
    army_list = base().army_list
    best = suggest_changes(context_in_catalog(army_list, catalog))[0]
    with pytest.raises(KeyError):
        best.apply(army_list.without_fireteam(best.fireteam))


def test_suggestion_json(catalog: Catalog) -> None:
    best = suggest_changes(context_in_catalog(base().army_list, catalog))[0]
    data = best.to_json()
    assert data["before"] == {"legal": True, "level": 4} and data["after"] == {"legal": True, "level": 5}


KNOWN_CODES = {"fireteam.unknown_trooper", "fireteam.unknown_team", "fireteam.type_not_allowed", "fireteam.size",
               "fireteam.type_limit", "fireteam.member_count", "fireteam.required_missing",
               "fireteam.wildcards_forbidden", "fireteam.too_many_wildcards", "fireteam.fto_only",
               "fireteam.not_in_team", "fireteam.skill_missing", "fireteam.split_groups", "fireteam.trooper_twice",
               "fireteam.peripheral", "fireteam.excluded_skill", "fireteam.mixed_sections"}


def test_random_declarations_are_judged_and_suggestions_keep_their_word(catalog: Catalog) -> None:
    """Random lists with random (often broken) fireteams: no crash, known codes only, and every suggestion,
    once applied, gives the legality and level it promised."""
    suggested = []
    for seed in range(60):
        suggested.append(_random_case(catalog, random.Random(1000 + seed)))
    assert sum(suggested) >= 20 and sum(1 for n in suggested if n) >= 10, suggested


def _random_case(catalog: Catalog, rng: random.Random) -> int:
    army_list = _random_list(rng)
    uids = [*[t.uid for _, t in army_list.troopers()][:8], "t99"]  # few troopers: teams often share one
    teams = [FUSILIERS_TEAM, NISSES_TEAM, ALPHA_TEAM, "Wildcards", "Nobody's Fireteam"]
    found = find_fireteams(context_in_catalog(army_list, catalog))
    for index in range(rng.randint(1, 3)):
        if found and rng.random() < 0.6:  # a found team, one trooper off: something to suggest
            base_team = rng.choice(found)
            members = list(base_team.members)
            if len(members) > 2 and rng.random() < 0.5:
                members.pop(rng.randrange(len(members)))
            else:
                members[rng.randrange(len(members))] = rng.choice(uids)
            declared = Fireteam(uid=f"f{index + 1}", type=base_team.type, team=base_team.team, members=tuple(members))
        else:
            declared = Fireteam(uid=f"f{index + 1}", type=rng.choice(list(FireteamType)), team=rng.choice(teams),
                                members=tuple(rng.choice(uids) for _ in range(rng.randint(1, 6))))
        army_list = army_list.with_fireteam(declared)
    ctx = context_in_catalog(army_list, catalog)
    assessments = assess_fireteams(ctx)
    assert len(assessments) == len(army_list.fireteams)
    for assessment in assessments:
        assert {v.code for v in assessment.violations} <= KNOWN_CODES
        assert assessment.legal == (not any(v.is_error for v in assessment.violations))
        assert assessment.explanation.startswith("Level ")
    suggestions = suggest_changes(ctx, per_team=3)
    for suggestion in suggestions:
        after = levels(catalog, suggestion.apply(army_list))[suggestion.fireteam]
        assert after == (suggestion.legal_after, suggestion.level_after), suggestion.description
    return len(suggestions)
