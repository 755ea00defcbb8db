"""The army list to hand the opponent: units, models with their stat lines and specials, costs, total.

Text and PDF from one `Sheet`, in the language asked for (rendered on this thread only, so the app
keeps its own). The PDF uses the print-out frame every game shares (export/frame.py: page n of N, a
NOT LEGAL mark on every page of a list printed despite its problems, which are listed first).
"""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from armybuilder import __version__
from armybuilder.export.fonts import print_fonts
from armybuilder.export.frame import (
    BAND,
    ILLEGAL,
    INK,
    MUTED,
    RULE,
    SHADE,
    framed_document,
    furnished_canvas,
)
from armybuilder.i18n import language_override, tr, trn
from armybuilder.pointbuy.army import Models, PointBuyList
from armybuilder.pointbuy.catalog import (
    ARMY_ABILITIES,
    BRAIN_POWERS,
    CHOSEN_SPECIALS,
    CONDITIONAL_SPECIALS,
    MORALE_GRADES,
    RACES,
    UNIT_TYPES,
    band_name,
    local_name,
)
from armybuilder.pointbuy.engine import ArmyReport, Priced, validate
from armybuilder.pointbuy.organization import unit_label


@dataclass(frozen=True)
class PrintSettings:
    """How to print: language, paper, and the date and version stamped on the page (tests fix them)."""

    language: str = "en"
    paper: str = "a4"
    date: dt.date | None = None
    app_version: str | None = None
    reproducible: bool = False

    @property
    def printed_on(self) -> str:
        return (self.date or dt.date.today()).isoformat()


@dataclass(frozen=True)
class Line:
    """A row of a unit's table: models, cost each, points."""

    count: int
    name: str
    note: str
    cost: int
    points: int


@dataclass(frozen=True)
class Block:
    title: str
    summary: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class ModelCard:
    name: str
    cost: int
    stats: str
    attributes: str
    specials: str
    conditionals: str
    breakdown: str
    notes: str


@dataclass(frozen=True)
class Sheet:
    """Everything printed, as text in the print-out's language."""

    title: str
    subtitle: str
    totals: str
    legal: bool
    problems: tuple[str, ...]
    blocks: tuple[Block, ...]
    cards: tuple[ModelCard, ...]
    footer: str


def _inches(value: int) -> str:
    return f'{value}"'


def stat_text(priced: Priced) -> str:
    """'Mobile · Move 8" · Jump 18" · Hits 2 · Saves 1 · Attack 1 Close, 1 Short · 1" round base'."""
    design, stats = priced.design, priced.stats
    parts = [tr("Mobile") if design.mobile else tr("Stationary")]
    if design.mobile:
        parts.append(tr("Move {move}", move=_inches(stats.move)) + (" " + tr("(flies)") if stats.flies else ""))
    if stats.jump:
        parts.append(tr("Jump {jump}", jump=_inches(stats.jump)))
    parts.append(tr("Hits {hits}", hits=stats.hits))
    parts.append(tr("Saves {saves}", saves=stats.saves))
    dice = ", ".join(f"{count} {band_name(band)}" for band, count in design.attacks.items())
    parts.append(tr("Attack {dice}", dice=dice) if dice else tr("No attack dice"))
    parts.append(str(design.base.label()))
    return " · ".join(parts)


def _attributes(priced: Priced) -> str:
    design = priced.design
    return " · ".join((local_name(RACES[design.race]),
                       tr("brain: {brain}", brain=local_name(BRAIN_POWERS[design.brain])),
                       tr("morale: {morale}", morale=local_name(MORALE_GRADES[design.morale]))))


def specials_text(priced: Priced) -> str:
    """Its chosen specials and those its race gives (a unit's free special is on the unit's line)."""
    design = priced.design
    names = [local_name(CHOSEN_SPECIALS[s]) for s in dict.fromkeys(design.specials)]
    names += [tr("{special} (from its race)", special=local_name(CHOSEN_SPECIALS[s]))
              for s in RACES[design.race].grants if s not in design.specials]
    if design.mega_jump:
        names.append(tr("doubled jump"))
    return ", ".join(names) or "—"


def _conditionals(priced: Priced) -> str:
    names = []
    for special in priced.stats.conditionals:
        name = local_name(CONDITIONAL_SPECIALS[special])
        if special == "heavy_armor" and priced.design.heavy_armor != "none":
            name = tr("{special} (one more save)", special=name) if priced.design.heavy_armor == "save" else \
                tr("{special} (one more hit)", special=name)
        names.append(name)
    return ", ".join(names) or "—"


def _line(report: ArmyReport, models: Models) -> Line:
    priced = report.priced.get(models.design)
    cost = priced.cost.total if priced is not None else 0
    name = priced.design.name if priced is not None else models.design
    note = tr("+ {special} (free)", special=local_name(CHOSEN_SPECIALS[models.bonus])) if models.bonus else ""
    return Line(models.count, name, note, cost, cost * models.count)


def build_sheet(army: PointBuyList, settings: PrintSettings, report: ArmyReport | None = None) -> Sheet:
    """What the print-out holds, in the current language (call it within the print-out's language)."""
    report = report or validate(army)
    totals = report.totals
    ability = tr("army special ability: {ability}", ability=local_name(ARMY_ABILITIES[army.ability])) \
        if army.ability else tr("no army special ability")
    subtitle = " · ".join((tr("Point-buy wargame"), tr("{points} / {limit} points", points=totals.points,
                                                       limit=totals.points_limit), ability))
    grid = " " + tr("(+1 Grid)") if totals.grids else ""
    summary = tr("Units {units}/{allowed}{grid} · independent characters {characters}/{most} · {models} models",
                 units=totals.units, allowed=totals.units_allowed, grid=grid, characters=totals.characters,
                 most=totals.characters_allowed, models=totals.models)
    blocks = [Block(unit.name or str(unit_label(unit, army)),
                    tr("{type} · {models} · {points} points", type=local_name(UNIT_TYPES[unit.type]),
                       models=trn("{n} model", "{n} models", unit.size), points=report.unit_points(unit)),
                    tuple(_line(report, m) for m in unit.models)) for unit in army.units]
    if army.characters:
        lines = tuple(_line(report, c) for c in army.characters)
        blocks.append(Block(tr("Independent characters"), tr("{models} · {points} points", models=trn(
            "{n} model", "{n} models", len(lines)), points=sum(x.points for x in lines)), lines))
    fielded = list(dict.fromkeys(m.design for _, m in army.entries()))
    cards = tuple(ModelCard(p.design.name, p.cost.total, stat_text(p), _attributes(p),
                            specials_text(p), _conditionals(p), p.cost.breakdown(),
                            p.design.notes)
                  for p in (report.priced[d] for d in fielded if d in report.priced))
    problems = tuple(f"{'✗' if p.is_error else '!'} {p.message}" for p in report.problems)
    title = army.name or tr("Army list")
    footer = " · ".join((title, tr("armybuilder {version}", version=settings.app_version or __version__),
                         settings.printed_on))
    return Sheet(title, subtitle, summary, report.legal, problems, tuple(blocks), cards, footer)


# ----- text --------------------------------------------------------------------------------------

def render_text(sheet: Sheet) -> str:
    lines = [sheet.title, sheet.subtitle, sheet.totals]
    if not sheet.legal:
        lines.append(tr("NOT LEGAL"))
    lines.extend(f"  {p}" for p in sheet.problems)
    for block in sheet.blocks:
        lines += ["", f"{block.title} — {block.summary}"]
        for line in block.lines:
            note = f" {line.note}" if line.note else ""
            lines.append(f"  {line.count} × {line.name}{note} @ {line.cost} = {line.points}")
    lines += ["", tr("Models")]
    for card in sheet.cards:
        lines += ["", f"{card.name} — " + tr("{cost} points", cost=card.cost), f"  {card.stats}",
                  f"  {card.attributes}", "  " + tr("Specials: {specials}", specials=card.specials),
                  "  " + tr("Conditional specials: {specials}", specials=card.conditionals),
                  "  " + tr("Cost: {breakdown}", breakdown=card.breakdown)]
        if card.notes:
            lines.append(f"  {card.notes}")
    lines += ["", sheet.footer]
    return "\n".join(lines) + "\n"


def text_printout(army: PointBuyList, settings: PrintSettings = PrintSettings()) -> str:
    """The list as plain text, in `settings.language`."""
    with language_override(settings.language):
        return render_text(build_sheet(army, settings))


# ----- PDF ---------------------------------------------------------------------------------------

class _Styles:
    def __init__(self, regular: str, bold: str) -> None:
        base = ParagraphStyle("base", fontName=regular, fontSize=8, leading=9.8, textColor=INK)
        self.base = base
        self.title = ParagraphStyle("title", base, fontName=bold, fontSize=15, leading=18)
        self.subtitle = ParagraphStyle("subtitle", base, fontSize=9, leading=11.5, textColor=MUTED)
        self.band = ParagraphStyle("band", base, fontName=bold, fontSize=8.6, leading=10.5, textColor=colors.white)
        self.band_right = ParagraphStyle("band_right", self.band, fontName=regular, alignment=TA_RIGHT)
        self.right = ParagraphStyle("right", base, alignment=TA_RIGHT)
        self.name = ParagraphStyle("name", base, fontName=bold, fontSize=9, leading=11)
        self.small = ParagraphStyle("small", base, fontSize=7.2, leading=8.8, textColor=MUTED)
        self.small_right = ParagraphStyle("small_right", self.small, alignment=TA_RIGHT)
        self.section = ParagraphStyle("section", base, fontName=bold, fontSize=10.5, leading=13, spaceBefore=8,
                                      spaceAfter=3)
        self.illegal = ParagraphStyle("illegal", base, textColor=ILLEGAL)
        self.illegal_head = ParagraphStyle("illegal_head", self.illegal, fontName=bold, fontSize=9.5, leading=12)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(text), style)


def _block_table(block: Block, st: _Styles, width: float) -> Table:
    data: list[list[Flowable | str]] = [[_p(block.title, st.band), "", _p(block.summary, st.band_right), ""]]
    data.append([_p(tr("No.", context="count"), st.small), _p(tr("Model"), st.small),
                 _p(tr("Cost"), st.small_right), _p(tr("Points"), st.small_right)])
    for line in block.lines:
        name = line.name + (f"  {line.note}" if line.note else "")
        data.append([_p(str(line.count), st.base), _p(name, st.base), _p(str(line.cost), st.right),
                     _p(str(line.points), st.right)])
    table = Table(data, colWidths=[width * 0.08, width * 0.42, width * 0.25, width * 0.25], repeatRows=2)
    style = [("SPAN", (0, 0), (1, 0)), ("SPAN", (2, 0), (3, 0)), ("BACKGROUND", (0, 0), (-1, 0), BAND),
             ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
             ("TOPPADDING", (0, 0), (-1, -1), 2),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    style += [("BACKGROUND", (0, row), (-1, row), SHADE) for row in range(3, len(data), 2)]
    table.setStyle(TableStyle(style))
    return table


def _card(card: ModelCard, st: _Styles, width: float) -> Flowable:
    head = Table([[_p(card.name, st.name), _p(tr("{cost} points", cost=card.cost), st.right)]],
                 colWidths=[width * 0.75, width * 0.25])
    head.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    parts: list[Flowable] = [head, _p(card.stats, st.base), _p(card.attributes, st.base),
                             _p(tr("Specials: {specials}", specials=card.specials), st.base),
                             _p(tr("Conditional specials: {specials}", specials=card.conditionals), st.base),
                             _p(tr("Cost: {breakdown}", breakdown=card.breakdown), st.small)]
    if card.notes:
        parts.append(_p(card.notes, st.small))
    parts.append(Spacer(0, 5))
    return KeepTogether(parts)


def render_pdf(sheet: Sheet, settings: PrintSettings) -> bytes:
    fonts = print_fonts()
    st = _Styles(fonts.regular, fonts.bold)
    buffer = io.BytesIO()
    doc = framed_document(buffer, settings.paper, title=sheet.title,
                          creator=f"armybuilder {settings.app_version or __version__}",
                          subject=tr("Point-buy wargame"), reproducible=settings.reproducible)
    width = doc.width
    story: list[Flowable] = [_p(sheet.title, st.title), _p(sheet.subtitle, st.subtitle),
                             _p(sheet.totals, st.subtitle), Spacer(0, 6)]
    if sheet.problems:
        story.append(_p(tr("NOT LEGAL") if not sheet.legal else tr("Warnings"), st.illegal_head))
        story += [_p(problem, st.illegal) for problem in sheet.problems]
        story.append(Spacer(0, 6))
    for block in sheet.blocks:
        story += [CondPageBreak(60), _block_table(block, st, width), Spacer(0, 6)]
    if sheet.cards:
        story.append(_p(tr("Models"), st.section))
        story += [_card(card, st, width) for card in sheet.cards]
    doc.build(story, canvasmaker=furnished_canvas(sheet.footer, sheet.legal, fonts, settings.reproducible))
    return buffer.getvalue()


def pdf_printout(army: PointBuyList, settings: PrintSettings = PrintSettings()) -> bytes:
    """The list as PDF bytes, in `settings.language`."""
    with language_override(settings.language):
        return render_pdf(build_sheet(army, settings), settings)
