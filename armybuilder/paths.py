"""Where things live: the bundled profiles, resources and docs (package data), and the user's folders."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

APP_NAME = "armybuilder"
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


@cache
def package_data(name: str) -> Path:
    """The folder of the data package `armybuilder.<name>` (profiles, resources, docs).

    The top-level folders `profiles/`, `resources/` and `docs/` of the source tree are installed as the
    packages `armybuilder.profiles`, `armybuilder.resources` and `armybuilder.docs` (see pyproject.toml and
    setup.py), so importlib.resources finds them wherever the package is: a wheel installed into a venv or
    with --user, an editable install, a frozen bundle. A checkout run without installing falls back to the
    folder itself."""
    from importlib import resources

    try:
        found = resources.files(f"{APP_NAME}.{name}")
    except ModuleNotFoundError:
        return _SOURCE_ROOT / name
    return found if isinstance(found, Path) else Path(str(found))


def bundled_profiles_dir() -> Path:
    """The bundled YAML databases and packs (`profiles/`); ARMYBUILDER_PROFILES overrides it."""
    override = os.environ.get("ARMYBUILDER_PROFILES")
    if override:
        return Path(override)
    return package_data("profiles")


def user_profiles_dir() -> Path:
    """The player's own profile databases and rules packs (a new season's YAML file, docs/seasons.md):
    `<user data>/profiles`, read beside the bundled ones by the app and by every command."""
    return user_data_dir() / "profiles"


def profile_dirs() -> list[Path]:
    """Where the app and the commands read profile databases and packs: the bundled folder, then the
    player's own (`user_profiles_dir`) when it exists (a pack there with a bundled pack's id is reported, not used)."""
    own = user_profiles_dir()
    return [bundled_profiles_dir(), *([own] if own.is_dir() else [])]


def resources_dir() -> Path:
    """Icons, fonts, translations and desktop files (`resources/`)."""
    return package_data("resources")


def docs_dir() -> Path:
    """The user documentation (`docs/*.md`), shown by the app's Help."""
    return package_data("docs")


def user_data_dir() -> Path:
    """Per-user data (imported official data, autosaves); ARMYBUILDER_HOME overrides it."""
    override = os.environ.get("ARMYBUILDER_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_log_dir() -> Path:
    """Where the log file goes; under ARMYBUILDER_HOME when that is set (tests, portable use)."""
    override = os.environ.get("ARMYBUILDER_HOME")
    if override:
        return Path(override) / "logs"
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def imported_data_dir() -> Path:
    """The cache of converted official Infinity Army data."""
    return user_data_dir() / "imported"
