"""Season 9 [N3] fireteams on the bundled Svalarheima data: granted by CBL notes and by profile skills."""

from __future__ import annotations

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.rules.engine import context_in_catalog, validate_in_catalog
from armybuilder.rules.fireteams.assess import FireteamAssessment, FireteamSetting, assess_fireteams
from armybuilder.rules.fireteams.finder import find_fireteams

CBL_ID = "svalarheima-blizzard-6-force"
NISSES, FUSILIERS, SERGEANTS, JOTUMS, CSU = 3, 1, 24, 44, 122
HARIS, CORE = FireteamType.HARIS, FireteamType.CORE


def blizzard_a(cbl: bool = True) -> ArmyList:
    """Version A of the Blizzard-6 CBL as the pack lists it, with its two granted fireteams declared."""
    army_list = ArmyList(name="Blizzard-6 (A)", army=ArmyRef(origin="bundled", id=106), pack="its-s9", tier="mid",
                         cbl=CBL_ID if cbl else None)
    for unit, option in [(JOTUMS, 1), (NISSES, 1), (6, 1), (FUSILIERS, 3), (FUSILIERS, 2), (NISSES, 2), (NISSES, 3),
                         (FUSILIERS, 1), (FUSILIERS, 3), (CSU, 1)]:
        army_list, _ = army_list.with_trooper(1, unit, 1, option)
    nisses = tuple(t.uid for _, t in army_list.troopers() if t.unit == NISSES)
    fusiliers = tuple(t.uid for _, t in army_list.troopers() if t.unit == FUSILIERS)
    army_list = army_list.with_fireteam(Fireteam(uid="f1", type=HARIS, team="Svalarheima Nisses", members=nisses))
    return army_list.with_fireteam(Fireteam(uid="f2", type=CORE, team="Fusiliers", members=fusiliers))


def assess(catalog: Catalog, army_list: ArmyList) -> dict[str, FireteamAssessment]:
    return {a.fireteam.uid: a for a in assess_fireteams(context_in_catalog(army_list, catalog))}


@pytest.fixture(scope="module")
def catalog(bundled_catalog: Catalog) -> Catalog:
    return bundled_catalog


def test_blizzard_a_with_its_granted_fireteams_is_legal(catalog: Catalog) -> None:
    army_list = blizzard_a()
    report = validate_in_catalog(army_list, catalog)
    assert report.legal, [v.message for v in report.violations]
    found = assess(catalog, army_list)
    assert (found["f1"].level, found["f2"].level) == (3, 4)
    assert found["f2"].explanation.startswith("Level 4: 4 of 4 count as Fusiliers")


def test_n3_sizes_apply(catalog: Catalog) -> None:
    """N3 Core is 2–5 (packs/n3.yaml): a Core of two Fusiliers is legal there."""
    army_list = blizzard_a()
    pair = army_list.fireteams[1].members[:2]
    army_list = army_list.with_fireteam(Fireteam(uid="f2", type=CORE, team="Fusiliers", members=pair))
    assert assess(catalog, army_list)["f2"].legal


def test_a_nisses_haris_needs_the_skill_unless_the_cbl_grants_it(catalog: Catalog) -> None:
    army_list = blizzard_a(cbl=False)
    assert assess(catalog, army_list)["f1"].legal  # Nisse option 1 has "Fireteam: Haris"
    holder = army_list.fireteams[0].members[0]
    army_list, extra = army_list.with_trooper(1, NISSES, 1, 2)
    others = (*army_list.fireteams[0].members[1:], extra)
    without = army_list.with_fireteam(Fireteam(uid="f1", type=HARIS, team="Svalarheima Nisses", members=others))
    found = assess(catalog, without)["f1"]
    assert [v.code for v in found.violations] == ["fireteam.skill_missing"], found.violations
    assert "Fireteam: Haris" in found.violations[0].message and holder not in found.violations[0].troopers
    granted = without.model_copy(update={"cbl": CBL_ID})
    assert assess(catalog, granted)["f1"].legal


def test_order_sergeants_haris_through_the_skill(catalog: Catalog) -> None:
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=106), pack="its-s9", tier="mid")
    uids = {}
    for option in (1, 2, 3, 4, 5):
        army_list, uids[option] = army_list.with_trooper(1, SERGEANTS, 1, option)
    legal = army_list.with_fireteam(Fireteam(uid="f1", type=HARIS, team="Order Sergeants",
                                             members=(uids[1], uids[4], uids[5])))
    found = assess(catalog, legal)["f1"]
    assert found.legal and found.level == 3, found.violations
    no_skill = legal.with_fireteam(Fireteam(uid="f1", type=HARIS, team="Order Sergeants",
                                            members=(uids[4], uids[5])))
    assert [v.code for v in assess(catalog, no_skill)["f1"].violations] == ["fireteam.skill_missing"]
    barred = legal.with_fireteam(Fireteam(uid="f1", type=HARIS, team="Order Sergeants",
                                          members=(uids[1], uids[2], uids[3])))
    codes = sorted(v.code for v in assess(catalog, barred)["f1"].violations)
    assert codes == ["fireteam.excluded_skill", "fireteam.peripheral"]
    infiltrator = next(v for v in assess(catalog, barred)["f1"].violations if v.code == "fireteam.excluded_skill")
    assert "Infiltration" in infiltrator.message and "TO Camouflage" in infiltrator.message


def test_the_chart_allows_one_haris(catalog: Catalog) -> None:
    army_list = blizzard_a()
    uids = []
    for option in (1, 4, 5):
        army_list, uid = army_list.with_trooper(1, SERGEANTS, 1, option)
        uids.append(uid)
    army_list = army_list.with_fireteam(Fireteam(uid="f3", type=HARIS, team="Order Sergeants", members=tuple(uids)))
    found = assess(catalog, army_list)
    assert [v.code for v in found["f3"].violations] == ["fireteam.type_limit"]
    assert found["f1"].legal


def test_finder_on_blizzard_a(catalog: Catalog) -> None:
    ctx = context_in_catalog(blizzard_a(), catalog)
    found = {(p.team, p.type): p for p in find_fireteams(ctx)}
    assert found[("Fusiliers", CORE)].level == 4
    assert found[("Svalarheima Nisses", HARIS)].level == 3


def test_the_types_a_team_is_offered_as_come_from_its_chart_line_the_cbl_and_the_members_skills(
        catalog: Catalog) -> None:
    """`FireteamSetting.types_for` (what the finder and the app's Form dialog both offer): the chart line's
    types first, then a type a member's "Fireteam: …" skill or a CBL note grants."""
    army_list = blizzard_a(cbl=False)
    setting = FireteamSetting.of(context_in_catalog(army_list, catalog))
    fusiliers = setting.main.team("Fusiliers")
    assert fusiliers is not None and fusiliers.types == (CORE,)
    holder, plain = (setting.candidates[u] for u in army_list.fireteams[0].members[:2])
    assert HARIS in holder.grants and HARIS not in plain.grants
    assert setting.types_for(fusiliers, [plain]) == [CORE]
    assert setting.types_for(fusiliers, [plain, holder]) == [CORE, HARIS]
    unlisted = fusiliers.model_copy(update={"types": ()})
    assert setting.types_for(unlisted) == []
    granted = FireteamSetting.of(context_in_catalog(army_list.model_copy(update={"cbl": CBL_ID}), catalog))
    assert granted.types_for(unlisted) == [CORE]  # the CBL's "Fireteam: Core: Fusiliers"
