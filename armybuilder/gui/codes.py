"""Army codes in the app: the notice over a list opened from a code (what a code cannot hold, and the
fireteam finder's best teams to declare) and the dialog that shows a copied code with its link."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui import icons
from armybuilder.gui.language import Retranslating
from armybuilder.i18n import tr, trn


class CodeNotice(Retranslating, QFrame):
    """One line over a list read from an army code: a code holds no fireteams, list notes or ITS tier,
    so say what the list now uses, and offer to declare the fireteam finder's best teams."""

    declare_requested = Signal()
    finder_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("code_notice")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#code_notice { background: palette(alternate-base); }")
        self.text = QLabel()
        self.text.setObjectName("code_notice_text")
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.declare = QPushButton()
        self.declare.setObjectName("code_notice_declare")
        self.finder = QPushButton()
        self.finder.setObjectName("code_notice_finder")
        self.close_button = QToolButton()
        self.close_button.setObjectName("code_notice_close")
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 3, 4, 3)
        row.addWidget(self.text, 1)
        row.addWidget(self.declare)
        row.addWidget(self.finder)
        row.addWidget(self.close_button)
        self.declare.clicked.connect(self.declare_requested)
        self.finder.clicked.connect(self.finder_requested)
        self.close_button.clicked.connect(self.hide)
        self._rules: Callable[[], str] = str
        self._teams = 0
        self.hide()
        self.retranslate()

    def show_opened(self, rules: Callable[[], str], teams: int) -> None:
        """Show the notice for a list just read from a code: the rules it now uses (worded anew in the
        current language), and how many teams the finder's best would declare."""
        self._rules = rules
        self.set_teams(teams)
        self.show()

    def set_teams(self, teams: int) -> None:
        self._teams = teams
        self.retranslate()

    @property
    def teams(self) -> int:
        return self._teams

    def retranslate(self) -> None:
        self.text.setText(tr("Read from an army code, which holds no fireteams, list notes or ITS tier: the list "
                             "is set to {rules}.", rules=self._rules()))
        self.text.setToolTip(tr("Declare fireteams, write notes and pick the tournament and tier again if the "
                                "list had them in the official builder."))
        if self._teams:
            self.declare.setText(trn("Declare the best fireteam", "Declare the {n} best fireteams", self._teams))
            self.declare.setToolTip(tr("Declare the fireteam finder's best teams that can be declared together "
                                       "(one step you can undo)"))
        else:
            self.declare.setText(tr("No fireteam to declare"))
            self.declare.setToolTip(tr("The fireteam finder finds no fireteam these combat groups can form"))
        self.declare.setEnabled(self._teams > 0)
        self.finder.setText(tr("Fireteam finder"))
        self.finder.setToolTip(tr("Show every fireteam the list could form"))
        self.close_button.setToolTip(tr("Hide this notice"))


class CopiedCodeDialog(Retranslating, QDialog):
    """A copied army code: shown (selectable), with a Copy button, the link that opens it in the
    official builder, and what the code does not hold of the list."""

    def __init__(self, code: str, link: str, left_out: list[str], bundled: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("copied_code_dialog")
        self.code = code
        self.link = link
        self.left_out = left_out
        self.bundled = bundled
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.field = QPlainTextEdit(code)
        self.field.setObjectName("copied_code")
        self.field.setReadOnly(True)
        self.field.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                           | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.field.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.field.setWordWrapMode(self.field.wordWrapMode().WrapAnywhere)
        self.field.setFixedHeight(self.field.fontMetrics().lineSpacing() * 4 + 12)
        self.link_label = QLabel()
        self.link_label.setObjectName("copied_code_link")
        self.link_label.setOpenExternalLinks(True)
        self.link_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.missing = QLabel()
        self.missing.setObjectName("copied_code_left_out")
        self.missing.setWordWrap(True)
        self.missing.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        self.missing.setVisible(bool(left_out))
        self.bundled_note = QLabel()
        self.bundled_note.setObjectName("copied_code_bundled")
        self.bundled_note.setWordWrap(True)
        self.bundled_note.setStyleSheet(f"color: {icons.WARNING_COLOR.name()}")
        self.bundled_note.setVisible(bundled)
        self.status = QLabel()
        self.status.setObjectName("copied_code_status")
        self.buttons = QDialogButtonBox()
        self.copy_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setObjectName("copy_code_button")
        self.copy_link_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_link_button.setObjectName("copy_link_button")
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.field)
        layout.addWidget(self.link_label)
        layout.addWidget(self.missing)
        layout.addWidget(self.bundled_note)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.copy_button.clicked.connect(self.copy_code)
        self.copy_link_button.clicked.connect(self.copy_link)
        self.buttons.rejected.connect(self.reject)
        self.close_button.clicked.connect(self.reject)
        self.setMinimumWidth(560)
        self._copied = "code"
        self.retranslate()
        self.field.selectAll()
        self.field.setFocus()

    def copy_code(self) -> None:
        QGuiApplication.clipboard().setText(self.code)
        self._copied = "code"
        self.retranslate()

    def copy_link(self) -> None:
        QGuiApplication.clipboard().setText(self.link)
        self._copied = "link"
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Army code"))
        self.intro.setText(tr("The list's army code: paste it in the official Infinity Army builder, in a "
                              "tournament's form or in a chat."))
        self.link_label.setText(f'<a href="{self.link}">{tr("Open it in the official builder")}</a>')
        self.link_label.setToolTip(self.link)
        self.missing.setText(tr("Not in the code: {items}.", items=", ".join(self.left_out)))
        self.bundled_note.setText(tr("This list uses the bundled profiles, not the official data: the official "
                                     "builder knows only its own ids and may not open this code. Build the list on "
                                     "imported official data for a code to share."))
        self.status.setText(tr("The code is in the clipboard.") if self._copied == "code"
                            else tr("The link is in the clipboard."))
        self.copy_button.setText(tr("&Copy code"))
        self.copy_link_button.setText(tr("Copy &link"))
