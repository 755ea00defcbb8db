"""The seed's special attributes as data: brain powers, morale grades, races, specials, unit types.

Each entry has a stable id (what files store), an English name (translated where shown) and the
facts the cost and the restrictions read: its cost factor, what it grants, what it forbids. The
restrictions that need more than a flag live in `limits.py` and `organization.py`, keyed by id.
Every fact cites the seed (002, "SPECIAL ATRIBUTES", "CHOSEN SPECIALS", "ORGANIZATION").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from armybuilder.i18n import N_, Message, lazy_tr, tr

HALF = Fraction(1, 2)
ONE = Fraction(1)
DOUBLE = Fraction(2)


@dataclass(frozen=True)
class Attribute:
    """A brain power, morale grade, race, special, unit type or army ability."""

    id: str
    name: str
    """English name, translated with the 'pointbuy' context (`local_name`); tests/test_pointbuy_i18n.py
    checks each has its Spanish entry "pointbuy|<name>"."""
    summary: str = ""
    """What it does, in one English sentence (translated where shown)."""


@dataclass(frozen=True)
class BrainPower(Attribute):
    factor: Fraction = ONE
    limited: bool = False
    """Limited intelligence (Mindless, Paranoid): a Master Mind can control it."""


@dataclass(frozen=True)
class MoraleGrade(Attribute):
    factor: Fraction = ONE


@dataclass(frozen=True)
class Race(Attribute):
    factor: Fraction = ONE
    grants: tuple[str, ...] = ()
    """Chosen specials every model of the race has without choosing them (Avians fly…)."""


@dataclass(frozen=True)
class ChosenSpecial(Attribute):
    factor: Fraction = ONE
    """Its own effect on the model's cost (Flyer ×2, Volley Fire ×½ on a mobile model)."""
    factor_mobile_only: bool = False
    """The factor applies to mobile models only (Volley Fire)."""
    movement: bool = False
    """Adds move or jump: a stationary model may never have it (Teleportation does not count: "may be
    teleported or carried or dropped"), and it rules out Heavy Armor."""
    attack: bool = False
    """Affects attack dice or range (a stationary model with it gets no Heavy Armor)."""
    one_per_army: bool = False


@dataclass(frozen=True)
class UnitType(Attribute):
    max_models: int = 0
    command_radius: int = 0
    stationary_only: bool = False
    free_special: str | None = None
    """The chosen special some models may add at no cost: 'support_weapon' (Squad), '*' (Team: any)."""


A = TypeVar("A", bound=Attribute)


def _index(*entries: A) -> dict[str, A]:
    return {entry.id: entry for entry in entries}


BRAIN_POWERS = _index(
    BrainPower("average", "Average", N_("Moves and attacks as ordered.")),
    BrainPower("berserker", "Berserker",
               N_("Average, but mindless while an enemy is within its move at the start of a movement phase.")),
    BrainPower("clairvoyant", "Clairvoyant", N_("Moves after the enemy when its side moves first, before "
                                                    "it when its side moves second."), factor=DOUBLE),
    BrainPower("psychotic", "Psychotic", N_("As a Berserker, but treats every model outside its unit as "
                                                "hostile."), factor=HALF),
    BrainPower("mindless", "Mindless", N_("Limited intelligence: moves at the closest hostile and attacks it "
                                              "with every die."), factor=HALF, limited=True),
    BrainPower("mono_maniacal", "Mono Maniacal", N_("Moves or attacks in a turn, never both; doubles its "
                                                        "attack dice and its normal move.")),
    BrainPower("paranoid", "Paranoid", N_("Limited intelligence: keeps away from every other model and fires at "
                                              "anything within 6\"."), factor=HALF, limited=True),
)
"""BRAIN POWER: one per model, the same for every model of a unit."""

MORALE_GRADES = _index(
    MoraleGrade("average", "Average", N_("Checks morale when a member of its unit takes a hit.")),
    MoraleGrade("fearless", "Fearless", N_("Never checks morale."), factor=DOUBLE),
    MoraleGrade("cowardly", "Cowardly", N_("Checks morale when its unit is attacked or an enemy is within "
                                               "6\"."), factor=HALF),
)
"""MORALE, "Morale Grades": every model is assigned one before play."""

RACES = _index(
    Race("amphibian", "Amphibian", N_("Ignores pools and streams; attacks at it there are at -2.")),
    Race("arboreal", "Arboreal", N_("+2 touching a tree; at most 6\" move, 4 combined hits and saves, a 1\" "
                                        "base.")),
    Race("avians", "Avians", N_("Flyers; half speed when not flying."), factor=DOUBLE, grants=("flyer",)),
    Race("aquarian", "Aquarian", N_("Lives in water; attacks at it are at -2.")),
    Race("bovine", "Bovine", N_("Hard Chargers."), grants=("hard_chargers",)),
    Race("blob", "Blob", N_("Never upgrades speed nor jumps; spawns a small blob when it loses a hit.")),
    Race("crustacean", "Crustacean", N_("Its absorbable hits are doubled, with no more speed cost and no "
                                            "shorter jump.")),
    Race("humanoid", "Humanoid", N_("+1 on ranged attacks and morale, +2\" normal move.")),
    Race("insectoid", "Insectoid", N_("Ignores terrain other than pools and streams; +1 to its saves.")),
    Race("machine", "Machine", N_("Fearless.")),
    Race("macropus", "Macropus", N_("Jumpers; choosing Jump doubles the jump at no cost."), grants=("jump",)),
    Race("reptilian", "Reptilian", N_("+2 on close attacks, +1 on saves.")),
    Race("rodent", "Rodent", N_("Moves before or after the enemy; at most 4 combined dice and hits; -1 on "
                                    "ranged attacks.")),
    Race("vegetable", "Vegetable", N_("Advanced Guard; must be stationary and may not be teleported; +2 to be "
                                          "hit."), grants=("advanced_guard",)),
)
"""RACE: every model is a member of one."""

CONDITIONAL_SPECIALS = _index(
    Attribute("close_fighter", "Close Fighter", N_("No ranged attack dice: doubles its dice in close attacks.")),
    Attribute("burst", "Burst", N_("Every attack die at Point Blank: may divide its dice among up to 3 "
                                       "targets.")),
    Attribute("carrier", "Carrier", N_("At least twice as many hits as combined dice: may carry models "
                                           "(internal or external).")),
    Attribute("fire_fighter", "Fire Fighter", N_("Ranged dice over Short: those dice are halved at Point Blank "
                                                     "and Close.")),
    Attribute("heavy_armor", "Heavy Armor", N_("No movement (mobile) or attack (stationary) upgrades: may take "
                                                   "one more save or hit.")),
    Attribute("juggernaut", "Juggernaut", N_("Several hits on a 2\" base: may push aside models with fewer "
                                                 "hits.")),
    Attribute("light_troops", "Light Troops", N_("Mobile, no saves, one hit: +6\" normal move.")),
    Attribute("shielding", "Shielding", N_("A 2\" base and at least 2 hits: hostile fire through it is at "
                                               "half dice.")),
    Attribute("tall", "Tall", N_("A 2\" base: may be designated 1 or 2 contours tall.")),
    Attribute("way_of_one", "Way of One", N_("A single attack die or saving die: +1 to it.")),
)
"""CONDITIONAL SPECIALS: derived from the design, never bought; they never change the cost."""

CHOSEN_SPECIALS = _index(
    ChosenSpecial("advanced_guard", "Advanced Guard", N_("Deploys anywhere on the friendly half.")),
    ChosenSpecial("advanced_targeting", "Advanced Targeting",
                  N_("Ranged attacks up to double range with half dice."), attack=True),
    ChosenSpecial("amphibious", "Amphibious", N_("Ignores the movement effects of streams and pools.")),
    ChosenSpecial("assimilator", "Assimilator", N_("A close attack may turn its victim into a member of its "
                                                       "unit.")),
    ChosenSpecial("beast_master", "Beast Master", N_("Drives mindless models within 12\" towards or away from "
                                                         "it."), one_per_army=True),
    ChosenSpecial("body_thief", "Body Thief", N_("As Assimilator with double dice; always destroyed."),
                  attack=True),
    ChosenSpecial("bore_gun", "Bore Gun", N_("Fires through any terrain up to 10\"."), attack=True),
    ChosenSpecial("brain_eater", "Brain Eater", N_("Makes models within 6\" mindless."), one_per_army=True),
    ChosenSpecial("carrier_external", "Carrier (External)", N_("Carries up to 4 models on it.")),
    ChosenSpecial("carrier_internal", "Carrier (Internal)", N_("Carries up to 4 models in it.")),
    ChosenSpecial("cloak", "Cloak", N_("Cannot be engaged by ranged attacks while cloaked.")),
    ChosenSpecial("commissar", "Commissar", N_("Makes an example of a friendly model; its unit turns "
                                                   "fearless.")),
    ChosenSpecial("crawler", "Crawler", N_("May always be fired over; +1 to save against ranged attacks.")),
    ChosenSpecial("decoy", "Decoy", N_("Must be attacked before any other hostile.")),
    ChosenSpecial("directional_field_generator", "Directional Field Generator",
                  N_("With a second generator within 15\", raises a one-way field.")),
    ChosenSpecial("doppelganger", "Doppelganger", N_("Cannot be attacked until it attacks."), one_per_army=True),
    ChosenSpecial("drop_troop", "Drop Troop", N_("Held off the table, drops anywhere in a movement phase.")),
    ChosenSpecial("engineer", "Engineer", N_("Removes rocks, trees and bushes; bridges streams.")),
    ChosenSpecial("ether_assassin", "Ether Assassin", N_("May fire in the moving phase after teleporting."),
                  factor=DOUBLE),
    ChosenSpecial("flyer", "Flyer", N_("Flies, with no speed limit."), factor=DOUBLE, movement=True),
    ChosenSpecial("fogger", "Fogger", N_("Halves ranged attacks within 3\" of it.")),
    ChosenSpecial("frantic_fire", "Frantic Fire", N_("Double attack dice at Short and Point Blank."),
                  attack=True),
    ChosenSpecial("gassing", "Gassing", N_("Lays gas clouds that attack models moving in them.")),
    ChosenSpecial("hard_chargers", "Hard Chargers", N_("Double move into contact; double attack dice after "
                                                           "charging."), attack=True),
    ChosenSpecial("high_energy_round", "High Energy Round", N_("Each unsaved hit removes two absorbable hits."),
                  attack=True),
    ChosenSpecial("high_resolution_imaging", "High Resolution Imaging",
                  N_("Full dice through fog and smoke; attacks cloaked models.")),
    ChosenSpecial("hover", "Hover", N_("Ignores terrain but rocks and trees; -1 to saves; breaks the speed "
                                           "limit."), movement=True),
    ChosenSpecial("indirect_fire", "Indirect Fire", N_("Attacks targets out of sight that a friendly spotter "
                                                           "sees; every attack die at 30\" or more."), attack=True),
    ChosenSpecial("jump", "Jump", N_("Jumps instead of moving, over anything, by its dice and hits."),
                  movement=True),
    ChosenSpecial("master_mind", "Master Mind", N_("Controls limited intelligence friendlies within 24\"."),
                  one_per_army=True),
    ChosenSpecial("motivator", "Motivator", N_("+1 to friendly morale within 6\", +2 touching it.")),
    ChosenSpecial("multi_targeting", "Multi Targeting", N_("Divides its attack dice among up to 3 targets."),
                  attack=True),
    ChosenSpecial("omni_field_generator", "Omni Field Generator",
                  N_("Stationary, on a base up to 1\": raises a field no ranged attack passes.")),
    ChosenSpecial("pointer", "Pointer", N_("Points out a hidden hostile within 12\" for others to attack.")),
    ChosenSpecial("ranger", "Ranger", N_("Ignores terrain but pools; +1 to all its dice."), attack=True),
    ChosenSpecial("repulser", "Repulser", N_("No model may come within 6\" of it.")),
    ChosenSpecial("road_runner", "Road Runner", N_("Triple speed on roads."), movement=True),
    ChosenSpecial("self_destructing", "Self (or Remote) Destructing",
                  N_("Instead of attacking, attacks everything within 3\" and is removed.")),
    ChosenSpecial("shielding", "Shielding", N_("Hostile fire through it is at half dice; needs 2 absorbable "
                                                   "hits.")),
    ChosenSpecial("shredder", "Shredder", N_("Attacks models in contact before they react; no ranged dice, at "
                                                 "most 6 combined dice and hits."), factor=DOUBLE),
    ChosenSpecial("side_winder", "Side Winder", N_("Attacks the closest hostile within half range, ignoring line "
                                                       "of sight."), attack=True),
    ChosenSpecial("skirmisher", "Skirmisher", N_("Attacks at full strength, then runs away when contacted.")),
    ChosenSpecial("smoke", "Smoke", N_("Lays a line of smoke up to 20\" away.")),
    ChosenSpecial("storm_trooper", "Storm Trooper", N_("Attacks up to 10\" in the stationary phase after "
                                                           "moving."), attack=True),
    ChosenSpecial("support_weapon", "Support Weapon", N_("Fires over friendly models; command radius 12\".")),
    ChosenSpecial("tank", "Tank", N_("Only support weapons and tanks attack it beyond 10\"; alone in its unit, "
                                         "on a base of 1.5\" or more.")),
    ChosenSpecial("tech_warrior", "Tech Warrior", N_("Unaffected by gas, fields, smoke and fog up to 10\".")),
    ChosenSpecial("teleportation", "Teleportation", N_("Is teleported anywhere 6\" from other models instead of "
                                                           "moving.")),
    ChosenSpecial("terrier", "Terrier", N_("Halves the saves of hostiles in contact; a base up to 1\".")),
    ChosenSpecial("turbo_charged", "Turbo Charged", N_("+6\" normal move."), movement=True),
    ChosenSpecial("volley_fire", "Volley Fire", N_("No ranged attacks in a turn it moves; halves the cost of a "
                                                       "mobile model."), factor=HALF, factor_mobile_only=True),
    ChosenSpecial("x_ray_vision", "X-Ray Vision", N_("Sees through anything up to 20\".")),
)
"""CHOSEN SPECIALS: one free, a second doubles the model's cost, a third quadruples it."""

UNIT_TYPES = _index(
    UnitType("horde", "Horde", max_models=24, command_radius=6),
    UnitType("squad", "Squad", N_("One model in every six may add Support Weapon at no cost."),
             max_models=12, command_radius=6, free_special="support_weapon"),
    UnitType("team", "Team", N_("One model may have one more chosen special at no cost."),
             max_models=6, command_radius=6, free_special="*"),
    UnitType("recon_team", "Recon Team", max_models=6, command_radius=12),
    UnitType("grid", "Grid", N_("Stationary models only; one Grid beyond the units allowed."),
             max_models=12, command_radius=12, stationary_only=True),
)
"""ORGANIZATION, "UNIT TYPES"."""

ARMY_ABILITIES = _index(
    Attribute("teleportation", "Teleportation", N_("Once a turn one Team or independent character is "
                                                       "teleported.")),
    Attribute("fanatic", "Fanatic", N_("Once a game the whole army is fearless for two turns.")),
    Attribute("tactical_nuke", "Tactical Nuke", N_("Once a game everything within 3\" of a marker is "
                                                       "destroyed.")),
    Attribute("infiltration", "Infiltration", N_("Units deploy anywhere on the friendly half.")),
    Attribute("swamp_world", "Swamp World", N_("Places double water features.")),
    Attribute("rough_terrain", "Rough Terrain", N_("Places double trees, rocks and bushes.")),
)
"""ORGANIZATION: each army may choose a single special ability."""

COST_CUTTING_BRAIN = frozenset(k for k, v in BRAIN_POWERS.items() if v.factor < 1)
COST_CUTTING_MORALE = frozenset(k for k, v in MORALE_GRADES.items() if v.factor < 1)


def local_name(attribute: Attribute) -> str:
    """The attribute's name in the current language ('pointbuy|' context: 'Close' is not 'Cerrar')."""
    return tr(attribute.name, context="pointbuy")


def local_summary(attribute: Attribute) -> str:
    return tr(attribute.summary) if attribute.summary else ""


def name_message(name: str) -> Message:
    """An attribute's (or band's) English name as a message translated when shown."""
    return lazy_tr(name, context="pointbuy")


def joined(items: list[Message]) -> Message | str:
    """'A, B, C' of messages, still translated when shown."""
    if not items:
        return ""
    result: Message = items[-1]
    for item in reversed(items[:-1]):
        result = lazy_tr("{first}, {rest}", first=item, rest=result)
    return result


def band_name(band: str) -> str:
    """A range band's name in the current language ('medium' → 'Medium', 'Medio')."""
    from armybuilder.pointbuy.tables import BAND

    return tr(BAND[band].name, context="pointbuy")
