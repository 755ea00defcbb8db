"""The hostile run of #19 (`python -m benchmarks.hostile [--codes N] [--fuzz N]`): every case of the
hostile corpus through the real CLI (a process each: exit code, seconds, peak memory, no traceback),
mutated army codes, list files and profile files through the readers, a trickling download server,
and saves through links and onto devices. Prints the figures docs/reliability.md records.

Exit 1 when any case hangs (30 s), prints a traceback or ends otherwise than its case says.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from hostile_corpus import HOSTILE, Case, list_cases, mutate_bytes, profile_cases, write_special  # noqa: E402

from armybuilder.data.armycode import ArmyCodeError, decode  # noqa: E402
from armybuilder.data.listfile import loads_list  # noqa: E402
from armybuilder.data.problems import DataError  # noqa: E402
from armybuilder.data.profiles_yaml import LoadedProfiles, load_file  # noqa: E402

HANG_SECONDS = 30.0
EXPECTED_EXIT = {"refused": {2}, "warned": {0, 1}, "loaded": {0, 1}}
"""`validate`: 2 unreadable, 0 legal, 1 illegal (a hostile list may well be illegal once read)."""


def run_cli(args: list[str], home: Path) -> tuple[int | None, float, float, str]:
    """(exit code or None on a hang, seconds, peak RSS in MB, what it printed) of one `armybuilder` process."""
    env = {**os.environ, "ARMYBUILDER_HOME": str(home), "ARMYBUILDER_LANG": "en", "QT_QPA_PLATFORM": "offscreen"}
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "armybuilder", *args], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        err, _ = process.communicate(timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return None, HANG_SECONDS, 0.0, ""
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child so far, in MB
    return process.returncode, seconds, peak, err.decode("utf-8", "replace")


def list_runs(folder: Path, home: Path) -> tuple[int, list[str], float, float]:
    cases: list[tuple[Path, Case]] = [(HOSTILE / "lists" / c.name, c) for c in list_cases()]
    cases += [(Path(c.name), c) for c in write_special(folder)]
    bad: list[str] = []
    slowest = peak = 0.0
    runs = 0
    for path, case in cases:
        for command in (["validate", str(path)], ["export", str(path), "--text", str(folder / "out.txt"),
                                                  "--allow-illegal"], ["code", "encode", str(path)]):
            code, seconds, rss, err = run_cli(command, home)
            runs += 1
            slowest, peak = max(slowest, seconds), max(peak, rss)
            label = f"{command[0]} {path.name}"
            if code is None:
                bad.append(f"{label}: hung ({HANG_SECONDS:g} s)")
            elif "Traceback" in err:
                bad.append(f"{label}: traceback\n{err}")
            elif command[0] == "validate" and code not in EXPECTED_EXIT[case.outcome]:
                bad.append(f"{label}: exit {code}, expected {sorted(EXPECTED_EXIT[case.outcome])}\n{err}")
            elif case.outcome == "refused" and case.expect not in err:
                bad.append(f"{label}: no {case.expect!r} in {err!r}")
    return runs, bad, slowest, peak


def profile_runs(home: Path) -> tuple[int, list[str], float, float]:
    bad: list[str] = []
    slowest = peak = 0.0
    cases = profile_cases()
    for case in cases:
        # with the bundled profiles, as `--profiles` reads them (a pack may clash with a bundled one)
        code, seconds, rss, err = run_cli(["profiles", "check", str(ROOT / "profiles"),
                                           str(HOSTILE / "profiles" / case.name)], home)
        slowest, peak = max(slowest, seconds), max(peak, rss)
        if code is None or "Traceback" in err or code == 0 or case.expect not in err:
            bad.append(f"profiles check {case.name}: exit {code}\n{err}")
    return len(cases), bad, slowest, peak


def fuzz_lists(count: int, rng: random.Random) -> tuple[int, list[str], float]:
    base = (ROOT / "examples" / "icestorm-panoceania.yaml").read_bytes()
    bad: list[str] = []
    refused = 0
    slowest = 0.0
    for _ in range(count):
        text = mutate_bytes(base, rng).decode("utf-8", "replace")
        started = time.perf_counter()
        try:
            loads_list(text, "fuzz.yaml")
        except DataError:
            refused += 1
        except Exception as exc:
            bad.append(f"list fuzz: {type(exc).__name__}: {exc}\n{text[:300]!r}")
        slowest = max(slowest, time.perf_counter() - started)
    return refused, bad, slowest


def fuzz_profiles(count: int, rng: random.Random, folder: Path) -> tuple[int, list[str], float]:
    base = (ROOT / "profiles" / "panoceania.yaml").read_bytes()
    bad: list[str] = []
    refused = 0
    slowest = 0.0
    path = folder / "fuzz-profile.yaml"
    for _ in range(count):
        path.write_bytes(mutate_bytes(base, rng))
        loaded = LoadedProfiles()
        started = time.perf_counter()
        try:
            load_file(path, loaded)
        except Exception as exc:
            bad.append(f"profile fuzz: {type(exc).__name__}: {exc}")
        slowest = max(slowest, time.perf_counter() - started)
        refused += bool(loaded.problems)
    return refused, bad, slowest


def fuzz_codes(count: int, rng: random.Random) -> tuple[int, list[str]]:
    import base64

    corpus = (ROOT / "tests" / "data" / "army_codes.yaml").read_text(encoding="utf-8")
    import yaml

    codes = [c for c in _codes_in(yaml.safe_load(corpus)) if len(c) > 10] or ["gwEJcGFub2NlYW5pYQ8tPLOAwA"]
    bad: list[str] = []
    refused = 0
    from urllib.parse import unquote

    raws = [base64.b64decode(unquote(c).replace("-", "+").replace("_", "/") + "==") for c in codes]
    for _ in range(count):
        code = base64.b64encode(mutate_bytes(rng.choice(raws), rng)).decode()
        try:
            decode(code)
        except ArmyCodeError:
            refused += 1
        except Exception as exc:
            bad.append(f"code fuzz: {type(exc).__name__}: {exc} ({code})")
    return refused, bad


def _codes_in(data: object) -> list[str]:
    if isinstance(data, dict):
        found = [str(v) for k, v in data.items() if k == "code" and isinstance(v, str)]
        return found + [c for v in data.values() for c in _codes_in(v)]
    if isinstance(data, list):
        return [c for v in data for c in _codes_in(v)]
    return []


def slow_server() -> tuple[float, float]:
    """(seconds until `download(timeout=2, retries=0)` gives up on a server sending 1 byte every 0.5 s,
    seconds from Cancel to the end of a stalled download)."""
    from armybuilder.data.download import download

    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except (TimeoutError, OSError):
                continue
            threading.Thread(target=trickle, args=(conn,), daemon=True).start()

    def trickle(conn: socket.socket) -> None:
        try:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
            while not stop.is_set():
                conn.sendall(b"{")
                time.sleep(0.5)
        except OSError:
            pass
        finally:
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    base = f"http://127.0.0.1:{listener.getsockname()[1]}"
    started = time.perf_counter()
    download(base, timeout=2.0, retries=0)
    deadline = time.perf_counter() - started
    cancel = threading.Event()
    threading.Timer(1.0, cancel.set).start()
    started = time.perf_counter()
    download(base, timeout=60.0, retries=0, cancel=cancel)
    cancelled = time.perf_counter() - started - 1.0
    stop.set()
    listener.close()
    return deadline, cancelled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", type=int, default=10_000, help="mutated army codes (default 10,000)")
    parser.add_argument("--fuzz", type=int, default=2_000, help="mutated list and profile files (default 2,000 each)")
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        runs, bad, slowest, peak = list_runs(folder / "special", folder / "home")
        problems += bad
        print(f"list files: {runs} CLI runs (validate, export, code encode) of {runs // 3} files in "
              f"{time.perf_counter() - started:.0f} s; slowest {slowest:.2f} s, peak memory {peak:.0f} MB; "
              f"{len(bad)} wrong")
        count, bad, slowest, peak = profile_runs(folder / "home")
        problems += bad
        print(f"profile files: {count} `profiles check` runs; slowest {slowest:.2f} s, peak memory {peak:.0f} MB; "
              f"{len(bad)} wrong")
        refused, bad, slowest = fuzz_lists(args.fuzz, rng)
        problems += bad
        print(f"mutated list files: {args.fuzz}, {refused} refused with a DataError, {args.fuzz - refused - len(bad)} "
              f"read, {len(bad)} other exceptions; slowest {slowest * 1000:.0f} ms")
        refused, bad, slowest = fuzz_profiles(args.fuzz, rng, folder)
        problems += bad
        print(f"mutated profile files: {args.fuzz}, {refused} with problems reported, {len(bad)} exceptions; "
              f"slowest {slowest * 1000:.0f} ms")
        refused, bad = fuzz_codes(args.codes, rng)
        problems += bad
        print(f"mutated army codes: {args.codes}, {refused} refused with an ArmyCodeError, {len(bad)} other "
              "exceptions")
    deadline, cancelled = slow_server()
    print(f"trickling server (1 byte / 0.5 s), --timeout 2 --retries 0: gave up after {deadline:.2f} s; "
          f"Cancel took effect in {cancelled:.2f} s")
    for problem in problems[:20]:
        print("WRONG:", problem)
    print(f"{len(problems)} wrong")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
