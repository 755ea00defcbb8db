"""No private fact reaches a courtesy list (RULES.md §5, N5.2), checked on real lists and on every private
option of the 56 official armies: the courtesy PDF (English and Spanish, with its weapons reference), its
text variant and the PDF's metadata.

The lists: every official army code of the team's real-code corpus (`tests/data/army_code*.yaml[.gz]`), and, for
each army, one list holding, for each unit, an option of every combination it has of HoloMask, a
Holoprojector, Decoy, Camouflage, Impersonation, Hidden Deployment, an airborne deployment (Combat Jump,
Parachutist), the Lieutenant, Chain of Command or Counterintelligence. What is private is worked out here on
its own — RULES.md §5's skill names matched as plain substrings, which only ever finds more — never by
asking `export/privacy.py` or the edition pack.
"""

from __future__ import annotations

import io
import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from armycode_support import read_code_file
from export_lists import DATA, FIXED, options
from pypdf import PdfReader

from armybuilder.data.armycode import list_from_code
from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, ArmyRef
from armybuilder.domain.packs import EditionPack, PrivateSkills
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.export.pdf import courtesy_pdf
from armybuilder.export.printout import Printout, prepare
from armybuilder.export.text import courtesy_text
from armybuilder.paths import bundled_profiles_dir

pytestmark = pytest.mark.shared

ALWAYS_PRIVATE = ("Lieutenant", "LIEUTENANT", "Teniente", "TENIENTE", "Chain of Command", "Counterintelligence",
                  "Holomask", "Holoprojector", "Holoecho", "Hidden Deployment", "Combat Jump", "Parachutist",
                  "Airborne Deployment", "SWC", "CAP", "Pts", "★", "Fireteam", "identity is private",
                  "Army code", "Código de ejército")
"""Words no courtesy list prints, whatever the list (unless a shown unit is called so). Not Strategos: a unit
whose every option is a Lieutenant (Sun Tze) has it on its profile, and its model tells as much."""
OFF_THE_TABLE = ("Hidden Deployment", "Combat Jump", "Parachutist", "Airborne Deployment", "Holomask",
                 "Holoprojector", "Holoecho")
"""RULES.md §5 (wiki: Open and Private Information, HoloMask State, Holoecho State): their presence is private."""
MARKERS = ("Camouflage", "Impersonation")
"""Troopers that deploy as markers: the contents of markers are private."""
IDENTITY = ("Chain of Command", "Counterintelligence")
OFFICIAL_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "infinity-army" / "n5"
"""The snapshot the session's `imported_data` fixture imports (conftest.py), read here for its army names."""
KIND_WORDS = {"hidden": OFF_THE_TABLE, "markers": MARKERS, "decoy": ("Decoy",), "identity": IDENTITY}


def corpus_codes() -> list[dict[str, Any]]:
    """Entries with a code in tests/data/army_code*.yaml[.gz] (#11's corpus of 1,400+ real codes): for each
    army its first and its longest code, and every code with Spec-Ops upgrades — about a hundred lists,
    each printed four ways. ARMYBUILDER_FULL_CORPUS=1 takes every code (half an hour on 2 cores)."""
    entries: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in sorted((*DATA.glob("army_code*.yaml"), *DATA.glob("army_code*.yaml.gz"))):
        data = read_code_file(path)
        for entry in data.get("codes") or ():
            if isinstance(entry, dict) and isinstance(entry.get("code"), str) and entry["code"] not in seen:
                seen.add(entry["code"])
                entries.append(entry)
    if os.environ.get("ARMYBUILDER_FULL_CORPUS") == "1":
        return entries
    picked: dict[str, dict[str, Any]] = {}
    by_army: dict[object, list[dict[str, Any]]] = {}
    for entry in entries:
        by_army.setdefault(entry.get("army"), []).append(entry)
        if any("*" in group for group in entry.get("groups", ())):
            picked[entry["code"]] = entry
    for codes in by_army.values():
        for entry in (codes[0], max(codes, key=lambda e: len(e["code"]))):
            picked[entry["code"]] = entry
    return [e for e in entries if e["code"] in picked]


@pytest.fixture(scope="module")
def catalog(imported_data: Any) -> Catalog:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    assert attach_imported(catalog, imported_data.data_dir) is not None
    return catalog


@pytest.fixture(scope="module")
def private(catalog: Catalog) -> PrivateSkills:
    pack = catalog.pack("n5")
    assert isinstance(pack, EditionPack)
    return pack.private


# ----- what is private, worked out here ---------------------------------------------------------------
def names_of(trooper: ResolvedTrooper) -> list[str]:
    """Every skill, piece of equipment and characteristic of the trooper and the team members it includes."""
    members = [inc for inc in trooper.included if not inc.is_peripheral]
    profiles = [*trooper.profiles, *(p for inc in members for p in inc.group.profiles)]
    holders = [*profiles, trooper.option, *(inc.option for inc in members)]
    names = [i.name for h in holders for i in (*h.skills, *h.equipment)]  # type: ignore[attr-defined]
    return names + [c for h in holders for c in h.characteristics]  # type: ignore[attr-defined]


def has(names: list[str], rules: tuple[str, ...]) -> bool:
    return any(rule.casefold() in name.casefold().replace("\u00a0", " ") for name in names for rule in rules)


def is_lieutenant(trooper: ResolvedTrooper) -> bool:
    options = [trooper.option, *(inc.option for inc in trooper.included)]
    return trooper.is_lieutenant or any(i.name.casefold().startswith("lieutenant") for o in options for i in o.skills)


@dataclass
class Expected:
    shown: list[ResolvedTrooper]
    hidden: list[ResolvedTrooper]
    """Left off (Hidden Deployment, airborne, HoloMask/Holoecho) or shown only as markers."""


def expected(doc: Printout) -> Expected:
    shown, hidden = [], []
    for trooper in doc.report.roster.troopers:
        names = names_of(trooper)
        if has(names, (*OFF_THE_TABLE, *MARKERS)):
            hidden.append(trooper)
        else:
            shown.append(trooper)
    return Expected(shown, hidden)


def weapons_of(trooper: ResolvedTrooper) -> set[str]:
    models = [(trooper.profiles if trooper.group is not None else (), trooper.option)]
    models += [(inc.group.profiles[:1], inc.option) for inc in trooper.included]
    return {w.name for profiles, option in models for w in (*(w for p in profiles for w in p.weapons),
                                                            *option.weapons)}


# ----- reading the outputs back ------------------------------------------------------------------------
def pdf_read(data: bytes) -> tuple[str, dict[str, str]]:
    """The PDF's text as PDFium (the print preview's engine) extracts it, and its metadata as pypdf reads it.

    PDFium's text is pypdf's up to whitespace (a table's cells on one line rather than one per line) — the
    same words in the same order for every list printed here — and about ten times quicker: pypdf's
    content-stream parser was half of this file's time (and this file a fifth of the suite's CPU)."""
    pdf = pdfium.PdfDocument(data)
    try:
        text = "\n".join(page.get_textpage().get_text_bounded().replace("\r\n", "\n") for page in pdf)
    finally:
        pdf.close()
    metadata = {str(k): str(v) for k, v in (PdfReader(io.BytesIO(data)).metadata or {}).items()}
    if os.environ.get("ARMYBUILDER_CHECK_PDF_TEXT") == "1":
        reader = PdfReader(io.BytesIO(data))
        old = "\n".join(page.extract_text() or "" for page in reader.pages)
        assert old.split() == text.split(), "pdfium and pypdf differ beyond whitespace"
    return text, metadata


def shown_units(text: str, units: set[str]) -> Counter[str]:
    """Trooper lines of a courtesy text by unit name (peripherals, members and markers left out); `units`
    are the army's unit names (some hold a colon: "REINF: NEOTERRA BOLTS")."""
    by_length = sorted(units, key=len, reverse=True)
    found: Counter[str] = Counter()
    for line in text.splitlines():
        if not line.startswith("  ") or line.startswith(("    ", "  ●", "  Orders", "  Órdenes")):
            continue
        body = line[2:]
        count = re.match(r"(\d+)× ", body)
        if count:
            body = body[count.end():]
        unit = next((u for u in by_length if body == u or body.startswith(u + ":") or body.startswith(u + " (")),
                    body)
        found[unit] += int(count.group(1)) if count else 1
    return found


def without(text: str, names: set[str]) -> str:
    """The text with the names of what is shown taken out (a unit may be called 'Lieutenant …')."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def check_courtesy(doc: Printout, private: PrivateSkills, label: str, spanish_pdf: bool = True) -> tuple[int, int]:
    """Every check on one list's courtesy outputs; returns (troopers shown, troopers hidden or markers).

    `spanish_pdf`: the Spanish PDF too (the Spanish text is always read: same view, Spanish labels)."""
    want = expected(doc)
    en, es = options(allow_illegal=True), options(allow_illegal=True, language="es")
    text_en, text_es = courtesy_text(doc, en), courtesy_text(doc, es)
    pdf_en, meta_en = pdf_read(courtesy_pdf(doc, en))
    outputs = {"text": text_en, "text (es)": text_es, "PDF": pdf_en, "PDF metadata": " ".join(meta_en.values())}
    if spanish_pdf:
        pdf_es, meta_es = pdf_read(courtesy_pdf(doc, es))
        outputs |= {"PDF (es)": pdf_es, "PDF metadata (es)": " ".join(meta_es.values())}
    shown_names = {t.unit.name for t in want.shown} | {p.name for t in want.shown for p in t.profiles}
    shown_names |= {inc.group.profiles[0].name for t in want.shown for inc in t.included if inc.group.profiles}

    # the words no courtesy list prints, the list's name and its army code (a name that is also a word the
    # list shows anyway, 'Booty' or 'Guided', cannot be told apart; nor the footer's version, '0.0-test')
    list_name = doc.army_list.name.strip()
    secrets = list(ALWAYS_PRIVATE)
    shown_labels = {i.label for t in want.shown for i in t.items()}
    if len(list_name) >= 4 and list_name not in doc.army.name \
            and not any(list_name.casefold() in label.casefold() for label in shown_labels):
        secrets.append(list_name)
    if doc.army_code:
        secrets.append(doc.army_code[:24])
    for where, output in outputs.items():
        cleaned = without(output.replace(str(FIXED["app_version"]), " "), shown_names)
        for secret in secrets:
            assert secret not in cleaned, f"{label}: the courtesy {where} prints {secret!r}"
        # Camouflage and Impersonation only as the markers the table shows
        rest = re.sub(r"(TO )?Camouflage marker|Impersonation marker|Marcador de (Camuflaje( TO)?|Suplantación)",
                      "", cleaned)
        for skill in MARKERS:
            assert skill not in rest, f"{label}: the courtesy {where} names {skill!r} outside a marker"

    # option names never (they may say "Lieutenant", "Chain of Command"…)
    printed = shown_names | {i.label for t in want.shown for i in t.items()}
    for trooper in doc.report.roster.troopers:
        option = trooper.option.name.strip()
        if len(option) >= 4 and not any(option.casefold() in p.casefold() for p in printed):
            for where, output in outputs.items():
                assert option not in output, f"{label}: the courtesy {where} names the option {option!r}"

    # a hidden or marker trooper's own weapons (that no shown trooper carries) appear nowhere, not even in
    # the weapons reference
    shown_weapons = {w for t in want.shown for w in weapons_of(t)}
    # a shown weapon's modes are shown too: 'Armed Turret (Thunderbolt)' of a Shénji is not a hidden Thunderbolt
    modes = re.compile("|".join(rf"{re.escape(w)} \([^)]*\)" for w in sorted(shown_weapons, key=len, reverse=True))
                       or r"(?!x)x")
    cleaned_outputs = {where: without(modes.sub(" ", output), shown_names | shown_weapons)
                       for where, output in outputs.items()}
    for trooper in want.hidden:
        for weapon in weapons_of(trooper) - shown_weapons:
            pattern = re.compile(rf"(?<!\w){re.escape(weapon)}(?!\w)")  # not 'Sepsitor' in 'Sepsitorized'
            for where, output in cleaned_outputs.items():
                assert not pattern.search(output), (
                    f"{label}: the courtesy {where} prints {weapon!r}, only carried by {trooper.unit.name}")

    # the troopers shown are those open on the table, and every count leaves the others out
    expected_units = Counter(t.unit.name for t in want.shown)
    listed = shown_units(text_en, {t.unit.name for t in doc.report.roster.troopers})  # Reinforcements too
    assert listed == expected_units, f"{label}: shown {listed} != {expected_units}"
    markers = sum(1 for line in text_en.splitlines() if line.startswith("  ●"))
    counted = sum(int(m) for m in re.findall(r"· (\d+) on the table", text_en))
    places = sum(doc.context.places(t) for t in want.shown)
    assert counted == places + markers, f"{label}: '{counted} on the table' for {places} troopers and {markers} markers"
    numbers = [int(n) for n in re.findall(r"^COMBAT GROUP (\d+)", text_en, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)), f"{label}: groups numbered {numbers}"
    assert not re.search(r"\b\d+ / \d+\b", pdf_en), f"{label}: a total spent is printed"
    return len(want.shown), len(want.hidden)


# ----- the real lists --------------------------------------------------------------------------------
CODES = corpus_codes()


def test_the_corpus_is_there(private: PrivateSkills) -> None:
    assert len(CODES) >= 13, len(CODES)  # the 15 codes of army_codes.yaml hold 13 distinct lists
    packed = {rule for kind in ("hidden_deployment", "airborne_deployment", "holomask", "markers", "identity",
                                "decoy") for rule in getattr(private, kind)}
    assert set(OFF_THE_TABLE) | set(MARKERS) | set(IDENTITY) | {"Decoy"} <= packed  # the pack says what RULES.md says


@pytest.mark.parametrize("entry", CODES, ids=lambda e: f"{e.get('slug', '?')}-{e['code'][:10]}")
def test_real_lists_keep_their_private_facts(catalog: Catalog, private: PrivateSkills, entry: dict[str, Any]) -> None:
    army_list = list_from_code(entry["code"], catalog)
    doc = prepare(army_list, catalog, code=entry["code"])
    if not doc.report.roster.troopers:
        pytest.skip(f"no trooper of this code resolves in the data snapshot ({entry.get('slug')})")
    check_courtesy(doc, private, f"{entry.get('slug')} {entry.get('name', '')!r}")


# ----- every private option of every army ---------------------------------------------------------------

def private_options(army: Army) -> Iterator[tuple[int, int, int]]:
    """(unit, profile group, option) of the selectable options with a private skill or the Lieutenant: for each
    unit, one option of each combination of kinds (a Lieutenant with Decoy, a Chain of Command holder with
    Camouflage…) — every kind of every unit, not the hundreds of loadouts that repeat it."""
    from armybuilder.domain.roster import resolve

    for unit in army.units:
        seen: set[tuple[Any, ...]] = set()
        for group, option in unit.selectable_options():
            group_id = group.id if group is not None else 0
            army_list, _ = ArmyList(name="", army=ArmyRef(origin="imported", id=army.id), pack="n5",
                                    points=300).with_trooper(1, unit.id, group_id, option.id)
            roster = resolve(army_list, army)
            if not roster.troopers:
                continue
            trooper = roster.troopers[0]
            names = names_of(trooper)
            kinds = tuple(kind for kind, words in KIND_WORDS.items() if has(names, words))
            signature = (group_id, kinds, is_lieutenant(trooper))
            if (kinds or is_lieutenant(trooper)) and signature not in seen:
                seen.add(signature)
                yield unit.id, group_id, option.id


def official_slugs() -> list[str]:
    """The armies of the official snapshot by file name (`<slug>.json` beside `army.json`), read when the tests
    are collected so each army is a test of its own that xdist can hand to any worker; one placeholder when
    ../shared is absent (the `imported_data` fixture then skips it, saying why)."""
    if not (OFFICIAL_DATA / "army.json").is_file():
        return ["no-official-data"]
    return sorted(path.stem for path in OFFICIAL_DATA.glob("*.json") if path.name != "army.json")


SLUGS = official_slugs()


@pytest.fixture(scope="module")
def official_armies(catalog: Catalog) -> dict[str, Army]:
    return {s.slug: catalog.army(s.ref) for s in catalog.armies() if s.origin == "imported"}


def secret_plans(army: Army, chosen: list[tuple[int, int, int]], catalog: Catalog) -> Printout:
    """One list of the army's private options, ten to a combat group."""
    army_list = ArmyList(name="Secret Plans", army=ArmyRef(origin="imported", id=army.id), pack="n5", points=300)
    for index, (unit, group, option) in enumerate(chosen):
        army_list, _ = army_list.with_trooper(1 + index // 10, unit, group, option)
    return prepare(army_list, catalog)


def test_every_army_of_the_snapshot_is_checked_and_every_kind_is_there(
        catalog: Catalog, official_armies: dict[str, Army]) -> None:
    """The armies checked one by one below are the 56 imported ones, and between them every kind of private
    option is there in numbers (data 7.x: 1,441 options, 528 shown as troopers, 913 off the table or markers)."""
    assert len(official_armies) == 56 and sorted(official_armies) == SLUGS
    totals: Counter[str] = Counter()
    for army in official_armies.values():
        chosen = list(private_options(army))
        if not chosen:
            continue
        want = expected(secret_plans(army, chosen, catalog))
        totals["options"] += len(chosen)
        totals["shown"] += len(want.shown)
        totals["hidden"] += len(want.hidden)
    assert totals["options"] > 500 and totals["hidden"] > 150 and totals["shown"] > 150, totals


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_every_private_option_of_the_army_stays_private(catalog: Catalog, private: PrivateSkills,
                                                        official_armies: dict[str, Army], slug: str) -> None:
    """Each army's private options in one list, ten to a combat group: its courtesy outputs keep them."""
    army = official_armies[slug]
    chosen = list(private_options(army))
    if not chosen:  # a Reinforcements army has no Lieutenant, and may have no private skill either
        assert army.kind == "reinforcements", f"{slug}: no option with a private skill or the Lieutenant"
        return
    check_courtesy(secret_plans(army, chosen, catalog), private, army.slug, spanish_pdf=False)
