"""GUI responsiveness, measured through the window (offscreen): start-up, switching army, one edit.

    python -m benchmarks gui

* start-up: `python -m armybuilder` in a fresh process until its window is on screen (median of 5);
* switching army: a list's army changed to the largest official army (imported data; skipped with a
  message when ../shared is absent) until the unit browser, totals and problems show it — first
  time (loading it from the imported cache, in the background) and again (already loaded);
* one edit on a 15-trooper list (add, move, change option, undo) until totals and the validation
  panel are updated and the window has repainted, in a 1440×900 window and in a 1024×700 one.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from benchmarks.common import OFFICIAL_DATA, ROOT, fifteen_troopers, main_window, runs_line, timed_ms

TARGETS = {"start": 2000.0, "switch": 300.0, "edit": 50.0}


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"QT_QPA_PLATFORM": "offscreen", "ARMYBUILDER_HOME": str(home / "data"),
                "XDG_CONFIG_HOME": str(home / "config"), "HOME": str(home)})
    return env


def _import_official(env: dict[str, str]) -> bool:
    """Import ../shared's official data into the benchmark's own data folder (True when done)."""
    if not (OFFICIAL_DATA / "army.json").is_file():
        return False
    result = subprocess.run([sys.executable, "-m", "armybuilder", "data", "import", str(OFFICIAL_DATA)],
                            env=env, capture_output=True, text=True, cwd=ROOT)
    return result.returncode == 0


def bench_startup(env: dict[str, str], runs: int = 5) -> list[float]:
    env = {**env, "ARMYBUILDER_QUIT_AFTER_START": "1"}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "armybuilder"], env=env, cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - start
        process.wait(timeout=30)
        if "window shown" not in line:
            raise RuntimeError(f"the app did not report its window: {line!r}")
        times.append(elapsed * 1000)
    return times


def _summary(name: str, times: list[float], target: float) -> str:
    verdict = "ok" if statistics.median(times) < target else "OVER TARGET"
    return f"{runs_line(name, times)} (target < {target:.0f} ms: {verdict})"


def bench_in_window(imported: bool) -> list[str]:
    from armybuilder.gui.app import build_catalog

    lines = []
    with tempfile.TemporaryDirectory() as folder:
        catalog = build_catalog()
        app, window = main_window(Path(folder), catalog)
        app.processEvents()
        summaries = [s for s in catalog.armies() if s.kind != "reinforcements"]
        official = [s for s in summaries if s.origin == "imported"]
        if imported and official:
            largest = max(official, key=lambda s: s.options)
            other = next(s for s in official if s.id != largest.id and s.units > 20)
            window._on_army_chosen(other)
            window.tasks.wait()
            app.processEvents()

            def switch_to(summary: object) -> Callable[[], None]:
                def run() -> None:
                    window._on_dialog_army_chosen(summary)
                    window.tasks.wait()
                return run

            first = timed_ms(switch_to(largest), app)
            again = []
            for _ in range(5):
                window.document.undo_stack.undo()
                app.processEvents()
                again.append(timed_ms(switch_to(largest), app))
            lines.append(f"switching army to {largest.name} ({largest.units} units, {largest.options} options): "
                         f"first time {first:.0f} ms (loaded from the imported cache in the background)")
            lines.append(_summary("switching army again (data already loaded)", again, TARGETS["switch"]))
        else:
            lines.append("switching army: skipped — no imported official data (needs ../shared/infinity-army/n5)")
        army_summary = max((s for s in catalog.armies() if s.kind != "reinforcements"), key=lambda s: s.options)
        lines.append(_edit_figures(window, app, army_summary))
        window.document.close_list()
        window.resize(1024, 700)  # the small window: browser over the card, the list in its own column
        app.processEvents()
        lines.append(_edit_figures(window, app, army_summary, "1024×700 window"))
        window.document.close_list()
        window.close()
    return lines


def _edit_figures(window: object, app: object, summary: object, where: str = "1440×900 window") -> str:
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    choices = fifteen_troopers(window, summary)
    doc = window.document
    army = doc.army
    assert army is not None
    times: dict[str, list[float]] = {"add": [], "move": [], "change option": [], "undo": []}

    def other_option(uid: str) -> tuple[int, int] | None:
        trooper = doc.army_list.trooper(uid) if doc.army_list else None
        unit = army.unit(trooper.unit) if trooper else None
        if trooper is None or unit is None:
            return None
        keys = [(g.id if g else 0, o.id) for g, o in unit.selectable_options()]
        return next((k for k in keys if k != (trooper.group, trooper.option)), None)

    for round_ in range(20):
        times["add"].append(timed_ms(partial(doc.add_trooper, *choices[round_ % len(choices)], 1), app))
        times["undo"].append(timed_ms(doc.undo_stack.undo, app))
        uid = doc.uids_in_order()[round_ % 15]
        times["move"].append(timed_ms(partial(doc.move_troopers, [uid], 2 if round_ % 2 else 1, 0), app))
        changeable = next(((u, k) for u in doc.uids_in_order() if (k := other_option(u)) is not None), None)
        if changeable is not None:
            uid, key = changeable
            times["change option"].append(timed_ms(partial(doc.change_option, uid, *key), app))
    parts = [f"{name} median {statistics.median(v):.1f} ms (worst {max(v):.1f})" for name, v in times.items() if v]
    worst = max(statistics.median(v) for v in times.values() if v)
    verdict = "ok" if worst < TARGETS["edit"] else "OVER TARGET"
    return (f"one edit on a 15-trooper {army.name} list ({army.origin}, {where}), totals + problems + repaint: "
            + "; ".join(parts) + f" (target < {TARGETS['edit']:.0f} ms: {verdict})")


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        env = _env(home)
        imported = _import_official(env)
        print(f"official data imported for the benchmark: {'yes' if imported else 'no (skipped parts below)'}")
        startup = bench_startup(env)
        print(_summary("start-up to main window shown (fresh process)", startup, TARGETS["start"]), flush=True)
        os.environ["ARMYBUILDER_HOME"] = env["ARMYBUILDER_HOME"]
        for line in bench_in_window(imported):
            print(line, flush=True)


if __name__ == "__main__":
    main()
