"""Qt item models: thin adapters over the document and the army data, with named columns and roles."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

FIRST_ROLE = int(Qt.ItemDataRole.UserRole) + 1
TROOPER_MIME = "application/x-armybuilder-troopers"
OPTION_MIME = "application/x-armybuilder-option"


ROOT = QModelIndex()
"""The invalid index: the default `parent` of the models' methods."""
