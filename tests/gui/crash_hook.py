"""Test-only script: start the real app, open a list, make an unsaved edit, then raise an error in a slot, so
that tests/gui/test_gui_desktop.py sees the crash dialog, its Quit, the log and the autosave.

    python tests/gui/crash_hook.py LIST_FILE

Prints the dialog's informative text, then clicks Quit (the process exits 70).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from armybuilder.cli import main as cli_main
from armybuilder.gui import app

if TYPE_CHECKING:
    from armybuilder.gui.mainwindow import MainWindow


def crash_after_edit(window: MainWindow, path: Path) -> None:
    window.tasks.wait(window.open_path(path))
    army_list = window.document.army_list
    assert army_list is not None
    window.document.duplicate_troopers([next(t.uid for _, t in army_list.troopers())])

    def broken_slot() -> None:
        raise RuntimeError("a test crash")

    def answer() -> None:
        boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)
                 and w.objectName() == "crash_box"]
        if not boxes:
            QTimer.singleShot(50, answer)
            return
        print(boxes[0].informativeText(), flush=True)
        next(b for b in boxes[0].buttons() if b.text() == "Quit").click()

    QTimer.singleShot(0, broken_slot)
    QTimer.singleShot(100, answer)


def main(argv: Sequence[str]) -> int:
    path = Path(argv[1])
    real = app.run_gui

    def run_gui(args: Sequence[str], **options: object) -> int:
        return real(args, on_shown=lambda window: crash_after_edit(window, path))

    app.run_gui = run_gui  # type: ignore[assignment]
    return cli_main([])  # through the CLI, as a user starts it: logging and faulthandler set up there


if __name__ == "__main__":
    sys.exit(main(sys.argv))
