"""Fireteam speed: judging a list's declared fireteams (per team), the finder and suggestions by list size.

Runs on the official army with the largest fireteam chart (imported from ../shared once into a
temporary folder when no imported data is found); without the official data it says so and uses the
synthetic test army.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, ArmyRef, Fireteam
from armybuilder.domain.packs import EditionPack
from armybuilder.domain.roster import resolve
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.context import RuleContext
from armybuilder.rules.fireteams.assess import assess_fireteams
from armybuilder.rules.fireteams.chart import candidate_of, chart_view
from armybuilder.rules.fireteams.finder import find_fireteams, suggest_changes
from benchmarks.common import OFFICIAL_DATA, ROOT, median_ms, timed


def _catalog() -> tuple[Catalog, str]:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    try:
        from armybuilder.data.cache import attach_imported
        from armybuilder.data.importer import import_folder
    except ImportError:
        return Catalog.from_paths([bundled_profiles_dir(), ROOT / "tests" / "data" / "fireteams"]), \
            "the importer is not available: synthetic test army"
    if attach_imported(catalog) is not None and any(s.origin == "imported" for s in catalog.armies()):
        return catalog, "your imported official data"
    if not (OFFICIAL_DATA / "army.json").is_file():
        return Catalog.from_paths([bundled_profiles_dir(), ROOT / "tests" / "data" / "fireteams"]), \
            "no official data: synthetic test army"
    folder = Path(tempfile.mkdtemp(prefix="bench-fireteams-"))
    import_folder(OFFICIAL_DATA, folder)
    attach_imported(catalog, folder)
    return catalog, f"official data imported from {OFFICIAL_DATA}"


def _largest_chart(catalog: Catalog) -> Army:
    armies = [catalog.army(s.ref) for s in catalog.armies() if s.kind != "reinforcements"]
    return max(armies, key=lambda a: (sum(len(t.members) for t in a.fireteam_chart.teams), a.id))


def _chart_options(army: Army, edition_pack: EditionPack) -> list[tuple[int, int, int]]:
    """Options of units the chart names that may be in a fireteam (no peripheral, no barring skill)."""
    from armybuilder.domain.lists import CombatGroup, Trooper
    from armybuilder.domain.roster import ResolvedTrooper, resolve_trooper

    slugs = {m.slug for t in army.fireteam_chart.teams for m in t.members}
    found = []
    for unit in army.own_units:
        if unit.slug not in slugs:
            continue
        for group, option in unit.selectable_options():
            gid = group.id if group else 0
            resolved = resolve_trooper(army, CombatGroup(number=1), Trooper(uid="x", unit=unit.id, group=gid,
                                                                              option=option.id))
            if isinstance(resolved, ResolvedTrooper) and not candidate_of(resolved, edition_pack).barred:
                found.append((unit.id, gid, option.id))
    return found


def _list(army: Army, options: list[tuple[int, int, int]], size: int, rng: random.Random) -> ArmyList:
    """`size` troopers of chart units, ten per combat group; a few units repeated as players do."""
    army_list = ArmyList(army=ArmyRef(origin=army.origin, id=army.id), pack="n5", points=300)
    favourites = rng.sample(options, min(4, len(options)))
    for index in range(size):
        unit, group, option = rng.choice(favourites if rng.random() < 0.6 else options)
        army_list, _ = army_list.with_trooper(1 + index // 10, unit, group, option)
    return army_list


def _context(catalog: Catalog, army: Army, army_list: ArmyList) -> RuleContext:
    edition, season = catalog.rules_for(army_list, army)
    return RuleContext(army_list, resolve(army_list, army), edition, season)


def _declare_best(catalog: Catalog, army: Army, army_list: ArmyList) -> ArmyList:
    """Declare the finder's best teams, one per combat group and type, without sharing troopers."""
    used: set[str] = set()
    for option in sorted(find_fireteams(_context(catalog, army, army_list)), key=lambda p: -p.level):
        if used.isdisjoint(option.members):
            used |= set(option.members)
            army_list = army_list.with_fireteam(Fireteam(uid=army_list.next_uid("f"), type=option.type,
                                                         team=option.team, members=option.members))
    return army_list


def main() -> None:
    catalog, where = _catalog()
    army = _largest_chart(catalog)
    chart = army.fireteam_chart
    edition, _ = catalog.rules_for(ArmyList(army=ArmyRef(origin=army.origin, id=army.id), pack="n5"), army)
    options = _chart_options(army, edition)
    print(f"data: {where}")
    print(f"largest chart: {army.name} — {len(chart_view(army).teams)} teams, "
          f"{sum(len(t.members) for t in chart.teams)} lines, {len(options)} eligible options of chart units")
    rng = random.Random(20261205)

    per_team, whole, teams = [], [], 0
    for _ in range(20):
        army_list = _declare_best(catalog, army, _list(army, options, 15, rng))
        if not army_list.fireteams:
            continue
        times = timed(lambda al=army_list: assess_fireteams(_context(catalog, army, al)), repeat=50)  # type: ignore[misc]
        resolve_only = timed(lambda al=army_list: _context(catalog, army, al), repeat=50)  # type: ignore[misc]
        net = max(median_ms(times) - median_ms(resolve_only), 0.0)
        teams += len(army_list.fireteams)
        whole.append(net)
        per_team.append(net / len(army_list.fireteams))
    per_team.sort()
    print(f"judging declared fireteams (15-trooper lists, {teams} teams in 20 lists): "
          f"median {per_team[len(per_team) // 2]:.3f} ms per team, worst list {max(whole):.3f} ms "
          f"(resolving the list itself excluded)")

    print("finder (every team/type per combat group) and suggestions, by list size:")
    for size in (5, 10, 15, 20, 30):
        finder, suggest = [], []
        for _ in range(10):
            army_list = _list(army, options, size, rng)
            ctx = _context(catalog, army, army_list)
            finder.append(median_ms(timed(lambda c=ctx: find_fireteams(c), repeat=5)))  # type: ignore[misc]
            declared = _declare_best(catalog, army, army_list)
            dctx = _context(catalog, army, declared)
            suggest.append(median_ms(timed(lambda c=dctx: suggest_changes(c), repeat=5)))  # type: ignore[misc]
        finder.sort()
        suggest.sort()
        print(f"  {size:>2} troopers: finder median {finder[len(finder) // 2]:.2f} ms, worst {finder[-1]:.2f} ms; "
              f"suggestions median {suggest[len(suggest) // 2]:.2f} ms, worst {suggest[-1]:.2f} ms")

    group = _list(army, options, 10, rng)
    ctx = _context(catalog, army, group)
    full = median_ms(timed(lambda: find_fireteams(ctx), 5))
    print(f"one full combat group of 10 chart troopers: finder {full:.2f} ms")


if __name__ == "__main__":
    main()
