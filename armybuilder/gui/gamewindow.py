"""What the app lends the window of a game other than Infinity, and what it asks of it (game-neutral).

A game's window function (`GameEntry.gui`, 'module:function') is called as `open_window(parent, path,
context)`: `context` is a `GameContext` with the recent files every window shares. The window it returns
is autosaved like Infinity's list when it is an `AutosavedWindow` (gui/autosave.py), and an autosave of its
game left by a crash is handed back to a new window of it when it `RestoresAutosave`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from armybuilder.gui.recent import RecentFiles


@dataclass(frozen=True)
class GameContext:
    """The app's file comforts for a game's window."""

    recent: RecentFiles
    """Add each file opened or saved; the window's *Open recent* lists its game's files among them."""


@runtime_checkable
class RestoresAutosave(Protocol):
    """A game window that can carry on from an autosave of its game."""

    def restore_autosave(self, text: str, path: Path | None, label: str) -> None:
        """Show the autosaved list file `text` as unsaved work (`path`: the file it had been saved as;
        `label` names it in messages). Raises DataError when the text cannot be used."""
        ...
