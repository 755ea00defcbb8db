"""Print-outs of the official data (../shared): no courtesy list tells the Lieutenant or a Chain of Command
or Counterintelligence holder apart from a plain trooper of its unit, in any of the 56 armies; orders,
weapons reference and distances as the data means them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from export_lists import options as fixed_options
from export_lists import pdf_pages, pdf_text

from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, ArmyRef, Fireteam
from armybuilder.domain.packs import EditionPack, PrivateSkills
from armybuilder.domain.profiles import Option, ProfileGroup, Unit
from armybuilder.domain.roster import resolve
from armybuilder.domain.values import FireteamType
from armybuilder.export.fmt import item_label
from armybuilder.export.pdf import courtesy_pdf, full_pdf, render
from armybuilder.export.printout import Printout, prepare, printing_language
from armybuilder.export.privacy import (
    Exposure,
    OpenModel,
    assess,
    assess_peripheral,
    companion_name,
    courtesy_view,
    own_profiles,
)
from armybuilder.export.sheet import Row, courtesy_of, courtesy_sheet, full_sheet
from armybuilder.export.text import courtesy_text, full_text
from armybuilder.paths import bundled_profiles_dir


@pytest.fixture(scope="module")
def armies(imported_source: Any) -> list[Army]:
    return [imported_source.load(summary.id) for summary in imported_source.summaries()]


@pytest.fixture(scope="module")
def private(bundled_catalog: Catalog) -> PrivateSkills:
    pack = bundled_catalog.pack("n5")
    assert isinstance(pack, EditionPack)
    return pack.private


@pytest.fixture(scope="module")
def catalog(imported_data: Any) -> Catalog:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    assert attach_imported(catalog, imported_data.data_dir) is not None
    return catalog


def options(**changes: Any) -> Any:
    """Print options of the tests: these lists have no Lieutenant, or too few troopers: print them anyway."""
    return fixed_options(**{"allow_illegal": True, **changes})


def army_by_slug(armies: list[Army], slug: str) -> Army:
    return next(a for a in armies if a.slug == slug)


def document(catalog: Catalog, army: Army, troopers: list[tuple[str, int, int]], points: int = 300) -> Printout:
    """A list of (unit slug, profile group, option) in one combat group, printed even if illegal."""
    army_list = ArmyList(name="Official", army=ArmyRef(origin="imported", id=army.id), pack="n5", points=points)
    for slug, group, option in troopers:
        unit = army.unit_by_slug(slug)
        assert unit is not None, slug
        army_list, _ = army_list.with_trooper(1, unit.id, group, option)
    return prepare(army_list, catalog)


# ----- every option of every army -----------------------------------------------------------------
Printed = tuple[tuple[Row, ...], tuple[tuple[str, int], ...]]


def printed(army: Army, unit: Unit, group: int, option: Option, private: PrivateSkills) -> Printed:
    """One trooper of this option alone in a combat group, as its courtesy list prints it: rows and orders."""
    army_list, _ = ArmyList(name="", army=ArmyRef(origin="imported", id=army.id), pack="n5",
                            points=300).with_trooper(1, unit.id, group, option.id)
    view = courtesy_view(resolve(army_list, army), private, game_points=300)
    sheet = courtesy_sheet(view, options())
    if not sheet.groups:
        return (), ()
    return sheet.groups[0].rows, sheet.groups[0].orders


def shows_a_trooper(shown: Printed) -> bool:
    return any(row.kind == "trooper" for row in shown[0])


def option_sets(armies: list[Army]) -> Iterator[tuple[Army, Unit, int, ProfileGroup | None, list[Option]]]:
    """Each profile group (and each unit's team options) once, with its selectable options."""
    seen = set()
    for army in armies:
        for unit in army.units:
            sets: list[tuple[int, ProfileGroup | None, list[Option]]] = [
                (g.id, g, [o for o in g.options if not o.disabled]) for g in unit.profile_groups]
            sets.append((0, None, [o for o in unit.options if not o.disabled]))
            for group_id, group, found in sets:
                key = (unit.slug, group_id, tuple((o.id, o.name, o.points) for o in found))
                if found and key not in seen:
                    seen.add(key)
                    yield army, unit, group_id, group, found


def items(shown: Printed) -> list[str]:
    """Every weapon, skill and piece of equipment printed, companions' included."""
    rows = [r for row in shown[0] for r in (row, *row.children)]
    return [i for r in rows for i in (*r.weapons, *r.skills, *r.equipment)]


def gear(shown: Printed) -> Counter[tuple[str, str]]:
    """The weapons and equipment printed, by model: what the opponent sees on the table."""
    rows = [r for row in shown[0] for r in (row, *row.children)]
    return Counter((r.title, i) for r in rows for i in (*r.weapons, *r.equipment))


def carried(army: Army, unit: Unit, group: int, option: Option, private: PrivateSkills) -> Counter[tuple[str, str]]:
    """The weapons and equipment the trooper really carries (its models and the companions a courtesy
    list shows), from the data: a courtesy list must print exactly these (RULES.md §5)."""
    army_list, _ = ArmyList(name="", army=ArmyRef(origin="imported", id=army.id), pack="n5",
                            points=300).with_trooper(1, unit.id, group, option.id)
    trooper = resolve(army_list, army).troopers[0]
    models = [(unit.name, own_profiles(trooper), trooper.option)]
    models += [(companion_name(inc), inc.group.profiles[:1], inc.option) for inc in trooper.included
               if not inc.is_peripheral or assess_peripheral(inc, private).is_shown]
    found: Counter[tuple[str, str]] = Counter()
    for title, profiles, each in models:
        for attribute in ("weapons", "equipment"):
            labels = [i.label for p in profiles for i in getattr(p, attribute)]
            labels += [i.label for i in getattr(each, attribute)]
            found.update((title, item_label(label, "inch")) for label in dict.fromkeys(labels))
    return found


def stands_in_rightly(shown: Printed, plain: list[Printed], real: Counter[tuple[str, str]]) -> bool:
    """Shown exactly as a plain option of its unit that carries the same gear; when none does, with its
    own gear (Hide the private skill, not the open gear)."""
    if any(gear(other) == real for other in plain):
        return shown in plain
    return gear(shown) == real


def names_the_lieutenant(shown: Printed) -> bool:
    return any(i.casefold().startswith("lieutenant") for i in items(shown)) or any(
        label.casefold().startswith("lieutenant") for label, _ in shown[1])


def lieutenant_check(armies: list[Army], private: PrivateSkills) -> tuple[list[str], int, int]:
    """Each Lieutenant option's courtesy print against its unit's other options: the options it can be told
    apart by, how many were compared, and how many units have only Lieutenant options."""
    checked = inherent = 0
    failures = []
    for army, unit, group_id, _, found in option_sets(armies):
        lieutenants = [o for o in found if o.is_lieutenant]
        if not lieutenants:
            continue
        others = [printed(army, unit, group_id, o, private) for o in found if not o.is_lieutenant]
        plain = [o for o in others if shows_a_trooper(o)]
        for option in lieutenants:
            shown = printed(army, unit, group_id, option, private)
            assert not names_the_lieutenant(shown), (unit.name, option.id)
            if not shows_a_trooper(shown):
                continue  # a marker, or not shown at all: nothing names its unit
            if not any(shows_a_trooper(o) for o in others):
                inherent += 1  # every option of the unit is a Lieutenant (Avatar): the model alone tells
                continue
            checked += 1
            if not stands_in_rightly(shown, plain, carried(army, unit, group_id, option, private)):
                failures.append(f"{army.slug}: {unit.name} option {option.id} {option.name}")
    return failures, checked, inherent


def test_every_lieutenant_prints_exactly_as_a_plain_option_of_its_unit(armies: list[Army],
                                                                       private: PrivateSkills) -> None:
    """The Lieutenant is private (RULES.md §5): whatever its option carries (Strategos, a Forward
    Observer, the Lieutenant Order) or lacks (a Mormaer's Tactical Awareness), in whatever order its
    items are listed, its courtesy rows and orders are those of a non-Lieutenant option of its unit."""
    failures, checked, inherent = lieutenant_check(armies, private)
    assert not failures, failures
    assert checked >= 200 and inherent < 10, (checked, inherent)  # 229 and 1 in data 7.x


def test_bundled_lieutenants_print_as_plain_options_too(bundled_catalog: Catalog) -> None:
    """The same for the bundled databases (N3 and N5), each with its edition's private skills."""
    total = 0
    for summary in bundled_catalog.armies():
        army = bundled_catalog.army(summary.ref)
        pack = bundled_catalog.pack(army.edition)
        assert isinstance(pack, EditionPack)
        failures, checked, _ = lieutenant_check([army], pack.private)
        assert not failures, failures
        total += checked
    assert total >= 2, total  # the Orc Troops and Fusilier Lieutenants


def test_every_chain_of_command_or_counterintelligence_holder_prints_as_a_plain_trooper(
        armies: list[Army], private: PrivateSkills) -> None:
    """Their identity is private: shown without the skill, exactly as a plain option of the unit (so two
    Bolts print as "2× NEOTERRA BOLTS"), never as an anonymous row the table would explain."""
    checked = 0
    failures = []
    for army, unit, group_id, _, found in option_sets(armies):
        verdicts = {}
        for option in found:
            army_list, _ = ArmyList(name="", army=ArmyRef(origin="imported", id=army.id), pack="n5",
                                    points=300).with_trooper(1, unit.id, group_id, option.id)
            trooper = resolve(army_list, army).troopers[0]
            verdicts[option.id] = assess(trooper, private)
        holders = [o for o in found if verdicts[o.id].exposure is Exposure.PLAIN and not o.is_lieutenant]
        if not holders:
            continue
        plain = [printed(army, unit, group_id, o, private) for o in found
                 if verdicts[o.id].is_open and not o.is_lieutenant]
        for option in holders:
            shown = printed(army, unit, group_id, option, private)
            assert shows_a_trooper(shown) and not any(row.kind == "marker" for row in shown[0]), (unit.name, option.id)
            for rule in private.identity:
                assert not any(rule in item for item in items(shown)), (unit.name, option.id, rule)
            if plain:
                checked += 1
                if not stands_in_rightly(shown, plain, carried(army, unit, group_id, option, private)):
                    failures.append(f"{army.slug}: {unit.name} option {option.id} {option.name}")
    assert not failures, failures
    assert checked >= 10, checked


# ----- the reviewer's lists -------------------------------------------------------------------------
def test_lieutenant_only_skills_and_missing_orders_do_not_name_the_lieutenant(catalog: Catalog,
                                                                              armies: list[Army]) -> None:
    aleph = army_by_slug(armies, "aleph")
    doc = document(catalog, aleph, [("maruts", 1, 2), ("maruts", 1, 1)])  # option 2: + Lieutenant, Strategos L2
    text = courtesy_text(doc, options())
    assert "Strategos" not in text and "2× MARUTS" in text
    assert "Strategos" not in pdf_text(courtesy_pdf(doc, options()))
    full = " ".join(pdf_text(full_pdf(doc, options(weapons_reference=False))).split())
    assert "Private (Lieutenant): on the courtesy list as a plain MARUT, without Strategos L2" in full

    caledonia = army_by_slug(armies, "caledonian-highlander-army")
    doc = document(catalog, caledonia, [("caledonian-mormaers", 1, 3), ("caledonian-mormaers", 1, 1)])
    text = courtesy_text(doc, options())
    assert "2× CALEDONIAN MORMAERS" in text and "Tactical Awareness" in text  # as the plain option prints it
    assert "Orders: Regular 2 · Tactical 2" in text
    full = " ".join(pdf_text(full_pdf(doc, options(weapons_reference=False))).split())
    assert ("Private (Lieutenant (+1 Order)): on the courtesy list as a plain CALEDONIAN MORMAER, "
            "with Tactical Awareness") in full


def test_a_chain_of_command_bolt_merges_with_its_twin(catalog: Catalog, armies: list[Army]) -> None:
    panoceania = army_by_slug(armies, "panoceania")
    doc = document(catalog, panoceania, [("neoterra-bolts", 1, 6), ("neoterra-bolts", 1, 2), ("fusiliers", 1, 10)])
    text = courtesy_text(doc, options())
    assert "2× NEOTERRA BOLTS: Combi Rifle, Light Shotgun, Drop Bears, Pistol, CC Weapon" in text
    assert "identity is private" not in text and "Chain of Command" not in text and "?" not in text
    full = " ".join(pdf_text(full_pdf(doc, options(weapons_reference=False))).split())
    assert "Private (Chain of Command): on the courtesy list as a plain BOLT" in full


def test_a_kempei_with_chain_of_command_shows_the_boarding_shotgun_it_carries(catalog: Catalog,
                                                                            armies: list[Army]) -> None:
    """No plain Kempei carries a Boarding Shotgun: the Chain of Command one is shown with it (it is on the
    model), without the skill, never as a plain Kempei with a Spitfire."""
    jsa = army_by_slug(armies, "jsa")
    doc = document(catalog, jsa, [("kempeitai", 1, 4), ("kempeitai", 1, 1)])
    text = courtesy_text(doc, options())
    assert "KEMPEITAI: Boarding Shotgun, Pistol, CC Weapon, PARA CC Weapon (-3)" in text
    assert "KEMPEITAI: Spitfire, Pistol, CC Weapon, PARA CC Weapon (-3)" in text and "2× KEMPEITAI" not in text
    assert "Chain of Command" not in text
    full = " ".join(pdf_text(full_pdf(doc, options(weapons_reference=False))).split())
    assert "Private (Chain of Command): the courtesy list shows the trooper without it" in full


def test_team_options_count_their_troopers(catalog: Catalog, armies: list[Army]) -> None:
    """JAZZ & BILLIE are two troopers: the courtesy list counts them as the full list does."""
    nomads = army_by_slug(armies, "nomads")
    doc = document(catalog, nomads, [("jazz-and-billie-tactical-hacking-team", 0, 1), ("corregidor-alguaciles", 1, 1)])
    assert doc.report.totals.groups[0].troopers == 3
    assert "3 on the table" in courtesy_text(doc, options())


def test_fireteam_members_can_be_told_apart(catalog: Catalog, armies: list[Army]) -> None:
    """Three ORC TROOPS of one option name: each named by what its loadout has that the others lack, the
    Lieutenant marked."""
    varuna = army_by_slug(armies, "varuna-immediate-reaction-division")
    army_list = ArmyList(name="Orcs", army=ArmyRef(origin="imported", id=varuna.id), pack="n5", points=300)
    orcs = varuna.unit_by_slug("orc-troops")
    assert orcs is not None
    for option in (13, 14, 18):
        army_list, _ = army_list.with_trooper(1, orcs.id, 1, option)
    members = tuple(t.uid for _, t in army_list.troopers())
    army_list = army_list.with_fireteam(Fireteam(uid="f1", type=FireteamType.CORE, team="Varuna Fireteams",
                                                 members=members))
    doc = prepare(army_list, catalog)
    flat = " ".join(full_text(doc, options()).split())
    assert ("ORC TROOPS (Feuerbach) · ORC TROOPS (Boarding Shotgun (+1B), TinBot: Firewall (-3)) · "
            "★ ORC TROOPS (Heavy Machine Gun)") in flat, flat[-600:]
    pdf = " ".join(pdf_text(full_pdf(doc, options(weapons_reference=False))).split())
    assert "★ ORC TROOPS (Heavy Machine Gun)" in pdf


def test_seed_embryo_dashes_print_as_dashes(catalog: Catalog, armies: list[Army]) -> None:
    """The Seed-Embryo's MOV and WIP are "-" in the data (stored as -1): "-", not "-1" or "-0.4--0.4"."""
    shasvastii = army_by_slug(armies, "shasvastii")
    doc = document(catalog, shasvastii, [("shasvastii-seed-soldiers", 1, 1)])
    for units in ("inch", "cm"):
        lines = pdf_text(full_pdf(doc, options(units=units, weapons_reference=False))).splitlines()
        start = next(i for i, line in enumerate(lines) if "SEED-EMBRYO" in line)
        row = lines[start + 2:start + 11]  # after the name and its private note: MOV CC BS PH WIP ARM BTS W S
        assert row[0] == "-" and row[4] == "-", row
        assert not any("-1" in value or "-0.4" in value for value in row), row


def test_a_tag_and_its_pilot_bring_the_orders_of_one_trooper(catalog: Catalog, armies: list[Army]) -> None:
    panoceania = army_by_slug(armies, "panoceania")
    unit = panoceania.unit_by_slug("maximus")
    assert unit is not None and unit.group(1) is not None
    lieutenant = next(o for o in unit.group(1).options if o.is_lieutenant)
    doc = document(catalog, panoceania, [("maximus", 1, lieutenant.id), ("fusiliers", 1, 1)])
    assert "Orders: Regular 2 · Tactical 1 · Lieutenant 1" in full_text(doc, options())
    assert "Orders: Regular 2 · Tactical 1" in courtesy_text(doc, options())


def test_weapons_reference_takes_whole_names_and_abbreviated_modes(catalog: Catalog, armies: list[Army]) -> None:
    panoceania = army_by_slug(armies, "panoceania")
    unit = panoceania.unit_by_slug("maximus")
    assert unit is not None
    doc = document(catalog, panoceania, [("maximus", 1, 1), ("machinists", 1, 9),
                                         ("fireflies-clandestine-demo-squad", 1, 5)])
    reference = " ".join(pdf_text(full_pdf(doc, options())).split("Weapons reference")[1].split())
    assert "AP + DA CC Weapon " in reference
    assert "Armed Turret (Combi Rifle)" in reference and "Armed Turret (Marksman Rifle)" in reference
    assert "Armed Turret (Rifle)" not in reference  # only the modes the list has
    assert "No profile in the data" not in reference, reference[-300:]


@pytest.mark.parametrize("units", ["inch", "cm"])
def test_skill_distances_follow_the_sheet_units(catalog: Catalog, armies: list[Army], units: str) -> None:
    """'Forward Deployment (+20 cm)' (an option's) and 'Climb (7.5 cm)' (a profile's) print in inches."""
    panoceania = army_by_slug(armies, "panoceania")
    doc = document(catalog, panoceania, [("dr-priya-harper-archeo-raider", 1, 2), ("nisses", 1, 2),
                                         ("fusiliers", 1, 1)])
    wanted = {"inch": ('Forward Deployment (+8")', 'Climb (3")'),
              "cm": ("Forward Deployment (+20 cm)", "Climb (7.5 cm)")}[units]
    texts = [full_text(doc, options(units=units)), courtesy_text(doc, options(units=units))]
    pdfs = [pdf_text(full_pdf(doc, options(units=units))), pdf_text(courtesy_pdf(doc, options(units=units)))]
    for text, shown in [*((t, wanted[:1]) for t in texts), *((t, wanted) for t in pdfs)]:  # text: option items
        flat = " ".join(text.split())
        assert all(item in flat for item in shown), (units, shown)
        assert (" cm)" in flat) == (units == "cm")


# ----- the tallest fifteen troopers of the data ------------------------------------------------------
def rows_weight(model: OpenModel) -> float:
    """About how many lines a trooper takes on a courtesy list: a stat line, its items (~150 characters a
    line), and the same for each model that comes with it."""
    weight = 0.0
    for each in (model, *model.companions):
        text = sum(len(item) + 2 for item in (*each.weapons, *each.skills, *each.equipment)) + 30
        weight += 1 + text / 150 + max(0, len(each.stat_lines) - 1)
    return weight


@pytest.fixture(scope="module")
def tallest(armies: list[Army], private: PrivateSkills) -> tuple[Army, list[tuple[int, int, int]]]:
    """The army whose fifteen tallest open troopers (one per unit, companions included) take the most
    room on a courtesy list, and those troopers: the worst 15-trooper courtesy list of the data."""
    weights: dict[tuple[Any, ...], float] = {}
    worst: tuple[float, Army | None, list[tuple[int, int, int]]] = (0.0, None, [])
    for army in armies:
        best: dict[int, tuple[float, int, int]] = {}
        for unit in army.units:
            for group in unit.profile_groups:
                for option in group.options:
                    if option.disabled:
                        continue
                    key = (unit.slug, unit.name, group.id, option.id, option.name, option.points)
                    if key not in weights:
                        army_list, _ = ArmyList(name="", army=ArmyRef(origin="imported", id=army.id), pack="n5",
                                                points=300).with_trooper(1, unit.id, group.id, option.id)
                        view = courtesy_view(resolve(army_list, army), private, game_points=300)
                        models = view.groups[0].troopers if view.groups else ()
                        weights[key] = rows_weight(models[0]) if models else 0.0
                    if weights[key] > best.get(unit.id, (0.0, 0, 0))[0]:
                        best[unit.id] = (weights[key], group.id, option.id)
        top = sorted(best.items(), key=lambda item: -item[1][0])[:15]
        total = sum(weight for _, (weight, _, _) in top)
        if total > worst[0]:
            worst = (total, army, [(unit, group, option) for unit, (_, group, option) in top])
    assert worst[1] is not None and len(worst[2]) == 15
    return worst[1], worst[2]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_tallest_fifteen_troopers_fit_one_courtesy_page_and_two_full_pages(
        catalog: Catalog, tallest: tuple[Army, list[tuple[int, int, int]]], paper: str, language: str) -> None:
    army, troopers = tallest
    army_list = ArmyList(name="Tallest", army=ArmyRef(origin="imported", id=army.id), pack="n5", points=300)
    for index, (unit, group, option) in enumerate(troopers):
        army_list, _ = army_list.with_trooper(1 if index < 10 else 2, unit, group, option)
    doc = prepare(army_list, catalog)
    print_options = options(paper=paper, language=language, weapons_reference=False)
    with printing_language(language):  # laid out as the legal list it stands for: no violations box
        courtesy = courtesy_sheet(courtesy_of(doc), print_options, legal=True)
        full = replace(full_sheet(doc, print_options), legal=True, violations=())
        courtesy_pages = pdf_pages(render(courtesy, print_options))
        full_pages = pdf_pages(render(full, print_options))
    assert len(courtesy_pages) == 1, f"{army.slug}: {len(courtesy_pages)} courtesy pages"
    assert len(full_pages) <= 2, f"{army.slug}: {len(full_pages)} full pages"
    flat = " ".join(" ".join(courtesy_pages).split())
    assert sum(flat.count(model.unit) >= 1 for model in courtesy_of(doc).groups[0].troopers) >= 10
