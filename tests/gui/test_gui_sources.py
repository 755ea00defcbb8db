"""Violation tooltips name the rules a player can look up, never the builder's design notes."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_gui_window import LINE, add, start_list

from armybuilder.data.catalog import Catalog
from armybuilder.domain.packs import SeasonPack
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.violations import Role as ViolationRole
from armybuilder.gui.sources import rule_source
from armybuilder.i18n import set_language
from armybuilder.rules import sources

PACKAGE = Path(__file__).resolve().parents[2] / "armybuilder"


def sources_in_the_rules(season: SeasonPack) -> set[str]:
    """Every source the rules engine attaches to a violation: the constants of rules/sources.py, the
    combinations the rules cite and the season's own rules by name."""
    found = {value for name, value in vars(sources).items() if name.isupper() and isinstance(value, str)}
    found |= {sources.cite(sources.REINFORCEMENTS, sources.FIRETEAMS),
              sources.cite(sources.AVA, sources.SOLDIERS_OF_FORTUNE)}
    found |= {sources.season_rule(rule.name) for rule in season.rules}
    return found


def design_notes_cited_in_code() -> list[str]:
    """String literals of the package (docstrings aside) that cite the design notes, a file players never get."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if "RULES.md" not in source:  # nothing to look at more closely
            continue
        tree = ast.parse(source)
        docstrings = {id(node.value) for node in ast.walk(tree)  # module, class, function and attribute docs
                      if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
        found += [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                  and "RULES.md" in node.value]
    return found


def test_violations_cite_the_official_rules_never_the_design_notes() -> None:
    assert design_notes_cited_in_code() == []


def test_every_source_the_rules_give_reads_as_a_rules_reference(synthetic_catalog: Catalog) -> None:
    edition, season = synthetic_catalog.packs["n5"], synthetic_catalog.packs["its-s9"]
    given = sources_in_the_rules(season)  # type: ignore[arg-type]
    assert len(given) >= 10
    for language in ("en", "es"):
        set_language(language)
        try:
            for source in given:
                shown = rule_source(source, edition, season)  # type: ignore[arg-type]
                assert "RULES.md" not in shown and "§" not in shown, (source, shown)
        finally:
            set_language("en")
    assert rule_source(sources.AVA, edition) == "Infinity N5 rules: Army List — Availability (AVA)"  # type: ignore[arg-type]
    assert rule_source(sources.SOLDIERS_OF_FORTUNE, edition, season) == "ITS Season 9: Soldiers of Fortune"  # type: ignore[arg-type]
    both = sources.cite(sources.REINFORCEMENTS, sources.FIRETEAMS)
    assert rule_source(both, edition) == "Infinity Reinforcements; Infinity N5 rules: Fireteams"  # type: ignore[arg-type]
    assert rule_source(sources.FIRETEAMS_N3, edition) == "Infinity N3 rules: Fireteams"  # type: ignore[arg-type]
    assert rule_source(sources.CBL, edition, season) == "ITS Season 9: Closed Battle Lists"  # type: ignore[arg-type]
    assert rule_source("seed 001, page 3") == "seed 001, page 3"
    set_language("es")
    try:
        assert rule_source(sources.SOLDIERS_OF_FORTUNE, edition, season) == (  # type: ignore[arg-type]
            "ITS Temporada 9: Soldados de Fortuna")
        assert rule_source(sources.ESCALATION, edition, season) == (  # type: ignore[arg-type]
            f"ITS Temporada 9: {season.extra('escalation').name_es}")
    finally:
        set_language("en")


def test_violation_tooltips_show_the_rules_reference(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 1)  # no Lieutenant
    model = window.problems.model
    tips = [model.index(r, 0).data(0x3) for r in range(model.rowCount())]
    lieutenant = next(t for t, r in zip(tips, range(model.rowCount()), strict=True)
                      if model.index(r, 0).data(ViolationRole.CODE).startswith("lieutenant"))
    assert re.search(r"Source: Infinity N5 rules: Army List — Lieutenant$", lieutenant.splitlines()[1]), lieutenant
    assert not any("RULES.md" in t for t in tips)
