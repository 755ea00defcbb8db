"""ITS Season 17 speed: a 15-trooper list validated with every Extra of the season on, beside the same
list under plain N5 (requirement: under 1 ms median)."""

from __future__ import annotations

import sys

from armybuilder.domain import Army, ArmyList, ArmyRef
from armybuilder.domain.packs import EditionPack, SeasonPack
from armybuilder.domain.specops import SpecOpsPick
from armybuilder.rules.engine import validate
from benchmarks.bench_rules import _catalog
from benchmarks.common import OFFICIAL_DATA, median_ms, timed

MAIN = [("fusiliers", 10, True), ("fusiliers", 12, False), ("fusiliers", 10, False), ("orc-troops", 28, False),
        ("nisses", 28, False), ("swiss-guard", 47, False), ("aquila-guard", 49, False),
        ("merc-csu-corporate-security-unit", 12, False), ("merc-saito-togan", 33, False)]
"""(unit slug, points, Lieutenant): PanOceania troopers beside a Commlink Fusilier, 45 points of them mercenaries."""
REINFORCEMENTS = [("reinf-blockers", 14), ("reinf-blade-ops", 17), ("reinf-neoterra-bolts", 21)]
EXTRAS = ("escalation", "free-game", "spec-ops", "soldiers-of-fortune", "direct-action", "reinforcements",
          "resilience-operations")


def _option(army: Army, slug: str, points: int, lieutenant: bool = False) -> tuple[int, int, int]:
    unit = army.unit_by_slug(slug)
    assert unit is not None, slug
    group, option = next((g, o) for g, o in unit.selectable_options()
                         if o.points == points and o.is_lieutenant == lieutenant)
    return unit.id, group.id if group else 0, option.id


def season_list(army: Army, reinforcement_army: Army) -> ArmyList:
    """15 troopers: 10 main (one with Commlink (+1), two mercenaries), a Spec-Ops of 12 XP, a Sāchā and three
    Reinforcements; every ITS S17 Extra switched on."""
    army_list = ArmyList(army=ArmyRef(origin=army.origin, id=army.id, slug=army.slug, name=army.name),
                         pack="its-s17", tier="400", extras=EXTRAS)
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    commlink = next((g, o) for g, o in fusiliers.selectable_options() if any(s.name == "Commlink" for s in o.skills))
    army_list, _ = army_list.with_trooper(1, fusiliers.id, commlink[0].id if commlink[0] else 0, commlink[1].id)
    for index, (slug, points, lieutenant) in enumerate(MAIN):
        army_list, _ = army_list.with_trooper(1 + index // 9, *_option(army, slug, points, lieutenant))
    table = army.specops
    assert table is not None
    unit, group, base = next(iter(table.bases()))
    bought = [u for u in table.upgrades if (u.item.name, u.xp) in (("Mimetism", 7), ("Light Shotgun", 3),
                                                                  ("Dodge", 2))]
    army_list, _ = army_list.with_trooper(2, unit.id, group.id, base.id,
                                          specops=tuple(SpecOpsPick.of(u) for u in bought))
    sacha = army.unit_by_slug("sacha-xenotech-hunters")
    assert sacha is not None
    sacha_group, sacha_option = next(iter(sacha.selectable_options()))
    army_list, _ = army_list.with_trooper(2, sacha.id, sacha_group.id if sacha_group else 0, sacha_option.id)
    army_list, number = army_list.with_group(reinforcement=True)
    for slug, points in REINFORCEMENTS:
        army_list, _ = army_list.with_trooper(number, *_option(reinforcement_army, slug, points))
    return army_list


def main() -> None:
    if not (OFFICIAL_DATA / "army.json").is_file():
        print("../shared is absent: the ITS Season 17 benchmark needs the official PanOceania; skipped")
        return
    catalog = _catalog()
    summary = catalog.find(101, prefer=("imported",))
    assert summary is not None
    army = catalog.army(summary.ref)
    reinforcement_army = catalog.army(("imported", army.reinforcements or 0))
    army_list = season_list(army, reinforcement_army)
    edition, season = catalog.rules_for(army_list, army)
    assert isinstance(edition, EditionPack) and isinstance(season, SeasonPack)
    report = validate(army_list, army, edition, season, reinforcement_army)
    print(f"ITS S17 list: {report.totals.troopers} troopers, {report.totals.points} points, extras: "
          f"{', '.join(EXTRAS)}; violations: {', '.join(report.codes()) or 'none'}", file=sys.stdout)
    times = timed(lambda: validate(army_list, army, edition, season, reinforcement_army), repeat=2000)
    plain = army_list.model_copy(update={"pack": "n5", "tier": None, "points": 400, "extras": ()})
    n5 = catalog.packs["n5"]
    assert isinstance(n5, EditionPack)
    plain_times = timed(lambda: validate(plain, army, n5, None, reinforcement_army), repeat=2000)
    print(f"15 troopers, ITS S17 with every Extra on: median {median_ms(times):.3f} ms, "
          f"p95 {sorted(times)[int(len(times) * 0.95)] * 1000:.3f} ms (requirement: < 1 ms median)")
    print(f"the same 15 troopers under plain N5:       median {median_ms(plain_times):.3f} ms "
          f"(ratio {median_ms(times) / median_ms(plain_times):.2f})")


if __name__ == "__main__":
    main()
