"""Where each rule comes from, by the official rule's own name: the `source` every violation cites.

A source reads as a reference a player can look up, in English, language-neutral: `<book>: <chapter>`,
several joined by "; ". The books are the edition's rules (`Infinity rules`, or one edition's,
`Infinity N3 rules`), the tournament season's (`ITS`) and `Infinity Reinforcements`. The CLI prints
a source as it is; the GUI's tooltip names the list's own edition and season in the player's
language (`gui/sources.py`). A new rule cites one of these constants, or `season_rule(name)`.
"""

from __future__ import annotations

from armybuilder.i18n import N_

CORE_BOOK = "Infinity rules"
"""The rules of the list's edition (N5 for N5 armies); the GUI names the edition."""
SEASON_BOOK = "ITS"
"""The rules of the list's tournament season; the GUI names the season."""
SEPARATOR = "; "

ARMY_LIST_CHAPTER = N_("Army List")
CHAPTERS: tuple[str, ...] = (
    ARMY_LIST_CHAPTER,
    N_("Army List — Army points"),
    N_("Army List — Support Weapon Cost (SWC)"),
    N_("Army List — Lieutenant"),
    N_("Army List — Combat Groups"),
    N_("Army List — Army size"),
    N_("Army List — Availability (AVA)"),
    N_("Army List — Characters"),
    N_("Army List — Mercenaries"),
    N_("Fireteams"),
    N_("Open and Private Information"),
    N_("Peripheral"),
)
"""The official rules' own chapter names, as the Spanish catalog translates them."""
REINFORCEMENTS_BOOK = N_("Infinity Reinforcements")
"""The Reinforcements rules are their own book: cited without a chapter."""
TOURNAMENT_RULES = "tournament rules"
"""A season's rules in general (`ITS: tournament rules`)."""
CLOSED_BATTLE_LISTS = "Closed Battle Lists"


def core(chapter: str) -> str:
    return f"{CORE_BOOK}: {chapter}"


def season_rule(name: str) -> str:
    """A tournament season's rule or Extra by its name in the season pack ("Soldiers of Fortune")."""
    return f"{SEASON_BOOK}: {name}"


def cite(*sources: str) -> str:
    """Several sources, in order."""
    return SEPARATOR.join(sources)


ARMY_LIST = core(ARMY_LIST_CHAPTER)
POINTS = core(CHAPTERS[1])
SWC = core(CHAPTERS[2])
LIEUTENANT = core(CHAPTERS[3])
COMBAT_GROUPS = core(CHAPTERS[4])
ARMY_SIZE = core(CHAPTERS[5])
AVA = core(CHAPTERS[6])
CHARACTERS = core(CHAPTERS[7])
MERCENARIES = core(CHAPTERS[8])
FIRETEAMS = core(CHAPTERS[9])
FIRETEAMS_N3 = f"Infinity N3 rules: {CHAPTERS[9]}"
"""A fireteam rule of the N3 era only (the Fireteam skills of an N3 Closed Battle List)."""
PRIVATE_INFORMATION = core(CHAPTERS[10])
PERIPHERAL = core(CHAPTERS[11])
"""The Peripheral special skill (its N5.2 text: Servant, Control, Ancillary, Cyberplug)."""
REINFORCEMENTS = REINFORCEMENTS_BOOK
TOURNAMENT = season_rule(TOURNAMENT_RULES)
CBL = season_rule(CLOSED_BATTLE_LISTS)
SOLDIERS_OF_FORTUNE = season_rule("Soldiers of Fortune")
LIMITED_INSERTION = season_rule("Limited Insertion")
ESCALATION = season_rule("Escalation")
