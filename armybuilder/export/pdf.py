"""Full and courtesy lists as PDF (reportlab): compact tables per combat group, Unicode fonts, QR code.

Layout only: what to print comes from `sheet.py` (and, for the courtesy list, only from the
courtesy view of `privacy.py`). Every page carries a footer with "page n of N", and a list printed
despite its violations carries a red NOT LEGAL mark on every page.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError

from armybuilder.export import fmt
from armybuilder.export.fonts import FontSet, print_fonts
from armybuilder.export.frame import (
    BAND,
    HEAD,
    ILLEGAL,
    INK,
    MUTED,
    RULE,
    SHADE,
    framed_document,
    furnished_canvas,
)
from armybuilder.export.printable import escape_controls
from armybuilder.export.printout import IllegalListError, PrintLayoutError, PrintOptions, Printout, printing_language
from armybuilder.export.sheet import Row, Sheet, courtesy_of, courtesy_sheet, full_sheet, range_bands
from armybuilder.i18n import tr

PERIPHERAL = SHADE
LIEUTENANT = colors.HexColor("#9a6b00")
PRIVATE = colors.HexColor("#6a3d9a")
ORDERS = colors.HexColor("#f0f2f5")
RANGE_COLOURS = {"+6": "#7fc97f", "+3": "#b9e3a8", "0": "#eef1f4", "-3": "#f6d98b", "-6": "#f2a07b"}

EMPTY_CELLS = [("FONTSIZE", (0, 0), (-1, -1), 1), ("LEADING", (0, 0), (-1, -1), 1)]
"""Empty text cells (those a span covers, stat cells of a marker row) count as one line of the table's
type for the row height (10 pt unless set): tiny, so a one-line item row is as tall as its text."""
STAT_WIDTHS = (29.0, 17.0, 17.0, 17.0, 20.0, 21.0, 20.0, 27.0, 14.0)
COST_WIDTHS = (24.0, 24.0)


DENSITIES = ((1.0, 1.0, 1.0), (0.93, 0.5, 0.86), (0.87, 0.25, 0.72), (0.82, 0.1, 0.64))
"""Layouts from roomy to dense: (type scale, padding scale, about the share of its roomy height a list
then needs, measured on the official data's tallest lists). A list that spills over its page budget
(one page for a courtesy list, two for a full list) is laid out again, denser, until it fits; the
densest keeps the item text at 5.7 pt, still legible in print."""


class _Styles:
    """Paragraph styles of one render, on the registered Unicode fonts, at one density."""

    def __init__(self, fonts: FontSet, density: int = 0) -> None:
        scale, self.pad, _ = DENSITIES[density]
        self.scale = scale
        size = self.size
        base = ParagraphStyle("base", fontName=fonts.regular, fontSize=size(7.4), leading=size(8.9), textColor=INK)
        self.fonts = fonts
        self.base = base
        self.small = ParagraphStyle("small", base, fontSize=size(6.6), leading=size(7.9), textColor=MUTED)
        self.title = ParagraphStyle("title", base, fontName=fonts.bold, fontSize=size(14), leading=size(17))
        self.kind = ParagraphStyle("kind", base, fontName=fonts.bold, fontSize=size(9), leading=size(11),
                                   textColor=MUTED)
        self.band = ParagraphStyle("band", base, fontName=fonts.bold, fontSize=size(8.2), leading=size(10),
                                   textColor=colors.white)
        self.band_right = ParagraphStyle("band_right", self.band, fontName=fonts.regular, alignment=TA_RIGHT)
        self.head = ParagraphStyle("head", base, fontName=fonts.bold, fontSize=size(6.2), leading=size(7.4),
                                   alignment=TA_CENTER)
        self.head_left = ParagraphStyle("head_left", self.head, alignment=0)
        self.cell = ParagraphStyle("cell", base, alignment=TA_CENTER)
        self.name = ParagraphStyle("name", base, fontName=fonts.bold, fontSize=size(7.8), leading=size(9.4))
        self.items = ParagraphStyle("items", base, fontSize=size(7), leading=size(8.4))
        self.code = ParagraphStyle("code", base, fontName=fonts.mono, fontSize=size(6.2), leading=size(7.4),
                                   wordWrap="CJK")
        self.section = ParagraphStyle("section", base, fontName=fonts.bold, fontSize=size(9.5), leading=size(12),
                                      spaceBefore=4 * self.pad, spaceAfter=2)
        self.illegal = ParagraphStyle("illegal", base, textColor=ILLEGAL, fontSize=size(7.4), leading=size(9))
        self.illegal_head = ParagraphStyle("illegal_head", self.illegal, fontName=fonts.bold, fontSize=size(9),
                                           leading=size(11))

    def size(self, points: float) -> float:
        """A type size of the roomy layout, at this density."""
        return round(points * self.scale, 2)

    def padding(self, points: float) -> float:
        """A cell padding of the roomy layout, at this density (never below 0.3 pt)."""
        return max(0.3, round(points * self.pad, 2))


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(text, style)


def _e(text: str) -> str:
    """Text for a Paragraph: XML-escaped, control characters shown as `\\u001b` (export/printable.py)."""
    return escape(escape_controls(text))


# ----- header -----------------------------------------------------------------------------------
def _qr(code: str, size: float, font: str) -> Drawing | None:
    """The army code as a QR code; the drawing starts in our font (it would declare Helvetica, not embedded).
    None when the code does not fit in the largest QR code."""
    widget = QrCodeWidget(code, barLevel="M")
    try:
        x0, y0, x1, y1 = widget.getBounds()
    except Exception as exc:  # reportlab raises a bare Exception("code length overflow…")
        if "overflow" not in str(exc):
            raise
        return None
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0],
                      initialFontName=font)
    drawing.add(widget)
    return drawing


def _header(sheet: Sheet, st: _Styles, width: float) -> list[Flowable]:
    facts = list(sheet.facts)
    half = (len(facts) + 1) // 2
    columns = [facts[:half], facts[half:]]
    rows = []
    for index in range(half):
        row: list[Any] = []
        for column in columns:
            if index < len(column):
                label, value = column[index]
                row += [_p(f"<b>{_e(label)}</b>", st.small), _p(_e(value), st.base)]
            else:
                row += ["", ""]
        rows.append(row)
    qr = _qr(sheet.army_code, 62.0, st.fonts.regular) if sheet.army_code else None
    qr_size = 62.0 if qr is not None else 0.0
    text_width = width - qr_size - (8 if qr_size else 0)
    widths: list[float] = []
    for column in columns:  # each label on one line ("Lista de Batalla Cerrada"), within reason
        label = max([40.0, *(stringWidth(label, st.fonts.bold, st.small.fontSize) + 5 for label, _ in column)])
        label = min(label, text_width / 4)
        widths += [label, text_width / 2 - label]
    fact_table = Table(rows, colWidths=widths, hAlign="LEFT")
    fact_table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), st.fonts.regular), *EMPTY_CELLS, ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 0.6), ("BOTTOMPADDING", (0, 0), (-1, -1), 0.6),
        # a paragraph's first baseline sits its type size below the cell's top: the smaller labels are moved
        # down by the difference, so each label reads on the baseline of its value's first line
        *(("TOPPADDING", (column, 0), (column, -1), 0.6 + st.base.fontSize - st.small.fontSize)
          for column in (0, 2))]))
    left: list[Flowable] = [
        _p(_e(sheet.title), st.title),
        _p(f"{_e(sheet.kind_label.upper())} <font size={st.size(6.6)} color='#5b6675'>— {_e(sheet.notice)}</font>",
           st.kind),
        Spacer(0, 3 * st.scale), fact_table,
    ]
    flow: list[Flowable] = []
    if qr is not None and sheet.army_code:
        top = Table([[left, [qr, _p(tr("Army code"), st.head)]]],
                    colWidths=[width - qr_size - 4, qr_size + 4])
        top.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st.fonts.regular),
                                 ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0)]))
        flow.append(top)
        flow.append(Spacer(0, 2))
        flow.append(_p(f"<b>{_e(tr('Army code'))}:</b> {_e(sheet.army_code)}", st.code))
    else:
        flow.extend(left)
        if sheet.army_code:  # a code too long for a QR code (a list of hundreds of troopers): said, not printed
            flow.append(_p(_e(tr("The army code is left out: at {length} characters it is too long for a QR code.",
                                 length=len(sheet.army_code))), st.code))
    flow.append(Spacer(0, st.padding(4)))
    return flow


def _violations(sheet: Sheet, st: _Styles, width: float) -> list[Flowable]:
    if sheet.legal:
        return []
    if not sheet.violations:
        lines: list[Any] = [[_p(_e(tr("NOT LEGAL — printed on request.")), st.illegal_head)]]
    else:
        lines = [[_p(_e(tr("NOT LEGAL — printed on request despite these problems:")), st.illegal_head)]]
        lines += [[_p("• " + _e(message), st.illegal)] for message in sheet.violations]
    box = Table(lines, colWidths=[width])
    box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st.fonts.regular),
                             ("BOX", (0, 0), (-1, -1), 1.2, ILLEGAL), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                             ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                             ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fdecee"))]))
    return [box, Spacer(0, st.padding(5))]


# ----- combat groups ----------------------------------------------------------------------------
def _items_text(row: Row) -> str:
    parts = []
    for label, items in ((tr("Weapons"), row.weapons), (tr("Skills"), row.skills),
                         (tr("Equipment"), row.equipment)):
        if items:
            parts.append(f"<b>{_e(label)}:</b> {_e(', '.join(items))}")
    return "  ·  ".join(parts)


class _PageMark(Flowable):  # type: ignore[misc]
    """Takes no room; notes the page it is drawn on (a trooper's row), for `render`'s lone-trooper check."""

    def __init__(self, pages: list[int]) -> None:
        super().__init__()
        self.pages = pages

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.pages.append(self.canv.getPageNumber())


def _title_cell(row: Row, st: _Styles) -> list[Flowable]:
    prefix = "↳ " if row.kind in ("peripheral", "member") else ""
    quantity = f"{row.quantity}× " if row.quantity > 1 else ""
    text = f"{prefix}{quantity}{_e(row.title)}"
    if row.lieutenant:
        text = (f"<font color='#9a6b00'>★</font> {text} <font color='#9a6b00' size={st.size(6.8)}>"
                f"{_e(tr('LIEUTENANT'))}</font>")
    if row.kind == "marker":
        text = f"<font color='#6a3d9a'>●</font> {text}"
    second = []
    if row.subtitle:
        second.append(_e(row.subtitle))
    if row.stats:
        first = row.stats[0]
        if first.type:
            second.append(_e(first.type))
        if not _same(first.name, row.title, row.subtitle):
            second.append(_e(first.name))
    if second:
        text += f" <font name='{st.fonts.regular}' size={st.size(6.5)} color='#5b6675'>{' · '.join(second)}</font>"
    cell: list[Flowable] = [_p(text, st.name)]
    if row.private:
        cell.append(_p(f"<font color='#6a3d9a'>{_e(row.private)}</font>", st.small))
    if row.note:
        cell.append(_p(f"<font color='#6a3d9a'>●</font> {_e(row.note)}", st.small))
    return cell


def _same(name: str, *others: str) -> bool:
    folded = name.casefold().strip()
    return any(folded == other.casefold().strip() for other in others if other)


def _stat_cells(stats: Any, st: _Styles) -> list[Any]:
    """A stat line's cells: plain text (styled by `_value_style`, far cheaper than a paragraph each)."""
    cells: list[Any] = []
    for index, value in enumerate(stats.values):
        if index == 7 and stats.structure:
            cells.append(_p(f"{_e(value)}<font size={st.size(5.4)}> {_e(fmt.wounds_label(True))}</font>", st.cell))
        else:
            cells.append(value)
    return cells


def _value_style(row: int, st: _Styles) -> list[Any]:
    """Plain-text cells of a stat line (values, costs) in the body type, centred."""
    return [("FONTSIZE", (1, row), (-1, row), st.cell.fontSize), ("LEADING", (1, row), (-1, row), st.cell.leading),
            ("ALIGN", (1, row), (-1, row), "CENTER")]


def _group_table(block: Any, sheet: Sheet, st: _Styles, width: float, marks: list[int] | None = None) -> Table:
    costs = sheet.kind == "full"
    fixed = sum(STAT_WIDTHS) + (sum(COST_WIDTHS) if costs else 0)
    widths = [width - fixed, *STAT_WIDTHS, *(COST_WIDTHS if costs else ())]
    columns = len(widths)
    heads = list(fmt.stat_headers())
    heads[0] = f"{heads[0]}<br/><font size={st.size(5.6)}>{fmt.unit_suffix(sheet.units)}</font>"
    heads[7] = f"{fmt.wounds_label(False)}/{fmt.wounds_label(True)}"
    data: list[list[Any]] = [
        [_p(f"{_e(block.title)}", st.band)] + [""] * (columns - 1),
        [_p(_e(tr("Trooper")), st.head_left)] + [_p(h if i == 0 else _e(h), st.head) for i, h in enumerate(heads)]
        + ([_p(_e(fmt.points_label()), st.head), _p(_e(fmt.swc_label()), st.head)] if costs else []),
    ]
    split = max(1, columns - 10)
    data[0][split] = _p(_e(block.summary), st.band_right)
    style: list[Any] = [
        ("SPAN", (0, 0), (split - 1, 0)), ("SPAN", (split, 0), (-1, 0)),
        ("BACKGROUND", (0, 0), (-1, 0), BAND), ("BACKGROUND", (0, 1), (-1, 1), HEAD),
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5), ("TOPPADDING", (0, 0), (-1, -1), st.padding(1.4)),
        ("BOTTOMPADDING", (0, 0), (-1, -1), st.padding(1.6)), ("LINEBELOW", (0, 1), (-1, 1), 0.6, RULE),
    ]

    def add_row(row: Row, shaded: bool) -> None:
        start = len(data)
        stats = row.stats[0] if row.stats else None
        title = _title_cell(row, st)
        if marks is not None and row.kind in ("trooper", "marker"):
            title.append(_PageMark(marks))
        line: list[Any] = [title]
        line += _stat_cells(stats, st) if stats else [""] * len(STAT_WIDTHS)
        if costs:
            companion = row.kind in ("peripheral", "member")
            line += [row.points or ("—" if companion else ""), row.swc or ("—" if companion else "")]
        if stats or costs:
            style.extend(_value_style(start, st))
        data.append(line)
        if not stats:  # no stat line in the data: the name spans the stat columns, costs stay visible
            style.append(("SPAN", (0, start), (len(STAT_WIDTHS) if costs else -1, start)))
        for extra in row.stats[1:]:
            label = f"↳ {_e(extra.name)} <font color='#5b6675' size={st.size(6.4)}>{_e(extra.type)}</font>"
            style.extend(_value_style(len(data), st))
            data.append([_p(label, st.base), *_stat_cells(extra, st), *([""] * 2 if costs else [])])
        items = _items_text(row)
        if items:
            data.append([_p(items, st.items)] + [""] * (columns - 1))
            style.append(("SPAN", (0, len(data) - 1), (-1, len(data) - 1)))
            style.append(("TOPPADDING", (0, len(data) - 1), (-1, len(data) - 1), 0))
        if shaded:
            style.append(("BACKGROUND", (0, start), (-1, len(data) - 1), PERIPHERAL))
        if row.kind in ("peripheral", "member"):
            style.append(("LEFTPADDING", (0, start), (0, len(data) - 1), 10))

    last = len(data)
    for row in block.rows:
        last = len(data)
        add_row(row, shaded=False)
        for child in row.children:
            add_row(child, shaded=True)
        style.append(("NOSPLIT", (0, last), (-1, len(data) - 1)))
        style.append(("LINEBELOW", (0, len(data) - 1), (-1, len(data) - 1), 0.4, RULE))
    orders = "  ·  ".join(f"{_e(label)} <b>{count}</b>" for label, count in block.orders)
    note = f" <font color='#5b6675'>({_e(block.orders_note)})</font>" if block.orders_note else ""
    data.append([_p(f"<b>{_e(tr('Orders'))}:</b> {orders}{note}", st.items)] + [""] * (columns - 1))
    style += [("SPAN", (0, len(data) - 1), (-1, len(data) - 1)),
              ("BACKGROUND", (0, len(data) - 1), (-1, len(data) - 1), ORDERS),
              ("NOSPLIT", (0, last), (-1, len(data) - 1))]
    table = Table(data, colWidths=widths, repeatRows=2)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st.fonts.regular), ("TEXTCOLOR", (0, 0), (-1, -1), INK),
                               *EMPTY_CELLS, *style]))
    return table


MAX_FIRETEAM_MEMBERS_SHOWN = 12
"""A fireteam has at most 5 members (6 with a wildcard): an illegal list's team of hundreds is cut
here, so that its row fits a page."""


def _some_members(members: Sequence[str]) -> str:
    if len(members) <= MAX_FIRETEAM_MEMBERS_SHOWN:
        return " · ".join(members)
    return tr("{members} and {count} more", members=" · ".join(members[:MAX_FIRETEAM_MEMBERS_SHOWN]),
              count=len(members) - MAX_FIRETEAM_MEMBERS_SHOWN)


def _fireteams(sheet: Sheet, st: _Styles, width: float) -> list[Flowable]:
    if not sheet.fireteams:
        return []
    widths = [38.0, 110.0, width - 38 - 110 - 40 - 170, 40.0, 170.0]
    data: list[list[Any]] = [[_p(_e(h), st.head_left) for h in
                              (tr("Type"), tr("Team"), tr("Members"), tr("Level"), tr("Bonuses"))]]
    for team in sheet.fireteams:
        data.append([_p(_e(team.type), st.base), _p(_e(team.team), st.base),
                     _p(_e(_some_members(team.members)), st.base), _p(_e(team.level), st.base),
                     _p(_e("; ".join(team.bonuses)) or "—", st.items)])
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), st.fonts.regular),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE), ("TOPPADDING", (0, 0), (-1, -1), st.padding(1.4)),
        ("BOTTOMPADDING", (0, 0), (-1, -1), st.padding(1.6)), ("LEFTPADDING", (0, 0), (-1, -1), 2.5)]))
    flow: list[Flowable] = [_p(_e(tr("Fireteams")), st.section), table]
    if sheet.fireteam_note:
        flow.append(_p(_e(sheet.fireteam_note), st.small))
    return [KeepTogether(flow)]


# ----- weapons reference ------------------------------------------------------------------------
def _value(text: str, width: float, st: _Styles) -> Any:
    """A short value as plain text (styled by its table: no paragraph to parse); one too wide wraps."""
    if stringWidth(text, st.fonts.regular, st.cell.fontSize) + 4 <= width:
        return text
    return _p(_e(text), st.cell)


def _weapons(sheet: Sheet, st: _Styles, width: float) -> list[Flowable]:
    if not sheet.weapons and not sheet.missing_weapons:
        return []
    flow: list[Flowable] = [PageBreak(), _p(_e(tr("Weapons reference")), st.section)]
    if sheet.weapons:
        bands = range_bands(sheet.weapons)
        heads = [tr("Weapon")]
        lower = 0
        for upper in bands:
            heads.append(f"{fmt.distance(lower, sheet.units)}–{fmt.distance(upper, sheet.units)}")
            lower = upper
        band_width = max([17.0, *(stringWidth(h, st.fonts.bold, st.head.fontSize) + 5 for h in heads[1:])])
        fixed = [112.0, *([band_width] * len(bands)), 26.0, 16.0, 40.0, 42.0]
        widths = [*fixed, max(60.0, width - sum(fixed))]
        if sum(widths) > width:
            widths[0] -= sum(widths) - width
        heads += [tr("PS", context="weapon"), tr("B", context="weapon"), tr("Ammo"), tr("Save", context="weapon"),
                  tr("Traits")]
        data: list[list[Any]] = [[_p(_e(heads[0]), st.head_left)] + [_p(_e(h), st.head) for h in heads[1:-1]]
                                 + [_p(_e(heads[-1]), st.head_left)]]
        style: list[Any] = [
            ("FONTNAME", (0, 0), (-1, -1), st.fonts.regular), ("TEXTCOLOR", (0, 0), (-1, -1), INK),
            ("FONTSIZE", (1, 1), (-2, -1), st.cell.fontSize), ("LEADING", (1, 1), (-2, -1), st.cell.leading),
            ("ALIGN", (1, 1), (-2, -1), "CENTER"),
            ("BACKGROUND", (0, 0), (-1, 0), HEAD), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE), ("TOPPADDING", (0, 0), (-1, -1), 1.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4), ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2)]
        for row_index, line in enumerate(sheet.weapons, start=1):
            cells: list[Any] = [_p(f"<b>{_e(line.name)}</b>", st.base)]
            for column, upper in enumerate(bands, start=1):
                mod = line.modifier_at(upper)
                cells.append(mod)
                colour = RANGE_COLOURS.get(mod.replace("−", "-"))
                if colour:
                    style.append(("BACKGROUND", (column, row_index), (column, row_index), colors.HexColor(colour)))
            values = (line.damage, line.burst, line.ammunition, line.saving)
            cells += [_value(value, widths[len(cells) + i], st) for i, value in enumerate(values)]
            cells.append(_p(_e(line.traits), st.items))
            data.append(cells)
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle(style))
        flow.append(_p(_e(tr("Ranges in {units}; the modifier applies up to the distance shown.",
                             units=tr("inches") if sheet.units == "inch" else tr("cm", context="unit"))),
                       st.small))
        flow.append(Spacer(0, 2))
        flow.append(table)
    if sheet.missing_weapons:
        flow.append(Spacer(0, 4))
        flow.append(_p(_e(tr("No profile in the data for: {names}", names=", ".join(sheet.missing_weapons))),
                       st.small))
    return flow


# ----- the document -----------------------------------------------------------------------------
class _ListEnd(Flowable):  # type: ignore[misc]
    """Where the list ends (before the weapons reference): the page it ends on and the room left there."""

    def __init__(self, doc: BaseDocTemplate) -> None:
        super().__init__()
        self.doc = doc
        self.page = 0
        self.room = 0.0
        self._room = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._room = available_height
        return 0, 0

    def draw(self) -> None:
        self.page = self.doc.page
        self.room = self._room


@dataclass(frozen=True)
class _Layout:
    """One render: the PDF, the pages its list takes (1.4: a page and two fifths of the next), the page
    the list ends on, and the page of each trooper or marker row."""

    data: bytes
    pages: float
    end_page: int
    rows: tuple[int, ...]

    @property
    def lone_trooper(self) -> bool:
        """The list's last page holds a single trooper (the rest of the list before it)."""
        return self.end_page > 1 and Counter(self.rows)[self.end_page] == 1


def render(sheet: Sheet, options: PrintOptions) -> bytes:
    """Lay out a sheet on A4 or Letter pages and return the PDF bytes.

    A courtesy list gets one page and a full list two (before its weapons reference): a list that
    spills over is laid out again at the density its overflow calls for (`DENSITIES`), denser until
    it fits, unless even the densest could not hold it (then it keeps the roomy layout and its pages).
    And a single trooper never sits alone on the list's last page when a denser layout of the same
    list takes one page fewer. Trial layouts leave the weapons reference out: it starts on its own
    page anyway.
    """
    budget = 1 if sheet.kind == "courtesy" else 2
    first = _render(sheet, options, 0)
    densest = len(DENSITIES) - 1
    trial = replace(sheet, weapons=(), missing_weapons=())
    density, layout = 0, first
    if first.pages > budget and first.pages * DENSITIES[densest][2] * 0.95 <= budget:
        density = next((d for d in range(1, densest) if first.pages * DENSITIES[d][2] <= budget * 0.97), densest)
        while True:
            layout = _render(trial, options, density)
            if layout.pages <= budget or density == densest:
                break
            density += 1
    if layout.lone_trooper:
        for denser in range(density + 1, densest + 1):
            attempt = _render(trial, options, denser)
            if attempt.end_page < layout.end_page:
                density, layout = denser, attempt
                break
    if density == 0:
        return first.data
    return layout.data if trial == sheet else _render(sheet, options, density).data


def _render(sheet: Sheet, options: PrintOptions, density: int) -> _Layout:
    """The PDF at one density, and where its list ends and its rows fell."""
    fonts = print_fonts()
    st = _Styles(fonts, density)
    buffer = io.BytesIO()
    doc = framed_document(buffer, options.paper, title=f"{sheet.kind_label} — {sheet.title}",
                          creator=f"armybuilder {options.version}", subject=sheet.kind_label,
                          reproducible=options.reproducible)
    width = doc.width
    marks: list[int] = []
    story: list[Flowable] = [*_header(sheet, st, width), *_violations(sheet, st, width)]
    for block in sheet.groups:
        story.append(CondPageBreak(60 * st.scale))
        story.append(_group_table(block, sheet, st, width, marks))
        story.append(Spacer(0, st.padding(5)))
    story += _fireteams(sheet, st, width)
    end = _ListEnd(doc)
    story.append(end)
    story += _weapons(sheet, st, width)
    maker: Callable[..., Canvas] = furnished_canvas(sheet.footer, sheet.legal, fonts, options.reproducible)
    try:
        doc.build(story, canvasmaker=maker)
    except LayoutError:  # a row of hostile data (thousands of weapons on one option…) taller than a page
        raise PrintLayoutError(tr(
            "the print-out cannot be laid out: one of its rows (a trooper with its weapons and skills, or a "
            "fireteam) is taller than a whole page")) from None
    return _Layout(buffer.getvalue(), end.page - end.room / doc.height, end.page, tuple(marks))


def full_pdf(doc: Printout, options: PrintOptions) -> bytes:
    """The full list; raises IllegalListError for an illegal list unless `options.allow_illegal`."""
    if not doc.legal and not options.allow_illegal:
        raise IllegalListError(doc.report)
    with printing_language(options.language):
        return render(full_sheet(doc, options), options)


def courtesy_pdf(doc: Printout, options: PrintOptions) -> bytes:
    """The courtesy list: open information only (see privacy.py)."""
    if not doc.legal and not options.allow_illegal:
        raise IllegalListError(doc.report)
    with printing_language(options.language):
        return render(courtesy_sheet(courtesy_of(doc), options, legal=doc.legal, weapons=doc.weapons), options)
