"""The print-outs' Unicode fonts: DejaVu TrueType files shipped in resources/fonts/, embedded as subsets.

Base-14 PDF fonts cannot print BØYG, SĀCHĀ or Tōgan; DejaVu covers Latin Extended, Greek,
Cyrillic and the symbols we draw (★ ↳ ●). Fonts are registered once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from armybuilder.paths import resources_dir


@dataclass(frozen=True)
class FontSet:
    regular: str
    bold: str
    mono: str


_FILES = {
    "ArmyBuilderSans": "DejaVuSansCondensed.ttf",
    "ArmyBuilderSans-Bold": "DejaVuSansCondensed-Bold.ttf",
    "ArmyBuilderMono": "DejaVuSansMono.ttf",
}


class FontMissingError(RuntimeError):
    """A font file of resources/fonts/ is missing or unreadable (a broken installation)."""


def fonts_dir() -> Path:
    return resources_dir() / "fonts"


@cache
def print_fonts() -> FontSet:
    """Register the print fonts with reportlab (once) and return their names."""
    for name, filename in _FILES.items():
        path = fonts_dir() / filename
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except Exception as exc:  # reportlab raises TTFError, OSError… for a missing or corrupt file
            raise FontMissingError(f"{path}: cannot load the print font ({exc})") from exc
    addMapping("ArmyBuilderSans", 0, 0, "ArmyBuilderSans")
    addMapping("ArmyBuilderSans", 1, 0, "ArmyBuilderSans-Bold")
    addMapping("ArmyBuilderSans", 0, 1, "ArmyBuilderSans")
    addMapping("ArmyBuilderSans", 1, 1, "ArmyBuilderSans-Bold")
    return FontSet("ArmyBuilderSans", "ArmyBuilderSans-Bold", "ArmyBuilderMono")
