"""Compact plain-text lists for forums and chat: the full list, or its courtesy variant via privacy.py."""

from __future__ import annotations

from armybuilder.export.printable import escape_controls
from armybuilder.export.printout import IllegalListError, PrintOptions, Printout, printing_language
from armybuilder.export.sheet import Row, Sheet, courtesy_of, courtesy_sheet, full_sheet
from armybuilder.i18n import tr


def _trooper_line(row: Row, sheet: Sheet, indent: str) -> str:
    """One line per trooper: its name, then weapons · skills · equipment, as the PDF prints them
    (profile-level skills included: Combat Jump, Camouflage…); the full list adds the cost."""
    quantity = f"{row.quantity}× " if row.quantity > 1 else ""
    if row.kind == "marker":
        return f"{indent}● {row.title}"
    head = ("↳ " if row.kind in ("peripheral", "member") else "") + quantity + row.title
    if row.subtitle and sheet.kind == "full" and row.kind == "trooper":
        head += f" ({row.subtitle})"
    if row.lieutenant:
        head = f"★ {head} [{tr('LIEUTENANT')}]"
    parts = [", ".join(items) for items in (row.weapons, row.skills, row.equipment) if items]
    text = f"{indent}{head}"
    if parts:
        text += ": " + " · ".join(parts)
    if row.note:
        text += f" ({row.note})"
    if sheet.kind == "full" and row.kind == "trooper" and row.points:
        text += " — " + tr("{points} pts, {swc} SWC", context="print", points=row.points, swc=row.swc)
    return text


def render_text(sheet: Sheet) -> str:
    """The sheet as a few lines per combat group."""
    lines = [f"{sheet.title} — {sheet.kind_label.upper()}"]
    facts = [f"{label}: {value}" for label, value in sheet.facts if value]
    lines += [" · ".join(facts[i:i + 3]) for i in range(0, len(facts), 3)]
    if sheet.army_code:
        lines.append(f"{tr('Army code')}: {sheet.army_code}")
    if not sheet.legal:
        lines.append("")
        lines.append(f"!! {tr('NOT LEGAL')}")
        lines += [f"!! {message}" for message in sheet.violations]
    for block in sheet.groups:
        lines.append("")
        lines.append(f"{block.title.upper()} · {block.summary}")
        for row in block.rows:
            lines.append(_trooper_line(row, sheet, "  "))
            lines += [_trooper_line(child, sheet, "    ") for child in row.children]
        orders = " · ".join(f"{label} {count}" for label, count in block.orders if count)
        note = f" ({block.orders_note})" if block.orders_note else ""
        lines.append(f"  {tr('Orders')}: {orders or '0'}{note}")
    if sheet.fireteams:
        lines.append("")
        lines.append(tr("Fireteams").upper())
        for team in sheet.fireteams:
            level = tr("level {level}", level=team.level)
            lines.append(f"  {team.type} {team.team}: {' · '.join(team.members)} — {level}")
            if team.bonuses:
                lines.append(f"    {'; '.join(team.bonuses)}")
    return escape_controls("\n".join(lines) + "\n")


def full_text(doc: Printout, options: PrintOptions) -> str:
    if not doc.legal and not options.allow_illegal:
        raise IllegalListError(doc.report)
    with printing_language(options.language):
        return render_text(full_sheet(doc, options))


def courtesy_text(doc: Printout, options: PrintOptions) -> str:
    if not doc.legal and not options.allow_illegal:
        raise IllegalListError(doc.report)
    with printing_language(options.language):
        return render_text(courtesy_sheet(courtesy_of(doc), options, legal=doc.legal))
