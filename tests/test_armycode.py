"""Army codes: real codes decode, every framing and paste form is read, encode/decode round-trip, garbage is refused."""

from __future__ import annotations

import base64
import json
import random
import tracemalloc
from urllib.parse import quote

import pytest
from armycode_support import MORAT_REINFORCEMENTS_CODE, real, sample
from hypothesis import given
from hypothesis import strategies as st

from armybuilder.data.armycode import (
    MAX_INT,
    AmbiguousCodeError,
    ArmyCodeError,
    CodeGroup,
    CodeMember,
    Decision,
    DecodedCode,
    Framing,
    MemberForm,
    code_bytes,
    decode,
    decode_bytes,
    encode,
    encode_bytes,
    implausible,
    read,
    read_bytes,
)
from armybuilder.data.problems import DataError


def groups_text(code: DecodedCode) -> list[str]:
    """The fixture file's notation: "[R ]number: unit-group-option[*] …"."""
    return [("R " if g.reinforcement else "") + f"{g.number}: "
            + " ".join(f"{m.unit}-{m.group}-{m.option}" + ("*" if m.specops else "") for m in g.members)
            for g in code.groups]


# ----- real codes (the whole corpus is checked in test_armycode_corpus.py) ------------------------------

def test_spec_ops_upgrades_are_kept_as_the_builder_wrote_them() -> None:
    """The league portal's own assertions on this code: upgrade counts 1, 1, 1, 2 and their JSON."""
    code = decode(real(slug="next-wave", form="specops", name=" ")["code"])
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
    bald = decode(real(name="Bald Burgers ")["code"])
    assert [len(g.members) for g in bald.groups] == [10, 5]


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
    # leads are data in every framing: flagged troopers numbered 1, 2 (72 real codes)…
    (Framing.FLAGGED, MemberForm.SHORT,
     bytes([1, 1, 1, 0, 2, 1, 0x86, 0xE2, 1, 1, 0, 2, 0x81, 0x9E, 1, 9, 0]),
     (CodeGroup(1, (CodeMember(1762, 1, 1, lead=1), CodeMember(414, 1, 9, lead=2))),)),
    # …or out of order (an edited list), a two-byte lead included
    (Framing.FLAGGED, MemberForm.SHORT,
     bytes([1, 1, 1, 0, 2, 0x80, 0x85, 0x86, 0xE2, 1, 1, 0, 0, 0x81, 0x9E, 1, 9, 0]),
     (CodeGroup(1, (CodeMember(1762, 1, 1, lead=133), CodeMember(414, 1, 9))),)),
    # the 0x00 framing with the Spec-Ops field (18 real codes, 2026)
    (Framing.ZERO, MemberForm.SPECOPS,
     bytes([1, 1, 0, 2, 1, 0x86, 0xE2, 1, 1, 0, 0, 2, 0x87, 0x8F, 2, 2, 0, 1, 1, 2]) + b"[]",
     (CodeGroup(1, (CodeMember(1762, 1, 1, lead=1), CodeMember(1935, 2, 2, lead=2, specops=("[]",)))),)),
    # count framing with a lead that is not 0
    (Framing.COUNT, MemberForm.SHORT, bytes([1, 1, 1, 7, 0x86, 0xE2, 1, 1, 0]),
     (CodeGroup(1, (CodeMember(1762, 1, 1, lead=7),)),)),
]


@pytest.mark.parametrize(("framing", "form", "body", "groups"), FRAMINGS,
                         ids=["count", "zero", "flagged-short", "flagged-specops", "flagged-positions",
                              "flagged-mixed", "zero-specops", "count-lead"])
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
    zero = DecodedCode(army=1, slug="", name="", points=1, groups=(CodeGroup(1),), framing=Framing.ZERO)
    assert zero.member_form is MemberForm.SPECOPS
    oldest = DecodedCode(army=1, slug="", name="", points=1, groups=(CodeGroup(1, (CodeMember(1, 1, 1),)),),
                         framing=Framing.COUNT, member_form=MemberForm.SPECOPS)
    assert oldest.member_form is MemberForm.SHORT
    assert decode(encode(empty)) == empty and decode(encode(zero)) == zero and decode(encode(oldest)) == oldest


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
    with_padding = real(slug="steel-phalanx", name=" 200 myrm")["code"]
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
    ("gfUGbm9tYWRzASCBLAEBAQACAIbiAQEAAIGeAQEA===", "too many '='"),
    ("gfUGb", "cut short"),
    ("x" * 200_001, "far too long"),
    (b64(header(1) + bytes([1, 1, 0, 0, 9])), "1 unexpected byte after"),        # trailing junk (singular)
    (b64(header(0) + b"\x00\x00\x00"), "3 unexpected bytes after"),
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
    valid = [code_bytes(c["code"]) for c in sample(step=150)]
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
    form = draw(st.sampled_from(MemberForm)) if framing is not Framing.COUNT else MemberForm.SHORT
    groups = []
    for _ in range(draw(st.integers(0, 5))):
        members = []
        for _ in range(draw(st.integers(0, 6))):
            specops = None
            if form is MemberForm.SPECOPS and draw(st.booleans()):
                specops = tuple(draw(st.lists(texts, max_size=3)))
            members.append(CodeMember(unit=draw(positive), group=draw(ids), option=draw(ids), lead=draw(ids),
                                      specops=specops))
        reinforcement = framing is Framing.FLAGGED and draw(st.booleans())
        groups.append(CodeGroup(number=draw(positive), members=tuple(members), reinforcement=reinforcement))
    return DecodedCode(army=draw(positive), slug=draw(texts), name=draw(texts), points=draw(ids),
                       groups=tuple(groups), framing=framing, member_form=form)


@given(codes())
def test_decode_of_encode_is_the_same_code(code: DecodedCode) -> None:
    """Any structure, leads of any value included, reads back as itself, or (never a guess) is
    refused as ambiguous with itself among the readings."""
    text = encode(code)
    try:
        assert decode(text) == code
        assert decode(encode(code, url_encoded=False)) == code
    except AmbiguousCodeError as exc:
        assert code in exc.readings
    assert "+" not in text and "/" not in text and "=" not in text


def test_round_trip_at_the_limits() -> None:
    code = DecodedCode(
        army=MAX_INT, slug="x" * 200, name="Ejército de Ñandú — 日本 🐉", points=MAX_INT,
        groups=(CodeGroup(MAX_INT, (CodeMember(MAX_INT, MAX_INT, MAX_INT),), reinforcement=True), CodeGroup(1)),
    )
    assert decode(encode(code)) == code
    with pytest.raises(ArmyCodeError, match="does not fit"):
        encode(DecodedCode(army=MAX_INT + 1, slug="", name="", points=0))


# ----- several readings: never a guess ------------------------------------------------------------------
# Streams found by a search over small structures (no real code is like them: in the whole corpus one
# reading fits). Army 602, an empty name, 300 points.

ONE_PLAUSIBLE = bytes.fromhex("825a056d6f72617400812c020100020282060107000103010100020003028624020100000300"
                              "01000202020000")
"""Reads as 0x00 groups in both trooper forms; the Spec-Ops reading's upgrade is not JSON."""
TWO_IMPLAUSIBLE = bytes.fromhex("825a056d6f72617400812c0302010000020100020282060107000102020200030100020103010200008624"
                                "010100")
"""Reads two ways, and both have something the builder never writes: only data could tell."""


def test_of_two_readings_the_plausible_one_is_taken_and_the_other_said() -> None:
    reading = read_bytes(ONE_PLAUSIBLE)
    assert reading.decision is Decision.PLAUSIBLE
    assert implausible(reading.code) is None
    whole = [o for o in reading.others if o.whole]
    assert len(whole) == 1 and "not the JSON" in whole[0].reason
    assert all("byte" in o.reason for o in reading.others if not o.whole)


def test_two_readings_that_both_fit_are_refused_naming_both() -> None:
    with pytest.raises(AmbiguousCodeError) as caught:
        read_bytes(TWO_IMPLAUSIBLE)
    assert len(caught.value.readings) == 2
    assert "can be read in 2 ways" in caught.value.message
    assert {r.member_form for r in caught.value.readings} == {MemberForm.SHORT, MemberForm.SPECOPS}


# ----- damaged pastes: read what can be read, say what was ignored --------------------------------------

CLEAN = "gfUGbm9tYWRzASCBLAEBAQACAIbiAQEAAIGeAQEA"  # twonirwana's test: 40 characters, no padding needed
ONE_EQUALS = MORAT_REINFORCEMENTS_CODE  # ends with one (percent-encoded) '='


@pytest.mark.parametrize(("pasted", "ignored"), [
    (CLEAN + "=x", "'x' after the end of the code"),                        # a stray character after padding
    (CLEAN + "7", "the last character '7'"),                                # 41 characters cannot be base64
    (ONE_EQUALS.removesuffix("%3D") + "7", "the last character '7'"),       # 4n+3 and a stray: reads whole without it
    (ONE_EQUALS[:-1], "cut '%3D'"),                                         # percent-encoded padding, cut
])
def test_recoverable_damage_is_read_with_a_warning(pasted: str, ignored: str) -> None:
    reading = read(pasted)
    lost = [n.message for n in reading.notes if n.lost]
    assert len(lost) == 1 and ignored in lost[0]


def test_the_real_stray_character_is_reported_and_the_code_read() -> None:
    entry = real(name="Tacksss teams  3 more disco")
    assert entry["code"].endswith("%3D7")
    assert entry["ignored"] == [n.message for n in read(entry["code"]).notes if n.lost]


@pytest.mark.parametrize("pasted", [f'"{CLEAN}"', f"https://infinityuniverse.com/army/list/{CLEAN}",
                                    CLEAN[:20] + "\n" + CLEAN[20:]])
def test_wrappers_are_noted_but_lose_nothing(pasted: str) -> None:
    reading = read(pasted)
    assert reading.code == decode(CLEAN)
    assert reading.notes and not any(n.lost for n in reading.notes)


def test_a_refusal_names_the_byte_and_what_was_taken_off() -> None:
    with pytest.raises(ArmyCodeError) as caught:
        decode(CLEAN[:32] + "x")  # cut in the middle, and a stray character: 33 characters
    assert caught.value.offset is not None
    assert "cut short" in caught.value.message and "'x'" in caught.value.message
