"""Undo by snapshots, for any game: a command keeps the immutable list before and after one edit.

A game's document is the target (`apply_list` receives the state to show); a command computes its
`after` once with one domain method, and undo/redo hand the before or after state back. Compound
edits are a group of such commands undone as one. Each text is made by a function, so the history
can be reworded when the language changes (`retranslate()`). Infinity's commands (gui/undo.py) and
the point-buy game's build on these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from PySide6.QtGui import QUndoCommand

State = TypeVar("State")
Text = Callable[[], str]
"""A command's text, made in the current language each time it is asked for (a plain str is kept
as it is: fine for names from the data)."""


class SnapshotTarget(Protocol[State]):  # type: ignore[misc]
    """What commands edit: something holding the current list (a document, or a test double)."""

    def apply_list(self, state: State, /) -> None: ...


def as_text(value: str | Text) -> Text:
    """A name given as text (data, already in its language) or as a function of the language."""
    return value if callable(value) else (lambda: value)


class SnapshotCommand(QUndoCommand, Generic[State]):
    """An edit from `before` to `after`; undo and redo hand the state to the target."""

    def __init__(self, target: SnapshotTarget[State], before: State, after: State, text: str | Text,
                 parent: SnapshotGroup[State] | None = None) -> None:
        self.describe = as_text(text)
        super().__init__(self.describe())
        self.target = target
        self.before = before
        self.after = after
        if parent is not None:
            parent.add(self)

    def retranslate(self) -> None:
        self.setText(self.describe())

    def redo(self) -> None:
        self.target.apply_list(self.after)

    def undo(self) -> None:
        self.target.apply_list(self.before)


class SnapshotGroup(QUndoCommand, Generic[State]):
    """Several edits undone and redone as one history entry: its children run in order on redo
    and in reverse on undo. (The children are kept here rather than as Qt child commands, whose
    ownership PySide does not hand over reliably.)"""

    def __init__(self, text: str | Text) -> None:
        self.describe = as_text(text)
        super().__init__(self.describe())
        self.children: list[SnapshotCommand[State]] = []

    def retranslate(self) -> None:
        self.setText(self.describe())

    def add(self, child: SnapshotCommand[State]) -> None:
        self.children.append(child)

    @property
    def before(self) -> State | None:
        return self.children[0].before if self.children else None

    @property
    def after(self) -> State | None:
        return self.children[-1].after if self.children else None

    def redo(self) -> None:
        for child in self.children:
            child.redo()

    def undo(self) -> None:
        for child in reversed(self.children):
            child.undo()
