"""Who the app is: its id on the desktop, names, licence texts and the notice about Corvus Belli's data."""

from __future__ import annotations

from pathlib import Path

from armybuilder import __version__
from armybuilder.i18n import N_
from armybuilder.paths import _SOURCE_ROOT, resources_dir

APP_ID = "io.github.infinity_armybuilder.ArmyBuilder"
"""The reverse-DNS id of the desktop file, the AppStream component and Qt's desktop file name (Wayland finds
the window's icon through it). It names the project's planned public repository (see CONTRIBUTING.md)."""
DISPLAY_NAME = "Infinity army builder"
SUMMARY = N_("Offline army list builder and ITS validator for the Infinity tabletop wargame")
LICENCE = "MIT"
DATA_NOTICE = N_("Infinity, its armies, units and rules, and the official army data are Corvus Belli's. The army "
                 "builder is not affiliated with Corvus Belli and never ships their data: you import it yourself, "
                 "from wherever you keep it.")


def version() -> str:
    return __version__


def licence_text() -> str:
    """The MIT licence of the app (installed with the package metadata; the source tree's LICENSE otherwise)."""
    try:
        from importlib import metadata

        text = metadata.distribution("armybuilder").read_text("licenses/LICENSE")
    except Exception:
        text = None
    if text:
        return text
    try:
        return (_SOURCE_ROOT / "LICENSE").read_text(encoding="utf-8")
    except OSError:
        return f"{LICENCE} licence"


def font_licence_text() -> str:
    """The DejaVu fonts' licence (Bitstream Vera / Arev terms), shipped beside the fonts."""
    path: Path = resources_dir() / "fonts" / "LICENSE-DejaVu.txt"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return "DejaVu fonts: see https://dejavu-fonts.github.io/License.html"
