"""How the list editor shows fireteams: each member's name cell gets a bar and a badge in its
team's colour (e.g. a teal ▌ … CORE), so the troopers of a team read as one group."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeView

from armybuilder.gui import icons
from armybuilder.gui.models.roster import Role
from armybuilder.gui.widgets.wrapping import source_data

Index = QModelIndex | QPersistentModelIndex
BAR = 4
GAP = 4


class TeamBadgeDelegate(QStyledItemDelegate):
    """The list editor's name column: wrapping text plus the fireteam bar and badge. The rows' sizes are
    the model's (measured by the list editor with `reserved_for`, which leaves the badge its room)."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self._widths: dict[str, int] = {}
        self._badge_font = QFont(view.font())
        self._badge_font.setBold(True)
        self._badge_font.setPointSizeF(max(6.0, view.font().pointSizeF() * 0.78))

    def _team(self, index: Index) -> tuple[str, str, bool] | None:
        value = source_data(index, Role.FIRETEAM)
        if isinstance(value, tuple) and len(value) == 3:
            return str(value[0]), str(value[1]), bool(value[2])
        return None

    def _badge_width(self, text: str) -> int:
        width = self._widths.get(text)
        if width is None:
            width = self._widths[text] = QFontMetrics(self._badge_font).horizontalAdvance(text) + 10
        return width

    def reserved_width(self, index: Index) -> int:
        """Room the bar and badge take beside the name (the name wraps in what is left)."""
        return self.reserved_for(source_data(index, Role.FIRETEAM))

    def reserved_for(self, team: object) -> int:
        """The same, for a row whose `Role.FIRETEAM` is `team`."""
        if isinstance(team, tuple) and len(team) == 3:
            return BAR + GAP + self._badge_width(str(team[1])) + GAP
        return 0

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        team = self._team(index)
        if team is None:
            super().paint(painter, option, index)
            return
        colour, text, legal = team
        full = QRect(option.rect)
        widget = option.widget
        style = widget.style() if widget is not None else None
        if style is not None:  # the row's background and selection under the bar and the badge too
            background = QStyleOptionViewItem(option)
            self.initStyleOption(background, index)
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, background, painter, widget)
        badge_width = self._badge_width(text)
        inner = QStyleOptionViewItem(option)
        inner.rect = QRect(full.left() + BAR + GAP, full.top(), full.width() - BAR - 2 * GAP - badge_width - GAP,
                           full.height())
        super().paint(painter, inner, index)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(QRect(full.left(), full.top() + 1, BAR, full.height() - 2), QColor(colour))
        metrics = QFontMetrics(self._badge_font)
        height = metrics.height() + 2
        pill = QRectF(full.right() - GAP - badge_width, full.center().y() - height / 2 + 1, badge_width, height)
        painter.setPen(QPen(icons.ERROR_COLOR, 1.6) if not legal else Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colour))
        painter.drawRoundedRect(pill, 4, 4)
        painter.setFont(self._badge_font)
        painter.setPen(QColor("white"))
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()
