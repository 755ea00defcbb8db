"""docs/seasons.md is enough to write a season: its example block loads as a pack and drives the rules,
an Extra of an unimplemented family is reported as not checked, and the page names every field and
every rule family the builder has."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import load_list, save_list
from armybuilder.domain import ArmyList
from armybuilder.domain.packs import Extra, SeasonPack, SeasonRule, Tier, TierGroup
from armybuilder.domain.values import Category
from armybuilder.i18n import render
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.categories import categories_of
from armybuilder.rules.engine import known_families, validate_in_catalog

DOC = Path(__file__).resolve().parents[1] / "docs" / "seasons.md"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def example_folder(tmp_path: Path) -> Path:
    """The page's season block, written as it stands to a folder of its own."""
    match = re.search(r"<!-- season-example -->\n```yaml\n(.*?)```", doc_text(), re.S)
    assert match, "docs/seasons.md has no season-example block"
    folder = tmp_path / "seasons"
    folder.mkdir()
    (folder / "example-season.yaml").write_text(match.group(1), encoding="utf-8")
    return folder


def test_the_example_season_loads_without_problems(tmp_path: Path) -> None:
    catalog = Catalog.from_paths([bundled_profiles_dir(), example_folder(tmp_path)])
    assert catalog.problems == []
    season = catalog.pack("example-season")
    assert isinstance(season, SeasonPack)
    assert [t.id for t in season.tiers] == ["300", "200"] and season.entry_range == (1, 2)
    assert [e.id for e in season.extras] == ["soldiers-of-fortune", "team-ops"]


def test_an_unimplemented_extra_says_it_is_not_checked(tmp_path: Path) -> None:
    """On a bundled list (no ../shared needed): TEAM-OPS names a family this builder lacks."""
    catalog = Catalog.from_paths([bundled_profiles_dir(), example_folder(tmp_path)])
    icestorm = load_list(EXAMPLES / "icestorm-panoceania.yaml").army_list
    army_list = icestorm.model_copy(update={"pack": "example-season", "tier": "300", "points": None,
                                            "extras": ("team-ops",)})
    report = validate_in_catalog(army_list, catalog)
    unchecked = [v for v in report.violations if v.code == "settings.not_checked"]
    assert len(unchecked) == 1 and unchecked[0].severity == "warning"
    assert "TEAM-OPS is not checked by this builder" in unchecked[0].message and "team-ops" in unchecked[0].message
    assert report.legal, "a warning: the list is not made illegal by what the builder cannot check"
    from armybuilder.i18n import set_language

    set_language("es")
    try:
        assert "no lo comprueba este constructor" in unchecked[0].message
    finally:
        set_language("en")
    off = validate_in_catalog(army_list.model_copy(update={"extras": ()}), catalog)
    assert "settings.not_checked" not in off.codes()


def test_an_extra_checked_in_part_says_which_part_is_not() -> None:
    """ITS S9's Campaign: its Spec-Ops (7 XP) is checked, its Military Specialities are not — every report
    with it on says so (the pack picker's mark: tests/gui/test_gui_seasons.py)."""
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    icestorm = load_list(EXAMPLES / "icestorm-panoceania.yaml").army_list
    army_list = icestorm.model_copy(update={"pack": "its-s9", "tier": "mid", "points": None, "extras": ("campaign",)})
    report = validate_in_catalog(army_list, catalog)
    unchecked = [v for v in report.violations if v.code == "settings.not_checked"]
    assert [v.message for v in unchecked] == [
        "Campaign is only partly checked by this builder: it also needs military-specialities, which this version "
        "does not implement; check that part by hand."]
    assert "settings.not_checked" not in validate_in_catalog(
        army_list.model_copy(update={"extras": ("spec-ops",)}), catalog).codes()


def test_a_season_in_your_own_profiles_folder_is_offered_everywhere(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """An organizer drops the page's season into `<user data>/profiles` (the isolated ARMYBUILDER_HOME of the
    test): `validate --pack`, `profiles check` and the app's catalog all have it, with no `--profiles`."""
    from armybuilder.cli import main
    from armybuilder.gui.app import build_catalog
    from armybuilder.paths import user_profiles_dir

    own = user_profiles_dir()
    own.mkdir(parents=True)
    (own / "example-season.yaml").write_text((example_folder(tmp_path) / "example-season.yaml").read_text(
        encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "icestorm.yaml"
    save_list(path, load_list(EXAMPLES / "icestorm-panoceania.yaml").army_list)
    assert main(["validate", str(path), "--pack", "example-season", "--tier", "300", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"]["season"] == "example-season"
    assert main(["profiles", "list"]) == 0
    assert "pack  example-season  Example Season (template)  [season]" in capsys.readouterr().out
    assert main(["profiles", "check"]) == 0
    bundled = len(list((bundled_profiles_dir() / "packs").glob("*.yaml")))
    assert f"{bundled + 1} packs" in capsys.readouterr().out  # the bundled packs and this one
    assert "example-season" in build_catalog().packs


def test_the_example_season_from_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from armybuilder.cli import main

    folder = example_folder(tmp_path)
    code = main(["validate", str(EXAMPLES / "icestorm-panoceania.yaml"), "--profiles", str(folder),
                 "--pack", "example-season", "--tier", "200", "--extra", "team-ops", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["pack"] == "example-season" and data["rules"]["tier"] == "200"
    assert data["rules"]["tier_group"] == "main"
    assert "settings.not_checked" in [v["code"] for v in data["violations"]]
    assert code == 1, "the Icestorm list is 300 points: over the 200 tier"


@pytest.mark.shared
def test_the_example_season_drives_the_rules_on_real_data(tmp_path: Path, imported_source: Any) -> None:
    catalog = Catalog.from_paths([bundled_profiles_dir(), example_folder(tmp_path)])
    catalog.add_source(imported_source)
    summary = catalog.find(101, prefer=("imported",))
    assert summary is not None
    pano = catalog.army(summary.ref)
    army_list = ArmyList(army=summary.ref, pack="example-season", tier="300", extras=("soldiers-of-fortune",))

    def add(lst: ArmyList, slug: str, lieutenant: bool = False) -> ArmyList:
        unit = pano.unit_by_slug(slug)
        assert unit is not None
        group, option = next((g, o) for g, o in unit.selectable_options() if o.is_lieutenant == lieutenant)
        return lst.with_trooper(1, unit.id, group.id if group else 0, option.id)[0]

    army_list = add(add(army_list, "fusiliers", lieutenant=True), "merc-saito-togan")  # 33 of 50
    report = validate_in_catalog(army_list, catalog)
    assert report.legal, [v.message for v in report.violations]
    assert (report.totals.mercenary_points, report.totals.mercenary_points_limit) == (33, 50)
    over = add(army_list, "merc-csu-corporate-security-unit")
    over = add(over, "merc-yuan-yuan")
    report = validate_in_catalog(over, catalog)
    assert report.totals.mercenary_points > 50 and "mercenaries.over_points" in report.codes()
    joan = pano.unit_by_slug("jeanne-d-arc")
    assert joan is not None
    season = catalog.pack("example-season")
    assert isinstance(season, SeasonPack)
    assert Category.VETERAN in categories_of(joan, season)
    path = tmp_path / "list.yaml"
    save_list(path, army_list)
    assert load_list(path).army_list == army_list


def test_the_page_names_every_field_and_every_family() -> None:
    text = doc_text()
    for model in (SeasonPack, Tier, TierGroup, Extra, SeasonRule):
        missing = [name for name in model.model_fields if f"`{name}`" not in text and name != "kind"]
        assert not missing, f"docs/seasons.md does not explain {model.__name__} fields {missing}"
    missing_families = [name for name in known_families() if f"| `{name}` |" not in text]
    assert not missing_families, f"docs/seasons.md does not list the rule families {missing_families}"


def test_its_s17_is_the_worked_example_and_loads_clean(bundled_catalog: Catalog) -> None:
    season = bundled_catalog.pack("its-s17")
    assert isinstance(season, SeasonPack) and season.problems() == []
    items: list[Extra | SeasonRule] = [*season.extras, *season.rules]
    unknown = [(item.id, f) for item in items for f in item.families if f not in known_families()]
    assert unknown == [], "every Extra of ITS S17 is checked by a family the builder implements"
    assert all(e.families or e.notes_only for e in season.extras), "every Extra names its families"


def test_every_effect_a_pack_can_set_is_applied_or_reported() -> None:
    """Each field of an Extra or season rule either describes it or is an effect with the family that applies it
    (`engine.EFFECTS`, None when none does): a new field cannot be read and then silently dropped."""
    from armybuilder.rules.engine import DESCRIPTIVE_FIELDS, EFFECTS

    for model in (Extra, SeasonRule):
        unclassified = [n for n in model.model_fields if n not in EFFECTS and n not in DESCRIPTIVE_FIELDS]
        assert not unclassified, f"{model.__name__} fields with no family in engine.EFFECTS: {unclassified}"
    assert not (set(EFFECTS) & DESCRIPTIVE_FIELDS)
    assert {family for family in EFFECTS.values() if family} - known_families() == {"military-specialities"}


def test_a_pack_rule_read_but_not_applied_is_said_in_every_report() -> None:
    """ITS S9's Ironclad (free Fatality L1 for TAGs) and the Bit & KISS! half of its ALIVE rule are read from the
    pack and applied by no rule: every report under the season says so in a note (never silent); the ALIVE ban
    is applied, so that rule is 'only in part'; ITS S17 has no such note."""
    from armybuilder.rules.engine import unapplied_effects

    catalog = Catalog.from_paths([bundled_profiles_dir()])
    icestorm = load_list(EXAMPLES / "icestorm-panoceania.yaml").army_list
    assert icestorm.pack == "its-s9"
    report = validate_in_catalog(icestorm, catalog)
    notes = list(report.notes)
    ironclad = next(n for n in notes if n.startswith("Ironclad"))
    assert ironclad.startswith("Ironclad is not applied by this builder. Every TAG gains Fatality L1 at no cost.")
    assert "(TAG: Fatality L1)" in ironclad
    alive = next(n for n in notes if n.startswith("ALIVE consequences"))
    assert "applied only in part" in alive and "(Bit & KISS)" in alive
    spanish = [render(n, "es") for n in report.note_texts]
    assert any(n.startswith("Acorazado no lo aplica este constructor. Todo TAG obtiene Fatality L1 sin coste.")
               for n in spanish)
    season = catalog.packs["its-s9"]
    assert isinstance(season, SeasonPack)
    assert {r.id: unapplied_effects(r) for r in season.rules} == {
        "alive-consequences": ("allowed_units",), "ironclad": ("free_skills",), "reduced-combat-group": ()}
    assert all(unapplied_effects(e) == () for e in season.extras)  # Campaign's part is settings.not_checked's
    s17 = catalog.packs["its-s17"]
    assert isinstance(s17, SeasonPack)
    assert all(unapplied_effects(rule) == () for rule in s17.rules)
    assert all(unapplied_effects(extra) == () for extra in s17.extras)
