"""Translation of user-facing text: English message ids, Spanish catalog in resources/i18n/.

`tr("Points")` returns the text in the current language; placeholders are filled with
`tr("{used} of {limit} points", used=300, limit=300)`. A `context` separates equal English words
with different translations (`tr("W", context="stat")` → "H"). The GUI, the CLI, the rules
engine and the print-outs share this one catalog, so a test can check that it is complete.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from armybuilder.paths import resources_dir

LANGUAGES = {"en": "English", "es": "Español"}
_state = {"language": "en"}


def catalog_dir(language: str) -> Path:
    """resources/i18n/<language>/: one YAML file per area (core, rules, gui…), merged."""
    return resources_dir() / "i18n" / language


@cache
def _catalog(language: str) -> dict[str, str]:
    if language == "en":
        return {}
    table: dict[str, str] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(catalog_dir(language).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(data, dict):
            table.update({str(k): str(v) for k, v in data.items() if v is not None})
    return table


def set_language(language: str) -> None:
    """Switch the language of every later `tr` call ('en' or 'es'; unknown falls back to 'en')."""
    _state["language"] = language if language in LANGUAGES else "en"


def language() -> str:
    return _state["language"]


def default_language() -> str:
    """ARMYBUILDER_LANG, else the system locale if it is Spanish, else English."""
    wanted = os.environ.get("ARMYBUILDER_LANG") or ""
    if wanted in LANGUAGES:
        return wanted
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


def tr(text: str, /, context: str | None = None, **fields: Any) -> str:
    """Translate `text` into the current language and fill in its {placeholders}."""
    table = _catalog(_state["language"])
    key = f"{context}|{text}" if context else text
    translated = table.get(key) or table.get(text) or text
    if fields:
        try:
            return translated.format(**fields)
        except (KeyError, IndexError, ValueError):
            return text.format(**fields)
    return translated


def N_(text: str) -> str:
    """Mark a message for translation where it is defined; `tr()` translates it where it is used."""
    return text


def reload_catalogs() -> None:
    """Forget loaded catalogs (for tests that edit them)."""
    _catalog.cache_clear()
