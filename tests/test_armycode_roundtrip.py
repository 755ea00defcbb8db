"""Property: any list written as an army code reads back as the same list (what a code can hold)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from armybuilder.data.armycode import decode
from armybuilder.data.armycode_lists import NAME_BYTES_SAFE, encode_list, to_army_list  # type: ignore[attr-defined]
from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.domain.lists import CombatGroup, Trooper
from armybuilder.paths import bundled_profiles_dir

CATALOG = Catalog.from_paths([bundled_profiles_dir()])
IDS = st.integers(min_value=0, max_value=0x7FFF)
"""Ids a code holds: one byte below 0x80, else two with the top bit as a flag (a unit id is never 0;
profile group 0 is a team option)."""


@st.composite
def army_lists(draw: st.DrawFn) -> ArmyList:
    army = draw(st.sampled_from([101, 106, 501, 602, 1101, 0x7FFF]))
    groups = []
    serial = 0
    for number in range(1, draw(st.integers(1, 5)) + 1):
        troopers = []
        for _ in range(draw(st.integers(0, 12))):
            serial += 1
            troopers.append(Trooper(uid=f"t{serial}", unit=draw(IDS.filter(bool)), group=draw(IDS), option=draw(IDS)))
        groups.append(CombatGroup(number=number, troopers=tuple(troopers), reinforcement=draw(st.booleans())))
    name = draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=60))
    return ArmyList(name=name, army=ArmyRef(origin="imported", id=army, slug=draw(st.sampled_from(["", "morat"]))),
                    points=draw(st.integers(1, 0x7FFF)), groups=tuple(groups))


def _shape(army_list: ArmyList) -> list[tuple[int, bool, list[tuple[int, int, int]]]]:
    return [(g.number, g.reinforcement, [(t.unit, t.group, t.option) for t in g.troopers]) for g in army_list.groups]


@given(army_lists())
def test_a_list_survives_its_army_code(army_list: ArmyList) -> None:
    back = to_army_list(decode(encode_list(army_list)), CATALOG)
    assert back.army.id == army_list.army.id
    assert back.points == army_list.points
    expected_name = army_list.name.strip()
    if len(expected_name.encode("utf-8")) > NAME_BYTES_SAFE:  # cut to what the official builder reads
        assert expected_name.startswith(back.name) and len(back.name.encode("utf-8")) <= NAME_BYTES_SAFE
    else:
        assert back.name == expected_name
    assert _shape(back) == _shape(army_list)
    assert [t.uid for _, t in back.troopers()] == [f"t{i}" for i in range(1, len(list(back.troopers())) + 1)]
