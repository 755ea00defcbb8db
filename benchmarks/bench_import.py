"""Importing the official data: cold import, no-op re-import and cache loads against plain json.load.

    python -m benchmarks.bench_import [--data ../shared/infinity-army/n5] [--repeat 5]
    python -m benchmarks import        (with the other benchmarks: python -m benchmarks, make bench)

Prints, side by side: the floor (json.load of the 56 army files), a cold import of all of them
(and army.json) into an empty cache, re-importing unchanged files, loading one army and all 56 from
the cache, and the peak memory of fresh processes that hold all 56 armies (or the raw JSON).
Times are the best of `--repeat` runs, with the median beside it.

Then, as whole processes (interpreter start and imports included, as a player runs them), alternately:
a process that only `json.load`s the 57 files (the floor), `armybuilder data import` into an empty cache
(target: within 2x the floor) and again into the same cache, nothing changed (within 1.2x); medians of
`--rounds` rounds, wall clock and CPU (user + system of the process), both recorded as ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import ratios
from benchmarks.common import OFFICIAL_DATA as DEFAULT_DATA
from benchmarks.common import ROOT, timed

_MEMORY_SCRIPT = """
import gc, json, resource, sys
from pathlib import Path
def peak_mb():
    try:  # Linux: the high-water mark of this process (ru_maxrss would include the parent's, from fork)
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024
mode, where = sys.argv[1], Path(sys.argv[2])
if mode == "cache":
    from armybuilder.data.cache import ImportedSource
    source = ImportedSource.open(where)
    before = peak_mb()
    kept = [source.load(s.id) for s in source.summaries()]
elif mode == "json":
    before = peak_mb()
    kept = [json.loads(p.read_bytes()) for p in sorted(where.glob("*.json"))]
elif mode == "floor":
    import time
    before = peak_mb()
    started = time.perf_counter()
    for path in sorted(where.glob("*.json")):
        if path.name != "army.json":
            with path.open(encoding="utf-8") as handle:
                json.load(handle)
    elapsed = time.perf_counter() - started
    kept = []
else:
    import time
    from armybuilder.data.importer import import_folder
    before = peak_mb()
    started = time.perf_counter()
    report = import_folder(where, Path(sys.argv[3]))
    elapsed = time.perf_counter() - started
    kept = [report]
gc.collect()
print(json.dumps({"before": before, "peak": peak_mb(), "count": len(kept),
                  "seconds": elapsed if mode in ("import", "floor") else 0}))
"""


COLD_RATIO, AGAIN_RATIO = 2.0, 1.2
_FLOOR_SCRIPT = """
import json, sys
from pathlib import Path
for path in sorted(Path(sys.argv[1]).glob("*.json")):
    with path.open(encoding="utf-8") as handle:
        json.load(handle)
"""


def _process(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) milliseconds of a whole process, from its start until it exits."""
    started = time.perf_counter()
    process = subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, args
    return elapsed * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def whole_processes(folder: Path, work: Path, rounds: int) -> list[str]:
    """The floor, a cold import and a re-import as whole processes, alternately; their ratios recorded."""
    env = {**os.environ, "ARMYBUILDER_HOME": str(work / "home"), "ARMYBUILDER_LANG": "en"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed copy runs: with its bytecode cached
    floor_args = [sys.executable, "-c", _FLOOR_SCRIPT, str(folder)]

    def importing(target: Path) -> list[str]:
        return [sys.executable, "-m", "armybuilder", "data", "import", str(folder), "--data", str(target)]

    _process(floor_args, env)  # warm the file cache and the bytecode
    _process(importing(work / "whole-warm"), env)
    runs: dict[str, list[tuple[float, float]]] = {"floor": [], "cold": [], "again": []}
    for n in range(rounds):
        runs["floor"].append(_process(floor_args, env))
        runs["cold"].append(_process(importing(work / f"whole-{n}"), env))
        runs["again"].append(_process(importing(work / f"whole-{n}"), env))
    lines = [f"whole processes, interpreter start included, medians of {rounds} alternating rounds "
             f"({ratios.load()}):"]
    labels = {"floor": "a process that only json.loads the 57 files (floor)",
              "cold": "armybuilder data import, empty cache (cold)", "again": "the same again, nothing changed"}
    medians = {name: [statistics.median(r[i] for r in values) for i in (0, 1)] for name, values in runs.items()}
    for name, (wall, cpu) in medians.items():
        lines.append(f"  {labels[name]:<56}{wall:>8.1f}ms wall{cpu:>8.1f}ms CPU")
    for index, clock in ((1, "CPU"), (0, "wall-clock")):
        for name, target, label in (("cold", COLD_RATIO, "cold import of the 56 armies"),
                                    ("again", AGAIN_RATIO, "re-import, nothing changed")):
            ratio = ratios.record(f"{label}, whole process ({clock})", "import", medians[name][index],
                                  "json.load process", medians["floor"][index], target)
            lines.append("  " + ratio.line())
    return lines


def best_and_median(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Best and median wall time of `repeat` runs, in seconds."""
    runs = timed(action, repeat)
    return min(runs), statistics.median(runs)


def memory(mode: str, *paths: Path) -> dict[str, float]:
    """Peak resident memory (MB) of a fresh interpreter doing one thing (Linux/macOS)."""
    result = subprocess.run([sys.executable, "-c", _MEMORY_SCRIPT, mode, *map(str, paths)], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    data: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_import", description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the official n5 folder")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measure (best and median are shown)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the whole-process measures")
    args = parser.parse_args(list(argv))
    folder: Path = args.data
    if not (folder / "army.json").is_file():
        print(f"skipped: no official data at {folder} (pass --data)")
        return 0

    from armybuilder.data.cache import ImportedSource
    from armybuilder.data.importer import import_folder

    files = sorted(folder.glob("*.json"))
    army_files = [p for p in files if p.name != "army.json"]
    size_mb = sum(p.stat().st_size for p in files) / 2**20
    work = Path(tempfile.mkdtemp(prefix="bench-import-"))
    try:
        def floor() -> None:
            for path in army_files:
                with path.open(encoding="utf-8") as handle:
                    json.load(handle)

        counter = iter(range(10**6))

        def cold() -> None:
            report = import_folder(folder, work / f"cold-{next(counter)}")
            assert report.written and not report.all_errors, report.all_errors

        cache = work / "cache"
        import_folder(folder, cache)

        def again() -> None:
            assert not import_folder(folder, cache).written

        source = ImportedSource.open(cache)
        assert source is not None
        ids = [s.id for s in source.summaries()]
        largest = max(source.index.armies, key=lambda a: a.length)

        def one() -> None:
            fresh = ImportedSource.open(cache)
            assert fresh is not None
            fresh.load(largest.id)

        def all_armies() -> None:
            fresh = ImportedSource.open(cache)
            assert fresh is not None
            for army_id in ids:
                fresh.load(army_id)

        repeat = max(1, args.repeat)
        rows = [
            (f"json.load of the {len(army_files)} army files (floor)", best_and_median(floor, repeat)),
            (f"cold import of all {len(army_files)} armies", best_and_median(cold, repeat)),
            ("re-import, nothing changed", best_and_median(again, repeat)),
            (f"load one army from the cache ({largest.name})", best_and_median(one, max(repeat, 20))),
            (f"load all {len(ids)} armies from the cache", best_and_median(all_armies, repeat)),
        ]
        floor_best = rows[0][1][0]
        pack = next(cache.glob("pack-*.bin"))
        print(f"official data: {folder} ({len(files)} files, {size_mb:.1f} MB); cache: "
              f"{(pack.stat().st_size + (cache / 'index.json').stat().st_size) / 2**20:.1f} MB")
        print(f"{'measure':<58}{'best':>10}{'median':>10}{'x floor':>9}")
        for label, (best, median) in rows:
            print(f"{label:<58}{best * 1000:>8.1f}ms{median * 1000:>8.1f}ms{best / floor_best:>8.2f}x")
        with_cache = memory("cache", cache)
        with_json = memory("json", folder)
        importing = memory("import", folder, work / "memory-import")
        fresh_floor = min(memory("floor", folder)["seconds"] for _ in range(3))
        fresh_import = min(memory("import", folder, work / f"fresh-{n}")["seconds"] for n in range(3))
        print(f"{'fresh processes (best of 3; interpreter start not counted)':<58}")
        print(f"{'  json.load of the 56 army files':<58}{fresh_floor * 1000:>8.1f}ms{'':>10}{1:>8.2f}x")
        print(f"{'  cold import of all 56 armies':<58}{fresh_import * 1000:>8.1f}ms{'':>10}"
              f"{fresh_import / fresh_floor:>8.2f}x")
        print(f"{'peak memory (fresh process)':<58}{'total':>10}{'added':>10}")
        for label, data in ((f"all {len(ids)} armies loaded from the cache", with_cache),
                            (f"all {len(files)} raw files held by json.load", with_json),
                            ("during a cold import", importing)):
            print(f"{label:<58}{data['peak']:>8.0f}MB{data['peak'] - data['before']:>8.0f}MB")
        for line in whole_processes(folder, work, max(1, args.rounds)):
            print(line, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
