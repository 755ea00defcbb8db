"""The app's icon, from the package's own files (the SVG and PNGs in resources/icons), never from the icon theme."""

from __future__ import annotations

import logging
from functools import cache

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from armybuilder.about import APP_ID
from armybuilder.paths import resources_dir

log = logging.getLogger(__name__)
PNG_SIZES = (48, 256)


@cache
def app_icon() -> QIcon:
    """The window and taskbar icon. The theme's icon of that name (installed by `make install-desktop`) comes
    second: a desktop without an icon theme, or one that never installed ours, still shows the app's own."""
    folder = resources_dir() / "icons"
    icon = QIcon()
    for size in PNG_SIZES:
        png = folder / f"armybuilder-{size}.png"
        if png.is_file():
            icon.addFile(str(png), QSize(size, size))
    svg = folder / "armybuilder.svg"
    if svg.is_file():
        icon.addFile(str(svg))
    if not icon.isNull() and icon.availableSizes():
        return icon
    themed = QIcon.fromTheme(APP_ID)
    if themed.isNull():
        log.warning("the app icon is missing (no image in %s, and the icon theme %r has no %s): Qt's default icon "
                    "is used", folder, QIcon.themeName(), APP_ID)
    else:
        log.warning("the app icon is missing from %s: using the icon theme's", folder)
    return themed
