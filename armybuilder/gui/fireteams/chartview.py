"""The army's fireteam chart as a readable table: per-type limits, the edition's sizes and level
bonuses, then each team with its types, note and lines (unit, min, max, required, counts as, FTO)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from armybuilder.domain.packs import EditionPack
from armybuilder.domain.profiles import Army
from armybuilder.domain.values import FireteamType
from armybuilder.gui import icons
from armybuilder.gui.fireteams.models import ChartColumn, ChartModel, limits_text
from armybuilder.gui.language import Retranslating
from armybuilder.gui.widgets.wrapping import WrappingDelegate, WrappingTreeView
from armybuilder.i18n import tr
from armybuilder.rules.fireteams.assess import bonus_text, type_name
from armybuilder.rules.fireteams.chart_text import read_chart_text, size_override


def sizes_text(edition: EditionPack, army: Army | None = None) -> str:
    """'Core: 3–5 members · Haris: 3 members · Duo: 2 members': the edition's, with the army chart's own
    text applied (Steel Phalanx: Core 3–4); a team may differ."""
    parts = []
    text = read_chart_text(army.fireteam_chart.description) if army is not None else None
    for team_type in FireteamType:
        size = edition.fireteam_sizes.get(team_type)
        if size is None:
            continue
        low, high = size_override(text, team_type, size.min, size.max) if text else (size.min, size.max)
        count = str(low) if low == high else f"{low}–{high}"
        parts.append(tr("{type}: {count} members", type=type_name(team_type), count=count))
    return " · ".join(parts)


class ChartTable(Retranslating, QWidget):
    """One army's chart: a header of facts over the table of teams and their lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.facts = QLabel()
        self.facts.setObjectName("chart_facts")
        self.facts.setWordWrap(True)
        self.facts.setTextFormat(Qt.TextFormat.RichText)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.model = ChartModel(self)
        self.view = WrappingTreeView()
        self.view.setObjectName("chart_table")
        self.view.setItemDelegate(WrappingDelegate(self.view, (ChartColumn.NAME, ChartColumn.TYPES,
                                                               ChartColumn.COUNTS_AS, ChartColumn.NOTES)))
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.view.header()
        header.setStretchLastSection(True)
        widths = {ChartColumn.NAME: 300, ChartColumn.TYPES: 130, ChartColumn.MIN: 44, ChartColumn.MAX: 44,
                  ChartColumn.REQUIRED: 70, ChartColumn.COUNTS_AS: 170, ChartColumn.FTO: 50}
        for column, width in widths.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.facts)
        layout.addWidget(self.view, 1)

    def show_chart(self, army: Army, edition: EditionPack) -> None:
        chart = army.fireteam_chart
        self.model.set_chart(army)
        self.view.expandAll()
        rows = [(tr("Fireteams at once"), limits_text(chart)), (tr("Team sizes"), sizes_text(edition, army))]
        bonuses = " · ".join(tr("Level {level}: {bonus}", level=b.level, bonus=bonus_text(b))
                             for b in sorted(edition.fireteam_bonuses, key=lambda b: b.level))
        if bonuses:
            rows.append((tr("Level bonuses"), bonuses))
        if chart.description.strip():
            rows.append((tr("About this chart"), chart.description.strip()))
        if not chart.teams:
            rows.append((tr("Teams"), tr("This army's chart lists no teams.")))
        cells = "".join(f"<tr><td style='padding-right:10px'><b>{html.escape(k)}</b></td>"
                        f"<td>{html.escape(v)}</td></tr>" for k, v in rows)
        legend = html.escape(tr("✱ Required: a team needs a member from one of these lines. Counts as: the line's "
                                "bracket terms — its members count as those units for the level. FTO: only options "
                                "with that mark may join. Wildcards may join any team whose note does not say "
                                "“No Wildcards”."))
        self.facts.setText(f"<table>{cells}</table><p style='color:{icons.INFO_COLOR.name()}'>{legend}</p>")

    def retranslate(self) -> None:
        self.model.retranslate()


class ChartDialog(Retranslating, QDialog):
    """The fireteam chart of the list's army (and of its Reinforcements army, on a second tab)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chart_dialog")
        self.tabs = QTabWidget()
        self.tabs.setObjectName("chart_tabs")
        self.tabs.setDocumentMode(True)
        self.tables: list[ChartTable] = []
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.buttons)
        self.resize(1100, 720)
        self._armies: list[Army] = []
        self._edition: EditionPack | None = None
        self.retranslate()

    def show_charts(self, armies: list[Army], edition: EditionPack) -> None:
        """Show these armies' charts (the list's army first), under the rules of `edition`."""
        self._armies, self._edition = armies, edition
        while len(self.tables) < len(armies):
            table = ChartTable()
            self.tables.append(table)
            self.tabs.addTab(table, "")
        while len(self.tables) > len(armies):
            self.tabs.removeTab(len(self.tables) - 1)
            self.tables.pop().deleteLater()
        for index, (army, table) in enumerate(zip(armies, self.tables, strict=True)):
            table.show_chart(army, edition)
            label = army.name if index == 0 else tr("Reinforcements: {army}", army=army.name)
            self.tabs.setTabText(index, label)
        self.tabs.tabBar().setVisible(len(armies) > 1)
        self.setWindowTitle(tr("Fireteam chart — {army}", army=armies[0].name) if armies else tr("Fireteam chart"))

    def retranslate(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(tr("Close"))
        if self._armies and self._edition is not None:
            self.show_charts(self._armies, self._edition)
