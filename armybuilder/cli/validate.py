"""`armybuilder validate`: check list files (or an army code) against every rule, for players and organizers."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.cli import COMMANDS
from armybuilder.cli.common import add_data_option, games_of, open_catalog, positive_int, trooper_label
from armybuilder.data.armycode_lists import official_data_missing, official_data_needed, read_list
from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import LoadedList, changes_since_saved, load_list
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.packs import SeasonPack
from armybuilder.games import Verdict
from armybuilder.i18n import tr, trn
from armybuilder.rules.engine import Report, validate_entry, validate_in_catalog
from armybuilder.rules.list_settings import game_size, with_code_settings, with_extras, with_game_size, with_rules_pack
from armybuilder.rules.violations import Violation

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2
log = logging.getLogger(__name__)


def register(commands: Any) -> None:
    parser = commands.add_parser("validate", help=tr(COMMANDS["validate"]))
    parser.add_argument("lists", nargs="*", type=Path, metavar="LISTFILE", help=tr("list files to check"))
    parser.add_argument("--code", action="append", default=[], metavar="CODE",
                        help=tr("an army code from the official builder (repeatable)"))
    add_data_option(parser)
    parser.add_argument("--pack", metavar="ID", help=tr("rules pack to use instead of the list's"))
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--tier", metavar="TIER", help=tr(
        "ITS tier id of the season pack (its-s17: 400, 350, 300, 250, 200, 150; its-s9: low, mid, top)"))
    size.add_argument("--points", type=positive_int, metavar="N", help=tr("free game size in points"))
    parser.add_argument("--extra", action="append", default=[], metavar="ID",
                        help=tr("switch on a tournament extra (repeatable)"))
    parser.add_argument("--entry", action="store_true",
                        help=tr("the lists are one player's tournament entry: check they share one army"))
    parser.add_argument("--json", action="store_true", help=tr("print one JSON object"))
    parser.set_defaults(handler=run)


@dataclass
class Checked:
    label: str
    army_list: ArmyList | None
    report: Report | None
    extra: list[Violation]
    unreadable: str | None = None

    @property
    def legal(self) -> bool:
        return self.report is not None and self.report.legal and not any(v.is_error for v in self.extra)


def _apply_settings(army_list: ArmyList, args: argparse.Namespace, catalog: Catalog) -> ArmyList:
    """The list under the rules given on the command line, changed as the app changes them
    (`rules.list_settings`): --pack keeps the game size and the extras the pack has, --tier or
    --points set the size, --extra switches extras on."""
    if args.pack and args.pack != army_list.pack:
        pack = catalog.packs.get(args.pack)
        if pack is None:  # reported by the validation: an unknown pack, with the known ones
            army_list = army_list.model_copy(update={"pack": args.pack})
        else:
            army_list = with_rules_pack(army_list, pack, game_size(army_list, catalog))
    if args.tier:
        army_list = with_game_size(army_list, tier=args.tier)
    if args.points is not None:
        army_list = with_game_size(army_list, points=args.points)
    if args.extra:
        army_list = with_extras(army_list, args.extra)
    return army_list


def _drift(loaded: LoadedList, report: Report) -> list[Violation]:
    """Recorded costs and names that differ from the data now (warnings). A trooper the data no longer
    has is reported once, by the rules (`data.unknown_trooper`), not again here."""
    unresolved = {u.trooper.uid for u in report.roster.unresolved}
    return [Violation("data.changed", "warning", p.message, "docs/list-format.md", (p.path,) if p.path else ())
            for p in changes_since_saved(loaded, report.roster) if p.path not in unresolved]


def check_file(path: Path, catalog: Catalog, args: argparse.Namespace) -> Checked:
    try:
        loaded = load_list(path)
    except DataError as exc:
        return Checked(str(path), None, None, [], str(exc))
    army_list = _apply_settings(loaded.army_list, args, catalog)
    try:
        report = validate_in_catalog(army_list, catalog)
    except DataError as exc:
        return Checked(str(path), army_list, None, [], str(exc))
    extra = [Violation("data.file", p.severity, p.message, "docs/list-format.md") for p in loaded.problems]
    return Checked(str(path), army_list, report, extra + _drift(loaded, report))


def check_code(code: str, catalog: Catalog, args: argparse.Namespace) -> Checked:
    label = code if len(code) <= 24 else code[:21] + "…"
    try:
        read = read_list(code, catalog, resolve=False)  # validation resolves the troopers
        if read.needs_official_data:
            return Checked(label, None, None, [], "\n".join(str(p) for p in read.problems if p.severity == "error"))
        army_list = _apply_settings(with_code_settings(read.army_list, catalog), args, catalog)
        report = validate_in_catalog(army_list, catalog)
    except DataError as exc:
        return Checked(label, None, None, [], str(exc))
    unknown = report.roster.unresolved
    if unknown and official_data_missing(catalog, army_list.army.origin):
        return Checked(label, None, None, [], str(official_data_needed(read.decoded, report.roster.army.name,
                                                                      len(unknown))))
    notes = [Violation("data.code", "warning", p.message, "docs/army-codes.md", (p.path,) if p.path else ())
             for p in read.problems if p.severity == "warning"]
    return Checked(label, army_list, report, notes)


def run(args: argparse.Namespace) -> int:
    if not args.lists and not args.code:
        print(tr("validate: give at least one LISTFILE or --code CODE"), file=sys.stderr)
        return EXIT_UNREADABLE
    games = games_of(args)
    owners = {path: games.owner_of_file(path) for path in args.lists}
    ours = [path for path in args.lists if (owner := owners[path]) is None or owner.module is None]
    catalog = open_catalog(args) if ours or args.code else None
    checked: list[Checked | Verdict] = []
    for path in args.lists:  # each file to the game that owns its format (armybuilder/games.py)
        owner = owners[path]
        if owner is not None and owner.module is not None:
            checked.append(games.system(owner).validate_file(path, args.points))
        elif catalog is not None:
            checked.append(check_file(path, catalog, args))
    if catalog is not None:
        checked += [check_code(c, catalog, args) for c in args.code]
    for item in checked:  # what a list holds is the player's: debug only (see armybuilder/logs.py)
        name = item.army_list.name if isinstance(item, Checked) and item.army_list else None
        log.debug("validated %s: %r, legal=%s", item.label, name, item.legal)
    log.info("validate: %d list(s), %d legal, %d unreadable", len(checked), sum(c.legal for c in checked),
             sum(bool(c.unreadable) for c in checked))
    entry_violations: list[Violation] = []
    if args.entry and catalog is not None:
        lists = [c.army_list for c in checked if isinstance(c, Checked) and c.army_list is not None]
        season = None
        if lists:
            try:
                pack = catalog.pack(lists[0].pack)
                season = pack if isinstance(pack, SeasonPack) else None
            except DataError:
                season = None
        entry_violations = validate_entry(lists, season)
    if args.json:
        _print_json(checked, entry_violations, several=len(checked) > 1 or args.entry)
    else:
        _print_text(checked, entry_violations)
    if any(c.unreadable for c in checked):
        return EXIT_UNREADABLE
    if entry_violations or not all(c.legal for c in checked):
        return EXIT_ILLEGAL
    return EXIT_LEGAL


def _json_of(item: Checked | Verdict) -> dict[str, Any]:
    if isinstance(item, Verdict):
        return dict(item.json)
    if item.report is None:
        return {"file": item.label, "legal": False, "error": item.unreadable}
    data = item.report.to_json()
    data["violations"].extend(v.to_json() for v in item.extra)
    data["legal"] = item.legal
    data["file"] = item.label
    data["name"] = item.army_list.name if item.army_list else ""
    return data


def _print_json(checked: list[Checked | Verdict], entry: list[Violation], several: bool) -> None:
    """One list: its object. Several, or --entry: {"lists": [...], "entry": [...], "summary": {...}}."""
    if not several:
        print(json.dumps(_json_of(checked[0]), ensure_ascii=False, indent=2))
        return
    summary = {"lists": len(checked), "legal": sum(c.legal for c in checked),
               "illegal": sum(1 for c in checked if not c.unreadable and not c.legal),
               "unreadable": sum(1 for c in checked if c.unreadable)}
    print(json.dumps({"lists": [_json_of(c) for c in checked], "entry": [v.to_json() for v in entry],
                      "summary": summary}, ensure_ascii=False, indent=2))


def _print_text(checked: list[Checked | Verdict], entry: list[Violation]) -> None:
    for item in checked:
        print(_text_of(item))
    for violation in entry:
        print(f"✗ [{violation.code}] {violation.message}")
    if len(checked) > 1:
        legal = sum(c.legal for c in checked)
        unreadable = sum(1 for c in checked if c.unreadable)
        print(trn("{n} list", "{n} lists", len(checked)) + ": " + ", ".join((
            trn("{n} legal", "{n} legal", legal),
            trn("{n} illegal", "{n} illegal", len(checked) - legal - unreadable),
            trn("{n} unreadable", "{n} unreadable", unreadable))))


def _text_of(item: Checked | Verdict) -> str:
    if isinstance(item, Verdict):
        return item.text
    if item.report is None:
        return tr("{file}: UNREADABLE — {reason}", file=item.label, reason=item.unreadable or "")
    report = item.report
    totals = report.totals
    army_list = item.army_list
    title = army_list.name if army_list and army_list.name else item.label
    lines = [f"{title} — {report.roster.army.label}"]
    if report.rules is not None:
        lines.append("  " + tr("Rules: {rules}", rules=report.rules.summary))
    limit = "—" if totals.troopers_limit is None else str(totals.troopers_limit)
    groups = " · ".join(tr("Group {number}: {count}/{limit}", number=g.number, count=g.troopers, limit=g.limit)
                        for g in totals.groups)
    lines.append("  " + tr("{points}/{points_limit} points · {swc}/{swc_limit} SWC · {troopers}/{troopers_limit} "
                           "troopers", points=totals.points, points_limit=totals.points_limit, swc=totals.swc,
                           swc_limit=totals.swc_limit, troopers=totals.troopers, troopers_limit=limit)
                 + (" · " + tr("{used}/{limit} mercenary points", used=totals.mercenary_points,
                               limit=totals.mercenary_points_limit)
                    if totals.mercenary_points_limit is not None else "")
                 + (f" · {groups}" if groups else ""))
    names = {t.uid: trooper_label(t.unit, t.option) for t in report.roster.troopers}
    for violation in (*report.violations, *item.extra):
        mark = "✗" if violation.is_error else "!"
        lines.append(f"  {mark} [{violation.code}] {violation.message}")
        concerned = [names.get(uid, uid) for uid in violation.troopers]
        if concerned:
            # two troopers with the same loadout: their ids (as in the list file) tell them apart
            concerned = [f"{label} [{uid}]" if concerned.count(label) > 1 else label
                         for label, uid in zip(concerned, violation.troopers, strict=True)]
            lines.append("      " + tr("troopers: {names}", names=", ".join(concerned)))
    for note in report.notes:
        lines.append(f"  · {note}")
    lines.append("  " + (tr("LEGAL") if item.legal else tr("NOT LEGAL")))
    return "\n".join(lines)
