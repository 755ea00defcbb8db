"""Every user-facing string passed to tr() has a Spanish translation, with the same placeholders."""

from __future__ import annotations

import ast
import functools
import re
import string
from pathlib import Path

from armybuilder.i18n import (
    Message,
    _catalog,
    _plural_catalog,
    language_override,
    lazy_tr,
    lazy_trn,
    reload_catalogs,
    set_language,
    tr,
    trn,
)

PACKAGE = Path(__file__).resolve().parent.parent / "armybuilder"
SINGLE = ("tr", "N_", "lazy_tr")
PLURAL = ("trn", "lazy_trn")


@functools.cache
def _package_calls() -> tuple[tuple[str, ast.Call, str], ...]:
    """(function name, call, 'file:line') of every call of a translation function in the package, in file
    order; parsed once per test process, as several tests read them."""
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (*SINGLE, *PLURAL):
                calls.append((node.func.id, node, f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"))
    return tuple(calls)


def _calls(names: tuple[str, ...], count: int) -> dict[str, tuple[tuple[str, ...], str]]:
    """key (with 'context|' prefix when given) -> (the first `count` string arguments, 'file:line')."""
    found: dict[str, tuple[tuple[str, ...], str]] = {}
    for name, node, where in _package_calls():
        if name not in names:
            continue
        texts = [a.value for a in node.args[:count] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if len(texts) != count:
            continue
        context = next((k.value.value for k in node.keywords
                        if k.arg == "context" and isinstance(k.value, ast.Constant)), None)
        key = f"{context}|{texts[0]}" if context else texts[0]  # type: ignore[str-bytes-safe]
        found.setdefault(key, (tuple(texts), where))
    return found


def translatable_strings() -> dict[str, str]:
    """msgid (with 'context|' prefix when given) -> 'file:line' of its first use."""
    return {key: where for key, (_, where) in _calls(SINGLE, 1).items()}


def plural_strings() -> dict[str, tuple[tuple[str, ...], str]]:
    """singular msgid (with 'context|' prefix) -> ((singular, plural), 'file:line') of trn/lazy_trn calls."""
    return _calls(PLURAL, 2)


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


def test_every_counted_message_has_both_spanish_forms_with_the_same_placeholders() -> None:
    reload_catalogs()
    plurals = _plural_catalog("es")
    problems = []
    for key, (english, where) in plural_strings().items():
        forms = plurals.get(key) or plurals.get(key.split("|", 1)[-1])
        if forms is None:
            problems.append(f"{where}: {key!r} has no Spanish forms (a list [one, other] in the catalog)")
        elif len(forms) != 2:
            problems.append(f"{where}: {key!r} needs 2 Spanish forms [one, other], has {len(forms)}")
        else:
            problems.extend(f"{where}: {key!r}: the Spanish {name} form {form!r} has other placeholders than "
                            f"{text!r}" for name, form, text in zip(("one", "other"), forms, english, strict=True)
                            if fields(form) != fields(text))
    assert not problems, "\n".join(problems)


def test_plural_entries_are_lists_and_plain_entries_are_text() -> None:
    """A key is either a plural entry (trn) or a plain one (tr), never both: one would hide the other."""
    reload_catalogs()
    both = set(_catalog("es")) & set(_plural_catalog("es"))
    assert not both, f"keys used both ways: {both}"
    plain_used = set(translatable_strings())
    plural_used = set(plural_strings())
    assert not (plain_used & plural_used), f"tr() and trn() share keys: {plain_used & plural_used}"


def test_trn_picks_the_form_for_the_count() -> None:
    reload_catalogs()
    assert trn("{n} list", "{n} lists", 1) == "1 list"
    assert trn("{n} list", "{n} lists", 0) == "0 lists"
    with language_override("es"):
        assert trn("{n} list", "{n} lists", 1) == "1 lista"
        assert trn("{n} list", "{n} lists", 3) == "3 listas"
        assert trn("{n} legal", "{n} legal", 2) == "2 legales"
        # a message missing from the catalog falls back to the English forms
        assert trn("{n} zorblax", "{n} zorblaxes", 2) == "2 zorblaxes"


def test_lazy_messages_translate_when_shown_and_store_language_neutral() -> None:
    import json

    reload_catalogs()
    inner = lazy_tr("points {value} are negative; option skipped", value=-5)
    message = lazy_trn("{n} list", "{n} lists", 2)
    with language_override("es"):
        made_in_spanish = lazy_tr("{message} (unit skipped)", message=inner)
    stored = json.loads(json.dumps(made_in_spanish.to_json()))
    read = Message.from_json(stored)
    assert read == made_in_spanish
    assert str(read) == "points -5 are negative; option skipped (unit skipped)"
    assert read.english() == str(read)
    with language_override("es"):
        assert str(read) == "los puntos -5 son negativos; opción omitida (unidad omitida)"
        assert str(Message.from_json(message.to_json())) == "2 listas"
        assert read.english() == "points -5 are negative; option skipped (unit skipped)"


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


HEDGED_PLURAL = re.compile(r"\w\((s|es|as|os)\)", re.IGNORECASE)
"""'fireteam(s)', 'Fireteam(s)', 'tropa(s)': a count hedged instead of said (http(s) is a scheme, not a count)."""


def test_no_message_hedges_a_count_with_a_plural_in_brackets() -> None:
    """A count reads in the singular or the plural (`trn`/`lazy_trn` pick the form): no "(s)" in any English
    message nor in its Spanish translation."""
    reload_catalogs()
    plain = _catalog("es")
    spanish = [*plain.values(), *(form for forms in _plural_catalog("es").values() for form in forms)]
    english = [*translatable_strings(), *(text for texts, _ in plural_strings().values() for text in texts)]
    hedged = [text for text in (*english, *spanish) if HEDGED_PLURAL.search(text.replace("http(s)", "http"))]
    assert not hedged, "say the count in the singular or the plural (trn):\n" + "\n".join(hedged)
