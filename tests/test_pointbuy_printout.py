"""The point-buy print-out: the list to hand the opponent, as text and PDF, in English and Spanish."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

from pypdf import PdfReader

from armybuilder.pointbuy.army import PointBuyList
from armybuilder.pointbuy.files import load_list
from armybuilder.pointbuy.printout import PrintSettings, pdf_printout, text_printout

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "pointbuy" / "swamp-host-600.yaml"
FIXED = PrintSettings(date=dt.date(2026, 12, 1), app_version="9.9", reproducible=True)


def army() -> PointBuyList:
    return load_list(EXAMPLE).army


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_text_holds_units_models_costs_and_total() -> None:
    text = text_printout(army(), FIXED)
    assert text.startswith("Swamp Host — 600 points\nPoint-buy wargame · 562 / 600 points · army special ability: "
                           "Swamp World\n")
    assert "Marsh guard — Squad · 12 models · 300 points" in text
    assert "  2 × Frog Warrior + Support Weapon (free) @ 25 = 50" in text
    assert "Independent characters — 1 model · 32 points" in text
    assert 'Croc Brute — 32 points\n  Mobile · Move 6" · Hits 4 · Saves 3 · Attack 4 Close · 2" round base' in text
    assert "Conditional specials: Close Fighter, Heavy Armor, Juggernaut, Shielding, Tall" in text
    assert "Specials: Directional Field Generator, Advanced Guard (from its race)" in text
    assert "×½ Mindless = 32 (rounded down)" in text and text.rstrip().endswith("armybuilder 9.9 · 2026-12-01")
    assert "NOT LEGAL" not in text


def test_text_in_spanish() -> None:
    text = text_printout(army(), PrintSettings(language="es", date=dt.date(2026, 12, 1)))
    assert "Juego de guerra por puntos · 562 / 600 puntos · habilidad especial de ejército: Mundo pantanoso" in text
    assert "Marsh guard — Escuadra · 12 miniaturas · 300 puntos" in text
    assert "Reptiliano · inteligencia: Descerebrado · moral: Normal" in text
    assert "Personajes independientes — 1 miniatura · 32 puntos" in text


def test_pdf_reads_back_in_both_languages() -> None:
    english = pdf_text(pdf_printout(army(), FIXED))
    assert "Swamp Host — 600 points" in english and "Marsh guard" in english and "Croc Brute" in english
    assert "Page 1 of" in english and "NOT LEGAL" not in english
    spanish = pdf_text(pdf_printout(army(), PrintSettings(language="es", reproducible=True)))
    assert "Escuadra · 12 miniaturas · 300 puntos" in spanish and "Página 1 de" in spanish


def test_an_illegal_list_prints_its_problems_and_the_mark() -> None:
    small = army().with_settings(points=300)
    text = text_printout(small, FIXED)
    assert "\nNOT LEGAL\n  ✗ The army costs 562 points: 262 over the agreed 300." in text
    pdf = pdf_text(pdf_printout(small, FIXED))
    assert pdf.count("NOT LEGAL") >= 2 and "over the agreed 300" in pdf


def test_pdf_is_reproducible() -> None:
    assert pdf_printout(army(), FIXED) == pdf_printout(army(), FIXED)


def test_printing_in_spanish_leaves_the_app_language_alone() -> None:
    from armybuilder.i18n import language, tr

    text_printout(army(), PrintSettings(language="es"))
    assert language() == "en" and tr("Models") == "Models"
