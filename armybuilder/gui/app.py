"""Start the desktop app: QApplication, the catalog of armies (bundled and imported), the window."""

from __future__ import annotations

import gc
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMessageLogContext, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from armybuilder import __version__
from armybuilder.about import APP_ID
from armybuilder.data.cache import catalog_with_imported
from armybuilder.data.catalog import Catalog
from armybuilder.gui.language import apply_language
from armybuilder.gui.preferences import Preferences
from armybuilder.gui.settings_store import (
    APPLICATION,
    ORGANIZATION,
    SettingsStore,
    default_qsettings,
    settings_problem,
)
from armybuilder.gui.theme import apply_theme
from armybuilder.i18n import language, tr
from armybuilder.paths import profile_dirs

if TYPE_CHECKING:
    from armybuilder.gui.autosave import Autosave
    from armybuilder.gui.mainwindow import MainWindow


log = logging.getLogger(__name__)


def build_catalog() -> Catalog:
    """The bundled profiles, the user's own (`paths.profile_dirs`) and any official data imported into the
    user's data folder."""
    catalog = catalog_with_imported(profile_dirs())  # the imported data's names a homebrew army may use, too
    for problem in catalog.problems:
        print(problem, file=sys.stderr)
        log.warning("data problem: %s", problem)
    log.info("catalog: %d armies", len(catalog.armies()))
    return catalog


OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()",
                   "This plugin does not support raise()",
                   "This plugin does not support grabbing the keyboard")
"""What Qt's offscreen platform prints for things it cannot do; it says nothing about the app."""


_QT_LEVELS = {QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
              QtMsgType.QtWarningMsg: logging.WARNING, QtMsgType.QtCriticalMsg: logging.ERROR,
              QtMsgType.QtFatalMsg: logging.CRITICAL}


def _quiet_offscreen_handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if not message.startswith(OFFSCREEN_NOISE):
        print(message, file=sys.stderr)
        logging.getLogger("qt").log(_QT_LEVELS.get(kind, logging.WARNING), "%s", message)


def _check_icon_theme() -> None:
    """One line in the log when the desktop has no icon theme: the app's own icons are used, nothing breaks."""
    theme = QIcon.themeName()
    if not theme or QIcon.fromTheme("document-open").isNull():
        log.info("no usable icon theme (%r): using the app's own and Qt's built-in icons", theme)


GUI_THREADPOOL_OFF = "QT_NO_GUI_THREADPOOL"
"""Set (to anything) before the first paint, Qt's raster painting fills every area taller than ~96 lines on
the GUI thread alone instead of splitting it over a thread pool. A widget's fills are small (a scroll bar's
groove, a table's background): waking the pool's threads and waiting for them cost more than the fill, in
the GUI thread's CPU and in the wall-clock time the player waits (a card turn to a kept page 5.9 -> 4.8 ms
GUI-thread CPU, 7.9 -> 4.8 ms wall, offscreen, 2 cores)."""


def make_application(argv: Sequence[str], *, quiet_offscreen: bool = False) -> QApplication:
    """The QApplication; `quiet_offscreen` drops the offscreen platform's noise (screenshots,
    benchmarks, headless starts) — tests leave it off so their Qt-warning checks see everything."""
    os.environ.setdefault(GUI_THREADPOOL_OFF, "1")  # read by Qt once, at the first large fill
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    if quiet_offscreen and app.platformName() == "offscreen":
        qInstallMessageHandler(_quiet_offscreen_handler)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(tr("Infinity army builder"))
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    from armybuilder.gui.desktop.appicon import app_icon

    app.setWindowIcon(app_icon())
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

    offer_restore(window.host, autosave, window.other_games.restore)


class Windows:
    """The app's main windows: one per list opened from the command line or dropped on a window, each with
    its own autosave; the first one also offers back what a crash left behind."""

    def __init__(self, catalog: Catalog, settings: SettingsStore) -> None:
        self.catalog = catalog
        self.settings = settings
        self.open: list[tuple[MainWindow, Autosave]] = []

    def new_window(self) -> MainWindow:
        from armybuilder.gui.autosave import Autosave

        window = open_main_window(self.catalog, self.settings) if not self.open else self._another()
        autosave = Autosave(window)
        autosave.failed.connect(lambda message: window.statusBar().showMessage(message, 30000))
        window.drops.open_elsewhere = self.open_in_new_window
        window.library.open_elsewhere = self.open_in_new_window
        window.closed.connect(lambda: self._forget(window))
        self.open.append((window, autosave))
        return window

    def _another(self) -> MainWindow:
        from armybuilder.gui.mainwindow import MainWindow

        window = MainWindow(self.catalog, self.settings)
        first = self.open[0][0]
        window.move(first.pos() + first.rect().center() / 8)
        window.show()
        return window

    def open_in_new_window(self, path: Path) -> MainWindow:
        window = self.new_window()
        window.open_path(path)
        return window

    def autosaves(self) -> list[Autosave]:
        """Every open window's autosave: the main windows' and their other games' windows'."""
        return [autosave for _, autosave in self.open] + [
            autosave for window, _ in self.open for autosave in window.other_games.autosaves.values()]

    def active(self) -> MainWindow | None:
        focused = QApplication.activeWindow()
        for window, _ in self.open:
            if window is focused:
                return window
        return self.open[0][0] if self.open else None

    def _forget(self, window: MainWindow) -> None:
        self.open = [(w, a) for w, a in self.open if w is not window]


FREEZE_AFTER_MS = 1500
"""How long after the first window is up the objects made so far are frozen (`freeze_start_up_objects`)."""


def freeze_start_up_objects() -> None:
    """Set what start-up made (modules, classes, functions, the catalog: ~65,000 objects) aside from the
    cyclic garbage collector: they live as long as the app, yet each full collection walked them all again —
    40-47 ms of the GUI thread with a 15-trooper list open, whenever Python's thresholds start one, inside
    whatever the player was doing (an edit takes 10-40 ms); 1-3 ms after this. Garbage found first, so
    that none is kept for good; done once the window is up and the player has not started yet."""
    gc.collect()
    gc.freeze()
    log.info("start-up objects frozen for the garbage collector: %d", gc.get_freeze_count())


def run_gui(argv: Sequence[str], on_shown: Callable[[MainWindow], None] | None = None,
            files: Sequence[Path] = (), code: str | None = None, log_problem: str | None = None) -> int:
    """Run the app until its windows close: `files` open in a window each, `code` (an army code or its link)
    in the first. `on_shown` is called with the first window once it is up (tests/gui/edit_hook.py makes an
    edit in a real app process with it). Unexpected errors go to the crash dialog (gui/desktop/crash.py)."""
    from armybuilder.gui.desktop.crash import CrashHandler

    app = make_application(argv, quiet_offscreen=True)
    _check_icon_theme()
    settings = SettingsStore(default_qsettings())
    apply_language(startup_language(settings, argv))
    apply_theme(settings.theme())
    windows = Windows(build_catalog(), settings)
    crashes = CrashHandler(windows.autosaves, windows.active)
    crashes.install()
    window = windows.new_window()
    first_autosave = windows.open[0][1]
    QTimer.singleShot(0, lambda: _offer_restore(window, first_autosave))
    for index, path in enumerate(files):
        if index == 0:
            window.open_path(path)
        else:
            windows.open_in_new_window(path)
    if code is not None:
        window.open_code(code)
    if log_problem:
        print(log_problem, file=sys.stderr)
        QTimer.singleShot(0, lambda: window.statusBar().showMessage(log_problem, 20000))
    unkept = settings_problem()
    if unkept:
        print(unkept, file=sys.stderr)
        log.warning("%s", unkept)
        QTimer.singleShot(0, lambda: window.statusBar().showMessage(unkept, 20000))
    QTimer.singleShot(FREEZE_AFTER_MS, freeze_start_up_objects)
    if on_shown is not None:
        QTimer.singleShot(0, lambda: on_shown(window))
    if os.environ.get(QUIT_AFTER_START) == "1":
        def shown() -> None:
            print("window shown", flush=True)
            for each, _ in list(windows.open):
                each.close()
            app.quit()

        QTimer.singleShot(0, shown)
    log.info("app started")
    try:
        return int(app.exec())
    finally:
        crashes.uninstall()
        log.info("app stopped")
