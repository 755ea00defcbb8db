"""The GUI test harness: offscreen, isolated settings and user paths, fails on Qt warnings.

Every test in tests/gui is marked `gui`. Windows are built with injected, throwaway settings and
a catalog of synthetic or seed data; the unsaved-changes question answers "Discard" unless a
test asks otherwise, so closing a window at teardown never waits for a click.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from guihelpers import SYNTHETIC, make_window
from PySide6.QtCore import QSettings, QStandardPaths, QtMsgType
from PySide6.QtWidgets import QApplication

from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.gui.app import OFFSCREEN_NOISE
from armybuilder.paths import bundled_profiles_dir

HERE = Path(__file__).resolve().parent

# Messages the offscreen platform prints for things it cannot do; they say nothing about our code.
BENIGN_QT_MESSAGES = OFFSCREEN_NOISE


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)


@pytest.fixture(scope="session", autouse=True)
def _qt_test_mode(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Standard paths and native settings point into a temporary folder for the whole run."""
    QStandardPaths.setTestModeEnabled(True)
    folder = tmp_path_factory.mktemp("qsettings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.SystemScope, str(folder))
    qapp.setOrganizationName("armybuilder-tests")
    qapp.setApplicationName("armybuilder-tests")


@pytest.fixture(autouse=True)
def _fail_on_qt_warnings(qtlog) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    bad = [r for r in qtlog.records
           if r.type in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
           and not any(r.message.startswith(m) for m in BENIGN_QT_MESSAGES)]
    if bad:
        pytest.fail("Qt warnings:\n" + "\n".join(f"{r.type_name}: {r.message}" for r in bad))


@pytest.fixture
def synthetic_catalog() -> Catalog:
    """The rules packs and the synthetic test army (id 950); fresh per test (it caches armies)."""
    return Catalog.from_paths([bundled_profiles_dir() / "packs", SYNTHETIC])


@pytest.fixture(scope="module")
def official_catalog(imported_data: Any) -> Catalog:
    """The bundled profiles with the official armies imported from ../shared (tests marked `shared`)."""
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    assert attach_imported(catalog, Path(imported_data.data_dir)) is not None
    return catalog


@pytest.fixture
def official_window(qtbot, official_catalog: Catalog, app_settings):  # type: ignore[no-untyped-def]
    """A main window over the official armies, shown offscreen."""
    return make_window(qtbot, official_catalog, app_settings)


@pytest.fixture
def app_settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    from armybuilder.gui.settings_store import SettingsStore

    return SettingsStore(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def window(qtbot, synthetic_catalog: Catalog, app_settings):  # type: ignore[no-untyped-def]
    """A main window over the synthetic army, shown offscreen."""
    return make_window(qtbot, synthetic_catalog, app_settings)
