"""Run every benchmark module (`python -m benchmarks [name…]`) and print their figures."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks
from benchmarks import ratios


def main(argv: list[str]) -> int:
    wanted = set(argv)
    names = sorted(info.name for info in pkgutil.iter_modules(benchmarks.__path__) if info.name.startswith("bench_"))
    for name in names:
        if wanted and name not in wanted and name.removeprefix("bench_") not in wanted:
            continue
        print(f"== {name} ==", flush=True)
        module = importlib.import_module(f"benchmarks.{name}")
        module.main()
        print(flush=True)
    lines = ratios.summary()
    if lines:
        print("== ratios measured side by side ==")
        print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
