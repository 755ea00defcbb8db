"""The profile card of the unit chosen in the browser: stat lines, characteristics, skills and
equipment, and the table of its options (which can be added to the list from here too)."""

from __future__ import annotations

import html

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from armybuilder.domain.profiles import Unit
from armybuilder.gui import icons
from armybuilder.gui.labels import category_name, type_name
from armybuilder.gui.models.profile import OptionColumn, OptionRole, OptionTableModel, ProfileStatsModel
from armybuilder.gui.models.units import OptionEntry, UnitEntry
from armybuilder.i18n import tr


class ProfileCard(QWidget):
    """Everything about one unit, as on its printed profile."""

    option_activated = Signal(int, int, int, bool)
    """(unit, group, option, from the Reinforcements army) to add."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entry: UnitEntry | None = None
        self.title = QLabel()
        self.title.setObjectName("card_title")
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        self.stats_model = ProfileStatsModel(self)
        self.stats = QTableView()
        self.stats.setObjectName("stats")
        self.stats.setModel(self.stats_model)
        self.stats.verticalHeader().hide()
        self.stats.verticalHeader().setDefaultSectionSize(self.stats.fontMetrics().height() + 8)
        self.stats.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.stats.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.stats.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.stats.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stats.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.stats.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.details = QLabel()
        self.details.setObjectName("details")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.options_title = QLabel()
        bold = QFont(self.options_title.font())
        bold.setBold(True)
        self.options_title.setFont(bold)
        self.options_model = OptionTableModel(self)
        self.options = QTableView()
        self.options.setObjectName("options")
        self.options.setModel(self.options_model)
        self.options.verticalHeader().hide()
        self.options.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.options.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.options.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.options.setWordWrap(True)
        self.options.setDragEnabled(True)
        self.options.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.options.setAlternatingRowColors(True)
        header = self.options.horizontalHeader()
        header.setSectionResizeMode(OptionColumn.NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(OptionColumn.WEAPONS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(OptionColumn.GEAR, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(OptionColumn.SWC, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(OptionColumn.POINTS, QHeaderView.ResizeMode.ResizeToContents)
        self.options.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel()
        self.empty.setObjectName("card_empty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.stats)
        layout.addWidget(self.details)
        layout.addWidget(self.options_title)
        layout.addWidget(self.options, 1)
        self._cm = False
        self._connect_signals()
        self.retranslate()
        self.show_unit(None)

    def _connect_signals(self) -> None:
        self.options.activated.connect(self._on_option_activated)

    def retranslate(self) -> None:
        self.options_model.retranslate()
        self.stats_model.retranslate()
        self.empty.setText(tr("Choose a unit on the left to see its profile and options."))
        self.options_title.setText(tr("Options — double-click, press Enter or drag one into the list"))
        self.show_unit(self._entry)

    def set_distances_in_cm(self, cm: bool) -> None:
        self._cm = cm
        self.stats_model.set_distances_in_cm(cm)
        self.stats_model.retranslate()

    @property
    def unit(self) -> Unit | None:
        return self._entry.unit if self._entry else None

    def show_unit(self, entry: UnitEntry | None, option: OptionEntry | None = None) -> None:
        """Show a unit (and highlight one of its options)."""
        changed = entry is not self._entry
        self._entry = entry
        for widget in (self.title, self.subtitle, self.stats, self.details, self.options_title, self.options):
            widget.setVisible(entry is not None)
        self.empty.setVisible(entry is None)
        if changed or entry is None:
            self.stats_model.set_unit(entry.unit if entry else None)
            self.options_model.set_unit(entry)
            self.options.setColumnHidden(OptionColumn.NAME, not self.options_model.names_matter)
        if entry is None:
            self.title.clear()
            return
        unit = entry.unit
        self.title.setText(unit.name)
        facts = []
        if entry.type is not None:
            facts.append(f"{type_name(entry.type)} ({entry.type.value})")
        if entry.category is not None:
            facts.append(category_name(entry.category))
        if unit.isc and unit.isc.casefold() != unit.name.casefold():
            facts.append(tr("ISC: {isc}", isc=unit.isc))
        if unit.mercenary:
            facts.append(tr("Mercenary (Soldiers of Fortune)"))
        self.subtitle.setText(" · ".join(facts))
        self._fit_stats()
        self.details.setText(self._details_html(unit))
        if option is not None:
            for row in range(self.options_model.rowCount()):
                key = self.options_model.index(row, 0).data(OptionRole.OPTION_KEY)
                if key == (unit.id, *option.key):
                    self.options.selectRow(row)
                    self.options.scrollTo(self.options_model.index(row, 0))
                    break

    def _fit_stats(self) -> None:
        rows = self.stats_model.rowCount()
        height = self.stats.horizontalHeader().sizeHint().height() + 2 * self.stats.frameWidth()
        height += sum(self.stats.verticalHeader().sectionSize(r) for r in range(rows))
        self.stats.setFixedHeight(height + 2)

    def _details_html(self, unit: Unit) -> str:
        """Characteristics, skills, equipment and weapons of each profile; a peripheral's loadout
        comes from its (not selectable) option, since it is fielded only with its controller."""
        blocks = []
        rows_of = [(g, p) for g in unit.profile_groups for p in g.profiles]
        many = len(rows_of) > 1
        for group, profile in rows_of:
            weapons = [i.label for i in profile.weapons]
            gear = [i.label for i in profile.equipment]
            if group.is_peripheral:
                for option in group.options:
                    weapons.extend(i.label for i in option.weapons if i.label not in weapons)
                    gear.extend(i.label for i in option.equipment if i.label not in gear)
            rows = [
                (tr("Characteristics"), list(profile.characteristics)),
                (tr("Skills"), [i.label for i in profile.skills]),
                (tr("Equipment"), gear),
                (tr("Weapons"), weapons),
                (tr("Peripherals"), [i.label for i in profile.peripherals]),
            ]
            lines = [f"<b>{html.escape(label)}:</b> {html.escape(', '.join(values))}" for label, values in rows
                     if values]
            if profile.notes:
                lines.append(f"<span style='color:{icons.INFO_COLOR.name()}; font-size:small'>"
                             f"{html.escape(tr('Data note:'))} {html.escape(profile.notes)}</span>")
            if lines:
                head = f"<u>{html.escape(profile.name)}</u><br>" if many else ""
                blocks.append(head + "<br>".join(lines))
        return "<br><br>".join(blocks)

    def _on_option_activated(self, index: QModelIndex | QPersistentModelIndex) -> None:
        key = index.data(OptionRole.OPTION_KEY)
        if key is not None:
            self.option_activated.emit(*key, self.options_model.reinforcement)
