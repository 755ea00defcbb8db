"""Start the desktop app: QApplication, the catalog of armies, the main window."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication, QListWidget, QMainWindow

from armybuilder.data.catalog import Catalog
from armybuilder.i18n import tr
from armybuilder.paths import bundled_profiles_dir


class ArmyListWindow(QMainWindow):
    """A minimal window listing the loaded armies (replaced by the full builder window)."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.setWindowTitle(tr("Infinity army builder"))
        self.armies = QListWidget()
        for summary in sorted(catalog.armies(), key=lambda s: (s.origin, s.id)):
            self.armies.addItem(f"{summary.label} — {summary.units} units")
        self.setCentralWidget(self.armies)
        self.resize(640, 480)


def run_gui(argv: Sequence[str]) -> int:
    app = QApplication.instance() or QApplication(list(argv))
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    for problem in catalog.problems:
        print(problem, file=sys.stderr)
    window = ArmyListWindow(catalog)
    window.show()
    return int(app.exec())
