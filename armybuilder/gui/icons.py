"""Small icons drawn at run time (no image files): the Lieutenant badge, severity marks, swatches."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap

ERROR_COLOR = QColor("#c62828")
WARNING_COLOR = QColor("#955000")
LEGAL_COLOR = QColor("#266b2a")
LIEUTENANT_COLOR = QColor("#1f5fa8")
INFO_COLOR = QColor("#4f6872")
REINFORCEMENT_COLOR = QColor("#6a4c93")
MERCENARY_COLOR = QColor("#8d5a2b")
MUTED_COLOR = QColor("#5f5f5f")
"""Text colours for the scheme in use (`gui.theme`): these objects are switched in place, so a colour
read when painting or when a style sheet is set is the current scheme's."""

_SHARED = {"error": ERROR_COLOR, "warning": WARNING_COLOR, "legal": LEGAL_COLOR, "info": INFO_COLOR,
           "reinforcement": REINFORCEMENT_COLOR, "mercenary": MERCENARY_COLOR, "muted": MUTED_COLOR}
MARK_COLOURS = {"error": "#c62828", "warning": "#ef8f00", "legal": "#2e7d32", "info": "#546e7a"}
"""The round marks' fills (white signs on them): the same in both schemes."""


def use_scheme(scheme: str) -> None:
    """Switch the shared text colours to `scheme`'s ('light' or 'dark'); see `gui.theme.apply_theme`."""
    from armybuilder.gui.theme import TEXT_COLOURS

    for name, shared in _SHARED.items():
        shared.setRgba(QColor(TEXT_COLOURS[name]["dark" if scheme == "dark" else "light"]).rgba())


def _canvas(size: int = 32) -> tuple[QPixmap, QPainter]:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return pixmap, painter


@cache
def badge(text: str, color: str) -> QIcon:
    """A rounded tag with short text, e.g. the 'LT' badge of the Lieutenant."""
    pixmap, painter = _canvas(32)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    painter.drawRoundedRect(QRectF(1, 6, 30, 20), 5, 5)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(13 if len(text) <= 2 else 10)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(1, 6, 30, 20), Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return QIcon(pixmap)


def lieutenant_icon() -> QIcon:
    return badge("LT", "#1f5fa8")


def mercenary_icon() -> QIcon:
    """The 'M' badge of a mercenary trooper in the list (Soldiers of Fortune; 'MERC' is unreadable at 16 px)."""
    return badge("M", "#7a4a1f")


@cache
def mark(kind: str) -> QIcon:
    """A round mark: 'error' (cross), 'warning' (exclamation), 'legal' (tick), 'info' (i)."""
    color = QColor(MARK_COLOURS.get(kind, MARK_COLOURS["info"]))
    pixmap, painter = _canvas(32)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawEllipse(QRectF(2, 2, 28, 28))
    pen = QPen(QColor("white"), 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    if kind == "error":
        painter.drawLine(11, 11, 21, 21)
        painter.drawLine(21, 11, 11, 21)
    elif kind == "legal":
        path = QPainterPath()
        path.moveTo(9, 16.5)
        path.lineTo(14, 21.5)
        path.lineTo(23, 11)
        painter.drawPath(path)
    elif kind == "warning":
        painter.drawLine(16, 9, 16, 18)
        painter.drawPoint(16, 23)
    else:
        painter.drawPoint(16, 10)
        painter.drawLine(16, 15, 16, 23)
    painter.end()
    return QIcon(pixmap)
