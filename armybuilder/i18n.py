"""Translation of user-facing text: English message ids, Spanish catalog in resources/i18n/.

`tr("Points")` returns the text in the current language; placeholders are filled with
`tr("{used} of {limit} points", used=300, limit=300)`. A `context` separates equal English words
with different translations (`tr("W", context="stat")` → "H"). The GUI, the CLI, the rules
engine and the print-outs share this one catalog, so a test can check that it is complete.

Counts: `trn("{n} error", "{n} errors", count)` picks the form that fits `count` ({n} is filled
with it). A message that is stored and shown later, perhaps in another language (import issues
kept in the cache), is made with `lazy_tr`/`lazy_trn`: a `Message` that translates itself each
time it is turned into text, and that `to_json`/`Message.from_json` store language-neutral.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from armybuilder.paths import resources_dir

LANGUAGES = {"en": "English", "es": "Español"}
_state = {"language": "en"}
_local = threading.local()
"""A per-thread language that overrides the app's (`language_override`): a print-out rendered in
Spanish on a worker thread must not turn the GUI's own texts Spanish meanwhile."""


def catalog_dir(language: str) -> Path:
    """resources/i18n/<language>/: one YAML file per area (core, rules, gui…), merged."""
    return resources_dir() / "i18n" / language


@cache
def _tables(language: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """(messages, plural messages) of a language. A plural entry's value is a list of its forms,
    in the order of `_plural_form` (Spanish and English: [one, other])."""
    if language == "en":
        return {}, {}
    import yaml  # only when a catalog is needed: English needs none

    table: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(catalog_dir(language).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(data, dict):
            continue
        for key, value in data.items():
            if isinstance(value, list):
                plurals[str(key)] = tuple(str(form) for form in value)
            elif value is not None:
                table[str(key)] = str(value)
    return table, plurals


def _catalog(language: str) -> dict[str, str]:
    """The language's translations of plain messages (English text, or 'context|text' → translation)."""
    return _tables(language)[0]


def _plural_catalog(language: str) -> dict[str, tuple[str, ...]]:
    """The language's plural messages (English singular, or 'context|singular' → forms)."""
    return _tables(language)[1]


def _plural_form(n: float) -> int:
    """Which form fits `n` in English and Spanish: 0 (one) for exactly 1, else 1 (other)."""
    return 0 if n == 1 else 1


def set_language(language: str) -> None:
    """Switch the language of every later `tr` call ('en' or 'es'; unknown falls back to 'en')."""
    _state["language"] = language if language in LANGUAGES else "en"


def language() -> str:
    return getattr(_local, "language", None) or _state["language"]


@contextmanager
def language_override(wanted: str) -> Iterator[None]:
    """Within the block, `tr` on this thread only uses `wanted`; other threads keep the app's language."""
    before = getattr(_local, "language", None)
    _local.language = wanted if wanted in LANGUAGES else "en"
    try:
        yield
    finally:
        _local.language = before


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
    table = _catalog(language())
    key = f"{context}|{text}" if context else text
    translated = table.get(key) or table.get(text) or text
    if fields:
        return _fill(translated, text, fields)
    return translated


def trn(singular: str, plural: str, n: float, /, context: str | None = None, **fields: Any) -> str:
    """The form of a counted message that fits `n`, translated, with {n} and the other fields filled.

    `trn("{n} error", "{n} errors", count)` → "1 error" / "3 errores". Both English forms are given
    here; the catalog keys the entry by the singular and lists the language's forms:
    `"{n} error": ["{n} error", "{n} errores"]`.
    """
    english = (singular, plural)
    index = _plural_form(n)
    plurals = _plural_catalog(language())
    forms = plurals.get(f"{context}|{singular}" if context else singular) or plurals.get(singular)
    translated = forms[index] if forms and index < len(forms) else english[index]
    return _fill(translated, english[index], {"n": n, **fields})


def _fill(translated: str, english: str, fields: Mapping[str, Any]) -> str:
    try:
        return translated.format(**fields)
    except (KeyError, IndexError, ValueError):
        return english.format(**fields)


@dataclass(frozen=True)
class Message:
    """A message kept language-neutral until it is shown: `str(message)` translates it then.

    Made by `lazy_tr`/`lazy_trn`; fields are kept as text, numbers or other Messages (anything else
    is turned into text at once), so a Message can be stored with `to_json` and read back later.
    """

    text: str
    fields: tuple[tuple[str, Any], ...] = ()
    context: str | None = None
    plural: str | None = None
    """The English plural form (then the count is the field `n`)."""

    def __str__(self) -> str:
        values = dict(self.fields)
        if self.plural is not None:
            count = values.pop("n", 0)
            return trn(self.text, self.plural, count, context=self.context, **values)
        return tr(self.text, context=self.context, **values)

    def english(self) -> str:
        """The message in English, whatever language is current."""
        with language_override("en"):
            return str(self)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text}
        if self.context:
            data["context"] = self.context
        if self.plural is not None:
            data["plural"] = self.plural
        if self.fields:
            data["fields"] = {k: {"message": v.to_json()} if isinstance(v, Message) else v for k, v in self.fields}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """Read what `to_json` wrote; raises ValueError/TypeError/KeyError on anything else."""
        text = data["text"]
        if not isinstance(text, str):
            raise TypeError("message text is not text")
        raw_fields = data.get("fields") or {}
        if not isinstance(raw_fields, Mapping):
            raise TypeError("message fields are not a mapping")
        fields = {str(k): cls.from_json(v["message"]) if isinstance(v, Mapping) else _plain(v)
                  for k, v in raw_fields.items()}
        context, plural = data.get("context"), data.get("plural")
        return cls(text, tuple(fields.items()), str(context) if context else None,
                   str(plural) if plural is not None else None)


def _plain(value: Any) -> Any:
    return value if value is None or isinstance(value, str | int | float | Message) else str(value)


def lazy_tr(text: str, /, context: str | None = None, **fields: Any) -> Message:
    """Like `tr`, but translated when shown (`str(message)`), not now: for messages that are stored."""
    return Message(text, tuple((k, _plain(v)) for k, v in fields.items()), context)


def lazy_trn(singular: str, plural: str, n: float, /, context: str | None = None, **fields: Any) -> Message:
    """Like `trn`, but translated when shown (see `lazy_tr`)."""
    return Message(singular, (("n", n), *((k, _plain(v)) for k, v in fields.items())), context, plural)


def N_(text: str) -> str:
    """Mark a message for translation where it is defined; `tr()` translates it where it is used."""
    return text


def reload_catalogs() -> None:
    """Forget loaded catalogs (for tests that edit them)."""
    _tables.cache_clear()
