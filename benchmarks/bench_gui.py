"""GUI responsiveness, measured through the window (offscreen): start-up, switching army, one edit.

    python -m benchmarks gui

* start-up: `python -m armybuilder` in a fresh process until its window is on screen, side by side with a
  bare `python -c "import PySide6.QtWidgets"` (the floor of any PySide6 app), 7 rounds each, bytecode
  cached as an installed copy runs; target: within 8x the floor;
* switching army: a list's army changed to the largest official army (imported data; skipped with a
  message when ../shared is absent) until the unit browser, totals and problems show it — first
  time (loading it from the imported cache, in the background) and again (already loaded);
* one edit on a 15-trooper list of the largest army (add, undo, redo, move, change option, form a
  fireteam; benchmarks/edits.py) from the player's action until the window is idle and repainted, 20 of
  each in a 1440x900 window, against the validation of the same list measured between them: target, the
  median edit within 16x the validation, the worst of 20 within 2x the median — in the GUI thread's CPU
  time (what the app does) and in wall-clock time (what the player waits for, which on a loaded machine
  also holds the time other processes had the CPU); each kind's 20 CPU times are printed in round order
  too, so that a worst case can be told from noise and found again (which round, which edit);
* where an edit's time goes: the same edits with each stage timed (benchmarks/edits.py `StageClock`).

The edits follow each other at once: the event loop is never left idle between them, so what the app does
only when idle (the profile card preparing the pages of the list's units, 400 ms after the last action) is
never done. `BENCH_EDIT_PAUSE_MS=600 python -m benchmarks gui` lets the loop run idle that long (untimed)
before each edit, as between a player's clicks; its figures are printed and recorded under their own names.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import ratios
from benchmarks.common import OFFICIAL_DATA, ROOT, dispose, main_window, runs_line, timed_ms

TARGETS = {"switch": 300.0}
START_RATIO, EDIT_RATIO, SPREAD_RATIO = 8.0, 16.0, 2.0
ROUNDS = 20


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


def _first_line_ms(args: list[str], env: dict[str, str], expect: str | None = None) -> float:
    """Milliseconds from starting a process until it prints its first line (or exits, without `expect`)."""
    start = time.perf_counter()
    process = subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    line = process.stdout.readline() if expect is not None else ""
    if expect is None:
        process.communicate()
    elapsed = time.perf_counter() - start
    process.wait(timeout=60)
    if expect is not None and expect not in line:
        raise RuntimeError(f"the app did not report its window: {line!r}")
    return elapsed * 1000


def bench_startup(env: dict[str, str], rounds: int = 7) -> tuple[list[float], list[float]]:
    """The app until its window is shown, and the bare PySide6 import, alternately (floor first)."""
    env = {**env, "ARMYBUILDER_QUIT_AFTER_START": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed copy runs: with its bytecode cached
    app = [sys.executable, "-m", "armybuilder"]
    floor = [sys.executable, "-c", "import PySide6.QtWidgets"]
    _first_line_ms(floor, env)
    _first_line_ms(app, env, "window shown")  # writes the bytecode caches
    floors, starts = [], []
    for _ in range(rounds):
        floors.append(_first_line_ms(floor, env))
        starts.append(_first_line_ms(app, env, "window shown"))
    return starts, floors


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
        for line in lines:
            print(line, flush=True)
        lines = []
        army_summary = max((s for s in catalog.armies() if s.kind != "reinforcements"), key=lambda s: s.options)
        for line in _edit_figures(window, app, army_summary):
            print(line, flush=True)
        window.document.close_list()
        dispose(window, app)
        lines.extend(_stage_figures(catalog, Path(folder), army_summary))
    return lines


def _edit_figures(window: object, app: object, summary: object) -> list[str]:
    from benchmarks.edits import EDITS, EditBench, EditFigures

    pause = float(os.environ.get("BENCH_EDIT_PAUSE_MS", "0"))
    bench = EditBench(window, app, summary)  # type: ignore[arg-type]
    army = bench.doc.army
    bench.run(2, EditFigures())  # warm-up: caches filled, every code path run once
    figures = bench.run(ROUNDS, EditFigures(), pause_ms=pause)
    paused = f", the event loop idle {pause:.0f} ms before each (untimed)" if pause else ""
    lines = [f"one edit on a 15-trooper {army.name} list ({army.origin}, 1440x900 window), from the action until "
             f"the window is idle and repainted; {ROUNDS} of each{paused} ({ratios.load()}):"]
    for cpu in (True, False):
        clock = "GUI-thread CPU" if cpu else "wall-clock"
        validation = figures.validation(cpu)
        lines.append(f"  {clock}: validating the same list {validation:.2f} ms (median of {len(figures.validations)})")
        kinds = [name for name in EDITS if figures.edits[name]]
        for name in kinds:
            median, worst = figures.median(name, cpu), figures.worst(name, cpu)
            lines.append(f"    {name:<14} median {median:6.1f} ms = {median / validation:5.1f}x validation, "
                         f"worst {worst:6.1f} ms = {worst / median:4.2f}x median")
        slowest = max(kinds, key=lambda n: figures.median(n, cpu))
        spread = max(kinds, key=lambda n: figures.worst(n, cpu) / figures.median(n, cpu))
        for ratio in (
            ratios.record(f"one edit, slowest kind ({clock}{paused and ', paused'})", f"{slowest} median",
                          figures.median(slowest, cpu), "validation of the list", validation, EDIT_RATIO),
            ratios.record(f"worst of {ROUNDS} edits ({clock}{paused and ', paused'})", f"{spread} worst",
                          figures.worst(spread, cpu),
                          f"{spread} median", figures.median(spread, cpu), SPREAD_RATIO),
        ):
            lines.append("  " + ratio.line())
    lines.append("  each edit in round order, GUI-thread CPU ms (the worst of each kind in brackets):")
    for name in (n for n in EDITS if figures.edits[n]):
        cpus = [t.cpu_ms for t in figures.edits[name]]
        worst = cpus.index(max(cpus))
        shown = (f"[{c:.0f}]" if i == worst else f"{c:.0f}" for i, c in enumerate(cpus))
        lines.append(f"    {name:<14} " + " ".join(shown))
    if not figures.edits["form fireteam"]:
        lines.append("  (no fireteam the list's troopers can form in this army: that edit is not measured)")
    bench.settler.remove()
    return lines


def _stage_figures(catalog: object, folder: Path, summary: object) -> list[str]:
    """The same edits in a window whose stages are timed (a window of its own: the stages are wrapped
    before it is made, so that its signal connections reach the wrappers)."""
    from benchmarks.edits import EditBench, EditFigures, StageClock, instrument, staged_edit

    clock = StageClock()
    instrument(clock)
    try:
        app, window = main_window(folder, catalog)
        bench = EditBench(window, app, summary)
        bench.run(2, EditFigures())
        app.installEventFilter(clock)
        clock.totals.clear()
        rounds = 5
        edits = bench.run(rounds, EditFigures(), validations=0, timer=lambda action, settler: staged_edit(
            clock, action, settler))
        app.removeEventFilter(clock)
        count = sum(len(v) for v in edits.edits.values())
        total = sum(clock.totals.values())
        lines = [f"where an edit's time goes (GUI-thread CPU, {count} edits of every kind, "
                 f"{total * 1000 / count:.1f} ms each on average with the stage clock running):"]
        for name, share in clock.shares():
            lines.append(f"  {name:<34} {clock.totals[name] * 1000 / count:6.2f} ms  {share * 100:5.1f} %")
        bench.settler.remove()
        window.document.close_list()
        dispose(window, app)
    finally:
        clock.restore()
    return lines


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        env = _env(home)
        imported = _import_official(env)
        print(f"official data imported for the benchmark: {'yes' if imported else 'no (skipped parts below)'}")
        starts, floors = bench_startup(env)
        print(runs_line("start-up to main window shown (fresh process)", starts), flush=True)
        print(runs_line("bare `python -c \"import PySide6.QtWidgets\"` (the floor)", floors), flush=True)
        print(ratios.record("start-up to the main window", "app start", statistics.median(starts),
                            "bare PySide6 import", statistics.median(floors), START_RATIO).line(), flush=True)
        os.environ["ARMYBUILDER_HOME"] = env["ARMYBUILDER_HOME"]
        for line in bench_in_window(imported):
            print(line, flush=True)


if __name__ == "__main__":
    main()
