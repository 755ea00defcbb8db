"""Helpers for benchmarks: timing, medians, where ../shared is."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OFFICIAL_DATA = ROOT.parent / "shared" / "infinity-army" / "n5"


def timed(function: Callable[[], object], repeat: int = 1) -> list[float]:
    """Wall-clock seconds of each of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000
