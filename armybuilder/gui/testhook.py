"""Test-only hook (ARMYBUILDER_TEST_EDIT, see armybuilder.gui.app): make one unsaved edit in a real
app process, so a test can kill the process and check that the autosave kept the edit."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

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
