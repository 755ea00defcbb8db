"""Spec-Ops on the official data: the table is imported, a Spec-Ops is built from it within 12 XP, saved
with the list, written to and read from army codes, and printed (open items on the courtesy list)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from export_lists import options as fixed_options

from armybuilder.data.armycode import decode
from armybuilder.data.armycode_lists import convert, encode_list
from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import dumps_list, loads_list
from armybuilder.domain import Army, ArmyList
from armybuilder.domain.profiles import SpecOpsTable
from armybuilder.domain.specops import SpecOpsPick, SpecOpsUpgrade, picks_from_code, picks_to_code
from armybuilder.export.printout import prepare
from armybuilder.export.text import courtesy_text, full_text
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import Report, validate_in_catalog

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def catalog(imported_source: Any) -> Catalog:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    catalog.add_source(imported_source)
    return catalog


def pano(catalog: Catalog) -> Army:
    return catalog.army(("imported", 101))


def table(army: Army) -> SpecOpsTable:
    assert army.specops is not None
    return army.specops


def upgrade(army: Army, name: str, extras: tuple[str, ...] = ()) -> SpecOpsUpgrade:
    return next(u for u in table(army).upgrades if u.item.name == name and u.item.extras == extras)


def spec_list(catalog: Catalog, bought: list[SpecOpsUpgrade], extras: tuple[str, ...] = ("spec-ops",),
              count: int = 1) -> ArmyList:
    """A Fusilier Lieutenant, a Fusilier and `count` Spec-Ops built on the Fusilier Indigo base."""
    army = pano(catalog)
    summary = catalog.find(101, prefer=("imported",))
    assert summary is not None
    army_list = ArmyList(army=summary.ref, pack="its-s17", tier="300", extras=extras)
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    for group, option in fusiliers.selectable_options():
        assert group is not None
        if option.is_lieutenant or (option.points == 10 and str(option.swc) == "0" and army_list.trooper_count < 3):
            army_list, _ = army_list.with_trooper(1, fusiliers.id, group.id, option.id)
    unit, group, base = next(b for b in table(army).bases() if b[2].name == "FUSILIER INDIGO")
    for _ in range(count):
        army_list, _ = army_list.with_trooper(1, unit.id, group.id, base.id,
                                              specops=tuple(SpecOpsPick.of(u) for u in bought))
    return army_list


def check(catalog: Catalog, army_list: ArmyList) -> Report:
    return validate_in_catalog(army_list, catalog)


def codes(report: Report) -> list[str]:
    return [v.code for v in report.violations]


def twelve(army: Army) -> list[SpecOpsUpgrade]:
    """Mimetism (-6) 7 + Light Shotgun 3 + Dodge (+3) 2 = 12 XP."""
    return [upgrade(army, "Mimetism", ("-6",)), upgrade(army, "Light Shotgun"), upgrade(army, "Dodge", ("+3",))]


def test_every_army_with_a_table_has_bases_and_priced_upgrades(catalog: Catalog) -> None:
    with_table = 0
    for summary in catalog.armies():
        if summary.origin != "imported" or summary.kind == "reinforcements":
            continue
        army = catalog.army(summary.ref)
        if army.specops is None:
            continue
        with_table += 1
        assert list(army.specops.bases()), army.name
        assert all(u.xp > 0 for u in army.specops.upgrades)
    assert with_table >= 44
    hacking = upgrade(pano(catalog), "Hacking Device")
    assert [(g.kind, g.item.name) for g in hacking.grants] == [("skill", "Hacker")]


def test_a_spec_ops_of_12_xp_is_legal_and_its_items_count(catalog: Catalog) -> None:
    army = pano(catalog)
    report = check(catalog, spec_list(catalog, twelve(army)))
    assert report.legal, [v.message for v in report.violations]
    spec = next(t for t in report.roster.troopers if t.specops is not None)
    assert spec.specops is not None and spec.specops.xp == 12
    assert spec.has_item("Mimetism") and spec.has_item("Light Shotgun")
    assert spec.points == 11, "XP costs no points: the base's cost"
    engineer = check(catalog, spec_list(catalog, [upgrade(army, "Engineer")]))
    trooper = next(t for t in engineer.roster.troopers if t.specops is not None)
    assert trooper.has_item("GizmoKit"), "what comes with an upgrade comes with it"


def test_over_12_xp_fires_alone(catalog: Catalog) -> None:
    army = pano(catalog)
    report = check(catalog, spec_list(catalog, [*twelve(army), upgrade(army, "D-Charges")]))  # 13 XP
    assert codes(report) == ["specops.over_xp"]
    assert "13 XP, 1 over the 12 XP" in report.violations[0].message


def test_an_upgrade_the_table_does_not_offer_fires_alone(catalog: Catalog) -> None:
    army_list = spec_list(catalog, [upgrade(pano(catalog), "Light Shotgun")])
    uid = army_list.groups[0].troopers[-1].uid
    army_list = army_list.with_specops(uid, (SpecOpsPick(type="weapon", id=28), SpecOpsPick(type="weapon", id=999)))
    report = check(catalog, army_list)
    assert codes(report) == ["specops.not_offered"]
    assert "weapon id 999" in report.violations[0].message


def test_a_spec_ops_needs_the_extra_and_there_is_one(catalog: Catalog) -> None:
    army = pano(catalog)
    report = check(catalog, spec_list(catalog, twelve(army), extras=()))
    assert codes(report) == ["specops.not_allowed"]
    assert "Switch on Spec-Ops in ITS Season 17" in report.violations[0].message
    report = check(catalog, spec_list(catalog, [upgrade(army, "Light Shotgun")], count=2))
    assert codes(report) == ["specops.too_many"]
    report = check(catalog, spec_list(catalog, [upgrade(army, "Light Shotgun")] * 2))
    assert codes(report) == ["specops.duplicate_upgrade"]


def test_two_levels_of_one_skill_fire_alone(catalog: Catalog) -> None:
    """Mimetism (-3) 5 XP + Mimetism (-6) 7 XP fit in 12 XP, but a trooper has one level of a skill; the
    builder no longer offers the other level once one is ticked."""
    from armybuilder.rules.specops import affordable

    army = pano(catalog)
    low, high = upgrade(army, "Mimetism", ("-3",)), upgrade(army, "Mimetism", ("-6",))
    report = check(catalog, spec_list(catalog, [low, high]))
    assert codes(report) == ["specops.duplicate_upgrade"]
    assert "Mimetism (-3) + Mimetism (-6)" in report.violations[0].message
    assert check(catalog, spec_list(catalog, [high, upgrade(army, "Light Shotgun")])).legal
    offer = affordable(table(army), (SpecOpsPick.of(low),), 12)
    assert high.key not in offer and upgrade(army, "Light Shotgun").key in offer


def test_attribute_improvements_are_kept_and_said_to_be_unchecked(catalog: Catalog) -> None:
    army_list = spec_list(catalog, [upgrade(pano(catalog), "Light Shotgun")])
    uid = army_list.groups[0].troopers[-1].uid
    picks = (*army_list.groups[0].troopers[-1].specops, SpecOpsPick(type="stat", stat="bs", q=1))
    report = check(catalog, army_list.with_specops(uid, picks))
    assert codes(report) == ["specops.stats_not_checked"] and report.legal
    assert "BS +1" in report.violations[0].message


def test_upgrades_on_a_plain_trooper_are_reported(catalog: Catalog) -> None:
    army_list = spec_list(catalog, [])
    plain = army_list.groups[0].troopers[1].uid
    report = check(catalog, army_list.with_specops(plain, (SpecOpsPick(type="weapon", id=28),)))
    assert "specops.not_a_base" in codes(report)


def test_the_spec_ops_is_saved_with_the_list(catalog: Catalog) -> None:
    army = pano(catalog)
    army_list = spec_list(catalog, twelve(army))
    report = check(catalog, army_list)
    text = dumps_list(army_list, report.roster)
    assert "specops_xp: 12" in text and "name: Mimetism (-6)" in text
    loaded = loads_list(text)
    assert loaded.army_list == army_list


def test_the_spec_ops_travels_in_army_codes(catalog: Catalog) -> None:
    army = pano(catalog)
    army_list = spec_list(catalog, twelve(army))
    code = encode_list(army_list, 300)
    decoded = decode(code)
    member = decoded.groups[0].members[-1]
    assert member.specops is not None and len(member.specops) == 1
    back = convert(decoded, catalog)
    assert back.army_list.groups[0].troopers[-1].specops == army_list.groups[0].troopers[-1].specops
    assert all(t.specops == () for t in back.army_list.groups[0].troopers[:-1])
    assert decoded.groups[0].members[0].specops is None, "a trooper without upgrades gets the flag 0"
    report = validate_in_catalog(back.army_list.model_copy(update={"pack": "its-s17", "tier": "300",
                                                                   "points": None, "extras": ("spec-ops",)}), catalog)
    assert report.legal, [v.message for v in report.violations]


def test_code_strings_read_as_the_official_builder_writes_them() -> None:
    """The real code of docs/army-codes.md: one string with three upgrades, another trooper with two strings."""
    picks, problems = picks_from_code(['[{"type":"stat","stat":"move0","q":15},{"type":"stat","stat":"move1","q":10},'
                                       '{"type":"skill","id":40,"extra":[6]}]'])
    assert problems == [] and [p.type for p in picks] == ["stat", "stat", "skill"] and picks[2].extra == (6,)
    picks, _ = picks_from_code(['[{"type":"stat","stat":"bs","q":1}]', '[{"type":"skill","id":28,"extra":[6]}]'])
    assert picks_to_code(picks) == ('[{"type":"stat","stat":"bs","q":1},{"type":"skill","id":28,"extra":[6]}]',)
    assert picks_from_code(["{broken"])[1]


def test_the_spec_ops_is_printed_and_its_open_items_are_on_the_courtesy_list(catalog: Catalog) -> None:
    army = pano(catalog)
    bought = [upgrade(army, "Light Shotgun"), upgrade(army, "Counterintelligence")]
    doc = prepare(spec_list(catalog, bought), catalog)
    full = full_text(doc, fixed_options(allow_illegal=True))
    assert "Spec-Ops, 11 XP: Light Shotgun 3, Counterintelligence 8" in full
    courtesy = courtesy_text(doc, fixed_options(allow_illegal=True))
    assert "Light Shotgun" in courtesy, "what it carries is on the model: open"
    assert "Counterintelligence" not in courtesy and "XP" not in courtesy, "its private skill and its XP are not"


def test_spanish_summary(catalog: Catalog, tmp_path: Path) -> None:
    from armybuilder.i18n import language_override

    doc = prepare(spec_list(catalog, [upgrade(pano(catalog), "Light Shotgun")]), catalog)
    with language_override("es"):
        full = full_text(doc, fixed_options(allow_illegal=True, language="es"))
    assert "Spec-Ops, 3 XP:" in full


def test_the_spec_ops_rules_translate_nothing_while_validating(catalog: Catalog) -> None:
    from test_messages_as_data import judged

    army = pano(catalog)
    over = spec_list(catalog, [*twelve(army), upgrade(army, "D-Charges")], count=2)
    uid = over.groups[0].troopers[-1].uid
    over = over.with_specops(uid, (*over.groups[0].troopers[-1].specops, SpecOpsPick(type="weapon", id=999),
                                   SpecOpsPick(type="stat", stat="bs", q=1)))
    report, _ = judged(catalog, over)
    assert {"specops.too_many", "specops.over_xp", "specops.not_offered", "specops.stats_not_checked"} <= set(
        report.codes())
    assert all(v.render("es") != v.render("en") for v in report.violations if v.code.startswith("specops"))
    report, _ = judged(catalog, spec_list(catalog, twelve(army), extras=()))
    assert report.codes() == ["specops.not_allowed"] and report.violations[0].render("es").startswith("FUSILIERS es")


def test_code_decode_shows_the_spec_ops(catalog: Catalog, imported_data: Any,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from armybuilder.cli import main

    code = encode_list(spec_list(catalog, [upgrade(pano(catalog), "Light Shotgun")]), 300)
    assert main(["code", "decode", code, "--data", str(imported_data.data_dir)]) == 0
    assert "FUSILIER INDIGO [Spec-Ops, 3 XP]" in capsys.readouterr().out
    assert main(["code", "decode", code, "--data", str(imported_data.data_dir), "--json"]) == 0
    troopers = json.loads(capsys.readouterr().out)["groups"][0]["troopers"]
    assert troopers[-1]["specops_xp"] == 3 and troopers[-1]["specops"] == ['[{"type":"weapon","id":28}]']
