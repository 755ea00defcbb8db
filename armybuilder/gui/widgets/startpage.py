"""The page shown when no list is open: pick an army to start, open a recent list, or (a feature's
panel below: the list library) one of the lists you keep; features add panels in the right column
too (the other games the app serves)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.catalog import ArmySummary
from armybuilder.gui.fonts import set_font
from armybuilder.gui.language import Retranslating
from armybuilder.gui.widgets.armypicker import ArmyPicker
from armybuilder.i18n import tr


class StartPage(Retranslating, QWidget):
    """A large army picker on the left, ways to open existing lists on the right."""

    army_chosen = Signal(object)
    open_requested = Signal()
    recent_chosen = Signal(object)
    """A Path from the recent files list."""
    import_requested = Signal()

    def __init__(self, summaries: list[ArmySummary], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        set_font(self.title, bold=True, scale=1.6)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.picker = ArmyPicker(summaries)
        set_font(self.picker.tree, scale=1.15)
        self.open_button = QPushButton()
        self.open_button.setObjectName("open_button")
        self.recent_title = QLabel()
        set_font(self.recent_title, bold=True)
        self.recent = QListWidget()
        self.recent.setObjectName("recent_files")
        self.no_armies = QLabel()
        self.no_armies.setWordWrap(True)
        self.no_armies.setVisible(not summaries)
        self.no_official = QLabel()
        self.no_official.setObjectName("no_official")
        self.no_official.setWordWrap(True)
        self.no_official.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.import_button = QPushButton()
        self.import_button.setObjectName("import_button")
        self._show_import_hint(summaries)

        left = QVBoxLayout()
        left.addWidget(self.title)
        left.addWidget(self.hint)
        left.addWidget(self.no_armies)
        hint_row = QHBoxLayout()
        hint_row.addWidget(self.no_official, 1)
        hint_row.addWidget(self.import_button, 0, Qt.AlignmentFlag.AlignVCenter)
        left.addLayout(hint_row)
        left.addWidget(self.picker, 1)
        right = QVBoxLayout()
        right.addWidget(self.open_button)
        right.addSpacing(12)
        right.addWidget(self.recent_title)
        right.addWidget(self.recent, 1)
        self.side_panels = right
        top = QWidget()
        columns = QHBoxLayout(top)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.setSpacing(24)
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        self.panels = QWidget()
        self.panels.setObjectName("start_panels")
        self.panels_layout = QVBoxLayout(self.panels)
        self.panels_layout.setContentsMargins(0, 6, 0, 0)
        self.panels.setVisible(False)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("start_splitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.panels)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.picker.setMinimumHeight(160)
        self._split = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 12)
        layout.addWidget(self.splitter)
        self._connect_signals()
        self.retranslate()

    def _connect_signals(self) -> None:
        self.picker.army_chosen.connect(self.army_chosen)
        self.open_button.clicked.connect(self.open_requested)
        self.import_button.clicked.connect(self.import_requested)
        self.recent.itemActivated.connect(self._on_recent_activated)

    def retranslate(self) -> None:
        self.title.setText(tr("Start a list"))
        self.hint.setText(tr("Double-click an army or sectorial (or type its name and press Enter). You can "
                             "change the rules pack and game size afterwards."))
        self.no_armies.setText(tr("No armies are available: the bundled profiles could not be read. See the "
                                  "messages printed at start-up."))
        self.no_official.setText(tr("Only the bundled armies are here. To build with every army, import the official "
                                    "Infinity Army data (File → Import Infinity Army data…)."))
        self.import_button.setText(tr("Import Infinity Army data…"))
        self.open_button.setText(tr("Open a list file…"))
        self.recent_title.setText(tr("Recent lists"))
        self.recent.setAccessibleName(tr("Recent lists"))
        self._placeholder()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._split and self.panels.isVisible():  # the library gets the larger share at first
            self._split = True
            height = max(self.splitter.height(), 1)
            self.splitter.setSizes([round(height * 0.42), round(height * 0.58)])

    def add_panel(self, widget: QWidget) -> None:
        """A feature's panel under the army picker and the recent lists (the list library)."""
        self.panels_layout.addWidget(widget)
        self.panels.setVisible(True)

    def add_side_panel(self, widget: QWidget) -> None:
        """A feature's panel in the right column, under the recent lists (the other games)."""
        self.side_panels.addSpacing(12)
        self.side_panels.addWidget(widget)

    def focus_search(self) -> None:
        """The keyboard in the army search, as the page says ("type its name and press Enter")."""
        self.picker.search.setFocus(Qt.FocusReason.OtherFocusReason)
        self.picker.search.selectAll()

    def set_armies(self, summaries: list[ArmySummary]) -> None:
        """Show another set of armies (after an import)."""
        self.picker.set_armies(summaries)
        self.no_armies.setVisible(not summaries)
        self._show_import_hint(summaries)

    def _show_import_hint(self, summaries: list[ArmySummary]) -> None:
        missing = bool(summaries) and not any(s.origin == "imported" for s in summaries)
        self.no_official.setVisible(missing)
        self.import_button.setVisible(missing)

    def set_recent_files(self, files: list[Path], game_of: Callable[[Path], str | None] | None = None) -> None:
        """The recent files, most recent first; `game_of` names the game of a file that is not
        Infinity's (the point-buy game's armies read 'swamp-host-600 — Point-buy wargame')."""
        self.recent.clear()
        for path in files:
            game = game_of(path) if game_of is not None else None
            item = QListWidgetItem(tr("{file} — {game}", file=path.stem, game=game) if game else path.stem)
            item.setToolTip(str(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.recent.addItem(item)
        self._placeholder()

    def _placeholder(self) -> None:
        if self.recent.count() == 0 or self.recent.item(0).data(Qt.ItemDataRole.UserRole) is None:
            self.recent.clear()
            item = QListWidgetItem(tr("No recent lists yet"))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent.addItem(item)

    def _on_recent_activated(self, item: QListWidgetItem) -> None:
        value = item.data(Qt.ItemDataRole.UserRole)
        if value:
            self.recent_chosen.emit(Path(str(value)))
