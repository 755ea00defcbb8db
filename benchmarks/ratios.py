"""Targets stated as ratios of two figures measured side by side in one run, and their summary.

Each benchmark that has such a target records it here (`record`); `python -m benchmarks` (`make bench`)
prints every ratio again at the end, with both of its sides, the target and whether it held, so one
run says which held on this machine at this load.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Ratio:
    """`measured` against `floor` (both in ms), which should stay within `target` times."""

    name: str
    measured_label: str
    measured: float
    floor_label: str
    floor: float
    target: float

    @property
    def value(self) -> float:
        return self.measured / self.floor if self.floor > 0 else float("inf")

    @property
    def held(self) -> bool:
        return self.value <= self.target

    def line(self) -> str:
        verdict = "held" if self.held else "NOT held"
        return (f"{self.name}: {self.measured_label} {self.measured:.2f} ms / {self.floor_label} {self.floor:.2f} ms"
                f" = {self.value:.2f}x (target <= {self.target:g}x): {verdict}")


RESULTS: list[Ratio] = []


def record(name: str, measured_label: str, measured: float, floor_label: str, floor: float,
           target: float) -> Ratio:
    """Keep a ratio for the summary and return it (its `line()` is what the benchmark prints)."""
    ratio = Ratio(name, measured_label, measured, floor_label, floor, target)
    RESULTS.append(ratio)
    return ratio


def load() -> str:
    """The machine's load average (1, 5, 15 min) and core count, for the record."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


def summary() -> list[str]:
    """Every ratio recorded in this run, then how many held."""
    if not RESULTS:
        return []
    lines = [ratio.line() for ratio in RESULTS]
    held = sum(ratio.held for ratio in RESULTS)
    lines.append(f"{held} of {len(RESULTS)} ratios held ({load()})")
    return lines
