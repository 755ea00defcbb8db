"""Included options: our YAML adds a peripheral's cost to its controller's, the official data
prices it in (`IncludedOption.priced_in`); the roster must count each exactly once."""

from __future__ import annotations

import pytest

from armybuilder.domain import (
    Army,
    ArmyList,
    ArmyRef,
    CombatGroup,
    IncludedOption,
    Option,
    Profile,
    ProfileGroup,
    Trooper,
    Unit,
)
from armybuilder.domain.roster import resolve


def army(priced_in: bool) -> Army:
    controller = ProfileGroup(
        id=1, profiles=(Profile(id=1, name="Controller", type="LI", move=(10, 10), cc=13, bs=12, ph=10, wip=13,
                                arm=1, bts=0, w=1, s=2, ava=2),),
        options=(Option(id=1, name="With bot", points=20 if priced_in else 16, swc="0.5",
                        includes=(IncludedOption(group=2, option=1, quantity=2, priced_in=priced_in),)),))
    bot = ProfileGroup(
        id=2, profiles=(Profile(id=1, name="Bot", type="REM", move=(15, 10), cc=-1, bs=-1, ph=10, wip=12,
                                arm=0, bts=3, w=1, structure=True, s=1, characteristics=("Peripheral",)),),
        options=(Option(id=1, name="Bot", points=2, swc="0", disabled=True),))
    return Army(id=900, slug="test", name="Test", units=(Unit(id=1, slug="c", name="C",
                                                                profile_groups=(controller, bot)),))


@pytest.mark.parametrize("priced_in", [False, True])
def test_a_controller_with_two_bots_costs_twenty(priced_in: bool) -> None:
    test_army = army(priced_in)
    roster = resolve(ArmyList(army=ArmyRef(id=900), groups=(
        CombatGroup(number=1, troopers=(Trooper(uid="t1", unit=1, group=1, option=1),)),)), test_army)
    assert roster.points == 20 and roster.swc_halves == 1
    trooper = roster.troopers[0]
    assert trooper.peripherals[0].quantity == 2 and trooper.peripherals[0].priced_in is priced_in
