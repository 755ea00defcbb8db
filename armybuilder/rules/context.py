"""What every rule reads: the list, its roster, the army, the packs and the limits they set."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar, cast

from armybuilder.domain.lists import ArmyList
from armybuilder.domain.packs import EditionPack, Extra, SeasonPack, Tier
from armybuilder.domain.profiles import Army, OrderGrant
from armybuilder.domain.roster import ResolvedTrooper, Roster
from armybuilder.domain.values import OrderType

_NUMBER = re.compile(r"[+-]?\d+")
T = TypeVar("T")


_PLACE_ORDERS = (OrderType.REGULAR, OrderType.IRREGULAR)
"""Orders that make a trooper take a place (Impetuous, Tactical and Lieutenant Orders come with one)."""


def suggested_seasons(installed: Iterable[SeasonPack], edition: str | None,
                      offers: Callable[[Extra], bool]) -> list[SeasonPack]:
    """Installed seasons with an Extra that `offers` what a message suggests (mercenaries, a Spec-Ops): those
    of the list's `edition` when there are any (an N5 list is pointed to ITS S17, not to the N3-era Season 9),
    in the order installed. The rules' fixes and the app's hints both ask this."""
    found = [s for s in installed if any(offers(e) for e in s.extras)]
    same = [s for s in found if s.edition == edition]
    return same or found


def order_places(orders: Iterable[OrderGrant]) -> int:
    """Places an option's Orders take: one per Regular or Irregular Order, at least one (RULES.md §2.4).

    ZOE & Π-WELL and JAZZ & BILLIE give two Orders: two troopers. The courtesy list counts its
    troopers with this too, so its counts agree with the full list's.
    """
    return max(1, sum(o.total for o in orders if o.type in _PLACE_ORDERS))


@dataclass(frozen=True)
class RuleContext:
    """A list resolved against its army under an edition and (optionally) a season pack."""

    army_list: ArmyList
    roster: Roster
    edition: EditionPack
    season: SeasonPack | None = None
    season_packs: tuple[SeasonPack, ...] = field(default=())
    """Every season pack installed, for messages that suggest one (filled from the catalog)."""
    edition_packs: tuple[EditionPack, ...] = field(default=())
    """Every edition pack installed, for messages that suggest one (filled from the catalog)."""
    reinforcement_army_name: str = ""
    """The name of the army's Reinforcements army, for messages (filled from the catalog)."""

    @property
    def army(self) -> Army:
        return self.roster.army

    def suggested_seasons(self, offers: Callable[[Extra], bool]) -> list[SeasonPack]:
        """Installed seasons with an Extra that `offers` what a message suggests (`suggested_seasons`)."""
        return suggested_seasons(self.season_packs, self.edition.id, offers)

    @cached_property
    def tier(self) -> Tier | None:
        if self.season is None or self.army_list.tier is None:
            return None
        return self.season.tier(self.army_list.tier)

    @cached_property
    def extras(self) -> tuple[Extra, ...]:
        if self.season is None:
            return ()
        found = (self.season.extra(e) for e in self.army_list.extras)
        return tuple(e for e in found if e is not None)

    def extra_with(self, attribute: str) -> Extra | None:
        """The first Extra switched on that sets `attribute` (e.g. 'mercenary_points')."""
        return next((e for e in self.extras if getattr(e, attribute) is not None), None)

    @cached_property
    def points_limit(self) -> int:
        if self.tier is not None:
            return self.tier.points
        return self.army_list.points or self.edition.default_points

    @cached_property
    def base_swc_halves(self) -> int:
        """The SWC budget of the game size: the tier's, else 1 SWC for each full `swc_per_points` (50)
        points — "each 50 Army Points will provide 1 point of SWC", so 275 points give 5, not 5.5."""
        if self.tier is not None:
            return self.tier.swc.halves
        return (self.points_limit // self.edition.swc_per_points) * 2

    @cached_property
    def mercenary_troopers(self) -> tuple[ResolvedTrooper, ...]:
        """Troopers from the army's mercenary pool (only with Soldiers of Fortune)."""
        return tuple(t for t in self.roster.troopers if t.unit.mercenary)

    @cached_property
    def mercenary_points_limit(self) -> int | None:
        """The Soldiers of Fortune cap on mercenary points (None: no such Extra switched on)."""
        extra = self.extra_with("mercenary_points")
        return extra.mercenary_points if extra is not None else None

    @cached_property
    def mercenary_points(self) -> int:
        return sum(t.points for t in self.mercenary_troopers)

    @cached_property
    def mercenary_swc_halves(self) -> int:
        """SWC consumed by fielding mercenaries under Soldiers of Fortune."""
        extra = self.extra_with("mercenary_swc")
        if extra is None or extra.mercenary_swc is None or not self.mercenary_troopers:
            return 0
        return extra.mercenary_swc.halves

    @cached_property
    def reinforcement_points_limit(self) -> int:
        rules = self.edition.reinforcements
        return rules.points if (rules and self.roster.reinforcements) else 0

    @cached_property
    def reinforcement_swc_halves(self) -> int:
        rules = self.edition.reinforcements
        return rules.swc.halves if (rules and self.roster.reinforcements) else 0

    @cached_property
    def swc_budget_halves(self) -> int:
        """The whole list's SWC budget: game size + `+N` options − Soldiers of Fortune."""
        bonus = sum(t.swc_bonus_halves for t in self.roster.troopers)
        return self.base_swc_halves + bonus - self.mercenary_swc_halves

    @cached_property
    def commlink_troopers(self) -> tuple[ResolvedTrooper, ...]:
        name = self.edition.commlink_skill
        return tuple(t for t in self.roster.troopers if t.has_item(name))

    @cached_property
    def plays_reinforcements(self) -> bool:
        """The list has a Reinforcements section (or an Extra switched on makes every list have one)."""
        return any(g.reinforcement for g in self.army_list.groups) or any(
            e.requires_reinforcements for e in self.extras)

    @cached_property
    def commlink_bonus(self) -> int:
        """How much the (first) Commlink raises the army-size cap: its `(+N)` extra, in a list with a
        Reinforcements section (docs/rules-coverage.md: without one it has no effect)."""
        return self.commlink_extra if self.plays_reinforcements else 0

    @cached_property
    def commlink_extra(self) -> int:
        """The (first) Commlink's `(+N)`, whether or not the list plays Reinforcements."""
        name = self.edition.commlink_skill.casefold()
        for trooper in self.commlink_troopers:
            for item in trooper.items():
                if item.name.casefold() == name:
                    for extra in item.extras:
                        match = _NUMBER.search(extra)
                        if match:
                            return int(match.group(0))
                    return 0
        return 0

    @cached_property
    def troopers_limit(self) -> int | None:
        """The army-size cap: the edition's, raised by a Commlink (+N); none in a Free Game."""
        if self.edition.max_troopers is None or any(e.unlimited_troopers for e in self.extras):
            return None
        return self.edition.max_troopers + self.commlink_bonus

    def places(self, trooper: ResolvedTrooper) -> int:
        """How many places a trooper takes in a combat group and in the army-size count (RULES.md §2.4).

        Only troopers that contribute Orders take a place: an option takes one per Regular or
        Irregular Order it gives (ZOE & Π-WELL: 2), at least one (an option the data lists without
        Orders is still a trooper). A peripheral bought on its own (a Palbot) counts with its
        controller and takes none; the N3 pack's `peripherals_take_a_place` counts peripherals too.
        """
        cached = self._places.get(trooper.uid)
        if cached is not None:
            return cached
        places = self._count_places(trooper)
        self._places[trooper.uid] = places
        return places

    @cached_property
    def _places(self) -> dict[str, int]:
        return {}

    @cached_property
    def _memo(self) -> dict[str, object]:
        return {}

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """A value several rules read (the peripherals' controllers), built once per context."""
        if key not in self._memo:
            self._memo[key] = build()
        return cast(T, self._memo[key])

    def _count_places(self, trooper: ResolvedTrooper) -> int:
        take_place = self.edition.peripherals_take_a_place
        if trooper.is_peripheral:
            return 1 if take_place else 0
        places = order_places(trooper.option.orders)
        if take_place:
            places += sum(inc.quantity for inc in trooper.peripherals)
        return places

    @cached_property
    def trooper_count(self) -> int:
        return sum(self.places(t) for t in self.roster.troopers) + len(self.roster.unresolved)
