"""Courtesy lists never leak private information (RULES.md §5), while the full list shows all of it."""

from __future__ import annotations

import re

import pytest
from export_lists import (
    BOYG,
    CIPHER,
    COMMISSAR,
    DANCER,
    FUSILIERS,
    GHOST,
    MIRAGE,
    NIGHTSHADE,
    PARAWING,
    SACHA,
    SENOR,
    SKYFALL,
    TOGAN,
    VEILED,
    export_catalog,
    mirrors_list,
    options,
    pdf_text,
    private_list,
    seed_list,
)

from armybuilder.data.catalog import Catalog
from armybuilder.domain.packs import PrivateSkills
from armybuilder.domain.values import OrderType
from armybuilder.export.pdf import courtesy_pdf, full_pdf
from armybuilder.export.printout import Printout, prepare
from armybuilder.export.privacy import Exposure, assess, matches
from armybuilder.export.sheet import courtesy_of
from armybuilder.export.text import courtesy_text, full_text
from armybuilder.paths import bundled_profiles_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return export_catalog()


@pytest.fixture(scope="module")
def doc(catalog: Catalog) -> Printout:
    document = prepare(private_list(), catalog)
    assert document.legal, [v.message for v in document.report.violations]
    return document


# Everything the courtesy list must not reveal, by kind of private information.
PRIVATE = {
    "hidden deployment": ["NIGHTSHADE", "Nightshade", "Shock Marksman Rifle", "Flash Pulse", "Hidden Deployment"],
    "combat jump / parachutist": ["SKYFALL", "Skyfall", "PARAWING", "Parawing", "Combat Jump", "Parachutist",
                                  "Boarding Shotgun", "Combat Group 3"],
    # N5.2: the presence of a trooper in HoloMask State is private: no line, no placeholder, no count
    "holomask disguise": ["MIRAGE", "Mirage", "Holomask", "MASQUERADE", "identity is private", "Trooper —"],
    # shown as a plain trooper of their unit: the option's own weapon order would tell it apart
    "chain of command identity": ["Chain of Command", "COMMISSAR SUCCESSOR", "Pistol, Spitfire"],
    "counterintelligence identity": ["Counterintelligence", "COUNTERSPY"],
    "marker contents": ["VEILED", "Veiled", "GHOST", "Ghost", "MASK DANCER", "Mask Dancer", "MULTI Sniper Rifle",
                        "Antipersonnel Mines", "Impersonation (IMP-1)", "STILETTO", "TRAPPER", "MARKSMAN"],
    "lieutenant": ["Lieutenant", "LIEUTENANT", "PARADE COMMANDER", "★", "Strategos", "Knife, Pistol"],
    "costs and SWC": ["SWC", "Pts", "539", "3.5", "troopers ·"],
    "fireteams": ["Fireteam", "Duo", "level"],
    "list name and code": ["Private Affairs", "Army code"],
}
COSTS = ["26", "28", "29", "31", "33", "34", "35", "36", "37", "38", "39", "41", "43", "44", "45"]
"""Every trooper's cost: all of them above every attribute of the synthetic army (max 22)."""


def flat_text(text: str) -> str:
    return " ".join(text.split())


def tokens(text: str) -> set[str]:
    return set(re.findall(r"\d+(?:\.\d+)?", text))


def test_each_private_skill_gets_its_verdict(doc: Printout) -> None:
    private = doc.context.edition.private
    verdicts = {t.unit.id: assess(t, private) for t in doc.report.roster.troopers}
    assert {u for u, v in verdicts.items() if v.exposure is Exposure.HIDDEN} == {NIGHTSHADE, SKYFALL, PARAWING,
                                                                                   MIRAGE}
    assert {u for u, v in verdicts.items() if v.exposure is Exposure.PLAIN} == {COMMISSAR, CIPHER}
    assert {u: verdicts[u].marker for u in (VEILED, GHOST, DANCER)} == {
        VEILED: "Camouflage", GHOST: "TO Camouflage", DANCER: "Impersonation"}
    assert {u for u, v in verdicts.items() if v.is_open} == {FUSILIERS, BOYG, SACHA, TOGAN, SENOR}


def test_matching_takes_whole_words_and_prefixes() -> None:
    assert matches("CH: TO Camouflage", "Camouflage") and matches("CH: TO Camouflage", "TO Camouflage")
    assert matches("Limited Camouflage", "Camouflage")
    assert matches("AD: Combat Jump", "Combat Jump")
    assert matches("Hidden\u00a0Deployment", "Hidden Deployment")  # the official data's spelling
    assert not matches("CH: Mimetism", "Camouflage")
    assert not matches("G: Jumper", "Combat Jump")
    assert not matches("Holomasking", "Holomask")
    assert not matches("Anything", "")


def test_a_pack_with_no_private_lists_hides_nothing(doc: Printout) -> None:
    assert all(assess(t, PrivateSkills()).is_open for t in doc.report.roster.troopers)


def test_courtesy_view_shows_groups_markers_and_open_orders_only(doc: Printout) -> None:
    view = courtesy_of(doc)
    assert [g.number for g in view.groups] == [1, 2]  # group 3 (all airborne) leaves no trace
    first, second = view.groups
    # by name, not list order; the Lieutenant and the other Fusilier are now the same line
    assert [(m.unit, m.quantity) for m in first.troopers] == [
        ("BØYG", 1), ("FUSILIERS", 2), ("SĀCHĀ, Xenotech Hunters", 1), ("Señor Massacre", 1), ("Tōgan", 1)]
    assert first.markers == ("Camouflage", "TO Camouflage")
    # Chain of Command and Counterintelligence: shown as plain troopers, the skill left out
    assert [(m.unit, m.weapons, m.skills, m.equipment) for m in second.troopers] == [
        ("CIPHER OFFICERS", ("Combi Rifle",), (), ("Hacking Device",)),
        ("SHADOW COMMISSARS", ("Spitfire", "Pistol"), (), ())]  # the plain COMMISSAR's weapon order
    assert second.markers == ("Impersonation",)
    assert dict(first.orders) == {OrderType.REGULAR: 4, OrderType.IRREGULAR: 1, OrderType.IMPETUOUS: 1,
                                  OrderType.TACTICAL: 0}
    assert dict(second.orders) == {OrderType.REGULAR: 2, OrderType.IRREGULAR: 0, OrderType.IMPETUOUS: 0,
                                   OrderType.TACTICAL: 0}
    assert first.entries == 8  # ten troopers, the Hidden Deployment and the HoloMask ones not counted
    for model in first.troopers:
        assert not any("Lieutenant" in item for item in (*model.skills, *model.weapons, *model.equipment))
    togan = next(m for m in first.troopers if m.unit == "Tōgan")
    assert [c.unit for c in togan.companions] == ["Tōgan Auxbot"] and togan.companions[0].peripheral


@pytest.mark.parametrize("language", ["en", "es"])
def test_courtesy_pdf_reveals_no_private_information(doc: Printout, language: str) -> None:
    text = pdf_text(courtesy_pdf(doc, options(language=language)))
    for kind, words in PRIVATE.items():
        for word in words:
            assert word not in text, f"courtesy list ({language}) leaks {kind}: {word!r}"
    leaked = tokens(text) & set(COSTS)
    assert not leaked, f"courtesy list ({language}) prints costs {leaked}"
    assert re.findall(r"\d+ p\w+", text) == [{"en": "600 points", "es": "600 puntos"}[language]]  # game size
    if language == "es":
        for word in ("Teniente", "TENIENTE", "CAP", "Lista de Batalla", "Refuerzos"):
            assert word not in text
    # what it does show
    for word in ("BØYG", "SĀCHĀ, Xenotech Hunters", "Tōgan", "Tōgan Auxbot", "Señor Massacre", "FUSILIERS"):
        assert word in text
    # the two Fusiliers, SĀCHĀ, Tōgan, Cipher, and the weapons reference's line
    assert text.count("Combi Rifle") == 5 and "2× FUSILIERS" in text
    assert "SHADOW COMMISSARS" in text and "CIPHER OFFICERS" in text
    marker = {"en": "Camouflage marker", "es": "Marcador de Camuflaje"}[language]
    assert marker in text


def test_courtesy_text_reveals_no_private_information(doc: Printout) -> None:
    text = courtesy_text(doc, options())
    for kind, words in PRIVATE.items():
        for word in words:
            assert word not in text, f"courtesy text leaks {kind}: {word!r}"
    assert not tokens(text) & set(COSTS)
    assert re.findall(r"\d+ p\w+", text) == ["600 points"]
    assert "● TO Camouflage marker" in text and "● Impersonation marker" in text


def test_courtesy_text_tells_loadouts_apart() -> None:
    """Blizzard-6 A fields plain Fusiliers and Forward Observers: the text shows the option's open skills
    and equipment (as the full text does), so the two lines say what differs."""
    bundled = Catalog.from_paths([bundled_profiles_dir()])
    text = courtesy_text(prepare(seed_list("blizzard-6-a", bundled), bundled), options())
    lines = [line.strip() for line in text.splitlines()]
    assert "2× Fusiliers: Combi Rifle, Pistol, Knife" in lines
    assert "2× Fusiliers: Combi Rifle, Pistol, Knife · Forward Observer · Deployable Repeater" in lines
    assert ("Knights Hospitaller: MULTI Rifle, Pistol, AP CCW · Martial Arts L2, Doctor, Religious Troop · MediKit"
            in lines)


def test_full_pdf_shows_all_of_it(doc: Printout) -> None:
    text = pdf_text(full_pdf(doc, options()))
    for kind, words in PRIVATE.items():
        if kind in ("list name and code",):
            continue
        for word in words:
            if word in ("539", "3.5", "level", "★", "troopers ·", "identity is private", "Trooper —"):
                continue
            assert word in text, f"full list misses {kind}: {word!r}"
    assert tokens(text) >= set(COSTS)
    assert "Private Affairs" in text and "539 / 600" in text and "3.5 / 12" in text
    assert "★ FUSILIERS LIEUTENANT" in text
    assert "Combat Group 3" in text and "Nightshade Drone" in text
    assert "Private (Hidden Deployment): left off the courtesy list" in text
    assert ("Private (Holomask): left off the courtesy list (in HoloMask or Holoecho State its presence is "
            "private)") in flat_text(text)
    assert "Private (Chain of Command): on the courtesy list as a plain COMMISSAR" in flat_text(text)
    assert "Private (Counterintelligence): the courtesy list shows the trooper without it" in flat_text(text)
    assert ("Private (Lieutenant): on the courtesy list as a plain FUSILIER, without Strategos L1"
            in flat_text(text))
    flat = " ".join(text.split())
    assert "Fireteams" in text and "FUSILIERS (FUSILIER PARADE COMMANDER) · FUSILIERS (FUSILIER)" in flat
    assert "10/10 troopers · 346 points · 3 SWC" in flat


def test_full_text_shows_costs_and_lieutenant(doc: Printout) -> None:
    text = full_text(doc, options())
    assert "★ FUSILIERS (FUSILIER PARADE COMMANDER) [LIEUTENANT]" in text
    assert ("NIGHTSHADE INFILTRATORS (NIGHTSHADE GARROTE): Shock Marksman Rifle, Pistol · Hidden Deployment, "
            "Infiltration — 34 pts, 0 SWC") in flat_text(text)  # the profile's skills: why it is off the courtesy list
    assert "Orders: Regular 7 · Irregular 2 · Impetuous 1 · Lieutenant 1" in text


def test_fireteams_are_assessed_by_the_fireteam_rules(doc: Printout) -> None:
    """Levels come from armybuilder.rules.fireteams: two Fusiliers are a level-2 Duo with the level 1 and 2 bonuses."""
    flat = " ".join(full_text(doc, options()).split())
    assert "FUSILIERS (FUSILIER) — level 2" in flat and "BS Attack (+1 SD)" in flat


# ----- N5.2: HoloMask and Holoecho, Decoy, a stand-in's gear, team options, "-" values ----------------
@pytest.fixture(scope="module")
def mirrors(catalog: Catalog) -> Printout:
    document = prepare(mirrors_list(), catalog)
    assert document.legal, [v.message for v in document.report.violations]
    return document


MIRRORS_PRIVATE = ["HOLOGRAPHER", "Holographer", "Holoprojector", "Holoecho", "Spitfire, Pistol · Holo",
                   "SPECTRE", "Spectre", "LURKER", "Chain of Command", "WARDEN CHIEF", "Lieutenant", "Strategos",
                   "Decoy (1)", "Smoke and Mirrors", "Pts", "SWC"]


def test_a_holoprojector_bearer_leaves_no_trace_and_decoys_match_the_table(mirrors: Printout) -> None:
    view = courtesy_of(mirrors)
    (group,) = view.groups
    by_unit = {m.unit: m for m in group.troopers}
    assert "HOLOGRAPHERS" not in by_unit  # N5.2: in Holoecho State its presence is private, and no marker names it
    duellists = by_unit["DECOY DUELLISTS"]
    assert duellists.quantity == 2 and duellists.decoys == 2 and "Decoy (2)" in duellists.skills
    assert group.markers == ("Camouflage", "Camouflage")  # a Camouflage + Decoy (1) trooper: two markers, not one
    # Castor & Pollux are two troopers, as the full list counts them; the Holographer counts nothing
    assert by_unit["CASTOR & POLLUX"].places == 2
    assert group.entries == mirrors.report.totals.groups[0].troopers - 2 + 2  # - Holographer, - Spectre + 2 markers


def test_a_chain_of_command_trooper_shows_the_gear_it_carries(mirrors: Printout) -> None:
    """No plain Warden carries a Boarding Shotgun: the chief is shown with it (it is on the model), without
    Chain of Command, not as a plain Warden with a Spitfire."""
    wardens = [m for g in courtesy_of(mirrors).groups for m in g.troopers if m.unit == "WARDENS"]
    assert sorted(m.weapons for m in wardens) == [("Boarding Shotgun", "Pistol"), ("Spitfire", "Pistol")]
    assert all(not m.skills for m in wardens)
    full = flat_text(pdf_text(full_pdf(mirrors, options(weapons_reference=False))))
    assert "Private (Chain of Command): the courtesy list shows the trooper without it" in full


@pytest.mark.parametrize("language", ["en", "es"])
def test_mirrors_courtesy_print_outs_reveal_nothing_private(mirrors: Printout, language: str) -> None:
    pdf = pdf_text(courtesy_pdf(mirrors, options(language=language)))
    text = courtesy_text(mirrors, options(language=language))
    listed = pdf.split({"en": "Weapons reference", "es": "Referencia de armas"}[language])[0]  # ranges: 32–48
    for shown in (pdf, text):
        for word in MIRRORS_PRIVATE:
            assert word not in shown, f"courtesy list ({language}) leaks {word!r}"
    for shown in (listed, text):
        assert not tokens(shown) & {"27", "28", "46", "47", "48", "49", "51", "53", "396"}
    flat = flat_text(pdf)
    marker = {"en": "Camouflage marker", "es": "Marcador de Camuflaje"}[language]
    assert flat.count(marker) == 2
    assert {"en": "10 on the table", "es": "10 en la mesa"}[language] in flat
    assert {"en": "each on the table as its model and up to 2 Decoy markers",
            "es": "cada uno en la mesa como su miniatura y hasta 2 marcadores de Señuelo"}[language] in flat
    reference = flat.split({"en": "Weapons reference", "es": "Referencia de armas"}[language])[1]
    assert "Boarding Shotgun" in reference and "Combi Rifle" in reference  # the weapons shown, for the opponent


def test_mirrors_full_list_notes_every_trooper_shown_differently(mirrors: Printout) -> None:
    full = flat_text(pdf_text(full_pdf(mirrors, options(weapons_reference=False))))
    assert ("Private (Holoprojector): left off the courtesy list (in HoloMask or Holoecho State its presence is "
            "private)") in full
    assert ("Private (Camouflage, Decoy (1)): on the courtesy list as 2× Camouflage marker (the trooper and its "
            "decoys: which one is real stays private)") in full
    assert "Decoy (2): on the table as its model and up to 2 Decoy markers" in full
    assert "Private (Lieutenant): on the courtesy list as a plain FUSILIER, without Strategos L1" in full
    assert "CASTOR & POLLUX" in full and "10/10 troopers" in full


def test_dash_values_print_as_a_dash(mirrors: Printout) -> None:
    """The data's "-" (stored as -1: a Seed-Embryo's MOV and WIP) prints as "-", never "-1" or "-0.4--0.4"."""
    for units in ("inch", "cm"):
        for text in (pdf_text(full_pdf(mirrors, options(units=units, weapons_reference=False))),
                     pdf_text(courtesy_pdf(mirrors, options(units=units, weapons_reference=False)))):
            lines = text.splitlines()
            start = next(i for i, line in enumerate(lines) if line.startswith("SEED POD"))
            assert lines[start + 1:start + 9] == ["-", "-", "-", "10", "-", "0", "3", "1 STR"], lines[start:start + 9]
            assert not any(value in ("-1", "-0.4--0.4", "-1--1") for value in lines[start:start + 9])


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "on the table as its model and up to 1 Decoy marker:", "each on the table as its model and up to 2 Decoy "
                                                                  "markers:"),
    ("es", "en la mesa como su miniatura y hasta 1 marcador de Señuelo:", "cada uno en la mesa como su miniatura y "
                                                                          "hasta 2 marcadores de Señuelo:"),
])
def test_a_decoy_line_counts_its_markers_in_good_grammar(language: str, one: str, two: str) -> None:
    """Decoy (1) is the usual value (Knauf, Sunduqbut): "up to 1 Decoy markers" read wrong in both languages."""
    from armybuilder.export.sheet import decoy_line
    from armybuilder.i18n import language_override

    with language_override(language):
        assert decoy_line(1, 1).startswith(one), decoy_line(1, 1)
        assert decoy_line(2, 2).startswith(two), decoy_line(2, 2)
