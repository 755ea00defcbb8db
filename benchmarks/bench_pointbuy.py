"""Point-buy game speed: pricing a design (what the designer does on every change), validating a
600-point army (every edit), and the designer's whole refresh in the window (offscreen)."""

from __future__ import annotations

import random
import tempfile

from armybuilder.pointbuy.army import PointBuyList
from armybuilder.pointbuy.costing import cost_of
from armybuilder.pointbuy.derived import stat_line
from armybuilder.pointbuy.design import AttackDice, Design
from armybuilder.pointbuy.engine import price, validate
from armybuilder.pointbuy.files import load_design_folders, load_list
from benchmarks.common import ROOT, median_ms, runs_line, timed, timed_ms

EXAMPLE = ROOT / "examples" / "pointbuy" / "swamp-host-600.yaml"
FACTIONS = ROOT / "profiles" / "pointbuy"


def _designs(count: int, rng: random.Random) -> list[Design]:
    """Random designs over the whole catalog (legal or not: the limits run either way)."""
    from armybuilder.pointbuy.catalog import BRAIN_POWERS, CHOSEN_SPECIALS, MORALE_GRADES, RACES

    found = []
    for index in range(count):
        dice = AttackDice(**{band: rng.randint(0, 3) for band in ("close", "short", "medium", "long")})
        found.append(Design(id=f"d{index}", name=f"Design {index}", kind=rng.choice(("mobile", "stationary")),
                            race=rng.choice(list(RACES)), brain=rng.choice(list(BRAIN_POWERS)),
                            morale=rng.choice(list(MORALE_GRADES)), hits=rng.randint(1, 8), saves=rng.randint(0, 4),
                            attacks=dice, specials=tuple(rng.sample(list(CHOSEN_SPECIALS), rng.randint(0, 3)))))
    return found


def _big_army() -> PointBuyList:
    """The example at 600 points and a fuller one: every bundled design, units up to their size."""
    designs = [d for s in load_design_folders([FACTIONS]) for d in s.designs]
    army = PointBuyList(points=600, designs=tuple(designs))
    for design, unit_type in zip(designs[:4], ("horde", "squad", "team", "recon_team"), strict=True):
        army, unit = army.with_unit(unit_type)
        army, _ = army.with_models(unit, design.id, {"horde": 24, "squad": 12}.get(unit_type, 6))
    army, grid = army.with_unit("grid")
    for design in designs:
        if not design.mobile:
            army, _ = army.with_models(grid, design.id, 2)
    army, _ = army.with_models(None, designs[4].id)
    return army


def _cold(army: PointBuyList) -> None:
    """Validate as after an edit: nothing remembered of the designs (the stat-line cache emptied)."""
    stat_line.cache_clear()
    validate(army)


def main() -> None:
    rng = random.Random(18)
    designs = _designs(2000, rng)
    cost = [median_ms(timed(lambda d=d: cost_of(d), 5)) for d in designs[:200]]  # type: ignore[misc]
    stat_line.cache_clear()
    priced = timed(lambda: [price(d) for d in designs])
    print(f"cost of a design (cost_of): median {sorted(cost)[len(cost) // 2] * 1000:.1f} µs, worst "
          f"{max(cost) * 1000:.1f} µs over 200 designs")
    print(f"a design priced with its stat line and limits (price): {priced[0] / len(designs) * 1e6:.1f} µs each "
          f"(2,000 random designs in {priced[0] * 1000:.0f} ms)")
    example = load_list(EXAMPLE).army
    print(runs_line("validate the 600-point example army (27 models, 6 designs)",
                    [t * 1000 for t in timed(lambda: _cold(example), 200)]))
    big = _big_army()
    print(runs_line(f"validate a 600-point army of {big.model_count} models, {len(big.designs)} designs",
                    [t * 1000 for t in timed(lambda: _cold(big), 200)]))
    _window(example)


def _window(army: PointBuyList) -> None:
    """One designer edit in the window: the command, the validation, every panel refreshed."""
    import os
    import sys

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from armybuilder.gui.app import make_application
    from armybuilder.pointbuy.gui.window import PointBuyWindow

    app = make_application([sys.argv[0]], quiet_offscreen=True)
    with tempfile.TemporaryDirectory():
        window = PointBuyWindow(army)
        window.resize(1600, 950)
        window.show()
        window.designs.select("croc-brute")
        app.processEvents()
        spin = window.designer.dice["close"]
        times = [timed_ms(lambda v=value: spin.setValue(v), app) for value in [5, 6, 7, 8] * 10]  # type: ignore[misc]
        print(runs_line("one designer edit in the window (edit, validate, refresh, paint)", times))
        window.document.undo_stack.setClean()
        window.close()


if __name__ == "__main__":
    main()
