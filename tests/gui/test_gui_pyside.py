"""The installed PySide6 hands Python values from Qt without dropping references to them.

PySide6 6.12.0 decremented the reference count of None, True and False each time a Qt call returned
them to Python (`index.data()` of an empty role, `QComboBox.currentData()`, a signal carrying None
and a bool), until the interpreter aborted with "deallocating None". pyproject.toml excludes it;
this test names the problem if a broken build is installed anyway.
"""

from __future__ import annotations

import sys

import PySide6
from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtWidgets import QComboBox

from armybuilder.gui.models import ROOT


class _Empty(QAbstractListModel):
    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # type: ignore[override]
        return 1

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:  # type: ignore[override]
        return None


class _Sender(QObject):
    pair = Signal(object, object)


def _drift(action, count: int = 200) -> dict[str, int]:  # type: ignore[no-untyped-def]
    before = {name: sys.getrefcount(value) for name, value in (("None", None), ("True", True), ("False", False))}
    for _ in range(count):
        action()
    return {name: sys.getrefcount(value) - before[name] for name, value in
            (("None", None), ("True", True), ("False", False))}


def test_values_returned_by_qt_keep_their_references(qapp) -> None:  # type: ignore[no-untyped-def]
    model = _Empty()
    index = model.index(0, 0)
    combo = QComboBox()
    combo.addItem("everything", None)
    sender = _Sender()
    received: list[object] = []
    sender.pair.connect(lambda a, b: received.append(b))
    for name, action in (("QModelIndex.data", index.data), ("QComboBox.currentData", combo.currentData),
                         ("Signal(object, object)", lambda: sender.pair.emit(None, True))):
        drift = _drift(action)
        received.clear()
        assert all(value >= 0 for value in drift.values()), (
            f"PySide6 {PySide6.__version__} loses references in {name}: {drift}; "
            "install another version (pyproject.toml excludes 6.12.0)")
