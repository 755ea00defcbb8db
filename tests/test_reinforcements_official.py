"""Reinforcements on the official data (RULES.md §2.9): every faction's Reinforcements army, each of its
units in the right and in the wrong section, and the Vipera Pursuit Force list that was misjudged."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import Report, validate_in_catalog
from armybuilder.rules.reinforcements import is_reinforcement_unit

pytestmark = pytest.mark.shared

NOMADS, VIPERA = 501, 599


@pytest.fixture(scope="module")
def catalog(imported_source) -> Catalog:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    catalog.add_source(imported_source)
    return catalog


def _army(catalog: Catalog, army_id: int) -> Army:
    summary = catalog.find(army_id, prefer=("imported",))
    assert summary is not None, army_id
    return catalog.army(summary.ref)


def _option(army: Army, slug: str, name: str = "", points: int | None = None, *, lieutenant: bool = False,
            commlink: bool = False) -> tuple[int, int, int]:
    unit = army.unit_by_slug(slug)
    assert unit is not None, slug
    for group, option in unit.selectable_options():
        if option.is_lieutenant != lieutenant or commlink != any(s.name == "Commlink" for s in option.skills):
            continue
        if (points is None or option.points == points) and name.casefold() in option.name.casefold():
            return unit.id, group.id if group else 0, option.id
    raise AssertionError(f"{slug}: no option {name!r} {points}")


Pick = tuple[str, Mapping[str, object]]


def _nomads(catalog: Catalog, reinforcements: Sequence[Pick], main: Sequence[Pick] = ()) -> ArmyList:
    """A Nomads list at 350 points: a 250-point main section (Commlink, Lieutenant) and the given
    Reinforcements, Vipera Pursuit Force's units."""
    nomads, vipera = _army(catalog, NOMADS), _army(catalog, VIPERA)
    army_list = ArmyList(name="Nomads with Reinforcements", army=catalog.find(NOMADS, prefer=("imported",)).ref,
                         pack="n5", points=350)
    picks: list[Pick] = [("corregidor-alguaciles", {"commlink": True}), ("securitate", {"lieutenant": True}),
                         *[("corregidor-alguaciles", {"points": 10})] * 4, ("mobile-brigada", {"points": 27}),
                         ("grenzers-grenz-security-team", {"points": 28}), *main]
    for slug, options in picks:
        army = vipera if slug.startswith("reinf-") else nomads
        army_list, _ = army_list.with_trooper(1, *_option(army, slug, **options))  # type: ignore[arg-type]
    army_list, number = army_list.with_group(reinforcement=True)
    for slug, options in reinforcements:
        army = nomads if not slug.startswith("reinf-") else vipera
        army_list, _ = army_list.with_trooper(number, *_option(army, slug, **options))  # type: ignore[arg-type]
    return army_list


def _codes(report: Report) -> list[str]:
    return [v.code for v in report.violations]


def test_a_nomads_list_with_stempler_zonds_is_legal(catalog: Catalog) -> None:
    """'STEMPLER ZOND REINF.' puts the word last; its ISC 'Reinf. Stempler Zonds' says it too."""
    army_list = _nomads(catalog, [("reinf-stempler-zonds", {"points": 12}), ("reinf-spektrs", {"points": 21}),
                                  ("reinf-kulak-payback-unit", {"points": 19})])
    report = validate_in_catalog(army_list, catalog)
    assert report.violations == (), [v.message for v in report.violations]
    assert report.roster.reinforcements[0].name == "STEMPLER ZOND REINF."


def test_a_reinforcements_unit_in_the_main_section_is_reported(catalog: Catalog) -> None:
    army_list = _nomads(catalog, [("reinf-spektrs", {"points": 21})], main=[("reinf-stempler-zonds", {"points": 12})])
    report = validate_in_catalog(army_list, catalog)
    assert _codes(report) == ["reinforcements.in_main_section"], [v.message for v in report.violations]
    assert "STEMPLER ZOND REINF. is a Reinforcements unit" in report.violations[0].message


def test_a_reinforcements_unit_in_a_list_without_reinforcements_is_reported(catalog: Catalog) -> None:
    """No Reinforcements group: the unit is still found (in the Reinforcements army) and named."""
    army_list = _nomads(catalog, [], main=[("reinf-spektrs", {"points": 21})])
    army_list = army_list.without_group(max(g.number for g in army_list.groups))
    report = validate_in_catalog(army_list.model_copy(update={"points": 300}), catalog)
    assert _codes(report) == ["reinforcements.in_main_section"], [v.message for v in report.violations]


def test_a_main_army_unit_in_the_reinforcements_section_is_reported(catalog: Catalog) -> None:
    army_list = _nomads(catalog, [("reinf-spektrs", {"points": 21}), ("mobile-brigada", {"points": 27})])
    report = validate_in_catalog(army_list, catalog)
    assert _codes(report) == ["reinforcements.wrong_unit"], [v.message for v in report.violations]
    assert "MOBILE BRIGADA is not a Reinforcements unit" in report.violations[0].message


def _factions_with_reinforcements(catalog: Catalog) -> list[Army]:
    armies = [catalog.army(s.ref) for s in catalog.armies() if s.origin == "imported" and s.kind != "reinforcements"]
    return [a for a in armies if a.reinforcements is not None]


def test_every_faction_with_reinforcements_has_them_and_each_unit_is_judged_by_its_section(catalog: Catalog) -> None:
    """Each of the official armies that name a Reinforcements army: that army is in the data, every unit of
    it is a "Reinf." unit, and none of the army's own units is; each Reinforcements unit, fielded in the
    Reinforcements section, passes the section rule, and fielded in the main section is reported."""
    armies = _factions_with_reinforcements(catalog)
    assert len(armies) >= 40
    marker = "Reinf"
    for army in armies:
        summary = catalog.reinforcement_summary(army)
        assert summary is not None, army.name
        reinforcement_army = catalog.army(summary.ref)
        assert reinforcement_army.kind == "reinforcements"
        assert all(is_reinforcement_unit(u, marker) for u in reinforcement_army.units), reinforcement_army.name
        assert not [u.name for u in army.units if is_reinforcement_unit(u, marker)], army.name
        army_list = ArmyList(army=summary.ref.model_copy(update={"id": army.id}), pack="n5", points=350)
        army_list, number = army_list.with_group(reinforcement=True)
        main_list = army_list
        for unit in reinforcement_army.units:
            first = next(iter(unit.selectable_options()), None)
            if first is None:
                continue
            group, option = first
            ids = (unit.id, group.id if group else 0, option.id)
            army_list, _ = army_list.with_trooper(number, *ids)
            main_list, _ = main_list.with_trooper(1, *ids)
        codes = _codes(validate_in_catalog(army_list, catalog))
        assert "reinforcements.wrong_unit" not in codes and "data.unknown_trooper" not in codes, army.name
        wrong = validate_in_catalog(main_list, catalog)
        misplaced = [v for v in wrong.violations if v.code == "reinforcements.in_main_section"]
        assert len(misplaced) == sum(1 for u in reinforcement_army.units if any(u.selectable_options())), army.name
        assert "data.unknown_trooper" not in _codes(wrong), army.name


# ----- the ambiguous cases, read as a tournament judge would (docs/rules-coverage.md) ----------------------

def test_a_commlink_without_reinforcements_does_not_raise_the_limit(catalog: Catalog) -> None:
    """Corregidor's Alguacil with Commlink (+1): 16 troopers are legal with a Reinforcements section, and
    without one the list stays at 15 — the note says the skill belongs to the Reinforcements rules."""
    nomads = _army(catalog, NOMADS)
    ref = catalog.find(NOMADS, prefer=("imported",)).ref
    army_list = ArmyList(name="Sixteen Nomads", army=ref, pack="n5", points=300)
    picks = [("corregidor-alguaciles", {"commlink": True}), ("securitate", {"lieutenant": True}),
             *[("corregidor-alguaciles", {"points": 10})] * 4, *[("mobile-brigada", {"points": 27})] * 2,
             *[("moderators-from-bakunin", {"points": 9})] * 4, *[("zeros", {"points": 17})] * 2,
             *[("hellcats", {"points": 19})] * 2]
    for index, (slug, options) in enumerate(picks):
        army_list, _ = army_list.with_trooper(1 if index < 8 else 2, *_option(nomads, slug, **options))  # type: ignore[arg-type]
    report = validate_in_catalog(army_list, catalog)
    assert _codes(report) == ["army.too_many_troopers"], [v.message for v in report.violations]
    assert any("Commlink belongs to the Reinforcements rules" in n for n in report.notes), report.notes
    fifteen = validate_in_catalog(army_list.without_trooper(army_list.groups[-1].troopers[-1].uid), catalog)
    assert fifteen.violations == () and any("which stays 15" in n for n in fifteen.notes)
    vipera = _army(catalog, VIPERA)
    with_section, number = army_list.without_trooper(army_list.groups[-1].troopers[-1].uid).with_group(
        reinforcement=True)
    with_section, _ = with_section.with_trooper(number, *_option(vipera, "reinf-stempler-zonds", points=12))
    report = validate_in_catalog(with_section.model_copy(update={"points": 350}), catalog)
    assert report.totals.troopers == 16 and report.totals.troopers_limit == 16
    assert report.violations == (), [v.message for v in report.violations]


def test_a_relation_minimum_is_not_enforced_and_the_note_says_so(catalog: Catalog) -> None:
    """ALEPH's data gives the Posthumans' proxies a relation with min 2, max 3: one proxy is legal."""
    aleph = _army(catalog, 701)
    ref = catalog.find(701, prefer=("imported",)).ref
    posthumans = aleph.unit_by_slug("posthumans")
    devas = aleph.unit_by_slug("deva-functionaries")
    assert posthumans is not None and devas is not None
    army_list = ArmyList(name="One proxy", army=ref, pack="n5", points=300)
    army_list, _ = army_list.with_trooper(1, devas.id, devas.profile_groups[0].id, 10)
    army_list, _ = army_list.with_trooper(1, posthumans.id, 1, 1)
    report = validate_in_catalog(army_list, catalog)
    assert report.violations == (), [v.message for v in report.violations]
    assert any("a minimum of 2 (the list has 1)" in n and "not held to it" in n for n in report.notes), report.notes


def test_the_ambiguity_notes_translate_nothing_while_validating(catalog: Catalog) -> None:
    from test_messages_as_data import judged

    from armybuilder.i18n import render

    army_list = _nomads(catalog, [], main=[("reinf-spektrs", {"points": 21})])
    army_list = army_list.without_group(max(g.number for g in army_list.groups)).model_copy(update={"points": 275})
    report, _ = judged(catalog, army_list)
    assert [v.code for v in report.violations] == ["reinforcements.in_main_section"]
    assert len(report.note_texts) >= 2  # the Commlink and the 275 points
    assert all(render(n, "es") != render(n, "en") for n in report.note_texts)
    assert all(v.render("es") != v.render("en") for v in report.violations)
