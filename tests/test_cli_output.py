"""What the commands print tells troopers apart, says each thing once, and the app without a display
exits with a clear message instead of a Qt abort."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cache_support import RULES

from armybuilder.cli import main
from armybuilder.data.listfile import save_list
from armybuilder.domain import ArmyList, ArmyRef

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def save(path: Path, *troopers: tuple[int, int], points: int = 300) -> Path:
    army_list = ArmyList(name="Output", army=ArmyRef(origin="bundled", id=950), pack="n5", points=points)
    for unit, option in troopers:
        army_list, _ = army_list.with_trooper(1, unit, 1, option)
    save_list(path, army_list)
    return path


def test_validate_names_troopers_by_loadout_and_marks_the_lieutenant(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    listfile = save(tmp_path / "two-lts.yaml", (1, 3), (1, 3), (1, 2))
    code, out, _ = run(capsys, "validate", str(listfile), "--profiles", str(RULES))
    assert code == 1
    line = next(line for line in out.splitlines() if line.strip().startswith("troopers:"))
    # the same loadout twice: the list file's trooper ids tell them apart
    assert line.strip() == "troopers: LINE TROOPERS (LINE LT; Lieutenant; Combi Rifle) [t1], " \
                           "LINE TROOPERS (LINE LT; Lieutenant; Combi Rifle) [t2]"


def test_validate_shows_different_loadouts_without_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listfile = save(tmp_path / "over.yaml", (1, 3), (1, 2), points=20)
    code, out, _ = run(capsys, "validate", str(listfile), "--profiles", str(RULES))
    assert code == 1
    line = next(line for line in out.splitlines() if line.strip().startswith("troopers:"))
    assert "LINE TROOPERS (LINE HMG; Heavy Machine Gun)" in line and "[t" not in line


def test_code_decode_shows_the_loadout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listfile = save(tmp_path / "list.yaml", (1, 3), (1, 1))
    code, out, _ = run(capsys, "code", "encode", str(listfile), "--profiles", str(RULES))
    assert code == 0
    code, out, _ = run(capsys, "code", "decode", out.strip(), "--profiles", str(RULES))
    assert code == 0
    assert "LINE TROOPERS — LINE LT (Lieutenant; Combi Rifle)  10 pts, 0 SWC  [1-1-3]" in out
    assert "LINE TROOPERS — LINE (Combi Rifle)  10 pts, 0 SWC  [1-1-1]" in out


@pytest.mark.shared
def test_negative_points_are_called_negative(official_data: Path, tmp_path: Path) -> None:
    from import_helpers import edit_json, make_data_folder

    from armybuilder.data.importer import import_folder

    folder = make_data_folder(official_data, tmp_path / "n5")

    def negative(data: dict[str, Any]) -> None:
        fusiliers = next(u for u in data["units"] if u["slug"] == "fusiliers")
        fusiliers["profileGroups"][0]["options"][0]["points"] = -5

    edit_json(folder / "panoceania.json", negative)
    report = import_folder(folder, tmp_path / "cache")
    messages = [i.message for i in report.all_errors]
    assert "points -5 are negative; option skipped" in messages
    assert not any("not a whole number" in m for m in messages)


@pytest.mark.shared
def test_a_download_failure_says_nothing_was_imported_once(official_data: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    from import_helpers import make_data_folder

    folder = make_data_folder(official_data, tmp_path / "n5")
    (folder / "code-capital.json").unlink()
    (folder / "panoceania.json").unlink()  # a 404 is "no file"; make army.json unreadable instead
    (folder / "army.json").write_text("<html>gone</html>", encoding="utf-8")

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        code, out, _ = run(capsys, "data", "import", "--url", base, "--data", str(tmp_path / "cache"),
                           "--retries", "0")
    finally:
        server.shutdown()
        server.server_close()
    assert code == 2 and "army.json" in out and "a web page instead of the data" in out
    assert out.count("nothing was imported") == 1


# ----- 11. the desktop app without a display ------------------------------------------------------

def test_no_display_gives_a_clear_message_and_exit_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["ARMYBUILDER_HOME"] = str(tmp_path)
    script = "import sys; from armybuilder.cli import main; code = main([]); " \
             "print('qt loaded' if 'PySide6' in sys.modules else 'no qt'); sys.exit(code)"
    if not sys.platform.startswith("linux"):
        pytest.skip("only X11/Wayland systems start without a display")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2, done.stderr
    assert "there is no display" in done.stderr and "QT_QPA_PLATFORM=offscreen" in done.stderr
    assert "armybuilder --help" in done.stderr
    assert done.stdout.strip() == "no qt"  # decided before Qt is even imported
