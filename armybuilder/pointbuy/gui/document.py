"""The open point-buy army: its current state, its validation report, its undo history and its file.

Every edit is one snapshot command (gui/snapshots.py) from the list before to the list after, made
with one `PointBuyList` method; the document validates each state (a pure function, well under a
frame) and says `changed`. Consecutive edits of one field of one design (a spin box held down) merge
into one step of the history.

An edit that changes a design's id (a rename: the id follows the name) says so (`renamed`, old id → new id);
on redo and on undo the document hands that map, or its inverse, to the panels while it says `changed`
(`followed`), so that what they show keeps following the design under its id of that moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from armybuilder.gui.snapshots import SnapshotCommand, Text
from armybuilder.gui.widgets.problems import ProblemRow
from armybuilder.pointbuy.army import PointBuyList
from armybuilder.pointbuy.engine import ArmyReport, validate
from armybuilder.pointbuy.files import LoadedArmy, load_list, save_list

MERGE_ID = 2001


class ArmyEdit(SnapshotCommand[PointBuyList]):
    """An edit of the army; with a `key`, a following edit with the same key merges into it. `renamed` maps
    the design ids it changes (old → new); undo maps them back."""

    def __init__(self, target: ArmyDocument, before: PointBuyList, after: PointBuyList,
                 text: str | Text, key: str | None = None, renamed: Mapping[str, str] | None = None) -> None:
        super().__init__(target, before, after, text)
        self.document = target
        self.key = key
        self.renamed = {old: new for old, new in (renamed or {}).items() if old != new}

    def redo(self) -> None:
        self.document.apply_list(self.after, self.renamed)

    def undo(self) -> None:
        self.document.apply_list(self.before, {new: old for old, new in self.renamed.items()})

    def id(self) -> int:
        return MERGE_ID if self.key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ArmyEdit) or other.key != self.key or self.key is None:
            return False
        self.after = other.after
        self.renamed = compose(self.renamed, other.renamed)
        return True


def compose(first: Mapping[str, str], then: Mapping[str, str]) -> dict[str, str]:
    """The id changes of two edits in a row as one (a → b then b → c: a → c)."""
    combined = {old: then.get(new, new) for old, new in first.items()}
    combined.update({old: new for old, new in then.items() if old not in first.values()})
    return {old: new for old, new in combined.items() if old != new}


class ArmyDocument(QObject):
    """State, undo stack and signals of one point-buy army; no rules here (they are the engine's)."""

    changed = Signal()
    """The army or its report changed (every edit, undo and redo)."""
    file_changed = Signal()
    """The file name or the saved state changed."""

    def __init__(self, army: PointBuyList | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.army = army or PointBuyList()
        self.report: ArmyReport = validate(self.army)
        self.path: Path | None = None
        self._restored = False
        """Started from an autosave: unsaved although nothing was edited yet."""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self.file_changed)
        self._renamed: Mapping[str, str] = {}

    # ----- state ---------------------------------------------------------------------------------
    def apply_list(self, army: PointBuyList, renamed: Mapping[str, str] | None = None) -> None:
        """Show `army` (undo and redo call this); `renamed`: the design ids this step changes (old → new)."""
        self.army = army
        self.report = validate(army)
        self._renamed = dict(renamed or {})
        try:
            self.changed.emit()
        finally:
            self._renamed = {}

    def followed(self, design_id: str | None) -> str | None:
        """Where a design id shown before this change is now (the same id unless the change renamed it):
        the panels call it while `changed` is said, to keep showing the design they showed."""
        return self._renamed.get(design_id, design_id) if design_id is not None else None

    def edit(self, after: PointBuyList, text: str | Text, key: str | None = None,
             renamed: Mapping[str, str] | None = None) -> None:
        """One undoable edit to `after` (nothing when it changes nothing); `renamed`: the design ids it
        changes (old → new)."""
        if after == self.army:
            return
        self.undo_stack.push(ArmyEdit(self, self.army, after, text, key, renamed))

    def start(self, army: PointBuyList, path: Path | None = None, saved: bool = True) -> None:
        """A new or opened army: a fresh history, saved as it is (`saved=False`: restored from an autosave,
        its changes still to save, to `path` when it had been saved before)."""
        self.undo_stack.clear()
        self.path = path
        self._restored = not saved
        self.apply_list(army)
        self.undo_stack.setClean()
        self.file_changed.emit()

    @property
    def modified(self) -> bool:
        return self._restored or not self.undo_stack.isClean()

    # ----- files ---------------------------------------------------------------------------------
    def open(self, path: Path) -> LoadedArmy:
        """Read a list file into the document; raises DataError (the document is unchanged then)."""
        loaded = load_list(path)
        self.start(loaded.army, path)
        return loaded

    def save(self, path: Path) -> None:
        """Write the army atomically; raises OSError (the document stays unsaved then)."""
        save_list(path, self.army)
        self.path = path
        self._restored = False
        self.undo_stack.setClean()
        self.file_changed.emit()

    # ----- what the problems panel shows ---------------------------------------------------------
    def problem_rows(self) -> list[ProblemRow]:
        return [ProblemRow(p.severity, p.message, p.code, p.subjects, p.source) for p in self.report.problems]
