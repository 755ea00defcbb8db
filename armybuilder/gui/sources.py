"""Where a rule comes from, in the player's words: a violation's source (`rules/sources.py`:
"Infinity rules: Army List — Availability (AVA)", "ITS: Soldiers of Fortune") shown with the list's
own edition and season, in the current language ("Infinity N5 rules: Army List — Availability
(AVA)", "ITS Temporada 9: Soldados de Fortuna")."""

from __future__ import annotations

from armybuilder.domain.packs import EditionPack, SeasonPack
from armybuilder.gui.labels import extra_name, pack_name
from armybuilder.i18n import language, tr
from armybuilder.rules import sources


def rule_source(source: str, edition: EditionPack | None = None, season: SeasonPack | None = None) -> str:
    """A violation's source as the player's reference; a source in no known book is shown as it is."""
    parts = [_one(part.strip(), edition, season) for part in source.split(sources.SEPARATOR)]
    return sources.SEPARATOR.join(parts)


def _one(part: str, edition: EditionPack | None, season: SeasonPack | None) -> str:
    if part == sources.REINFORCEMENTS_BOOK:
        return tr(sources.REINFORCEMENTS_BOOK)  # its own rules book
    book, found, chapter = part.partition(": ")
    if not found:
        return part
    if book == sources.SEASON_BOOK:
        name = pack_name(season) if season is not None else tr("Tournament rules (ITS)")
        if chapter == sources.TOURNAMENT_RULES:
            return tr("{season}: tournament rules", season=name)
        return tr("{season}: {rule}", season=name, rule=_season_part(chapter, season))
    if chapter not in sources.CHAPTERS:
        return part
    if book == sources.CORE_BOOK:
        edition_name = pack_name(edition) if edition is not None else "Infinity"
    elif book.startswith("Infinity ") and book.endswith(" rules"):  # one edition's: "Infinity N3 rules"
        edition_name = book.removesuffix(" rules")
    else:
        return part
    return tr("{edition} rules: {chapter}", edition=edition_name, chapter=tr(chapter))


def _season_part(rule: str, season: SeasonPack | None) -> str:
    """A season's Extra or season rule by its name in the current language."""
    if rule == sources.CLOSED_BATTLE_LISTS:
        return tr("Closed Battle Lists")
    if season is not None:
        wanted = rule.casefold()
        for extra in season.extras:  # "Escalation" names the "Escalation Tournament" extra
            if extra.name.casefold() == wanted or extra.name.casefold().startswith(wanted + " "):
                return extra_name(extra)
        for found in season.rules:
            if found.name.casefold() == wanted:
                return found.display_name(language())
    return rule
