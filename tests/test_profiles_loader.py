"""Loading profile databases and packs: valid files load, each kind of broken file is explained."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from armybuilder.data.profiles_yaml import load_profiles
from armybuilder.domain import Swc, UnitType

VALID_ARMY = textwrap.dedent("""\
    format: armybuilder-army/1
    id: 900
    slug: test-army
    name: Test Army
    edition: n5
    units:
      - id: 1
        slug: grunts
        name: Grunts
        profile_groups:
          - id: 1
            category: line
            profiles:
              - {id: 1, name: Grunt, type: LI, move: [10, 10], cc: 13, bs: 11, ph: 10, wip: 13,
                 arm: 1, bts: 0, w: 1, s: 2, ava: total, characteristics: [Cube, Regular]}
            options:
              - id: 1
                name: Grunt
                points: 10
                swc: 0
                orders: [{type: REGULAR}]
                weapons: [Combi Rifle, Pistol, Knife]
              - id: 2
                name: Grunt Lieutenant
                points: 10
                swc: "0"
                orders: [{type: REGULAR}, {type: LIEUTENANT, pooled: false}]
                skills: [Lieutenant]
              - id: 3
                name: Grunt Commlink
                points: 12
                swc: "+1"
                skills: ["Commlink (+1)"]
    """)


def write(tmp_path: Path, text: str, name: str = "army.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_valid_army_loads(tmp_path: Path) -> None:
    loaded = load_profiles([write(tmp_path, VALID_ARMY)])
    assert loaded.problems == []
    army = loaded.armies[900]
    unit = army.unit(1)
    assert unit is not None and unit.ava == "total"
    profile = unit.main_profile
    assert profile is not None and profile.type is UnitType.LI and profile.move == (10, 10)
    option = unit.option(1, 2)
    assert option is not None and option.is_lieutenant
    commlink = unit.option(1, 3)
    assert commlink is not None and commlink.swc == Swc.parse("+1")
    assert commlink.swc.halves == 0 and commlink.swc.budget_bonus_halves == 2
    assert commlink.skills[0].name == "Commlink" and commlink.skills[0].extras == ("+1",)


def _replace(old: str, new: str) -> str:
    assert old in VALID_ARMY, old
    return VALID_ARMY.replace(old, new, 1)


# (case id, file text, substrings the message must contain, expected line or None)
BROKEN = [
    ("yaml-syntax", VALID_ARMY.replace("name: Test Army", "name: [Test Army"), ["YAML syntax error"], None),
    ("not-a-mapping", "- just\n- a list\n", ["expected a mapping"], 1),
    ("missing-format", VALID_ARMY.replace("format: armybuilder-army/1\n", ""), ["format"], None),
    ("unknown-format", _replace("armybuilder-army/1", "armybuilder-army/99"), ["unknown or missing format"], 1),
    ("wrong-type-points", _replace("points: 10\n", "points: ten\n"),
     ["units[0].profile_groups[0].options[0].points", "whole number"], 19),
    ("negative-cost", _replace("points: 12", "points: -5"),
     ["options[2].points", "at least 0"], 31),
    ("bad-swc", _replace('swc: "+1"', 'swc: "lots"'), ["options[2].swc", "SWC must look like"], 32),
    ("half-swc", _replace('swc: "0"', 'swc: "0.3"'), ["multiple of 0.5"], 26),
    ("unknown-key", _replace("slug: grunts", "slug: grunts\n    colour: blue"),
     ["units[0].colour", "not a known key"], 9),
    ("missing-required", _replace("    name: Grunts\n", ""), ["units[0].name", "required"], None),
    ("unknown-unit-type", _replace("type: LI", "type: XX"), ["profiles[0].type", "expected one of"], None),
    ("unexplained-null-type", _replace("type: LI", "type: null"),
     ["profiles[0].type", "has no type; say in `notes` why"], None),
    ("duplicate-unit-id", VALID_ARMY + textwrap.indent(textwrap.dedent("""\
        - id: 1
          slug: others
          name: Others
        """), "  "), ["units[1].id", "duplicate unit id 1"], None),
    ("duplicate-option-id", _replace("- id: 3\n", "- id: 2\n"), ["duplicate option id 2"], None),
    ("unknown-include", _replace("weapons: [Combi Rifle, Pistol, Knife]",
                                 "weapons: [Combi Rifle, Pistol, Knife]\n"
                                 "            includes: [{group: 7, option: 1}]"),
     ["includes group 7 option 1, which does not exist"], None),
    ("unknown-relation-unit", VALID_ARMY + "relations:\n  - members: [{unit: 42}]\n    max: 1\n",
     ["relations[0].members[0].unit", "unknown unit id 42"], None),
    ("unknown-chart-slug", VALID_ARMY + textwrap.dedent("""\
        fireteam_chart:
          limits: {CORE: 1}
          teams:
            - name: Ghosts
              types: [CORE]
              members: [{slug: ghosts, max: 5}]
        """), ["unknown unit slug 'ghosts'"], None),
    ("bad-ava", _replace("ava: total", "ava: lots"), ["profiles[0].ava"], None),
    ("not-utf8", None, ["not UTF-8"], None),
]


@pytest.mark.parametrize(("case", "text", "expected", "line"), BROKEN, ids=[c[0] for c in BROKEN])
def test_broken_file_is_explained(tmp_path: Path, case: str, text: str | None, expected: list[str],
                                  line: int | None) -> None:
    path = tmp_path / f"{case}.yaml"
    if text is None:
        path.write_bytes(b"format: armybuilder-army/1\nname: \xff\xfe\n")
    else:
        path.write_text(text, encoding="utf-8")
    good = write(tmp_path, VALID_ARMY.replace("id: 900", "id: 901"), "good.yaml")
    loaded = load_profiles([path, good])
    messages = [str(p) for p in loaded.errors]
    assert messages, f"{case}: no problem reported"
    assert all(str(path) in m for m in messages), messages
    joined = "\n".join(messages)
    for fragment in expected:
        assert fragment in joined, f"{case}: {fragment!r} not in {joined!r}"
    if line is not None:
        assert any(p.line == line for p in loaded.errors), [(p.line, str(p)) for p in loaded.errors]
    # the other file still loads
    assert 901 in loaded.armies


def test_every_problem_of_a_file_is_reported(tmp_path: Path) -> None:
    text = _replace("points: 12", "points: -5").replace("type: LI", "type: XX")
    loaded = load_profiles([write(tmp_path, text)])
    assert len(loaded.errors) >= 2


def test_missing_folder_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    loaded = load_profiles([tmp_path / "nowhere"])
    assert [p.message for p in loaded.errors] == ["no such file or folder"]
