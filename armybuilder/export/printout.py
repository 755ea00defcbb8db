"""A list ready to print: its validation report, rules context, weapon profiles, army code and fireteams.

Every exporter (PDF, text, the GUI preview) starts from a `Printout`, so the list is resolved
and validated once, and the print options (paper, units, language, date) travel together.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

from armybuilder import __version__
from armybuilder.data.catalog import Catalog
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.profiles import Army, WeaponProfile
from armybuilder.domain.values import FireteamType
from armybuilder.i18n import language_override, tr
from armybuilder.rules.context import RuleContext
from armybuilder.rules.engine import Report, context_in_catalog, run_rules
from armybuilder.rules.fireteams.assess import assess_fireteams

Paper = Literal["a4", "letter"]
Units = Literal["cm", "inch"]


@dataclass(frozen=True)
class PrintOptions:
    """How to print: paper, distance units, language, and the date/version stamped on the page.

    `date` and `app_version` default to today and this build; tests fix them so goldens are stable.
    `reproducible` makes the PDF bytes identical run after run (no creation time, fixed ids).
    """

    paper: Paper = "a4"
    units: Units = "inch"
    language: str = "en"
    date: dt.date | None = None
    app_version: str | None = None
    allow_illegal: bool = False
    weapons_reference: bool = True
    reproducible: bool = False

    @property
    def printed_on(self) -> str:
        return (self.date or dt.date.today()).isoformat()

    @property
    def version(self) -> str:
        return self.app_version or __version__


@dataclass(frozen=True)
class FireteamLine:
    """A declared fireteam as printed: members by trooper uid, its level and bonuses."""

    uid: str
    type: FireteamType
    team: str
    members: tuple[str, ...]
    level: int
    bonuses: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Printout:
    """A list with everything its print-outs need."""

    army_list: ArmyList
    context: RuleContext
    report: Report
    weapons: Mapping[str, WeaponProfile] = field(default_factory=dict)
    army_code: str | None = None
    name_languages: tuple[str, ...] = ("en",)
    """The languages its data names weapons, skills and equipment in (Spanish once imported)."""

    @property
    def army(self) -> Army:
        return self.report.roster.army

    @property
    def legal(self) -> bool:
        return self.report.legal


class PrintLayoutError(Exception):
    """A print-out that cannot be laid out (one row taller than a whole page): `str()` says so in words."""


class IllegalListError(Exception):
    """The list breaks rules and the user did not ask to print it anyway."""

    def __init__(self, report: Report) -> None:
        super().__init__("the list is not legal")
        self.report = report


def prepare(army_list: ArmyList, catalog: Catalog, code: str | None = None) -> Printout:
    """Resolve and validate a list against the catalog; raises DataError when its army is unavailable.

    `code` is the army code the list was read from, if any: printed as given instead of re-encoded.
    """
    context = context_in_catalog(army_list, catalog)
    army = context.army
    report = run_rules(context)
    army_code = code if code is not None else encode_army_code(army_list, army, context.points_limit)
    return Printout(army_list, context, report, catalog.weapons(army.origin), army_code,
                    catalog.name_languages(army.origin))


def english_names_note(origin: str, name_languages: Sequence[str], wanted: str) -> str | None:
    """What to say, once, when a print-out (or the app) in Spanish keeps the official data's English
    names: why, and how to get the Spanish ones. None when there is nothing to say (English, Spanish
    names imported, or a bundled database, whose names are its own)."""
    if wanted != "es" or origin != "imported" or "es" in name_languages:
        return None
    return tr("Weapon, skill and equipment names stay in English: the imported data has no Spanish names. Get them "
              "once with `armybuilder data import --url --lang es` (in the app: File → Import Infinity Army "
              "data…, \"Also download the Spanish names\").")


def encode_army_code(army_list: ArmyList, army: Army, points_limit: int) -> str | None:
    """The list's army code (`armybuilder.data.armycode_lists`), for lists of the official data only.

    A bundled army reuses official ids only in part, so a code written from it would open the wrong
    troopers (or none) in the official builder: those print-outs carry no code rather than a wrong one.
    """
    if army.origin != "imported":
        return None
    from armybuilder.data.armycode_lists import encode_list

    try:
        return encode_list(army_list, points_limit, slug=army.slug)
    except DataError:  # e.g. an id beyond what a code can hold
        return None


def fireteam_lines(context: RuleContext) -> tuple[FireteamLine, ...]:
    """The list's declared fireteams with level and bonuses from the fireteam rules.

    Bonus texts follow the current language: call this while printing.
    """
    lines = []
    for assessment in assess_fireteams(context):
        team = assessment.fireteam
        problems = tuple(v.message for v in assessment.violations if v.is_error)
        lines.append(FireteamLine(team.uid, team.type, team.team, team.members, level=assessment.level,
                                  bonuses=tuple(assessment.bonus_texts()), problems=problems))
    return tuple(lines)


@contextmanager
def printing_language(wanted: str) -> Iterator[None]:
    """Render in `wanted` on this thread only: the GUI, on its own thread, keeps its language."""
    with language_override(wanted):
        yield
