"""ITS Season 17 on real armies of the official data: each tier, Extra and season rule fires on its own,
and the list next to it (one trooper, one point, one XP away) is legal."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList
from armybuilder.domain.packs import SeasonPack
from armybuilder.domain.profiles import Option, ProfileGroup, Unit
from armybuilder.domain.values import Category
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.categories import categories_of
from armybuilder.rules.engine import Report, validate_entry, validate_in_catalog

pytestmark = pytest.mark.shared

PANOCEANIA = 101
Pick = tuple[Unit, ProfileGroup, Option]


@pytest.fixture(scope="module")
def catalog(imported_source) -> Catalog:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    catalog.add_source(imported_source)
    return catalog


@pytest.fixture(scope="module")
def season(catalog: Catalog) -> SeasonPack:
    pack = catalog.pack("its-s17")
    assert isinstance(pack, SeasonPack)
    return pack


def army(catalog: Catalog, army_id: int = PANOCEANIA) -> Army:
    summary = catalog.find(army_id, prefer=("imported",))
    assert summary is not None and summary.origin == "imported"
    return catalog.army(summary.ref)


def option(army: Army, slug: str, points: int | None = None, swc: str | None = None,
           lieutenant: bool = False) -> Pick:
    unit = army.unit_by_slug(slug)
    assert unit is not None, slug
    for group, found in unit.selectable_options():
        assert group is not None
        if found.is_lieutenant == lieutenant and (points is None or found.points == points) and (
                swc is None or str(found.swc) == swc):
            return unit, group, found
    raise AssertionError(f"{slug}: no option {points}/{swc}")


def make(catalog: Catalog, picks: list[Pick], army_id: int = PANOCEANIA, **settings: object) -> ArmyList:
    summary = catalog.find(army_id, prefer=("imported",))
    assert summary is not None
    army_list = ArmyList(army=summary.ref, pack="its-s17", **settings)
    for unit, group, found in picks:
        army_list, _ = army_list.with_trooper(1 if army_list.trooper_count < 10 else 2, unit.id, group.id, found.id)
    return army_list


def codes(report: Report) -> list[str]:
    return [v.code for v in report.violations]


def legal(report: Report) -> None:
    assert report.legal, [f"{v.code}: {v.message}" for v in report.violations]


# ----- tiers --------------------------------------------------------------------------------------

TIERS = [("400", 400, 16), ("350", 350, 14), ("300", 300, 12), ("250", 250, 10), ("200", 200, 8), ("150", 150, 6)]
"""(tier id, points, SWC in halves): the booklet's tiers, 350 at 7 SWC (see the pack)."""


def points_list(catalog: Catalog, points: int, swc_halves: int) -> tuple[list[Pick], int]:
    """A PanOceania list close to `points` within `swc_halves`, 14 troopers at most: a Fusilier Lieutenant,
    then the costliest options that fit (Cutter, Tikbalang, Squalos, Father-Knights, Aquila, Swiss Guard, Orcs,
    Nisses, Fusiliers)."""
    pano = army(catalog)
    picks = [option(pano, "fusiliers", 10, "0", lieutenant=True)]
    pool = [option(pano, slug, cost, swc) for slug, cost, swc in (
        ("cutters-varuna-naval-chasseurs", 97, "2"), ("tikbalangs", 69, "1.5"), ("squalos-mk-ii", 66, "1.5"),
        ("team-crux-father-knights", 54, "0"), ("aquila-guard", 49, "0"), ("swiss-guard", 47, "0"),
        ("orc-troops", 35, "1.5"), ("orc-troops", 34, "1.5"), ("nisses", 31, "1.5"), ("nisses", 29, "1.5"),
        ("orc-troops", 29, "0"), ("nisses", 28, "0"), ("fusiliers", 18, "1"), ("fusiliers", 15, "1.5"),
        ("fusiliers", 12, "0"), ("fusiliers", 10, "0"))]
    used = Counter[str]()
    spent, swc = 10, 0
    for unit, group, found in pool:
        while len(picks) < 14 and spent + found.points <= points and swc + found.swc.halves <= swc_halves:
            ava = unit.ava if isinstance(unit.ava, int) else None
            if ava is not None and used[unit.slug] >= ava:
                break
            picks.append((unit, group, found))
            used[unit.slug] += 1
            spent += found.points
            swc += found.swc.halves
    return picks, spent


@pytest.mark.parametrize(("tier", "points", "swc_halves"), TIERS, ids=[t[0] for t in TIERS])
def test_each_tier_limits_points_alone(catalog: Catalog, tier: str, points: int, swc_halves: int) -> None:
    picks, spent = points_list(catalog, points, swc_halves)
    report = validate_in_catalog(make(catalog, picks, tier=tier), catalog)
    legal(report)
    assert (report.totals.points_limit, report.totals.swc_limit_halves) == (points, swc_halves)
    assert points - 10 < spent <= points, "the legal list is close to the tier's points"
    pano = army(catalog)
    over = next(p for p in (option(pano, "fusiliers", 12, "0"), option(pano, "aquila-guard", 49, "0"))
                if spent + p[2].points > points and not any(q[0].slug == p[0].slug and q[0].ava == 1 for q in picks))
    report = validate_in_catalog(make(catalog, [*picks, over], tier=tier), catalog)
    assert codes(report) == ["points.over_limit"]


@pytest.mark.parametrize(("tier", "points", "swc_halves"), TIERS, ids=[t[0] for t in TIERS])
def test_each_tier_limits_swc_alone(catalog: Catalog, tier: str, points: int, swc_halves: int) -> None:
    pano = army(catalog)
    heavy, light = option(pano, "fusiliers", 15, "1.5"), option(pano, "fusiliers", 15, "0.5")
    picks = [option(pano, "fusiliers", 10, "0", lieutenant=True)] + [heavy] * (swc_halves // 3)
    picks += [light] * (swc_halves % 3)
    report = validate_in_catalog(make(catalog, picks, tier=tier), catalog)
    legal(report)
    assert report.totals.swc_halves == swc_halves
    report = validate_in_catalog(make(catalog, [*picks, light], tier=tier), catalog)
    assert codes(report) == ["swc.over_budget"]


def test_350_uses_7_swc_and_says_why(catalog: Catalog, season: SeasonPack) -> None:
    from armybuilder.i18n import render

    tier = season.tier("350")
    assert tier is not None and str(tier.swc) == "7" and tier.note and "5" in tier.note
    report = validate_in_catalog(make(catalog, [option(army(catalog), "fusiliers", 10, "0", lieutenant=True)],
                                      tier="350"), catalog)
    assert any("prints 5 SWC" in note for note in report.notes)
    assert tier.display_note("en") == tier.note and tier.display_note("es") == tier.note_es != tier.note
    assert render(tier.local_note, "es") == tier.note_es
    plain = season.tier("300")
    assert plain is not None and not plain.note and plain.display_note("es") == ""


def test_tiers_are_grouped_as_the_booklet(season: SeasonPack) -> None:
    assert [(g.id if g else None, [t.id for t in tiers]) for g, tiers in season.grouped_tiers()] == [
        ("400-350", ["400", "350"]), ("300-250", ["300", "250"]), ("200-150", ["200", "150"])]


def test_cli_checks_a_list_at_250_points_and_5_swc(catalog: Catalog, imported_data, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from armybuilder.cli import main
    from armybuilder.data.listfile import save_list

    picks, _ = points_list(catalog, 300, 12)
    path = tmp_path / "list.yaml"
    save_list(path, make(catalog, picks, tier="300"))
    code = main(["validate", str(path), "--data", str(imported_data.data_dir), "--pack", "its-s17", "--tier", "250",
                 "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["rules"]["tier"] == "250" and data["rules"]["tier_group"] == "300-250"
    assert (data["rules"]["points"], data["rules"]["swc"]) == (250, 5.0)
    assert "points.over_limit" in [v["code"] for v in data["violations"]]


# ----- Extras -------------------------------------------------------------------------------------

def base_list(catalog: Catalog) -> list[Pick]:
    """A small legal PanOceania list: a Fusilier Lieutenant and three Fusiliers."""
    pano = army(catalog)
    return [option(pano, "fusiliers", 10, "0", lieutenant=True)] + [option(pano, "fusiliers", 10, "0")] * 3


def test_free_game_lifts_the_15_trooper_limit_alone(catalog: Catalog) -> None:
    pano = army(catalog)
    picks = base_list(catalog) + [option(pano, "fusiliers", 10, "0")] * 12  # 16 troopers, 160 points
    report = validate_in_catalog(make(catalog, picks, tier="300"), catalog)
    assert codes(report) == ["army.too_many_troopers"]
    report = validate_in_catalog(make(catalog, picks, tier="300", extras=("free-game",)), catalog)
    legal(report)
    assert report.totals.troopers == 16 and report.totals.troopers_limit is None
    legal(validate_in_catalog(make(catalog, picks[:15], tier="300"), catalog))


MERCS = [("merc-csu-corporate-security-unit", 12), ("merc-saito-togan", 33), ("merc-bashi-bazouks", 14),
         ("merc-bashi-bazouks", 14), ("merc-yuan-yuan", 6), ("merc-yuan-yuan", 6)]
"""85 points of PanOceania's mercenary pool (CSU 12, Saito Tōgan 33, 2 Bashi Bazouks 28, 2 Yuan Yuan 12)."""


def merc_picks(catalog: Catalog, mercs: list[tuple[str, int]] = MERCS) -> list[Pick]:
    pano = army(catalog)
    return [option(pano, slug, cost, "0") for slug, cost in mercs]


def test_soldiers_of_fortune_allows_85_points_of_mercenaries(catalog: Catalog) -> None:
    picks = base_list(catalog) + merc_picks(catalog)
    sof = make(catalog, picks, tier="300", extras=("soldiers-of-fortune",))
    report = validate_in_catalog(sof, catalog)
    legal(report)
    assert (report.totals.mercenary_points, report.totals.mercenary_points_limit) == (85, 85)
    assert report.to_json()["totals"]["mercenary_points"] == 85
    assert report.totals.swc_limit == "5", "fielding mercenaries costs 1 SWC"
    # without the Extra the pool stays closed
    without = validate_in_catalog(sof.model_copy(update={"extras": ()}), catalog)
    assert codes(without) == ["mercenaries.not_allowed"]
    assert "Switch on Soldiers of Fortune in ITS Season 17" in without.violations[0].message
    assert without.totals.mercenary_points_limit is None


def test_the_full_list_says_the_mercenary_points_and_the_courtesy_list_does_not(catalog: Catalog) -> None:
    from export_lists import options as fixed_options

    from armybuilder.export.printout import prepare
    from armybuilder.export.text import courtesy_text, full_text

    doc = prepare(make(catalog, base_list(catalog) + merc_picks(catalog), tier="300",
                       extras=("soldiers-of-fortune",)), catalog)
    assert "Mercenaries: 85 / 85" in full_text(doc, fixed_options())
    assert "Mercenaries:" not in courtesy_text(doc, fixed_options())
    plain = prepare(make(catalog, base_list(catalog), tier="300"), catalog)
    assert "Mercenaries:" not in full_text(plain, fixed_options()), "only with Soldiers of Fortune"


def test_soldiers_of_fortune_cap_fires_alone(catalog: Catalog) -> None:
    over = [*MERCS[:-1], ("merc-yuan-yuan", 7)]  # 86 points
    report = validate_in_catalog(make(catalog, base_list(catalog) + merc_picks(catalog, over), tier="300",
                                      extras=("soldiers-of-fortune",)), catalog)
    assert codes(report) == ["mercenaries.over_points"]


def test_soldiers_of_fortune_costs_1_swc(catalog: Catalog) -> None:
    pano = army(catalog)
    heavy, light = option(pano, "fusiliers", 15, "1.5"), option(pano, "fusiliers", 15, "0.5")
    swc_picks = [heavy, heavy, heavy, light, light]  # 5.5 SWC... at 300 (6 SWC), minus 1 for the mercenaries
    picks = base_list(catalog) + swc_picks[:-1] + merc_picks(catalog, MERCS[:1])  # 5 SWC: legal
    legal(validate_in_catalog(make(catalog, picks, tier="300", extras=("soldiers-of-fortune",)), catalog))
    picks = base_list(catalog) + swc_picks + merc_picks(catalog, MERCS[:1])  # 5.5 SWC: over 5
    report = validate_in_catalog(make(catalog, picks, tier="300", extras=("soldiers-of-fortune",)), catalog)
    assert codes(report) == ["swc.over_budget"]


def test_soldiers_of_fortune_uses_the_mercenary_own_ava(catalog: Catalog) -> None:
    two = merc_picks(catalog, [("merc-bashi-bazouks", 14)] * 2)  # AVA 2 in the pool
    legal(validate_in_catalog(make(catalog, base_list(catalog) + two, tier="300",
                                   extras=("soldiers-of-fortune",)), catalog))
    three = merc_picks(catalog, [("merc-bashi-bazouks", 14)] * 3)
    report = validate_in_catalog(make(catalog, base_list(catalog) + three, tier="300",
                                      extras=("soldiers-of-fortune",)), catalog)
    assert codes(report) == ["ava.exceeded"]


def test_soldiers_of_fortune_never_duplicates_a_character(catalog: Catalog) -> None:
    pano = army(catalog)
    yojimbo = option(pano, "merc-yojimbo-sword-for-hire")
    motorized = option(pano, "merc-yojimbo-motorized-sword-for-hire")
    assert yojimbo[2].points + motorized[2].points <= 85
    legal(validate_in_catalog(make(catalog, [*base_list(catalog), yojimbo], tier="300",
                                   extras=("soldiers-of-fortune",)), catalog))
    report = validate_in_catalog(make(catalog, [*base_list(catalog), yojimbo, motorized], tier="300",
                                      extras=("soldiers-of-fortune",)), catalog)
    assert codes(report) == ["characters.duplicate"]


def _with_reinforcements(catalog: Catalog, commlink: bool = True, section: bool = True) -> ArmyList:
    pano = army(catalog)
    reinf = army(catalog, pano.reinforcements or 0)
    picks = base_list(catalog)
    if commlink:
        unit = pano.unit_by_slug("fusiliers")
        assert unit is not None
        group, found = next((g, o) for g, o in unit.selectable_options()
                            if any(s.name == "Commlink" for s in o.skills) and not o.is_lieutenant)
        assert group is not None
        picks = [*picks[:-1], (unit, group, found)]
    army_list = make(catalog, picks, tier="300", extras=("reinforcements",))
    if section:
        army_list, number = army_list.with_group(reinforcement=True)
        unit, group, found = option(reinf, "reinf-blockers", 14)
        army_list, _ = army_list.with_trooper(number, unit.id, group.id, found.id)
    return army_list


def test_reinforcements_extra_requires_the_section_and_a_commlink(catalog: Catalog) -> None:
    legal(validate_in_catalog(_with_reinforcements(catalog), catalog))
    report = validate_in_catalog(_with_reinforcements(catalog, section=False), catalog)
    assert codes(report) == ["reinforcements.required"]
    message = report.violations[0].message
    assert "Edit → New Reinforcements group" in message and "Code: Capital" in message
    report = validate_in_catalog(_with_reinforcements(catalog, commlink=False), catalog)
    assert codes(report) == ["reinforcements.no_commlink"]
    assert "In PanOceania, for example:" in report.violations[0].message
    # without the Extra, a list without Reinforcements is fine
    plain = _with_reinforcements(catalog, section=False).model_copy(update={"extras": ()})
    legal(validate_in_catalog(plain, catalog))


@pytest.mark.parametrize("extra", ["direct-action", "resilience-operations"])
def test_extras_without_list_effect_say_so(catalog: Catalog, extra: str) -> None:
    report = validate_in_catalog(make(catalog, base_list(catalog), tier="300", extras=(extra,)), catalog)
    legal(report)
    assert any("no effect on list building" in note for note in report.notes)


def test_escalation_wants_one_list_per_tier_group(catalog: Catalog, season: SeasonPack) -> None:
    lists = [make(catalog, base_list(catalog), tier=tier, extras=("escalation",)) for tier in ("150", "250", "400")]
    assert validate_entry(lists, season) == []
    lists = [make(catalog, base_list(catalog), tier=tier, extras=("escalation",)) for tier in ("150", "200", "400")]
    assert [v.code for v in validate_entry(lists, season)] == ["entry.escalation_tiers"]
    assert [v.code for v in validate_entry(lists[:2], season)] == ["entry.list_count"]


def test_an_entry_is_one_or_two_lists_of_one_army(catalog: Catalog, season: SeasonPack) -> None:
    one = make(catalog, base_list(catalog), tier="300")
    assert validate_entry([one], season) == []
    assert validate_entry([one, one.model_copy(update={"tier": "250"})], season) == []
    assert [v.code for v in validate_entry([one] * 3, season)] == ["entry.list_count"]
    other = one.model_copy(update={"army": one.army.model_copy(update={"id": 501, "name": "Nomads"})})
    assert [v.code for v in validate_entry([one, other], season)] == ["entry.different_armies"]


def test_an_entry_plays_one_event_s_rules(catalog: Catalog, season: SeasonPack) -> None:
    """The lists of an entry share the rules pack, and Escalation (which shapes the entry) is on in all or none;
    Extras a list may have on its own (Soldiers of Fortune, Spec-Ops) may differ."""
    one = make(catalog, base_list(catalog), tier="300")
    assert validate_entry([one, one.model_copy(update={"extras": ("soldiers-of-fortune",)})], season) == []
    plain = one.model_copy(update={"pack": "n5", "tier": None, "points": 300})
    found = validate_entry([one, plain], season)
    assert [v.code for v in found] == ["entry.different_rules"] and "its-s17 · n5" in found[0].message
    escalated = [make(catalog, base_list(catalog), tier=tier, extras=("escalation",)) for tier in ("150", "250")]
    found = validate_entry([*escalated, make(catalog, base_list(catalog), tier="400")], season)
    assert [v.code for v in found] == ["entry.extra_in_some_lists"]
    assert found[0].message.startswith("Escalation is on in 2 of the entry's 3 lists")


def test_cli_entry_says_each_list_tier(catalog: Catalog, imported_data, tmp_path: Path,  # type: ignore[no-untyped-def]
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from armybuilder.cli import main
    from armybuilder.data.listfile import save_list

    files = []
    for tier in ("150", "250", "400"):
        path = tmp_path / f"{tier}.yaml"
        save_list(path, make(catalog, base_list(catalog), tier=tier, extras=("escalation",)))
        files.append(str(path))
    code = main(["validate", *files, "--data", str(imported_data.data_dir), "--entry", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["entry"] == []
    assert [item["rules"]["tier"] for item in data["lists"]] == ["150", "250", "400"]
    assert [item["rules"]["tier_group"] for item in data["lists"]] == ["200-150", "300-250", "400-350"]


# ----- season rules -------------------------------------------------------------------------------

def test_characters_also_count_as_veteran(catalog: Catalog, season: SeasonPack) -> None:
    pano = army(catalog)
    joan = pano.unit_by_slug("jeanne-d-arc")
    fusiliers = pano.unit_by_slug("fusiliers")
    assert joan is not None and fusiliers is not None
    assert categories_of(joan, season) == (Category.CHARACTER, Category.VETERAN)
    assert categories_of(joan, None) == (Category.CHARACTER,)
    assert categories_of(fusiliers, season) == (Category.LINE,), "only Characters become Veteran"


def test_any_army_may_include_a_sacha(catalog: Catalog) -> None:
    """Every army of the official data lists the Sāchā already; it is legal in each, at its AVA 1."""
    for summary in catalog.armies():
        if summary.origin != "imported" or summary.kind == "reinforcements" or summary.id == 901:
            continue
        found = catalog.army(summary.ref).unit(1874)
        assert found is not None and "SĀCHĀ" in found.name, summary.name
    pano = army(catalog)
    sacha = option(pano, "sacha-xenotech-hunters")
    legal(validate_in_catalog(make(catalog, [*base_list(catalog), sacha], tier="300"), catalog))
    report = validate_in_catalog(make(catalog, [*base_list(catalog), sacha, sacha], tier="300"), catalog)
    assert codes(report) in (["ava.exceeded"], ["characters.duplicate"])


def test_an_army_without_a_sacha_gets_it_under_the_season(official_data: Path, tmp_path: Path) -> None:
    """An army whose data lacks the Sāchā gets it (copied from another army of the same data) under ITS
    S17, and only there."""
    sys.path.insert(0, str(Path(__file__).parent))
    from import_helpers import edit_json, make_data_folder

    from armybuilder.data.cache import ImportedSource
    from armybuilder.data.importer import import_folder

    folder = make_data_folder(official_data, tmp_path / "n5", ("panoceania", "yu-jing", "code-capital"))
    edit_json(folder / "panoceania.json", lambda data: data.update(units=[u for u in data["units"] if u["id"] != 1874]))
    source = ImportedSource.open(import_folder(folder, tmp_path / "cache").data_dir)
    assert source is not None
    small = Catalog.from_paths([bundled_profiles_dir()])
    small.add_source(source)
    pano = small.army(("imported", PANOCEANIA))
    assert pano.unit(1874) is None
    seekers = ArmyList(army=small.find(PANOCEANIA).ref, pack="its-s17", tier="300")
    granted = small.army_for_list(seekers)
    sacha = granted.unit(1874)
    assert sacha is not None and not sacha.mercenary
    group, found = next(iter(sacha.selectable_options()))
    assert group is not None
    fusilier = pano.unit_by_slug("fusiliers")
    assert fusilier is not None
    lt_group, lt = next((g, o) for g, o in fusilier.selectable_options() if o.is_lieutenant)
    assert lt_group is not None
    seekers, _ = seekers.with_trooper(1, fusilier.id, lt_group.id, lt.id)
    seekers, _ = seekers.with_trooper(1, sacha.id, group.id, found.id)
    legal(validate_in_catalog(seekers, small))
    plain = seekers.model_copy(update={"pack": "n5", "tier": None, "points": 300})
    assert codes(validate_in_catalog(plain, small)) == ["data.unknown_trooper"]


# ----- the five real lists of the rules tests, under ITS Season 17 at 300 ----------------------------

def test_the_real_lists_under_season_17_at_300(catalog: Catalog) -> None:
    from tests.test_rules_real_lists import build

    def at_300(army_id: int, picks: list, **settings: object) -> Report:  # type: ignore[type-arg]
        _, report = build(catalog, army_id, picks, pack="its-s17", tier="300", **settings)
        return report  # type: ignore[no-any-return]

    pano = at_300(101, [
        (1, "orc-troops", {"lieutenant": True, "points": 28}), (1, "orc-troops", {"points": 34}),
        *[(1, "fusiliers", {"points": 10})] * 6, (1, "fusiliers", {"points": 18}),
        (1, "nisses", {"points": 31}), (2, "nisses", {"points": 29}), (2, "swiss-guard", {"points": 47}),
        (2, "aquila-guard", {"points": 49})])
    legal(pano)
    sval = at_300(106, [
        (1, "orc-troops", {"lieutenant": True, "points": 31}), *[(1, "fusiliers", {"points": 10})] * 4,
        (1, "nisses", {"points": 31}), (1, "nisses", {"points": 29}), (1, "nisses", {"points": 28}),
        (1, "jotums", {"points": 82}), (2, "merc-csu-corporate-security-unit", {"points": 12}),
        (2, "merc-saito-togan", {"points": 33}), (2, "fusiliers", {"points": 12})],
        extras=("soldiers-of-fortune",))
    legal(sval)
    assert (sval.totals.mercenary_points, sval.totals.mercenary_points_limit) == (45, 85)
    nomads = at_300(501, [
        (1, "mobile-brigada", {"points": 33}), (1, "mobile-brigada", {"points": 38}),
        (1, "intruders", {"points": 32}), (1, "mobile-brigada", {"points": 29}),
        (2, "mobile-brigada", {"points": 27}), (2, "spektrs", {"points": 28}), (2, "hellcats", {"points": 19}),
        (2, "hellcats", {"points": 23}), (2, "securitate", {"points": 13}), (2, "securitate", {"points": 15}),
        (1, "zeros", {"points": 17}), (1, "zeros", {"points": 22})])
    assert nomads.codes() == ["lieutenant.missing"]
    orders = at_300(103, [
        (1, "teutonic-knights", {"lieutenant": True}), (1, "teutonic-knights", {"points": 28}),
        *[(1, "order-sergeants", {"points": 13})] * 3, (1, "order-sergeants", {"points": 15}),
        (2, "knight-of-justice", {"points": 41}), (2, "team-crux-father-knights", {"points": 46}),
        (2, "knights-hospitaller", {"points": 26}), (2, "knights-hospitaller", {"points": 27}),
        (2, "crusader-brethren", {"points": 23}), (2, "military-order-curators", {"points": 17}),
        (2, "sierra-dronbot", {"points": 18})])
    legal(orders)
    # the 350-point Reinforcements list: at 300 its main section (248) is over 300 − 100
    _, reinforced = build(catalog, 101, [
        (1, "fusiliers", {"commlink": True}), (1, "orc-troops", {"lieutenant": True, "points": 28}),
        *[(1, "fusiliers", {"points": 10})] * 5, (1, "nisses", {"points": 31}), (1, "orc-troops", {"points": 34}),
        (2, "swiss-guard", {"points": 44}), (2, "aquila-guard", {"points": 49})],
        reinforcements=[("reinf-neoterra-bolts", {"points": 21}), ("reinf-neoterra-bolts", {"points": 19}),
                        ("reinf-blade-ops", {"points": 17}), ("reinf-orc-troops", {"points": 28}),
                        ("reinf-blockers", {"points": 14})],
        pack="its-s17", tier="300", extras=("reinforcements",))
    assert reinforced.codes() == ["points.over_limit", "swc.over_budget"] or reinforced.codes() == [
        "points.over_limit"]
    _, at_350 = build(catalog, 101, [
        (1, "fusiliers", {"commlink": True}), (1, "orc-troops", {"lieutenant": True, "points": 28}),
        *[(1, "fusiliers", {"points": 10})] * 5, (1, "nisses", {"points": 31}), (1, "orc-troops", {"points": 34}),
        (2, "swiss-guard", {"points": 44}), (2, "aquila-guard", {"points": 49})],
        reinforcements=[("reinf-neoterra-bolts", {"points": 21}), ("reinf-neoterra-bolts", {"points": 19}),
                        ("reinf-blade-ops", {"points": 17}), ("reinf-orc-troops", {"points": 28}),
                        ("reinf-blockers", {"points": 14})],
        pack="its-s17", tier="350", extras=("reinforcements",))
    legal(at_350)


def test_the_season_rules_translate_nothing_while_validating(catalog: Catalog) -> None:
    """Soldiers of Fortune, the Reinforcements Extra, Free Game, notes of Extras without list effect and the
    350 tier's note: messages are data until shown, and read in both languages."""
    from test_messages_as_data import judged

    from armybuilder.i18n import render

    over = [*MERCS[:-1], ("merc-yuan-yuan", 7)]
    cases = [make(catalog, base_list(catalog) + merc_picks(catalog, over), tier="350",
                  extras=("soldiers-of-fortune", "direct-action")),
             make(catalog, base_list(catalog) + merc_picks(catalog), tier="300"),
             _with_reinforcements(catalog, commlink=False, section=False)]
    codes_seen: set[str] = set()
    for army_list in cases:
        report, _ = judged(catalog, army_list)
        codes_seen.update(report.codes())
        assert all(v.render("es") != v.render("en") for v in report.violations), report.codes()
        assert all(render(n, "es") != render(n, "en") for n in report.note_texts)
    assert {"mercenaries.over_points", "mercenaries.not_allowed", "reinforcements.required",
            "reinforcements.no_commlink"} <= codes_seen


# ----- the Reinforcements Extra on every faction, Soldiers of Fortune with a character in both lists --------

def _cheapest(units: tuple[Unit, ...], wanted: Callable[[Option], bool]) -> Pick | None:
    """The cheapest selectable option of these units that `wanted(option)` accepts."""
    best: Pick | None = None
    for unit in units:
        for group, found in unit.selectable_options():
            if group is None or found.disabled or not wanted(found):
                continue
            if best is None or found.points < best[2].points:
                best = (unit, group, found)
    return best


def test_the_reinforcements_extra_with_each_faction_s_reinforcements_army(catalog: Catalog) -> None:
    """Every army of the official data that has Reinforcements: a 350-Tier list with a Lieutenant, a Commlink
    trooper and one trooper of its own Reinforcements army is legal under the Extra; without the section, or
    without the Commlink trooper, each rule fires alone. An army none of whose units has Commlink (Dahshat,
    White Company) is told it cannot meet the Extra, never to "add one"."""
    def commlink(found: Option) -> bool:
        return any(s.name == "Commlink" for s in found.skills)

    checked, impossible = [], []
    for summary in catalog.armies():
        if summary.origin != "imported" or summary.kind == "reinforcements":
            continue
        main = catalog.army(summary.ref)
        if main.reinforcements is None:
            continue
        support = army(catalog, main.reinforcements)
        lieutenant = _cheapest(main.own_units, lambda o: o.is_lieutenant and not commlink(o))
        link = _cheapest(main.own_units, lambda o: commlink(o) and not o.is_lieutenant)
        # 8 points and more: a trooper, not a peripheral bought on its own (Palbots 3, Yáozăo 3…)
        reinforcement = _cheapest(support.units, lambda o: not o.is_lieutenant and o.points >= 8)
        assert lieutenant is not None and reinforcement is not None, summary.name

        def build(picks: list[Pick], section: bool = True, army_id: int = summary.id,
                  extra: Pick = reinforcement) -> Report:
            army_list = make(catalog, picks, army_id, tier="350", extras=("reinforcements",))
            if section:
                army_list, number = army_list.with_group(reinforcement=True)
                unit, group, found = extra
                army_list, _ = army_list.with_trooper(number, unit.id, group.id, found.id)
            return validate_in_catalog(army_list, catalog)

        if link is None:
            report = build([lieutenant])
            assert codes(report) == ["reinforcements.no_commlink"], summary.name
            assert "so no list of this army can meet Reinforcements" in report.violations[0].message
            assert "Add one" not in report.violations[0].message
            impossible.append(summary.id)
            continue
        legal(build([lieutenant, link]))
        assert codes(build([lieutenant, link], section=False)) == ["reinforcements.required"], summary.name
        report = build([lieutenant])
        assert codes(report) == ["reinforcements.no_commlink"], summary.name
        assert f"Add one. In {main.name}, for example:" in report.violations[0].message
        checked.append(summary.id)
    assert len(checked) >= 40 and sorted(impossible) == [908, 909]


def test_soldiers_of_fortune_with_a_character_in_the_army_and_in_the_pool(catalog: Catalog) -> None:
    """Hannibal is in the Neoterran Capitaline Army's own list and in its mercenary pool: the own one needs no
    Extra and counts no mercenary points, the pool one needs Soldiers of Fortune, and never both at once."""
    nca = army(catalog, 104)
    base = [option(nca, "fusiliers", lieutenant=True)] + [option(nca, "fusiliers", 10)] * 3
    own = option(nca, "hannibal-neoterran-mercenary-team-leader", 23)
    hired = option(nca, "merc-hannibal-mercenary-team-leader", 24)
    extras = ("soldiers-of-fortune",)
    report = validate_in_catalog(make(catalog, [*base, own], 104, tier="300"), catalog)
    legal(report)
    report = validate_in_catalog(make(catalog, [*base, own], 104, tier="300", extras=extras), catalog)
    legal(report)
    assert (report.totals.mercenary_points, report.totals.swc_limit) == (0, "6"), "no pool mercenary: no SWC taken"
    assert codes(validate_in_catalog(make(catalog, [*base, hired], 104, tier="300"), catalog)) == [
        "mercenaries.not_allowed"]
    report = validate_in_catalog(make(catalog, [*base, hired], 104, tier="300", extras=extras), catalog)
    legal(report)
    assert (report.totals.mercenary_points, report.totals.swc_limit) == (24, "5")
    report = validate_in_catalog(make(catalog, [*base, own, hired], 104, tier="300", extras=extras), catalog)
    assert codes(report) == ["characters.duplicate"]


def test_season_names_in_messages_are_in_the_player_s_language(catalog: Catalog) -> None:
    over = [*MERCS[:-1], ("merc-yuan-yuan", 7)]
    report = validate_in_catalog(make(catalog, base_list(catalog) + merc_picks(catalog, over), tier="300",
                                      extras=("soldiers-of-fortune",)), catalog)
    assert codes(report) == ["mercenaries.over_points"]
    assert "Soldados de Fortuna" in report.violations[0].render("es")
    report = validate_in_catalog(make(catalog, base_list(catalog), tier="275"), catalog)
    assert codes(report) == ["settings.unknown_tier"]
    assert report.violations[0].render("es").startswith("ITS Temporada 17 — Seekers no tiene")


def test_free_points_under_the_season_say_it_is_not_one_of_its_tiers(catalog: Catalog) -> None:
    """A code of 100 points opened under ITS S17, or a list set to free points: checked at its size, and the
    report says the season plays at tiers."""
    report = validate_in_catalog(make(catalog, base_list(catalog), points=100), catalog)
    legal(report)
    assert "ITS Season 17 — Seekers has no 100-point tier: the list is checked at 100 free points. Its games are " \
           "played at a tier (400, 350, 300, 250, 200, 150)." in report.notes
    at_tier = validate_in_catalog(make(catalog, base_list(catalog), tier="300"), catalog)
    assert not any("-point tier" in note for note in at_tier.notes)
