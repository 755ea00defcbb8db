"""`armybuilder fireteams`: a list's fireteams judged and explained, changes that improve them, teams it could form."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from armybuilder.cli import COMMANDS
from armybuilder.cli.common import add_data_option, code_list, open_catalog
from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import load_list
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList
from armybuilder.i18n import render, tr
from armybuilder.rules.context import RuleContext
from armybuilder.rules.engine import context_in_catalog
from armybuilder.rules.fireteams.assess import (
    FireteamAssessment,
    MemberAssessment,
    assess_fireteams,
    fireteam_bonuses_note,
)
from armybuilder.rules.fireteams.audit import audit_chart, format_audit
from armybuilder.rules.fireteams.finder import PossibleFireteam, Suggestion, suggest_changes, undeclared_fireteams

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "fireteams", help=tr(COMMANDS["fireteams"]))
    parser.add_argument("list", nargs="?", type=Path, metavar="LISTFILE", help=tr("the list file"))
    parser.add_argument("--code", metavar="CODE", help=tr("an army code from the official builder"))
    add_data_option(parser)
    parser.add_argument("--json", action="store_true", help=tr("print one JSON object"))
    parser.add_argument("--audit", action="store_true",
                        help=tr("instead of a list, check every army's fireteam chart: can its own units form each "
                                "team? (a Markdown report)"))
    parser.set_defaults(handler=run)


def _load(args: argparse.Namespace, catalog: Catalog) -> ArmyList:
    if args.code:
        return code_list(args.code, catalog)
    return load_list(args.list).army_list


def run(args: argparse.Namespace) -> int:
    if args.audit:
        return _audit(args)
    if bool(args.list) == bool(args.code):
        print(tr("fireteams: give one LISTFILE or --code CODE"), file=sys.stderr)
        return EXIT_UNREADABLE
    catalog = open_catalog(args)
    try:
        army_list = _load(args, catalog)
        ctx = context_in_catalog(army_list, catalog)
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_UNREADABLE
    assessments = assess_fireteams(ctx)
    suggestions = suggest_changes(ctx)
    possible = undeclared_fireteams(ctx)
    if args.json:
        print(json.dumps(_json(ctx, assessments, suggestions, possible), ensure_ascii=False, indent=2))
    else:
        print(_text(ctx, args, assessments, suggestions, possible))
    return EXIT_LEGAL if all(a.legal for a in assessments) else EXIT_ILLEGAL


def _audit(args: argparse.Namespace) -> int:
    catalog = open_catalog(args)
    audits = []
    for summary in catalog.armies():
        try:
            army = catalog.army(summary.ref)
            edition, _ = catalog.rules_for(ArmyList(army=summary.ref, pack=army.edition), army)
        except DataError as exc:
            print(str(exc), file=sys.stderr)
            continue
        audits.append(audit_chart(army, edition))
    print(format_audit(audits), end="")
    return EXIT_LEGAL


def _json(ctx: RuleContext, assessments: list[FireteamAssessment], suggestions: list[Suggestion],
          possible: list[PossibleFireteam]) -> dict[str, Any]:
    army = ctx.army
    return {
        "name": ctx.army_list.name,
        "army": {"id": army.id, "name": army.name, "slug": army.slug, "origin": army.origin, "version": army.version},
        "legal": all(a.legal for a in assessments),
        "fireteams": [a.to_json() for a in assessments],
        "suggestions": [s.to_json() for s in suggestions],
        "possible": [{"combat_group": p.combat_group, "reinforcement": p.reinforcement, "team": p.team,
                      "type": p.type.value, "level": p.level, "members": list(p.members),
                      "bonuses": p.assessment.bonus_texts(), "explanation": p.explanation} for p in possible],
    }


def _member(member: MemberAssessment) -> str:
    text = member.name
    if member.option and member.option.casefold() not in member.name.casefold():
        text += f" ({member.option})"
    if member.terms:
        text += " " + tr("as ({terms})", terms=", ".join(member.terms))
    if member.wildcard:
        text += " " + tr("[wildcard]")
    return text


def _text(ctx: RuleContext, args: argparse.Namespace, assessments: list[FireteamAssessment],
          suggestions: list[Suggestion], possible: list[PossibleFireteam]) -> str:
    title = ctx.army_list.name or (str(args.list) if args.list else tr("army code"))
    lines = [f"{title} — {ctx.army.label}"]
    note = render(fireteam_bonuses_note(ctx.edition))
    if note:
        lines.append("  " + note)
    if not assessments:
        lines.append("  " + tr("No fireteams declared."))
    for assessment in assessments:
        where = (tr("Combat Group {number}", number=assessment.combat_group)
                 if assessment.combat_group is not None else "")
        if assessment.legal:
            state = tr("LEGAL, level {level}", level=assessment.level)
        else:
            state = tr("NOT LEGAL (level {level} once legal)", level=assessment.level)
        lines.append(f"  {'✓' if assessment.legal else '✗'} {assessment.label}"
                     + (f", {where}" if where else "") + f" — {state}")
        lines.append("      " + tr("members: {names}", names=" · ".join(_member(m) for m in assessment.members)))
        if assessment.bonuses:
            lines.append("      " + tr("bonuses: {bonuses}", bonuses="; ".join(assessment.bonus_texts())))
        lines.append("      " + assessment.explanation)
        for violation in assessment.violations:
            mark = "✗" if violation.is_error else "!"
            lines.append(f"      {mark} [{violation.code}] {violation.message}")
    if suggestions:
        lines.append(tr("Suggestions:"))
        lines.extend(f"  · {s.description}" for s in suggestions)
    if possible:
        lines.append(tr("Fireteams this list could form:"))
        for option in possible:
            lines.append(f"  · {option.description}")
            lines.append(f"      {option.explanation}")
    return "\n".join(lines)
