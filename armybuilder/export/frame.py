"""The print-out frame every game's PDF shares: page sizes, margins, the palette, and the furniture
drawn on each page once all pages are known (a footer with "page n of N", and on a list printed
despite its problems a red NOT LEGAL mark on every page). Game-neutral: a game gives the footer text
and whether its list is legal."""

from __future__ import annotations

from typing import IO, Any, Literal

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from armybuilder.export.fonts import FontSet
from armybuilder.i18n import tr

MARGIN = 11 * mm
FOOTER = 8 * mm
INK = colors.HexColor("#1d2530")
MUTED = colors.HexColor("#5b6675")
RULE = colors.HexColor("#b9c2cc")
ILLEGAL = colors.HexColor("#c0152a")
BAND = colors.HexColor("#27364a")
"""The dark band a table's title row is printed on (white text)."""
HEAD = colors.HexColor("#dfe5ec")
"""A table's column-header row."""
SHADE = colors.HexColor("#f3f5f8")
"""A light row that sets some rows apart (peripherals, every other model row)."""
Paper = Literal["a4", "letter"]


def page_size(paper: str) -> tuple[float, float]:
    """A4, or US Letter for 'letter'."""
    size: tuple[float, float] = LETTER if paper == "letter" else A4
    return size


def framed_document(buffer: IO[bytes], paper: str, *, title: str, creator: str, subject: str,
                    reproducible: bool) -> BaseDocTemplate:
    """A document on the paper asked for with the shared margins, room for the footer, and one body frame
    the width of the text."""
    doc = BaseDocTemplate(
        buffer, pagesize=page_size(paper), leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
        bottomMargin=FOOTER + 6, title=title, author="", creator=creator, subject=subject,
        invariant=1 if reproducible else 0)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0, id="body")
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    return doc


def furnished_canvas(footer: str, legal: bool, fonts: FontSet, reproducible: bool) -> type[Canvas]:
    """A canvas that draws the footer (page n of N) and the NOT LEGAL mark once all pages are known."""

    class FramedCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            if reproducible:
                kwargs["invariant"] = 1
            kwargs["initialFontName"] = fonts.regular  # else every page declares Helvetica
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                draw_furniture(self, footer, legal, fonts, number, total)
                Canvas.showPage(self)
            Canvas.save(self)

    return FramedCanvas


def draw_furniture(canvas: Canvas, footer: str, legal: bool, fonts: FontSet, number: int, total: int) -> None:
    width, height = canvas._pagesize  # noqa: SLF001 - reportlab's Canvas has no public getter for it
    canvas.saveState()
    canvas.setFont(fonts.regular, 6.5)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, FOOTER + 3, width - MARGIN, FOOTER + 3)
    canvas.setFont(fonts.regular, 6.5)
    canvas.setFillColor(MUTED)
    canvas.drawString(MARGIN, FOOTER - 5, clip(canvas, footer, fonts.regular, 6.5, width * 0.62))
    canvas.drawRightString(width - MARGIN, FOOTER - 5, tr("Page {number} of {total}", number=number, total=total))
    if not legal:
        mark = tr("NOT LEGAL")
        canvas.setFillColor(ILLEGAL)
        canvas.setFont(fonts.bold, 9)
        canvas.drawRightString(width - MARGIN, height - MARGIN + 10, mark)
        canvas.drawString(MARGIN + width * 0.34, FOOTER - 5, mark)
        canvas.setFillAlpha(0.09)
        canvas.setFont(fonts.bold, 88)
        canvas.translate(width / 2, height / 2)
        canvas.rotate(52)
        canvas.drawCentredString(0, -30, mark)
    canvas.restoreState()


def clip(canvas: Canvas, text: str, font: str, size: float, width: float) -> str:
    """`text` cut (with "…") to fit `width`: the longest prefix that fits, found by halving (a few dozen
    measures even for a 2 MB name, where dropping one character at a time took minutes)."""
    most = int(width / (0.05 * size)) + 1  # no glyph is narrower than 5% of the size: more never fits
    if len(text) <= most and canvas.stringWidth(text, font, size) <= width:
        return text
    fits, too_long = 0, min(len(text), most)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if canvas.stringWidth(text[:middle] + "…", font, size) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits] + "…"
