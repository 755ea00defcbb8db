"""`armybuilder code decode|encode`: the official builder's army codes, read and written."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from armybuilder.cli import COMMANDS
from armybuilder.cli.common import add_data_option, loadout, open_catalog, positive_int, print_problems
from armybuilder.data.armycode import (
    ArmyCodeError,
    CodeReading,
    Decision,
    DecodedCode,
    Framing,
    LeadPattern,
    MemberForm,
)
from armybuilder.data.armycode_lists import CodeList, builder_link, decode_list, left_out, list_code
from armybuilder.data.listfile import load_list
from armybuilder.data.problems import DataError, DataProblem
from armybuilder.domain.roster import ResolvedTrooper, UnresolvedTrooper
from armybuilder.domain.values import format_halves
from armybuilder.i18n import render, tr, trn

EXIT_OK = 0
EXIT_UNREADABLE = 2


def register(commands: Any) -> None:
    parser = commands.add_parser("code", help=tr(COMMANDS["code"]))
    sub = parser.add_subparsers(dest="code_command", metavar="ACTION", required=True)

    decode_cmd = sub.add_parser("decode", help=tr("show the list an army code holds"))
    decode_cmd.add_argument("code", metavar="CODE",
                            help=tr("the army code or a builder link; '-' reads it from standard input"))
    decode_cmd.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))
    add_data_option(decode_cmd)
    decode_cmd.set_defaults(handler=_decode)

    encode_cmd = sub.add_parser("encode", help=tr("print the army code of a list file"))
    encode_cmd.add_argument("listfile", metavar="LISTFILE", type=Path, help=tr("an army list file (.yaml)"))
    encode_cmd.add_argument("--points", type=positive_int, metavar="N",
                            help=tr("points limit to write (default: the list's, its tier's or its edition's)"))
    encode_cmd.add_argument("--link", action="store_true", help=tr("print a link that opens the official builder"))
    add_data_option(encode_cmd)
    encode_cmd.set_defaults(handler=_encode)


# ----- decode ---------------------------------------------------------------------------------------

def _decode(args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.code == "-" else args.code
    catalog = open_catalog(args)
    try:
        result = decode_list(text, catalog)
    except ArmyCodeError as exc:
        print_problems(exc.problems, sys.stderr)
        return EXIT_UNREADABLE
    if args.json:
        print(json.dumps(_as_json(result), ensure_ascii=False, indent=2))
    else:
        _print_text(result)
        shown = {t.trooper.uid for t in result.unresolved}  # printed in place, with their reason
        print_problems((p for p in result.problems if p.path not in shown), sys.stderr)
    return EXIT_OK


def _framing_label(code: DecodedCode) -> str:
    if code.framing is Framing.FLAGGED:
        if code.member_form is MemberForm.SPECOPS:
            return tr("current (flagged groups, Spec-Ops field)")
        return tr("flagged groups, short troopers")
    if code.framing is Framing.ZERO:
        return tr("older (0x00 groups)")
    return tr("oldest (count-only groups)")


def _leads_label(pattern: LeadPattern) -> str:
    return {LeadPattern.NONE: tr("no troopers"), LeadPattern.ZEROS: tr("troopers' leads all 0"),
            LeadPattern.POSITIONS: tr("troopers numbered 1, 2, 3… in their leads"),
            LeadPattern.MIXED: tr("troopers' leads mixed (an edited list)")}[pattern]


def _decision_label(reading: CodeReading) -> str:
    if reading.decision is Decision.ONLY:
        return tr("the only reading that fits")
    fitting = 1 + sum(1 for other in reading.others if other.whole)
    if reading.decision is Decision.PLAUSIBLE:
        return tr("the only plausible one of {n} readings that fit", n=fitting)
    return tr("the only one of {n} readings that fit whose troopers are all in your data", n=fitting)


def _print_text(result: CodeList) -> None:
    code = result.decoded
    if result.summary is not None:
        origin = tr("imported data") if result.summary.origin == "imported" else tr("bundled profiles")
        army = f"{result.summary.label} [{origin}]"
    else:
        army = tr("army {id} ({slug}), not in your data", id=code.army, slug=code.slug or "?")
    print(tr("Army: {army}", army=army))
    print(tr("List: {name}", name=result.army_list.name or tr("(no name)")))
    print(tr("Points limit: {points}", points=code.points))
    print(tr("Format: {framing}", framing=_framing_label(code)))
    if result.reading is not None:
        print(tr("Read as: {leads}; {decision}", leads=_leads_label(code.lead_pattern()),
                 decision=_decision_label(result.reading)))
    troopers = iter(result.troopers)
    total_points = 0
    total_swc = 0
    unknown = 0
    for group in result.army_list.groups:
        print()
        title = tr("Reinforcements (combat group {number})", number=group.number) if group.reinforcement \
            else tr("Combat group {number}", number=group.number)
        print(title)
        if not group.troopers:
            print("  " + tr("(empty)"))
        for trooper in group.troopers:
            resolved = next(troopers, None) if result.army is not None else None
            ids = f"[{trooper.unit}-{trooper.group}-{trooper.option}]"
            if isinstance(resolved, ResolvedTrooper):
                total_points += resolved.points
                total_swc += resolved.swc_halves
                gear = loadout(resolved.option)
                spec = (" " + tr("[Spec-Ops, {xp} XP]", xp=resolved.specops.xp)) if resolved.specops is not None else ""
                print(f"  {resolved.unit.name} — {resolved.option.name}{spec}" + (f" ({gear})" if gear else "") + "  "
                      + tr("{points} pts, {swc} SWC", points=resolved.points, swc=format_halves(resolved.swc_halves))
                      + f"  {ids}")
            else:
                unknown += 1
                reason = resolved.reason if isinstance(resolved, UnresolvedTrooper) else tr("army not in your data")
                print(f"  {ids} " + tr("unknown trooper ({reason})", reason=reason))
    print()
    line = tr("Total: {points} points, {swc} SWC", points=total_points, swc=format_halves(total_swc))
    if unknown:
        line += " " + trn("(without {n} unknown trooper)", "(without {n} unknown troopers)", unknown)
    print(line)


def _as_json(result: CodeList) -> dict[str, Any]:
    code = result.decoded
    resolved = iter(result.troopers)
    groups = []
    for group, code_group in zip(result.army_list.groups, code.groups, strict=False):
        troopers = []
        for trooper, member in zip(group.troopers, code_group.members, strict=True):
            entry: dict[str, Any] = {"uid": trooper.uid, "unit": trooper.unit, "group": trooper.group,
                                     "option": trooper.option}
            found = next(resolved, None) if result.army is not None else None
            if isinstance(found, ResolvedTrooper):
                entry.update(unit_name=found.unit.name, option_name=found.option.name, points=found.points,
                             swc=format_halves(found.swc_halves), lieutenant=found.option.is_lieutenant,
                             weapons=[item.label for item in found.option.weapons])
            elif isinstance(found, UnresolvedTrooper):
                entry["unknown"] = render(found.reason)
            else:
                entry["unknown"] = tr("army not in your data")
            entry["lead"] = member.lead
            if member.specops is not None:
                entry["specops"] = list(member.specops)
            if isinstance(found, ResolvedTrooper) and found.specops is not None:
                entry["specops_xp"] = found.specops.xp
            troopers.append(entry)
        groups.append({"number": group.number, "reinforcement": group.reinforcement, "troopers": troopers})
    ok = [t for t in result.troopers if isinstance(t, ResolvedTrooper)]
    summary = result.summary
    return {
        "army": {"id": code.army, "slug": code.slug, "name": summary.name if summary else None,
                 "origin": summary.origin if summary else None, "version": summary.version if summary else None},
        "name": result.army_list.name,
        "points_limit": code.points,
        "framing": code.framing.value,
        "member_form": code.member_form.value,
        "reading": _reading_json(result),
        "groups": groups,
        "total_points": sum(t.points for t in ok),
        "total_swc": format_halves(sum(t.swc_halves for t in ok)),
        "problems": [_problem_json(p) for p in result.problems],
    }


def _reading_json(result: CodeList) -> dict[str, Any]:
    """How the code was read: the reading taken and why, the others tried, what was taken off the paste."""
    code = result.decoded
    reading = result.reading
    return {
        "framing": code.framing.value,
        "member_form": code.member_form.value,
        "leads": code.lead_pattern().value,
        "decided_by": reading.decision.value if reading else None,
        "why": _decision_label(reading) if reading else None,
        "others": [{"framing": o.framing.value, "member_form": o.member_form.value, "reads_whole_code": o.whole,
                    "why_not": o.reason} for o in (reading.others if reading else ())],
        "paste": [{"message": n.message, "lost": n.lost} for n in (reading.notes if reading else ())],
    }


def _problem_json(problem: DataProblem) -> dict[str, Any]:
    return {"severity": problem.severity, "message": problem.message, "where": problem.path or None}


# ----- encode ---------------------------------------------------------------------------------------

def _encode(args: argparse.Namespace) -> int:
    try:
        loaded = load_list(args.listfile)
    except DataError as exc:
        print_problems(exc.problems, sys.stderr)
        return EXIT_UNREADABLE
    print_problems(loaded.problems, sys.stderr)
    army_list = loaded.army_list
    catalog = open_catalog(args)
    if army_list.army.origin != "imported":
        print(tr("warning: this list uses the bundled profiles, not the official data; the official builder knows "
                 "only the official ids"), file=sys.stderr)
    try:
        code = list_code(army_list, catalog, args.points)
    except ArmyCodeError as exc:
        message = exc.message
        if army_list.army.origin != "imported":  # say why, not only which id
            message = tr("cannot become an army code: the list uses the bundled profiles, and their ids are not all "
                         "the official builder's ({reason}); build the list on imported official data to get a code",
                         reason=exc.message)
        print_problems([DataProblem(str(args.listfile), message)], sys.stderr)
        return EXIT_UNREADABLE
    missing = left_out(army_list, catalog)
    if missing:
        print(tr("warning: not in the code: {items}", items=", ".join(missing)), file=sys.stderr)
    print(builder_link(code) if args.link else code)
    return EXIT_OK
