"""The domain: profile databases, rules packs and army lists as immutable models (no Qt).

The names below are loaded from their modules when first asked for (PEP 562), so that importing one
module of the package (`armybuilder.domain.profiles` for the data import) does not build the model
classes of all the others (rules packs, lists).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from armybuilder.domain.fireteams import ChartMember, ChartTeam, FireteamChart, normalize_term
    from armybuilder.domain.lists import ArmyList, ArmyRef, CombatGroup, Fireteam, Trooper
    from armybuilder.domain.packs import (
        CblEntry,
        CblVersion,
        ClosedBattleList,
        EditionPack,
        Extra,
        RulesPack,
        SeasonPack,
        SeasonRule,
        Tier,
    )
    from armybuilder.domain.profiles import (
        Army,
        IncludedOption,
        Option,
        OrderGrant,
        Profile,
        ProfileGroup,
        Relation,
        RelationDependency,
        RelationMember,
        Unit,
        WeaponProfile,
    )
    from armybuilder.domain.values import (
        Category,
        FireteamType,
        ItemRef,
        OrderType,
        Swc,
        UnitType,
        format_halves,
    )

_MODULES = {
    "ChartMember": "fireteams",
    "ChartTeam": "fireteams",
    "FireteamChart": "fireteams",
    "normalize_term": "fireteams",
    "ArmyList": "lists",
    "ArmyRef": "lists",
    "CombatGroup": "lists",
    "Fireteam": "lists",
    "Trooper": "lists",
    "CblEntry": "packs",
    "CblVersion": "packs",
    "ClosedBattleList": "packs",
    "EditionPack": "packs",
    "Extra": "packs",
    "RulesPack": "packs",
    "SeasonPack": "packs",
    "SeasonRule": "packs",
    "Tier": "packs",
    "Army": "profiles",
    "IncludedOption": "profiles",
    "Option": "profiles",
    "OrderGrant": "profiles",
    "Profile": "profiles",
    "ProfileGroup": "profiles",
    "Relation": "profiles",
    "RelationDependency": "profiles",
    "RelationMember": "profiles",
    "Unit": "profiles",
    "WeaponProfile": "profiles",
    "Category": "values",
    "FireteamType": "values",
    "ItemRef": "values",
    "OrderType": "values",
    "Swc": "values",
    "UnitType": "values",
    "format_halves": "values",
}
"""Where each name of `__all__` is defined."""


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Army", "ArmyList", "ArmyRef", "Category", "CblEntry", "CblVersion", "ChartMember", "ChartTeam",
    "ClosedBattleList", "CombatGroup", "EditionPack", "Extra", "Fireteam", "FireteamChart",
    "FireteamType", "IncludedOption", "ItemRef", "Option", "OrderGrant", "OrderType", "Profile",
    "ProfileGroup", "Relation", "RelationDependency", "RelationMember", "RulesPack", "SeasonPack",
    "SeasonRule", "Swc", "Tier", "Trooper", "Unit", "UnitType", "WeaponProfile", "format_halves",
    "normalize_term",
]
