"""The chart's harder cases on a synthetic army (tests/data/fireteams/lines.yaml): two lines of one
unit, team options that field two troopers, a term given to several units, an abbreviated term."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import context_in_catalog
from armybuilder.rules.fireteams.assess import FireteamAssessment, assess_fireteams
from armybuilder.rules.fireteams.finder import find_fireteams

DATA = Path(__file__).parent / "data" / "fireteams"
CORE, HARIS, DUO = FireteamType.CORE, FireteamType.HARIS, FireteamType.DUO
SENTINELS, PAIR, RIG, ARDENT, STRIKE, SERGEANT, BASE, EXECUTIVE = 1, 2, 3, 4, 5, 6, 7, 8
PICKS = {"sentinel": (SENTINELS, 1, 1), "lieutenant": (SENTINELS, 1, 2), "warden": (SENTINELS, 2, 1),
         "arbiter&hound": (PAIR, 0, 1), "rig&driver": (RIG, 0, 1), "ardent": (ARDENT, 1, 1),
         "strike": (STRIKE, 1, 1), "sergeant": (SERGEANT, 1, 1), "base": (BASE, 1, 1), "executive": (EXECUTIVE, 1, 1)}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", DATA])


def build(*names: str) -> tuple[ArmyList, list[str]]:
    army_list = ArmyList(name="Lines", army=ArmyRef(origin="bundled", id=980), pack="n5", points=400)
    uids = []
    for name in names:
        unit, group, option = PICKS[name]
        army_list, uid = army_list.with_trooper(1, unit, group, option)
        uids.append(uid)
    return army_list, uids


def judge(catalog: Catalog, team: str, team_type: FireteamType, *names: str) -> FireteamAssessment:
    army_list, uids = build(*names)
    army_list = army_list.with_fireteam(Fireteam(uid="f1", type=team_type, team=team, members=tuple(uids)))
    (assessment,) = assess_fireteams(context_in_catalog(army_list, catalog))
    return assessment


def codes(assessment: FireteamAssessment) -> list[str]:
    return [v.code for v in assessment.violations]


# ----- two lines of one unit ---------------------------------------------------------------------

def test_a_warden_fills_the_warden_line_only(catalog: Catalog) -> None:
    legal = judge(catalog, "Sentinel Fireteam", CORE, "sentinel", "sentinel", "sentinel", "sentinel", "warden")
    assert legal.legal and legal.level == 5, codes(legal)
    assert [m.line for m in legal.members] == ["SENTINEL"] * 4 + ["SENTINEL WARDEN"]


def test_no_warden_breaks_the_warden_line(catalog: Catalog) -> None:
    found = judge(catalog, "Sentinel Fireteam", CORE, *["sentinel"] * 5)
    assert codes(found) == ["fireteam.member_count", "fireteam.member_count"]
    messages = " ".join(v.message for v in found.violations)
    assert "at most 4 SENTINEL" in messages and "needs at least 1 SENTINEL WARDEN" in messages


def test_a_second_warden_is_over_its_line(catalog: Catalog) -> None:
    found = judge(catalog, "Sentinel Fireteam", CORE, "sentinel", "sentinel", "sentinel", "warden", "warden")
    assert codes(found) == ["fireteam.member_count"]
    assert "at most 1 SENTINEL WARDEN" in found.violations[0].message


# ----- team options -----------------------------------------------------------------------------

def test_a_team_option_is_two_members_on_their_own_lines(catalog: Catalog) -> None:
    duo = judge(catalog, "Pair Fireteams", DUO, "arbiter&hound")
    assert duo.legal, codes(duo)
    assert [(m.name, m.line) for m in duo.members] == [("ARBITER", "ARBITER FTO"), ("HOUND FTO", "HOUND FTO")]
    assert {m.uid for m in duo.members} == {"t1"}
    haris = judge(catalog, "Pair Fireteams", HARIS, "arbiter&hound", "sentinel")
    assert haris.legal and len(haris.members) == 3, codes(haris)
    too_many = judge(catalog, "Pair Fireteams", DUO, "arbiter&hound", "sentinel")
    assert codes(too_many) == ["fireteam.size"]
    assert "has 3 members" in too_many.violations[0].message


def test_a_team_option_whose_tag_controls_a_peripheral_is_barred_whole(catalog: Catalog) -> None:
    found = judge(catalog, "Pair Fireteams", DUO, "rig&driver")
    assert codes(found) == ["fireteam.peripheral"]
    assert "Remove RIG & DRIVER from Pair Fireteams (Duo)" in found.violations[0].message
    assert found.violations[0].troopers == ("t1",)


def test_the_finder_keeps_a_team_options_troopers_together(catalog: Catalog) -> None:
    army_list, _ = build("lieutenant", "arbiter&hound", "sentinel", "rig&driver")
    found = {(p.team, p.type): p for p in find_fireteams(context_in_catalog(army_list, catalog))}
    haris = found[("Pair Fireteams", HARIS)]
    assert "t2" in haris.members and len(haris.members) == 2 and len(haris.assessment.members) == 3
    for possible in found.values():  # ARBITER & HOUND's troopers join together or not at all
        assert sum(1 for m in possible.assessment.members if m.uid == "t2") in (0, 2)
        assert "t4" not in possible.members  # RIG & DRIVER is barred


# ----- terms -------------------------------------------------------------------------------------

def test_a_term_the_chart_gives_to_several_units_names_none_by_leading_words(catalog: Catalog) -> None:
    found = judge(catalog, "Strike Fireteams", CORE, "ardent", "ardent", "strike", "sergeant", "sergeant")
    assert found.legal and found.level == 3, codes(found)
    assert found.counts_as == "Strike"
    assert "Sergeant Major ×2" not in found.explanation.split("(", 1)[1].split(")")[0]
    ardent = judge(catalog, "Ardent Fireteams", CORE, "ardent", "ardent", "strike", "sergeant", "sergeant")
    assert ardent.legal and ardent.level == 5, codes(ardent)


def test_an_abbreviated_term_names_its_unit(catalog: Catalog) -> None:
    found = judge(catalog, "Base Fireteams", CORE, "base", "base", "executive")
    assert found.legal and found.level == 3, codes(found)
    assert "Executives as (Base Op.)" in found.explanation


def test_unfit_members_are_named_in_one_violation(catalog: Catalog) -> None:
    found = judge(catalog, "Base Fireteams", CORE, "base", "strike", "strike", "strike")
    assert codes(found) == ["fireteam.not_in_team"]
    violation = found.violations[0]
    assert "Strike Infantry ×3 cannot join Base Fireteams" in violation.message
    assert violation.troopers == ("t2", "t3", "t4")
