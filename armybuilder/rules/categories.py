"""The categories a unit counts as under a season: its own, plus what season rules add (ITS S17:
Characters also count as Veteran troops). The profile card, the unit filters and the finder ask here."""

from __future__ import annotations

from armybuilder.domain.packs import SeasonPack
from armybuilder.domain.profiles import Unit
from armybuilder.domain.values import Category


def own_categories(unit: Unit) -> tuple[Category, ...]:
    """The categories of a unit's profile groups, each once, in the data's order."""
    return tuple(dict.fromkeys(g.category for g in unit.profile_groups if g.category is not None))


def categories_of(unit: Unit, season: SeasonPack | None) -> tuple[Category, ...]:
    """Its own categories, then those the season's rules add to them (`also_categories`)."""
    found = list(own_categories(unit))
    if season is not None:
        for rule in season.rules:
            for category, also in rule.also_categories.items():
                if category in found:
                    found.extend(c for c in also if c not in found)
    return tuple(found)


def added_categories(unit: Unit, season: SeasonPack | None) -> tuple[Category, ...]:
    """Only those the season adds (shown marked as the season's on the profile card)."""
    own = own_categories(unit)
    return tuple(c for c in categories_of(unit, season) if c not in own)


def counts_as(unit: Unit, category: Category, season: SeasonPack | None) -> bool:
    return category in categories_of(unit, season)
