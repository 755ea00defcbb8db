"""PDF print-outs: Unicode fonts that read back, page counts, paper, units, languages, NOT LEGAL marks."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from export_lists import (
    KNIGHTS,
    export_catalog,
    long_list,
    options,
    pdf_pages,
    pdf_text,
    private_list,
    tag_list,
)
from pypdf import PdfReader

from armybuilder.data.armycode import decode
from armybuilder.data.catalog import Catalog, summarize
from armybuilder.data.listfile import load_list
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.export.fmt import distance, item_label, move
from armybuilder.export.pdf import courtesy_pdf, full_pdf, render
from armybuilder.export.printout import IllegalListError, Printout, prepare
from armybuilder.export.text import courtesy_text, full_text
from armybuilder.paths import bundled_profiles_dir

UNICODE_NAMES = ("BØYG", "SĀCHĀ, Xenotech Hunters", "Tōgan", "Señor Massacre")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return export_catalog()


@pytest.fixture(scope="module")
def doc(catalog: Catalog) -> Printout:
    return prepare(private_list(), catalog)


@pytest.fixture(scope="module")
def long_doc(catalog: Catalog) -> Printout:
    document = prepare(long_list(), catalog)
    assert document.legal, [v.message for v in document.report.violations]
    assert document.report.totals.troopers == 15
    return document


def fonts_of(data: bytes) -> set[str]:
    reader = PdfReader(io.BytesIO(data))
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():  # type: ignore[index]
            names.add(str(font.get_object()["/BaseFont"]))
    return names


def test_unicode_names_read_back_intact(doc: Printout) -> None:
    for data in (full_pdf(doc, options()), courtesy_pdf(doc, options())):
        text = pdf_text(data)
        for name in UNICODE_NAMES:
            assert name in text


def test_only_embedded_truetype_fonts_are_used(catalog: Catalog, doc: Printout) -> None:
    with_code = prepare(private_list(), catalog, code="gwEJcGFub2NlYW5pYQ8tPLOAwA")  # its QR code too
    for data in (full_pdf(doc, options()), courtesy_pdf(doc, options(language="es")), full_pdf(with_code, options())):
        names = fonts_of(data)
        assert names, "no fonts found"
        assert all(name.startswith("/") and "+DejaVuSans" in name for name in names), names  # subsets, no base-14


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fifteen_troopers_fit_two_pages_full_and_one_courtesy(long_doc: Printout, paper: str) -> None:
    full = pdf_pages(full_pdf(long_doc, options(paper=paper, weapons_reference=False)))
    assert len(full) <= 2
    assert sum(text.count("Knight of the Long Name") for text in full) >= 13
    courtesy = pdf_pages(courtesy_pdf(long_doc, options(paper=paper)))
    assert len(courtesy) == 2 and "Weapons reference" in courtesy[1]  # the list on one page, the reference after
    assert "Weapons reference" not in courtesy[0]
    with_reference = pdf_pages(full_pdf(long_doc, options(paper=paper)))
    start = next(i for i, text in enumerate(with_reference) if "Weapons reference" in text)
    assert start <= 2  # the reference starts on its own page, after at most two pages of list


def test_long_names_and_equipment_wrap_instead_of_running_off(long_doc: Printout) -> None:
    flat = " ".join(pdf_text(full_pdf(long_doc, options())).split())
    assert ("Sacred Military Order of the Knights of the Extraordinarily Long Name, Hospitaller Division") in flat
    assert ("Equipment: Multispectral Visor L1, Medikit, Deployable Repeater, Nanoscreen, Tinbot (PH-3), "
            "Biometric Visor L2, Albedo (-3)") in flat
    assert "Knight's Servant Bot with an Unusually Long Designation" in flat


def test_pages_are_numbered(long_doc: Printout) -> None:
    pages = pdf_pages(full_pdf(long_doc, options()))
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in text


def test_paper_sizes(doc: Printout) -> None:
    a4 = PdfReader(io.BytesIO(full_pdf(doc, options()))).pages[0].mediabox
    letter = PdfReader(io.BytesIO(full_pdf(doc, options(paper="letter")))).pages[0].mediabox
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)
    assert (round(float(letter.width)), round(float(letter.height))) == (612, 792)


def test_move_in_inches_or_cm(doc: Printout) -> None:
    assert move((10, 10), "inch") == "4-4" and move((15, 10), "inch") == "6-4" and move((10, 5), "inch") == "4-2"
    assert move((10, 10), "cm") == "10-10" and distance(12, "inch") == "4.8" and distance(240, "inch") == "96"
    inches = " ".join(pdf_text(courtesy_pdf(doc, options())).split())
    cm = " ".join(pdf_text(courtesy_pdf(doc, options(units="cm"))).split())
    assert "Tōgan Auxbot Peripheral · REM 6-4" in inches and "Tōgan Auxbot Peripheral · REM 15-10" in cm
    assert "MOV inch" in inches and "MOV cm" in cm


def test_item_distances_follow_the_sheet_units(catalog: Catalog) -> None:
    """The data writes skill distances in cm ('Dodge (+5 cm)'): an inch sheet prints them in inches."""
    assert item_label("Dodge (+5 cm)", "inch") == 'Dodge (+2")' and item_label("Dodge (+5 cm)", "cm") == "Dodge (+5 cm)"
    assert item_label("Super-Jump (7.5 cm)", "inch") == 'Super-Jump (3")'
    assert item_label("Dodge (+2.5 cm)", "inch") == 'Dodge (+1")' and item_label("Knife", "inch") == "Knife"
    doc = prepare(tag_list(), catalog)
    for units, wanted in (("inch", ('Dodge (+2")', 'Super-Jump (3")', 'Forward Deployment (+8")')),
                          ("cm", ("Dodge (+5 cm)", "Super-Jump (7.5 cm)", "Forward Deployment (+20 cm)"))):
        texts = (full_text(doc, options(units=units)), courtesy_text(doc, options(units=units)))
        pdfs = (pdf_text(full_pdf(doc, options(units=units))), pdf_text(courtesy_pdf(doc, options(units=units))))
        for text, shown in [*((t, wanted[:1]) for t in texts), *((t, wanted) for t in pdfs)]:  # text: option items
            flat = " ".join(text.split())
            for item in shown:
                assert item in flat, (units, item)
            assert ("cm)" in flat) == (units == "cm")


def test_a_tag_and_its_pilot_bring_the_orders_of_one_trooper(catalog: Catalog) -> None:
    """The data gives the included pilot profile the TAG's orders again: counted once."""
    doc = prepare(tag_list(), catalog)
    assert "Orders: Regular 2 · Tactical 1 · Lieutenant 1" in full_text(doc, options(allow_illegal=True))
    assert "Orders: Regular 2 · Tactical 1" in courtesy_text(doc, options(allow_illegal=True))


def test_spanish_print_out_uses_spanish_abbreviations(doc: Printout) -> None:
    flat = " ".join(pdf_text(full_pdf(doc, options(language="es"))).split())
    for word in ("LISTA COMPLETA", "MOV pulg. CC CD FIS VOL BLI PB H/EST S C CAP", "Grupo de Combate 1",
                 "Habilidades:", "TENIENTE", "Referencia de armas", "Página 1 de 2", "Órdenes:"):
        assert word in flat, word
    assert "IL · Fusilier" in flat and "IP" in flat and "BAT · Veiled Sniper" in flat
    assert "1 EST" in flat  # a Remote's structure
    courtesy = " ".join(pdf_text(courtesy_pdf(doc, options(language="es"))).split())
    assert "LISTA DE CORTESÍA" in courtesy and "Marcador de Suplantación" in courtesy


def test_language_is_restored_after_printing(doc: Printout) -> None:
    from armybuilder.i18n import language

    full_pdf(doc, options(language="es"))
    assert language() == "en"


def test_illegal_list_is_refused_unless_asked(catalog: Catalog) -> None:
    illegal = prepare(private_list().model_copy(update={"points": 300}), catalog)
    assert not illegal.legal
    with pytest.raises(IllegalListError):
        full_pdf(illegal, options())
    with pytest.raises(IllegalListError):
        courtesy_pdf(illegal, options())
    with pytest.raises(IllegalListError):
        full_text(illegal, options())
    full = pdf_pages(full_pdf(illegal, options(allow_illegal=True)))
    assert all("NOT LEGAL" in text for text in full)
    flat = " ".join(" ".join(full).split())
    assert "The list costs 539 points, 239 over the 300-point limit" in flat
    courtesy = pdf_pages(courtesy_pdf(illegal, options(allow_illegal=True)))
    assert all("NOT LEGAL" in text for text in courtesy)
    assert "539" not in " ".join(courtesy)  # the violations would tell the costs: not on the courtesy list


def test_legal_list_has_no_mark(doc: Printout) -> None:
    assert all("NOT LEGAL" not in text for text in pdf_pages(full_pdf(doc, options())))


def test_army_code_prints_on_the_full_list_only(catalog: Catalog) -> None:
    code = "gwEJcGFub2NlYW5pYQ8tPLOAwA" * 3
    document = prepare(private_list(), catalog, code=code)
    full = " ".join(pdf_text(full_pdf(document, options())).split()).replace(" ", "")
    assert code in full
    reader = PdfReader(io.BytesIO(full_pdf(document, options())))
    first = reader.pages[0].get_contents().get_data()
    assert first.count(b" re") > 200  # the QR code's modules are drawn as rectangles
    courtesy = pdf_text(courtesy_pdf(document, options()))
    assert code[:12] not in courtesy.replace("\n", "") and "Army code" not in courtesy


class ImportedCopy:
    """The synthetic army as if it came from the official data (only those lists get an army code)."""

    origin = "imported"

    def __init__(self, catalog: Catalog) -> None:
        self._army = catalog.army(("bundled", 960)).model_copy(update={"origin": "imported"})
        self._weapons = catalog.weapons("bundled")

    def summaries(self) -> list[Any]:
        return [summarize(self._army)]

    def load(self, army_id: int) -> Any:
        return self._army

    def weapons(self) -> dict[str, Any]:
        return self._weapons


def test_lists_of_the_official_data_print_their_army_code(catalog: Catalog) -> None:
    imported = export_catalog()
    imported.add_source(ImportedCopy(imported))  # type: ignore[arg-type]
    army_list = private_list().model_copy(update={"army": ArmyRef(origin="imported", id=960)})
    document = prepare(army_list, imported)
    assert document.army_code is not None
    decoded = decode(document.army_code)
    assert (decoded.army, decoded.slug, decoded.points) == (960, "test-printouts", 600)
    assert [[m.unit for m in g.members] for g in decoded.groups] == [
        [t.unit for t in g.troopers] for g in army_list.groups]
    flat = "".join(pdf_text(full_pdf(document, options())).split())
    assert "Armycode:" + document.army_code in flat
    assert prepare(private_list(), catalog).army_code is None  # bundled data: no code rather than a wrong one


def test_weapons_reference_lists_profiles_and_what_is_missing(doc: Printout) -> None:
    pages = pdf_pages(full_pdf(doc, options()))
    reference = " ".join(pages[-1].split())
    assert "Weapons reference" in reference
    assert "Combi Rifle +3 +3 -3 -6 13 3 N ARM Suppressive Fire" in reference  # bands 0–8, 8–16, 16–32, 32–48
    assert "0–8 8–16 16–32 32–48 48–96" in reference
    assert "No profile in the data for: Antipersonnel Mines, Boarding Shotgun" in reference
    cm = " ".join(pdf_pages(full_pdf(doc, options(units="cm")))[-1].split())
    assert "0–20 20–40 40–80 80–120 120–240" in cm


def test_reproducible_output_is_byte_identical(doc: Printout) -> None:
    assert full_pdf(doc, options(reproducible=True)) == full_pdf(doc, options(reproducible=True))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_header_labels_stay_on_one_line_in_spanish(paper: str) -> None:
    """'Lista de Batalla Cerrada' and 'Tamaño de partida' used to wrap into three and two lines."""
    bundled = Catalog.from_paths([bundled_profiles_dir()])
    example = Path(__file__).resolve().parent.parent / "examples" / "blizzard-6-a.yaml"  # a Closed Battle List
    doc = prepare(load_list(example).army_list, bundled)
    full = pdf_text(full_pdf(doc, options(language="es", paper=paper))).splitlines()
    courtesy = pdf_text(courtesy_pdf(doc, options(language="es", paper=paper))).splitlines()
    assert any(line.startswith("Lista de Batalla Cerrada") for line in full)
    assert any(line.startswith("Tamaño de partida") for line in courtesy)


def knights(count: int) -> ArmyList:
    """`count` Knights of the Long Name (half with their Servant Bot), ten to a combat group."""
    army_list = ArmyList(name="Many Knights", army=ArmyRef(origin="bundled", id=960), pack="n5", points=900)
    for index in range(count):
        army_list, _ = army_list.with_trooper(1 + index // 10, KNIGHTS, 3 if index % 2 else 1, 1)
    return army_list


@pytest.mark.slow
def test_a_trooper_never_sits_alone_on_the_last_page_when_a_denser_layout_saves_it(catalog: Catalog) -> None:
    """Lists too long for the page budget keep the roomy layout, unless its last page would hold one trooper
    alone and a denser layout takes a page fewer."""
    from armybuilder.export.pdf import DENSITIES, _render
    from armybuilder.export.printout import printing_language
    from armybuilder.export.sheet import full_sheet

    checked = 0
    for count in range(38, 45):
        doc = prepare(knights(count), catalog)
        print_options = options(allow_illegal=True, weapons_reference=False)
        with printing_language("en"):
            sheet = replace(full_sheet(doc, print_options), legal=True, violations=())
            roomy = _render(sheet, print_options, 0)
            if not roomy.lone_trooper:
                continue
            checked += 1
            denser = min(_render(sheet, print_options, d).end_page for d in range(1, len(DENSITIES)))
            pages = pdf_pages(render(sheet, print_options))
        assert denser < roomy.end_page
        assert len(pages) == roomy.end_page - 1, (count, len(pages))
        assert pages[-1].count("Hospitaller") > 1, count  # not a lone Knight
    assert checked, "no list of 38-44 Knights leaves one alone on its last page: the check would prove nothing"


def test_header_labels_share_the_baseline_of_their_values(doc: Printout) -> None:
    """A value that wraps ("Data: … · official data") keeps its label on its first line's baseline, and
    the rows of both columns stay aligned."""
    reader = PdfReader(io.BytesIO(full_pdf(doc, options())))
    baselines: dict[str, float] = {}

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip():
            baselines.setdefault(text.strip(), round(cm[5] + tm[5], 1))

    reader.pages[0].extract_text(visitor_text=visit)
    for label, value in (("Points", "539 / 600"), ("Lieutenant", "FUSILIERS"), ("Rules", "Infinity N5")):
        assert baselines[label] == baselines[value], (label, baselines[label], baselines[value])


def test_range_bands_and_their_modifiers_are_read_once_for_print_and_screen() -> None:
    """The weapons reference's columns and each cell's modifier (`export.sheet`), which the app's weapon
    tables read too: the bands every line has between them, nearest first; '' past a weapon's reach."""
    from armybuilder.export.sheet import WeaponLine, range_bands

    rifle = WeaponLine("Combi Rifle", ((20, "+3"), (40, "+3"), (80, "-3"), (120, "-6")), "13", "3", "N", "ARM", "")
    pistol = WeaponLine("Pistol", ((20, "+3"), (40, "-3")), "11", "2", "N", "ARM", "")
    assert range_bands([rifle, pistol, rifle]) == [20, 40, 80, 120]
    assert [pistol.modifier_at(b) for b in range_bands([rifle, pistol])] == ["+3", "-3", "", ""]
    assert rifle.modifier_at(60) == "-3" and rifle.modifier_at(121) == ""
