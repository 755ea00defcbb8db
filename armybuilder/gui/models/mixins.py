"""What several item models share: column titles in the current language, and option rows that
are dragged into the list. Mixins: list them before the Qt model class they go with."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QMimeData, QModelIndex, Qt

from armybuilder.gui.models import OPTION_MIME
from armybuilder.i18n import tr


class ColumnTitles:
    """Horizontal header titles, set again on each language change."""

    _titles: tuple[str, ...] = ()

    def set_titles(self, *titles: str) -> None:
        """The columns' titles, in the current language; the views are told."""
        self._titles = titles
        assert isinstance(self, QAbstractItemModel)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(titles) - 1)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(self._titles):
            return self._titles[section]
        return None


class OptionDrag:
    """Rows whose `OPTION_KEY_ROLE` holds an option's (unit, group, option) ids are dragged into
    the list as that option; `_reinforcement`: the model shows the Reinforcements army's units."""

    OPTION_KEY_ROLE: int
    _reinforcement: bool

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def mimeTypes(self) -> list[str]:
        return [OPTION_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        assert isinstance(self, QAbstractItemModel)
        # the key is in a row's first cell (the unit browser keeps it there alone)
        return option_mime([self.data(index.siblingAtColumn(0), self.OPTION_KEY_ROLE) for index in indexes],
                           self._reinforcement)


def option_mime(keys: Sequence[tuple[int, int, int] | None], reinforcement: bool = False) -> QMimeData:
    """Drag data for the first option among `keys` ((unit, group, option) ids), and whether it is
    from the Reinforcements army: what the list accepts."""
    data = QMimeData()
    key = next((k for k in keys if k is not None), None)
    if key is not None:
        data.setData(OPTION_MIME, json.dumps([*key, reinforcement]).encode())
    return data


def add_hint() -> str:
    """The last line of an option's tooltip."""
    return tr("Double-click, press Enter or drag into the list to add.")
