"""The corpus of real army codes (tests/data/army_code_corpus.yaml.gz): every code reads, as recorded,
back to its bytes, and its totals match an independent sum over the official JSON."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from armycode_support import REAL, REJECTED, SOURCES

from armybuilder.data.armycode import ArmyCodeError, DecodedCode, code_bytes, decode, encode, encode_bytes, read
from armybuilder.data.armycode_lists import read_list
from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.domain.roster import ResolvedTrooper


def groups_text(code: DecodedCode) -> list[str]:
    """The corpus notation: "[R ]number: unit-group-option[*] …"."""
    return [("R " if g.reinforcement else "") + f"{g.number}: "
            + " ".join(f"{m.unit}-{m.group}-{m.option}" + ("*" if m.specops else "") for m in g.members)
            for g in code.groups]


def facts(entry: dict[str, Any]) -> dict[str, Any]:
    reading = read(entry["code"])
    code = reading.code
    found = {"army": code.army, "slug": code.slug, "name": code.name, "points": code.points,
             "framing": code.framing.value, "form": code.member_form.value, "leads": code.lead_pattern().value,
             "groups": groups_text(code)}
    lost = [note.message for note in reading.notes if note.lost]
    if lost:
        found["ignored"] = lost
    return found


def test_the_corpus_is_large_varied_and_sourced() -> None:
    assert len(REAL) >= 500
    assert len({code_bytes(e["code"]) for e in REAL}) == len(REAL), "one entry per distinct byte stream"
    for entry in REAL:
        assert entry["source"] in SOURCES and all(a in SOURCES for a in entry.get("also", ()))
    for source in SOURCES.values():
        assert source["repo"].count("/") == 1 and source["path"] and source["what"]
    kinds = Counter((e["framing"], e["form"], e["leads"]) for e in REAL)
    assert {k[:2] for k in kinds} >= {("count", "short"), ("zero", "short"), ("zero", "specops"),
                                      ("flagged", "short"), ("flagged", "specops")}
    assert {k[2] for k in kinds} == {"zeros", "positions", "mixed"}
    assert len({e["army"] for e in REAL}) >= 45


def test_every_real_code_reads_as_recorded() -> None:
    differ = [(i, entry["code"][:40]) for i, entry in enumerate(REAL)
              if facts(entry) != {k: entry[k] for k in ("army", "slug", "name", "points", "framing", "form",
                                                        "leads", "groups", "ignored") if k in entry}]
    assert differ == []


def test_every_real_code_encodes_back_to_its_bytes() -> None:
    for entry in REAL:
        code = decode(entry["code"])
        assert encode_bytes(code) == code_bytes(entry["code"]), entry["code"][:40]
        assert decode(encode(code)) == code
        assert decode(encode(code, url_encoded=False)) == code


def test_what_the_sources_state_holds() -> None:
    """Group sizes, upgrade counts, points and SWC stated by the source's own tests (independent of us)."""
    stated = [e for e in REAL if "stated" in e]
    assert len(stated) >= 8
    for entry in stated:
        code = decode(entry["code"])
        claims = entry["stated"]
        if "sizes" in claims:
            assert [len(g.members) for g in code.groups] == claims["sizes"], entry["name"]
        if "upgrades" in claims:
            assert [len(m.specops or ()) for _, m in code.members()] == claims["upgrades"]


def test_real_broken_pastes_are_refused_naming_the_byte() -> None:
    for entry in REJECTED:
        with pytest.raises(ArmyCodeError) as caught:
            decode(entry["code"])
        assert entry["message"] in caught.value.message
        assert caught.value.offset is not None


# ----- totals against the official JSON, read here without the project's importer ----------------------

class RawArmies:
    """Options straight from the official JSON: units and Spec-Ops units by id, profile group 0 for
    a unit's own options. Deliberately separate from `armybuilder.data` (an independent reading)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        factions = json.loads((folder / "army.json").read_text(encoding="utf-8"))["factions"]
        self.slugs = {f["id"]: f["slug"] for f in factions}
        self.cache: dict[int, dict[str, Any] | None] = {}

    def army(self, army_id: int) -> dict[str, Any] | None:
        if army_id not in self.cache:
            path = self.folder / f"{self.slugs.get(army_id, '-')}.json"
            self.cache[army_id] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
        return self.cache[army_id]

    def option(self, army_id: int, unit: int, group: int, option: int) -> dict[str, Any] | None:
        data = self.army(army_id)
        if data is None:
            return None
        for raw_unit in data["units"] + data.get("specops", {}).get("units", []):
            if raw_unit["id"] != unit:
                continue
            options = raw_unit.get("options", []) if group == 0 else next(
                (g["options"] for g in raw_unit["profileGroups"] if g["id"] == group), [])
            found = next((o for o in options if o["id"] == option), None)
            if found is not None:
                return found  # type: ignore[no-any-return]
        return None

    def totals(self, code: DecodedCode) -> tuple[int, int, int] | None:
        """(points, SWC in halves, SWC bonus in halves) of a code, None when a trooper is not in the JSON."""
        main = self.army(code.army)
        if main is None:
            return None
        points = swc = bonus = 0
        for group, member in code.members():
            army_id = main.get("reinforcements") if group.reinforcement else code.army
            option = self.option(army_id, member.unit, member.group, member.option) if army_id else None
            if option is None:
                return None
            points += option["points"]
            text = str(option["swc"])
            if text.startswith("+"):
                bonus += int(Decimal(text[1:]) * 2)
            elif text not in ("-", ""):
                swc += int(Decimal(text) * 2)
        return points, swc, bonus


@pytest.fixture(scope="module")
def official_catalog(imported_data) -> Catalog:  # type: ignore[no-untyped-def]
    catalog = Catalog(sources=[], packs={})
    attach_imported(catalog, imported_data.data_dir)
    return catalog


def test_totals_match_an_independent_sum_over_the_official_json(official_data: Path,
                                                                 official_catalog: Catalog) -> None:
    raw = RawArmies(official_data)
    checked = mismatched = agreed = 0
    for entry in REAL:
        code = decode(entry["code"])
        expected = raw.totals(code)
        if expected is None:
            continue
        result = read_list(entry["code"], official_catalog)
        assert result.unresolved == [], entry["code"][:40]
        resolved = [t for t in result.troopers if isinstance(t, ResolvedTrooper)]
        ours = (sum(t.points for t in resolved), sum(t.swc_halves for t in resolved),
                sum(t.swc_bonus_halves for t in resolved))
        mismatched += ours != expected
        checked += 1
        claims = entry.get("stated", {})
        if "points" in claims:  # the source's own totals: equal, unless its data was older than the snapshot
            agreed += (ours[0], Decimal(ours[1]) / 2) == (claims["points"], Decimal(claims["swc"]))
    assert mismatched == 0
    assert agreed >= 1
    # codes older than the snapshot name options retired since; newer ones, units it lacks (91% resolve)
    assert checked >= 0.85 * len(REAL), f"only {checked} of {len(REAL)} codes resolve in the snapshot"
