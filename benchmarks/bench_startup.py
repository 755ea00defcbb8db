"""Command-line start-up against a bare interpreter, measured side by side in fresh processes.

    python -m benchmarks startup [--rounds 15]

Each round runs, one after the other: `python -c pass` (the floor), `armybuilder --version`,
`armybuilder --help`, and `armybuilder validate LIST` twice — until its first line is on stdout, and until
it exits. Printed: the median and best of each and the ratio of the medians to the floor (target: under 4×
for --version and --help). The commands run as `python -m armybuilder` with this interpreter, so the floor
pays for the same interpreter and site start-up; bytecode caching is on (a first warm-up round writes the
caches, as pip does when it installs a wheel).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

from benchmarks.common import ROOT

EXAMPLE = ROOT / "examples" / "icestorm-panoceania.yaml"
TARGET = 4.0


def _run(args: list[str], env: dict[str, str], first_line: bool = False) -> float:
    """Seconds from starting the process until it exits (or prints its first line on stdout)."""
    started = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    assert process.stdout is not None
    if first_line:
        line = process.stdout.readline()
        elapsed = time.perf_counter() - started
        assert line, "no output"
        process.communicate()
    else:
        process.communicate()
        elapsed = time.perf_counter() - started
    assert process.returncode == 0, args
    return elapsed


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_startup", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(list(argv))
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as home:
        env = {**os.environ, "ARMYBUILDER_HOME": home, "ARMYBUILDER_LANG": "en"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed copy runs: with its bytecode cached
        cases = {
            "python -c pass (floor)": ([python, "-c", "pass"], False),
            "armybuilder --version": ([python, "-m", "armybuilder", "--version"], False),
            "armybuilder --help": ([python, "-m", "armybuilder", "--help"], False),
            "armybuilder validate: first line": ([python, "-m", "armybuilder", "validate", str(EXAMPLE)], True),
            "armybuilder validate: done": ([python, "-m", "armybuilder", "validate", str(EXAMPLE)], False),
        }
        for command, first in cases.values():  # warm the file cache and the bytecode
            _run(command, env, first)
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(max(1, args.rounds)):
            for name, (command, first) in cases.items():
                times[name].append(_run(command, env, first))
    floor = statistics.median(times["python -c pass (floor)"])
    print(f"{'measure':<36}{'median':>10}{'best':>10}{'x floor':>9}")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:<36}{median * 1000:>8.1f}ms{min(runs) * 1000:>8.1f}ms{median / floor:>8.2f}x")
    worst = max(statistics.median(times[n]) for n in ("armybuilder --version", "armybuilder --help")) / floor
    print(f"--version / --help: {worst:.2f}x the bare interpreter (target < {TARGET:g}x): "
          f"{'met' if worst < TARGET else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
