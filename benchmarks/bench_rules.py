"""Rules engine speed: one 15-trooper list, 10,000 random lists, growth with list size."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import validate
from benchmarks.common import OFFICIAL_DATA, median_ms, timed


def _catalog() -> Catalog:
    """Bundled profiles plus the official data, imported into a temporary cache when ../shared is there."""
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    if (OFFICIAL_DATA / "army.json").is_file():
        from armybuilder.data.cache import attach_imported
        from armybuilder.data.importer import import_folder

        cache = Path(tempfile.mkdtemp(prefix="bench-rules-"))
        import_folder(OFFICIAL_DATA, cache)
        attach_imported(catalog, cache)
    else:
        print("../shared is absent: only the bundled armies are measured")
    return catalog


def _random_list(army: Army, size: int, rng: random.Random) -> ArmyList:
    from armybuilder.domain import ArmyRef

    choices = [(u.id, g.id, o.id) for u in army.units if not u.mercenary for g in u.profile_groups
               for o in g.options if not o.disabled]
    army_list = ArmyList(army=ArmyRef(origin=army.origin, id=army.id), pack="n5", points=300)
    for index in range(size):
        unit, group, option = rng.choice(choices)
        army_list, _ = army_list.with_trooper(1 + index // 10, unit, group, option)
    return army_list


def main() -> None:
    catalog = _catalog()
    rng = random.Random(20261130)
    summaries = sorted(catalog.armies(), key=lambda s: -s.units)
    armies = [catalog.army(s.ref) for s in summaries if s.kind != "reinforcements"][:8]
    print(f"armies used: {', '.join(f'{a.name} ({a.origin})' for a in armies)}")
    largest = armies[0]
    edition, season = catalog.rules_for(ArmyList(army=summaries[0].ref, pack="its-s9"), largest)

    fifteen = _random_list(largest, 15, rng)
    validate(fifteen, largest, edition, season)
    times = timed(lambda: validate(fifteen, largest, edition, season), repeat=2000)
    print(f"15-trooper list on {largest.name}: median {median_ms(times):.3f} ms, "
          f"p95 {sorted(times)[int(len(times) * 0.95)] * 1000:.3f} ms")

    lists = [(a, _random_list(a, rng.randint(1, 20), rng)) for a in (rng.choice(armies) for _ in range(10_000))]
    start = time.perf_counter()
    for army, army_list in lists:
        validate(army_list, army, edition, season)
    print(f"10,000 random lists (1–20 troopers) across {len(armies)} armies: {time.perf_counter() - start:.2f} s")

    for size in (5, 15, 50):
        sized = _random_list(largest, size, rng)
        times = timed(lambda sized=sized: validate(sized, largest, edition, season), repeat=1000)  # type: ignore[misc]
        print(f"{size:>3} troopers: median {median_ms(times):.3f} ms")


if __name__ == "__main__":
    main()
