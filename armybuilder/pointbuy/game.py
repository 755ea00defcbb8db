"""The point-buy game's entry in the game registry: what the shared command line asks of it.

`profiles check` hands it the paths to find its design databases in; `validate` hands it each of its
list files (see armybuilder/games.py). Qt-free.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armybuilder.data.fileio import atomic_write_bytes, atomic_write_text
from armybuilder.data.problems import DataError
from armybuilder.games import ExportRequest, ProfileCheck, ProfileListing, Verdict, yaml_files
from armybuilder.i18n import tr, trn
from armybuilder.pointbuy.costing import cost_of
from armybuilder.pointbuy.engine import ArmyReport, validate
from armybuilder.pointbuy.files import DESIGNS_FORMAT, DesignSet, load_designs, load_list, schema, sniff
from armybuilder.pointbuy.organization import unit_label
from armybuilder.pointbuy.printout import PrintSettings, pdf_printout, text_printout

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


def models_label(report: ArmyReport, uid: str) -> str:
    """'Squad 1: 5 × Trooper', 'independent character: Gun' — what a problem's model uid means."""
    army = report.army
    found = army.entry(uid)
    if found is None:
        unit = army.unit(uid)
        return str(unit_label(unit, army)) if unit is not None else uid
    unit, models = found
    design = army.design(models.design)
    name = design.name if design is not None else models.design
    if unit is None:
        return tr("independent character: {name}", name=name)
    return f"{unit_label(unit, army)}: {models.count} × {name}"


def report_text(report: ArmyReport, label: str) -> str:
    """The `validate` text of one army: totals, units, each design's cost breakdown, every problem."""
    army, totals = report.army, report.totals
    lines = [f"{army.name or label} — {tr('Point-buy wargame')}"]
    grid = " " + tr("(+1 Grid)") if totals.grids else ""
    lines.append("  " + tr("{points}/{limit} points · {units}/{allowed} units{grid} · {characters}/{most} independent "
                           "characters · {models} models", points=totals.points, limit=totals.points_limit,
                           units=totals.units, allowed=totals.units_allowed, grid=grid,
                           characters=totals.characters, most=totals.characters_allowed, models=totals.models))
    for unit in army.units:
        lines.append("  " + tr("{unit}: {count} models, {points} points", unit=str(unit_label(unit, army)),
                               count=unit.size, points=report.unit_points(unit)))
    for character in army.characters:
        lines.append("  " + models_label(report, character.uid) + f" ({report.model_cost(character.design)})")
    used = {m.design for _, m in army.entries()}
    for design_id, priced in report.priced.items():
        if design_id in used:
            lines.append("  " + tr("{design}: {breakdown}", design=priced.design.name,
                                   breakdown=priced.cost.breakdown()))
    for problem in report.problems:
        mark = "✗" if problem.is_error else "!"
        lines.append(f"  {mark} [{problem.code}] {problem.message}")
        if problem.subjects:
            lines.append("      " + tr("models: {names}", names="; ".join(models_label(report, uid)
                                                                          for uid in problem.subjects)))
    lines.append("  " + (tr("LEGAL") if report.legal else tr("NOT LEGAL")))
    return "\n".join(lines)


class PointBuyGame:
    """The registry's view of the point-buy game."""

    id = "pointbuy"

    def schema(self) -> dict[str, Any]:
        return schema()

    @staticmethod
    def _design_sets(paths: Sequence[Path]) -> list[DesignSet]:
        return [load_designs(path) for path in yaml_files(paths) if sniff(path) == DESIGNS_FORMAT]

    def check_profiles(self, paths: Sequence[Path]) -> ProfileCheck:
        sets = self._design_sets(paths)
        problems = tuple(p for s in sets for p in s.problems)
        errors = sum(1 for p in problems if p.severity == "error")
        summary = (tr("Point-buy wargame") + ": " + trn("{n} design database", "{n} design databases", len(sets))
                   + ", " + trn("{n} design", "{n} designs", sum(len(s.designs) for s in sets)) + "; "
                   + trn("{n} error", "{n} errors", errors) + ", "
                   + trn("{n} warning", "{n} warnings", len(problems) - errors))
        return ProfileCheck(len(sets), problems, summary)

    def list_profiles(self, paths: Sequence[Path]) -> ProfileListing:
        """A line a design database: 'designs  Swamp Host  8 designs, 10–45 points  (…/swamp-host.yaml)'."""
        sets = self._design_sets(paths)
        lines = []
        for found in sets:
            costs = sorted(cost_of(design).total for design in found.designs)
            held = trn("{n} design", "{n} designs", len(costs))
            if costs:
                held += ", " + (tr("{cost} points", cost=costs[0]) if costs[0] == costs[-1]
                                else tr("{low}–{high} points", low=costs[0], high=costs[-1]))
            name = found.name or tr("(unreadable)")
            lines.append(tr("designs", context="pointbuy listing") + f"  {name}  {held}  ({found.path})")
        return ProfileListing(tuple(lines), tuple(p for found in sets for p in found.problems))

    def validate_file(self, path: Path, points: int | None = None) -> Verdict:
        try:
            loaded = load_list(path)
        except DataError as exc:
            return Verdict(str(path), False, {"file": str(path), "legal": False, "error": str(exc)},
                           tr("{file}: UNREADABLE — {reason}", file=str(path), reason=str(exc)), str(exc))
        army = loaded.army if points is None else loaded.army.with_settings(points=points)
        report = validate(army)
        data = report.to_json()
        data["file"] = str(path)
        data["violations"] += [{"code": "data.changed", "severity": p.severity, "message": p.message,
                                "models": [], "source": "docs/pointbuy.md"} for p in loaded.problems]
        text = report_text(report, str(path))
        if loaded.problems:
            text += "\n" + "\n".join(f"  ! [data.changed] {p.message}" for p in loaded.problems)
        return Verdict(str(path), report.legal, data, text)


    def export_file(self, path: Path, request: ExportRequest) -> int:
        """The army list (there is nothing to hide from the opponent: a full and a courtesy list are the
        same list) as PDF and text; an illegal list only with `allow_illegal`, marked NOT LEGAL."""
        try:
            loaded = load_list(path)
        except DataError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_UNREADABLE
        for changed in loaded.problems:
            print(str(changed), file=sys.stderr)
        report = validate(loaded.army)
        if not report.legal and not request.allow_illegal:
            print(tr("{name}: NOT LEGAL — not exported:", name=loaded.army.name or str(path)), file=sys.stderr)
            for problem in report.errors:
                print(f"  ✗ [{problem.code}] {problem.message}", file=sys.stderr)
            print(tr("Fix the list, or add --allow-illegal to print it marked NOT LEGAL."), file=sys.stderr)
            return EXIT_ILLEGAL
        settings = PrintSettings(language=request.language, paper=request.paper, date=request.date,
                                 reproducible=request.date is not None)
        try:
            for pdf in request.pdfs:
                atomic_write_bytes(pdf, pdf_printout(loaded.army, settings))
            for text in request.texts:
                atomic_write_text(text, text_printout(loaded.army, settings))
        except OSError as exc:
            print(tr("cannot write {file}: {reason}", file=exc.filename or "", reason=exc.strerror or exc),
                  file=sys.stderr)
            return EXIT_UNREADABLE
        return EXIT_OK


GAME = PointBuyGame()
