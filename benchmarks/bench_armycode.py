"""Army codes: microseconds to decode and encode one code (run: python benchmarks/bench_armycode.py)."""

from __future__ import annotations

import contextlib
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from armybuilder.data.armycode import ArmyCodeError, code_bytes, decode, decode_bytes, encode
from armybuilder.data.armycode_lists import encode_list, to_army_list
from armybuilder.data.catalog import Catalog
from armybuilder.paths import bundled_profiles_dir

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "data" / "army_codes.yaml"


def per_call(function: Callable[[], object], calls: int, rounds: int = 5) -> float:
    """Best of `rounds` timings, in microseconds per call."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def main() -> None:
    codes = [c["code"] for c in yaml.safe_load(FIXTURES.read_text(encoding="utf-8"))["codes"]]
    decoded = [decode(c) for c in codes]
    biggest = max(codes, key=len)
    fifteen = [c for c, d in zip(codes, decoded, strict=True) if len(d.members()) == 15]
    rng = random.Random(1)
    garbage = [bytes(rng.randrange(256) for _ in range(rng.randrange(20, 120))) for _ in range(200)]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    lists = [to_army_list(d, catalog) for d in decoded]

    def decode_all() -> None:
        for code in codes:
            decode(code)

    def encode_all() -> None:
        for code in decoded:
            encode(code)

    def garbage_all() -> None:
        for data in garbage:
            with contextlib.suppress(ArmyCodeError):
                decode_bytes(data)

    def lists_all() -> None:
        for army_list in lists:
            encode_list(army_list, 300)

    n = len(codes)

    def line(label: str, micros: float, unit: str = "µs") -> None:
        print(f"  {label:<58} {micros:8.1f} {unit}")

    print(f"army codes: {n} real codes ({sum(len(d.members()) for d in decoded)} troopers); "
          f"Python {platform.python_version()} on {platform.machine()}")
    line(f"decode (text → structure), mean over the {n} codes", per_call(decode_all, 200) / n, "µs/code")
    for code in fifteen[:2]:
        line(f"decode a 15-trooper list ({len(code)} chars)", per_call(lambda c=code: decode(c), 2000))  # type: ignore[misc]
    line(f"decode the longest code ({len(biggest)} chars, Spec-Ops)", per_call(lambda: decode(biggest), 2000))
    line("  of which text → bytes (URL, base64)", per_call(lambda: code_bytes(biggest), 2000))
    line("encode (structure → text), mean", per_call(encode_all, 200) / n, "µs/code")
    line("encode an army list (from_army_list + encode), mean", per_call(lists_all, 200) / n, "µs/list")
    line("refuse random bytes (every framing tried), mean", per_call(garbage_all, 20) / len(garbage), "µs/input")


if __name__ == "__main__":
    sys.exit(main())  # type: ignore[func-returns-value]
