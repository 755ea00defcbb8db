"""Worked designs of the point-buy game, priced BY HAND from seed 002's tables.

Each row: the design, the cost worked out on paper from the tables ("CREATING A MODEL", "SPECIAL
ATRIBUTES", "CHOSEN SPECIALS"), and the reading of the seed it relies on. The tables:
  hits / saves over the base one, priced by ordinal: 1st 5, 2nd–6th 10, 7th–9th 15, 10th–12th 25,
    13th–15th 30, 16th–18th 40, 19th–20th 60 (so 1 → 5, 2 → 15, 3 → 25, 7 → 70, 9 → 100, 12 → 175, 20 → 505)
  attack dice: Close, Point Blank, Short, Medium 5 each; Long 10; Extended 20; Extreme 30
  speed: (attack dice + saves + hits) points per 2" over 6"
  multipliers: Clairvoyant, Fearless, Avians, Flyer, Ether Assassin, Shredder, doubled jump ×2;
    Psychotic, Mindless, Paranoid, Cowardly, Volley Fire (mobile) ×½; a second chosen special ×2, a
    third ×4; all reductions together never below ½; rounding down; never under 5.
"""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.pointbuy.costing import cost_of
from armybuilder.pointbuy.derived import stat_line
from armybuilder.pointbuy.design import AttackDice, Design

GRUNT: dict[str, Any] = {"hits": 2, "saves": 1, "attacks": {"medium": 2}}
"""5 base + 5 (1st hit over base) + 10 (2 Medium dice) = 20."""

WORKED: list[tuple[str, dict[str, Any], int, str]] = [
    ("basic mobile", {}, 5, "5 base; nothing bought"),
    ("basic stationary", {"kind": "stationary", "attacks": {"medium": 1}}, 5,
     "5 base + 5 Medium die − 5: the base die of a stationary model is free"),
    ("stationary, base die upgraded to Long", {"kind": "stationary", "attacks": {"long": 1}}, 10,
     "5 + (10 Long − 5): the base die upgraded past Medium costs the longer die less 5"),
    ("stationary, base die upgraded to Extreme", {"kind": "stationary", "attacks": {"extreme": 1}}, 30,
     "5 + (30 − 5)"),
    ("stationary with a second Medium die", {"kind": "stationary", "attacks": {"medium": 2}}, 10,
     "5 + 10 − 5 (one of them is the base die)"),
    ("mobile, free save taken as a Medium die", {"saves": 0, "free_save": "attack", "attacks": {"medium": 1}}, 5,
     "5 + 5 − 5: the single free save may become an attack die up to Medium"),
    ("grunt", GRUNT, 20, "5 + 5 (1st hit over base) + 10 (2 Medium)"),
    ("four hits", {"hits": 4}, 30, "5 + 5 + 10 + 10: hits over base priced by ordinal (1st 5, 2nd–6th 10)"),
    ("eight hits", {"hits": 8}, 75, "5 + (5 + 5×10 + 15): the 7th hit over base is in the 15 bracket"),
    ("thirteen hits (sane max)", {"hits": 13}, 180, "5 + (5 + 50 + 45 + 75): 12 over base = 175"),
    ("twenty-one hits (max)", {"hits": 21}, 510, "5 + 505: 20 over base, the last two at 60"),
    ("four saves", {"saves": 4}, 30, "5 + (5 + 10 + 10): saves priced as hits, over the free one"),
    ("speed 12, two Close dice", {"attacks": {"close": 2}, "speed": 12}, 27,
     "5 + 10 (2 Close) + 3 steps × (2 dice + 1 save + 1 hit) = 12"),
    ("speed 18 grunt with two saves", {"hits": 2, "saves": 2, "attacks": {"medium": 2}, "speed": 18}, 61,
     "5 + 5 hit + 5 save + 10 dice + 6 steps × (2 + 2 + 2) = 36"),
    ("mindless grunt", {**GRUNT, "brain": "mindless"}, 10, "20 ×½"),
    ("clairvoyant grunt", {**GRUNT, "brain": "clairvoyant"}, 40, "20 ×2"),
    ("fearless mindless grunt", {**GRUNT, "brain": "mindless", "morale": "fearless"}, 20,
     "20 ×½ ×2: halved + doubled = single"),
    ("mindless cowardly grunt", {**GRUNT, "brain": "mindless", "morale": "cowardly"}, 10,
     "20 ×½ ×½ held at ×½: never reduced by more than half in total"),
    ("mindless cowardly flyer", {**GRUNT, "brain": "mindless", "morale": "cowardly", "specials": ["flyer"]}, 20,
     "20 × (½ held) × 2 Flyer = ×1: the cap applies to the reductions, then the increases multiply"),
    ("mindless basic model", {"brain": "mindless"}, 5, "5 ×½ = 2 (rounded down), raised to the floor of 5"),
    ("rounding down", {"hits": 2, "attacks": {"medium": 1}, "brain": "paranoid"}, 7,
     "(5 + 5 + 5) ×½ = 7.5, rounded down to 7"),
    ("two chosen specials", {**GRUNT, "specials": ["cloak", "pointer"]}, 40, "20 ×2: the second special doubles"),
    ("three chosen specials", {**GRUNT, "specials": ["cloak", "pointer", "decoy"]}, 80,
     "20 ×4: the third quadruples"),
    ("flyer", {**GRUNT, "specials": ["flyer"]}, 40, "20 ×2 Flyer (its one chosen special is otherwise free)"),
    ("flyer and cloak", {**GRUNT, "specials": ["flyer", "cloak"]}, 80, "20 ×2 second special ×2 Flyer"),
    ("avian", {**GRUNT, "race": "avians"}, 40, "20 ×2 Avians (flyers by race, not a chosen special)"),
    ("volley fire, mobile", {**GRUNT, "specials": ["volley_fire"]}, 10, "20 ×½: Volley Fire halves mobile models"),
    ("volley fire, stationary", {"kind": "stationary", "attacks": {"medium": 3}, "specials": ["volley_fire"]}, 15,
     "5 + 15 − 5 = 15, no halving: the cut is for mobile models only"),
    ("volley fire and mindless", {**GRUNT, "specials": ["volley_fire"], "brain": "mindless"}, 10,
     "20 ×½ ×½ held at ×½"),
    ("ether assassin", {**GRUNT, "specials": ["ether_assassin"]}, 40, "20 ×2 Ether Assassin"),
    ("doubled jump", {**GRUNT, "specials": ["jump"], "mega_jump": True}, 40,
     "20 ×2: jump distance doubled by doubling the cost"),
    ("macropus choosing jump", {**GRUNT, "race": "macropus", "specials": ["jump"]}, 20,
     "20: a Macropus choosing Jump doubles its jump at no cost"),
    ("crustacean", {"race": "crustacean", "hits": 3, "attacks": {"close": 2}, "speed": 10}, 42,
     "5 + 15 (2 hits over base) + 10 + 2 steps × (2 + 1 + 3) = 12: the doubled hits cost nothing, "
     "not even in speed"),
    ("stationary, free save as a second die", {"kind": "stationary", "saves": 0, "free_save": "attack",
                                               "attacks": {"medium": 2}}, 5,
     "5 + 10 − 5 base die − 5 the save's die"),
    ("stationary Long + Medium, free save as the Medium", {"kind": "stationary", "saves": 0,
                                                           "free_save": "attack",
                                                           "attacks": {"medium": 1, "long": 1}}, 10,
     "5 + 5 + 10 − 5 (base die upgraded to Long) − 5 (the save became the Medium die)"),
    ("free save swapped, but only a Long die", {"saves": 0, "free_save": "attack", "attacks": {"long": 1}}, 15,
     "5 + 10: the save's die reaches Medium at most and cannot pay towards a longer die"),
    ("mindless shredder", {"hits": 2, "attacks": {"close": 3}, "specials": ["shredder"], "brain": "mindless"}, 25,
     "(5 + 5 + 15) ×2 Shredder ×½ Mindless = ×1"),
    ("clairvoyant flyer with cloak", {"brain": "clairvoyant", "specials": ["flyer", "cloak"]}, 40,
     "5 ×2 ×2 ×2 = ×8"),
    ("heavy hitter", {"hits": 10, "saves": 5, "attacks": {"long": 3, "extreme": 2}}, 230,
     "5 + 100 (9 hits over base) + 35 (4 saves over base) + 30 (3 Long) + 60 (2 Extreme)"),
    ("extended and extreme", {"attacks": {"extended": 1, "extreme": 1}}, 55, "5 + 20 + 30"),
    ("heavy armor", {"heavy_armor": "save"}, 5, "5: the Heavy Armor save is free (a conditional special)"),
    ("fast avian", {"race": "avians", "speed": 24}, 46,
     "(5 + 9 steps × (0 + 1 + 1)) ×2 = 46: flyers have no speed limit"),
    ("fearless machine", {**GRUNT, "race": "machine", "morale": "fearless"}, 20,
     "20: every Machine is Fearless already, at no cost"),
    ("cowardly machine", {**GRUNT, "race": "machine", "morale": "cowardly"}, 10,
     "20 ×½: the cost-reducing attribute supersedes the race's Fearless"),
    # re-derived independently by QA (#18) from the seed's tables:
    ("stationary, base die upgraded to Extended", {"kind": "stationary", "attacks": {"extended": 1}}, 20,
     "5 + (20 − 5)"),
    ("stationary Extreme base die, a Medium die and a second save",
     {"kind": "stationary", "attacks": {"extreme": 1, "medium": 1}, "saves": 2}, 40,
     "5 + 5 (1 save over base) + 5 Medium + (30 − 5): the base die takes the longest die"),
    ("avian with two chosen specials", {**GRUNT, "race": "avians", "specials": ["cloak", "pointer"]}, 80,
     "20 ×2 Avians ×2 second special: the race's flight is not a chosen special"),
    ("avian with three chosen specials", {**GRUNT, "race": "avians", "specials": ["cloak", "pointer", "decoy"]},
     160, "20 ×2 Avians ×4 third special"),
    ("paranoid cowardly flyer", {**GRUNT, "brain": "paranoid", "morale": "cowardly", "specials": ["flyer"]}, 20,
     "20 × (½ × ½ held at ½) × 2 Flyer: the wings still cost"),
    ("paranoid, bought speed", {"hits": 3, "attacks": {"short": 2}, "speed": 10, "brain": "paranoid",
                                "base": {"width": 2}}, 21,
     "(5 + 15 + 10 + 2 steps × (2 + 1 + 3)) ×½ = 42 ×½"),
    ("paranoid cowardly basic model", {"brain": "paranoid", "morale": "cowardly"}, 5, "5 ×½ = 2, floor 5"),
    ("doubled jump as a second special's partner", {**GRUNT, "specials": ["jump", "cloak"], "mega_jump": True}, 80,
     "20 ×2 second special ×2 doubled jump"),
    ("mindless jumper with a doubled jump", {**GRUNT, "brain": "mindless", "specials": ["jump"], "mega_jump": True},
     20, "20 ×½ ×2: halved + doubled = single"),
    ("macropus doubling a jump it did not choose", {**GRUNT, "race": "macropus", "mega_jump": True}, 40,
     "20 ×2: only a Macropus that chooses Jump doubles it for free"),
    ("three specials, one of them Volley Fire", {**GRUNT, "specials": ["cloak", "pointer", "volley_fire"]}, 40,
     "20 ×4 third special ×½ Volley Fire"),
    ("mindless shredder with a second special", {"hits": 2, "attacks": {"close": 3}, "brain": "mindless",
                                                 "specials": ["shredder", "cloak"]}, 50,
     "25 ×2 Shredder ×2 second special ×½ Mindless"),
    ("hoverer past 18\"", {"specials": ["hover"], "speed": 24}, 23,
     "5 + 9 steps × (0 + 1 + 1): Hover breaks the limit"),
    ("full speed, three hits", {"hits": 3, "saves": 2, "attacks": {"close": 3}, "speed": 18,
                                "base": {"width": 2}}, 88,
     "5 + 15 + 5 + 15 + 6 steps × (3 + 2 + 3)"),
    ("cap, then rounding down", {"hits": 2, "attacks": {"medium": 2, "close": 1}, "brain": "mindless",
                                 "morale": "cowardly"}, 12, "25 × ½ (held) = 12.5, rounded down"),
]


@pytest.mark.parametrize(("name", "fields", "expected", "reading"), WORKED, ids=[w[0] for w in WORKED])
def test_worked_design_costs(name: str, fields: dict[str, Any], expected: int, reading: str) -> None:
    design = Design.model_validate({"id": "x", "name": name, **fields})
    cost = cost_of(design)
    assert cost.total == expected, f"{name}: {cost.breakdown()} (hand: {reading})"
    assert cost.subtotal == sum(a.points for a in cost.additions)


def test_the_table_has_at_least_25_worked_designs() -> None:
    assert len(WORKED) >= 25
    assert len({w[0] for w in WORKED}) == len(WORKED)


def test_breakdown_reads_as_the_sum_it_is() -> None:
    design = Design(id="x", name="x", hits=2, attacks=AttackDice(medium=2), brain="mindless")
    assert cost_of(design).breakdown() == ("5 base (mobile) + 5 for 1 more hit + 10 for 2 Medium dice = 20; "
                                           "×½ Mindless = 10")


def test_breakdown_names_the_cap_the_rounding_and_the_floor() -> None:
    capped = cost_of(Design(id="x", name="x", hits=2, attacks=AttackDice(medium=1), brain="mindless",
                                   morale="cowardly"))
    assert "never reduced by more than half" in capped.breakdown()
    assert capped.total == 7 and "(rounded down)" in capped.breakdown()
    floored = cost_of(Design(id="x", name="x", brain="mindless"))
    assert floored.floored and floored.breakdown().endswith("(a model never costs less than 5)")


def test_breakdown_in_spanish() -> None:
    from armybuilder.i18n import language_override

    design = Design(id="x", name="x", attacks=AttackDice(medium=2), brain="mindless")
    with language_override("es"):
        text = cost_of(design).breakdown()
    assert "Medio" in text and "Descerebrado" in text and "base (móvil)" in text


def test_jump_distances_follow_the_table() -> None:
    def jump(**fields: Any) -> int | None:
        return stat_line(Design.model_validate({"id": "x", "name": "x", "specials": ["jump"], **fields})).jump

    assert jump() == 18  # 1 save + 1 hit = 2 → 18"
    assert jump(hits=4, attacks={"close": 2}) == 14  # 2 + 1 + 4 = 7 → 14"
    assert jump(hits=6, attacks={"close": 4}) == 12  # 4 + 1 + 6 = 11 → 12"
    assert jump(hits=4, saves=2, attacks={"close": 10}) == 10  # 16 → 10" (the seed's 16–19 overlap read as 13–16)
    assert jump(hits=6, saves=2, attacks={"close": 9}) == 8  # 17 → 8"
    assert jump(hits=10, saves=4, attacks={"close": 6}) == 6  # 20 → 6"
    assert jump(mega_jump=True) == 36
    assert jump(race="crustacean", hits=2) == 18  # 1 + 2 (not the doubled 4) = 3 → 18"


def test_a_breakdown_is_kept_as_a_message_and_read_in_any_language() -> None:
    from test_messages_as_data import nothing_translated

    from armybuilder.i18n import render

    capped = Design(id="x", name="x", hits=2, attacks=AttackDice(medium=1), brain="mindless", morale="cowardly")
    floored = Design(id="y", name="y", brain="mindless")
    with nothing_translated():  # costing a design words nothing yet
        costs = [cost_of(capped), cost_of(floored)]
    for cost in costs:
        english, spanish = render(cost.explanation, "en"), render(cost.explanation, "es")
        assert english == cost.breakdown() == cost.breakdown("en") and spanish == cost.breakdown("es")
        assert english != spanish and "{" not in spanish
