"""Cold load of every bundled profile database and rules pack, in a fresh process."""

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


if __name__ == "__main__":
    main()
