"""Pieces the windows and dialogs build the same way: item views' column sizes, the busy indicator."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QHeaderView, QProgressBar


def size_columns(header: QHeaderView, stretch: int, fit: Iterable[int] = (), interactive: Iterable[int] = ()) -> None:
    """Column `stretch` takes the width left over, the `fit` columns fit their contents and the
    `interactive` ones keep the width they are given (the user may drag it); the last column does
    not stretch unless it is `stretch`."""
    header.setStretchLastSection(False)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    for column in fit:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    for column in interactive:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)


def busy_indicator(name: str, width: int) -> QProgressBar:
    """A bar that moves while work runs in the background (hidden until then), at most `width` wide."""
    bar = QProgressBar()
    bar.setObjectName(name)
    bar.setRange(0, 0)
    bar.setMaximumWidth(width)
    bar.setVisible(False)
    return bar
