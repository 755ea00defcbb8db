"""Army codes: the official Infinity Army builder's shareable list strings, decoded and encoded.

A code is base64 (standard alphabet, then percent-encoded for URLs) of a byte stream. An integer
is one byte below 0x80, else two bytes big-endian with the top bit as a flag (so at most 0x7FFF);
a string is an integer byte length and UTF-8 bytes. The stream is: army id, army slug, list name,
points limit, number of combat groups, then each combat group. Builders of different years framed
the groups in three ways (one way for all the groups of a code); see docs/army-codes.md.

Decoding never raises anything but `ArmyCodeError`, reads each byte once per framing it tries
(at most three), and checks that the bytes a count claims exist before looping over it.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.i18n import tr, trn

if TYPE_CHECKING:  # the conversions live in armycode_lists, which imports this module
    from armybuilder.data.catalog import Catalog
    from armybuilder.domain.lists import ArmyList

MAX_INT = 0x7FFF
"""The largest integer a code can hold (15 bits: two bytes with the flag bit set)."""
MAX_TEXT = 100_000
"""Longest text accepted as a code (a real code is a few hundred characters)."""
NAME_BYTES_SAFE = 0x7F
"""Names up to this many UTF-8 bytes have a one-byte length, which every decoder agrees on."""

_PARAMETERS = ("armycode", "armydata", "code", "list")
_URL_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*://)?(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?(?:/|$)", re.IGNORECASE)
_PERCENT_RE = re.compile(r"%[0-9a-fA-F]{2}")
_NOT_BASE64_RE = re.compile(r"[^A-Za-z0-9+/=]")
_QUOTES = "\"'`<>“”‘’«»"
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))  # zero-width marks from chats


class ArmyCodeError(DataError):
    """An army code that cannot be read (or a list that cannot be written as one)."""

    def __init__(self, message: str, offset: int | None = None) -> None:
        self.offset = offset
        where = tr("byte {offset}", offset=offset) if offset is not None else ""
        super().__init__(DataProblem(tr("army code"), message, path=where))

    @property
    def message(self) -> str:
        return self.problems[0].message


class Framing(StrEnum):
    """How a code frames each combat group (one framing for the whole code)."""

    COUNT = "count"
    """`number, count, members…` — the oldest codes."""
    ZERO = "zero"
    """`number, 0x00, count, members…` — members numbered 1, 2, 3… in their leading byte."""
    FLAGGED = "flagged"
    """`number, 0x01, reinforcement flag, count, members…` — current codes."""


class MemberForm(StrEnum):
    """How members of flagged groups end (codes with other framings use the short form)."""

    SHORT = "short"
    """`lead, unit, group, option, 0x00`."""
    SPECOPS = "specops"
    """`lead, unit, group, option, 0x00, flag` and, when flag is 1, a count of JSON strings (the
    Spec-Ops trooper's purchased upgrades) — what the official builder writes today."""


@dataclass(frozen=True, slots=True)
class CodeMember:
    """One trooper of a code: unit id, profile group id (0 for a team option) and option id."""

    unit: int
    group: int
    option: int
    lead: int = 0
    specops: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class CodeGroup:
    """A combat group of a code; `reinforcement` exists only in flagged framing."""

    number: int
    members: tuple[CodeMember, ...] = ()
    reinforcement: bool = False


@dataclass(frozen=True, slots=True)
class DecodedCode:
    """Everything an army code holds.

    `member_form` is normalized: SHORT for count/zero framings, SPECOPS when no member of a flagged
    code shows which form it used (the bytes are the same either way).
    """

    army: int
    slug: str
    name: str
    points: int
    groups: tuple[CodeGroup, ...] = ()
    framing: Framing = Framing.FLAGGED
    member_form: MemberForm = MemberForm.SPECOPS

    def __post_init__(self) -> None:
        if not self.groups and self.framing is not Framing.FLAGGED:
            object.__setattr__(self, "framing", Framing.FLAGGED)
        if self.framing is not Framing.FLAGGED:
            object.__setattr__(self, "member_form", MemberForm.SHORT)
        elif not any(g.members for g in self.groups):
            object.__setattr__(self, "member_form", MemberForm.SPECOPS)

    def members(self) -> list[tuple[CodeGroup, CodeMember]]:
        return [(g, m) for g in self.groups for m in g.members]


# ----- text → bytes -------------------------------------------------------------------------------

def code_text(text: str) -> str:
    """The base64 body of what a user pasted: a code, a URL-encoded code or a builder link."""
    if not isinstance(text, str):
        raise ArmyCodeError(tr("an army code must be text, not {kind}", kind=type(text).__name__))
    if len(text) > MAX_TEXT:
        raise ArmyCodeError(tr("{length} characters is far too long for an army code", length=len(text)))
    text = text.translate(_INVISIBLE).strip().strip(_QUOTES).strip()
    if not text:
        raise ArmyCodeError(tr("the army code is empty"))
    if _URL_RE.match(text):
        text = _from_link(text)
    for _ in range(3):  # codes are sometimes percent-encoded twice (a link inside a link)
        if not _PERCENT_RE.search(text):
            break
        text = unquote(text, errors="replace")
    text = "".join(text.split())
    if text.isdigit():
        raise ArmyCodeError(tr("{number} is the number of a list saved on the official server, not an army "
                               "code; open it in the official builder and copy its army code", number=text))
    return text.replace("-", "+").replace("_", "/")


def _from_link(link: str) -> str:
    """The code inside a builder link: …/army/list/CODE, or a ?code= style parameter."""
    try:
        parts = urlsplit(link if "://" in link else "https://" + link)
    except ValueError:
        raise ArmyCodeError(tr("this link has no army code in it: {link}", link=link[:200])) from None
    for query in (parts.query, parts.fragment.partition("?")[2]):
        for pair in re.split(r"[&;]", query):
            key, _, value = pair.partition("=")
            if key.lower() in _PARAMETERS and value:
                return value
    for where in (parts.path, parts.fragment):
        segments = [s for s in where.split("/") if s]
        lowered = [s.lower() for s in segments]
        if "list" in lowered:
            rest = segments[lowered.index("list") + 1:]
            if rest:
                return "/".join(rest)  # an unencoded code keeps its own '/' characters
    segments = [s for s in parts.path.split("/") if s]
    if segments and len(segments[-1]) >= 16:  # a bare code as the last part of some other link
        return segments[-1]
    raise ArmyCodeError(tr("this link has no army code in it: {link}", link=link[:200]))


def code_bytes(text: str) -> bytes:
    """Decode the base64 of a code (either alphabet, padding optional) into its byte stream."""
    body = code_text(text)
    bad = _NOT_BASE64_RE.search(body)
    if bad:
        raise ArmyCodeError(tr("the character {char!r} (position {position}) cannot be part of an army code",
                               char=bad.group(), position=bad.start() + 1))
    end = body.find("=")
    if end >= 0:
        tail = body[end:].lstrip("=")
        if tail:
            raise ArmyCodeError(tr("there is text after the end of the army code: {tail!r}", tail=tail[:40]))
        if len(body) - end > 2:
            raise ArmyCodeError(tr("the army code ends with too many '=' signs"))
        body = body[:end]
    if len(body) % 4 == 1:
        raise ArmyCodeError(tr("the army code is cut short: {length} characters cannot be base64",
                               length=len(body)))
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - the checks above catch these
        raise ArmyCodeError(tr("not base64: {reason}", reason=str(exc))) from None


# ----- bytes → structure --------------------------------------------------------------------------

def N_(text: str) -> str:
    """Mark a text for translation; it is translated with tr() when a message uses it."""
    return text


_ARMY_ID = N_("army id")
_ARMY_NAME = N_("army name")
_LIST_NAME = N_("list name")
_POINTS = N_("points limit")
_GROUPS = N_("combat groups")
_GROUP_COUNT = N_("number of combat groups")
_GROUP_NUMBER = N_("combat group number")
_GROUP_MARKER = N_("combat group marker")
_REINFORCEMENT = N_("reinforcement flag")
_TROOPERS = N_("troopers")
_TROOPER_COUNT = N_("number of troopers")
_LEAD = N_("leading byte of a trooper")
_UNIT = N_("unit id")
_PROFILE_GROUP = N_("profile group id")
_OPTION = N_("option id")
_MEMBER_END = N_("end of a trooper")
_SPECOPS_FLAG = N_("Spec-Ops flag")
_UPGRADES = N_("Spec-Ops upgrades")
_UPGRADE_COUNT = N_("number of Spec-Ops upgrades")
_UPGRADE = N_("Spec-Ops upgrade")


class _Reader:
    """Reads one framing's structure from the byte stream; every read checks the bytes exist.

    Names of the fields read are English constants, translated only when a message is built.
    """

    __slots__ = ("data", "end", "form", "framing", "pos")

    def __init__(self, data: bytes, framing: Framing, form: MemberForm) -> None:
        self.data = data
        self.end = len(data)
        self.framing = framing
        self.form = form
        self.pos = 0

    def read_int(self, what: str) -> int:
        data = self.data
        pos = self.pos
        if pos >= self.end:
            raise ArmyCodeError(tr("the code ends where the {what} should be", what=tr(what)), pos)
        first = data[pos]
        if first < 0x80:
            self.pos = pos + 1
            return first
        if pos + 1 >= self.end:
            raise ArmyCodeError(tr("the code ends inside the {what}", what=tr(what)), pos)
        self.pos = pos + 2
        return ((first & 0x7F) << 8) | data[pos + 1]

    def expect(self, what: str, allowed: tuple[int, ...]) -> int:
        at = self.pos
        value = self.read_int(what)
        if value not in allowed:
            expected = " / ".join(f"0x{a:02X}" for a in allowed)
            raise ArmyCodeError(tr("the {what} is 0x{value:02X}, expected {expected}",
                                   what=tr(what), value=value, expected=expected), at)
        return value

    def nonzero(self, what: str) -> int:
        at = self.pos
        value = self.read_int(what)
        if value == 0:
            raise ArmyCodeError(tr("the {what} is 0", what=tr(what)), at)
        return value

    def text(self, what: str) -> str:
        at = self.pos
        length = self.read_int(what)
        left = self.end - self.pos
        if length > left:
            raise ArmyCodeError(tr("the {what} claims {length} bytes but only {left} are left",
                                   what=tr(what), length=length, left=left), at)
        raw = self.data[self.pos:self.pos + length]
        self.pos += length
        return raw.decode("utf-8", errors="replace")

    def count(self, number: str, what: str, smallest: int) -> int:
        """A count, checked against the bytes left (each item needs at least `smallest`)."""
        at = self.pos
        value = self.read_int(number)
        left = self.end - self.pos
        if value * smallest > left:
            raise ArmyCodeError(tr("the code claims {count} {what} but only {left} bytes are left (is it cut short?)",
                                   count=value, what=tr(what), left=left), at)
        return value

    def code(self) -> DecodedCode:
        army = self.nonzero(_ARMY_ID)
        slug = self.text(_ARMY_NAME)
        name = self.text(_LIST_NAME)
        points = self.read_int(_POINTS)
        smallest = 2 if self.framing is Framing.COUNT else 3
        groups = tuple(self.group() for _ in range(self.count(_GROUP_COUNT, _GROUPS, smallest)))
        if self.pos != self.end:
            raise ArmyCodeError(trn("{n} unexpected byte after the last combat group",
                                    "{n} unexpected bytes after the last combat group", self.end - self.pos), self.pos)
        return DecodedCode(army=army, slug=slug, name=name, points=points, groups=groups,
                           framing=self.framing, member_form=self.form)

    def group(self) -> CodeGroup:
        number = self.nonzero(_GROUP_NUMBER)
        reinforcement = False
        framing = self.framing
        if framing is Framing.ZERO:
            self.expect(_GROUP_MARKER, (0,))
        elif framing is Framing.FLAGGED:
            self.expect(_GROUP_MARKER, (1,))
            reinforcement = self.expect(_REINFORCEMENT, (0, 1)) == 1
        smallest = 6 if framing is Framing.FLAGGED and self.form is MemberForm.SPECOPS else 5
        size = self.count(_TROOPER_COUNT, _TROOPERS, smallest)
        return CodeGroup(number=number, members=tuple(self.member() for _ in range(size)),
                         reinforcement=reinforcement)

    def member(self) -> CodeMember:
        flagged = self.framing is Framing.FLAGGED
        lead = self.read_int(_LEAD) if self.framing is Framing.ZERO else self.expect(_LEAD, (0,))
        unit = self.nonzero(_UNIT)
        group = self.read_int(_PROFILE_GROUP)
        option = self.read_int(_OPTION)
        self.expect(_MEMBER_END, (0,))
        specops: tuple[str, ...] | None = None
        if flagged and self.form is MemberForm.SPECOPS and self.expect(_SPECOPS_FLAG, (0, 1)):
            specops = tuple(self.text(_UPGRADE) for _ in range(self.count(_UPGRADE_COUNT, _UPGRADES, 1)))
        return CodeMember(unit=unit, group=group, option=option, lead=lead, specops=specops)


def _candidates(data: bytes) -> tuple[list[tuple[Framing, MemberForm]], list[tuple[Framing, MemberForm]], int]:
    """Framings worth trying, judged by the first combat group's header: the ones its marker byte
    names (most recent first), the count-only fallback (its count happens to be 0 or 1), and where
    the first group's header ends."""
    probe = _Reader(data, Framing.COUNT, MemberForm.SHORT)
    current = [(Framing.FLAGGED, MemberForm.SPECOPS)]
    try:
        probe.read_int(_ARMY_ID)
        probe.text(_ARMY_NAME)
        probe.text(_LIST_NAME)
        probe.read_int(_POINTS)
        if probe.read_int(_GROUP_COUNT) == 0:
            return current, [], probe.pos
        probe.read_int(_GROUP_NUMBER)
        marker = probe.read_int(_GROUP_MARKER)
    except ArmyCodeError:
        return current, [], 0  # too short to tell: the current form reports what is missing
    fallback = [(Framing.COUNT, MemberForm.SHORT)]
    if marker == 1:
        return [*current, (Framing.FLAGGED, MemberForm.SHORT)], fallback, probe.pos
    if marker == 0:
        return [(Framing.ZERO, MemberForm.SHORT)], fallback, probe.pos
    return fallback, [], probe.pos


def _attempt(data: bytes, framings: list[tuple[Framing, MemberForm]]) -> DecodedCode | ArmyCodeError | None:
    """The first framing that reads the whole stream, else the error that got furthest."""
    best: ArmyCodeError | None = None
    for framing, form in framings:
        try:
            return _Reader(data, framing, form).code()
        except ArmyCodeError as exc:
            if best is None or (exc.offset or 0) > (best.offset or 0):
                best = exc
    return best


def decode_bytes(data: bytes) -> DecodedCode:
    """The structure of a code's byte stream; raises ArmyCodeError naming the first bad byte.

    When nothing fits, the error reported is the named framings' (the furthest they got), unless
    they fail on the first group's header itself: then the fallback's, if it got further.
    """
    named, fallback, header_end = _candidates(data)
    first = _attempt(data, named)
    if isinstance(first, DecodedCode):
        return first
    second = _attempt(data, fallback)
    if isinstance(second, DecodedCode):
        return second
    assert first is not None
    if second is not None and (first.offset or 0) <= header_end < (second.offset or 0):
        raise second
    raise first


def decode(text: str) -> DecodedCode:
    """Decode an army code as pasted (plain, URL-encoded, wrapped over lines or inside a builder link)."""
    return decode_bytes(code_bytes(text))


def list_from_code(text: str, catalog: Catalog) -> ArmyList:
    """The army list a pasted code describes (`validate --code`); raises ArmyCodeError when unreadable.

    Troopers the data does not know keep their ids: validation reports them.
    """
    from armybuilder.data.armycode_lists import to_army_list

    return to_army_list(decode(text), catalog)


# ----- structure → text ---------------------------------------------------------------------------

def _int(out: bytearray, value: int, what: str) -> None:
    if not 0 <= value <= MAX_INT:
        raise ArmyCodeError(tr("the {what} {value} does not fit in an army code (0 to {limit})",
                               what=tr(what), value=value, limit=MAX_INT))
    if value < 0x80:
        out.append(value)
    else:
        out += bytes(((value >> 8) | 0x80, value & 0xFF))


def _nonzero(out: bytearray, value: int, what: str) -> None:
    if value == 0:
        raise ArmyCodeError(tr("the {what} is 0", what=tr(what)))
    _int(out, value, what)


def _text(out: bytearray, value: str, what: str) -> None:
    raw = value.encode("utf-8", errors="replace")
    if len(raw) > MAX_INT:
        raise ArmyCodeError(tr("the {what} is too long for an army code ({length} bytes)", what=tr(what),
                               length=len(raw)))
    _int(out, len(raw), what)
    out += raw


def encode_bytes(code: DecodedCode) -> bytes:
    """The byte stream of a code; raises ArmyCodeError when something cannot be written."""
    out = bytearray()
    _nonzero(out, code.army, _ARMY_ID)
    _text(out, code.slug, _ARMY_NAME)
    _text(out, code.name, _LIST_NAME)
    _int(out, code.points, _POINTS)
    _int(out, len(code.groups), _GROUP_COUNT)
    framing = code.framing
    flagged = framing is Framing.FLAGGED
    specops_form = flagged and code.member_form is MemberForm.SPECOPS
    for group in code.groups:
        if group.reinforcement and not flagged:
            raise ArmyCodeError(tr("only the flagged framing can mark a Reinforcements group"))
        _nonzero(out, group.number, _GROUP_NUMBER)
        if framing is Framing.ZERO:
            out.append(0)
        elif flagged:
            out += b"\x01\x01" if group.reinforcement else b"\x01\x00"
        _int(out, len(group.members), _TROOPER_COUNT)
        for member in group.members:
            if member.lead and framing is not Framing.ZERO:
                raise ArmyCodeError(tr("the leading byte of a trooper must be 0x00 outside the zero framing"))
            if member.specops is not None and not specops_form:
                raise ArmyCodeError(tr("only the current form of troopers can hold Spec-Ops upgrades"))
            _int(out, member.lead, _LEAD)
            _nonzero(out, member.unit, _UNIT)
            _int(out, member.group, _PROFILE_GROUP)
            _int(out, member.option, _OPTION)
            out.append(0)
            if specops_form:
                if member.specops is None:
                    out.append(0)
                else:
                    out.append(1)
                    _int(out, len(member.specops), _UPGRADE_COUNT)
                    for upgrade in member.specops:
                        _text(out, upgrade, _UPGRADE)
    return bytes(out)


def encode(code: DecodedCode, *, url_encoded: bool = True) -> str:
    """The text of a code: standard base64, percent-encoded as the official builder writes it."""
    text = base64.b64encode(encode_bytes(code)).decode("ascii")
    if url_encoded:
        text = text.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return text
