"""Each restriction of a point-buy design fires alone: a design that breaks only it gets only its code."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.limits import design_problems

BREAKS: list[tuple[str, dict[str, Any]]] = [
    ("design.hits.max", {"hits": 22, "base": {"shape": "round", "width": 2}}),
    ("design.hits.sane", {"hits": 14, "base": {"shape": "round", "width": 2}}),
    ("design.saves.max", {"saves": 22, "hits": 13, "base": {"width": 2}}),
    ("design.saves.sane", {"saves": 11, "hits": 6, "base": {"width": 2}}),
    ("design.free_save.unused", {"saves": 0, "hits": 2}),
    ("design.dice.combined", {"attacks": {"close": 6}}),
    ("design.free_save.no_die", {"saves": 0, "free_save": "attack", "attacks": {"long": 1}}),
    ("design.stationary.speed", {"kind": "stationary", "speed": 8, "attacks": {"medium": 1}}),
    ("design.speed.below_base", {"speed": 4}),
    ("design.speed.step", {"speed": 9}),
    ("design.speed.max", {"speed": 20}),
    ("design.speed.flying_max", {"race": "avians", "speed": 62}),
    ("design.stationary.movement", {"kind": "stationary", "attacks": {"medium": 1}, "specials": ["hover"]}),
    ("design.stationary.race_movement", {"kind": "stationary", "race": "macropus", "attacks": {"medium": 1}}),
    ("design.volley_fire.stationary", {"kind": "stationary", "attacks": {"medium": 1}, "specials": ["volley_fire"]}),
    ("design.arboreal.move", {"race": "arboreal", "speed": 8}),
    ("design.arboreal.hits_saves", {"race": "arboreal", "hits": 2, "saves": 3}),
    ("design.arboreal.base", {"race": "arboreal", "base": {"width": 1.25}}),
    ("design.rodent.dice_hits", {"race": "rodent", "hits": 2, "attacks": {"close": 2}}),
    ("design.blob.speed", {"race": "blob", "specials": ["turbo_charged"]}),
    ("design.blob.jump", {"race": "blob", "specials": ["jump"]}),
    ("design.vegetable.mobile", {"race": "vegetable"}),
    ("design.vegetable.teleport", {"race": "vegetable", "kind": "stationary", "attacks": {"medium": 1},
                                   "specials": ["teleportation"]}),
    ("design.specials.granted", {"race": "bovine", "specials": ["hard_chargers"]}),
    ("design.specials.duplicate", {"specials": ["cloak", "cloak"]}),
    ("design.specials.too_many", {"specials": ["cloak", "decoy", "pointer", "ranger"]}),
    ("design.carrier.both", {"hits": 3, "base": {"width": 2}, "specials": ["carrier_external", "carrier_internal"]}),
    ("design.mega_jump.no_jump", {"mega_jump": True}),
    ("design.heavy_armor.not_allowed", {"speed": 8, "heavy_armor": "hit"}),
    ("design.brain_eater.reducers", {"brain": "paranoid", "specials": ["brain_eater"]}),
    ("design.master_mind.reducers", {"morale": "cowardly", "specials": ["master_mind"]}),
    ("design.indirect_fire.range", {"attacks": {"medium": 1, "long": 1}, "specials": ["indirect_fire"]}),
    ("design.indirect_fire.reducers", {"attacks": {"long": 1}, "brain": "mindless", "specials": ["indirect_fire"]}),
    ("design.indirect_fire.mono_maniacal", {"attacks": {"long": 1}, "brain": "mono_maniacal",
                                            "specials": ["indirect_fire"]}),
    ("design.shredder.size", {"hits": 3, "attacks": {"close": 3}, "base": {"width": 2}, "specials": ["shredder"]}),
    ("design.shredder.ranged", {"attacks": {"short": 1}, "specials": ["shredder"]}),
    ("design.shredder.reducers", {"attacks": {"close": 1}, "brain": "psychotic", "specials": ["shredder"]}),
    ("design.doppelganger.size", {"hits": 3, "saves": 2, "attacks": {"close": 2}, "base": {"width": 2},
                                  "specials": ["doppelganger"]}),
    ("design.tank.base", {"specials": ["tank"], "base": {"width": 1.25}}),
    ("design.volley_fire.mono_maniacal", {"brain": "mono_maniacal", "specials": ["volley_fire"]}),
    ("design.omni_field.mobile", {"specials": ["omni_field_generator"]}),
    ("design.omni_field.base", {"kind": "stationary", "attacks": {"medium": 1}, "base": {"width": 1.25},
                                "specials": ["omni_field_generator"]}),
    ("design.terrier.base", {"specials": ["terrier"], "base": {"width": 1.5}}),
    ("design.shielding.hits", {"specials": ["shielding"]}),
    ("design.base.shape", {"base": {"shape": "square", "width": 1, "depth": 1.5}}),
    ("design.base.penny", {"base": {"width": 0.5}}),
    ("design.base.hits", {"hits": 3, "base": {"shape": "round", "width": 1.5}}),
]


@pytest.mark.parametrize(("code", "fields"), BREAKS, ids=[b[0] for b in BREAKS])
def test_restriction_fires_alone(code: str, fields: dict[str, Any]) -> None:
    design = Design.model_validate({"id": "x", "name": "x", **fields})
    codes = [p.code for p in design_problems(design)]
    assert codes == [code]


NEIGHBOURS: list[tuple[str, dict[str, Any]]] = [
    ("design.hits.max", {"hits": 21, "base": {"width": 2}}),  # 20 over base: past the sane max, not the max
    ("design.hits.sane", {"hits": 13, "base": {"width": 2}}),
    ("design.saves.max", {"saves": 21, "hits": 13, "base": {"width": 2}}),
    ("design.saves.sane", {"saves": 10, "hits": 6, "base": {"width": 2}}),
    ("design.free_save.unused", {"saves": 0}),  # a 1-hit mobile model without saves is Light Troops: +6"
    ("design.dice.combined", {"attacks": {"close": 5}}),  # 5 + 1 save = 6 with 1 hit
    ("design.dice.combined", {"hits": 2, "attacks": {"close": 9}}),  # 10 with 2 hits
    ("design.dice.combined", {"hits": 3, "attacks": {"close": 11}, "base": {"width": 2}}),  # 12 with 3
    ("design.dice.combined", {"hits": 4, "attacks": {"close": 12}, "base": {"width": 2}}),  # 13 with 4
    ("design.dice.combined", {"race": "crustacean", "hits": 2, "attacks": {"close": 12}, "base": {"width": 2}}),
    ("design.free_save.no_die", {"saves": 0, "free_save": "attack", "attacks": {"medium": 1}}),
    ("design.stationary.speed", {"kind": "stationary", "speed": 0, "attacks": {"medium": 1}}),
    ("design.speed.below_base", {"speed": 6}),
    ("design.speed.step", {"speed": 10}),
    ("design.speed.max", {"speed": 18}),
    ("design.speed.flying_max", {"race": "avians", "speed": 60}),
    ("design.stationary.movement", {"kind": "stationary", "attacks": {"medium": 1}, "specials": ["teleportation"]}),
    ("design.stationary.race_movement", {"race": "macropus"}),
    ("design.volley_fire.stationary", {"specials": ["volley_fire"]}),
    ("design.arboreal.move", {"race": "arboreal", "speed": 6}),
    ("design.arboreal.hits_saves", {"race": "arboreal", "hits": 2, "saves": 2}),
    ("design.arboreal.base", {"race": "arboreal", "base": {"width": 1}}),
    ("design.rodent.dice_hits", {"race": "rodent", "hits": 2, "attacks": {"close": 1}}),
    ("design.blob.speed", {"race": "blob", "specials": ["drop_troop"]}),
    ("design.blob.jump", {"race": "blob", "specials": ["teleportation"]}),
    ("design.vegetable.mobile", {"race": "vegetable", "kind": "stationary", "attacks": {"medium": 1}}),
    ("design.vegetable.teleport", {"race": "vegetable", "kind": "stationary", "attacks": {"medium": 1},
                                   "specials": ["cloak"]}),
    ("design.specials.granted", {"race": "macropus", "specials": ["jump"]}),  # doubles its jump for free
    ("design.specials.too_many", {"specials": ["cloak", "decoy", "pointer"]}),
    ("design.carrier.both", {"hits": 3, "base": {"width": 2}, "specials": ["carrier_internal"]}),
    ("design.mega_jump.no_jump", {"mega_jump": True, "specials": ["jump"]}),
    ("design.mega_jump.no_jump", {"mega_jump": True, "race": "macropus"}),  # a jumper by race
    ("design.heavy_armor.not_allowed", {"heavy_armor": "hit", "hits": 2, "specials": ["drop_troop"],
                                        "base": {"width": 2}}),
    ("design.heavy_armor.not_allowed", {"kind": "stationary", "attacks": {"medium": 1}, "heavy_armor": "save"}),
    ("design.brain_eater.reducers", {"brain": "berserker", "specials": ["brain_eater"]}),
    ("design.master_mind.reducers", {"morale": "fearless", "specials": ["master_mind"]}),
    ("design.indirect_fire.range", {"attacks": {"long": 1, "extreme": 1}, "specials": ["indirect_fire"]}),
    ("design.indirect_fire.range", {"kind": "stationary", "attacks": {"long": 1}, "specials": ["indirect_fire"]}),
    ("design.indirect_fire.reducers", {"attacks": {"long": 1}, "morale": "fearless", "specials": ["indirect_fire"]}),
    ("design.indirect_fire.mono_maniacal", {"attacks": {"long": 1}, "brain": "clairvoyant",
                                            "specials": ["indirect_fire"]}),
    ("design.shredder.size", {"hits": 2, "attacks": {"close": 3}, "specials": ["shredder"]}),  # 3 + 1 + 2 = 6
    ("design.shredder.reducers", {"attacks": {"close": 1}, "brain": "mindless", "specials": ["shredder"]}),
    ("design.doppelganger.size", {"hits": 2, "attacks": {"close": 3}, "specials": ["doppelganger"]}),
    ("design.tank.base", {"specials": ["tank"], "base": {"width": 1.5}}),
    ("design.volley_fire.mono_maniacal", {"brain": "berserker", "specials": ["volley_fire"]}),
    ("design.omni_field.base", {"kind": "stationary", "attacks": {"medium": 1}, "base": {"width": 1},
                                "specials": ["omni_field_generator"]}),
    ("design.terrier.base", {"specials": ["terrier"], "base": {"width": 1}}),
    ("design.shielding.hits", {"hits": 2, "specials": ["shielding"]}),
    ("design.base.shape", {"base": {"shape": "square", "width": 1, "depth": 1.25}}),
    ("design.base.penny", {"base": {"width": 0.75}}),
    ("design.base.hits", {"hits": 3, "base": {"shape": "round", "width": 2}}),
    ("design.base.hits", {"hits": 3, "base": {"shape": "square", "width": 1.25}}),
]


@pytest.mark.parametrize(("code", "fields"), NEIGHBOURS, ids=[f"{n[0]}-{i}" for i, n in enumerate(NEIGHBOURS)])
def test_the_legal_neighbour_of_a_restriction_stays_legal(code: str, fields: dict[str, Any]) -> None:
    """Just inside each limit: nothing but a "sane maximum" warning (the limits are not off by one)."""
    design = Design.model_validate({"id": "x", "name": "x", **fields})
    codes = [p.code for p in design_problems(design)]
    assert code not in codes and set(codes) <= {"design.hits.sane", "design.saves.sane"}, codes


def test_every_restriction_has_a_legal_neighbour() -> None:
    covered = {code for code, _ in NEIGHBOURS}
    missing = {code for code, _ in BREAKS} - covered
    assert missing <= {"design.specials.duplicate", "design.shredder.ranged", "design.omni_field.mobile"}, missing


@pytest.mark.parametrize(("code", "fields"), BREAKS, ids=[b[0] for b in BREAKS])
def test_every_problem_names_its_field_and_source(code: str, fields: dict[str, Any]) -> None:
    design = Design.model_validate({"id": "x", "name": "x", **fields})
    for problem in design_problems(design):
        assert problem.field and problem.source
        assert str(problem.message).endswith(".")


def test_hoverers_and_flyers_break_the_ground_speed_limit() -> None:
    assert design_problems(Design(id="x", name="x", speed=24, specials=("hover",))) == []
    assert design_problems(Design(id="x", name="x", speed=24, specials=("flyer",))) == []
    assert [p.code for p in design_problems(Design(id="x", name="x", speed=24, specials=("jump",)))] == [
        "design.speed.max"]


def test_a_clean_design_has_no_problem() -> None:
    assert design_problems(Design(id="x", name="x")) == []


def test_the_cost_cutting_rule_fires_when_two_chosen_specials_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Volley Fire is the seed's only cost-cutting chosen special, so the rule needs a second one to fire."""
    from dataclasses import replace
    from fractions import Fraction

    from armybuilder.pointbuy import catalog

    cheap = replace(catalog.CHOSEN_SPECIALS["decoy"], factor=Fraction(1, 2))
    monkeypatch.setitem(catalog.CHOSEN_SPECIALS, "decoy", cheap)
    design = Design(id="x", name="x", specials=("volley_fire", "decoy"))
    assert [p.code for p in design_problems(design)] == ["design.specials.cost_cutting"]


def test_a_free_special_from_the_unit_is_checked_but_not_counted() -> None:
    design = Design(id="x", name="x", specials=("cloak", "decoy", "pointer"))
    assert design_problems(design, free=("ranger",)) == []
    assert [p.code for p in design_problems(design, free=("tank",))] == ["design.tank.base"]
