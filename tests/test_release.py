"""Release basics agree with each other: the version, the changelog, the licence, the project URLs, the desktop
id of the .desktop file, the AppStream metainfo and the icons; and `python -m armybuilder.desktop` installs
them for the user and removes them again."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from armybuilder import __version__, desktop
from armybuilder.about import APP_ID, licence_text

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = ROOT / "resources" / "desktop"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
METAINFO = ET.parse(DESKTOP / f"{APP_ID}.metainfo.xml").getroot()


def test_the_licence_is_mit_with_spdx_metadata() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    for name in project["license-files"]:
        assert (ROOT / name).is_file(), name
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert licence_text().startswith("MIT License")
    assert METAINFO.findtext("project_license") == "MIT"
    assert not any(c.startswith("License ::") for c in project["classifiers"]), "SPDX replaces licence classifiers"


def test_the_version_is_the_same_everywhere() -> None:
    releases = [r.get("version") for r in METAINFO.iter("release")]
    assert releases and releases[0] == __version__, "the metainfo's newest release is the package's version"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in changelog and f"## [{__version__}] - " in changelog
    for heading in re.findall(r"^## \[(.+?)\](.*)$", changelog, flags=re.M):
        version, rest = heading
        assert version == "Unreleased" or re.fullmatch(r" - \d{4}-\d{2}-\d{2}", rest), heading
    sections = set(re.findall(r"^### (\w+)$", changelog, flags=re.M))
    assert sections <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, sections


def test_urls_and_ids_agree() -> None:
    urls = PYPROJECT["project"]["urls"]
    assert set(urls) >= {"Homepage", "Documentation", "Issues", "Changelog"}
    metainfo_urls = {u.get("type"): u.text for u in METAINFO.iter("url")}
    assert metainfo_urls["homepage"] == urls["Homepage"] and metainfo_urls["bugtracker"] == urls["Issues"]
    assert METAINFO.findtext("id") == APP_ID
    assert METAINFO.find("launchable").text == f"{APP_ID}.desktop"
    entry = (DESKTOP / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"\nIcon={APP_ID}\n" in entry and "\nExec=armybuilder %F\n" in entry
    assert "MimeType=application/x-armybuilder-list;" in entry
    mime = (DESKTOP / "armybuilder-mime.xml").read_text(encoding="utf-8")
    assert 'type="application/x-armybuilder-list"' in mime and "format: armybuilder-list/" in mime
    scripts = PYPROJECT["project"]
    assert scripts["scripts"]["armybuilder"] == "armybuilder.cli:run"
    assert scripts["gui-scripts"]["armybuilder-gui"] == "armybuilder.cli:gui_main"


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_icons() -> None:
    icons = ROOT / "resources" / "icons"
    svg = ET.parse(icons / "armybuilder.svg").getroot()
    assert svg.get("viewBox") == "0 0 256 256"
    assert _png_size(icons / "armybuilder-256.png") == (256, 256)
    assert _png_size(icons / "armybuilder-48.png") == (48, 48)


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-validate is not installed")
def test_the_desktop_file_validates() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP / f"{APP_ID}.desktop")], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and "error" not in result.stdout, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli is not installed")
def test_the_metainfo_validates() -> None:
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(DESKTOP / f"{APP_ID}.metainfo.xml")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_install_desktop_for_the_user_and_remove_it(tmp_path: Path) -> None:
    prefix = tmp_path / "share"
    where = desktop.install(prefix, command=["/opt/army builder/armybuilder"])
    for path in where.values():
        assert path.is_file() and path.is_relative_to(prefix), path
    entry = where["desktop"].read_text(encoding="utf-8")
    assert 'Exec="/opt/army builder/armybuilder" %F' in entry and "TryExec=/opt/army builder/armybuilder" in entry
    assert where["svg"].read_bytes() == (ROOT / "resources" / "icons" / "armybuilder.svg").read_bytes()
    if shutil.which("desktop-file-validate"):
        assert subprocess.run(["desktop-file-validate", str(where["desktop"])], capture_output=True,
                              timeout=60).returncode == 0
    removed = desktop.uninstall(prefix)
    assert sorted(removed) == sorted(where.values())
    assert not any(path.exists() for path in where.values())


def test_the_launcher_is_this_installation() -> None:
    command = desktop.launcher()
    assert Path(command[0]).is_file()
    assert desktop.main(["install", "--prefix", "/proc/cannot-write-here"]) == 2
