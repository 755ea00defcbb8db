"""Lists for the print-out tests: the synthetic private-information army and the seed lists."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path
from typing import Any

import yaml
from pypdf import PdfReader

from armybuilder.data.catalog import Catalog
from armybuilder.domain.lists import ArmyList, ArmyRef, Fireteam
from armybuilder.domain.values import FireteamType
from armybuilder.export.printout import PrintOptions
from armybuilder.paths import bundled_profiles_dir

DATA = Path(__file__).parent / "data"
EXPORT_DATA = DATA / "export"
GOLDEN = DATA / "golden"
FIXED = dict(date=dt.date(2025, 1, 2), app_version="0.0-test")

(FUSILIERS, BOYG, SACHA, TOGAN, SENOR, NIGHTSHADE, SKYFALL, PARAWING, MIRAGE, COMMISSAR, CIPHER, VEILED, GHOST,
 DANCER, KNIGHTS, OPTIMATE) = range(1, 17)
HOLOGRAPHERS, DUELLISTS, SPECTRES, WARDENS, TWINS, SEED_PODS = range(17, 23)


def options(**changes: Any) -> PrintOptions:
    return PrintOptions(**{**FIXED, **changes})


def export_catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", EXPORT_DATA])


def private_list() -> ArmyList:
    """15 troopers with every kind of private information, in three combat groups (the third all hidden)."""
    army_list = ArmyList(name="Private Affairs", army=ArmyRef(origin="bundled", id=960), pack="n5", points=600)
    for group, unit, option in [
        (1, FUSILIERS, 2), (1, FUSILIERS, 1), (1, BOYG, 1), (1, SACHA, 1), (1, TOGAN, 1), (1, NIGHTSHADE, 1),
        (1, VEILED, 1), (1, GHOST, 1), (1, MIRAGE, 1), (1, SENOR, 1),
        (2, COMMISSAR, 1), (2, CIPHER, 1), (2, DANCER, 1),
        (3, SKYFALL, 1), (3, PARAWING, 1),
    ]:
        army_list, _ = army_list.with_trooper(group, unit, 1, option)
    return army_list.with_fireteam(Fireteam(uid="f1", type=FireteamType.DUO, team="Fusiliers",
                                            members=("t1", "t2")))


def mirrors_list() -> ArmyList:
    """N5.2's cases: a Holoprojector bearer, Decoy troopers as a model and as markers, a Chain of Command
    option whose gear no plain option has, a two-trooper team option and a profile with "-" values."""
    army_list = ArmyList(name="Smoke and Mirrors", army=ArmyRef(origin="bundled", id=960), pack="n5", points=400)
    for group, unit, profile_group, option in [
        (1, FUSILIERS, 1, 2), (1, HOLOGRAPHERS, 1, 1), (1, DUELLISTS, 1, 1), (1, DUELLISTS, 1, 1),
        (1, SPECTRES, 1, 1), (1, WARDENS, 1, 2), (1, WARDENS, 1, 1), (1, TWINS, 0, 1), (1, SEED_PODS, 1, 1),
    ]:
        army_list, _ = army_list.with_trooper(group, unit, profile_group, option)
    return army_list


def tag_list() -> ArmyList:
    """A TAG whose included pilot profile repeats its orders (as the official data does), and a Lieutenant."""
    army_list = ArmyList(name="Walker", army=ArmyRef(origin="bundled", id=960), pack="n5", points=300)
    army_list, _ = army_list.with_trooper(1, OPTIMATE, 1, 1)
    army_list, _ = army_list.with_trooper(1, FUSILIERS, 1, 2)
    return army_list


def long_list() -> ArmyList:
    """15 troopers with the longest names and equipment lists, peripherals included: the page-count case."""
    army_list = ArmyList(name="Fifteen Long-Winded Knights and Friends", army=ArmyRef(origin="bundled", id=960),
                         pack="n5", points=600)
    rows = [(1, KNIGHTS, 3, 1)] * 6 + [(1, KNIGHTS, 1, 1)] * 4 + [(2, KNIGHTS, 3, 1)] * 3 + [
        (2, FUSILIERS, 1, 2), (2, TOGAN, 1, 1)]
    for group, unit, profile_group, option in rows:
        army_list, _ = army_list.with_trooper(group, unit, profile_group, option)
    return army_list


def seed_list(list_id: str, catalog: Catalog) -> ArmyList:
    """A list of tests/data/seed_lists.yaml as an ArmyList of the bundled databases."""
    data = yaml.safe_load((DATA / "seed_lists.yaml").read_text(encoding="utf-8"))
    seed = next(entry for entry in data["lists"] if entry["id"] == list_id)
    summary = next(s for s in catalog.armies() if s.origin == "bundled" and s.slug == seed["army"])
    army = catalog.army(summary.ref)
    army_list = ArmyList(name=seed["name"], army=summary.ref, pack=seed.get("pack", army.edition))
    for entry in seed["troopers"]:
        unit = army.unit_by_slug(entry["unit"])
        assert unit is not None, entry
        army_list, _ = army_list.with_trooper(entry["combat_group"], unit.id, entry["group"], entry["option"])
    return army_list


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, as a reader (or a search engine) would extract it."""
    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text() or "" for page in reader.pages]


def pdf_text(data: bytes) -> str:
    pages = pdf_pages(data)
    lines = [f"--- page {n} of {len(pages)} ---\n" + "\n".join(line.strip() for line in text.splitlines())
             for n, text in enumerate(pages, start=1)]
    return "\n".join(lines).rstrip() + "\n"
