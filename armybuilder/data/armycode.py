"""Army codes: the official Infinity Army builder's shareable list strings, decoded and encoded.

A code is base64 (standard alphabet, then percent-encoded for URLs) of a byte stream. An integer
is one byte below 0x80, else two bytes big-endian with the top bit as a flag (so at most 0x7FFF);
a string is an integer byte length and UTF-8 bytes. The stream is: army id, army slug, list name,
points limit, number of combat groups, then each combat group. Builders of different years framed
the groups in three ways and wrote troopers in two forms (one way for the whole code); every trooper
starts with an integer, its *lead*, that carries no list meaning and is kept so that a code encodes
back to its very bytes. See docs/army-codes.md.

Reading tries every framing and trooper form and keeps those that read the whole stream. It never
guesses: when several readings fit, the one with plausible contents is kept, else the caller's data
must decide (`AmbiguousCodeError` carries the readings; `armycode_lists` resolves them). Reading
never raises anything but `ArmyCodeError`, reads each byte once per reading it tries (four), and
checks that the bytes a count claims exist before looping over it.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.i18n import N_, tr, trn

if TYPE_CHECKING:  # the conversions live in armycode_lists, which imports this module
    from armybuilder.data.catalog import Catalog
    from armybuilder.domain.lists import ArmyList

MAX_INT = 0x7FFF
"""The largest integer a code can hold (15 bits: two bytes with the flag bit set)."""
MAX_TEXT = 100_000
"""Longest text accepted as a code (a real code is a few hundred characters)."""
NAME_BYTES_SAFE = 0x7F
"""Names up to this many UTF-8 bytes have a one-byte length, which every decoder agrees on."""
MAX_TROOPERS = 15
"""The most troopers a list holds (N5); a larger trooper count is a misreading or a damaged code."""
MAX_GROUP_NUMBER = 16
"""Combat group numbers above this are implausible (the builder numbers groups 1, 2, 3…)."""

_PARAMETERS = ("armycode", "armydata", "code", "list")
_URL_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*://)?(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?(?:/|$)", re.IGNORECASE)
_PERCENT_RE = re.compile(r"%[0-9a-fA-F]{2}")
_CUT_PERCENT_RE = re.compile(r"%[0-9a-fA-F]?$")
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

    @property
    def where_and_why(self) -> str:
        """'byte 44: the Spec-Ops flag is 0x02, …' (the message alone when no byte is named)."""
        problem = self.problems[0]
        return f"{problem.path}: {problem.message}" if problem.path else problem.message


class Framing(StrEnum):
    """How a code frames each combat group (one framing for the whole code)."""

    COUNT = "count"
    """`number, count, troopers…` — the oldest codes."""
    ZERO = "zero"
    """`number, 0x00, count, troopers…`."""
    FLAGGED = "flagged"
    """`number, 0x01, reinforcement flag, count, troopers…` — current codes."""


class MemberForm(StrEnum):
    """How the troopers of a code end (count-framed codes use the short form only)."""

    SHORT = "short"
    """`lead, unit, group, option, 0x00`."""
    SPECOPS = "specops"
    """`lead, unit, group, option, 0x00, flag` and, when flag is 1, a count of JSON strings (the
    Spec-Ops trooper's purchased upgrades) — what the official builder writes today."""


class LeadPattern(StrEnum):
    """What the troopers' leading integers look like in one code (they carry no list meaning)."""

    NONE = "none"
    """The code has no troopers."""
    ZEROS = "zeros"
    """Every lead is 0."""
    POSITIONS = "positions"
    """Each group's troopers are numbered 1, 2, 3… in order."""
    MIXED = "mixed"
    """Anything else: numbers out of order, zeros among positions (lists edited across builder versions)."""


class Decision(StrEnum):
    """Why the reading of a code was the one taken."""

    ONLY = "only"
    """No other reading reads the whole code."""
    PLAUSIBLE = "plausible"
    """Other readings read the whole code too, with contents the builder never writes."""
    DATA = "data"
    """Several readings were plausible; only one names troopers that are all in the data."""


@dataclass(frozen=True, slots=True)
class CodeMember:
    """One trooper of a code: unit id, profile group id (0 for a team option), option id, and its
    leading integer and Spec-Ops strings exactly as written (see `armycode_specops` to read those)."""

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

    `member_form` is normalized: SHORT for count framing (it has no Spec-Ops form), SPECOPS when no
    trooper of the code shows which form it used (the bytes are the same either way).
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
        if self.framing is Framing.COUNT:
            object.__setattr__(self, "member_form", MemberForm.SHORT)
        elif not any(g.members for g in self.groups):
            object.__setattr__(self, "member_form", MemberForm.SPECOPS)

    def members(self) -> list[tuple[CodeGroup, CodeMember]]:
        return [(g, m) for g in self.groups for m in g.members]

    def lead_pattern(self) -> LeadPattern:
        groups = [[m.lead for m in g.members] for g in self.groups if g.members]
        if not groups:
            return LeadPattern.NONE
        if all(lead == 0 for leads in groups for lead in leads):
            return LeadPattern.ZEROS
        if all(leads == list(range(1, len(leads) + 1)) for leads in groups):
            return LeadPattern.POSITIONS
        return LeadPattern.MIXED


@dataclass(frozen=True, slots=True)
class PasteNote:
    """Something taken off the pasted text to find the code; `lost` when it may have been part of
    the code (a stray character, a cut one), not just its wrapping (quotes, a link, line breaks)."""

    message: str
    lost: bool = False


@dataclass(frozen=True, slots=True)
class OtherReading:
    """A reading tried and not taken: `whole` when it read every byte too, and why it was not taken
    (`reason`: 'byte 44: the Spec-Ops flag is 0x02, expected 0x00 / 0x01', built when asked)."""

    framing: Framing
    member_form: MemberForm
    why: str | _Misread
    whole: bool = False

    @property
    def reason(self) -> str:
        return self.why if isinstance(self.why, str) else self.why.error().where_and_why


@dataclass(frozen=True, slots=True)
class CodeReading:
    """A code as read: its structure, why this reading was taken, what was taken off the paste,
    and the other readings tried with the reason each was not taken."""

    code: DecodedCode
    decision: Decision = Decision.ONLY
    notes: tuple[PasteNote, ...] = ()
    others: tuple[OtherReading, ...] = ()


class AmbiguousCodeError(ArmyCodeError):
    """A code that reads whole and plausibly in more than one way: only the data can tell which."""

    def __init__(self, readings: tuple[DecodedCode, ...], notes: tuple[PasteNote, ...] = ()) -> None:
        self.readings = readings
        self.notes = notes
        ways = "; ".join(describe_reading(r) for r in readings)
        super().__init__(trn("the code can be read in {n} way and nothing in it tells which is meant: {ways}",
                             "the code can be read in {n} ways and nothing in it tells which is meant: {ways}",
                             len(readings), ways=ways))


def describe_reading(code: DecodedCode) -> str:
    """'flagged groups, short troopers: 2 groups, 12 troopers' — one reading, for messages."""
    form = tr("Spec-Ops troopers") if code.member_form is MemberForm.SPECOPS else tr("short troopers")
    framing = {Framing.COUNT: tr("count-only groups"), Framing.ZERO: tr("0x00 groups"),
               Framing.FLAGGED: tr("flagged groups")}[code.framing]
    return tr("{framing}, {form}: {groups}, {troopers}", framing=framing, form=form,
              groups=trn("{n} group", "{n} groups", len(code.groups)),
              troopers=trn("{n} trooper", "{n} troopers", len(code.members())))


# ----- text → bytes -------------------------------------------------------------------------------

def paste_text(text: str) -> tuple[str, list[PasteNote]]:
    """The base64 body of what a user pasted (a code, a URL-encoded code, a builder link), with
    notes on what was taken off it. Raises ArmyCodeError when there is no code in it."""
    if not isinstance(text, str):
        raise ArmyCodeError(tr("an army code must be text, not {kind}", kind=type(text).__name__))
    if len(text) > MAX_TEXT:
        raise ArmyCodeError(tr("{length} characters is far too long for an army code", length=len(text)))
    notes: list[PasteNote] = []
    stripped = text.translate(_INVISIBLE).strip()
    unquoted = stripped.strip(_QUOTES).strip()
    if unquoted != stripped:
        notes.append(PasteNote(tr("took the code out of the quotes around it")))
    text = unquoted
    if not text:
        raise ArmyCodeError(tr("the army code is empty"))
    if _URL_RE.match(text):
        text = _from_link(text)
        notes.append(PasteNote(tr("took the code out of a link")))
    for _ in range(3):  # codes are sometimes percent-encoded twice (a link inside a link)
        if not _PERCENT_RE.search(text):
            break
        text = unquote(text, errors="replace")
    cut = _CUT_PERCENT_RE.search(text)
    if cut:
        notes.append(PasteNote(tr("ignored {tail!r} at the end: the rest of a cut '%3D' (padding)",
                                  tail=cut.group()), lost=True))
        text = text[:cut.start()]
    joined = "".join(text.split())
    if joined != text.strip() and joined:
        notes.append(PasteNote(tr("joined the code's lines (it was wrapped)")))
    text = joined
    if text.isdigit():
        raise ArmyCodeError(tr("{number} is the number of a list saved on the official server, not an army "
                               "code; open it in the official builder and copy its army code", number=text))
    if not text:
        raise ArmyCodeError(tr("the army code is empty"))
    return text.replace("-", "+").replace("_", "/"), notes


def code_text(text: str) -> str:
    """The base64 body of what a user pasted: a code, a URL-encoded code or a builder link."""
    return paste_text(text)[0]


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


def _base64_body(body: str, notes: list[PasteNote]) -> str:
    """The base64 characters of a body without padding: text after the padding and a last
    character that cannot be base64 (a length of 4n+1) are dropped, with a note."""
    bad = _NOT_BASE64_RE.search(body)
    if bad:
        raise ArmyCodeError(tr("the character {char!r} (position {position}) cannot be part of an army code",
                               char=bad.group(), position=bad.start() + 1))
    end = body.find("=")
    if end >= 0:
        tail = body[end:].lstrip("=")
        padding = len(body) - end - len(tail)
        if tail:
            notes.append(PasteNote(tr("ignored {tail!r} after the end of the code (after its '=' padding)",
                                      tail=tail[:40]), lost=True))
        elif padding > 2:
            raise ArmyCodeError(tr("the army code ends with too many '=' signs"))
        body = body[:end]
    if len(body) % 4 == 1:
        if len(body) == 1:
            raise ArmyCodeError(tr("the army code is cut short: {length} characters cannot be base64",
                                   length=len(body)))
        notes.append(PasteNote(tr("ignored the last character {char!r}: a code of {length} characters cannot "
                                  "end with it (a stray character, or the code was cut)",
                                  char=body[-1], length=len(body)), lost=True))
        body = body[:-1]
    return body


def _b64(body: str) -> bytes:
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - the checks above catch these
        raise ArmyCodeError(tr("not base64: {reason}", reason=str(exc))) from None


def paste_bytes(text: str) -> tuple[bytes, list[PasteNote]]:
    """The byte stream of a pasted code (either alphabet, padding optional), with notes."""
    body, notes = paste_text(text)
    return _b64(_base64_body(body, notes)), notes


def code_bytes(text: str) -> bytes:
    """Decode the base64 of a code (either alphabet, padding optional) into its byte stream."""
    return paste_bytes(text)[0]


# ----- bytes → structure --------------------------------------------------------------------------

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
_LEAD = N_("leading integer of a trooper")
_UNIT = N_("unit id")
_PROFILE_GROUP = N_("profile group id")
_OPTION = N_("option id")
_MEMBER_END = N_("end of a trooper")
_SPECOPS_FLAG = N_("Spec-Ops flag")
_UPGRADES = N_("Spec-Ops upgrades")
_UPGRADE_COUNT = N_("number of Spec-Ops upgrades")
_UPGRADE = N_("Spec-Ops upgrade")

READINGS: tuple[tuple[Framing, MemberForm], ...] = (
    (Framing.FLAGGED, MemberForm.SPECOPS),
    (Framing.FLAGGED, MemberForm.SHORT),
    (Framing.ZERO, MemberForm.SPECOPS),
    (Framing.ZERO, MemberForm.SHORT),
    (Framing.COUNT, MemberForm.SHORT),
)
"""Every way a code's groups and troopers can be written, newest first."""


_TRAILING = "trailing bytes"
"""The template of a _Misread for bytes after the last group (a counted message, built with trn)."""


class _Misread(Exception):
    """Where a reading stopped and why; the message is built (and translated) only when shown."""

    __slots__ = ("fields", "offset", "template")

    def __init__(self, offset: int, template: str, **fields: object) -> None:
        self.offset = offset
        self.template = template
        self.fields = fields

    def error(self) -> ArmyCodeError:
        fields: dict[str, Any] = {k: tr(v) if k == "what" and isinstance(v, str) else v
                                  for k, v in self.fields.items()}
        if self.template == _TRAILING:
            message = trn("{n} unexpected byte after the last combat group",
                          "{n} unexpected bytes after the last combat group", fields["n"])
        else:
            message = tr(self.template, **fields)
        return ArmyCodeError(message, self.offset)


_Member = tuple[int, int, int, int, "tuple[str, ...] | None"]
_Group = tuple[int, tuple[_Member, ...], bool]


class _Reader:
    """Reads one framing's structure from the byte stream; every read checks the bytes exist.

    Failures are `_Misread`s, cheap to raise: most readings of a code fail, and only the one shown
    becomes an ArmyCodeError. Troopers are tuples until the whole stream has been read.
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
            raise _Misread(pos, N_("the code ends where the {what} should be (is it cut short?)"), what=what)
        first = data[pos]
        if first < 0x80:
            self.pos = pos + 1
            return first
        if pos + 1 >= self.end:
            raise _Misread(pos, N_("the code ends inside the {what} (is it cut short?)"), what=what)
        self.pos = pos + 2
        return ((first & 0x7F) << 8) | data[pos + 1]

    def expect(self, what: str, allowed: tuple[int, ...]) -> int:
        at = self.pos
        value = self.read_int(what)
        if value not in allowed:
            raise _Misread(at, N_("the {what} is 0x{value:02X}, expected {expected}"), what=what, value=value,
                           expected=" / ".join(f"0x{a:02X}" for a in allowed))
        return value

    def nonzero(self, what: str) -> int:
        at = self.pos
        value = self.read_int(what)
        if value == 0:
            raise _Misread(at, N_("the {what} is 0"), what=what)
        return value

    def text(self, what: str) -> str:
        at = self.pos
        length = self.read_int(what)
        left = self.end - self.pos
        if length > left:
            raise _Misread(at, N_("the {what} claims {length} bytes but only {left} are left (is it cut short?)"),
                           what=what,
                           length=length, left=left)
        raw = self.data[self.pos:self.pos + length]
        self.pos += length
        return raw.decode("utf-8", errors="replace")

    def count(self, number: str, what: str, smallest: int) -> int:
        """A count, checked against the bytes left (each item needs at least `smallest`)."""
        at = self.pos
        value = self.read_int(number)
        left = self.end - self.pos
        if value * smallest > left:
            raise _Misread(at, N_("the code claims {count} {what} but only {left} bytes are left (is it cut short?)"),
                           count=value, what=what, left=left)
        return value

    def code(self) -> DecodedCode:
        army = self.nonzero(_ARMY_ID)
        slug = self.text(_ARMY_NAME)
        name = self.text(_LIST_NAME)
        points = self.read_int(_POINTS)
        smallest = {Framing.COUNT: 2, Framing.ZERO: 3, Framing.FLAGGED: 4}[self.framing]
        raw = [self.group() for _ in range(self.count(_GROUP_COUNT, _GROUPS, smallest))]
        if self.pos != self.end:
            raise _Misread(self.pos, _TRAILING, n=self.end - self.pos)
        groups = tuple(CodeGroup(number=number, reinforcement=reinforcement,
                                 members=tuple(CodeMember(unit=u, group=g, option=o, lead=lead, specops=specops)
                                               for lead, u, g, o, specops in members))
                       for number, members, reinforcement in raw)
        return DecodedCode(army=army, slug=slug, name=name, points=points, groups=groups,
                           framing=self.framing, member_form=self.form)

    def group(self) -> _Group:
        number = self.nonzero(_GROUP_NUMBER)
        reinforcement = False
        framing = self.framing
        if framing is Framing.ZERO:
            self.expect(_GROUP_MARKER, (0,))
        elif framing is Framing.FLAGGED:
            self.expect(_GROUP_MARKER, (1,))
            reinforcement = self.expect(_REINFORCEMENT, (0, 1)) == 1
        specops = self.form is MemberForm.SPECOPS
        size = self.count(_TROOPER_COUNT, _TROOPERS, 6 if specops else 5)
        members = []
        data, end = self.data, self.end
        for _ in range(size):
            # read inline when the bytes are there for sure (a trooper is read hundreds of thousands of
            # times in an organizer's batch); else, and on a bad value, by the checked reads, which raise
            start = pos = self.pos
            fast = pos + 9 <= end  # room for the longest trooper: four two-byte integers and the end
            if fast:
                b = data[pos]
                lead, pos = (b, pos + 1) if b < 0x80 else (((b & 0x7F) << 8) | data[pos + 1], pos + 2)
                b = data[pos]
                unit, pos = (b, pos + 1) if b < 0x80 else (((b & 0x7F) << 8) | data[pos + 1], pos + 2)
                b = data[pos]
                group, pos = (b, pos + 1) if b < 0x80 else (((b & 0x7F) << 8) | data[pos + 1], pos + 2)
                b = data[pos]
                option, pos = (b, pos + 1) if b < 0x80 else (((b & 0x7F) << 8) | data[pos + 1], pos + 2)
                fast = unit != 0 and data[pos] == 0
            if fast:
                self.pos = pos + 1
            else:
                self.pos = start
                lead = self.read_int(_LEAD)
                unit = self.nonzero(_UNIT)
                group = self.read_int(_PROFILE_GROUP)
                option = self.read_int(_OPTION)
                self.expect(_MEMBER_END, (0,))
            upgrades: tuple[str, ...] | None = None
            if specops:
                pos = self.pos
                if pos < end and data[pos] == 0:
                    self.pos = pos + 1
                elif self.expect(_SPECOPS_FLAG, (0, 1)):
                    upgrades = tuple(self.text(_UPGRADE) for _ in range(self.count(_UPGRADE_COUNT, _UPGRADES, 1)))
            members.append((lead, unit, group, option, upgrades))
        return number, tuple(members), reinforcement


def _marker(data: bytes) -> int | None:
    """The first combat group's second integer: its marker (1 flagged, 0 zero framing), or its trooper
    count in count framing; None when the code is too short to tell or has no group."""
    probe = _Reader(data, Framing.COUNT, MemberForm.SHORT)
    try:
        probe.read_int(_ARMY_ID)
        probe.text(_ARMY_NAME)
        probe.text(_LIST_NAME)
        probe.read_int(_POINTS)
        if probe.read_int(_GROUP_COUNT) == 0:
            return None
        probe.read_int(_GROUP_NUMBER)
        return probe.read_int(_GROUP_MARKER)
    except _Misread:
        return None


def implausible(code: DecodedCode) -> str | None:
    """Why a reading's contents are not what a builder writes, or None: Spec-Ops strings that are not
    JSON, two groups with one number, a group number above 16. Used only between readings that
    all read the whole code."""
    numbers = [g.number for g in code.groups]
    if len(set(numbers)) != len(numbers):
        return tr("two combat groups have the same number")
    if any(n > MAX_GROUP_NUMBER for n in numbers):
        return tr("a combat group is numbered above {limit}", limit=MAX_GROUP_NUMBER)
    for _, member in code.members():
        for text in member.specops or ():
            try:
                json.loads(text)
            except ValueError:
                return tr("a Spec-Ops upgrade is not the JSON the builder writes: {text!r}", text=text[:40])
    return None


def read_bytes(data: bytes, notes: tuple[PasteNote, ...] = ()) -> CodeReading:
    """Every reading of a byte stream tried; the one that fits taken (see the module's docstring).

    Raises AmbiguousCodeError when several fit plausibly, else ArmyCodeError naming the first bad
    byte: the one where the readings the first group's marker names got furthest (see _best_failure).
    """
    fits: list[DecodedCode] = []
    failures: dict[tuple[Framing, MemberForm], _Misread] = {}
    for framing, form in READINGS:
        try:
            code = _Reader(data, framing, form).code()
        except _Misread as stop:
            failures[framing, form] = stop
            continue
        if code not in fits:  # readings that cannot be told apart (no troopers) are one
            fits.append(code)
    if not fits:
        raise _best_failure(data, failures).error()
    others = [OtherReading(f, m, stop) for (f, m), stop in failures.items()]
    if len(fits) == 1:
        return CodeReading(fits[0], Decision.ONLY, notes, tuple(others))
    reasons = [implausible(code) for code in fits]
    plausible = [code for code, reason in zip(fits, reasons, strict=True) if reason is None]
    if len(plausible) != 1:
        raise AmbiguousCodeError(tuple(plausible or fits), notes)
    others += [OtherReading(code.framing, code.member_form, reason, whole=True)
               for code, reason in zip(fits, reasons, strict=True) if reason is not None]
    return CodeReading(plausible[0], Decision.PLAUSIBLE, notes, tuple(others))


def _best_failure(data: bytes, failures: dict[tuple[Framing, MemberForm], _Misread]) -> _Misread:
    marker = _marker(data)
    named = Framing.FLAGGED if marker == 1 else Framing.ZERO if marker == 0 else Framing.COUNT
    first = max((stop for (f, _), stop in failures.items() if f is named), key=lambda s: s.offset)
    rest = [stop for (f, _), stop in failures.items() if f is not named]
    second = max(rest, key=lambda s: s.offset) if rest else None
    # a count-framed code whose first group has 0 or 1 trooper looks flagged or 0x00-framed by its
    # marker; misread so, it fails claiming more troopers than a list holds (a unit id read as the
    # count): then the count framing's error tells more. A cut current code claims a real count.
    count = first.fields.get("count")
    misread = first.fields.get("what") == _TROOPERS and isinstance(count, int) and count > MAX_TROOPERS
    if second is not None and misread and first.offset < second.offset:
        return second
    return first


def read(text: str) -> CodeReading:
    """Read an army code as pasted (plain, URL-encoded, wrapped over lines, quoted or inside a builder
    link), with notes on what was taken off the paste; raises ArmyCodeError when it cannot be read.

    A last character that keeps an unpadded code from reading is dropped with a note when the code
    reads whole without it (a stray character typed after a code that needs no padding).
    """
    body, notes = paste_text(text)
    base = _base64_body(body, notes)
    try:
        return read_bytes(_b64(base), tuple(notes))
    except AmbiguousCodeError:
        raise
    except ArmyCodeError as exc:
        shorter = base[:-1]
        if "=" not in body and len(shorter) % 4 != 1 and len(shorter) >= 8:
            try:
                reading = read_bytes(_b64(shorter))
            except ArmyCodeError:
                pass
            else:
                note = PasteNote(tr("ignored the last character {char!r}: the code reads whole without it",
                                    char=base[-1]), lost=True)
                return CodeReading(reading.code, reading.decision, (*notes, note), reading.others)
        lost = [note.message for note in notes if note.lost]
        if lost:  # what was taken off may be why: say so
            raise ArmyCodeError(f"{exc.message} ({'; '.join(lost)})", exc.offset) from None
        raise


def decode_bytes(data: bytes) -> DecodedCode:
    """The structure of a code's byte stream; raises ArmyCodeError naming the first bad byte."""
    return read_bytes(data).code


def decode(text: str) -> DecodedCode:
    """Decode an army code as pasted (see `read`); raises ArmyCodeError when unreadable or ambiguous."""
    return read(text).code


def list_from_code(text: str, catalog: Catalog) -> ArmyList:
    """The army list a pasted code describes (`validate --code`); raises ArmyCodeError when unreadable.

    Troopers the data does not know keep their ids: validation reports them.
    """
    from armybuilder.data.armycode_lists import read_list

    return read_list(text, catalog).army_list


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
    specops_form = framing is not Framing.COUNT and code.member_form is MemberForm.SPECOPS
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
