"""Test helpers for army codes: a synthetic profile database and a bare-bones official-data source.

`OfficialIdsSource` reads units, profile groups and options (names, points, SWC, included options)
straight from ../shared/infinity-army/n5 at test time, so that real codes can be resolved before
the real importer is attached. It is deliberately minimal (no profiles, weapons or relations).
"""

from __future__ import annotations

import functools
import gzip
import json
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from armybuilder.data.catalog import ArmySummary
from armybuilder.domain.lists import Origin
from armybuilder.domain.profiles import Army, IncludedOption, Option, ProfileGroup, Unit, WeaponProfile
from armybuilder.domain.values import Swc

CORPUS_FILE = Path(__file__).parent / "data" / "army_code_corpus.yaml.gz"
"""The corpus, gzipped (1,428 codes with their sources and readings: 664 KB of YAML, 157 KB packed);
`zcat` shows it."""
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_code_file(path: Path) -> dict[str, Any]:
    """A YAML file of army codes (`codes:`, `sources:` …), plain or gzipped (`.gz`); read once per process
    (the corpus takes half a second to parse, and each test process read it twice at collection): treat the
    result as read-only."""
    return _read_code_file(path.resolve())


@functools.cache
def _read_code_file(path: Path) -> dict[str, Any]:
    raw = path.read_bytes()
    text = (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")
    data = yaml.load(text, Loader=_LOADER)
    return data if isinstance(data, dict) else {}


_CORPUS: dict[str, Any] = read_code_file(CORPUS_FILE)
SOURCES: dict[str, dict[str, Any]] = _CORPUS["sources"]
"""Where the corpus codes were found (repo, path, commits)."""
REAL: list[dict[str, Any]] = _CORPUS["codes"]
"""Real army codes with their source and what they decode to (tests/data/army_code_corpus.yaml.gz)."""
REJECTED: list[dict[str, Any]] = _CORPUS["rejected"]
"""Real pastes that are not whole codes."""


def real(**facts: Any) -> dict[str, Any]:
    """The first corpus entry with these facts (e.g. `real(name="Bald Burgers ")`)."""
    return next(c for c in REAL if all(c.get(k) == v for k, v in facts.items()))


def sample(step: int = 60) -> list[dict[str, Any]]:
    """Every `step`-th corpus code plus the first of each (framing, form, leads) kind: a small, varied set."""
    kinds: dict[tuple[str, str, str], dict[str, Any]] = {}
    for entry in REAL:
        kinds.setdefault((entry["framing"], entry["form"], entry["leads"]), entry)
    picked = {id(e): e for e in REAL[::step]}
    picked.update({id(e): e for e in kinds.values()})
    return list(picked.values())

# Synthetic armies whose ids match real codes (602 Morat, 699 its Reinforcements): names say so.
SYNTHETIC_MORAT = textwrap.dedent("""\
    format: armybuilder-army/1
    id: 602
    slug: morat
    name: Synthetic Morat
    kind: sectorial
    parent: 601
    edition: n5
    version: test-1
    reinforcements: 699
    units:
      - id: 1572
        slug: unit-a
        name: Unit A
        profile_groups:
          - id: 1
            category: line
            profiles:
              - {id: 1, name: Unit A, type: LI, move: [10, 10], cc: 13, bs: 11, ph: 10, wip: 13, arm: 1, bts: 0,
                 w: 1, s: 2, ava: total}
            options:
              - {id: 1, name: Unit A Rifle, points: 20, swc: "0.5", orders: [{type: REGULAR}]}
              - {id: 2, name: Unit A Controller, points: 15, swc: "0", includes: [{group: 2, option: 1}]}
          - id: 2
            profiles:
              - {id: 2, name: Bot, type: REM, move: [15, 10], cc: 8, bs: 8, ph: 8, wip: 8, arm: 0, bts: 0, w: 1,
                 structure: true, s: 2, characteristics: [Peripheral]}
            options:
              - {id: 1, name: Bot, points: 4, swc: "-", disabled: true}
      - id: 518
        slug: unit-b
        name: Unit B
        profile_groups:
          - id: 1
            category: elite
            profiles:
              - {id: 1, name: Unit B, type: MI, move: [10, 10], cc: 13, bs: 12, ph: 10, wip: 13, arm: 2, bts: 0,
                 w: 1, s: 2, ava: 2}
            options:
              - {id: 7, name: Unit B HMG, points: 31, swc: "1.5"}
    """)

SYNTHETIC_REINFORCEMENTS = textwrap.dedent("""\
    format: armybuilder-army/1
    id: 699
    slug: the-exrah-comissariat
    name: Synthetic Reinforcements
    kind: reinforcements
    edition: n5
    units:
      - id: 1615
        slug: reinf-c
        name: Reinf C
        profile_groups:
          - id: 1
            profiles:
              - {id: 1, name: Reinf C, type: LI, move: [10, 10], cc: 13, bs: 11, ph: 10, wip: 13, arm: 1, bts: 0,
                 w: 1, s: 2, ava: 1}
            options:
              - {id: 1, name: Reinf C, points: 12, swc: "0"}
    """)

# groups 1: 1572-1-1 518-1-7 492-1-11 | 2: 1576-1-2 | R3: 1615-1-1 1614-1-1 1614-1-1 | R4: 1613-1-1 1613-1-1
MORAT_REINFORCEMENTS_CODE = ("gloFbW9yYXQBIIEsBAEBAAMAhiQBAQAAggYBBwAAgewBCwACAQABAIYoAQIAAwEBAwCGTwEBAACG"
                             "TgEBAACGTgEBAAQBAQIAhk0BAQAAhk0BAQA%3D")


def write_synthetic(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "morat.yaml").write_text(SYNTHETIC_MORAT, encoding="utf-8")
    (folder / "exrah.yaml").write_text(SYNTHETIC_REINFORCEMENTS, encoding="utf-8")
    return folder


def _option(raw: dict[str, Any]) -> Option:
    return Option(
        id=raw["id"], name=raw["name"], points=raw["points"], swc=Swc.parse(raw["swc"]),
        disabled=bool(raw.get("disabled", False)),
        includes=tuple(IncludedOption(group=i["group"], option=i["option"], quantity=i.get("q", 1))
                       for i in raw.get("includes", [])),
    )


class OfficialIdsSource:
    """Armies of the official snapshot with just ids, names and costs (origin 'imported')."""

    origin: Origin = "imported"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        meta = json.loads((folder / "army.json").read_text(encoding="utf-8"))
        self.factions = {f["id"]: f for f in meta["factions"] if (folder / f"{f['slug']}.json").is_file()}

    def summaries(self) -> Sequence[ArmySummary]:
        return [ArmySummary(origin="imported", id=f["id"], slug=f["slug"], name=f["name"],
                            kind="vanilla" if f["id"] == f["parent"] else "sectorial", parent=f["parent"],
                            version="", edition="n5", units=0, options=0) for f in self.factions.values()]

    def load(self, army_id: int) -> Army:
        faction = self.factions[army_id]
        data = json.loads((self.folder / f"{faction['slug']}.json").read_text(encoding="utf-8"))
        units = tuple(
            Unit(id=u["id"], slug=u["slug"], name=u["name"],
                 profile_groups=tuple(ProfileGroup(id=g["id"], options=tuple(_option(o) for o in g["options"]))
                                      for g in u["profileGroups"]),
                 options=tuple(_option(o) for o in u.get("options", [])))
            for u in data["units"]
        )
        return Army(id=army_id, slug=faction["slug"], name=faction["name"], origin="imported",
                    version=data["version"], units=units, reinforcements=data.get("reinforcements"))

    def weapons(self) -> dict[str, WeaponProfile]:
        return {}


def raw_option(folder: Path, slug: str, unit: int, group: int, option: int) -> dict[str, Any]:
    """An option exactly as the official JSON has it."""
    data = json.loads((folder / f"{slug}.json").read_text(encoding="utf-8"))
    found = next(u for u in data["units"] if u["id"] == unit)
    options = found["options"] if group == 0 else next(g for g in found["profileGroups"] if g["id"] == group)["options"]
    return next(o for o in options if o["id"] == option)
