"""Start the desktop app: QApplication, the catalog of armies (bundled and imported), the window."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from PySide6.QtCore import QTimer
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


QUIT_AFTER_START = "ARMYBUILDER_QUIT_AFTER_START"
"""Set it to 1 and the app quits as soon as its window is on screen, printing 'window shown'
(benchmarks/bench_gui.py measures the start-up time with it)."""


def run_gui(argv: Sequence[str]) -> int:
    app = make_application(argv)
    from armybuilder.gui.mainwindow import MainWindow

    window = MainWindow(build_catalog(), AppSettings(default_qsettings()))
    window.show()
    if os.environ.get(QUIT_AFTER_START) == "1":
        def shown() -> None:
            print("window shown", flush=True)
            window.close()
            app.quit()

        QTimer.singleShot(0, shown)
    return int(app.exec())
