"""Fonts the widgets and item models share: bold rows, and labels set off from the text around them."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget


def bold_font() -> QFont:
    """The application's font in bold (an item model's FontRole)."""
    font = QFont()
    font.setBold(True)
    return font


def italic_font(bold: bool = False) -> QFont:
    """The application's font in italics, bold too if asked (a mercenary trooper's name)."""
    font = QFont()
    font.setItalic(True)
    font.setBold(bold)
    return font


def set_font(widget: QWidget, *, bold: bool = False, scale: float = 1.0) -> None:
    """Give `widget` its own font made bold and/or `scale` times as large (a title, a headline)."""
    font = QFont(widget.font())
    if bold:
        font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    widget.setFont(font)
