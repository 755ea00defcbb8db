"""Army codes: real codes decode, every framing and paste form is read, encode/decode round-trip, garbage is refused."""

from __future__ import annotations

import base64
import json
import random
import tracemalloc
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from armycode_support import REAL, REJECTED
from hypothesis import given
from hypothesis import strategies as st

from armybuilder.data.armycode import (
    MAX_INT,
    ArmyCodeError,
    CodeGroup,
    CodeMember,
    DecodedCode,
    Framing,
    MemberForm,
    code_bytes,
    decode,
    decode_bytes,
    encode,
    encode_bytes,
)
from armybuilder.data.problems import DataError


def groups_text(code: DecodedCode) -> list[str]:
    """The fixture file's notation: "[R ]number: unit-group-option[*] …"."""
    return [("R " if g.reinforcement else "") + f"{g.number}: "
            + " ".join(f"{m.unit}-{m.group}-{m.option}" + ("*" if m.specops else "") for m in g.members)
            for g in code.groups]


# ----- real codes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("fixture", REAL, ids=[f"{c['slug']}-{i}" for i, c in enumerate(REAL)])
def test_real_codes_decode_to_what_their_sources_say(fixture: dict[str, Any]) -> None:
    code = decode(fixture["code"])
    assert (code.army, code.slug, code.name, code.points) == (
        fixture["army"], fixture["slug"], fixture["name"], fixture["points"])
    assert code.framing.value == fixture["framing"]
    assert code.member_form.value == fixture["member_form"]
    assert groups_text(code) == fixture["groups"]


@pytest.mark.parametrize("fixture", REAL, ids=[f"{c['slug']}-{i}" for i, c in enumerate(REAL)])
def test_real_codes_encode_back_to_the_same_bytes(fixture: dict[str, Any]) -> None:
    code = decode(fixture["code"])
    assert encode_bytes(code) == code_bytes(fixture["code"])
    assert decode(encode(code)) == code


def test_spec_ops_upgrades_are_kept_as_the_builder_wrote_them() -> None:
    """The league portal's own assertions on this code: upgrade counts 1, 1, 1, 2 and their JSON."""
    code = decode(next(c["code"] for c in REAL if c["slug"] == "next-wave"))
    members = [m for _, m in code.members()]
    assert [len(m.specops or ()) for m in members] == [1, 1, 1, 2]
    assert json.loads(members[0].specops[0]) == [  # type: ignore[index]
        {"type": "stat", "stat": "move0", "q": 15},
        {"type": "stat", "stat": "move1", "q": 10},
        {"type": "skill", "id": 40, "extra": [6]},
    ]
    assert json.loads(members[3].specops[1]) == [{"type": "skill", "id": 28, "extra": [6]}]  # type: ignore[index]


def test_league_fixture_sizes() -> None:
    """Group sizes the league portal's test states for its current-form codes."""
    bald = decode(next(c["code"] for c in REAL if c["slug"] == "usariadna"))
    assert bald.name == "Bald Burgers " and [len(g.members) for g in bald.groups] == [10, 5]


@pytest.mark.parametrize("fixture", REJECTED, ids=[c["shows"][:20] for c in REJECTED])
def test_real_broken_pastes_are_refused_clearly(fixture: dict[str, Any]) -> None:
    with pytest.raises(ArmyCodeError) as caught:
        decode(fixture["code"])
    assert fixture["message"] in str(caught.value)


def test_real_codes_name_ids_that_exist_in_the_official_data(official_data: Path) -> None:
    """Every trooper of the fixtures marked so is a real unit/profile group/option of the n5 snapshot."""
    factions = {f["id"]: f for f in json.loads((official_data / "army.json").read_text(encoding="utf-8"))["factions"]}
    cache: dict[int, dict[str, Any]] = {}

    def army(army_id: int) -> dict[str, Any]:
        if army_id not in cache:
            path = official_data / f"{factions[army_id]['slug']}.json"
            cache[army_id] = json.loads(path.read_text(encoding="utf-8"))
        return cache[army_id]

    checked = 0
    for fixture in REAL:
        if not fixture["resolves_in_n5_snapshot"]:
            continue
        code = decode(fixture["code"])
        for group, member in code.members():
            data = army(army(code.army)["reinforcements"]) if group.reinforcement else army(code.army)
            unit = next(u for u in data["units"] if u["id"] == member.unit)
            if member.group == 0:
                options = unit["options"]
            else:
                options = next(g for g in unit["profileGroups"] if g["id"] == member.group)["options"]
            assert any(o["id"] == member.option for o in options), (fixture["slug"], member)
            checked += 1
    assert checked > 90


# ----- each framing, byte by byte (RULES.md §7) -----------------------------------------------------

HEADER = bytes([0x81, 0xF5, 6]) + b"nomads" + bytes([4]) + b"Test" + bytes([0x81, 0x2C])  # 501, 300 points

FRAMINGS = [
    # number, count, members (lead, unit, group, option, 0x00)
    (Framing.COUNT, MemberForm.SHORT, bytes([2, 1, 1, 0, 0x86, 0xE2, 1, 1, 0, 2, 0]),
     (CodeGroup(1, (CodeMember(1762, 1, 1),)), CodeGroup(2))),
    # number, 0x00, count, members numbered in their leading byte
    (Framing.ZERO, MemberForm.SHORT, bytes([1, 1, 0, 2, 1, 0x86, 0xE2, 1, 1, 0, 2, 0x81, 0x9E, 1, 9, 0]),
     (CodeGroup(1, (CodeMember(1762, 1, 1, lead=1), CodeMember(414, 1, 9, lead=2))),)),
    # number, 0x01, reinforcement flag, count, short members
    (Framing.FLAGGED, MemberForm.SHORT,
     bytes([2, 1, 1, 0, 1, 0, 0x86, 0xE2, 1, 1, 0, 2, 1, 1, 1, 0, 0x86, 0x50, 1, 1, 0]),
     (CodeGroup(1, (CodeMember(1762, 1, 1),)), CodeGroup(2, (CodeMember(1616, 1, 1),), reinforcement=True))),
    # current: members end with the Spec-Ops flag, and when it is 1 a count of strings
    (Framing.FLAGGED, MemberForm.SPECOPS,
     bytes([1, 1, 1, 0, 2, 0, 0x86, 0xE2, 1, 1, 0, 0, 0, 0x87, 0x8F, 2, 2, 0, 1, 1, 2]) + b"[]",
     (CodeGroup(1, (CodeMember(1762, 1, 1), CodeMember(1935, 2, 2, specops=("[]",)))),)),
]


@pytest.mark.parametrize(("framing", "form", "body", "groups"), FRAMINGS,
                         ids=["count", "zero", "flagged-short", "flagged-specops"])
def test_each_framing_reads_and_writes_its_bytes(framing: Framing, form: MemberForm, body: bytes,
                                                 groups: tuple[CodeGroup, ...]) -> None:
    data = HEADER + body
    code = DecodedCode(army=501, slug="nomads", name="Test", points=300, groups=groups, framing=framing,
                       member_form=form)
    assert decode_bytes(data) == code
    assert encode_bytes(code) == data
    assert decode(base64.b64encode(data).decode()) == code


def test_the_member_form_that_cannot_be_seen_is_normalized() -> None:
    empty = DecodedCode(army=1, slug="", name="", points=1, groups=(CodeGroup(1),), member_form=MemberForm.SHORT)
    assert empty.member_form is MemberForm.SPECOPS
    old = DecodedCode(army=1, slug="", name="", points=1, groups=(CodeGroup(1),), framing=Framing.ZERO)
    assert old.member_form is MemberForm.SHORT
    assert decode(encode(empty)) == empty and decode(encode(old)) == old


# ----- what people paste ------------------------------------------------------------------------------

PLAIN = ("g+oIc3Rhcm1hZGEKRnVyb3JlIDIuMIEsAgEACgGFsgEDAAKFsAEFAAOFtwEBAASFrgECAAWFuwEBAAaFvQEBAAeFtQEEAAiFtQEEAAmGSQEF"
         "AAqFuAECAAIABQGGSQEGAAKHUgEBAAMyAQIABIZKAQIABYZKAQIA")  # starmada 'Furore 2.0' (twonirwana's test)
ENCODED = quote(PLAIN, safe="")


@pytest.mark.parametrize("pasted", [
    PLAIN,
    ENCODED,
    quote(ENCODED, safe=""),                                       # encoded twice (a link inside a link)
    PLAIN.replace("+", "-").replace("/", "_"),                      # URL-safe alphabet
    PLAIN + "==",                                                  # padded (this body needs none: 4n chars)
    "  " + "\n".join(ENCODED[i:i + 60] for i in range(0, len(ENCODED), 60)) + "\n",  # wrapped over lines
    f'"{PLAIN}"',
    f"https://infinityuniverse.com/army/list/{ENCODED}",
    f"https://infinitytheuniverse.com/army/list/{PLAIN}",            # unencoded: the code keeps its '/'
    f"infinityuniverse.com/army/list/{ENCODED}",
    f"https://infinity.2nirwana.de/cards/generate?armyData={ENCODED}&unit=inch",
    f"https://example.org/#/army/list/{ENCODED}",
    f"\u200b{PLAIN}\ufeff",                                       # zero-width marks from a chat
])
def test_pasted_forms_decode(pasted: str) -> None:
    code = decode(pasted)
    assert (code.army, code.slug, code.name, len(code.members())) == (1002, "starmada", "Furore 2.0", 15)


def test_padding_is_optional() -> None:
    with_padding = next(c["code"] for c in REAL if c["slug"] == "steel-phalanx")
    assert with_padding.endswith("%3D%3D")
    assert decode(with_padding.removesuffix("%3D%3D")) == decode(with_padding)


def test_a_saved_list_link_is_explained() -> None:
    with pytest.raises(ArmyCodeError, match="saved on the official server"):
        decode("https://infinitytheuniverse.com/army/list/3296098999")


# ----- garbage and hostile codes ------------------------------------------------------------------------

def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def header(groups: int) -> bytes:
    return HEADER + bytes([groups])


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("   \n ", "empty"),
    ("gfUG bm9t YWRz!", "'!'"),
    ("gfUGbm9tYWRzASCBLAEBAQACAIbiAQEAAIGeAQEA=x", "text after the end"),
    ("gfUGbm9tYWRzASCBLAEBAQACAIbiAQEAAIGeAQEA===", "too many '='"),
    ("gfUGb", "cut short"),
    ("x" * 200_001, "far too long"),
    (b64(header(1) + bytes([1, 1, 0, 0, 9])), "1 unexpected byte after"),        # trailing junk (singular)
    (b64(header(0) + b"\x00"), "1 unexpected byte after"),
    (b64(HEADER + bytes([0xFF, 0xFF])), "32767 combat groups"),                 # huge group count
    (b64(header(1) + bytes([1, 1, 0, 0xFF, 0xFF, 0])), "32767 troopers"),      # huge trooper count
    (b64(bytes([0x81, 0xF5, 0xFF, 0xFF]) + b"nomads"), "claims 32767 bytes"),  # huge string length
    (b64(bytes([0, 0, 0, 0x81, 0x2C, 0])), "army id is 0"),
    (b64(header(1) + bytes([0, 1, 0, 0])), "combat group number is 0"),
    (b64(header(1) + bytes([1, 0, 1, 1, 0, 1, 1, 0])), "unit id is 0"),
    (b64(header(1) + bytes([1, 1, 7, 1, 0, 1, 1, 1, 0])), "reinforcement flag is 0x07"),
    (b64(header(1) + bytes([1, 1, 0, 1, 0, 1, 1, 1, 5])), "0x05"),            # member does not end in 0x00
    (b64(header(1) + bytes([1, 1, 0, 1, 0, 0x86])), "claims 1 troopers"),         # truncated trooper
    (b64(header(1) + bytes([1, 1, 0, 0x86])), "ends inside the number of troopers"),
    (b64(HEADER[:5]), "army name claims 6 bytes"),
    (b64(HEADER[:2]), "ends where the army name should be"),
])
def test_bad_codes_raise_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(ArmyCodeError) as caught:
        decode(text)
    assert message in str(caught.value)
    assert str(caught.value).startswith("army code")
    assert isinstance(caught.value, DataError)


def test_non_text_is_refused() -> None:
    with pytest.raises(ArmyCodeError, match="must be text"):
        decode(b"gfUG")  # type: ignore[arg-type]


def test_claimed_counts_are_checked_before_anything_is_allocated() -> None:
    """A 20-byte code claiming 32767 groups of 32767 troopers fails at once and allocates almost nothing."""
    hostile = b64(HEADER + bytes([0xFF, 0xFF, 1, 0xFF, 0xFF]))
    tracemalloc.start()
    try:
        with pytest.raises(ArmyCodeError, match="32767"):
            decode(hostile)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 64 * 1024


def test_fuzz_only_army_code_errors() -> None:
    """10,000+ random and mutated codes: each decodes or raises ArmyCodeError, nothing else."""
    rng = random.Random(20260311)
    valid = [code_bytes(c["code"]) for c in REAL]
    inputs: list[str] = []
    for _ in range(2500):  # random bytes, as base64 of either alphabet
        raw = rng.randbytes(rng.randrange(0, 90))
        inputs.append(b64(raw) if rng.random() < 0.5 else base64.urlsafe_b64encode(raw).decode().rstrip("="))
    for _ in range(1500):  # random printable text
        inputs.append("".join(rng.choice("AZaz09+/=-_%3D \n!é") for _ in range(rng.randrange(0, 60))))
    for _ in range(500):  # random links
        tail = "".join(rng.choice("AZaz09+/=%3D?&#:[].") for _ in range(rng.randrange(0, 60)))
        inputs.append(rng.choice(["https://infinityuniverse.com/army/list/", "http://a.bc", "x.io/?code=",
                                  "infinitytheuniverse.com/"]) + tail)
    for data in valid:
        for _ in range(200):  # one byte changed
            mutated = bytearray(data)
            mutated[rng.randrange(len(data))] = rng.randrange(256)
            inputs.append(b64(bytes(mutated)))
        for _ in range(120):  # one bit flipped
            mutated = bytearray(data)
            bit = rng.randrange(len(data) * 8)
            mutated[bit // 8] ^= 1 << (bit % 8)
            inputs.append(b64(bytes(mutated)))
        for cut in range(0, len(data), max(1, len(data) // 40)):  # truncations
            inputs.append(b64(data[:cut]))
        for _ in range(60):  # a huge count or length written somewhere
            mutated = bytearray(data)
            at = rng.randrange(len(data))
            mutated[at:at + 1] = bytes([0x80 | rng.randrange(0x80), rng.randrange(256)])
            inputs.append(b64(bytes(mutated)))
        for _ in range(40):  # random bytes spliced in or appended
            at = rng.randrange(len(data) + 1)
            inputs.append(b64(data[:at] + rng.randbytes(rng.randrange(1, 8)) + data[at:]))
    assert len(inputs) >= 10_000
    decoded = 0
    for text in inputs:
        try:
            decode(text)
            decoded += 1
        except ArmyCodeError as exc:
            assert exc.problems and exc.message
    assert 0 < decoded < len(inputs)


# ----- round trip: decode(encode(x)) == x ---------------------------------------------------------------

ids = st.integers(min_value=0, max_value=MAX_INT)
positive = st.integers(min_value=1, max_value=MAX_INT)
texts = st.text(max_size=40)


@st.composite
def codes(draw: st.DrawFn) -> DecodedCode:
    framing = draw(st.sampled_from(Framing))
    form = draw(st.sampled_from(MemberForm)) if framing is Framing.FLAGGED else MemberForm.SHORT
    groups = []
    for _ in range(draw(st.integers(0, 5))):
        members = []
        for _ in range(draw(st.integers(0, 6))):
            lead = draw(ids) if framing is Framing.ZERO else 0
            specops = None
            if form is MemberForm.SPECOPS and draw(st.booleans()):
                specops = tuple(draw(st.lists(texts, max_size=3)))
            members.append(CodeMember(unit=draw(positive), group=draw(ids), option=draw(ids), lead=lead,
                                      specops=specops))
        reinforcement = framing is Framing.FLAGGED and draw(st.booleans())
        groups.append(CodeGroup(number=draw(positive), members=tuple(members), reinforcement=reinforcement))
    return DecodedCode(army=draw(positive), slug=draw(texts), name=draw(texts), points=draw(ids),
                       groups=tuple(groups), framing=framing, member_form=form)


@given(codes())
def test_decode_of_encode_is_the_same_code(code: DecodedCode) -> None:
    text = encode(code)
    assert decode(text) == code
    assert decode(encode(code, url_encoded=False)) == code
    assert "+" not in text and "/" not in text and "=" not in text


def test_round_trip_at_the_limits() -> None:
    code = DecodedCode(
        army=MAX_INT, slug="x" * 200, name="Ejército de Ñandú — 日本 🐉", points=MAX_INT,
        groups=(CodeGroup(MAX_INT, (CodeMember(MAX_INT, MAX_INT, MAX_INT),), reinforcement=True), CodeGroup(1)),
    )
    assert decode(encode(code)) == code
    with pytest.raises(ArmyCodeError, match="does not fit"):
        encode(DecodedCode(army=MAX_INT + 1, slug="", name="", points=0))
