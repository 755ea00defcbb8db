"""An army's fireteam chart: per-type limits and the teams its units may form (RULES.md §4)."""

from __future__ import annotations

import re
import unicodedata
from functools import cached_property

from pydantic import Field

from armybuilder.domain.values import FireteamType, Frozen

UNLIMITED_TEAMS = 256
"""A per-type limit of 256 in the chart header means no limit."""

_BRACKETS = re.compile(r"\(([^()]*)\)")
_TERM_SEPARATORS = re.compile(r"[,;&/]")
_FTO = re.compile(r"\bFTO(?:-\d+)?\b", re.IGNORECASE)


def normalize_term(term: str) -> str:
    """Fold a bracket term or unit name so that spellings of one unit compare equal.

    "(Fusilier)" and "(Fusiliers)", "Nisse" and "NISSES", "Knight Hospitaller" and "Knights
    Hospitaller", "Métro" and "Métros", "Bolt Reinf" and "BOLT REINF" all fold to the same key:
    case, accents, punctuation and spacing are ignored, and each word loses a plural ending
    ("ies" → "y", a trailing "s", then a trailing "e", so "Alguacil"/"Alguaciles" match too).
    """
    text = unicodedata.normalize("NFKD", term.casefold())
    text = "".join(c if c.isalnum() else " " for c in text if not unicodedata.combining(c))
    return " ".join(_singular(word) for word in text.split())


def _singular(word: str) -> str:
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


class ChartMember(Frozen):
    """One line of a chart team: which unit may join, how many, and how it counts."""

    slug: str = Field(description="slug of the unit that may join")
    name: str = Field(default="", description="label printed in the chart, e.g. 'BLADE FTO'")
    min: int = Field(default=0, ge=0)
    max: int = Field(default=5, ge=0)
    required: bool = Field(default=False, description="the chart's asterisk: a team needs one")
    comment: str = Field(default="", description="bracket terms such as '(Fusiliers)' and/or 'FTO'")

    @cached_property
    def terms(self) -> tuple[str, ...]:
        """Bracket terms this member counts as for the level, e.g. ('WinterFor Alpha', 'Nisses')."""
        found: list[str] = []
        for group in _BRACKETS.findall(self.comment):
            for part in _TERM_SEPARATORS.split(group):
                part = part.strip()
                if part and not _FTO.fullmatch(part):
                    found.append(part)
        return tuple(found)

    @cached_property
    def fto(self) -> str | None:
        """'FTO' when only FTO options may join, or the exact variant such as 'FTO-2'."""
        for text in (self.comment, self.name):
            match = _FTO.search(text)
            if match:
                return match.group(0).upper()
        return None


class ChartTeam(Frozen):
    """A team of the chart; a team with no types is the Wildcards list."""

    name: str
    types: tuple[FireteamType, ...] = ()
    note: str = Field(default="", description="the chart's `obs`, e.g. 'No Wildcards': rule text, read as rules")
    source: str | None = Field(default=None, description="where the team comes from (authored data); never read "
                                                         "as a rule")
    members: tuple[ChartMember, ...] = ()
    sizes: dict[FireteamType, tuple[int, int]] = Field(
        default_factory=dict,
        description="per-type size overrides (min, max) where this team departs from the edition",
    )

    @property
    def is_wildcards(self) -> bool:
        return not self.types

    @property
    def forbids_wildcards(self) -> bool:
        return "no wildcard" in self.note.lower()


class FireteamChart(Frozen):
    """Limits per fireteam type (256 = no limit, 0 = none) and the army's teams."""

    limits: dict[FireteamType, int] = Field(default_factory=dict)
    description: str = Field(default="", description="the chart's `desc`: rule text, read as rules (Steel "
                                                     "Phalanx's 'Core have a maximum of 4 members')")
    source: str | None = Field(default=None, description="where the chart comes from (authored data); never read "
                                                         "as a rule")
    teams: tuple[ChartTeam, ...] = ()

    def limit(self, team_type: FireteamType) -> int | None:
        """How many teams of this type may exist at once; None when unlimited."""
        value = self.limits.get(team_type, 0)
        return None if value >= UNLIMITED_TEAMS else value

    @property
    def wildcards(self) -> tuple[ChartMember, ...]:
        return tuple(m for team in self.teams if team.is_wildcards for m in team.members)

    def team(self, name: str) -> ChartTeam | None:
        for team in self.teams:
            if team.name.strip() == name.strip():
                return team
        return None
