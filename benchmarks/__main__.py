"""Run every benchmark module of this package (`bench_*.py`), one after the other."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks


def main() -> int:
    names = sorted(info.name for info in pkgutil.iter_modules(benchmarks.__path__) if info.name.startswith("bench_"))
    status = 0
    for name in names:
        print(f"== benchmarks.{name}", flush=True)
        module = importlib.import_module(f"benchmarks.{name}")
        status = max(status, int(module.main([]) or 0))
        print(flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
