"""Cold load of every bundled profile database and rules pack, in a fresh process; then the cost of
checking their names against the vocabulary, side by side."""

from __future__ import annotations

import statistics
import subprocess
import sys

from benchmarks.common import ROOT

_CHILD = """
import time
start = time.perf_counter()
from armybuilder.data.profiles_yaml import load_profiles
from armybuilder.paths import bundled_profiles_dir
imported = time.perf_counter()
loaded = load_profiles([bundled_profiles_dir()])
done = time.perf_counter()
assert not loaded.errors, loaded.errors
units = sum(len(a.units) for a in loaded.armies.values())
print(f"{imported - start:.6f} {done - imported:.6f} {len(loaded.armies)} {units} {len(loaded.packs)}")
"""

_SIDE_BY_SIDE = """
import time
from armybuilder.data import profiles_yaml
from armybuilder.paths import bundled_profiles_dir
checking = profiles_yaml._check_names
def best(rounds=9):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        profiles_yaml.load_profiles([bundled_profiles_dir()])
        times.append(time.perf_counter() - start)
    return min(times)
with_names = []
without = []
for _ in range(3):  # interleaved, so both see the same load of the machine
    profiles_yaml._check_names = checking
    with_names.append(best())
    profiles_yaml._check_names = lambda loaded: None
    without.append(best())
print(f"{min(with_names):.6f} {min(without):.6f}")
"""


def main() -> None:
    runs = []
    for _ in range(7):
        out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, check=True, cwd=ROOT)
        runs.append(out.stdout.split())
    imports = [float(r[0]) for r in runs]
    loads = [float(r[1]) for r in runs]
    armies, units, packs = runs[0][2:5]
    print(f"bundled profiles: {armies} armies, {units} units, {packs} packs")
    print(f"import of the loader modules: median {statistics.median(imports) * 1000:.1f} ms")
    print(f"cold load of all bundled profiles and packs: median {statistics.median(loads) * 1000:.1f} ms "
          f"(min {min(loads) * 1000:.1f}, max {max(loads) * 1000:.1f}, 7 fresh processes)")
    out = subprocess.run([sys.executable, "-c", _SIDE_BY_SIDE], capture_output=True, text=True, check=True, cwd=ROOT)
    checked, unchecked = (float(x) for x in out.stdout.split())
    print(f"warm load with the vocabulary check {checked * 1000:.1f} ms, without {unchecked * 1000:.1f} ms: "
          f"{checked / unchecked:.2f}x (best of 3x9, interleaved)")


if __name__ == "__main__":
    main()
