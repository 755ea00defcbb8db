"""Army codes: decode and encode per code, and `armybuilder validate --code …` with many codes in one call.

    python -m benchmarks armycode          (with the others: python -m benchmarks, make bench)

The codes are the real corpus (tests/data/army_code_corpus.yaml.gz). Decode/encode figures are the best
of 5 rounds. The validate figure runs the command as a user would, in a fresh process with every
corpus code as one `--code` each, against the official N5 snapshot imported into a temporary folder
(skipped, with a message, when ../shared is absent): wall time and the child's CPU time, since the
2-core machine is shared.
"""

from __future__ import annotations

import contextlib
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from armybuilder.data.armycode import ArmyCodeError, code_bytes, decode, decode_bytes, encode
from armybuilder.data.armycode_lists import encode_list, to_army_list
from armybuilder.data.catalog import Catalog
from armybuilder.paths import bundled_profiles_dir
from benchmarks.common import OFFICIAL_DATA, ROOT
from tests.armycode_support import CORPUS_FILE, read_code_file

TARGET_CODES_PER_SECOND = 300


def per_call(function: Callable[[], object], calls: int, rounds: int = 5) -> float:
    """Best of `rounds` timings, in microseconds per call."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def _line(label: str, value: float, unit: str = "µs") -> None:
    print(f"  {label:<64} {value:9.1f} {unit}")


def codec(codes: list[str]) -> None:
    decoded = [decode(c) for c in codes]
    longest = max(codes, key=len)
    rng = random.Random(1)
    garbage = [bytes(rng.randrange(256) for _ in range(rng.randrange(20, 120))) for _ in range(200)]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    lists = [to_army_list(d, catalog) for d in decoded[:200]]
    n = len(codes)

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

    print(f"army codes: {n} real codes ({sum(len(d.members()) for d in decoded)} troopers); "
          f"Python {platform.python_version()} on {platform.machine()}")
    _line(f"decode (text → structure, every reading tried), mean over the {n} codes",
          per_call(decode_all, 1) / n, "µs/code")
    _line(f"decode the longest code ({len(longest)} characters)", per_call(lambda: decode(longest), 500))
    _line("  of which text → bytes (link, percent-decoding, base64)", per_call(lambda: code_bytes(longest), 500))
    _line("encode (structure → text), mean", per_call(encode_all, 1) / n, "µs/code")
    _line("encode an army list (from_army_list + encode), mean", per_call(lists_all, 3) / len(lists), "µs/list")
    _line("refuse 20–120 random bytes (every reading tried), mean", per_call(garbage_all, 5) / len(garbage),
          "µs/input")


def validate_many(codes: list[str]) -> None:
    if not (OFFICIAL_DATA / "army.json").is_file():
        print(f"  validate --code: skipped, no official data at {OFFICIAL_DATA}")
        return
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "imported"
        subprocess.run([sys.executable, "-m", "armybuilder", "data", "import", str(OFFICIAL_DATA), "--data", str(data)],
                       check=True, capture_output=True)
        command = [sys.executable, "-m", "armybuilder", "validate", "--json", "--data", str(data)]
        for code in codes:
            command += ["--code", code]
        runs: list[tuple[float, float, dict[str, Any]]] = []
        for _ in range(3):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            summary = yaml.safe_load(done.stdout)["summary"]  # JSON is YAML
            runs.append((wall, cpu, summary))
    wall, cpu, summary = min(runs, key=lambda r: r[0])
    print(f"  validate --code × {len(codes)} in one call (fresh process, best of 3): {summary['legal']} legal, "
          f"{summary['illegal']} illegal, {summary['unreadable']} unreadable")
    _line("wall time", wall * 1000, "ms")
    _line("codes per second, wall (start-up included)", len(codes) / wall, "codes/s")
    _line("codes per second of the process's CPU time", len(codes) / cpu, "codes/s")
    verdict = "meets" if len(codes) / wall >= TARGET_CODES_PER_SECOND else "MISSES"
    print(f"  target ≥ {TARGET_CODES_PER_SECOND} codes/s: {verdict} it")


def main() -> None:
    corpus = read_code_file(CORPUS_FILE)
    codes = [entry["code"] for entry in corpus["codes"]]
    codec(codes)
    validate_many(codes)


if __name__ == "__main__":
    main()
