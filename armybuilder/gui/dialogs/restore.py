"""The offer made at start-up when the app last ended without closing cleanly: restore the autosaved
list, discard it, or decide at the next start.

A feature of the main window: it gets the window's `FeatureHost` (the document it restores into, the
tasks that read the autosave, messages and status) and a function that hands another game's autosave
to that game's window (`GameWindows.restore`), never the window itself.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QDateTime, QLocale, Qt, QTimeZone, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.problems import DataError
from armybuilder.games import INFINITY
from armybuilder.gui import icons
from armybuilder.gui.autosave import Autosave, AutosaveEntry, Orphan, read_autosaved_list
from armybuilder.gui.files import OpenedList
from armybuilder.gui.fonts import set_font
from armybuilder.gui.host import FeatureHost
from armybuilder.gui.language import Retranslating
from armybuilder.gui.widgets.parts import size_columns
from armybuilder.i18n import tr

RestoreElsewhere = Callable[[Orphan], object]
"""Carries on from another game's autosave in a window of that game (`GameWindows.restore`)."""


def when_text(entry: AutosaveEntry) -> str:
    """The autosave's time in the user's locale and time zone."""
    moment = QDateTime.fromSecsSinceEpoch(int(entry.saved_at.timestamp()), QTimeZone.systemTimeZone())
    return QLocale().toString(moment, QLocale.FormatType.ShortFormat)


def file_text(entry: AutosaveEntry) -> str:
    return entry.path.name if entry.path is not None else tr("never saved to a file")


def detail_lines(entry: AutosaveEntry) -> tuple[str, str]:
    """(the list and its army, when it was autosaved and whether it had been saved to a file)."""
    name = entry.name or tr("Untitled list")
    if entry.path is not None:
        saved = tr("It had been saved as {file}; the changes made after that were autosaved.", file=str(entry.path))
    else:
        saved = tr("It had never been saved to a file.")
    return f"{name} — {entry.army}", tr("Autosaved {when}.", when=when_text(entry)) + " " + saved


class RestoreDialog(Retranslating, QDialog):
    """Lists the orphaned autosaves; Restore opens the selected one, Discard deletes it."""

    restore_requested = Signal(object)
    """The Orphan to restore (the dialog closes)."""

    def __init__(self, orphans: list[Orphan], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restore_dialog")
        self.orphans = list(orphans)
        icon = QLabel()
        icon.setPixmap(icons.mark("warning").pixmap(32, 32))
        self.headline = QLabel()
        self.headline.setObjectName("restore_headline")
        self.headline.setWordWrap(True)
        set_font(self.headline, bold=True, scale=1.15)
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setObjectName("restore_entries")
        self.table.setRootIsDecorated(False)
        self.table.setColumnCount(4)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        size_columns(self.table.header(), 0, fit=(1, 2, 3))
        self.detail = QLabel()
        self.detail.setObjectName("restore_detail")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail_frame = QFrame()
        self.detail_frame.setFrameShape(QFrame.Shape.StyledPanel)
        self.detail_frame.setBackgroundRole(QPalette.ColorRole.Base)
        self.detail_frame.setAutoFillBackground(True)
        frame_layout = QVBoxLayout(self.detail_frame)
        frame_layout.setContentsMargins(12, 10, 12, 10)
        frame_layout.addWidget(self.detail)
        self.restore_button = QPushButton()
        self.restore_button.setObjectName("restore")
        self.discard_button = QPushButton()
        self.discard_button.setObjectName("discard")
        self.later_button = QPushButton()
        self.later_button.setObjectName("later")
        self.buttons = QDialogButtonBox()
        self.buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.setDefault(True)

        text = QVBoxLayout()
        text.setSpacing(10)
        text.addWidget(self.headline)
        text.addWidget(self.explanation)
        text.addWidget(self.table, 1)
        text.addWidget(self.detail_frame)
        top = QHBoxLayout()
        top.setSpacing(14)
        top.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addLayout(text, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 18, 18, 12)
        layout.addLayout(top, 1)
        layout.addSpacing(8)
        layout.addWidget(self.buttons)
        self.restore_button.clicked.connect(self._on_restore)
        self.discard_button.clicked.connect(self._on_discard)
        self.later_button.clicked.connect(self.reject)
        self.table.currentItemChanged.connect(self._show_detail)
        self.table.itemActivated.connect(self._on_restore)
        self.retranslate()
        self.setMinimumWidth(640)
        if len(self.orphans) > 1:
            self.resize(720, 420)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Restore unsaved work"))
        self.headline.setText(tr("The army builder did not close properly last time.")
                              if len(self.orphans) <= 1 else
                              tr("The army builder did not close properly: {count} lists had unsaved changes.",
                                 count=len(self.orphans)))
        self.explanation.setText(tr("Its autosave kept the unsaved changes. Restore the list to carry on, or discard "
                                    "the autosave. “Decide later” keeps it for the next start."))
        self.table.setHeaderLabels([tr("List"), tr("Army"), tr("Autosaved"), tr("File")])
        self.restore_button.setText(tr("&Restore"))
        self.discard_button.setText(tr("&Discard"))
        self.later_button.setText(tr("Decide &later"))
        self._fill()

    def _fill(self) -> None:
        current = self.selected()
        self.table.clear()
        for orphan in self.orphans:
            entry = orphan.entry
            item = QTreeWidgetItem([entry.name or tr("Untitled list"), entry.army, when_text(entry), file_text(entry)])
            item.setToolTip(3, str(entry.path) if entry.path else file_text(entry))
            self.table.addTopLevelItem(item)
        row = self.orphans.index(current) if current in self.orphans else 0
        first = self.table.topLevelItem(row) if self.orphans else None
        if first is not None:
            self.table.setCurrentItem(first)
        self.table.setVisible(len(self.orphans) > 1)
        self._show_detail()

    def selected(self) -> Orphan | None:
        item = self.table.currentItem()
        row = self.table.indexOfTopLevelItem(item) if item is not None else 0
        return self.orphans[row] if 0 <= row < len(self.orphans) else None

    def _show_detail(self, *_: object) -> None:
        orphan = self.selected()
        if orphan is None:
            self.detail.clear()
            return
        what, state = detail_lines(orphan.entry)
        self.detail.setText(f"<b style='font-size:large'>{html.escape(what)}</b><br>{html.escape(state)}")

    def _on_restore(self, *_: object) -> None:
        orphan = self.selected()
        if orphan is None:
            return
        self.orphans.remove(orphan)
        self.restore_requested.emit(orphan)
        self.accept()

    def _on_discard(self) -> None:
        orphan = self.selected()
        if orphan is None or not self.confirm_discard(orphan.entry):
            return
        orphan.delete()
        self.orphans.remove(orphan)
        if not self.orphans:
            self.accept()
            return
        self.retranslate()

    def confirm_discard(self, entry: AutosaveEntry) -> bool:
        """Ask before deleting the autosave for good (tests replace this)."""
        answer = QMessageBox.question(
            self, tr("Discard the autosave?"),
            tr("The unsaved changes to {name} will be lost for good.", name=entry.name or tr("Untitled list")),
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Discard

    def done(self, result: int) -> None:
        for orphan in self.orphans:  # not chosen: kept for the next start
            orphan.release()
        self.orphans = []
        super().done(result)


def offer_restore(host: FeatureHost, autosave: Autosave, elsewhere: RestoreElsewhere) -> RestoreDialog | None:
    """At start-up: offer the autosaves of sessions that ended without closing cleanly, if any."""
    orphans = autosave.orphans()
    if not orphans:
        return None
    dialog = RestoreDialog(orphans, host.window)
    dialog.restore_requested.connect(lambda orphan: restore(host, autosave, orphan, elsewhere))
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog


def restore(host: FeatureHost, autosave: Autosave, orphan: Orphan, elsewhere: RestoreElsewhere) -> int | None:
    """Open an orphaned autosave as the current list (unsaved, with the file it came from). Returns
    the task id of the background read; None when nothing is read in the background (another game's
    autosave opens in a window of that game: `elsewhere`, see gui/games.py)."""
    if orphan.entry.game != INFINITY:
        elsewhere(orphan)
        return None
    if not host.maybe_keep_changes():
        orphan.release()
        return None
    entry = orphan.entry
    document = host.document

    def done(opened: OpenedList) -> None:
        document.start(opened.loaded.army_list, entry.path, saved=False)
        autosave.adopt(orphan)
        if opened.problems:
            host.show_message("warning", tr("The restored list changed since it was autosaved"),
                              "• " + "\n• ".join(str(p) for p in opened.problems))
        host.show_status(lambda: tr("Restored {name}, autosaved {when}", name=entry.name or tr("Untitled list"),
                                    when=when_text(entry)), 8000)

    def failed(error: BaseException) -> None:
        orphan.release()
        detail = str(error) if isinstance(error, DataError | OSError) else f"{type(error).__name__}: {error}"
        host.show_message("error", tr("Could not restore the autosaved list"),
                          detail + "\n\n" + tr("The autosave is kept in {file}.", file=str(entry.file)))

    return host.tasks.run(lambda: read_autosaved_list(entry, document.catalog), done, failed,
                          tr("Restoring the autosaved list…"))
