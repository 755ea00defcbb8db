"""The problems panel every game shows: a headline (legal, or how many problems) over the problems
of the list, each with its icon and whole message; clicking one selects what it concerns.

Game-neutral: a game hands it `ProblemRow`s (messages are turned into text when shown, so a language
switch rewords them without validating again) and says what a click selects ("troopers", "models").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import IntEnum
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui import icons
from armybuilder.gui.fonts import set_font
from armybuilder.gui.models import FIRST_ROLE, ROOT
from armybuilder.gui.widgets.quiet import set_style_sheet
from armybuilder.i18n import tr

ICON = 16
PADDING = 6
MOST_COMPARED = 40_000
"""Rows before × rows after that `ProblemListModel.set_rows` compares one by one (beyond, it resets the rows)."""
Index = QModelIndex | QPersistentModelIndex


class Text(Protocol):
    """A message: plain text, or a message translated each time it is turned into text."""

    def __str__(self) -> str: ...


@dataclass(frozen=True)
class ProblemRow:
    """One row: 'error', 'warning' or 'note', its message, stable code, what it concerns and its source."""

    severity: str
    message: Text
    code: str = ""
    subjects: tuple[str, ...] = ()
    source: str = ""


class ProblemRole(IntEnum):
    SUBJECTS = FIRST_ROLE
    """The ids of what a problem concerns (troopers, models)."""
    SEVERITY = FIRST_ROLE + 1
    """'error', 'warning' or 'note'."""
    CODE = FIRST_ROLE + 2


class ProblemListModel(QAbstractListModel):
    """The rows the panel shows; `set_rows` replaces them. Subclasses word the tooltip's source."""

    rows_changed = Signal(object)
    """`set_rows` changed what the rows show (after the model's own signals): with None when rows came or went
    (the view lays them all out again), else with the rows reworded in place (a tuple of row numbers)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[ProblemRow] = []
        self._shown: list[tuple[object, ...]] = []

    def set_rows(self, rows: Sequence[ProblemRow]) -> None:
        """Show `rows`; rows that read as the ones shown (same severity, words, code, subjects and source)
        leave the view alone, so an edit that changes no problem does not lay the panel out again. Otherwise
        the rows that still read the same stay (one selected stays selected); a run of rows that are the same
        problems in other words (same severity, code and source, in the same order: "The list costs 542
        points…" after an edit, "…439 points…" after its undo) is reworded in place, and stays selected too;
        the others are removed and the new ones inserted where they go."""
        rows = list(rows)
        shown = [_shown(row) for row in rows]
        old = self._shown
        if shown == old:
            self._rows = rows
            return
        if len(old) * len(shown) > MOST_COMPARED:  # a list with hundreds of problems: one reset
            self.beginResetModel()
            self._rows, self._shown = rows, shown
            self.endResetModel()
            self.rows_changed.emit(None)
            return
        reworded: list[int] = []
        came_or_went = False
        # from the last change to the first, so that the rows still to change keep their numbers
        for tag, old_start, old_end, start, end in reversed(SequenceMatcher(None, old, shown, autojunk=False)
                                                            .get_opcodes()):
            if tag == "equal":
                continue
            if tag == "replace" and old_end - old_start == end - start and all(
                    _problem(a) == _problem(b) for a, b in zip(old[old_start:old_end], shown[start:end], strict=True)):
                self._rows[old_start:old_end] = rows[start:end]
                self._shown[old_start:old_end] = shown[start:end]
                reworded.extend(range(start, end))  # their numbers once every change is made
                continue
            came_or_went = True
            if old_end > old_start:
                self.beginRemoveRows(ROOT, old_start, old_end - 1)
                del self._rows[old_start:old_end], self._shown[old_start:old_end]
                self.endRemoveRows()
            if end > start:
                self.beginInsertRows(ROOT, old_start, old_start + end - start - 1)
                self._rows[old_start:old_start] = rows[start:end]
                self._shown[old_start:old_start] = shown[start:end]
                self.endInsertRows()
        self._rows = rows
        self._shown = shown
        reworded.sort()  # tell the views (and screen readers) which rows read anew, one at a time
        for row in reworded:
            self.dataChanged.emit(self.index(row), self.index(row))
        self.rows_changed.emit(tuple(reworded) if not came_or_went else None)

    @property
    def rows(self) -> list[ProblemRow]:
        return list(self._rows)

    def source_text(self, row: ProblemRow) -> str:
        """The tooltip's "Source: …" line (the row's source as it is, unless a game words it)."""
        return row.source

    def subjects_hint(self) -> str:
        return tr("Click to select what it concerns.")

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(row.message)
        if role == Qt.ItemDataRole.DecorationRole:
            return icons.mark("info" if row.severity == "note" else row.severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            parts = [str(row.message)]
            if row.source:
                parts.append(tr("Source: {source}", source=self.source_text(row)))
            if row.subjects:
                parts.append(self.subjects_hint())
            return "\n".join(parts)
        if role == ProblemRole.SUBJECTS:
            return row.subjects
        if role == ProblemRole.SEVERITY:
            return row.severity
        if role == ProblemRole.CODE:
            return row.code
        return None


def _shown(row: ProblemRow) -> tuple[object, ...]:
    """What a row shows, in the current language."""
    return row.severity, str(row.message), row.code, row.subjects, row.source


def _problem(shown: tuple[object, ...]) -> tuple[object, ...]:
    """Which problem a row (as `_shown`) is, whatever its words and subjects: severity, code and source."""
    return shown[0], shown[2], shown[4]


class ProblemDelegate(QStyledItemDelegate):
    """Rows as tall as their message wrapped at the list's width: a long message is never cut."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view
        self._heights: dict[tuple[str, int, str], int] = {}
        """The wrapped height of a message at a width in a font (its key): the rows are laid out again at
        every change of the problems, most of them with the same messages."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        width = self._view.viewport().width() - 2 * self._view.spacing()
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        room = max(width - ICON - 3 * PADDING, 40)
        measured = (text, room, option.font.key())
        height = self._heights.get(measured)
        if height is None:
            if len(self._heights) > 1000:
                self._heights.clear()
            height = self._heights[measured] = QFontMetrics(option.font).boundingRect(
                QRect(0, 0, room, 100_000), int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft),
                text).height()
        return QSize(max(width, 1), max(height, ICON) + PADDING)


class ProblemList(QListView):
    """The list of problems. A row reworded in place that is as tall as before repaints alone: Qt's list lays
    all its rows out again and repaints the whole list whenever a row changes (its rows may change size)."""

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        if top_left == bottom_right and top_left.isValid() and self.fits(top_left):
            QAbstractItemView.dataChanged(self, top_left, bottom_right, roles)  # that row repainted, no layout
            return
        super().dataChanged(top_left, bottom_right, roles)

    def fits(self, index: Index) -> bool:
        """Whether the row of `index` is as tall as its contents are now (as the list measures its rows)."""
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        return self.visualRect(index).height() == self.itemDelegate().sizeHint(option, index).height()


class ProblemsPanel(QWidget):
    """A headline over the list of problems; `subjects_clicked` carries the ids a clicked row concerns."""

    subjects_clicked = Signal(tuple)

    def __init__(self, model: ProblemListModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model or ProblemListModel(self)
        self.headline = QLabel()
        self.headline.setObjectName("validation_headline")
        set_font(self.headline, bold=True)
        self.headline.setWordWrap(True)
        self.view = ProblemList()
        self.view.setObjectName("violations")
        self.view.setModel(self.model)
        self.view.setWordWrap(True)
        self.view.setSpacing(3)
        self.view.setUniformItemSizes(False)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.view.setItemDelegate(ProblemDelegate(self.view))
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.viewport().installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.headline)
        layout.addWidget(self.view, 1)
        self.view.clicked.connect(self._on_clicked)
        self.view.activated.connect(self._on_clicked)
        self.model.rows_changed.connect(self._lay_out_rows)

    def _lay_out_rows(self, reworded: tuple[int, ...] | None) -> None:
        """The rows' places and heights worked out at once when rows came or went, or a row reworded wraps onto
        another number of lines: Qt's list lays its rows out on a timer, after the window has repainted for the
        edit — a second repaint of the window, the problems list in it, per edit that changes a problem. Rows
        only reworded, each as tall as before, are left where they are (`ProblemList` repaints them alone)."""
        if reworded is None or not all(self.view.fits(self.model.index(row)) for row in reworded):
            width = self.view.viewport().width()
            self.view.doItemsLayout()
            if self.view.viewport().width() != width:
                # the scroll bar came or went as the rows were laid out: the rows wrap at the new width, laid out
                # now (the list's own layout at that width was left for its paint, which then asked for a second
                # repaint of the window)
                self.view.doItemsLayout()

    def set_headline(self, text: str, legal: bool | None) -> None:
        """The headline in the legal colour, the error colour (`legal` False) or none (None: no list)."""
        self.headline.setText(text)
        set_style_sheet(self.headline,
                        "" if legal is None else f"color: {(icons.LEGAL_COLOR if legal else icons.ERROR_COLOR).name()}")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() == QEvent.Type.Resize:
            self.view.scheduleDelayedItemsLayout()  # the rows' heights follow the width
        return super().eventFilter(watched, event)

    def _on_clicked(self, index: QModelIndex | QPersistentModelIndex) -> None:
        subjects = index.data(ProblemRole.SUBJECTS) or ()
        self.subjects_clicked.emit(tuple(subjects))
