"""The wheel as a user gets it: built from a clean copy of the sources, installed into a fresh venv and with
`pip install --user` into a temporary home, then run from outside the repository: `validate`, `export`, the
Spanish messages and a headless start of the app all find the bundled profiles, packs, fonts and translations.

The installs take the wheel alone (`--no-deps`); its dependencies come from this test run's own environment
(a path entry, not an install), which keeps the test to seconds. ARMYBUILDER_INSTALL_DEPS=1 installs them
from the package index instead, as a user's pip would (about a minute per install)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from armybuilder import __version__

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
DATA_FOLDERS = ("profiles", "resources", "docs")
"""Installed inside the package as armybuilder.profiles, .resources and .docs (setup.py)."""
SOURCES = ("armybuilder", *DATA_FOLDERS, "pyproject.toml", "setup.py", "README.md", "LICENSE")
WITH_DEPENDENCIES = os.environ.get("ARMYBUILDER_INSTALL_DEPS") == "1"
EXAMPLE = ROOT / "examples" / "icestorm-panoceania.yaml"


def run(*command: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True, env=env, cwd=cwd,
                            timeout=timeout, stdin=subprocess.DEVNULL)
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built with this environment's setuptools from a copy of the tracked sources (never from a
    stale build/ folder)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, source / name)
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--verbose",
                "--disable-pip-version-check", "-w", work / "dist", source)
    assert built.returncode == 0, built.stdout + built.stderr
    # setuptools' warning for a data folder left out of setup.py's packages (its files would then be shipped
    # only by an accident of the package-data globs)
    assert "absent from the `packages` configuration" not in built.stdout + built.stderr, built.stdout
    found = list((work / "dist").glob("armybuilder-*.whl"))
    assert len(found) == 1, found
    return found[0]


def dependencies_path() -> str:
    """This environment's site-packages, where PySide6, pydantic, reportlab… are."""
    return sysconfig.get_paths()["purelib"]


def user_env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("ARMYBUILDER_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local/share"), XDG_STATE_HOME=str(home / ".local/state"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"),
               QT_QPA_PLATFORM="offscreen", ARMYBUILDER_LANG="en", **extra)
    return env


def test_the_wheel_holds_the_data_inside_the_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in ("armybuilder/profiles/panoceania.yaml", "armybuilder/profiles/packs/its-s9.yaml",
                     "armybuilder/resources/fonts/DejaVuSansCondensed.ttf", "armybuilder/resources/i18n/es/cli.yaml",
                     "armybuilder/resources/icons/armybuilder.svg", "armybuilder/docs/gui.md",
                     f"armybuilder-{__version__}.dist-info/licenses/LICENSE"):
        assert expected in names, expected
    assert not [n for n in names if ".data/" in n or n.startswith("share/")], "nothing outside the package"
    metadata = zipfile.ZipFile(wheel).read(f"armybuilder-{__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    entry_points = zipfile.ZipFile(wheel).read(f"armybuilder-{__version__}.dist-info/entry_points.txt").decode()
    assert "[gui_scripts]" in entry_points and "[console_scripts]" in entry_points


def test_the_wheel_holds_every_data_file_of_the_sources(wheel: Path) -> None:
    """Each file of profiles/, resources/ and docs/ handed to the build is in the wheel, inside the package: a
    file in a new folder, or of a kind pyproject.toml's `package-data` does not name yet, fails here rather than
    in a user's install."""
    source = wheel.parent.parent / "src"
    given = {f"armybuilder/{path.relative_to(source).as_posix()}"
             for folder in DATA_FOLDERS for path in (source / folder).rglob("*") if path.is_file()}
    assert len(given) > 50, sorted(given)  # the profiles, packs, translations, fonts, icons, desktop files, docs
    names = set(zipfile.ZipFile(wheel).namelist())
    assert sorted(given - names) == []


def check_installed(python: Path, bin_dir: Path, home: Path, where: Path, env: dict[str, str]) -> None:
    """Run the installed commands from a folder outside the repository."""
    outside = home / "lists"
    outside.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLE, outside / "list.yaml")
    armybuilder = bin_dir / "armybuilder"

    located = run(python, "-c",
                  "import armybuilder.paths as p; print(p.__file__); print(p.bundled_profiles_dir())",
                  env=env, cwd=outside)
    assert located.returncode == 0, located.stderr
    module_file, profiles = located.stdout.split()
    assert Path(module_file).is_relative_to(where), f"{module_file} is not the installed copy under {where}"
    assert Path(profiles).is_relative_to(where) and (Path(profiles) / "packs" / "its-s9.yaml").is_file()

    version = run(armybuilder, "--version", env=env, cwd=outside)
    assert version.returncode == 0 and version.stdout.strip() == f"armybuilder {__version__}", version

    checked = run(armybuilder, "validate", "list.yaml", env=env, cwd=outside)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "legal" in checked.stdout.lower() and "Traceback" not in checked.stderr

    spanish = run(armybuilder, "--lang", "es", "validate", "list.yaml", env=env, cwd=outside)
    assert spanish.returncode == 0 and "legal" in spanish.stdout.lower()
    assert spanish.stdout != checked.stdout, "the Spanish catalog was not found"

    exported = run(armybuilder, "export", "list.yaml", "--full", "full.pdf", "--courtesy", "courtesy.pdf", env=env,
                   cwd=outside)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    for pdf in ("full.pdf", "courtesy.pdf"):
        data = (outside / pdf).read_bytes()
        assert data.startswith(b"%PDF") and b"DejaVu" in data, f"{pdf} lacks the bundled fonts"

    started = run(armybuilder, env={**env, "ARMYBUILDER_QUIT_AFTER_START": "1"}, cwd=outside, timeout=120)
    assert started.returncode == 0, started.stdout + started.stderr
    assert "window shown" in started.stdout
    assert "Traceback" not in started.stderr


def test_installed_into_a_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    made = run(sys.executable, "-m", "venv", *([] if WITH_DEPENDENCIES else ["--without-pip"]), venv)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    if WITH_DEPENDENCIES:
        installed = run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel, timeout=900)
    else:
        installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
                        "--disable-pip-version-check", wheel)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip())
    if not WITH_DEPENDENCIES:
        (site / "zz_test_dependencies.pth").write_text(dependencies_path() + "\n", encoding="utf-8")
    home = tmp_path / "home"
    check_installed(python, venv / "bin", home, site, user_env(home))


def test_installed_with_pip_user_into_a_temporary_home(wheel: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    base = Path(sys.base_prefix) / "bin" / "python3"
    if not base.exists():
        pytest.skip(f"no base interpreter at {base}")
    env = user_env(home)
    if WITH_DEPENDENCIES:
        installed = run(base, "-m", "pip", "install", "--user", "--quiet", "--disable-pip-version-check", wheel,
                        env=env, timeout=900)
    else:
        installed = run(sys.executable, "-m", "pip", "--python", base, "install", "--user", "--quiet", "--no-deps",
                        "--disable-pip-version-check", "--break-system-packages", wheel, env=env)
        env["PYTHONPATH"] = dependencies_path()  # the dependencies only: an editable armybuilder is not importable
    assert installed.returncode == 0, installed.stdout + installed.stderr
    user_site = Path(run(base, "-c", "import site; print(site.getusersitepackages())", env=env).stdout.strip())
    assert user_site.is_relative_to(home) and (user_site / "armybuilder" / "profiles").is_dir()
    user_bin = home / ".local" / "bin"
    check_installed(base, user_bin, home, user_site, env)
