"""Shared fixtures: isolated user paths, the ../shared reference folder, the bundled catalog."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OFFICIAL_DATA = SHARED / "infinity-army" / "n5"
SEEDS = SHARED / "seeds"

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HYPOTHESIS_PROFILES = {"ci": 300, "dev": 40}
"""Examples per property test: `ci` (.ci/run sets HYPOTHESIS_PROFILE=ci) tries them all, `dev` (the
default: `make test` on a workstation) a quick, deterministic sample of the same properties."""
for _name, _examples in HYPOTHESIS_PROFILES.items():
    settings.register_profile(_name, max_examples=_examples, deadline=None, derandomize=True,
                              suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own user data directory and English messages."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("ARMYBUILDER_HOME", str(home))
    monkeypatch.setenv("ARMYBUILDER_LANG", "en")
    from armybuilder.i18n import set_language

    set_language("en")
    return home


@pytest.fixture(scope="session")
def official_data() -> Path:
    """The official Infinity Army N5 snapshot in ../shared; skips the test when absent."""
    if not (OFFICIAL_DATA / "army.json").is_file():
        pytest.skip(f"needs the official data at {OFFICIAL_DATA} (../shared is absent)")
    return OFFICIAL_DATA


@pytest.fixture(scope="session")
def seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"needs the seed documents at {SEEDS} (../shared is absent)")
    return SEEDS


@pytest.fixture(scope="session")
def bundled_catalog():  # type: ignore[no-untyped-def]
    from armybuilder.data.catalog import Catalog
    from armybuilder.paths import bundled_profiles_dir

    return Catalog.from_paths([bundled_profiles_dir()])


@pytest.fixture(scope="session")
def imported_data(official_data: Path, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The 56 official armies imported once per session into their own cache folder.

    Returns the import report; `report.data_dir` is the cache (open it with
    `armybuilder.data.cache.ImportedSource.open(report.data_dir)` or pass it as `--data`).
    Treat the folder as read-only: copy it to change it.
    """
    from armybuilder.data.importer import import_folder

    return import_folder(official_data, tmp_path_factory.mktemp("imported-official"))


@pytest.fixture(scope="session")
def imported_source(imported_data):  # type: ignore[no-untyped-def]
    """An ImportedSource over the session's imported official data (armies load lazily)."""
    from armybuilder.data.cache import ImportedSource

    source = ImportedSource.open(imported_data.data_dir)
    assert source is not None
    return source
