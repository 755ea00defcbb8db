"""The official data downloaded and imported from a local mirror: the CLI's `data import --url` against the app's
Import dialog, on the same mirror, side by side.

    python -m benchmarks download [--data ../shared/infinity-army/n5] [--rounds 3]

A mirror of the n5 folder is served by `python -m http.server` in its own process on 127.0.0.1. Each round runs,
in fresh processes and into empty caches: the CLI (`main(["data", "import", "--url", …])`, timed inside the
process, interpreter start not counted) and the app (an offscreen main window, File ▸ Import, the mirror's
address typed, Import clicked; timed from the click until the report is shown and the armies are in the
window's catalog). Printed: best and median of each, and the app's median over the CLI's (target ≤ 1.2×).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from benchmarks.common import OFFICIAL_DATA, ROOT

TARGET = 1.2

CLI_SCRIPT = """
import io, contextlib, json, sys, time
from armybuilder.cli import main
started = time.perf_counter()
with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
    code = main(["data", "import", "--url", sys.argv[1], "--data", sys.argv[2]])
print(json.dumps({"seconds": time.perf_counter() - started, "code": code}))
"""

GUI_SCRIPT = """
import json, sys, time
from PySide6.QtCore import QSettings
from armybuilder.gui.app import build_catalog, make_application
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.settings_store import SettingsStore

app = make_application([sys.argv[0]], quiet_offscreen=True)
settings = SettingsStore(QSettings(sys.argv[2], QSettings.Format.IniFormat))
window = MainWindow(build_catalog(), settings)
window.resize(1440, 900)
window.show()
app.processEvents()
window._on_import_data()
dialog = window.import_dialog
dialog.from_web.setChecked(True)
dialog.url.setText(sys.argv[1])
app.processEvents()
armies = len(window.catalog.armies())
started = time.perf_counter()
dialog.import_button.click()
while dialog.outcome is None or len(window.catalog.armies()) == armies:
    app.processEvents()
    time.sleep(0.001)
app.processEvents()
seconds = time.perf_counter() - started
report = dialog.outcome.report
print(json.dumps({"seconds": seconds, "code": 0 if report.fatal is None else 2,
                  "armies": len(window.catalog.armies())}))
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _run(script: str, *args: str, env: dict[str, str]) -> float:
    """Seconds the script measured in its own fresh process."""
    result = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                            timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["code"] == 0, data
    seconds: float = data["seconds"]
    return seconds


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_download", description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=OFFICIAL_DATA, help="the official n5 folder")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(list(argv))
    if not (args.data / "army.json").is_file():
        print(f"skipped: no official data at {args.data} (pass --data)")
        return 0
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(args.data)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/army.json", timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        times: dict[str, list[float]] = {"cli": [], "gui": []}
        with tempfile.TemporaryDirectory(prefix="bench-download-") as work:
            env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ARMYBUILDER_LANG": "en",
                   "ARMYBUILDER_HOME": str(Path(work) / "home")}
            for number in range(max(1, args.rounds)):
                times["cli"].append(_run(CLI_SCRIPT, base, str(Path(work) / f"cli-{number}"), env=env))
                home = {**env, "ARMYBUILDER_HOME": str(Path(work) / f"gui-{number}")}
                times["gui"].append(_run(GUI_SCRIPT, base, str(Path(work) / f"gui-{number}.ini"), env=home))
    finally:
        server.terminate()
        server.wait(timeout=10)
    size = sum(p.stat().st_size for p in args.data.glob("*.json")) / 2**20
    print(f"mirror: {args.data} ({size:.1f} MB) served on 127.0.0.1; {args.rounds} rounds, fresh processes, "
          "empty caches")
    print(f"{'measure':<46}{'best':>9}{'median':>10}")
    labels = {"cli": "CLI: data import --url", "gui": "app: Import dialog, click to armies shown"}
    for key, runs in times.items():
        print(f"{labels[key]:<46}{min(runs):>8.2f}s{statistics.median(runs):>9.2f}s")
    ratio = statistics.median(times["gui"]) / statistics.median(times["cli"])
    print(f"app / CLI (medians): {ratio:.2f}x (target <= {TARGET:g}x): {'met' if ratio <= TARGET else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
