"""Translation of user-facing text: English message ids, Spanish catalog in resources/i18n/.

`tr("Points")` returns the text in the current language; placeholders are filled with
`tr("{used} of {limit} points", used=300, limit=300)`. A `context` separates equal English words
with different translations (`tr("W", context="stat")` → "H"). The GUI, the CLI, the rules
engine and the print-outs share this one catalog, so a test can check that it is complete.

Counts: `trn("{n} error", "{n} errors", count)` picks the form that fits `count` ({n} is filled
with it). A message that is stored and shown later, perhaps in another language (import issues
kept in the cache), is made with `lazy_tr`/`lazy_trn`: a `Message` that translates itself each
time it is turned into text, and that `to_json`/`Message.from_json` store language-neutral.

Messages are data until shown: the rules engine builds every violation, note and explanation from
`lazy_tr`/`lazy_trn` Messages, names the data gives in each language (`LocalText`, from the packs'
`display_name`) and joins of them (`lazy_join`, `+`); nothing is translated while a list is
validated. The edge that shows a text renders it: `str(text)` in the current language, or
`text.render("es")` in a given one.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
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
    return _translate(language(), text, context, fields)


def _translate(wanted: str, text: str, context: str | None, fields: Mapping[str, Any]) -> str:
    table = _catalog(wanted)
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
    return _translate_plural(language(), singular, plural, n, context, fields)


def _translate_plural(wanted: str, singular: str, plural: str, n: float, context: str | None,
                      fields: Mapping[str, Any]) -> str:
    english = (singular, plural)
    index = _plural_form(n)
    plurals = _plural_catalog(wanted)
    forms = plurals.get(f"{context}|{singular}" if context else singular) or plurals.get(singular)
    translated = forms[index] if forms and index < len(forms) else english[index]
    return _fill(translated, english[index], {"n": n, **fields})


def _fill(translated: str, english: str, fields: Mapping[str, Any]) -> str:
    try:
        return translated.format(**fields)
    except (KeyError, IndexError, ValueError):
        return english.format(**fields)


class LazyText:
    """Text kept language-neutral until it is shown: `render(language)`, or `str()` in the current one.

    The kinds: `Message` (a catalog message and its fields), `LocalText` (a name the data gives in
    each language) and `Joined` (texts put together). `+` joins a text with another or with plain
    text; an f-string or `str()` renders it at once, so the core never does either while validating.
    """

    __slots__ = ()

    def render(self, language: str) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.render(language())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def english(self) -> str:
        """The text in English, whatever language is current."""
        return self.render("en")

    def __add__(self, other: Text) -> Joined:
        return Joined((self, other))

    def __radd__(self, other: Text) -> Joined:
        return Joined((other, self))

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError


class _Value(LazyText):
    """A frozen value: equal and hashed by its fields (`_fields`), read-only after it is made. Written by hand,
    not with `dataclasses`: that module (with `inspect`) was a sixth of `armybuilder --version`'s start-up."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is frozen")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self._values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self._values(), strict=True))
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return self.__class__, self._values()


Text = str | LazyText
"""What a message field, a violation's message or an explanation may be: plain text (the same in
every language: a name, a number) or a LazyText."""


def render(text: Text, wanted: str | None = None) -> str:
    """`text` in language `wanted` (default: the current one)."""
    if isinstance(text, str):
        return text
    return text.render(wanted or language())


def _render_fields(fields: Mapping[str, Any], wanted: str) -> dict[str, Any]:
    return {k: v.render(wanted) if isinstance(v, LazyText) else v for k, v in fields.items()}


class LocalText(_Value):
    """A name the data gives in each language (a pack's `name` and `name_es`); English when the
    language has none."""

    __slots__ = ("texts",)
    _fields = ("texts",)
    texts: tuple[tuple[str, str], ...]

    def __init__(self, texts: tuple[tuple[str, str], ...]) -> None:
        self._set(texts=texts)

    @classmethod
    def of(cls, english: str, es: str = "") -> LocalText:
        """The English name and, when the data gives one, the Spanish."""
        return cls((("en", english), ("es", es)) if es else (("en", english),))

    def render(self, language: str) -> str:
        found = dict(self.texts)
        return found.get(language) or found.get("en", "")

    def to_json(self) -> dict[str, Any]:
        return {"local": dict(self.texts)}


class Joined(_Value):
    """Texts put together, with `separator` between them ("Core, Haris"; a sentence and its tail)."""

    __slots__ = ("parts", "separator")
    _fields = ("parts", "separator")
    parts: tuple[Text, ...]
    separator: str

    def __init__(self, parts: tuple[Text, ...], separator: str = "") -> None:
        self._set(parts=parts, separator=separator)

    def render(self, language: str) -> str:
        return self.separator.join(render(part, language) for part in self.parts)

    def __add__(self, other: Text) -> Joined:
        if not self.separator:
            return Joined((*self.parts, other))
        return Joined((self, other))

    def to_json(self) -> dict[str, Any]:
        return {"joined": [p if isinstance(p, str) else p.to_json() for p in self.parts],
                "separator": self.separator}


def lazy_join(separator: str, parts: Iterable[Text]) -> Joined:
    """Like `separator.join(parts)`, rendered when shown."""
    return Joined(tuple(parts), separator)


def text_from_json(data: Any) -> Text:
    """Read what a text's `to_json` wrote (plain text stays text); raises ValueError/TypeError/KeyError
    on anything else."""
    if isinstance(data, str):
        return data
    if not isinstance(data, Mapping):
        raise TypeError("a text is neither text nor a mapping")
    if "joined" in data:
        parts = data["joined"]
        if not isinstance(parts, list):
            raise TypeError("joined parts are not a list")
        return Joined(tuple(text_from_json(p) for p in parts), str(data.get("separator") or ""))
    if "local" in data:
        texts = data["local"]
        if not isinstance(texts, Mapping):
            raise TypeError("local names are not a mapping")
        return LocalText(tuple((str(k), str(v)) for k, v in texts.items()))
    return Message.from_json(data)


class Message(_Value):
    """A catalog message kept language-neutral until it is shown: `str(message)` translates it then.

    Made by `lazy_tr`/`lazy_trn`; fields are kept as text, numbers or other LazyTexts (anything else
    is turned into text at once), so a Message can be stored with `to_json` and read back later.
    The message id is the English text (with its `context`); the fields are its arguments; `plural` is
    the English plural form (then the count is the field `n`).
    """

    __slots__ = ("context", "fields", "plural", "text")
    _fields = ("text", "fields", "context", "plural")
    text: str
    fields: tuple[tuple[str, Any], ...]
    context: str | None
    plural: str | None

    def __init__(self, text: str, fields: tuple[tuple[str, Any], ...] = (), context: str | None = None,
                 plural: str | None = None) -> None:
        self._set(text=text, fields=fields, context=context, plural=plural)

    def render(self, language: str) -> str:
        values = _render_fields(dict(self.fields), language)
        if self.plural is not None:
            count = values.pop("n", 0)
            return _translate_plural(language, self.text, self.plural, count, self.context, values)
        return _translate(language, self.text, self.context, values)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text}
        if self.context:
            data["context"] = self.context
        if self.plural is not None:
            data["plural"] = self.plural
        if self.fields:
            data["fields"] = {k: {"message": v.to_json()} if isinstance(v, LazyText) else v for k, v in self.fields}
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
        fields = {str(k): text_from_json(v["message"]) if isinstance(v, Mapping) else _plain(v)
                  for k, v in raw_fields.items()}
        context, plural = data.get("context"), data.get("plural")
        return cls(text, tuple(fields.items()), str(context) if context else None,
                   str(plural) if plural is not None else None)


_KEPT = (str, int, float, LazyText)


def _plain(value: Any) -> Any:
    return value if value is None or isinstance(value, _KEPT) else str(value)


def lazy_tr(text: str, /, context: str | None = None, **fields: Any) -> Message:
    """Like `tr`, but translated when shown (`str(message)`), not now: for messages that are stored."""
    return Message(text, tuple([(k, _plain(v)) for k, v in fields.items()]), context)


def lazy_trn(singular: str, plural: str, n: float, /, context: str | None = None, **fields: Any) -> Message:
    """Like `trn`, but translated when shown (see `lazy_tr`)."""
    return Message(singular, (("n", n), *((k, _plain(v)) for k, v in fields.items())), context, plural)


def N_(text: str) -> str:
    """Mark a message for translation where it is defined; `tr()` translates it where it is used."""
    return text


def reload_catalogs() -> None:
    """Forget loaded catalogs (for tests that edit them)."""
    _tables.cache_clear()
