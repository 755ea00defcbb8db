"""Start the standalone bundle as a user would, headless, from outside the repository (make dist-check, CI):
every file of profiles/, resources/ and docs/ is in it; `--version`, `validate` and `export` of an example
list, `data import` of the official data (when ../shared/infinity-army/n5 is beside the repository), and
the app started offscreen and quit.

    python packaging/check_bundle.py dist/armybuilder

Standard library only (it runs with any Python 3.11+, not the bundle's). Prints one line per check and
'N passed, N failed'; exits 1 when a check failed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "icestorm-nomads.yaml"
OFFICIAL_DATA = ROOT.parent / "shared" / "infinity-army" / "n5"
"""The official data, beside the repository in development and CI: imported by the bundle when present
(it reads the JSON with orjson, a compiled module the bundle must carry)."""


def version() -> str:
    namespace: dict[str, str] = {}
    exec((ROOT / "armybuilder" / "__init__.py").read_text(encoding="utf-8"), namespace)
    return namespace["__version__"]


DATA_FOLDERS = ("profiles", "resources", "docs")
"""Installed as the data packages armybuilder.profiles, .resources and .docs (setup.py)."""


def missing_data(bundle: Path) -> list[str]:
    """The files of the source's data folders that the bundle lacks (PyInstaller's collect_data_files of the
    installed data packages, under the bundle's contents folder `_internal`); their `__init__.py` is code."""
    inside = bundle / "_internal" / "armybuilder"
    wanted = [path.relative_to(ROOT) for folder in DATA_FOLDERS for path in sorted((ROOT / folder).rglob("*"))
              if path.is_file() and path.suffix not in (".py", ".pyc")]
    return [name.as_posix() for name in wanted if not (inside / name).is_file()]


def main(argv: list[str]) -> int:
    bundle = Path(argv[1] if len(argv) > 1 else "dist/armybuilder").resolve()
    exe = bundle / ("armybuilder.exe" if sys.platform == "win32" else "armybuilder")
    results: list[tuple[str, bool, str]] = []
    lacking = missing_data(bundle)
    results.append(("data files", not lacking, "missing: " + ", ".join(lacking)))
    with tempfile.TemporaryDirectory(prefix="bundle-check-") as work:
        home = Path(work)
        env = {**os.environ, "ARMYBUILDER_HOME": str(home / "home"), "ARMYBUILDER_LANG": "en",
               "QT_QPA_PLATFORM": "offscreen"}
        env.pop("PYTHONPATH", None)

        def run(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run([str(exe), *args], capture_output=True, text=True, cwd=home, timeout=180,
                                  env={**env, **extra}, stdin=subprocess.DEVNULL)

        got = run("--version")
        results.append(("--version", got.returncode == 0 and got.stdout.strip() == f"armybuilder {version()}",
                        got.stdout + got.stderr))
        got = run("validate", str(EXAMPLE))
        results.append(("validate", got.returncode == 0 and "LEGAL" in got.stdout, got.stdout + got.stderr))
        got = run("export", str(EXAMPLE), "--full", "full.pdf", "--courtesy", "courtesy.pdf")
        pdfs = [home / "full.pdf", home / "courtesy.pdf"]
        results.append(("export", got.returncode == 0 and all(p.is_file() and p.read_bytes()[:4] == b"%PDF"
                                                              for p in pdfs), got.stdout + got.stderr))
        if (OFFICIAL_DATA / "army.json").is_file():
            got = run("data", "import", str(OFFICIAL_DATA), "--data", str(home / "imported"))
            results.append(("data import", got.returncode == 0 and "0 failed" in got.stdout
                            and (home / "imported" / "index.json").is_file(), got.stdout + got.stderr))
        else:
            print(f"bundle data import: skipped (no official data at {OFFICIAL_DATA})")
        got = run(**{"ARMYBUILDER_QUIT_AFTER_START": "1"})
        results.append(("headless start and quit", got.returncode == 0 and "window shown" in got.stdout
                         and "Traceback" not in got.stderr, got.stdout + got.stderr))
    for name, ok, output in results:
        print(f"bundle {name}: {'ok' if ok else 'FAILED'}")
        if not ok:
            print("    " + output.strip().replace("\n", "\n    "))
    failed = sum(not ok for _, ok, _ in results)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
