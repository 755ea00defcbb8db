"""Qt item models: thin adapters over the document and the army data, with named columns and roles."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

FIRST_ROLE = int(Qt.ItemDataRole.UserRole) + 1
TROOPER_MIME = "application/x-armybuilder-troopers"
OPTION_MIME = "application/x-armybuilder-option"


ROOT = QModelIndex()
"""The invalid index: the default `parent` of the models' methods."""

RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
CENTER = int(Qt.AlignmentFlag.AlignCenter)
"""Alignments of figures: points right-aligned, SWC/AVA/type centred (so neighbouring figures never touch)."""
