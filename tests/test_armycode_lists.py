"""Army codes ↔ army lists: armies and troopers resolved, unknown ones kept and reported, lists written as codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from armycode_support import MORAT_REINFORCEMENTS_CODE, OfficialIdsSource, raw_option, real, sample, write_synthetic

from armybuilder.data.armycode import ArmyCodeError, CodeGroup, CodeMember, DecodedCode, Framing, MemberForm, decode
from armybuilder.data.armycode_lists import (
    builder_link,
    convert,
    decode_list,
    encode_list,
    from_army_list,
    list_code,
    points_limit,
    to_army_list,
)
from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef, CombatGroup, Trooper
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.domain.values import Swc
from armybuilder.paths import bundled_profiles_dir


@pytest.fixture
def synthetic_catalog(tmp_path: Path) -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir(), write_synthetic(tmp_path / "profiles")])


def test_a_code_becomes_a_list_with_every_trooper_kept(synthetic_catalog: Catalog) -> None:
    army_list = to_army_list(decode(MORAT_REINFORCEMENTS_CODE), synthetic_catalog)
    assert army_list.army.id == 602 and army_list.army.origin == "bundled" and army_list.army.slug == "morat"
    assert army_list.points == 300 and army_list.name == ""
    assert [(g.number, g.reinforcement, len(g.troopers)) for g in army_list.groups] == [
        (1, False, 3), (2, False, 1), (3, True, 3), (4, True, 2)]
    assert [t.uid for _, t in army_list.troopers()] == [f"t{i}" for i in range(1, 10)]
    assert army_list.groups[0].troopers[2] == Trooper(uid="t3", unit=492, group=1, option=11)


def test_troopers_are_resolved_and_unknown_ones_reported(synthetic_catalog: Catalog) -> None:
    result = decode_list(MORAT_REINFORCEMENTS_CODE, synthetic_catalog)
    resolved = [t for t in result.troopers if isinstance(t, ResolvedTrooper)]
    assert [(t.unit.name, t.points) for t in resolved] == [("Unit A", 20), ("Unit B", 31), ("Reinf C", 12)]
    assert result.reinforcement_army is not None and result.reinforcement_army.id == 699
    assert sorted(t.trooper.uid for t in result.unresolved) == ["t3", "t4", "t6", "t7", "t8", "t9"]
    reported = {p.path for p in result.problems}
    assert {"t3", "t4", "t6", "t7", "t8", "t9"} <= reported


def test_an_army_missing_from_the_data_is_reported_and_the_ids_kept() -> None:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    result = convert(decode(real(name="JoNiRo-Dichord!")["code"]), catalog)
    assert result.army_list.army == ArmyRef(origin="imported", id=503, slug="bakunin")
    assert result.summary is None and result.troopers == []
    assert result.needs_official_data
    assert any("comes from the official Infinity Army builder" in p.message for p in result.problems)
    assert [(t.unit, t.group, t.option) for _, t in result.army_list.troopers()][:2] == [(1071, 1, 1), (431, 1, 3)]


def test_spec_ops_upgrades_are_kept_and_duplicate_groups_are_reported(synthetic_catalog: Catalog) -> None:
    from armybuilder.domain.specops import SpecOpsPick

    code = DecodedCode(army=602, slug="morat", name="  Dup  ", points=0, groups=(
        CodeGroup(1, (CodeMember(1572, 1, 1, specops=('[{"type":"skill","id":40}]', "not json")),)),
        CodeGroup(1, (CodeMember(518, 1, 7),)),
    ))
    result = convert(code, synthetic_catalog)
    assert [g.number for g in result.army_list.groups] == [1, 2]
    assert result.army_list.name == "Dup" and result.army_list.points is None
    assert result.army_list.groups[0].troopers[0].specops == (SpecOpsPick(type="skill", id=40),)
    messages = " ".join(p.message for p in result.problems)
    assert "a Spec-Ops upgrade cannot be read" in messages and "appears twice" in messages


def test_a_slug_that_differs_from_the_data_is_a_warning(synthetic_catalog: Catalog) -> None:
    code = DecodedCode(army=602, slug="old-morat-slug", name="", points=300)
    result = convert(code, synthetic_catalog)
    assert [p.severity for p in result.problems] == ["warning"]


def make_list() -> ArmyList:
    army_list = ArmyList(name="Ejército — Ñ", notes="private notes", army=ArmyRef(origin="imported", id=602,
                                                                                    slug="morat"), points=250)
    army_list, _ = army_list.with_trooper(1, 1572, 1, 2)
    army_list, _ = army_list.with_trooper(1, 518, 1, 7)
    army_list, number = army_list.with_group()
    army_list, _ = army_list.with_trooper(number, 492, 1, 11)
    army_list, reinforcements = army_list.with_group(reinforcement=True)
    army_list, _ = army_list.with_trooper(reinforcements, 1615, 1, 1)
    return army_list


def test_a_list_is_written_in_the_current_form_and_read_back(synthetic_catalog: Catalog) -> None:
    army_list = make_list()
    code = from_army_list(army_list, None)
    assert (code.framing, code.member_form, code.points, code.name) == (
        Framing.FLAGGED, MemberForm.SPECOPS, 250, "Ejército — Ñ")
    assert [m.lead for _, m in code.members()] == [0, 0, 0, 0]
    back = to_army_list(decode(encode_list(army_list)), synthetic_catalog)
    assert back.name == army_list.name and back.points == 250
    assert [(g.number, g.reinforcement, [(t.unit, t.group, t.option) for t in g.troopers]) for g in back.groups] == [
        (g.number, g.reinforcement, [(t.unit, t.group, t.option) for t in g.troopers]) for g in army_list.groups]
    assert back.notes == "" and back.fireteams == ()


def test_groups_are_numbered_from_one_as_the_builder_does() -> None:
    army_list = ArmyList(army=ArmyRef(id=602, slug="morat"), points=300,
                         groups=(CombatGroup(number=3), CombatGroup(number=7, reinforcement=True)))
    assert [(g.number, g.reinforcement) for g in from_army_list(army_list, None).groups] == [(1, False), (2, True)]


def test_names_the_builder_can_read() -> None:
    base = ArmyList(army=ArmyRef(id=602, slug="morat"), points=300)
    assert from_army_list(base, None).name == " "  # what the official builder writes for "no name"
    long = from_army_list(base.model_copy(update={"name": "ñ" * 100}), None).name
    assert long == "ñ" * 63 and len(long.encode()) <= 127


def test_a_list_without_a_points_limit_cannot_be_written(bundled_catalog: Catalog) -> None:
    army_list = ArmyList(army=ArmyRef(id=602, slug="morat"))
    with pytest.raises(ArmyCodeError, match="no points limit"):
        from_army_list(army_list, None)
    assert from_army_list(army_list, 400).points == 400
    assert points_limit(army_list, None) is None
    assert points_limit(army_list, bundled_catalog) == bundled_catalog.packs["n5"].default_points


def test_points_limit_follows_the_tier(bundled_catalog: Catalog) -> None:
    season = next(iter(bundled_catalog.season_packs()), None)
    if season is None or not season.tiers:
        pytest.skip("no season pack with tiers is bundled")
    tier = season.tiers[0]
    army_list = ArmyList(army=ArmyRef(id=602), pack=season.id, tier=tier.id)
    assert points_limit(army_list, bundled_catalog) == tier.points


def test_builder_link() -> None:
    code = encode_list(make_list())
    assert builder_link(code) == f"https://infinityuniverse.com/army/list/{code}"
    assert decode(builder_link(code)).army == 602


def test_real_codes_resolve_against_the_official_data(official_data: Path) -> None:
    """With the official ids, codes of every kind resolve in the imported origin, at the JSON's cost
    (the whole corpus: test_armycode_corpus.py)."""
    catalog = Catalog.from_paths([bundled_profiles_dir()], extra_sources=[OfficialIdsSource(official_data)])
    for fixture in sample():
        result = decode_list(fixture["code"], catalog)
        assert result.army_list.army.origin == "imported", fixture["slug"]
        assert not result.needs_official_data
    # a spot check: Bald Burgers' first trooper costs what the JSON says
    bald = decode_list(real(name="Bald Burgers ")["code"], catalog)
    first = bald.troopers[0]
    assert isinstance(first, ResolvedTrooper)
    raw = raw_option(official_data, "usariadna", first.unit.id, first.trooper.group, first.option.id)
    assert first.points == raw["points"] + sum(
        raw_option(official_data, "usariadna", first.unit.id, i["group"], i["option"])["points"] * i.get("q", 1)
        for i in raw["includes"])
    assert first.option.swc == Swc.parse(raw["swc"])


def test_a_list_without_its_army_slug_gets_the_slug_of_the_data(bundled_catalog: Catalog) -> None:
    """`list_code` (`code encode` and the app's Copy army code): a hand-written list file may name its army
    by id only; the code still carries the slug the official builder reads, from the catalog, and the
    game size the rules judge the list at."""
    summary = next(s for s in bundled_catalog.armies() if s.slug)
    bare = ArmyList(army=ArmyRef(origin=summary.origin, id=summary.id), pack="n5")
    assert not bare.army.slug
    decoded = decode(list_code(bare, bundled_catalog))
    assert decoded.slug == summary.slug and decoded.army == summary.id
    assert decoded.points == points_limit(bare, bundled_catalog) == bundled_catalog.packs["n5"].default_points
    assert decode(list_code(bare, bundled_catalog, 250)).points == 250
    assert decode(encode_list(bare, 300)).slug == ""  # what the list alone would say
