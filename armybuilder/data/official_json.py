"""Reading official Infinity Army JSON: parse errors explained, names cleaned, issues located."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Literal

import orjson

from armybuilder.i18n import Message, lazy_tr, tr

Severity = Literal["error", "warning", "info"]
"""error: something was left out; warning: imported with a doubt; info: worth knowing, nothing lost."""

Text = str | Message
"""A message as the importer keeps it: a `Message` (translated when shown), or plain text (an
exception's own words, or an issue read from a cache written before messages were kept neutral)."""


@dataclass(frozen=True)
class ImportIssue:
    """Something the importer could not map (or noticed), located by file, unit and JSON path.

    The texts are kept language-neutral (`text`, `unit_text`); `message` and `unit` give them in
    the current language, so an issue stored in the cache reads in the language of whoever looks.
    """

    file: str
    text: Text
    unit_text: Text = ""
    path: str = ""
    severity: Severity = "error"

    @property
    def message(self) -> str:
        """What happened, in the current language."""
        return str(self.text)

    @property
    def unit(self) -> str:
        """The unit concerned ("unit FUSILIERS (id 1)"), in the current language; "" when none."""
        return str(self.unit_text)

    def __str__(self) -> str:
        parts = [self.file]
        if self.unit:
            parts.append(self.unit)
        if self.path:
            parts.append(self.path)
        prefix = {"error": "", "warning": tr("warning") + ": ", "info": tr("note") + ": "}[self.severity]
        return ": ".join(parts) + ": " + prefix + self.message


class ImportFileError(Exception):
    """A file that cannot be used at all (missing, not JSON, truncated, not an army file)."""

    def __init__(self, issue: ImportIssue) -> None:
        self.issue = issue
        super().__init__(str(issue))


def clean(text: object) -> str:
    """A name as players read it: non-breaking spaces, newlines and runs of spaces become one space."""
    return " ".join(str(text).split()) if text is not None else ""


class Cleaner:
    """`clean` with a memory, for one import: the same names come back thousands of times."""

    def __init__(self) -> None:
        self._done: dict[str, str] = {}

    def __call__(self, text: object) -> str:
        if type(text) is not str:
            return clean(text)
        done = self._done.get(text)
        if done is None:
            done = self._done[text] = " ".join(text.split())
        return done


def clean_note(text: object) -> str | None:
    """Free text (unit notes): keep line breaks, turn non-breaking spaces into spaces."""
    if text is None:
        return None
    value = str(text).replace("\u00a0", " ").strip()
    return value or None


def short(value: object, limit: int = 80) -> str:
    """A JSON value quoted in a message, cut to `limit` characters."""
    try:
        text = repr(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(exc: BaseException) -> Text:
    """An exception raised while reading a JSON structure, in words."""
    if isinstance(exc, KeyError):
        return lazy_tr("missing key {key}", key=str(exc))
    if exc.args and isinstance(exc.args[0], Message):
        return exc.args[0]
    return str(exc)


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (json keeps the last of a repeated key silently)."""
    made = dict(pairs)
    if len(made) != len(pairs):
        seen: set[str] = set()
        raise _DuplicateKey(next(k for k, _ in pairs if k in seen or seen.add(k)))  # type: ignore[func-returns-value]
    return made


def parse_json(data: bytes, file: str) -> Any:
    """Parse JSON bytes; every way it can fail becomes an ImportFileError saying how."""
    return read_json(data, file)[0]


def read_json(data: bytes, file: str) -> tuple[Any, bool]:
    """`parse_json`, and whether orjson's reading was kept: then `orjson.dumps` renders any part of the
    value exactly (equal renderings, equal JSON), which the converter uses to spot units it has seen.

    orjson reads the data (about 2.5x faster than the json module with the duplicate-key hook), and
    its answer is taken only when it is provably the json module's: anything orjson refuses, and
    anything it may have read differently, is read again by the json module, which words the error.
    """
    if not data or data.isspace():
        raise ImportFileError(ImportIssue(file, lazy_tr("the file is empty")))
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:  # invalid UTF-8, a BOM, NaN, too deep, …: json reads it or says why not
        return _parse_with_json(data, file), False
    if _same_as_json(data, value):
        return value, True
    return _parse_with_json(data, file), False


class KnownUnit:
    """A unit of an army file whose text is, byte for byte, that of a unit read from an earlier file of the
    same import (`UnitTexts`): not parsed again. `parse()` gives its value when the converter needs it."""

    __slots__ = ("factions", "id", "text")

    def __init__(self, text: bytes, unit_id: int, factions: Any) -> None:
        self.text = text
        """The unit's text from its `{` to the last line of its body (the rendering that keys the unit cache)."""
        self.id = unit_id
        self.factions = factions

    def parse(self) -> dict[str, Any]:
        value: dict[str, Any] = orjson.loads(self.text + _UNIT_END)  # checked exact when it was first read
        return value


class UnitTexts:
    """The units of army files already read in one import, by their text: a unit written alike in another file
    (mercenaries, a sectorial's copy of a vanilla unit) is handed to the converter as a `KnownUnit`, unparsed."""

    def __init__(self) -> None:
        self.by_id: dict[int, list[tuple[bytes, Any]]] = {}
        """unit id → (text, its `factions` value) of each unit read with that id."""


_UNITS_OPEN = b'\n  "units": [\n    {'
_UNITS_CLOSE = b"\n  ]"
_UNIT_END = b"\n    }"
_NEXT_UNIT = b",\n    {"
_UNIT_ID = b'{\n      "id": '
_UNIT_END_SEARCH = re.compile(re.escape(_UNIT_END)).search
"""Finds a unit's last line as `bytes.find` would, about twice as fast on indented JSON: `find`'s search skips
ahead only past bytes absent from the needle, and newlines and spaces are nearly every byte here (#20)."""


def read_army_json(data: bytes, file: str, texts: UnitTexts) -> tuple[Any, bool, list[bytes] | None]:
    """`read_json` for an army file, reading each distinct unit text once per import (#20).

    When the file is laid out as orjson's indented rendering (the official files are), it is read in parts:
    each unit on its own, then the rest of the file with an empty `units` list; a unit whose text an earlier
    file held (the same bytes, compared) is not read again but given as a `KnownUnit`. Each part is checked
    as `_same_as_json` checks a file — the exact indented rendering of what orjson read, and the parts join
    as orjson would join them — so the whole is what the json module reads. Returns the value, whether it
    is exact (`read_json`), and the units' texts (None when the file was read whole)."""
    parts = _read_in_parts(data, texts)
    if parts is not None:
        return parts[0], True, parts[1]
    value, exact = read_json(data, file)
    return value, exact, None


def _read_in_parts(data: bytes, texts: UnitTexts) -> tuple[dict[str, Any], list[bytes]] | None:
    """The file's value and its units' texts, or None when it is not laid out so (then it is read whole)."""
    if data[:2] != b"{\n":
        return None
    opening = data.find(_UNITS_OPEN)  # a line of two spaces and `"units": [`: a member of the top object
    if opening < 0:
        return None
    bracket = opening + len(_UNITS_OPEN) - 7  # the `[` of the units list
    position = bracket + 6  # the `{` of the first unit
    units: list[Any] = []
    unit_texts: list[bytes] = []
    while True:
        unit = _known_unit(data, position, texts) or _new_unit(data, position, texts)
        if unit is None:
            return None
        text = unit.text if isinstance(unit, KnownUnit) else unit[1]
        after = position + len(text) + len(_UNIT_END)
        units.append(unit if isinstance(unit, KnownUnit) else unit[0])
        unit_texts.append(text)
        if data.startswith(_NEXT_UNIT, after):
            position = after + len(_NEXT_UNIT) - 1
        elif data.startswith(_UNITS_CLOSE, after):
            break
        else:
            return None
    rest = data[:bracket] + b"[]" + data[after + len(_UNITS_CLOSE):]
    try:
        value = orjson.loads(rest)
    except orjson.JSONDecodeError:
        return None
    if type(value) is not dict or value.get("units") != [] or not _indented_as(value, rest, b"\n"):
        return None
    value["units"] = units
    return value, unit_texts


def _known_unit(data: bytes, position: int, texts: UnitTexts) -> KnownUnit | None:
    """The unit at `position` if its text is, byte for byte, one read before (then it needs no reading)."""
    unit_id = _unit_id(data, position)  # only narrows the candidates: the whole text is compared
    if unit_id is not None:
        for text, factions in texts.by_id.get(unit_id, ()):
            if data.startswith(text, position) and data.startswith(_UNIT_END, position + len(text)):
                return KnownUnit(text, unit_id, factions)
    return None


def _new_unit(data: bytes, position: int, texts: UnitTexts) -> tuple[dict[str, Any], bytes] | None:
    """The unit at `position` read and checked, and its text; None when it is not laid out as orjson writes."""
    end = _UNIT_END_SEARCH(data, position)  # the unit's last line: four spaces and `}`
    if end is None:
        return None
    close = end.start()
    whole = data[position:close + len(_UNIT_END)]
    try:
        value = orjson.loads(whole)
    except orjson.JSONDecodeError:
        return None
    if type(value) is not dict or not _indented_as(value, whole, b"\n    "):
        return None
    text = whole[:-len(_UNIT_END)]
    if type(value.get("id")) is int:
        texts.by_id.setdefault(value["id"], []).append((text, value.get("factions")))
    return value, text


def _unit_id(data: bytes, position: int) -> int | None:
    """The id a unit's text at `position` starts with, if it starts so (`{`, a line `"id": 123,`)."""
    if not data.startswith(_UNIT_ID, position):
        return None
    start = position + len(_UNIT_ID)
    end = data.find(b",", start, start + 12)
    digits = data[start:end] if end > 0 else b""
    return int(digits) if digits.isdigit() else None


def _indented_as(value: Any, data: bytes, newline: bytes) -> bool:
    """Whether `data` is orjson's indented rendering of `value`, each line after the first indented further by
    `newline` (b"\\n    ": a unit inside the `units` list), trailing JSON whitespace aside."""
    try:
        rendered = orjson.dumps(value, option=orjson.OPT_INDENT_2)
    except orjson.JSONEncodeError:  # nested deeper than orjson writes (255 levels): json decides
        return False
    if newline != b"\n":
        rendered = rendered.replace(b"\n", newline)
    return data.startswith(rendered) and not data[len(rendered):].strip(b" \t\n\r")


_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_NUMBER = b"0" * 19
"""19 digits in a row: the shortest integer that may be past 64 bits (9,223,372,036,854,775,808)."""


def _same_as_json(data: bytes, value: Any) -> bool:
    """Whether orjson's `value` of `data` is what `_parse_with_json` would return (else it reads it again).

    The official files are orjson's own two-space rendering (`OPT_INDENT_2`), byte for byte: when `data` is
    that rendering of `value` (trailing whitespace aside), the json module reads the same text, so the same
    value — no key was repeated (the rendering would lack it), no integer went past 64 bits (it would render
    as a float), no character was escaped otherwise. That is one rendering and one comparison (#20).

    Any other text is checked the long way. orjson differs from json in two ways on text both accept: it
    keeps the last of a repeated key silently (json's hook refuses it), and it turns an integer beyond 64
    bits into a float (json keeps it exact, and the converter refuses it where it is read, quoting it). An
    integer of 18 digits or fewer is within 64 bits, so text with no 19 digits in a row has none. Every `:`
    outside a string separates one member of an object, and orjson writes a `:` inside a string as it is,
    so a key given twice leaves fewer `:` in orjson's rendering of the value than the text has — unless the
    text wrote a `:` as the escape \\u003a (or a digit as \\u0030…): then it is read again.
    """
    if data[1:2] == b"\n" and _indented_as(value, data, b"\n"):  # laid out on lines as orjson's rendering
        return True
    if b"\\u003" in data or _LONG_NUMBER in data.translate(_DIGITS_AS_ZERO):
        return False
    try:
        rendered = orjson.dumps(value)
    except orjson.JSONEncodeError:  # nested deeper than orjson writes (255 levels): json decides
        return False
    return rendered.count(b":") == data.count(b":")


def _parse_with_json(data: bytes, file: str) -> Any:
    """Parse with the json module: exact integers, NaN, a BOM, and the wording of every error."""
    message: Text
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportFileError(ImportIssue(
            file, lazy_tr("not UTF-8 text ({reason} at byte {byte})", reason=exc.reason, byte=exc.start))) from None
    try:
        # No parse_int hook: it cost more than the duplicate-key check (0.37 s on the 28 MB). Python
        # refuses an integer of 4,300 digits or more itself, and every number the converter keeps is
        # range-checked there (`infinity_units`: ids, stats, AVA, points, as domain/limits.py says).
        return json.loads(text, object_pairs_hook=_object_once)
    except _DuplicateKey as exc:
        raise ImportFileError(ImportIssue(file, lazy_tr(
            "the key {key} is given twice in one object; keep one (the official data never repeats a key)",
            key=repr(exc.key)))) from None
    except RecursionError:
        raise ImportFileError(ImportIssue(file, lazy_tr("is nested too deeply to be army data"))) from None
    except json.JSONDecodeError as exc:
        stripped = text.lstrip()
        if stripped[:1] not in ("{", "["):
            start = stripped[:30].split("\n")[0]
            message = lazy_tr("is not JSON (it starts with {start})", start=repr(start))
        elif exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            message = lazy_tr("the file ends unexpectedly at line {line}, column {column}: it looks truncated "
                         "(an interrupted download or copy?)", line=exc.lineno, column=exc.colno)
        else:
            message = lazy_tr("is not valid JSON: {error} at line {line}, column {column}",
                         error=exc.msg, line=exc.lineno, column=exc.colno)
        raise ImportFileError(ImportIssue(file, message)) from None
    except ValueError as exc:  # "Exceeds the limit (4300 digits) for integer string conversion…"
        digits = re.search(r"has (\d+) digits", str(exc))
        raise ImportFileError(ImportIssue(file, lazy_tr(
            "holds a number {digits} digits long, far beyond any value of the data",
            digits=digits.group(1) if digits else "4300+"))) from None
