"""Every user-facing string passed to tr() has a Spanish translation, with the same placeholders."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from armybuilder.i18n import _catalog, reload_catalogs, set_language, tr

PACKAGE = Path(__file__).resolve().parent.parent / "armybuilder"


def translatable_strings() -> dict[str, str]:
    """msgid (with 'context|' prefix when given) -> 'file:line' of its first use."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("tr", "N_")):
                continue
            if not node.args or not isinstance(node.args[0], ast.Constant) or not isinstance(node.args[0].value, str):
                continue
            context = next((k.value.value for k in node.keywords
                            if k.arg == "context" and isinstance(k.value, ast.Constant)), None)
            key = f"{context}|{node.args[0].value}" if context else node.args[0].value
            found.setdefault(key, f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_string_has_a_spanish_translation() -> None:
    reload_catalogs()
    spanish = _catalog("es")
    missing = [f"{where}: {key!r}" for key, where in translatable_strings().items()
               if key not in spanish and key.split("|", 1)[-1] not in spanish]
    assert not missing, "untranslated strings:\n" + "\n".join(missing)


def test_translations_keep_placeholders() -> None:
    reload_catalogs()
    spanish = _catalog("es")
    wrong = [key for key, value in spanish.items() if fields(key.split("|", 1)[-1]) != fields(value)]
    assert not wrong, f"placeholders differ: {wrong}"


def test_spanish_is_used_when_selected() -> None:
    reload_catalogs()
    spanish = _catalog("es")
    if not spanish:
        return
    key, value = next(iter(spanish.items()))
    context, _, text = key.rpartition("|")
    set_language("es")
    try:
        assert tr(text, context=context or None) == value
    finally:
        set_language("en")
    assert re.sub(r"\s+", "", value)


def test_no_message_has_two_spanish_translations() -> None:
    """The catalog is split by area; one English key must not be translated two ways (use context=)."""
    import yaml

    from armybuilder.i18n import catalog_dir

    seen: dict[str, tuple[str, str]] = {}
    clashes = []
    for path in sorted(catalog_dir("es").glob("*.yaml")):
        for key, value in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            if key in seen and seen[key][1] != value:
                clashes.append(f"{key!r}: {seen[key][0]} says {seen[key][1]!r}, {path.name} says {value!r}")
            seen.setdefault(key, (path.name, value))
    assert not clashes, "\n".join(clashes)
