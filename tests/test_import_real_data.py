"""The 56 official army files import completely, and what they say survives the conversion.

Every expected value is read from the raw JSON in the test (never from our output), except the
facts the issue states outright (Svalarheima's chart limits, the Fusilier Lieutenant's cost…),
which are checked against the raw files too.
"""

from __future__ import annotations

import json
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from armybuilder.data.cache import ImportedSource
from armybuilder.data.importer import ImportReport
from armybuilder.data.profiles_yaml import check_army
from armybuilder.domain import ArmyList, ArmyRef, CombatGroup, FireteamType, OrderType, Trooper, UnitType
from armybuilder.domain.profiles import Army, Unit
from armybuilder.domain.roster import resolve
from armybuilder.domain.values import AVA_TOTAL, Category

pytestmark = pytest.mark.shared


@cache
def raw(folder: Path, slug: str) -> dict[str, Any]:
    with (folder / f"{slug}.json").open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def raw_unit(folder: Path, slug: str, unit_slug: str) -> dict[str, Any]:
    return next(u for u in raw(folder, slug)["units"] if u["slug"] == unit_slug)


def raw_option(unit: dict[str, Any], group: int, option: int) -> dict[str, Any]:
    grp = next(g for g in unit["profileGroups"] if g["id"] == group)
    return next(o for o in grp["options"] if o["id"] == option)


def filter_name(folder: Path, slug: str, kind: str, item_id: int) -> str:
    name = next(e["name"] for e in raw(folder, slug)["filters"][kind] if e["id"] == item_id)
    return " ".join(name.split())


def army_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if p.name != "army.json")


def unit(army: Army, slug: str) -> Unit:
    found = army.unit_by_slug(slug)
    assert found is not None, f"{army.name} has no unit {slug}"
    return found


# ----- the whole set -----------------------------------------------------------------------------

def test_all_armies_import_without_errors(imported_data: ImportReport, official_data: Path) -> None:
    report = imported_data
    assert report.fatal is None
    assert report.all_errors == [], "\n".join(map(str, report.all_errors))
    imported = [a for a in report.armies if a.status == "imported"]
    assert len(imported) == len(army_files(official_data)) == 56
    assert report.written


@pytest.mark.slow
def test_counts_match_the_raw_files(imported_source: ImportedSource, official_data: Path) -> None:
    metadata = json.loads((official_data / "army.json").read_text(encoding="utf-8"))
    by_slug: dict[str, list[int]] = {}
    for faction in metadata["factions"]:
        by_slug.setdefault(faction["slug"], []).append(faction["id"])
    totals = {"armies": 0, "units": 0, "options": 0, "team_options": 0, "teams": 0}
    for path in army_files(official_data):
        data = raw(official_data, path.stem)
        entry = next(e for e in imported_source.index.armies if e.slug == path.stem)
        assert entry.id in by_slug[path.stem]
        army = imported_source.load(entry.id)
        options = sum(len(g["options"]) for u in data["units"] for g in u["profileGroups"])
        team_options = sum(len(u["options"]) for u in data["units"])
        profiles = sum(len(g["profiles"]) for u in data["units"] for g in u["profileGroups"])
        assert len(army.units) == len(data["units"]), path.name
        assert sum(len(g.options) for u in army.units for g in u.profile_groups) == options, path.name
        assert sum(len(u.options) for u in army.units) == team_options, path.name
        assert sum(len(g.profiles) for u in army.units for g in u.profile_groups) == profiles, path.name
        assert len(army.fireteam_chart.teams) == len(data["fireteamChart"]["teams"]), path.name
        assert len(army.relations) == len(data["relations"]), path.name
        assert sum(1 for u in army.units if u.mercenary) == sum(1 for u in data["units"] if not u["factions"])
        assert entry.counts["units"] == len(data["units"]) and entry.counts["options"] == options
        totals["armies"] += 1
        totals["units"] += len(army.units)
        totals["options"] += options
        totals["team_options"] += team_options
        totals["teams"] += len(army.fireteam_chart.teams)
    assert totals["armies"] == len(imported_source.summaries()) == 56
    assert totals["units"] == sum(len(raw(official_data, p.stem)["units"]) for p in army_files(official_data))


@pytest.mark.slow
def test_imported_armies_are_exactly_what_validation_builds(imported_source: ImportedSource) -> None:
    """The fast construction path builds the same models pydantic validation would."""
    for summary in imported_source.summaries():
        army = imported_source.load(summary.id)
        assert Army.model_validate(army.model_dump()) == army, army.name


def test_imported_armies_are_internally_consistent(imported_source: ImportedSource) -> None:
    """Unique ids, includes that resolve; relations and charts may name other armies' units."""
    for summary in imported_source.summaries():
        army = imported_source.load(summary.id)
        problems = [(path, message) for path, message in check_army(army)
                    if path[0] not in ("relations", "fireteam_chart")]
        assert problems == [], army.name
        for u in army.units:
            for _group, option in u.selectable_options():
                for inc in option.includes:
                    assert u.option(inc.group, inc.option) is not None, (army.name, u.name, option.name)


def test_names_are_clean(imported_source: ImportedSource) -> None:
    """Non-breaking spaces, newlines and double spaces never reach a name."""
    def check(text: str) -> None:
        assert "\u00a0" not in text and "\n" not in text and "  " not in text, repr(text)

    for summary in imported_source.summaries():
        check(summary.name)
        army = imported_source.load(summary.id)
        for u in army.units:
            check(u.name)
            for g in u.profile_groups:
                check(g.name)
                for p in g.profiles:
                    for item in (*p.skills, *p.equipment, *p.weapons):
                        check(item.label)
                for o in g.options:
                    check(o.name)
                    for item in (*o.skills, *o.equipment, *o.weapons, *o.peripherals):
                        check(item.label)
    for weapon in imported_source.weapons().values():
        check(weapon.label)
    exrah = imported_source.load(699)
    assert exrah.name == "The Exrah Comissariat"


# ----- spot checks -------------------------------------------------------------------------------

def test_fusilier_lieutenant_option(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(101)
    fusiliers = unit(army, "fusiliers")
    raw_fus = raw_unit(official_data, "panoceania", "fusiliers")
    lieutenants = [(g, o) for g, o in fusiliers.selectable_options() if o.is_lieutenant]
    assert len(lieutenants) == 1
    group, option = lieutenants[0]
    assert group is not None
    expected = raw_option(raw_fus, group.id, option.id)
    assert any(o["type"] == "LIEUTENANT" for o in expected["orders"])
    assert option.points == expected["points"] == 10
    assert str(option.swc) == expected["swc"] == "0"
    lieutenant_order = next(o for o in option.orders if o.type is OrderType.LIEUTENANT)
    assert lieutenant_order.pooled is False  # `list: 0` in the data: not in the Order Pool
    regular = next(o for o in option.orders if o.type is OrderType.REGULAR)
    assert regular.pooled and regular.total == 1
    assert [w.name for w in option.weapons] == [filter_name(official_data, "panoceania", "weapons", w["id"])
                                                for w in expected["weapons"]]


def test_jotum_stat_line(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(106)
    jotum = unit(army, "jotums").profile_groups[0].profiles[0]
    expected = raw_unit(official_data, "svalarheima-s-winter-force", "jotums")["profileGroups"][0]["profiles"][0]
    assert jotum.type is UnitType.TAG and expected["type"] == 4
    assert jotum.move == tuple(expected["move"]) == (15, 10)
    stats = (jotum.cc, jotum.bs, jotum.ph, jotum.wip, jotum.arm, jotum.bts, jotum.w, jotum.s)
    assert stats == tuple(expected[k] for k in ("cc", "bs", "ph", "wip", "arm", "bts", "w", "s"))
    assert jotum.structure is True and expected["str"] is True
    assert jotum.ava == expected["ava"] == 2
    assert list(jotum.characteristics) == [filter_name(official_data, "svalarheima-s-winter-force", "chars", c)
                                           for c in expected["chars"]]
    assert "Hackable" in jotum.characteristics


def test_svalarheima_fireteam_chart(imported_source: ImportedSource, official_data: Path) -> None:
    chart = imported_source.load(106).fireteam_chart
    spec = raw(official_data, "svalarheima-s-winter-force")["fireteamChart"]
    assert spec["spec"] == {"CORE": 1, "HARIS": 2, "DUO": 256}
    assert chart.limits == {FireteamType.CORE: 1, FireteamType.HARIS: 2, FireteamType.DUO: 256}
    assert chart.limit(FireteamType.DUO) is None and chart.limit(FireteamType.HARIS) == 2
    assert [t.name for t in chart.teams] == [t["name"] for t in spec["teams"]]
    fusiliers_team = chart.team("Fusiliers Fireteam")
    assert fusiliers_team is not None
    assert fusiliers_team.types == (FireteamType.HARIS, FireteamType.CORE)
    hawkins = next(m for m in fusiliers_team.members if m.slug == "knight-hospitaller-kyle-hawkins")
    assert (hawkins.min, hawkins.max, hawkins.terms) == (0, 1, ("Fusiliers",))
    alpha = chart.team("WinterFor Alpha Fireteams")
    assert alpha is not None and all(m.required for m in alpha.members if m.slug != "karhu-special-group")
    wildcards = chart.wildcards
    assert wildcards and all(not t.types for t in chart.teams if t.name == "Wildcards")
    uma = next(m for m in wildcards if m.name == "UMA SØRENSEN")
    assert uma.fto == "FTO" and uma.terms == ("Fusilier", "Nisse")


def test_reinforcements_are_linked(imported_source: ImportedSource, official_data: Path) -> None:
    panoceania = imported_source.load(101)
    assert panoceania.reinforcements == raw(official_data, "panoceania")["reinforcements"] == 199
    code_capital = imported_source.load(199)
    assert code_capital.kind == "reinforcements" and code_capital.parent == 101
    assert all(u.name.upper().startswith("REINF") for u in code_capital.units)
    # two factions share contracted-back-up.json: the one the NA2 armies name is the army's id
    druze = imported_source.load(902)
    assert druze.reinforcements == raw(official_data, "druze")["reinforcements"] == 999
    backup = imported_source.load(999)
    assert backup.kind == "reinforcements" and backup.parent == 901 and backup.slug == "contracted-back-up"
    assert imported_source.load(998) == backup
    assert [s.id for s in imported_source.summaries()].count(999) == 1
    assert 998 not in [s.id for s in imported_source.summaries()]


def test_kinds_parents_versions_and_labels(imported_source: ImportedSource, official_data: Path) -> None:
    summaries = {s.id: s for s in imported_source.summaries()}
    assert (summaries[101].kind, summaries[101].parent) == ("vanilla", None)
    assert (summaries[106].kind, summaries[106].parent) == ("sectorial", 101)
    assert summaries[101].version == raw(official_data, "panoceania")["version"]
    assert summaries[101].label == f"PanOceania ({summaries[101].version})"
    assert summaries[102].discontinued is True and summaries[106].discontinued is False
    army = imported_source.load(106)
    assert (army.origin, army.edition, army.version) == ("imported", "n5", summaries[106].version)
    assert army.label == summaries[106].label


def test_mercenary_pool(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(101)
    merc = unit(army, "merc-scarface-and-cordelia")
    assert raw_unit(official_data, "panoceania", "merc-scarface-and-cordelia")["factions"] == []
    assert merc.mercenary and merc in army.mercenary_units and merc not in army.own_units
    fusiliers = unit(army, "fusiliers")
    assert not fusiliers.mercenary and 101 in fusiliers.factions


def test_team_option_spans_groups_and_costs_what_the_data_says(imported_source: ImportedSource,
                                                               official_data: Path) -> None:
    army = imported_source.load(101)
    team_unit = unit(army, "merc-scarface-and-cordelia")
    expected = raw_unit(official_data, "panoceania", "merc-scarface-and-cordelia")["options"][0]
    team = team_unit.option(0, expected["id"])
    assert team is not None
    assert (team.points, str(team.swc), team.minis) == (expected["points"], expected["swc"], expected["minis"])
    assert [(i.group, i.option, i.quantity) for i in team.includes] == [
        (i["group"], i["option"], i["q"]) for i in expected["includes"]]
    assert all(i.priced_in for i in team.includes)
    assert [(o.type.value, o.total) for o in team.orders] == [(o["type"], o["total"]) for o in expected["orders"]]
    roster = resolve(_list(army, (team_unit.id, 0, team.id)), army)
    assert not roster.unresolved
    assert roster.points == expected["points"]  # the team option's points already count both troopers
    assert roster.swc_halves == int(Decimal(expected["swc"]) * 2)


def test_included_peripherals_are_priced_in(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(101)
    fiddler = unit(army, "merc-fiddler-aristeia-s-ex-toymaker")
    raw_fiddler = raw_unit(official_data, "panoceania", "merc-fiddler-aristeia-s-ex-toymaker")
    two_bots = next(o for g, o in fiddler.selectable_options() if o.includes and o.includes[0].quantity == 2)
    expected = raw_option(raw_fiddler, 1, two_bots.id)
    bot = raw_option(raw_fiddler, expected["includes"][0]["group"], expected["includes"][0]["option"])
    assert two_bots.peripherals[0].name == "JACKBOT" and two_bots.peripherals[0].quantity == 2
    roster = resolve(_list(army, (fiddler.id, 1, two_bots.id)), army)
    assert roster.points == expected["points"] and roster.points != expected["points"] + 2 * bot["points"]
    assert len(roster.troopers[0].peripherals) == 1 and roster.troopers[0].peripherals[0].quantity == 2
    bot_group = fiddler.group(2)
    assert bot_group is not None and bot_group.is_peripheral
    assert bot_group.options[0].disabled is bot["disabled"] is True
    assert bot_group.profiles[0].ava is None  # -1 in the data: not applicable


def test_bonus_swc_option(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(101)
    harper = unit(army, "dr-priya-harper-archeo-raider")
    raw_harper = raw_unit(official_data, "panoceania", "dr-priya-harper-archeo-raider")
    for group, option in harper.selectable_options():
        assert group is not None
        expected = raw_option(raw_harper, group.id, option.id)
        assert str(option.swc) == expected["swc"]
        if expected["swc"] == "+1":
            assert option.swc.is_bonus and option.swc.halves == 0 and option.swc.budget_bonus_halves == 2
    assert any(o.swc.is_bonus for _, o in harper.selectable_options())


def test_dash_swc_and_disabled_option(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(101)
    drummers = unit(army, "drummers-mobile-support-section")
    drumbot = drummers.option(2, 1)
    expected = raw_option(raw_unit(official_data, "panoceania", "drummers-mobile-support-section"), 2, 1)
    assert drumbot is not None and expected["swc"] == "-"
    assert drumbot.swc.is_none and str(drumbot.swc) == "-" and drumbot.disabled


def test_items_resolve_with_extras_quantities_and_order(imported_source: ImportedSource,
                                                        official_data: Path) -> None:
    army = imported_source.load(101)
    bolts = unit(army, "neoterra-bolts")
    raw_bolts = raw_unit(official_data, "panoceania", "neoterra-bolts")
    profile_raw = raw_bolts["profileGroups"][0]["profiles"][0]
    profile = bolts.profile_groups[0].profiles[0]
    for item, entry in zip(profile.skills, profile_raw["skills"], strict=True):
        assert item.id == entry["id"] and item.quantity == entry.get("q")
        assert item.name == filter_name(official_data, "panoceania", "skills", entry["id"])
        assert list(item.extras) == [
            filter_name(official_data, "panoceania", "extras", x) + (" cm" if _is_distance(official_data, x) else "")
            for x in entry.get("extra", [])]
    option = bolts.option(1, 3)
    expected = raw_option(raw_bolts, 1, 3)
    first = expected["weapons"][0]
    assert option is not None and option.weapons[0].id == first["id"]
    assert option.weapons[0].extras == (filter_name(official_data, "panoceania", "extras", first["extra"][0]),)
    # items follow the data's `order`, even where the list is not written in that order
    monstruckers = raw_unit(official_data, "ariadna", "merc-monstruckers")
    shuffled = next(o for g in monstruckers["profileGroups"] for o in g["options"]
                    if [w["order"] for w in o["weapons"]] != sorted(w["order"] for w in o["weapons"]))
    converted = unit(imported_source.load(301), "merc-monstruckers").option(1, shuffled["id"])
    assert converted is not None
    assert [w.id for w in converted.weapons] == [w["id"] for w in sorted(shuffled["weapons"], key=lambda w: w["order"])]


def _is_distance(folder: Path, extra_id: int) -> bool:
    return any(e["id"] == extra_id and e["type"] == "DISTANCE" for e in raw(folder, "panoceania")["filters"]["extras"])


def test_distance_extras_say_cm(imported_source: ImportedSource) -> None:
    dodges = {item.label for u in imported_source.load(101).units for g in u.profile_groups for p in g.profiles
              for item in p.skills if item.name == "Dodge"}
    assert "Dodge (+5 cm)" in dodges


def test_ava_categories_and_unit_notes(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(101)
    fusiliers = unit(army, "fusiliers")
    assert raw_unit(official_data, "panoceania", "fusiliers")["profileGroups"][0]["profiles"][0]["ava"] == 255
    assert fusiliers.ava == AVA_TOTAL
    assert fusiliers.category is Category.LINE
    assert unit(army, "jeanne-d-arc").is_character
    yojimbo = unit(army, "merc-yojimbo-sword-for-hire")
    assert yojimbo.notes == raw_unit(official_data, "panoceania", "merc-yojimbo-sword-for-hire")["notes"].strip()


def test_relations_with_dependencies(imported_source: ImportedSource, official_data: Path) -> None:
    army = imported_source.load(202)
    raw_relations = raw(official_data, "imperial-service")["relations"]
    index, expected = next((i, r) for i, r in enumerate(raw_relations)
                           if any(d.get("minDependant") for m in r["units"] for d in m.get("depends", [])))
    relation = army.relations[index]
    member = relation.members[0]
    dep = member.depends[0]
    raw_dep = expected["units"][0]["depends"][0]
    assert (member.unit, member.group) == (expected["units"][0]["unit"], expected["units"][0]["profile"])
    assert (dep.unit, dep.group, dep.min, dep.per, dep.whole_group) == (
        raw_dep["unit"], raw_dep["profile"], raw_dep["min"], raw_dep["minDependant"], raw_dep["group"])
    assert relation.max is None and "max" not in expected
    simple = imported_source.load(101).relations[0]
    raw_simple = raw(official_data, "panoceania")["relations"][0]
    assert (simple.min, simple.max, simple.group) == (raw_simple["min"], raw_simple["max"], raw_simple["group"])
    assert [m.unit for m in simple.members] == [m["unit"] for m in raw_simple["units"]]


def test_weapon_profiles_from_army_json(imported_source: ImportedSource, official_data: Path) -> None:
    metadata = json.loads((official_data / "army.json").read_text(encoding="utf-8"))
    weapons = imported_source.weapons()
    assert len(weapons) == len(metadata["weapons"])
    modes = [w for w in weapons.values() if w.name == "MULTI Rifle"]
    raw_modes = [w for w in metadata["weapons"] if w["name"] == "MULTI Rifle"]
    assert sorted(w.mode or "" for w in modes) == sorted(w["mode"] for w in raw_modes)
    assert weapons["MULTI Rifle (AP Mode)"].label == "MULTI Rifle (AP Mode)"
    raw_adhesive = next(w for w in metadata["weapons"] if w["name"] == "Adhesive Launcher Rifle")
    adhesive = weapons["Adhesive Launcher Rifle"]
    assert [r.max_cm for r in adhesive.ranges] == sorted(b["max"] for b in raw_adhesive["distance"].values())
    assert adhesive.ranges[0].mod == raw_adhesive["distance"]["short"]["mod"]
    ammo = {a["id"]: a["name"] for a in metadata["ammunitions"]}
    assert adhesive.ammunition == ammo[raw_adhesive["ammunition"]]
    assert list(adhesive.properties) == raw_adhesive["properties"]
    repeater = next(w for w in weapons.values() if w.name == "Deployable Repeater")
    assert repeater.profile == "ARM=0, BTS=0, STR=1, S=1"


def test_oddities_of_the_data_are_reported_not_hidden(imported_data: ImportReport) -> None:
    melek = next(a for a in imported_data.armies if a.slug == "melek-reaction-group")
    unnamed = [i for i in melek.issues if i.path.endswith(".name")]
    assert len(unnamed) == 1 and unnamed[0].severity == "warning" and "1662" in unnamed[0].unit
    backup = next(a for a in imported_data.armies if a.slug == "contracted-back-up")
    assert any("998" in i.message for i in backup.issues)
    panoceania = next(a for a in imported_data.armies if a.slug == "panoceania")
    assert any("empty entries" in i.message and i.severity == "info" for i in panoceania.issues)
    skipped = [a for a in imported_data.armies if a.status == "skipped"]
    assert [a.army_id for a in skipped] == [901]


def _list(army: Army, *troopers: tuple[int, int, int]) -> ArmyList:
    members = tuple(Trooper(uid=f"t{i}", unit=u, group=g, option=o) for i, (u, g, o) in enumerate(troopers, 1))
    return ArmyList(army=ArmyRef(origin="imported", id=army.id, slug=army.slug),
                    groups=(CombatGroup(number=1, troopers=members),))


def test_real_lists_cost_their_limit_with_peripherals_priced_in(imported_data: ImportReport) -> None:
    """Full lists from the official builder (tests/data/army_code_corpus.yaml.gz) cost exactly their limit only
    when an option's included peripherals are priced in: added on top, Haqqislam's 300-point list
    would cost 314 and Steel Phalanx's 200-point list 207."""
    from armycode_support import real

    from armybuilder.data.armycode_lists import decode_list
    from armybuilder.data.cache import attach_imported
    from armybuilder.data.catalog import Catalog

    catalog = Catalog(sources=[], packs={})
    attach_imported(catalog, imported_data.data_dir)
    checked = 0
    for name in ("", " 200 myrm", "JoNiRo-Dichord!", "Bald Burgers ", "Lobo Hardlock"):
        fixture = real(name=name)
        result = decode_list(fixture["code"], catalog)
        assert result.unresolved == [], fixture["slug"]
        troopers = [t for t in result.troopers if hasattr(t, "points")]
        assert sum(t.points for t in troopers) == fixture["points"], fixture["slug"]
        checked += 1
    assert checked == 5
