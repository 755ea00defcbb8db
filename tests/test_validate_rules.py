"""Which rules a list is judged by, and messages that say how to fix: the pack, CBLs, mercenaries,
Reinforcements, unknown troopers, tournament entries (CBL, Escalation) — engine and `validate`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.cli import main
from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import load_list, save_list
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import validate_entry, validate_in_catalog

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DATA = Path(__file__).parent / "data" / "rules"
LINE, MERCS, BOLTS = 1, 6, 101


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir(), DATA])


def example(name: str) -> ArmyList:
    return load_list(EXAMPLES / f"{name}.yaml").army_list


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["validate", *args])
    return code, capsys.readouterr().out


def save(tmp_path: Path, name: str, army_list: ArmyList) -> str:
    path = tmp_path / f"{name}.yaml"
    save_list(path, army_list)
    return str(path)


# ----- the pack applied ---------------------------------------------------------------------------

def test_an_edition_pack_chosen_for_the_list_applies(catalog: Catalog) -> None:
    icestorm = example("icestorm-panoceania")  # N3 profiles, its-s9 Mid
    assert catalog.rules_for(icestorm, catalog.army(icestorm.army))[0].id == "n3"
    n5 = icestorm.model_copy(update={"pack": "n5", "tier": None, "points": 300})
    edition, season = catalog.rules_for(n5, catalog.army(n5.army))
    assert (edition.id, season) == ("n5", None)
    report = validate_in_catalog(n5, catalog)
    assert report.totals.troopers_limit == 15  # N5's army size; N3 has none
    assert report.rules is not None and report.rules.edition == "n5"


def test_validate_says_which_rules_it_applied(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "icestorm-panoceania.yaml")
    code, out = run(capsys, path)
    assert code == 0 and "Rules: ITS Season 9 (Infinity N3) · Mid Tier: 300 points, 6 SWC" in out
    code, out = run(capsys, path, "--pack", "n5", "--json")
    data = json.loads(out)
    assert code == 0 and data["rules"] == {"pack": "n5", "edition": "n5", "season": None, "tier": None,
                                           "tier_group": None, "points": 300, "swc": 6.0, "extras": [],
                                           "cbl": None}
    assert data["totals"]["troopers_limit"] == 15
    code, out = run(capsys, path, "--pack", "n5")
    assert "Rules: Infinity N5 · 300 points, 6 SWC" in out and "LEGAL" in out


def test_bundled_n3_lists_keep_their_places(catalog: Catalog) -> None:
    """N3 profiles: the Jotum's Crabbot gives no Order and takes no place; Blizzard-6 A fills group 1."""
    report = validate_in_catalog(example("blizzard-6-a"), catalog)
    assert report.legal and report.totals.groups[0].troopers == 10 and report.totals.troopers == 10
    assert report.rules is not None and "Closed Battle List Svalarheima Blizzard-6 Force" in report.rules.summary


# ----- Closed Battle Lists ------------------------------------------------------------------------

def test_an_unknown_cbl_lists_the_known_ones(catalog: Catalog) -> None:
    unknown = example("blizzard-6-a").model_copy(update={"cbl": "blizzard-7"})
    report = validate_in_catalog(unknown, catalog)
    assert report.codes() == ["cbl.unknown"]
    message = report.violations[0].message
    assert "ITS Season 9 has no Closed Battle List 'blizzard-7'" in message
    assert "svalarheima-blizzard-6-force (Svalarheima Blizzard-6 Force, Svalarheima's Winter Force)" in message
    edition = example("blizzard-6-a").model_copy(update={"pack": "n3", "tier": None, "points": 300})
    report = validate_in_catalog(edition, catalog)
    assert report.codes() == ["cbl.unknown"]
    assert "Choose ITS Season 9, which has 'svalarheima-blizzard-6-force'" in report.violations[0].message


def test_a_cbl_of_another_army_names_that_army(catalog: Catalog) -> None:
    wrong = example("icestorm-panoceania").model_copy(update={"cbl": "svalarheima-blizzard-6-force"})
    report = validate_in_catalog(wrong, catalog)
    assert report.codes() == ["cbl.wrong_army"]
    message = report.violations[0].message
    assert "is built with Svalarheima's Winter Force, not PanOceania" in message
    assert "svalarheima-s-winter-force" not in message and "Build the list with" in message


# ----- mercenaries and Reinforcements -------------------------------------------------------------

def _with_mercenary(pack: str, **settings: object) -> ArmyList:
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=950), pack=pack, **settings)
    for option in (3, 1, 1):
        army_list, _ = army_list.with_trooper(1, LINE, 1, option)
    army_list, _ = army_list.with_trooper(1, MERCS, 1, 1)
    return army_list


def test_mercenaries_say_which_pack_and_extra_allow_them(catalog: Catalog) -> None:
    report = validate_in_catalog(_with_mercenary("n5", points=300), catalog)
    assert report.codes() == ["mercenaries.not_allowed"]
    # an N5 list is pointed to the N5 season (ITS Season 17), not to the N3-era Season 9
    assert ("choose a tournament pack with one (ITS Season 17 — Seekers: Soldiers of Fortune)"
            in report.violations[0].message)
    report = validate_in_catalog(_with_mercenary("its-s9", tier="mid"), catalog)
    assert report.codes() == ["settings.other_edition", "mercenaries.not_allowed"]  # S9 is N3-era: said too
    assert "Switch on Soldiers of Fortune in ITS Season 9 (at most 75 points" in report.violations[1].message


def test_reinforcements_over_swc_say_by_how_much(catalog: Catalog) -> None:
    army_list = ArmyList(army=ArmyRef(origin="bundled", id=950), pack="n5", points=300)
    for option in (3, 4, 1):
        army_list, _ = army_list.with_trooper(1, LINE, 1, option)
    army_list, number = army_list.with_group(reinforcement=True)
    for _ in range(2):
        army_list, _ = army_list.with_trooper(number, BOLTS, 1, 2)
    report = validate_in_catalog(army_list, catalog)
    assert report.codes() == ["reinforcements.over_swc"]
    message = report.violations[0].message
    assert "The Reinforcements section uses 3 SWC, 1 over its 2 SWC" in message and "at least 1 SWC less" in message


def test_an_unknown_trooper_is_reported_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    army_list = example("icestorm-panoceania")
    army_list, _ = army_list.with_trooper(1, 99999, 1, 1)
    path = tmp_path / "gone.yaml"
    save_list(path, army_list)
    code, out = run(capsys, str(path), "--json")
    codes = [v["code"] for v in json.loads(out)["violations"]]
    assert code == 1 and codes.count("data.unknown_trooper") == 1 and "data.changed" not in codes


# ----- tournament entries -------------------------------------------------------------------------

def test_an_entry_of_two_cbl_versions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, str(EXAMPLES / "blizzard-6-a.yaml"), str(EXAMPLES / "blizzard-6-b.yaml"), "--entry",
                    "--json")
    data = json.loads(out)
    assert code == 0 and data["entry"] == [] and data["summary"]["legal"] == 2
    assert all(lst["rules"]["cbl"] == "svalarheima-blizzard-6-force" for lst in data["lists"])
    code, out = run(capsys, str(EXAMPLES / "blizzard-6-a.yaml"), str(EXAMPLES / "icestorm-panoceania.yaml"),
                    "--entry")
    assert code == 1 and "[entry.different_armies]" in out


def test_an_escalation_entry_has_three_lists_one_per_tier(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    base = example("icestorm-panoceania").model_copy(update={"extras": ("escalation",)})
    files = {tier: save(tmp_path, tier, base.model_copy(update={"tier": tier})) for tier in ("low", "mid", "top")}
    code, out = run(capsys, files["low"], files["mid"], files["top"], "--entry", "--json")
    assert [v["code"] for v in json.loads(out)["entry"]] == []
    code, out = run(capsys, files["mid"], files["top"], "--entry")
    assert code == 1 and "[entry.list_count] A tournament entry has 3 lists; this one has 2." in out
    code, out = run(capsys, files["mid"], files["mid"], files["top"], "--entry")
    assert code == 1 and "[entry.escalation_tiers]" in out and "Low Tier · Mid Tier · Top Tier" in out


def test_escalation_tiers_are_checked_by_the_engine(catalog: Catalog) -> None:
    season = catalog.pack("its-s9")
    base = example("icestorm-panoceania").model_copy(update={"extras": ("escalation",)})
    lists = [base.model_copy(update={"tier": tier}) for tier in ("low", "low", "top")]
    assert [v.code for v in validate_entry(lists, season)] == ["entry.escalation_tiers"]  # type: ignore[arg-type]


def test_n3_fireteam_bonuses_are_marked_as_an_assumption(catalog: Catalog) -> None:
    """No source gives N3's fireteam bonus table: the pack, the full print-out and the CLI say so."""
    from armybuilder.export.printout import PrintOptions, prepare
    from armybuilder.export.sheet import full_sheet

    n3 = catalog.pack("n3")
    assert getattr(n3, "fireteam_bonuses_assumed", False)
    sheet = full_sheet(prepare(example("blizzard-6-a"), catalog), PrintOptions())
    assert sheet.fireteams and "follow the N5 table (seed 003)" in sheet.fireteam_note
    n5 = example("blizzard-6-a").model_copy(update={"pack": "n5", "tier": None, "points": 300, "cbl": None})
    assert "N5 table" not in full_sheet(prepare(n5, catalog), PrintOptions()).fireteam_note
