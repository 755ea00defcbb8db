"""The builder gives the browser and the problems room, with a real 15-trooper Winter Force list (the
official data in ../shared), in English and Spanish: at 1440×900 every unit name fits on one or two
lines and four problems are visible; at 1024×700 at least 8 rows of the browser and 2 problems are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from guihelpers import make_window
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QApplication

from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.gui.language import apply_language
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.paths import bundled_profiles_dir
from tools.screenshots import _add, _choose_army

pytestmark = pytest.mark.shared

WINTER_FORCE = (("fusiliers", 0), ("fusiliers", 1), ("fusiliers", 2), ("nokken", 0), ("nokken", 1), ("machinists", 0),
                ("machinists", 1), ("trauma-docs", 0), ("nisses", 0), ("nisses", 1), ("jotums", 0),
                ("armbots-bulleteer", 0), ("oktavia-grimsdottir", 0), ("oktavia-grimsdottir", 0), ("jotums", 1))
"""15 troopers of Svalarheima's Winter Force, with problems to show: SWC and points over, no Lieutenant,
Machinists over their AVA, a character twice."""


@pytest.fixture(scope="module")
def official_catalog(imported_data: Any) -> Catalog:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    assert attach_imported(catalog, Path(imported_data.data_dir)) is not None
    return catalog


def settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def built(qtbot, catalog: Catalog, settings, size: tuple[int, int]) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, catalog, settings)
    window.resize(*size)
    settle()
    _choose_army(window, "Svalarheima's Winter Force", "imported")
    for slug, pick in WINTER_FORCE:
        assert _add(window, slug, pick) is not None, slug
    settle()
    return window


def rows_in_view(view: QAbstractItemView) -> int:
    model = view.model()
    area = view.viewport().rect()
    return sum(1 for row in range(model.rowCount()) if area.contains(view.visualRect(model.index(row, 0))))


@pytest.mark.parametrize("language", ["en", "es"])
def test_wide_window(qtbot, official_catalog: Catalog, app_settings, language: str) -> None:  # type: ignore[no-untyped-def]
    apply_language(language)
    try:
        window = built(qtbot, official_catalog, app_settings, (1440, 900))
        assert not window.columns.compact
        tree = window.browser.tree
        line = QFontMetrics(tree.font()).height()
        proxy = window.browser.proxy
        tall = [proxy.index(r, 0).data() for r in range(proxy.rowCount())
                if tree.visualRect(proxy.index(r, 0)).height() > 2 * line + 10]
        assert not tall, tall  # one or two lines each
        assert window.problems.model.rowCount() >= 4
        assert rows_in_view(window.problems.view) >= 4
    finally:
        apply_language("en")


@pytest.mark.parametrize("language", ["en", "es"])
def test_small_window(qtbot, official_catalog: Catalog, app_settings, language: str) -> None:  # type: ignore[no-untyped-def]
    apply_language(language)
    try:
        window = built(qtbot, official_catalog, app_settings, (1024, 700))
        assert window.columns.compact
        assert rows_in_view(window.browser.tree) >= 8
        assert rows_in_view(window.problems.view) >= 2
        bar = window.list_settings  # the row is too narrow for the rules and the size: their tooltips say them
        for combo in (bar.pack, bar.game_size):
            assert combo.toolTip().startswith(combo.currentText() + "\n") and combo.currentText()
    finally:
        apply_language("en")
