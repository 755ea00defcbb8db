"""Where a rule comes from, in words a player can look up: a violation's source names a section
of the builder's design notes ("RULES.md §2.6"), which the player never gets; the tooltip shows the
rules it digests instead ("Infinity N5 rules: Army List — Availability (AVA)", "ITS Season 9:
Soldiers of Fortune")."""

from __future__ import annotations

import re

from armybuilder.domain.packs import EditionPack, SeasonPack
from armybuilder.gui.labels import extra_name, localized, pack_name
from armybuilder.i18n import N_, tr

CHAPTERS: dict[str, str] = {
    "1": N_("Army List"),
    "2.1": N_("Army List — Army points"),
    "2.2": N_("Army List — Support Weapon Cost (SWC)"),
    "2.3": N_("Army List — Lieutenant"),
    "2.4": N_("Army List — Combat Groups"),
    "2.5": N_("Army List — Army size"),
    "2.6": N_("Army List — Availability (AVA)"),
    "2.7": N_("Army List — Characters"),
    "2.8": N_("Army List — Mercenaries"),
    "2.9": N_("Infinity Reinforcements"),
    "4": N_("Fireteams"),
    "5": N_("Open and Private Information"),
}
"""The rules each section of the design notes (../shared/design/RULES.md) digests: the official
rules' own chapter names (Army List, Fireteams, Infinity Reinforcements…)."""

_REFERENCE = re.compile(r"§(?P<section>\d+(?:\.\d+)?)(?:\s*\[(?P<era>N\d)\])?(?:\s*\((?P<detail>[^)]*)\))?")


def rule_source(source: str, edition: EditionPack | None = None, season: SeasonPack | None = None) -> str:
    """A violation's source as the player's reference; anything that is not a design-notes
    reference is shown as it is."""
    text = source.strip()
    if not text.startswith("RULES.md"):
        return text
    found = [_one(m, edition, season) for m in _REFERENCE.finditer(text)]
    return "; ".join(f for f in found if f) or text


def _one(match: re.Match[str], edition: EditionPack | None, season: SeasonPack | None) -> str:
    section, era, detail = match.group("section"), match.group("era"), match.group("detail")
    if section == "3" or section.startswith("3."):
        name = pack_name(season) if season is not None else tr("Tournament rules (ITS)")
        if not detail:
            return tr("{season}: tournament rules", season=name)
        return tr("{season}: {rule}", season=name, rule=_season_part(detail, season))
    chapter = CHAPTERS.get(section) or CHAPTERS.get(section.split(".")[0])
    if chapter is None:
        return ""
    if section == "2.9":
        return tr(chapter)  # its own rules book
    book = f"Infinity {era}" if era else (pack_name(edition) if edition is not None else "Infinity")
    return tr("{edition} rules: {chapter}", edition=book, chapter=tr(chapter))


def _season_part(detail: str, season: SeasonPack | None) -> str:
    """A season's Extra or season rule by its name in the current language."""
    if detail == "CBL":
        return tr("Closed Battle Lists")
    if season is not None:
        wanted = detail.casefold()
        for extra in season.extras:  # "Escalation" names the "Escalation Tournament" extra
            if extra.name.casefold() == wanted or extra.name.casefold().startswith(wanted + " "):
                return extra_name(extra)
        for rule in season.rules:
            if rule.name.casefold() == wanted:
                return localized(rule.name, rule.name_es)
    return detail
