"""Preferences: language, distance units, paper size, and the rules pack and game size of new lists.

OK or Apply store the values (armybuilder.gui.preferences) and emit `applied`; the window switches
language and units at once, without a restart.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.catalog import Catalog
from armybuilder.domain.packs import SeasonPack
from armybuilder.gui import icons
from armybuilder.gui.labels import pack_name, tier_label
from armybuilder.gui.preferences import PAPERS, ListDefaults, Paper, Preferences
from armybuilder.i18n import LANGUAGES, language, tr

USUAL = ""
FREE_POINTS = "__points__"


@dataclass(frozen=True)
class PreferenceValues:
    """What the dialog shows and stores."""

    language: str
    distances_cm: bool
    paper: Paper
    defaults: ListDefaults


class PreferencesDialog(QDialog):
    """Language and units, print-outs, new lists; OK / Apply store and apply them."""

    applied = Signal(object)
    """The PreferenceValues just stored."""

    def __init__(self, preferences: Preferences, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferences_dialog")
        self.preferences = preferences
        self.catalog = catalog
        self._build()
        self._connect_signals()
        self.retranslate()
        self.show_values(self.stored_values())

    def _build(self) -> None:
        self.language = QComboBox()
        self.language.setObjectName("language")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.distances = QComboBox()
        self.distances.setObjectName("distances")
        self.distances.addItems(["", ""])
        self.paper = QComboBox()
        self.paper.setObjectName("paper")
        self.paper.addItems(["" for _ in PAPERS])
        self.pack = QComboBox()
        self.pack.setObjectName("default_pack")
        self.pack.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.game_size = QComboBox()
        self.game_size.setObjectName("default_size")
        self.game_size.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.points = QSpinBox()
        self.points.setObjectName("default_points")
        self.points.setRange(50, 1000)
        self.points.setSingleStep(50)
        self.points.setValue(300)
        self.language_note = QLabel()
        self.list_note = QLabel()
        for note in (self.language_note, self.list_note):
            note.setWordWrap(True)
            note.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")

        self.general_box = QGroupBox()
        general = QFormLayout(self.general_box)
        self.language_label = QLabel()
        self.distances_label = QLabel()
        general.addRow(self.language_label, self.language)
        general.addRow(self.distances_label, self.distances)
        general.addRow(self.language_note)
        self.print_box = QGroupBox()
        printing = QFormLayout(self.print_box)
        self.paper_label = QLabel()
        printing.addRow(self.paper_label, self.paper)
        self.lists_box = QGroupBox()
        lists = QFormLayout(self.lists_box)
        self.pack_label = QLabel()
        self.game_size_label = QLabel()
        size_row = QHBoxLayout()
        size_row.addWidget(self.game_size)
        size_row.addWidget(self.points)
        size_row.addStretch(1)
        lists.addRow(self.pack_label, self.pack)
        lists.addRow(self.game_size_label, size_row)
        lists.addRow(self.list_note)
        for label, buddy in ((self.language_label, self.language), (self.distances_label, self.distances),
                             (self.paper_label, self.paper), (self.pack_label, self.pack),
                             (self.game_size_label, self.game_size)):
            label.setBuddy(buddy)
        bold = QFont(self.general_box.font())
        bold.setBold(True)
        plain = QFont(self.general_box.font())
        plain.setBold(False)  # set explicitly, so the contents do not inherit the title's bold
        for box in (self.general_box, self.print_box, self.lists_box):
            box.setFont(bold)
            for child in box.findChildren(QWidget):
                child.setFont(plain)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.Apply)
        layout = QVBoxLayout(self)
        layout.addWidget(self.general_box)
        layout.addWidget(self.print_box)
        layout.addWidget(self.lists_box)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(560)

    def _connect_signals(self) -> None:
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        apply = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        apply.clicked.connect(self.apply)
        self.pack.currentIndexChanged.connect(self._on_pack_changed)
        self.game_size.currentIndexChanged.connect(self._on_size_changed)

    def retranslate(self) -> None:
        values = self.values() if self.pack.count() else None
        self.setWindowTitle(tr("Preferences"))
        self.general_box.setTitle(tr("Language and units"))
        self.print_box.setTitle(tr("Print-outs"))
        self.lists_box.setTitle(tr("New lists"))
        self.language_label.setText(tr("&Language:"))
        self.distances_label.setText(tr("&Distances:"))
        self.distances.setItemText(0, tr("Inches (as in the rules)"))
        self.distances.setItemText(1, tr("Centimetres"))
        self.language_note.setText(tr("Applies at once to menus, profiles, messages and print-outs."))
        self.paper_label.setText(tr("&Paper:"))
        self.paper.setItemText(0, tr("A4"))
        self.paper.setItemText(1, tr("US Letter"))
        self.pack_label.setText(tr("&Rules:"))
        self.game_size_label.setText(tr("&Game size:"))
        self.points.setSuffix(tr(" pts"))
        self.list_note.setText(tr("Lists started from the army picker use these rules; each list's own rules can "
                                  "still be changed above its troopers."))
        labels = (self.language_label, self.distances_label, self.paper_label, self.pack_label, self.game_size_label)
        width = max(label.sizeHint().width() for label in labels)
        for label in labels:  # one column of labels across the three groups
            label.setMinimumWidth(width)
        self.pack.blockSignals(True)
        self.pack.clear()
        self.pack.addItem(tr("The army's usual rules"), USUAL)
        for pack_id, known in sorted(self.catalog.packs.items(), key=lambda item: (item[1].kind, item[0])):
            self.pack.addItem(pack_name(known), pack_id)
        self.pack.blockSignals(False)
        if values is not None:
            self.show_values(values)
        else:
            self._fill_sizes()

    # ----- values ------------------------------------------------------------------------------------
    def stored_values(self) -> PreferenceValues:
        p = self.preferences
        return PreferenceValues(p.language() or language(), p.distances_in_cm(), p.paper(), p.list_defaults())

    def show_values(self, values: PreferenceValues) -> None:
        self.language.setCurrentIndex(max(0, self.language.findData(values.language)))
        self.distances.setCurrentIndex(1 if values.distances_cm else 0)
        self.paper.setCurrentIndex(PAPERS.index(values.paper))
        defaults = values.defaults
        row = self.pack.findData(defaults.pack or USUAL)
        self.pack.setCurrentIndex(max(0, row))
        self._fill_sizes()
        self.points.setValue(defaults.points)
        if defaults.tier:
            self.game_size.setCurrentIndex(max(0, self.game_size.findData(defaults.tier)))
        else:
            self.game_size.setCurrentIndex(max(0, self.game_size.findData(FREE_POINTS)))
        self._on_size_changed()

    def values(self) -> PreferenceValues:
        pack = str(self.pack.currentData() or "") or None
        size = self.game_size.currentData()
        tier = str(size) if size and size != FREE_POINTS else None
        paper = PAPERS[max(0, self.paper.currentIndex())]
        return PreferenceValues(str(self.language.currentData()), self.distances.currentIndex() == 1, paper,
                                ListDefaults(pack, tier if pack else None, self.points.value()))

    def _fill_sizes(self) -> None:
        pack_id = self.pack.currentData()
        pack = self.catalog.packs.get(str(pack_id)) if pack_id else None
        kept = self.game_size.currentData()
        self.game_size.blockSignals(True)
        self.game_size.clear()
        if pack is None:
            self.game_size.addItem(tr("The army's usual game size"), USUAL)
        else:
            for tier in pack.tiers if isinstance(pack, SeasonPack) else ():
                self.game_size.addItem(tier_label(tier), tier.id)
            self.game_size.addItem(tr("Free points"), FREE_POINTS)
        row = self.game_size.findData(kept)
        self.game_size.setCurrentIndex(row if row >= 0 else 0)
        self.game_size.blockSignals(False)
        self.game_size.setEnabled(pack is not None)
        self._on_size_changed()

    def _on_pack_changed(self, _: int) -> None:
        self._fill_sizes()

    def _on_size_changed(self, *_: object) -> None:
        self.points.setVisible(self.game_size.currentData() == FREE_POINTS)

    # ----- storing ------------------------------------------------------------------------------------
    def apply(self) -> None:
        values = self.values()
        p = self.preferences
        p.set_language(values.language)
        p.set_distances_in_cm(values.distances_cm)
        p.set_paper(values.paper)
        p.set_list_defaults(values.defaults)
        p.sync()
        self.applied.emit(values)

    def accept(self) -> None:
        self.apply()
        super().accept()
