"""Find English left on screen after switching to Spanish: every text a widget shows (labels, buttons,
menus, actions, tooltips, placeholders, tabs, combo items, model headers and cells) is compared with
the English messages of the catalog that have a different Spanish translation."""

from __future__ import annotations

import re
from collections.abc import Callable

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


def _model_texts(model: QAbstractItemModel | None, rows: int = 20,
                 tip: Callable[[QModelIndex], str] | None = None) -> list[str]:
    """Headers and cells; `tip`: the cells' tooltips as hovered (a view whose delegate works them out)."""
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
                if tip is not None:
                    texts.append(tip(index))
            if depth < 2:
                walk(model.index(row, 0, parent), depth + 1)

    walk(QModelIndex(), 0)
    return texts


def _widget_texts(widget: QWidget) -> list[str | None]:
    """The texts one widget shows itself: tips, title, label, items, affixes (its children apart)."""
    texts: list[str | None] = [widget.toolTip(), widget.statusTip(), widget.whatsThis()]
    if widget.isWindow():
        texts.append(widget.windowTitle())
    if isinstance(widget, QLabel | QAbstractButton):
        texts.append(widget.text())
    if isinstance(widget, QGroupBox):
        texts.append(widget.title())
    if isinstance(widget, QLineEdit):
        texts.append(widget.placeholderText())
    if isinstance(widget, QTextEdit):
        texts += widget.toPlainText().splitlines()
    if isinstance(widget, QTabWidget):
        texts += [widget.tabText(i) for i in range(widget.count())]
        texts += [widget.tabToolTip(i) for i in range(widget.count())]
    if isinstance(widget, QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
    if isinstance(widget, QSpinBox):
        texts += [widget.suffix().strip(), widget.prefix().strip()]
    if isinstance(widget, QAbstractSpinBox):
        texts.append(widget.specialValueText())
    if isinstance(widget, QMenu):
        texts.append(widget.title())
    if isinstance(widget, QAbstractItemView):
        texts += _model_texts(widget.model(), tip=getattr(widget.itemDelegate(), "tooltip", None))
    return texts


def shown_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) for every text under `root`, its actions and menus included."""
    found: list[tuple[str, str]] = []

    def add(where: object, texts: list[str | None]) -> None:
        for text in texts:
            if text:
                found.append((f"{type(where).__name__}({getattr(where, 'objectName', lambda: '')()})", text))

    for widget in [root, *root.findChildren(QWidget)]:
        add(widget, _widget_texts(widget))
    for action in root.findChildren(QAction):
        add(action, [action.text(), action.iconText(), action.toolTip(), action.statusTip()])
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
