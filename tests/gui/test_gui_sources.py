"""Violation tooltips name the rules a player can look up, never the builder's design notes."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_gui_window import LINE, add, start_list

from armybuilder.data.catalog import Catalog
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.violations import Role as ViolationRole
from armybuilder.gui.sources import rule_source
from armybuilder.i18n import set_language

RULES = Path(__file__).resolve().parents[2] / "armybuilder" / "rules"


def sources_in_the_rules() -> set[str]:
    """Every 'RULES.md …' literal the rules engine attaches to a violation (f-strings: their text)."""
    found = set()
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("RULES.md §"):
                found.add(node.value)
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value if isinstance(v, ast.Constant) else "(Ironclad)" for v in node.values)
                if text.startswith("RULES.md §"):
                    found.add(text)
    return found


def test_every_source_the_rules_give_reads_as_a_rules_reference(synthetic_catalog: Catalog) -> None:
    edition, season = synthetic_catalog.packs["n5"], synthetic_catalog.packs["its-s9"]
    sources = sources_in_the_rules()
    assert len(sources) >= 10
    for language in ("en", "es"):
        set_language(language)
        try:
            for source in sources:
                shown = rule_source(source, edition, season)  # type: ignore[arg-type]
                assert "RULES.md" not in shown and "§" not in shown, (source, shown)
        finally:
            set_language("en")
    assert rule_source("RULES.md §2.6", edition) == "Infinity N5 rules: Army List — Availability (AVA)"  # type: ignore[arg-type]
    assert rule_source("RULES.md §3 (Soldiers of Fortune)", edition, season) == "ITS Season 9: Soldiers of Fortune"  # type: ignore[arg-type]
    assert rule_source("RULES.md §2.9, §4", edition) == "Infinity Reinforcements; Infinity N5 rules: Fireteams"  # type: ignore[arg-type]
    assert rule_source("RULES.md §4 [N3]", edition) == "Infinity N3 rules: Fireteams"  # type: ignore[arg-type]
    assert rule_source("RULES.md §3 (CBL)", edition, season) == "ITS Season 9: Closed Battle Lists"  # type: ignore[arg-type]
    assert rule_source("seed 001, page 3") == "seed 001, page 3"
    set_language("es")
    try:
        assert rule_source("RULES.md §3 (Soldiers of Fortune)", edition, season) == \
            "ITS Temporada 9: Soldados de Fortuna"  # type: ignore[arg-type]
        assert rule_source("RULES.md §3 (Escalation)", edition, season) == \
            f"ITS Temporada 9: {season.extra('escalation').name_es}"  # type: ignore[arg-type,union-attr]
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
