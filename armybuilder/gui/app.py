"""Start the desktop app: QApplication, the catalog of armies (bundled and imported), the window."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication

from armybuilder.data.catalog import Catalog
from armybuilder.gui.settings import APPLICATION, ORGANIZATION, AppSettings, default_qsettings
from armybuilder.i18n import tr
from armybuilder.paths import bundled_profiles_dir


def build_catalog() -> Catalog:
    """The bundled profiles plus any official data imported into the user's data folder."""
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    for problem in catalog.problems:
        print(problem, file=sys.stderr)
    return catalog


def make_application(argv: Sequence[str]) -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(tr("Infinity army builder"))
    return app


def run_gui(argv: Sequence[str]) -> int:
    app = make_application(argv)
    from armybuilder.gui.mainwindow import MainWindow

    window = MainWindow(build_catalog(), AppSettings(default_qsettings()))
    window.show()
    return int(app.exec())
