"""The list's notes: free text kept in the list file (deployment plans, reminders), never printed."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from armybuilder.domain.limits import MAX_NOTES
from armybuilder.gui import icons
from armybuilder.i18n import tr


class NotesDialog(QDialog):
    """Edits the notes; OK hands them back (one undoable edit), Cancel leaves them as they were."""

    notes_accepted = Signal(str)

    def __init__(self, notes: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notes_dialog")
        self.setWindowTitle(tr("List notes"))
        self.text = QPlainTextEdit()
        self.text.setObjectName("notes_text")
        self.text.setPlainText(notes)
        self.text.setPlaceholderText(tr("Deployment plans, reminders, what to change after the next game…"))
        self.text.setAccessibleName(tr("List notes"))
        self.hint = QLabel(tr("Kept in the list file. Never printed: not on the full list, and never on the "
                              "courtesy list."))
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.hint)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(460, 320)
        self.text.setFocus()

    def accept(self) -> None:
        self.notes_accepted.emit(self.text.toPlainText()[:MAX_NOTES])  # what a list file keeps
        super().accept()
