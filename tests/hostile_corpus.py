"""The hostile corpus of #19: damaged, absurd and malicious list files and profile databases.

Small cases are kept in tests/data/hostile/ (written by `python tests/hostile_corpus.py`; a test
checks that they match this script); large or special ones (FIFOs, symlink loops, megabyte names,
tens of thousands of troopers) are made in a temporary folder by `write_special`.

Each case says what must happen: `refused` (a DataError naming the file, with `expect` in its
message) or `warned` (the list loads, with a warning containing `expect`).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ROOT / "tests" / "data" / "hostile"
BASE_LIST = ROOT / "examples" / "icestorm-panoceania.yaml"
BASE_PROFILES = ROOT / "profiles" / "panoceania.yaml"

Outcome = Literal["refused", "warned", "loaded"]


@dataclass(frozen=True)
class Case:
    name: str
    text: str | bytes
    outcome: Outcome
    expect: str


def _base() -> str:
    return BASE_LIST.read_text(encoding="utf-8")


def _trooper(uid: str) -> str:
    return (f"  - uid: {uid}\n    unit: 1\n    group: 1\n    option: 1\n    unit_name: Fusiliers\n"
            "    option_name: Fusilier\n    points: 10\n    swc: '0'\n")


def _list_with(troopers: int, header_extra: str = "") -> str:
    head = _base().split("groups:\n", 1)[0]
    body = "".join(_trooper(f"t{i}") for i in range(1, troopers + 1))
    return head + header_extra + "groups:\n- number: 1\n  reinforcement: false\n  troopers:\n" + body


def _alias_bomb(levels: int, width: int) -> str:
    lines = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def list_cases() -> list[Case]:
    """Small list files (each a few KB at most)."""
    base = _base()
    cut = base.split("  - uid: t4\n", 1)[0]
    with_totals = base.replace("groups:\n", "totals:\n  troopers: 10\n  points: 300\n  swc: '6'\ngroups:\n", 1)
    cut_after_trooper = with_totals.split("  - uid: t4\n", 1)[0]
    return [
        Case("alias-bomb.yaml", base.replace("notes: ''\n", "notes: ''\nx-bomb:\n" + "".join(
            "  " + line + "\n" for line in _alias_bomb(9, 10).splitlines()), 1), "refused", "aliases"),
        Case("alias-bomb-few.yaml", "format: armybuilder-list/1\n" + _alias_bomb(7, 7), "refused", "expands to more"),
        Case("deep-nesting.yaml", base.replace("notes: ''", "notes: " + "[" * 5000, 1), "refused", "nest"),
        Case("deep-block-nesting.yaml", "- " * 3000 + "1\n", "refused", "nested more than"),
        Case("digits-points.yaml", base.replace("tier: mid", "tier: null\npoints: " + "9" * 5000, 1), "refused",
             "digits long"),
        Case("digits-swc.yaml", base.replace("swc: '0'", "swc: '" + "9" * 5000 + "'", 1), "refused", "SWC"),
        Case("points-true.yaml", base.replace("tier: mid", "tier: null\npoints: true", 1), "refused",
             "whole number"),
        Case("points-huge.yaml", base.replace("tier: mid", "tier: null\npoints: 100000000000000000000", 1),
             "refused", "at most 10000"),
        Case("points-zero.yaml", base.replace("tier: mid", "tier: null\npoints: 0", 1), "refused", "more than 0"),
        Case("group-number-huge.yaml", base.replace("- number: 1", "- number: 10000000000000000000000000", 1),
             "refused", "at most 100"),
        Case("trooper-cost-negative.yaml", base.replace("points: 10", "points: -10", 1), "refused", "at least 0"),
        Case("unit-id-negative.yaml", base.replace("unit: 1", "unit: -1", 1), "refused", "at least 0"),
        Case("unit-id-huge.yaml", base.replace("unit: 1", "unit: 99999999999999", 1), "refused", "at most"),
        Case("format-0.yaml", base.replace("armybuilder-list/1", "armybuilder-list/0", 1), "refused",
             "not an army list file"),
        Case("format-newer.yaml", base.replace("armybuilder-list/1", "armybuilder-list/9", 1), "refused",
             "newer version"),
        Case("format-missing.yaml", base.replace("format: armybuilder-list/1\n", "", 1), "refused",
             "not an army list file"),
        Case("duplicate-key.yaml", base.replace("tier: mid", "tier: mid\ntier: top", 1), "refused", "given twice"),
        Case("python-tag.yaml", base.replace("notes: ''", "notes: !!python/object/apply:os.system ['true']", 1),
             "refused", "YAML"),
        Case("not-utf8.yaml", base.encode("utf-8").replace(b"PanOceania", b"Pan\xff\xfeOceania", 1), "refused",
             "not UTF-8"),
        Case("empty.yaml", "", "refused", "not an army list file"),
        Case("binary.yaml", bytes(range(256)) * 4, "refused", "UTF-8"),
        Case("a-list-of-numbers.yaml", "[1, 2, 3]\n", "refused", "not an army list file"),
        Case("groups-not-a-list.yaml", base.split("groups:\n", 1)[0] + "groups: 7\n", "refused", "expected a list"),
        Case("trooper-twice.yaml", base.replace("uid: t2", "uid: t1", 1), "refused", "appears twice"),
        Case("cut-short-old.yaml", cut, "loaded", ""),
        Case("cut-short.yaml", cut_after_trooper, "warned", "cut short"),
        Case("cut-short-before-groups.yaml", with_totals.split("groups:\n", 1)[0], "warned", "cut short"),
        Case("name-4000.yaml", base.replace("name: Operation Icestorm — PanOceania", "name: " + "N" * 4000, 1),
             "warned", "only the first 200"),
        Case("name-escapes.yaml", base.replace("name: Operation Icestorm — PanOceania",
                                               'name: "\\e[2J\\e]0;pwned\\a\\e[31mRED\\u009b1m"', 1), "loaded", ""),
        Case("name-not-text.yaml", base.replace("name: Operation Icestorm — PanOceania", "name: [1, 2]", 1),
             "refused", "expected text"),
        Case("swc-bool.yaml", base.replace("swc: '0'", "swc: true", 1), "refused", "SWC"),
        Case("fireteam-unknown-members.yaml", base.replace("fireteams: []\n", "") + "fireteams:\n- uid: f1\n"
             "  type: CORE\n  team: X\n  members: [t1, t99]\n", "warned", "not in the list"),
        Case("fireteam-members-repeated.yaml", base.replace("fireteams: []\n", "") + "fireteams:\n- uid: f1\n"
             "  type: CORE\n  team: X\n  members: [" + ", ".join(["t1"] * 600 + ["t2", "t3"]) + "]\n", "warned",
             "more than once"),
    ]


def profile_cases() -> list[Case]:
    """Small profile databases: bombs, loops, impossible values (each a few KB at most)."""
    base = BASE_PROFILES.read_text(encoding="utf-8")
    return [
        Case("alias-bomb.yaml", "format: armybuilder-army/1\n" + _alias_bomb(9, 10), "refused", "aliases"),
        Case("alias-bomb-few.yaml", "format: armybuilder-army/1\n" + _alias_bomb(8, 8), "refused",
             "expands to more"),
        Case("deep-nesting.yaml", "format: armybuilder-army/1\nunits: " + "[" * 10_000, "refused", "nest"),
        Case("digits.yaml", base.replace("id: 101", "id: " + "1" * 5000, 1), "refused", "digits long"),
        Case("duplicate-key.yaml", base.replace("id: 101", "id: 101\nid: 102", 1), "refused", "given twice"),
        Case("not-a-mapping.yaml", "- 1\n- 2\n", "refused", "mapping"),
        Case("unknown-format.yaml", base.replace("armybuilder-army/1", "armybuilder-army/7", 1),
             "refused", "format"),
        Case("python-tag.yaml", "format: !!python/name:os.system ''\n", "refused", "YAML"),
        Case("includes-itself.yaml", base.replace("includes: [{group: 2, option: 1}]",
                                                  "includes: [{group: 1, option: 1}]", 1), "refused",
             "includes itself"),
        Case("includes-loop.yaml", base.replace('            swc: "-"\n            disabled: true\n',
                                                '            swc: "-"\n            disabled: true\n'
                                                '            includes: [{group: 1, option: 1}]\n', 1),
             "refused", "a loop of includes"),
        Case("parent-itself.yaml", base.replace("parent: null", "parent: 101", 1), "refused",
             "as its parent army"),
        Case("reinforcements-itself.yaml", base.replace("parent: null", "parent: null\nreinforcements: 101", 1),
             "refused", "as its Reinforcements army"),
        Case("stat-negative.yaml", base.replace("cc: 13", "cc: -13", 1), "refused", "cc: -13 is out of range"),
        Case("ava-negative.yaml", base.replace("s: 2\n", "s: 2\n            ava: -5\n", 1), "refused",
             "ava: -5 is out of range"),
        Case("id-huge.yaml", base.replace("id: 101", "id: 99999999999999999", 1), "refused", "out of range"),
        Case("cost-huge.yaml", base.replace("points: 10\n", "points: 99999999\n", 1), "refused",
             "points: 99999999 is out of range"),
        Case("pack-replacing-n5.yaml", (ROOT / "profiles" / "packs" / "n5.yaml").read_text(encoding="utf-8"),
             "refused", "already defined by"),
        Case("pack-swc-per-0-points.yaml", _pack("swc_per_points: 50", "swc_per_points: 0"), "refused",
             "swc_per_points: 0 is out of range (1 to 10000)"),
        Case("pack-troopers-huge.yaml", _pack("max_troopers: 15", "max_troopers: 10000000000000000000000000"),
             "refused", "max_troopers: 10000000000000000000000000 is out of range"),
        Case("pack-fireteam-size-inverted.yaml", _pack("CORE: {min: 3, max: 5}", "CORE: {min: 5, max: 3}"),
             "refused", "a fireteam of 5 to 3 members cannot exist"),
    ]


def _pack(old: str, new: str) -> str:
    """The bundled N5 pack under another id (so it is not refused as a copy), one value changed."""
    text = (ROOT / "profiles" / "packs" / "n5.yaml").read_text(encoding="utf-8")
    assert old in text, old
    return text.replace("\nid: n5\n", "\nid: hostile-n5\n", 1).replace(old, new, 1)


def write_small(folder: Path = HOSTILE) -> list[Path]:
    """Write the small cases to `folder`/lists and `folder`/profiles; returns the files written."""
    written = []
    for kind, cases in (("lists", list_cases()), ("profiles", profile_cases())):
        (folder / kind).mkdir(parents=True, exist_ok=True)
        for case in cases:
            path = folder / kind / case.name
            path.write_bytes(case.text if isinstance(case.text, bytes) else case.text.encode("utf-8"))
            written.append(path)
    return written


def write_special(folder: Path) -> list[Case]:
    """Large or special list files made in `folder` (their `text` is the path written)."""
    folder.mkdir(parents=True, exist_ok=True)
    made: list[Case] = []
    fifo = folder / "fifo.yaml"
    os.mkfifo(fifo)
    made.append(Case(str(fifo), str(fifo), "refused", "FIFO"))
    (folder / "loop-a.yaml").symlink_to(folder / "loop-b.yaml")
    (folder / "loop-b.yaml").symlink_to(folder / "loop-a.yaml")
    made.append(Case(str(folder / "loop-a.yaml"), "", "refused", "loop"))
    (folder / "dangling.yaml").symlink_to(folder / "nothing-here.yaml")
    made.append(Case(str(folder / "dangling.yaml"), "", "refused", "which does not exist"))
    (folder / "folder.yaml").mkdir()
    made.append(Case(str(folder / "folder.yaml"), "", "refused", "folder"))
    made.append(Case("/dev/zero", "", "refused", "device"))
    name_2mb = folder / "name-2mb.yaml"
    name_2mb.write_text(_base().replace("name: Operation Icestorm — PanOceania", "name: " + "M" * 2_000_000, 1),
                        encoding="utf-8")
    made.append(Case(str(name_2mb), "", "refused", "the limit is 1 MB"))
    name_100k = folder / "name-100k.yaml"
    name_100k.write_text(_base().replace("name: Operation Icestorm — PanOceania", "name: " + "M" * 100_000, 1),
                         encoding="utf-8")
    made.append(Case(str(name_100k), "", "warned", "only the first 200"))
    many = folder / "troopers-501.yaml"
    many.write_text(_list_with(501), encoding="utf-8")
    made.append(Case(str(many), "", "refused", "at most 500"))
    huge = folder / "troopers-33800.yaml"
    huge.write_text(_list_with(33_800), encoding="utf-8")
    made.append(Case(str(huge), "", "refused", "the limit is 1 MB"))
    return made


if __name__ == "__main__":
    for path in write_small(Path(sys.argv[1]) if len(sys.argv) > 1 else HOSTILE):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


# ----- mutations for the fuzz tests and the hostile run ------------------------------------------------

ODD_VALUES: tuple[object, ...] = (
    None, True, False, 0, -1, 1, 2**31, 2**63, 10**25, -(10**25), 0.5, float("inf"), "", " ", "x" * 300,
    "\x1b[2J", "t1", "-", "+1", "1.5", [], {}, [1, [2, [3]]], {"a": {"b": None}},
)


def mutate_bytes(data: bytes, rng: Any) -> bytes:
    """One to four byte edits: change a byte, insert a YAML-ish character, delete, repeat a slice, cut."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(5)
        where = rng.randrange(len(out) or 1)
        if kind == 0 and out:
            out[where] = rng.randrange(256)
        elif kind == 1:
            out.insert(where, rng.choice(b"{}[]:-*&!|>'\"\n #0123456789.e+\x00\xff"))
        elif kind == 2 and out:
            del out[where]
        elif kind == 3 and out:
            end = min(len(out), where + rng.randint(1, 200))
            out[where:where] = out[where:end] * rng.randint(1, 20)
        else:
            del out[where:]
    return bytes(out)


def _leaves(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found: list[tuple[object, ...]] = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _leaves(value, (*path, index))
    return found


def mutate_data(data: object, rng: Any) -> object:
    """A deep copy of `data` with one to three values (anywhere, containers too) replaced by odd ones,
    or dropped."""
    import copy

    out = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _leaves(out) if p]
        if not paths:
            return rng.choice(ODD_VALUES)
        path = rng.choice(paths)
        parent: Any = out
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.15:
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
    return out
