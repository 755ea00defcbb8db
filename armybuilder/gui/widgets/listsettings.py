"""The list's own settings above the editor: name, army, rules pack, game size and Extras."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QToolButton,
    QWidget,
)

from armybuilder.data.catalog import Catalog
from armybuilder.domain.limits import MAX_NAME, MAX_POINTS
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.packs import SeasonPack
from armybuilder.gui.fonts import set_font
from armybuilder.gui.labels import extra_name, offered_pack_name, source_label, tier_label
from armybuilder.gui.language import Retranslating
from armybuilder.i18n import language, tr
from armybuilder.rules.list_settings import game_size, offered_packs

FREE_POINTS = "__points__"


class ListSettingsBar(Retranslating, QWidget):
    """Shows the open list's settings and emits the user's changes (the window turns them into edits)."""

    rename_requested = Signal(str)
    pack_requested = Signal(str)
    size_requested = Signal(object, object)
    """(tier id or None, points or None)."""
    extra_toggled = Signal(str, bool)
    army_button_clicked = Signal()
    pack_picker_requested = Signal()

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self._list: ArmyList | None = None
        self._shown: tuple[object, ...] | None = None
        """The settings on show (see `show_list`)."""
        self._extras_for: str | None = None
        self._sizes_for: str | None = None
        self._packs_for: tuple[str | None, tuple[str, ...]] | None = None
        """(edition, pack ids) the Rules list offers: the packs of the list's edition (see `offered_packs`)."""
        self.name_label = QLabel()
        self.name = QLineEdit()
        self.name.setObjectName("list_name")
        self.name.setMaxLength(MAX_NAME)  # what a list file keeps (see domain/limits.py)
        self.name.setMinimumWidth(160)
        self.army_label = QLabel()
        self.army = QPushButton()
        self.army.setObjectName("army_button")
        set_font(self.army, bold=True)
        self.pack_label = QLabel()
        self.pack = QComboBox()
        self.pack.setObjectName("pack")
        self.pack.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.pack_details = QToolButton()
        self.pack_details.setObjectName("pack_details_button")
        self.pack_details.setText("…")
        self.size_label = QLabel()
        self.game_size = QComboBox()
        self.game_size.setObjectName("game_size")
        self.game_size.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.points = QSpinBox()
        self.points.setObjectName("points")
        self.points.setRange(1, MAX_POINTS)  # what a list file holds (domain/limits.py)
        self.points.setSingleStep(50)
        self.points.setKeyboardTracking(False)
        self.extras = QPushButton()
        self.extras.setObjectName("extras")
        self.extras_menu = QMenu(self.extras)
        self.extras.setMenu(self.extras_menu)
        for label, buddy in ((self.name_label, self.name), (self.army_label, self.army),
                             (self.pack_label, self.pack), (self.size_label, self.game_size)):
            label.setBuddy(buddy)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.name_label)
        layout.addWidget(self.name, 2)
        layout.addSpacing(10)
        layout.addWidget(self.army_label)
        layout.addWidget(self.army, 1)
        layout.addSpacing(10)
        layout.addWidget(self.pack_label)
        layout.addWidget(self.pack)
        layout.addWidget(self.pack_details)
        layout.addWidget(self.size_label)
        layout.addWidget(self.game_size)
        layout.addWidget(self.points)
        layout.addWidget(self.extras)
        self._connect_signals()
        self.retranslate()

    def _connect_signals(self) -> None:
        # every keystroke renames the list (the history merges them into one entry): the name being
        # typed is what Save, the autosave and the unsaved-changes question see
        self.name.textEdited.connect(self._on_name_edited)
        self.name.editingFinished.connect(self._on_name_edited)
        self.army.clicked.connect(self.army_button_clicked)
        self.pack_details.clicked.connect(self.pack_picker_requested)
        self.pack.activated.connect(self._on_pack_activated)
        self.game_size.activated.connect(self._on_size_activated)
        self.points.valueChanged.connect(self._on_points_changed)

    def retranslate(self) -> None:
        self.name_label.setText(tr("&List:"))
        self.name.setPlaceholderText(tr("Untitled list"))
        self.army_label.setText(tr("A&rmy:"))
        self.army.setToolTip(tr("Build this list with another army or sectorial"))
        self.pack_label.setText(tr("R&ules:"))
        self.pack.setToolTip(tr("The rules pack: an edition, or a tournament season with tiers and Extras"))
        self.pack_details.setToolTip(tr("Choose the rules pack, seeing each season's tiers and Extras"))
        self.size_label.setText(tr("&Size:"))
        self.game_size.setToolTip(tr("An ITS tier, or a free number of points"))
        self.points.setSuffix(tr(" pts"))
        self._extras_for = None  # rebuild the menus in the new language
        self._sizes_for = None
        self.pack.clear()
        self.points.setToolTip(tr("Game size in points (SWC: one per 50 points)"))
        self.refresh(self._list)

    # ----- showing the list -------------------------------------------------------------------
    def show_list(self, army_list: ArmyList | None) -> None:
        """`refresh`, unless the settings shown are already `army_list`'s (after an edit of its troopers)."""
        if self._shown is not None and _settings(army_list) == self._shown:
            self._list = army_list
            return
        self.refresh(army_list)

    def refresh(self, army_list: ArmyList | None) -> None:
        """Show `army_list`'s settings without emitting change requests."""
        self._list = army_list
        self._shown = _settings(army_list)
        widgets = (self.name, self.pack, self.game_size, self.points, self.extras)
        for widget in widgets:
            widget.blockSignals(True)
        try:
            self._fill(army_list)
        finally:
            for widget in widgets:
                widget.blockSignals(False)

    def _fill(self, army_list: ArmyList | None) -> None:
        self.setEnabled(army_list is not None)
        if army_list is None:
            return
        if not self.name.hasFocus() and self.name.text() != army_list.name:
            self.name.setText(army_list.name)
            self.name.setCursorPosition(0)  # a long name shows its beginning
        summary = self._catalog.summary(army_list.army)
        name = summary.name if summary else (army_list.army.name or str(army_list.army.id))
        self.army.setText(f"{name}  ▾")
        self.army.setToolTip(tr("{army}, {source}. Click to build this list with another army.", army=name,
                                source=source_label(summary)) if summary else name)

        edition = summary.edition if summary else None
        offered = offered_packs(self._catalog, edition, army_list.pack)
        ids = tuple(p.id for p in offered)
        if self._packs_for != (edition, ids) or self.pack.count() == 0:  # per edition and language
            self._packs_for = (edition, ids)
            self.pack.clear()
            for known in offered:
                self.pack.addItem(offered_pack_name(known, edition), known.id)
        if self.pack.findData(army_list.pack) < 0:
            self.pack.addItem(army_list.pack, army_list.pack)
        self.pack.setCurrentIndex(self.pack.findData(army_list.pack))

        pack = self._catalog.packs.get(army_list.pack)
        season = pack if isinstance(pack, SeasonPack) else None
        if self._sizes_for != army_list.pack:  # the tiers change only with the pack
            self._sizes_for = army_list.pack
            self.game_size.clear()
            for group, tiers in season.grouped_tiers() if season else ():
                if group is not None:  # the booklet's heading (400/350-Tier), not a size one can pick
                    self.game_size.addItem(group.display_name(language()))
                    heading = self.game_size.model().item(self.game_size.count() - 1)  # type: ignore[attr-defined]
                    heading.setEnabled(False)
                    font = heading.font()
                    font.setBold(True)
                    heading.setFont(font)
                for tier in tiers:
                    self.game_size.addItem(tier_label(tier), tier.id)
                    if tier.note:
                        self.game_size.setItemData(self.game_size.count() - 1, tier.display_note(language()),
                                                   Qt.ItemDataRole.ToolTipRole)
            self.game_size.addItem(tr("Free points"), FREE_POINTS)
        current = self.game_size.findData(army_list.tier) if army_list.tier else self.game_size.findData(FREE_POINTS)
        self.game_size.setCurrentIndex(max(current, 0))
        free = army_list.tier is None
        self.points.setVisible(free)
        self.points.setValue(game_size(army_list, self._catalog))  # a tier's size too: Free points keeps it

        self.extras.setVisible(season is not None and bool(season.extras))
        season_id = season.id if season else None
        if season_id != self._extras_for:
            # rebuilt only when the season changes: a toggled action must outlive its own signal
            self._extras_for = season_id
            self.extras_menu.clear()
            for extra in season.extras if season else ():
                action = QAction(extra_name(extra), self.extras_menu)
                action.setCheckable(True)
                action.setToolTip(extra.display_description(language()))
                action.setData(extra.id)
                action.toggled.connect(lambda on, extra_id=extra.id: self.extra_toggled.emit(extra_id, on))
                self.extras_menu.addAction(action)
        chosen = 0
        for action in self.extras_menu.actions():
            action.blockSignals(True)
            action.setChecked(action.data() in army_list.extras)
            action.blockSignals(False)
            chosen += action.data() in army_list.extras
        self.extras_menu.setToolTipsVisible(True)
        self.extras.setText(tr("Extras ({count})", count=chosen) if chosen else tr("Extras"))
        # a narrow window cuts the combos' texts ("ITS Season 17 — Se"): their tooltips say the choice whole
        self.pack.setToolTip(self.pack.currentText() + "\n" + tr(
            "The rules pack: an edition, or a tournament season with tiers and Extras"))
        self.game_size.setToolTip(self.game_size.currentText() + "\n" + tr("An ITS tier, or a free number of points"))

    # ----- user changes -----------------------------------------------------------------------
    def _on_name_edited(self, *_: object) -> None:
        if self._list is not None and self.name.text() != self._list.name:
            self.rename_requested.emit(self.name.text())

    def _on_pack_activated(self, row: int) -> None:
        pack_id = self.pack.itemData(row)
        if self._list is not None and pack_id and pack_id != self._list.pack:
            self.pack_requested.emit(str(pack_id))

    def _on_size_activated(self, row: int) -> None:
        value = self.game_size.itemData(row)
        if value == FREE_POINTS:
            self.size_requested.emit(None, self.points.value())
        elif value:
            self.size_requested.emit(str(value), None)

    def _on_points_changed(self, points: int) -> None:
        if self._list is not None and self._list.tier is None and points != self._list.points:
            self.size_requested.emit(None, points)

    def extra_action(self, extra_id: str) -> QAction | None:
        return next((a for a in self.extras_menu.actions() if a.data() == extra_id), None)


def _settings(army_list: ArmyList | None) -> tuple[object, ...]:
    """What the bar shows of a list."""
    if army_list is None:
        return ()
    return army_list.name, army_list.army, army_list.pack, army_list.tier, army_list.points, army_list.extras
