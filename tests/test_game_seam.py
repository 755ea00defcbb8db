"""The seam between games: each game is its own package, neither imports the other, and a tiny third
game registered only here works through the shared command line without any change outside it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tinygame.game import ENTRY

from armybuilder.cli import main
from armybuilder.games import BUILTIN, GameRegistry

PACKAGE = Path(__file__).resolve().parent.parent / "armybuilder"
SHARED = {"armybuilder", "armybuilder.i18n", "armybuilder.paths", "armybuilder.games", "armybuilder.data",
          "armybuilder.data.problems", "armybuilder.data.yamlio", "armybuilder.data.fileio", "armybuilder.export",
          "armybuilder.export.fonts", "armybuilder.export.frame"}
"""What the point-buy game's core may load besides itself: the shared i18n, file helpers, print-out frame and
fonts, and the registry (docs/games.md)."""


def test_the_point_buy_core_loads_nothing_of_infinity() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import armybuilder.pointbuy as pkg\n"
        "for info in pkgutil.walk_packages(pkg.__path__, 'armybuilder.pointbuy.'):\n"
        "    if '.gui' not in info.name:\n"
        "        importlib.import_module(info.name)\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith(('armybuilder', 'PySide6')))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(result.stdout.strip().split(","))
    assert not any(m.startswith("PySide6") for m in loaded), "the point-buy core must not load Qt"
    foreign = sorted(m for m in loaded if not m.startswith("armybuilder.pointbuy") and m not in SHARED)
    assert not foreign, f"the point-buy game loaded {foreign}"


GUI_SHARED = {"armybuilder.gui", "armybuilder.gui.fonts", "armybuilder.gui.icons", "armybuilder.gui.language",
              "armybuilder.gui.models", "armybuilder.gui.snapshots", "armybuilder.gui.widgets",
              "armybuilder.gui.widgets.problems", "armybuilder.gui.autosave", "armybuilder.gui.recent",
              "armybuilder.gui.settings_store", "armybuilder.gui.tasks", "armybuilder.gui.gamewindow",
              "armybuilder.gui.widgets.quiet"}
"""The app's game-neutral GUI pieces the point-buy window uses: the problems panel, snapshot undo, the
autosave, the shared recent files and what a game window gets from the app (docs/games.md)."""


def test_the_point_buy_window_loads_nothing_of_infinity() -> None:
    code = ("import sys\nimport armybuilder.pointbuy.gui.window\n"
            "print(','.join(sorted(m for m in sys.modules if m.startswith('armybuilder'))))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    loaded = set(result.stdout.strip().split(","))
    foreign = sorted(m for m in loaded if not m.startswith("armybuilder.pointbuy") and m not in SHARED | GUI_SHARED)
    assert not foreign, f"the point-buy window loaded {foreign}"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_module_outside_the_point_buy_package_imports_it() -> None:
    offenders = [str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")
                 if "pointbuy" not in path.parts and any(m.startswith("armybuilder.pointbuy") for m in _imports(path))]
    assert offenders == [], "only armybuilder/games.py names the point-buy game, as a string"


def test_the_registry_names_every_game_once() -> None:
    assert [e.id for e in BUILTIN] == ["infinity", "pointbuy"]
    prefixes = [p for e in BUILTIN for p in e.format_prefixes]
    assert len(prefixes) == len(set(prefixes))


@pytest.fixture
def registry() -> GameRegistry:
    return GameRegistry((*BUILTIN, ENTRY))


def test_a_third_game_validates_through_the_shared_cli(tmp_path: Path, registry: GameRegistry,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    fits = tmp_path / "fits.yaml"
    fits.write_text("format: tinygame-list/1\npoints: 10\nmodels: [3, 4]\n", encoding="utf-8")
    over = tmp_path / "over.yaml"
    over.write_text("format: tinygame-list/1\npoints: 5\nmodels: [3, 4]\n", encoding="utf-8")
    assert main(["validate", str(fits)], games=registry) == 0
    assert "fits.yaml: 7/10 points LEGAL" in capsys.readouterr().out
    assert main(["validate", "--json", str(fits), str(over)], games=registry) == 1
    data = json.loads(capsys.readouterr().out)
    assert [item["game"] for item in data["lists"]] == ["tiny", "tiny"] and data["summary"]["illegal"] == 1


def test_a_third_game_checks_its_profiles_and_infinity_leaves_them_alone(
        tmp_path: Path, registry: GameRegistry, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "models.yaml").write_text("format: tinygame-models/1\n", encoding="utf-8")
    assert main(["profiles", "check", str(tmp_path)], games=registry) == 0
    out = capsys.readouterr().out
    assert "Tiny game: 1 model files" in out and "unknown or missing format" not in out
    assert main(["profiles", "list", str(tmp_path)], games=registry) == 0
    out = capsys.readouterr().out
    assert "tiny  models.yaml" in out and "unknown or missing format" not in out
    assert main(["profiles", "schema", "--game", "tiny"], games=registry) == 0
    assert json.loads(capsys.readouterr().out) == {"title": "tiny"}


def test_without_the_third_game_its_files_are_unknown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "models.yaml").write_text("format: tinygame-models/1\n", encoding="utf-8")
    assert main(["profiles", "check", str(tmp_path)]) == 1
    assert "unknown or missing format 'tinygame-models/1'" in capsys.readouterr().out
