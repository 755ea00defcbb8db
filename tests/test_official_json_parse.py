"""parse_json reads with orjson but must answer exactly as the json module did (#20): the same value, or
the same error naming the file, for every input — repeated keys, integers past 64 bits, NaN, a BOM,
lone surrogates, deep nesting, escaped colons."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armybuilder.data.official_json import ImportFileError, ImportIssue, _parse_with_json, parse_json
from armybuilder.i18n import lazy_tr


def outcome(parse: Any, data: bytes) -> tuple[str, Any]:
    try:
        return "value", parse(data, "x.json")
    except ImportFileError as exc:
        return "error", str(exc)


def same(a: Any, b: Any) -> bool:
    """Equal values of the same types all the way down (1 and 1.0 differ; NaN equals NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


def with_json_module(data: bytes, file: str) -> Any:
    """parse_json as it was before orjson: the empty check, then the json module."""
    if not data.strip():
        raise ImportFileError(ImportIssue(file, lazy_tr("the file is empty")))
    return _parse_with_json(data, file)


def assert_as_json_module(data: bytes) -> None:
    fast, slow = outcome(parse_json, data), outcome(with_json_module, data)
    assert fast[0] == slow[0] and (same(fast[1], slow[1]) if fast[0] == "value" else fast[1] == slow[1]), data


@pytest.mark.parametrize("data", [
    b'{"a": 1, "a": 2}',
    b'{"a": {"b": "x:y"}, "a": 2}',
    b'{"units": [{"id": 1, "name": "A", "name": "B"}]}',
    b'{"a\\u003a": 1, "a:": 2}',  # an escaped colon hides a repeated key from the count
    b'{"a": 1, "b\\u003a": 2, "b:": 3}',
    b"[18446744073709551615, 18446744073709551616]",
    b"[-9223372036854775808, -9223372036854775809]",
    b'{"id": ' + b"1" * 40 + b"}",
    b'{"version": "1", "units": [' + b"9" * 5000 + b"]}",
    b"[1e400, -1e400, 1e300, 1.5e-400, 0.1, -0.0, 1E2]",
    b"[NaN, Infinity, -Infinity]",
    b'\xef\xbb\xbf{"a": 1}',
    b'["\\ud800", "\\udc00x"]',
    b'{"a": "\\u0000\\n\\t\\"\\\\"}',
    "{\"café\": \"ñ: é\"}".encode(),
    b"[" * 300 + b"]" * 300,  # deeper than orjson writes (255): json decides
    b"[" * 100_000,
    b"",
    b" \n\t ",
    b"\xff\xfe\x00garbage",
    b'{"version": "1", "units": [}',
    b'{"a": [1, 2',
    b'{"a": "unterminated',
    b"<html><body>502 Bad Gateway</body></html>",
    b"[1, 2, 3] trailing",
    b"{'a': 1}",
    b'{"a": 1,}',
    # laid out as orjson's indented rendering, which is read the fast way only when it is that rendering exactly
    b'{\n  "a": 1,\n  "a": 2\n}',
    b'{\n  "a": {\n    "b": 1\n  },\n  "a": {\n    "b": 1\n  }\n}',
    b'{\n  "id": 18446744073709551616\n}',
    b'{\n  "id": 18446744073709551615\n}\n',
    b'{\n  "a\\u003a": 1,\n  "a:": 2\n}',
    b'{\n  "a": 1\n}\x0c',
    b'{\n  "a": 1\n} \t\r\n',
    b'[\n  1e400,\n  1e+20,\n  -0.0\n]',
])
def test_hostile_json_reads_as_the_json_module_reads_it(data: bytes) -> None:
    assert_as_json_module(data)


def test_a_repeated_key_and_a_long_integer_keep_their_messages() -> None:
    with pytest.raises(ImportFileError, match="given twice"):
        parse_json(b'{"version": "1", "version": "2", "units": []}', "x.json")
    with pytest.raises(ImportFileError, match="5000 digits long"):
        parse_json(b'{"units": [' + b"9" * 5000 + b"]}", "x.json")
    assert parse_json(b'{"id": ' + str(10**40).encode() + b"}", "x.json") == {"id": 10**40}  # exact, not a float


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(alphabet=st.sampled_from("ab:\"\\é\u00a0 ")),
    lambda children: st.lists(children, max_size=4)
    | st.lists(st.tuples(st.sampled_from(["a", "b", "a:", "c"]), children), max_size=4),
    max_leaves=20)


def render(value: Any) -> str:
    """JSON text of a value where a list of (key, value) pairs is an object that may repeat keys."""
    if isinstance(value, list) and value and all(isinstance(p, tuple) for p in value):
        return "{" + ", ".join(f"{json.dumps(k)}: {render(v)}" for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(render(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


@given(json_values, st.booleans())
def test_any_json_reads_as_the_json_module_reads_it(value: Any, ascii_only: bool) -> None:
    text = render(value)
    data = (text.encode("ascii", "backslashreplace").replace(b"\\x", b"\\u00") if ascii_only else text.encode())
    assert_as_json_module(data)


@given(json_values, st.booleans())
def test_any_indented_json_reads_as_the_json_module_reads_it(value: Any, orjson_layout: bool) -> None:
    """Text laid out on lines as orjson's indented rendering (or as the json module's) reads as json reads it."""
    text = render(value)
    try:
        laid_out = json.dumps(json.loads(text), indent=2, ensure_ascii=False) if not orjson_layout else None
    except ValueError:
        laid_out = None
    if orjson_layout:
        import orjson

        try:
            data = orjson.dumps(orjson.loads(text), option=orjson.OPT_INDENT_2)
        except (orjson.JSONDecodeError, orjson.JSONEncodeError):
            return
    elif laid_out is not None:
        data = laid_out.encode()
    else:
        return
    assert_as_json_module(data)
    assert_as_json_module(data.replace(b"\n", b"\n ", 1))  # one space more: not the rendering


def test_the_official_layout_is_read_exactly_and_fast() -> None:
    import orjson

    from armybuilder.data.official_json import read_json

    unit: dict[str, Any] = {"id": 1, "name": "A: B", "move": [10, 10], "ava": 1.5, "big": 2**63}
    value = {"version": "1", "units": [unit]}
    data = orjson.dumps(value, option=orjson.OPT_INDENT_2)
    assert read_json(data, "x.json") == (value, True)
    assert read_json(data + b"\n", "x.json") == (value, True)
    repeated = data.replace(b'"name": "A: B"', b'"name": "A: B",\n      "name": "C"')
    with pytest.raises(ImportFileError, match="given twice"):
        read_json(repeated, "x.json")
    longer = data.replace(str(2**63).encode(), str(2**64).encode())
    assert read_json(longer, "x.json") == ({**value, "units": [{**unit, "big": 2**64}]}, False)


def read_in_parts(data: bytes, texts: Any = None) -> tuple[Any, bool, Any]:
    """read_army_json with every `KnownUnit` read, as the converter would read it."""
    from armybuilder.data.official_json import KnownUnit, UnitTexts, read_army_json

    value, exact, unit_texts = read_army_json(data, "x.json", texts if texts is not None else UnitTexts())
    if isinstance(value, dict) and isinstance(value.get("units"), list):
        value = {**value, "units": [u.parse() if isinstance(u, KnownUnit) else u for u in value["units"]]}
    return value, exact, unit_texts


def army_text(*units: Any, **rest: Any) -> bytes:
    import orjson

    return orjson.dumps({"version": "1", **rest, "units": list(units), "filters": {"chars": []}},
                        option=orjson.OPT_INDENT_2)


def test_an_army_file_is_read_in_parts_and_its_units_once_per_import() -> None:
    from armybuilder.data.official_json import KnownUnit, UnitTexts, read_army_json

    first = {"id": 1, "name": "A", "factions": [101], "profileGroups": [{"id": 1, "options": [{"id": 1}]}]}
    second = {"id": 2, "name": "B: C", "notes": None, "big": 2**63}
    texts = UnitTexts()
    data = army_text(first, second)
    value, exact, unit_texts = read_army_json(data, "a.json", texts)
    assert exact and value == json.loads(data) and list(value) == list(json.loads(data))
    assert unit_texts is not None and len(unit_texts) == 2 and unit_texts[0].startswith(b"{\n      \"id\": 1")
    other = army_text({"id": 3}, first, fireteams=[])
    value, exact, unit_texts = read_army_json(other, "b.json", texts)
    known = value["units"][1]
    assert exact and isinstance(known, KnownUnit) and (known.id, known.factions) == (1, [101])
    assert known.parse() == first and unit_texts is not None and known.text == unit_texts[1]
    assert read_in_parts(other, texts)[0] == json.loads(other)


@pytest.mark.parametrize("data", [
    army_text({"id": 1, "name": "A"}).replace(b'"name": "A"', b'"name": "A",\n      "name": "B"'),
    army_text({"id": 1}).replace(b'"version": "1"', b'"version": "1",\n  "version": "2"'),
    army_text({"id": 1}).replace(b'"id": 1', b'"id": 18446744073709551616'),
    army_text({"id": 1}, {"id": 2}).replace(b'\n    },\n    {', b'\n    }, 5,\n    {'),
    army_text({"id": 1}, {"id": 2}).replace(b'\n    },\n    {', b'\n    },\n    5,\n    {'),
    army_text({"id": 1}).replace(b'\n  "units": [', b'\n  "units": [\n    {"id": 0},'),
    army_text({"id": 1}).replace(b'"id": 1', b'"id\\u003a": 1,\n      "id:": 2'),
    army_text({"id": 1}).replace(b'\n  ]', b'\n  ],\n  "units": []'),
    army_text({"id": 1}) + b"\x0c",
    army_text({"id": 1})[:-3],
    army_text(),
    army_text("unit", [1], None),
    b'{\n  "units": [\n    {\n      "id": 1\n    }\n  ]\n}',
    b'{\n  "units": [\n    {\n      "id": 1\n    }\n  ]\n}  \n',
    b'{\n  "units": [\n    {\n      "id": 1\n    }\n  ]\n}  x',
    b'{\n  "units": [\n    {\n      "id": 1 \n    }\n  ]\n}',
])
def test_an_army_file_read_in_parts_reads_as_the_json_module_reads_it(data: bytes) -> None:
    fast, slow = outcome(lambda d, f: read_in_parts(d)[0], data), outcome(with_json_module, data)
    assert fast[0] == slow[0] and (same(fast[1], slow[1]) if fast[0] == "value" else fast[1] == slow[1]), data


@given(st.lists(json_values, max_size=4), st.lists(json_values, max_size=3))
def test_any_army_file_read_in_parts_reads_as_the_json_module_reads_it(units: list[Any], others: list[Any]) -> None:
    import orjson

    from armybuilder.data.official_json import UnitTexts

    def value_of(item: Any) -> Any:
        return json.loads(render(item))

    texts = UnitTexts()
    for batch in (others, units):  # an earlier file's units are known when the next file is read
        try:
            data = orjson.dumps({"units": [{"id": i, "v": value_of(u)} for i, u in enumerate(batch)]},
                                option=orjson.OPT_INDENT_2)
        except (orjson.JSONEncodeError, ValueError):
            return
        fast = read_in_parts(data, texts)
        assert same(fast[0], with_json_module(data, "x.json")) and fast[1]
