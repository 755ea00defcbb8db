"""Start the desktop app: QApplication, the catalog of armies (bundled and imported), the window."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QMessageLogContext, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from armybuilder.data.cache import attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.gui.language import apply_language
from armybuilder.gui.preferences import Preferences
from armybuilder.gui.settings_store import APPLICATION, ORGANIZATION, SettingsStore, default_qsettings
from armybuilder.i18n import language, tr
from armybuilder.paths import bundled_profiles_dir

if TYPE_CHECKING:
    from armybuilder.gui.autosave import Autosave
    from armybuilder.gui.mainwindow import MainWindow


def build_catalog() -> Catalog:
    """The bundled profiles plus any official data imported into the user's data folder."""
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    attach_imported(catalog)
    for problem in catalog.problems:
        print(problem, file=sys.stderr)
    return catalog


OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()",
                   "This plugin does not support raise()",
                   "This plugin does not support grabbing the keyboard")
"""What Qt's offscreen platform prints for things it cannot do; it says nothing about the app."""


def _quiet_offscreen_handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if not message.startswith(OFFSCREEN_NOISE):
        print(message, file=sys.stderr)


def make_application(argv: Sequence[str], *, quiet_offscreen: bool = False) -> QApplication:
    """The QApplication; `quiet_offscreen` drops the offscreen platform's noise (screenshots,
    benchmarks, headless starts) — tests leave it off so their Qt-warning checks see everything."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    if quiet_offscreen and app.platformName() == "offscreen":
        qInstallMessageHandler(_quiet_offscreen_handler)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(tr("Infinity army builder"))
    return app


QUIT_AFTER_START = "ARMYBUILDER_QUIT_AFTER_START"
"""Set it to 1 and the app quits as soon as its window is on screen, printing 'window shown'
(benchmarks/bench_gui.py measures the start-up time with it)."""


def open_main_window(catalog: Catalog, settings: SettingsStore) -> MainWindow:
    """Show the main window; data problems found while loading are reported once it is up."""
    from armybuilder.gui.mainwindow import MainWindow

    window = MainWindow(catalog, settings)
    window.show()
    if catalog.problems:
        text = "\n".join(f"• {problem}" for problem in catalog.problems[:20])
        if len(catalog.problems) > 20:
            text += "\n" + tr("…and {count} more (printed at start-up).", count=len(catalog.problems) - 20)
        QTimer.singleShot(0, lambda: window.show_message(
            "warning", tr("Some army data could not be read; the rest is available."), text))
    return window


def startup_language(settings: SettingsStore, argv: Sequence[str]) -> str:
    """--lang or ARMYBUILDER_LANG if given, else the language chosen in Preferences, else the system's."""
    if "--lang" in argv or os.environ.get("ARMYBUILDER_LANG"):
        return language()
    return Preferences(settings).language() or language()


def _offer_restore(window: MainWindow, autosave: Autosave) -> None:
    from armybuilder.gui.dialogs.restore import offer_restore  # once the window is up

    offer_restore(window, autosave)


def run_gui(argv: Sequence[str], on_shown: Callable[[MainWindow], None] | None = None) -> int:
    """Run the app until its window closes. `on_shown` is called with the window once it is up
    (tests/gui/edit_hook.py makes an edit in a real app process with it)."""
    from armybuilder.gui.autosave import Autosave

    app = make_application(argv, quiet_offscreen=True)
    settings = SettingsStore(default_qsettings())
    apply_language(startup_language(settings, argv))
    window = open_main_window(build_catalog(), settings)
    autosave = Autosave(window)
    autosave.failed.connect(lambda message: window.statusBar().showMessage(message, 10000))
    QTimer.singleShot(0, lambda: _offer_restore(window, autosave))
    if on_shown is not None:
        QTimer.singleShot(0, lambda: on_shown(window))
    if os.environ.get(QUIT_AFTER_START) == "1":
        def shown() -> None:
            print("window shown", flush=True)
            window.close()
            app.quit()

        QTimer.singleShot(0, shown)
    return int(app.exec())
