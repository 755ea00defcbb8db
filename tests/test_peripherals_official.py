"""Peripherals and their Controllers on the official data [N5.2] (RULES.md §2.4, §4): Ancillary controllers in
fireteams, at most 2 Peripherals (Cyberplug) per controller, Cyberplug excludes Servant, and a Servant
bought on its own makes its only possible controller a Controller, barred from fireteams."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, Fireteam, FireteamType
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import Report, context_in_catalog, validate_in_catalog
from armybuilder.rules.fireteams.finder import find_fireteams

pytestmark = pytest.mark.shared

NEXT_WAVE = 2007
LIEUTENANT = ("harbingers-new-mankind-defense-infantry", 11)
HARBINGER = ("harbingers-new-mankind-defense-infantry", 1)
GEARHEAD_CYBERPLUG = ("gearheads-tech-savant-team", 1)  # Cyberplug
GEARHEAD_ENGINEER = ("gearheads-tech-savant-team", 2)  # Cyberplug + Engineer
GEARHEAD_FTO_ENGINEER = ("gearheads-tech-savant-team", 3)  # Engineer, may join any team as a wildcard
NEXUS_ENGINEER = ("nexus-operatives", 5)
RANTER = ("sartroids-ranters-cyberplugged-attack-remotes", 3)
PUZZLER = ("sartroids-puzzlers-cyberplugged-forward-remotes", 2)
SLAVE_DRONE = ("slave-drones", 1)


@pytest.fixture(scope="module")
def catalog(imported_source) -> Catalog:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    catalog.add_source(imported_source)
    return catalog


def _army(catalog: Catalog, slug: str) -> Army:
    summary = next(s for s in catalog.armies() if s.origin == "imported" and s.slug == slug)
    return catalog.army(summary.ref)


def _build(catalog: Catalog, slug: str, picks: Sequence[tuple[str, int]],
           teams: Sequence[tuple[str, FireteamType, Sequence[int]]] = ()) -> tuple[ArmyList, list[str]]:
    """A list of `picks` (unit slug, option id of its first profile group) in Combat Group 1, with fireteams
    given by the indexes of their members in `picks`."""
    army = _army(catalog, slug)
    ref = next(s for s in catalog.armies() if s.origin == "imported" and s.id == army.id).ref
    army_list = ArmyList(name="N5.2 peripherals", army=ref, pack="n5", points=300)
    uids = []
    for unit_slug, option in picks:
        unit = army.unit_by_slug(unit_slug)
        assert unit is not None, unit_slug
        army_list, uid = army_list.with_trooper(1, unit.id, unit.profile_groups[0].id, option)
        uids.append(uid)
    for number, (team, team_type, members) in enumerate(teams, start=1):
        army_list = army_list.with_fireteam(Fireteam(uid=f"f{number}", type=team_type, team=team,
                                                     members=tuple(uids[i] for i in members)))
    return army_list, uids


def _report(catalog: Catalog, slug: str, picks: Sequence[tuple[str, int]],
            teams: Sequence[tuple[str, FireteamType, Sequence[int]]] = ()) -> Report:
    army_list, _ = _build(catalog, slug, picks, teams)
    return validate_in_catalog(army_list, catalog)


def _codes(report: Report) -> list[str]:
    return [v.code for v in report.violations]


def _lieutenant(catalog: Catalog, slug: str) -> tuple[str, int]:
    """The cheapest Lieutenant option of the army's first profile groups."""
    army = _army(catalog, slug)
    found = [(o.points, u.slug, o.id) for u in army.own_units for o in u.profile_groups[0].options
             if o.is_lieutenant and not o.disabled]
    _, unit, option = min(found)
    return unit, option


# ----- 1. the Controller of a Peripheral (Ancillary) may join a fireteam [N5.2] ----------------------------

def test_tags_with_their_ancillary_crabbots_form_a_fireteam(catalog: Catalog) -> None:
    """Kestrel's ARMORED Duo: every Tikbalang option comes with a Crabbot, a Peripheral (Ancillary)."""
    report = _report(catalog, "kestrel-colonial-force", [("tikbalangs", 4), ("tikbalangs", 1)],
                     [("ARMORED Fireteams", FireteamType.DUO, (0, 1))])
    assert report.violations == (), [v.message for v in report.violations]
    army_list, uids = _build(catalog, "kestrel-colonial-force", [("tikbalangs", 4), ("tikbalangs", 1)])
    found = find_fireteams(context_in_catalog(army_list, catalog))
    assert [(f.team, f.members) for f in found] == [("ARMORED Fireteams", tuple(uids))]


def test_a_controller_of_a_synchronized_peripheral_stays_barred(catalog: Catalog) -> None:
    """Neoterra's CSU Duo takes a Deva; the Deva option with a Synchronized peripheral deploys with it, so
    that Deva may not join."""
    lieutenant = _lieutenant(catalog, "neoterran-capitaline-army")
    legal = _report(catalog, "neoterran-capitaline-army",
                    [lieutenant, ("csu-corporate-security-unit", 1), ("deva-functionaries", 1)],
                    [("CSU Fireteams", FireteamType.DUO, (1, 2))])
    assert legal.violations == (), [v.message for v in legal.violations]
    barred = _report(catalog, "neoterran-capitaline-army",
                     [lieutenant, ("csu-corporate-security-unit", 1), ("deva-functionaries", 2)],
                     [("CSU Fireteams", FireteamType.DUO, (1, 2))])
    assert _codes(barred) == ["fireteam.peripheral"], [v.message for v in barred.violations]


# ----- 4. at most two Peripherals (Cyberplug) per Controller ----------------------------------------------

def test_three_cyberplug_peripherals_for_one_controller_are_too_many(catalog: Catalog) -> None:
    report = _report(catalog, "next-wave", [LIEUTENANT, GEARHEAD_CYBERPLUG, RANTER, RANTER, PUZZLER])
    assert _codes(report) == ["peripherals.too_many"], [v.message for v in report.violations]
    assert "each controls at most 2" in report.violations[0].message


def test_two_cyberplug_peripherals_per_controller_are_legal(catalog: Catalog) -> None:
    for picks in ([LIEUTENANT, GEARHEAD_CYBERPLUG, RANTER, PUZZLER],
                  [LIEUTENANT, GEARHEAD_CYBERPLUG, GEARHEAD_CYBERPLUG, RANTER, RANTER, PUZZLER]):
        report = _report(catalog, "next-wave", picks)
        assert report.violations == (), [v.message for v in report.violations]


# ----- 5. a Controller with any Peripheral (Cyberplug) may have no Servant -------------------------------

def test_a_cyberplug_controller_cannot_also_control_a_servant(catalog: Catalog) -> None:
    """A Gearhead with Cyberplug and Engineer controlling a Ranter cannot also be the Slave Drone's controller."""
    report = _report(catalog, "next-wave", [LIEUTENANT, GEARHEAD_ENGINEER, RANTER, SLAVE_DRONE])
    assert _codes(report) == ["peripherals.incompatible"], [v.message for v in report.violations]
    message = report.violations[0].message
    assert "SLAVE DRONES" in message and "GEARHEADS" in message and "Peripheral (Cyberplug)" in message


def test_the_servant_goes_to_another_engineer_or_to_a_gearhead_without_a_ranter(catalog: Catalog) -> None:
    for picks in ([LIEUTENANT, GEARHEAD_ENGINEER, RANTER, SLAVE_DRONE, NEXUS_ENGINEER],
                  [LIEUTENANT, GEARHEAD_ENGINEER, SLAVE_DRONE]):
        report = _report(catalog, "next-wave", picks)
        assert report.violations == (), [v.message for v in report.violations]


# ----- 6. a Servant bought on its own needs a Controller; the only one may not join a fireteam ------------

HARIS = ("Harbingers Fireteams", FireteamType.HARIS, (1, 2, 3))


def test_the_only_possible_controller_of_a_servant_is_barred_from_fireteams(catalog: Catalog) -> None:
    report = _report(catalog, "next-wave", [LIEUTENANT, HARBINGER, HARBINGER, GEARHEAD_FTO_ENGINEER, SLAVE_DRONE],
                     [HARIS])
    assert _codes(report) == ["fireteam.peripheral"], [v.message for v in report.violations]
    message = report.violations[0].message
    assert "controls Slave Drones" in message and "the only trooper of Combat Group 1" in message


def test_with_a_second_engineer_the_fireteam_is_legal_and_the_assumption_is_said(catalog: Catalog) -> None:
    report = _report(catalog, "next-wave",
                     [LIEUTENANT, HARBINGER, HARBINGER, GEARHEAD_FTO_ENGINEER, SLAVE_DRONE, NEXUS_ENGINEER], [HARIS])
    assert report.violations == (), [v.message for v in report.violations]
    assert any("NEXUS" in n and "SLAVE DRONES" in n and "GEARHEADS" in n for n in report.notes), report.notes
    without_team = _report(catalog, "next-wave", [LIEUTENANT, HARBINGER, HARBINGER, GEARHEAD_FTO_ENGINEER,
                                                  SLAVE_DRONE])
    assert without_team.violations == ()  # the Gearhead controls it: legal while it is in no fireteam


def test_no_assumption_is_said_where_every_possible_controller_controls(catalog: Catalog) -> None:
    """Two Gearheads for two Ranters and a Puzzler: both must control, so there was no choice to say. The report
    said three times "GEARHEADS is taken to control … (GEARHEADS could too)"."""
    report = _report(catalog, "next-wave", [LIEUTENANT, GEARHEAD_CYBERPLUG, GEARHEAD_CYBERPLUG, RANTER, RANTER,
                                            PUZZLER])
    assert report.violations == ()
    assert not [n for n in report.notes if "taken to control" in n], report.notes


def test_the_assumption_names_who_stays_free(catalog: Catalog) -> None:
    """A Nexus and a Gearhead FTO could each control the Slave Drone: the note names the one left free."""
    report = _report(catalog, "next-wave", [LIEUTENANT, GEARHEAD_FTO_ENGINEER, SLAVE_DRONE, NEXUS_ENGINEER])
    (note,) = [n for n in report.notes if "taken to control" in n]
    assert note.count("GEARHEADS") == 1 and note.count("NEXUS") == 1, note


def test_a_servant_without_any_possible_controller_is_reported(catalog: Catalog) -> None:
    report = _report(catalog, "next-wave", [LIEUTENANT, HARBINGER, SLAVE_DRONE])
    assert _codes(report) == ["peripherals.no_controller"], [v.message for v in report.violations]


def test_the_finder_does_not_propose_the_only_controller(catalog: Catalog) -> None:
    """The finder leaves out the Gearhead that must control the Slave Drone; with a Nexus Engineer beside it,
    it proposes teams that take one of the two, never both, and each team it proposes, once declared,
    leaves the list legal."""
    alone, uids = _build(catalog, "next-wave", [LIEUTENANT, HARBINGER, HARBINGER, GEARHEAD_FTO_ENGINEER,
                                                SLAVE_DRONE])
    found = find_fireteams(context_in_catalog(alone, catalog))
    assert found and not any(uids[3] in f.members for f in found)
    helped, uids = _build(catalog, "next-wave", [LIEUTENANT, HARBINGER, HARBINGER, GEARHEAD_FTO_ENGINEER,
                                                 SLAVE_DRONE, NEXUS_ENGINEER])
    found = find_fireteams(context_in_catalog(helped, catalog))
    cores = [f for f in found if f.type is FireteamType.CORE]
    assert cores and all(len(f.members) == 4 and {uids[3], uids[5]} & set(f.members) for f in cores)
    assert not any({uids[3], uids[5]} <= set(f.members) for f in found)
    for base in (alone, helped):
        for possible in find_fireteams(context_in_catalog(base, catalog)):
            report = validate_in_catalog(possible.declare(base), catalog)
            assert report.violations == (), (possible.description, [v.message for v in report.violations])


SCENARIOS: list[tuple[str, list[tuple[str, int]], list[tuple[str, FireteamType, Sequence[int]]]]] = [
    ("next-wave", [LIEUTENANT, GEARHEAD_CYBERPLUG, RANTER, RANTER, PUZZLER], []),
    ("next-wave", [LIEUTENANT, GEARHEAD_ENGINEER, RANTER, SLAVE_DRONE], []),
    ("next-wave", [LIEUTENANT, HARBINGER, HARBINGER, GEARHEAD_FTO_ENGINEER, SLAVE_DRONE], [HARIS]),
    ("next-wave", [LIEUTENANT, HARBINGER, HARBINGER, GEARHEAD_FTO_ENGINEER, SLAVE_DRONE, NEXUS_ENGINEER], [HARIS]),
    ("next-wave", [LIEUTENANT, HARBINGER, SLAVE_DRONE], []),
]


@pytest.mark.parametrize(("slug", "picks", "teams"), SCENARIOS)
def test_the_new_rules_translate_nothing_while_validating(
        catalog: Catalog, slug: str, picks: list[tuple[str, int]],
        teams: list[tuple[str, FireteamType, Sequence[int]]]) -> None:
    """Messages and notes are data until shown (tests/test_messages_as_data.py): each reads in Spanish."""
    from test_messages_as_data import judged

    army_list, _ = _build(catalog, slug, picks, teams)
    report, _ = judged(catalog, army_list)
    assert report.violations or report.notes
    from armybuilder.i18n import render

    for violation in report.violations:
        assert violation.render("es") and violation.render("es") != violation.render("en")
    for note in report.note_texts:
        assert render(note, "es") != render(note, "en")
