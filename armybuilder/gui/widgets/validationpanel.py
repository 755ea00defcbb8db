"""The validation panel: the list's state at a glance and every violation; clicking one selects
the troopers it concerns."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt, Signal
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
from armybuilder.gui.document import ListDocument
from armybuilder.gui.fonts import set_font
from armybuilder.gui.models.violations import Role, ViolationListModel
from armybuilder.i18n import tr

ICON = 16
PADDING = 6


class ViolationDelegate(QStyledItemDelegate):
    """Rows as tall as their message wrapped at the list's width: a long message is never cut."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        width = self._view.viewport().width() - 2 * self._view.spacing()
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        room = max(width - ICON - 3 * PADDING, 40)
        rect = QFontMetrics(option.font).boundingRect(
            QRect(0, 0, room, 100_000), int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft), text)
        return QSize(max(width, 1), max(rect.height(), ICON) + PADDING)


class ValidationPanel(QWidget):
    """A headline (legal / n problems) over the list of violations."""

    troopers_clicked = Signal(tuple)

    def __init__(self, document: ListDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = ViolationListModel(document, self)
        self.headline = QLabel()
        self.headline.setObjectName("validation_headline")
        set_font(self.headline, bold=True)
        self.headline.setWordWrap(True)
        self.view = QListView()
        self.view.setObjectName("violations")
        self.view.setModel(self.model)
        self.view.setWordWrap(True)
        self.view.setSpacing(3)
        self.view.setUniformItemSizes(False)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.view.setItemDelegate(ViolationDelegate(self.view))
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.viewport().installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.headline)
        layout.addWidget(self.view, 1)
        self._connect_signals()
        self.retranslate()

    def _connect_signals(self) -> None:
        self.view.clicked.connect(self._on_clicked)
        self.view.activated.connect(self._on_clicked)
        self.document.list_changed.connect(self._on_list_changed)

    def retranslate(self) -> None:
        self._on_list_changed()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() == QEvent.Type.Resize:
            self.view.scheduleDelayedItemsLayout()  # the rows' heights follow the width
        return super().eventFilter(watched, event)

    def _on_list_changed(self) -> None:
        report = self.document.report
        if not self.document.has_list:
            self.headline.setText("")
            return
        if report is None:
            self.headline.setText(tr("The list cannot be validated."))
            self.headline.setStyleSheet(f"color: {icons.ERROR_COLOR.name()}")
            return
        errors = len(report.errors)
        warnings = len(report.violations) - errors
        if report.legal:
            text = tr("✔ Legal list: it passes every rule the builder checks.")
            if warnings:
                text += " " + (tr("1 warning below.") if warnings == 1
                               else tr("{count} warnings below.", count=warnings))
            self.headline.setStyleSheet(f"color: {icons.LEGAL_COLOR.name()}")
        else:
            text = (tr("✖ Not legal: 1 problem to fix. Click it to select its troopers.") if errors == 1 else
                    tr("✖ Not legal: {count} problems to fix. Click one to select its troopers.", count=errors))
            self.headline.setStyleSheet(f"color: {icons.ERROR_COLOR.name()}")
        self.headline.setText(text)

    def _on_clicked(self, index: QModelIndex | QPersistentModelIndex) -> None:
        troopers = index.data(Role.TROOPERS) or ()
        self.troopers_clicked.emit(tuple(troopers))
