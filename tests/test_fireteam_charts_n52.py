"""Fireteam rules [N5.2] on the official data: a chart's own sizes (Steel Phalanx's Core of at most 4), the
Reinforcements fireteams within the main army chart's types and limits, and no level above 5."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, Fireteam, FireteamType
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import Report, context_in_catalog, validate_in_catalog
from armybuilder.rules.fireteams.assess import assess_fireteams
from armybuilder.rules.fireteams.chart_text import read_chart_text
from armybuilder.rules.fireteams.finder import find_fireteams

pytestmark = pytest.mark.shared

Pick = tuple[str, int]
Team = tuple[str, FireteamType, Sequence[int]]
CORE, HARIS, DUO = FireteamType.CORE, FireteamType.HARIS, FireteamType.DUO


@pytest.fixture(scope="module")
def catalog(imported_source) -> Catalog:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    catalog.add_source(imported_source)
    return catalog


def _army(catalog: Catalog, slug: str) -> Army:
    summary = next(s for s in catalog.armies() if s.origin == "imported" and s.slug == slug)
    return catalog.army(summary.ref)


def _first(army: Army, wanted: str) -> Pick:
    """The cheapest option of the army's own units that is a Lieutenant or has Commlink."""
    found = [(o.points, u.slug, o.id) for u in army.own_units for o in u.profile_groups[0].options if not o.disabled
             and (o.is_lieutenant if wanted == "lieutenant" else any(s.name == "Commlink" for s in o.skills))
             and not (wanted == "commlink" and o.is_lieutenant)]
    _, slug, option = min(found)
    return slug, option


def _list(catalog: Catalog, slug: str, main: Sequence[Pick], teams: Sequence[Team] = (),
          reinforcements: Sequence[Pick] = (), reinforcement_teams: Sequence[Team] = (),
          points: int = 300) -> tuple[ArmyList, list[str], list[str]]:
    """A list with a Lieutenant first (and a Commlink second when it has Reinforcements), then `main` in
    Combat Group 1 and `reinforcements` in a Reinforcements group; teams name members by index in their section."""
    army = _army(catalog, slug)
    ref = next(s for s in catalog.armies() if s.origin == "imported" and s.id == army.id).ref
    army_list = ArmyList(name="N5.2 fireteams", army=ref, pack="n5", points=points)
    extras = [_first(army, "lieutenant")] + ([_first(army, "commlink")] if reinforcements else [])
    main_uids: list[str] = []
    for unit_slug, option in [*extras, *main]:
        unit = army.unit_by_slug(unit_slug)
        assert unit is not None, unit_slug
        army_list, uid = army_list.with_trooper(1, unit.id, unit.profile_groups[0].id, option)
        main_uids.append(uid)
    main_uids = main_uids[len(extras):]
    reinforcement_uids: list[str] = []
    if reinforcements:
        assert army.reinforcements is not None
        reinforcement_army = _army(catalog, next(s.slug for s in catalog.armies()
                                                 if s.origin == "imported" and s.id == army.reinforcements))
        army_list, number = army_list.with_group(reinforcement=True)
        for unit_slug, option in reinforcements:
            unit = reinforcement_army.unit_by_slug(unit_slug)
            assert unit is not None, unit_slug
            army_list, uid = army_list.with_trooper(number, unit.id, unit.profile_groups[0].id, option)
            reinforcement_uids.append(uid)
    count = 0
    for team_list, uids in ((teams, main_uids), (reinforcement_teams, reinforcement_uids)):
        for team, team_type, members in team_list:
            count += 1
            army_list = army_list.with_fireteam(Fireteam(uid=f"f{count}", type=team_type, team=team,
                                                         members=tuple(uids[i] for i in members)))
    return army_list, main_uids, reinforcement_uids


def _report(catalog: Catalog, *args: object, **kwargs: object) -> Report:
    army_list, _, _ = _list(catalog, *args, **kwargs)  # type: ignore[arg-type]
    return validate_in_catalog(army_list, catalog)


def _codes(report: Report) -> list[str]:
    return [v.code for v in report.violations]


# ----- 2. a chart's own sizes: Steel Phalanx's Core has at most 4 members ------------------------------

THORAKITES, DACTYL = ("thorakitai", 1), ("dactyls", 1)


def test_the_chart_text_is_read() -> None:
    text = read_chart_text("In this Sectorial,  the Fireteams Core have a maximum of 4 members.")
    assert text.maximum == {CORE: 4} and not text.unread
    assert read_chart_text("In this Sectorial, Fireteams Duo may have a maximum of 3 members.").maximum == {DUO: 3}
    unknown = read_chart_text("In this Sectorial, Fireteams Core may include one Lieutenant.")
    assert unknown.unread == ("In this Sectorial, Fireteams Core may include one Lieutenant.",)


def test_a_steel_phalanx_core_of_five_is_too_big(catalog: Catalog) -> None:
    report = _report(catalog, "steel-phalanx", [THORAKITES] * 4 + [DACTYL],
                     [("Thorakitai Fireteams", CORE, range(5))])
    assert _codes(report) == ["fireteam.size"], [v.message for v in report.violations]
    assert "a Core fireteam has 3 to 4" in report.violations[0].message


def test_a_steel_phalanx_core_of_four_is_legal_and_the_finder_proposes_four(catalog: Catalog) -> None:
    report = _report(catalog, "steel-phalanx", [THORAKITES] * 4, [("Thorakitai Fireteams", CORE, range(4))])
    assert report.violations == (), [v.message for v in report.violations]
    (core,) = assess_fireteams(report.context)  # type: ignore[arg-type]
    assert core.level == 4 and "the highest level a Core can reach" in core.explanation
    army_list, _, _ = _list(catalog, "steel-phalanx", [THORAKITES] * 5 + [DACTYL])
    cores = [f for f in find_fireteams(context_in_catalog(army_list, catalog)) if f.type is CORE]
    assert cores and all(len(f.members) == 4 for f in cores), [f.description for f in cores]


def test_another_army_keeps_cores_of_five(catalog: Catalog) -> None:
    """Only Steel Phalanx's chart says so: a Military Orders Core of 5 stays legal."""
    report = _report(catalog, "military-orders", [("coadjutor-crosiers-military-order-infantry", 1)] * 5,
                     [("Military Orders Fireteams", CORE, range(5))])
    assert report.violations == (), [v.message for v in report.violations]


def test_no_level_above_five(catalog: Catalog) -> None:
    """Five Crosiers and an Order Sergeant, who counts as "(Crosier)": six of six would say level 6."""
    report = _report(catalog, "military-orders",
                     [("coadjutor-crosiers-military-order-infantry", 1)] * 5 + [("order-sergeants", 1)],
                     [("Military Orders Fireteams", CORE, range(6))])
    assert _codes(report) == ["fireteam.size"]
    (core,) = assess_fireteams(report.context)  # type: ignore[arg-type]
    assert core.level == 5 and core.explanation.startswith("Level 5: 5 of 6"), core.explanation


def test_a_core_too_big_for_its_chart_is_judged_at_the_level_it_can_reach(catalog: Catalog) -> None:
    """Four Myrmidons and a Myrmidon Officer (who counts as "(Myrmidon)") in a Steel Phalanx Core: once legal (4
    members) it reaches level 4, never level 5 — `fireteams` said "NOT LEGAL (level 5 once legal)" and its
    explanation promised "5 of 5"."""
    report = _report(catalog, "steel-phalanx", [("myrmidon-officer", 1)] + [("myrmidons", 1)] * 4,
                     [("Myrmidons Fireteams", CORE, range(5))])
    assert _codes(report) == ["fireteam.size"]
    (core,) = assess_fireteams(report.context)  # type: ignore[arg-type]
    assert core.level == 4 and core.explanation.startswith("Level 4: 4 of 5"), core.explanation


# ----- 3. Reinforcements fireteams obey the main army chart's types and limits ------------------------

GENBU = ("reinf-genbutai", 1)
DOMARU, KARAKURI = ("domaru-butai", 1), ("karakuri-special-project", 1)
JSA_HARIS = ("JSA Fireteams II", HARIS, (0, 1, 2))
GENBU_TEAM = "Genbutai Reinforcement Fireteams"


def test_no_reinforcements_core_where_the_main_chart_allows_none(catalog: Catalog) -> None:
    """JSA's chart reads CORE 0: Hayabusa's own header (1/1/1) does not open it."""
    report = _report(catalog, "jsa", [], reinforcements=[GENBU] * 3,
                     reinforcement_teams=[(GENBU_TEAM, CORE, (0, 1, 2))], points=350)
    assert _codes(report) == ["fireteam.type_limit"], [v.message for v in report.violations]
    message = report.violations[0].message
    assert "may not form Core fireteams" in message and "Reinforcements fireteams obey" in message


def test_a_reinforcements_haris_where_the_main_chart_allows_one_is_legal(catalog: Catalog) -> None:
    report = _report(catalog, "jsa", [], reinforcements=[GENBU] * 3,
                     reinforcement_teams=[(GENBU_TEAM, HARIS, (0, 1, 2))], points=350)
    assert report.violations == (), [v.message for v in report.violations]


def test_no_second_haris_where_the_main_chart_allows_one(catalog: Catalog) -> None:
    report = _report(catalog, "jsa", [DOMARU, DOMARU, KARAKURI], [JSA_HARIS], reinforcements=[GENBU] * 3,
                     reinforcement_teams=[(GENBU_TEAM, HARIS, (0, 1, 2))], points=350)
    assert _codes(report) == ["fireteam.type_limit"], [v.message for v in report.violations]
    assert "at most 1 Haris" in report.violations[0].message
    _, _, reinforcement_uids = _list(catalog, "jsa", [DOMARU, DOMARU, KARAKURI], [JSA_HARIS],
                                     reinforcements=[GENBU] * 3,
                                     reinforcement_teams=[(GENBU_TEAM, HARIS, (0, 1, 2))], points=350)
    assert set(report.violations[0].troopers) == set(reinforcement_uids)  # the Reinforcements team is flagged


def test_a_main_haris_and_a_reinforcements_duo_are_legal(catalog: Catalog) -> None:
    report = _report(catalog, "jsa", [DOMARU, DOMARU, KARAKURI], [JSA_HARIS], reinforcements=[GENBU] * 2,
                     reinforcement_teams=[(GENBU_TEAM, DUO, (0, 1))], points=350)
    assert report.violations == (), [v.message for v in report.violations]


def test_ariadna_vanilla_has_no_reinforcements_core_either(catalog: Catalog) -> None:
    core = _report(catalog, "ariadna", [], reinforcements=[("reinf-loup-garous", 1)] * 3,
                   reinforcement_teams=[("Reinf. Loup-Garou Reinforcement Fireteams", CORE, (0, 1, 2))], points=350)
    assert _codes(core) == ["fireteam.type_limit"], [v.message for v in core.violations]
    haris = _report(catalog, "ariadna", [], reinforcements=[("reinf-loup-garous", 1)] * 3,
                    reinforcement_teams=[("Reinf. Loup-Garou Reinforcement Fireteams", HARIS, (0, 1, 2))],
                    points=350)
    assert haris.violations == (), [v.message for v in haris.violations]


def test_the_finder_proposes_no_reinforcements_core_in_a_jsa_list(catalog: Catalog) -> None:
    army_list, _, _ = _list(catalog, "jsa", [], reinforcements=[GENBU] * 4, points=350)
    found = [f for f in find_fireteams(context_in_catalog(army_list, catalog)) if f.reinforcement]
    assert {f.type for f in found} == {HARIS, DUO}, [f.description for f in found]
    for possible in found:
        assert validate_in_catalog(possible.declare(army_list), catalog).violations == ()


def test_the_new_fireteam_rules_translate_nothing_while_validating(catalog: Catalog) -> None:
    """Messages are data until shown (tests/test_messages_as_data.py): the new violations read in Spanish."""
    from test_messages_as_data import judged

    for army_list in (
        _list(catalog, "steel-phalanx", [THORAKITES] * 4 + [DACTYL], [("Thorakitai Fireteams", CORE, range(5))])[0],
        _list(catalog, "jsa", [DOMARU, DOMARU, KARAKURI], [JSA_HARIS], reinforcements=[GENBU] * 3,
              reinforcement_teams=[(GENBU_TEAM, CORE, (0, 1, 2))], points=350)[0],
    ):
        report, _ = judged(catalog, army_list)
        assert report.violations
        assert all(v.render("es") != v.render("en") for v in report.violations)
