"""Validating a point-buy army: every design priced once, every limit checked, every problem kept.

`validate(army)` is a pure function of the list. Its `ArmyReport` has the totals the app shows,
each design's cost with its breakdown and its own limits, and the problems of the whole army:
those of the designs it fields (pointing at their models) and those of ORGANIZATION.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from armybuilder.i18n import Message, lazy_tr
from armybuilder.pointbuy.army import PointBuyList, Unit
from armybuilder.pointbuy.costing import Costing, cost_of
from armybuilder.pointbuy.derived import StatLine, stat_line
from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.limits import DesignProblem, design_problems
from armybuilder.pointbuy.organization import (
    RULES,
    Judged,
    Problem,
    characters_allowed,
    counted_units,
    units_allowed,
)


@dataclass(frozen=True)
class Priced:
    """A design with what follows from it: cost, stat line and the limits it breaks."""

    design: Design
    cost: Costing
    stats: StatLine
    problems: tuple[DesignProblem, ...]

    @property
    def legal(self) -> bool:
        return not any(p.is_error for p in self.problems)


def price(design: Design) -> Priced:
    """Everything the designer shows about a design (recomputed on every change)."""
    return Priced(design, cost_of(design), stat_line(design), tuple(design_problems(design)))


@dataclass(frozen=True)
class ArmyTotals:
    points: int
    points_limit: int
    units: int
    """Units counted against the allowance (one Grid is on top of it)."""
    units_allowed: int
    grids: int
    characters: int
    characters_allowed: int
    models: int

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "points_limit": self.points_limit, "units": self.units,
                "units_allowed": self.units_allowed, "grids": self.grids, "characters": self.characters,
                "characters_allowed": self.characters_allowed, "models": self.models}


@dataclass(frozen=True)
class ArmyReport:
    """The result of validating an army: totals, each design priced, every problem."""

    army: PointBuyList
    priced: Mapping[str, Priced]
    totals: ArmyTotals
    problems: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        return not any(p.is_error for p in self.problems)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.is_error)

    def codes(self) -> list[str]:
        return [p.code for p in self.problems]

    def unit_points(self, unit: Unit) -> int:
        return sum(self.priced[m.design].cost.total * m.count for m in unit.models if m.design in self.priced)

    def model_cost(self, design_id: str) -> int | None:
        found = self.priced.get(design_id)
        return found.cost.total if found is not None else None

    def to_json(self) -> dict[str, Any]:
        """The report as `validate --json` prints it: totals, units, each design's cost breakdown, problems."""
        army = self.army
        used = {m.design for _, m in army.entries()}

        def entry(models: Any) -> dict[str, Any]:
            cost = self.model_cost(models.design)
            return {"uid": models.uid, "design": models.design, "count": models.count, "bonus": models.bonus,
                    "cost_each": cost, "points": cost * models.count if cost is not None else None}

        return {
            "game": "pointbuy",
            "legal": self.legal,
            "name": army.name,
            "ability": army.ability,
            "totals": self.totals.to_json(),
            "units": [{"uid": u.uid, "type": u.type, "name": u.name, "models": u.size, "points": self.unit_points(u),
                       "entries": [entry(m) for m in u.models]} for u in army.units],
            "characters": [entry(c) for c in army.characters],
            "designs": [_design_json(p, p.design.id in used) for p in self.priced.values()],
            "violations": [_problem_json(p) for p in self.problems],
        }


def _design_json(priced: Priced, fielded: bool) -> dict[str, Any]:
    cost = priced.cost
    return {
        "id": priced.design.id, "name": priced.design.name, "fielded": fielded, "cost": cost.total,
        "breakdown": cost.breakdown(),
        "steps": [{"points": a.points, "for": str(a.label)} for a in cost.additions],
        "factors": [{"factor": str(f.factor), "for": str(f.label)} for f in cost.factors],
        "subtotal": cost.subtotal, "factor": str(cost.factor), "capped": cost.capped, "floored": cost.floored,
        "conditional_specials": list(priced.stats.conditionals),
        "problems": [{"code": p.code, "severity": p.severity, "field": p.field, "message": str(p.message),
                      "source": p.source} for p in priced.problems],
    }


def _problem_json(problem: Problem) -> dict[str, Any]:
    return {"code": problem.code, "severity": problem.severity, "message": str(problem.message),
            "models": list(problem.subjects), "source": problem.source}


def _design_problems(army: PointBuyList, priced: Mapping[str, Priced]) -> list[Problem]:
    """The limits broken by the designs the army fields, pointing at their models; a model with a free
    special from its unit is checked with that special too."""
    found: list[Problem] = []
    by_design: dict[str, list[str]] = {}
    bonus_entries = []
    for _, models in army.entries():
        if models.design not in priced:
            found.append(Problem("model.design.missing", "error", lazy_tr(
                "Models {uid} are of design {design}, which the list does not have.", uid=models.uid,
                design=models.design), "CREATING A MODEL", (models.uid,)))
            continue
        by_design.setdefault(models.design, []).append(models.uid)
        if models.bonus:
            bonus_entries.append(models)
    for design_id, uids in by_design.items():
        item = priced[design_id]
        for problem in item.problems:
            found.append(_fielded(problem, item.design, tuple(uids)))
    for models in bonus_entries:
        item = priced[models.design]
        known = {(p.code, p.message) for p in item.problems}  # messages compare as data: nothing is worded
        for problem in design_problems(item.design, (models.bonus,) if models.bonus else ()):
            if (problem.code, problem.message) not in known:
                found.append(_fielded(problem, item.design, (models.uid,)))
    return found


def _fielded(problem: DesignProblem, design: Design, uids: tuple[str, ...]) -> Problem:
    message: Message = lazy_tr("{design}: {problem}", design=design.name, problem=problem.message)
    return Problem(problem.code, problem.severity, message, problem.source, uids)


def validate(army: PointBuyList) -> ArmyReport:
    """Validate an army list (a pure function of the list)."""
    priced = {design.id: price(design) for design in army.designs}
    judged = Judged(army, {k: v.design for k, v in priced.items()}, {k: v.cost for k, v in priced.items()})
    problems = _design_problems(army, priced)
    for rule in RULES:
        problems.extend(rule(judged))
    problems.sort(key=lambda p: not p.is_error)
    totals = ArmyTotals(
        points=judged.points, points_limit=army.points, units=counted_units(army),
        units_allowed=units_allowed(army.points), grids=sum(1 for u in army.units if u.type == "grid"),
        characters=len(army.characters), characters_allowed=characters_allowed(army.points),
        models=army.model_count)
    return ArmyReport(army, priced, totals, tuple(problems))
