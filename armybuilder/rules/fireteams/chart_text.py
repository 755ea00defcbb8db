"""What a fireteam chart's own texts say (RULES.md §4): its `desc` and each team's note (`obs`).

A sectorial may change the fireteam sizes in its chart's text — Steel Phalanx: "In this Sectorial,
the Fireteams Core have a maximum of 4 members." — and a team's note may close it to wildcards
("No Wildcards"). The reader turns each sentence it understands into facts (a size limit per type,
a team closed to wildcards, or a play rule that changes nothing at list building) and keeps every
sentence it cannot read, so the chart audit reports it instead of the rules ignoring it.

Only the statement forms the official charts use are read; a new form is reported until it is taught
here (docs/fireteams.md lists every text of the 56 official charts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from armybuilder.domain.values import FireteamType

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_TYPE = r"(?P<type>core|haris|duo)"
_SIZE_FORMS = (
    # "the Fireteams Core have a maximum of 4 members", "Fireteam Duo may have a minimum of 2 members",
    # "Core Fireteams have a maximum of 4 members"
    re.compile(r"\bfireteams?\s+" + _TYPE + r"s?\s+(?:have|has|can have|may have)\s+an?\s+(?P<bound>maximum|minimum)"
               r"\s+of\s+(?P<n>\d+)\s+(?:members|troopers)\b", re.IGNORECASE),
    re.compile(r"\b" + _TYPE + r"\s+fireteams?\s+(?:have|has|can have|may have)\s+an?\s+(?P<bound>maximum|minimum)"
               r"\s+of\s+(?P<n>\d+)\s+(?:members|troopers)\b", re.IGNORECASE),
)
_NO_WILDCARDS = re.compile(r"\bno\s+wildcards?\b", re.IGNORECASE)
_PLAY_RULES = (
    # rules for the table, not for the list: a bonus skill, when a team is cancelled
    re.compile(r"\bit is considered that all members of .* fireteam possess\b", re.IGNORECASE),
    re.compile(r"\bfireteam is (?:automatically )?cancell?ed if\b", re.IGNORECASE),
)


@dataclass(frozen=True)
class ChartText:
    """The facts read from a chart text, and the sentences that could not be read."""

    maximum: dict[FireteamType, int] = field(default_factory=dict)
    minimum: dict[FireteamType, int] = field(default_factory=dict)
    no_wildcards: bool = False
    read: tuple[str, ...] = ()
    """Sentences understood as list-building rules."""
    play: tuple[str, ...] = ()
    """Sentences understood as rules of play (no effect on a list)."""
    unread: tuple[str, ...] = ()
    """Sentences the reader does not understand: the audit reports them."""


def sentences(text: str) -> list[str]:
    return [" ".join(s.split()) for s in _SENTENCE.findall(text or "") if s.strip(" .!?\n")]


@lru_cache(maxsize=512)
def read_chart_text(text: str) -> ChartText:
    """Read a chart's `desc` or a team's `obs`, sentence by sentence."""
    maximum: dict[FireteamType, int] = {}
    minimum: dict[FireteamType, int] = {}
    no_wildcards = False
    read: list[str] = []
    play: list[str] = []
    unread: list[str] = []
    for sentence in sentences(text):
        understood = False
        for form in _SIZE_FORMS:
            for match in form.finditer(sentence):
                target = maximum if match.group("bound").casefold() == "maximum" else minimum
                target[FireteamType(match.group("type").upper())] = int(match.group("n"))
                understood = True
        if _NO_WILDCARDS.search(sentence):
            no_wildcards = understood = True
        if understood:
            read.append(sentence)
        elif any(form.search(sentence) for form in _PLAY_RULES):
            play.append(sentence)
        else:
            unread.append(sentence)
    return ChartText(maximum, minimum, no_wildcards, tuple(read), tuple(play), tuple(unread))


def size_override(text: ChartText, team_type: FireteamType, low: int, high: int) -> tuple[int, int]:
    """The edition's size of a type with the chart text's own minimum and maximum applied."""
    return text.minimum.get(team_type, low), text.maximum.get(team_type, high)
