"""Test-only script: start the real app, open a list and make one unsaved edit, so that a test can
kill the process and check that the autosave kept the edit (tests/gui/test_gui_autosave.py).

    python tests/gui/edit_hook.py LIST_FILE

It prints 'edited <uid>' (or 'edit failed: …') once the edit is made. It lives with the tests, not in
the shipped package, and reaches the app only through `run_gui`'s `on_shown` hook.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from armybuilder.gui.app import run_gui

if TYPE_CHECKING:
    from armybuilder.gui.mainwindow import MainWindow


def edit_for_test(window: MainWindow, path: Path) -> None:
    """Open `path`, duplicate its first trooper and print 'edited <uid>' (or 'edit failed: …')."""
    task = window.open_path(path)
    window.tasks.wait(task)
    army_list = window.document.army_list
    first = next((trooper.uid for _, trooper in army_list.troopers()), None) if army_list else None
    if first is None:
        print(f"edit failed: no trooper in {path}", flush=True)
        return
    created = window.document.duplicate_troopers([first])
    print(f"edited {' '.join(created)}", flush=True)
    sys.stdout.flush()


def main(argv: Sequence[str]) -> int:
    path = Path(argv[1])
    return run_gui(argv[:1], on_shown=lambda window: edit_for_test(window, path))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
