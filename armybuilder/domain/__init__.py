"""The domain: profile databases, rules packs and army lists as immutable models (no Qt)."""

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

__all__ = [
    "Army", "ArmyList", "ArmyRef", "Category", "CblEntry", "CblVersion", "ChartMember", "ChartTeam",
    "ClosedBattleList", "CombatGroup", "EditionPack", "Extra", "Fireteam", "FireteamChart",
    "FireteamType", "IncludedOption", "ItemRef", "Option", "OrderGrant", "OrderType", "Profile",
    "ProfileGroup", "Relation", "RelationDependency", "RelationMember", "RulesPack", "SeasonPack",
    "SeasonRule", "Swc", "Tier", "Trooper", "Unit", "UnitType", "WeaponProfile", "format_halves",
    "normalize_term",
]
