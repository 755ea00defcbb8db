"""Find English left on screen after switching to Spanish: every text a widget shows (labels, buttons,
menus, actions, tooltips, placeholders, tabs, combo items, model headers and cells) is compared with
the English messages of the catalog that have a different Spanish translation."""

from __future__ import annotations

import re

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from armybuilder.i18n import _catalog, reload_catalogs


def english_messages() -> set[str]:
    """English messages whose Spanish differs (without context prefixes and '&' accelerators)."""
    reload_catalogs()
    found = set()
    for key, spanish in _catalog("es").items():
        english = key.split("|", 1)[-1]
        if "{" in english or len(english) < 3:
            continue  # templates are filled in; two-letter words are too often names
        if _clean(english) != _clean(spanish):
            found.add(_clean(english))
    return found - {_clean(s) for s in _catalog("es").values()}


def _clean(text: str) -> str:
    text = re.sub(r"<[^>]+>", "", text).replace("&nbsp;", " ")
    return re.sub(r"&(?=\w)", "", text).strip()


def _model_texts(model: QAbstractItemModel | None, rows: int = 20) -> list[str]:
    if model is None:
        return []
    texts = []

    def columns(parent: QModelIndex) -> int:
        try:
            return model.columnCount(parent)
        except TypeError:  # list models keep columnCount private
            return 1

    for section in range(columns(QModelIndex())):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            value = model.headerData(section, Qt.Orientation.Horizontal, role)
            if isinstance(value, str):
                texts.append(value)

    def walk(parent: QModelIndex, depth: int) -> None:
        for row in range(min(model.rowCount(parent), rows)):
            for column in range(columns(parent)):
                index = model.index(row, column, parent)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = index.data(role)
                    if isinstance(value, str):
                        texts.append(value)
            if depth < 2:
                walk(model.index(row, 0, parent), depth + 1)

    walk(QModelIndex(), 0)
    return texts


def shown_texts(root: QWidget) -> list[tuple[str, str]]:  # noqa: C901 - a rule read case by case
    """(where, text) for every text under `root`, its actions and menus included."""
    found: list[tuple[str, str]] = []

    def add(where: object, *texts: str | None) -> None:
        for text in texts:
            if text:
                found.append((f"{type(where).__name__}({getattr(where, 'objectName', lambda: '')()})", text))

    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        add(widget, widget.toolTip(), widget.statusTip(), widget.whatsThis())
        if widget.isWindow():
            add(widget, widget.windowTitle())
        if isinstance(widget, QLabel):
            add(widget, widget.text())
        if isinstance(widget, QAbstractButton):
            add(widget, widget.text())
        if isinstance(widget, QGroupBox):
            add(widget, widget.title())
        if isinstance(widget, QLineEdit):
            add(widget, widget.placeholderText())
        if isinstance(widget, QTextEdit):
            add(widget, *widget.toPlainText().splitlines())
        if isinstance(widget, QTabWidget):
            add(widget, *(widget.tabText(i) for i in range(widget.count())))
            add(widget, *(widget.tabToolTip(i) for i in range(widget.count())))
        if isinstance(widget, QComboBox):
            add(widget, *(widget.itemText(i) for i in range(widget.count())))
        if isinstance(widget, QSpinBox):
            add(widget, widget.suffix().strip(), widget.prefix().strip())
        if isinstance(widget, QAbstractSpinBox):
            add(widget, widget.specialValueText())
        if isinstance(widget, QMenu):
            add(widget, widget.title())
        if isinstance(widget, QAbstractItemView):
            add(widget, *_model_texts(widget.model()))
    for action in root.findChildren(QAction):
        add(action, action.text(), action.iconText(), action.toolTip(), action.statusTip())
    return found


def english_left(root: QWidget) -> list[str]:
    """Texts under `root` that are English messages with a Spanish translation."""
    english = english_messages()
    left = []
    for where, text in shown_texts(root):
        for line in text.splitlines() or [text]:
            clean = _clean(line)
            if clean in english or clean.rstrip("…") in english:
                left.append(f"{where}: {line!r}")
    return sorted(set(left))
