"""Command-line start-up against a bare interpreter, measured side by side in fresh processes.

    python -m benchmarks startup [--rounds 15]

Each round runs, one after the other: `python -c pass` (the floor), `armybuilder --version`,
`armybuilder --help`, and `armybuilder validate LIST` twice — until its first line is on stdout, and until it
exits; and, for comparison, `python -c pass` with this environment's interpreter. Printed: the median and best
wall time of each, the median CPU time (user + system, which the other jobs of a busy machine inflate far less)
and the ratios of the medians to the floor (target: under 4× for --version and --help).

The floor and the commands run with the interpreter of a fresh empty venv (made once, without pip), the
sources and this environment's site-packages on its path: as an installed wheel starts. This environment's own
`python -c pass` is no floor: a development install runs its editable import hook (`__editable__…pth`) in
every start, which made the floor 2.3× dearer in CPU and the ratios look half of an installed copy's; and the
base interpreter may carry .pth files of its machine. Bytecode caching is on (a first warm-up round writes the
caches, as pip does when it installs a wheel).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks import ratios
from benchmarks.common import ROOT

EXAMPLE = ROOT / "examples" / "icestorm-panoceania.yaml"
TARGET = 4.0
FLOOR = "python -c pass (floor: a fresh venv)"


def _run(args: list[str], env: dict[str, str], first_line: bool = False) -> tuple[float, float]:
    """Seconds from starting the process until it exits (or prints its first line on stdout), and the CPU
    seconds (user + system) it used in all."""
    started = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    assert process.stdout is not None
    line = process.stdout.readline() if first_line else b"-"
    elapsed = time.perf_counter() - started
    assert line, "no output"
    process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if not first_line:
        elapsed = time.perf_counter() - started
    assert process.returncode == 0, args
    return elapsed, usage.ru_utime + usage.ru_stime


def _fresh_interpreter(folder: Path) -> str:
    """The python of a new, empty venv in `folder` (no pip, no .pth files, no system site-packages)."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    subprocess.run([base, "-m", "venv", "--without-pip", str(folder)], check=True, capture_output=True)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    return str(python)


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_startup", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(list(argv))
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as home:
        python = _fresh_interpreter(Path(home) / "venv")
        path = os.pathsep.join([str(ROOT), sysconfig.get_paths()["purelib"]])  # a path entry runs no .pth file
        env = {**os.environ, "ARMYBUILDER_HOME": home, "ARMYBUILDER_LANG": "en", "PYTHONPATH": path}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed copy runs: with its bytecode cached
        cases = {
            FLOOR: ([python, "-c", "pass"], False),
            "armybuilder --version": ([python, "-m", "armybuilder", "--version"], False),
            "armybuilder --help": ([python, "-m", "armybuilder", "--help"], False),
            "armybuilder validate: first line": ([python, "-m", "armybuilder", "validate", str(EXAMPLE)], True),
            "armybuilder validate: done": ([python, "-m", "armybuilder", "validate", str(EXAMPLE)], False),
            "python -c pass (this environment)": ([sys.executable, "-c", "pass"], False),
        }
        for command, first in cases.values():  # warm the file cache and the bytecode
            _run(command, env, first)
        times: dict[str, list[float]] = {name: [] for name in cases}
        cpus: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(max(1, args.rounds)):
            for name, (command, first) in cases.items():
                wall, cpu = _run(command, env, first)
                times[name].append(wall)
                cpus[name].append(cpu)
    floor, cpu_floor = statistics.median(times[FLOOR]), statistics.median(cpus[FLOOR])
    print(f"{'measure':<40}{'median':>10}{'best':>10}{'x floor':>9}{'CPU':>10}{'x floor':>9}")
    for name, runs in times.items():
        median, cpu = statistics.median(runs), statistics.median(cpus[name])
        print(f"{name:<40}{median * 1000:>8.1f}ms{min(runs) * 1000:>8.1f}ms{median / floor:>8.2f}x"
              f"{cpu * 1000:>8.1f}ms{cpu / cpu_floor:>8.2f}x")
    for label, table, base in (("wall", times, floor), ("CPU", cpus, cpu_floor)):
        worst = max(statistics.median(table[n]) for n in ("armybuilder --version", "armybuilder --help")) / base
        print(f"--version / --help ({label}): {worst:.2f}x the bare interpreter (target < {TARGET:g}x): "
              f"{'met' if worst < TARGET else 'NOT met'}")
    print(f"({ratios.load()})")
    for name in ("armybuilder --help", "armybuilder validate: first line"):
        print(ratios.record(f"{name} (CPU)", "command", statistics.median(cpus[name]) * 1000, "python -c pass",
                            cpu_floor * 1000, TARGET).line())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
