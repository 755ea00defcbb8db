"""Where things live: the bundled profiles, resources and the user's data directory."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "armybuilder"
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def _installed_share(name: str) -> Path:
    return Path(sys.prefix) / "share" / APP_NAME / name


def bundled_profiles_dir() -> Path:
    """The bundled YAML databases and packs (`profiles/`); ARMYBUILDER_PROFILES overrides it."""
    override = os.environ.get("ARMYBUILDER_PROFILES")
    if override:
        return Path(override)
    source = _SOURCE_ROOT / "profiles"
    return source if source.is_dir() else _installed_share("profiles")


def resources_dir() -> Path:
    """Icons, fonts and translations (`resources/`)."""
    source = _SOURCE_ROOT / "resources"
    return source if source.is_dir() else _installed_share("resources")


def user_data_dir() -> Path:
    """Per-user data (imported official data, autosaves); ARMYBUILDER_HOME overrides it."""
    override = os.environ.get("ARMYBUILDER_HOME")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def imported_data_dir() -> Path:
    """The cache of converted official Infinity Army data."""
    return user_data_dir() / "imported"
