"""An error nobody expected: logged with its traceback, the open lists autosaved at once, and a dialog that says
so, shows the log file to send, and lets the player keep working or quit (the autosave is kept either way)."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from armybuilder.i18n import tr
from armybuilder.logs import log_file
from armybuilder.paths import user_log_dir

if TYPE_CHECKING:
    from armybuilder.gui.autosave import Autosave

log = logging.getLogger(__name__)
EXIT_AFTER_CRASH = 70
"""The exit code when the player quits from the crash dialog (EX_SOFTWARE)."""

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


class CrashHandler:
    """Installed as sys.excepthook (and threading.excepthook) while the app runs."""

    def __init__(self, autosaves: Callable[[], Iterable[Autosave]], parent: Callable[[], QWidget | None]) -> None:
        self.autosaves = autosaves
        self.parent = parent
        self.box: QMessageBox | None = None
        self._handling = False
        self._previous: tuple[ExceptHook, Callable[..., object]] | None = None

    def install(self) -> None:
        self._previous = (sys.excepthook, threading.excepthook)
        sys.excepthook = self.handle
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        if self._previous is not None:
            sys.excepthook, threading.excepthook = self._previous
            self._previous = None

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        log.error("uncaught exception in thread %s", args.thread.name if args.thread else "?",
                  exc_info=(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback))

    def handle(self, kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            QApplication.quit()
            return
        log.critical("uncaught exception", exc_info=(kind, error, trace))
        if self._handling:  # an error while reporting an error: the log has it, that is all we can do
            return
        self._handling = True
        try:
            kept = self._autosave_now()
            self._show(error, kept)
        except Exception:
            log.exception("the crash dialog failed")
        finally:
            self._handling = False

    def _autosave_now(self) -> bool:
        kept = False
        for autosave in self.autosaves():
            try:
                autosave.save_now()
                autosave.wait()
                kept = kept or autosave.file.exists()
            except Exception:
                log.exception("autosave after the crash failed")
        return kept

    def _show(self, error: BaseException, kept: bool) -> None:
        where = log_file()
        box = QMessageBox(QMessageBox.Icon.Critical, tr("The army builder hit an unexpected error"),
                          tr("The army builder hit an error it did not expect: {error}",
                             error=f"{type(error).__name__}: {error}"), QMessageBox.StandardButton.NoButton,
                          self.parent())
        box.setObjectName("crash_box")
        saved = (tr("Your list was autosaved: if you quit, or the app stops, it is offered back at the next start.")
                 if kept else tr("There was no unsaved list to keep."))
        logged = (tr("The details are in the log file {path}: please send it with your report of what you were "
                     "doing.", path=str(where)) if where is not None
                  else tr("No log file could be written; the details went to the terminal."))
        box.setInformativeText(saved + "\n\n" + logged)
        keep_working = box.addButton(tr("Keep working"), QMessageBox.ButtonRole.AcceptRole)
        open_folder = box.addButton(tr("Open the log folder"), QMessageBox.ButtonRole.ActionRole)
        quit_button = box.addButton(tr("Quit"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(keep_working)
        open_folder.clicked.disconnect()  # the folder opens and the box stays
        open_folder.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(
            str(where.parent if where is not None else user_log_dir()))))
        box.buttonClicked.connect(lambda button: self._chosen(button, quit_button))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.box = box
        box.open()

    def _chosen(self, button: object, quit_button: QPushButton) -> None:
        if button is not quit_button:
            return
        for autosave in self.autosaves():
            autosave.keep()
        log.info("quit after an unexpected error; autosaves kept")
        QApplication.exit(EXIT_AFTER_CRASH)
