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
    QGridLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.catalog import Catalog
from armybuilder.domain.limits import MAX_POINTS
from armybuilder.domain.packs import EditionPack, SeasonPack
from armybuilder.gui import icons
from armybuilder.gui.labels import pack_name, tier_label
from armybuilder.gui.language import Retranslating
from armybuilder.gui.preferences import PAPERS, Paper, Preferences
from armybuilder.i18n import LANGUAGES, language, tr, trn
from armybuilder.rules.list_settings import DEFAULT_POINTS, ListDefaults, packs_for_edition

USUAL = ""
FREE_POINTS = "__points__"


@dataclass(frozen=True)
class PreferenceValues:
    """What the dialog shows and stores; `defaults`: the rules of new lists per edition id."""

    language: str
    distances_cm: bool
    paper: Paper
    defaults: dict[str, ListDefaults]


class EditionRow:
    """The rules pack and game size of new lists of one edition's armies."""

    def __init__(self, edition: EditionPack, armies: int) -> None:
        self.edition = edition
        self.armies = armies
        self.label = QLabel()
        self.pack = QComboBox()
        self.pack.setObjectName(f"default_pack_{edition.id}")
        self.pack.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.game_size = QComboBox()
        self.game_size.setObjectName(f"default_size_{edition.id}")
        self.game_size.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.points = QSpinBox()
        self.points.setObjectName(f"default_points_{edition.id}")
        self.points.setRange(1, MAX_POINTS)
        self.points.setSingleStep(50)
        self.points.setValue(DEFAULT_POINTS)
        self.label.setBuddy(self.pack)


class PreferencesDialog(Retranslating, QDialog):
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
        editions = sorted((p for p in self.catalog.packs.values() if isinstance(p, EditionPack)), key=lambda p: p.id)
        counts = {e.id: sum(1 for a in self.catalog.armies() if a.edition == e.id and a.kind != "reinforcements")
                  for e in editions}
        self.rows = {e.id: EditionRow(e, counts[e.id]) for e in editions}
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
        lists_layout = QVBoxLayout(self.lists_box)
        lists = QGridLayout()
        lists_layout.addLayout(lists)
        lists_layout.addWidget(self.list_note)
        self.edition_label = QLabel()
        self.pack_label = QLabel()
        self.game_size_label = QLabel()
        lists.addWidget(self.edition_label, 0, 0)
        lists.addWidget(self.pack_label, 0, 1)
        lists.addWidget(self.game_size_label, 0, 2, 1, 2)
        for number, row in enumerate(self.rows.values(), start=1):
            lists.addWidget(row.label, number, 0)
            lists.addWidget(row.pack, number, 1)
            lists.addWidget(row.game_size, number, 2)
            lists.addWidget(row.points, number, 3)
        lists.setColumnStretch(4, 1)
        for label, buddy in ((self.language_label, self.language), (self.distances_label, self.distances),
                             (self.paper_label, self.paper)):
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
        self.setMinimumWidth(760)

    def _connect_signals(self) -> None:
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        apply = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        apply.clicked.connect(self.apply)
        for row in self.rows.values():
            row.pack.currentIndexChanged.connect(lambda _=0, row=row: self._fill_sizes(row))
            row.game_size.currentIndexChanged.connect(lambda _=0, row=row: self._on_size_changed(row))

    def retranslate(self) -> None:
        values = self.values() if self.rows and next(iter(self.rows.values())).pack.count() else None
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
        self.edition_label.setText(tr("Armies", context="preferences column"))
        self.pack_label.setText(tr("Rules", context="preferences column"))
        self.game_size_label.setText(tr("Game size", context="preferences column"))
        self.list_note.setText(tr("A list started from the army picker gets the rules chosen for its army's edition; "
                                  "each list's own rules can still be changed above its troopers. Each edition is "
                                  "offered its own packs: a list file naming another edition's pack keeps it, with "
                                  "a warning in its problems."))
        for row in self.rows.values():
            armies = trn("{n} army", "{n} armies", row.armies) if row.armies else tr("no armies yet")
            name = pack_name(row.edition)
            shown = f"{name[:-1]}&{name[-1]}" if name else ""  # "Infinity N&5": Alt+5 goes to its row
            row.label.setText(tr("{edition} ({armies})", edition=shown, armies=armies))
            row.points.setSuffix(tr(" pts"))
            row.pack.blockSignals(True)
            row.pack.clear()
            row.pack.addItem(tr("The army's usual rules"), USUAL)
            for known in packs_for_edition(self.catalog, row.edition.id):  # this edition's packs only
                row.pack.addItem(pack_name(known), known.id)
            row.pack.blockSignals(False)
        labels = (self.language_label, self.distances_label, self.paper_label)
        width = max(label.sizeHint().width() for label in labels)
        for label in labels:  # one column of labels across the first groups
            label.setMinimumWidth(width)
        if values is not None:
            self.show_values(values)
        else:
            for row in self.rows.values():
                self._fill_sizes(row)
        self.adjustSize()

    # ----- values ------------------------------------------------------------------------------------
    def stored_values(self) -> PreferenceValues:
        p = self.preferences
        defaults = {edition: p.list_defaults(edition) for edition in self.rows}
        return PreferenceValues(p.language() or language(), p.distances_in_cm(), p.paper(), defaults)

    def show_values(self, values: PreferenceValues) -> None:
        self.language.setCurrentIndex(max(0, self.language.findData(values.language)))
        self.distances.setCurrentIndex(1 if values.distances_cm else 0)
        self.paper.setCurrentIndex(PAPERS.index(values.paper))
        for edition, row in self.rows.items():
            defaults = values.defaults.get(edition, ListDefaults())
            if defaults.edition is None and defaults.pack and not self._for_edition(defaults.pack, edition):
                defaults = ListDefaults()  # the old single setting: only for its own edition's armies
            row.pack.setCurrentIndex(max(0, row.pack.findData(defaults.pack or USUAL)))
            self._fill_sizes(row)
            row.points.setValue(defaults.points)
            wanted = defaults.tier if defaults.tier else FREE_POINTS
            row.game_size.setCurrentIndex(max(0, row.game_size.findData(wanted)))
            self._on_size_changed(row)

    def _for_edition(self, pack_id: str, edition: str) -> bool:
        pack = self.catalog.packs.get(pack_id)
        if pack is None:
            return False
        return (pack.edition if isinstance(pack, SeasonPack) else pack.id) == edition

    def values(self) -> PreferenceValues:
        paper = PAPERS[max(0, self.paper.currentIndex())]
        defaults = {}
        for edition, row in self.rows.items():
            pack = str(row.pack.currentData() or "") or None
            size = row.game_size.currentData()
            tier = str(size) if size and size != FREE_POINTS else None
            defaults[edition] = ListDefaults(pack, tier if pack else None, row.points.value(), edition)
        return PreferenceValues(str(self.language.currentData()), self.distances.currentIndex() == 1, paper,
                                defaults)

    def _fill_sizes(self, row: EditionRow) -> None:
        pack_id = row.pack.currentData()
        pack = self.catalog.packs.get(str(pack_id)) if pack_id else None
        kept = row.game_size.currentData()
        row.game_size.blockSignals(True)
        row.game_size.clear()
        if pack is None:
            row.game_size.addItem(tr("The army's usual game size"), USUAL)
        else:
            for tier in pack.tiers if isinstance(pack, SeasonPack) else ():
                row.game_size.addItem(tier_label(tier), tier.id)
            row.game_size.addItem(tr("Free points"), FREE_POINTS)
        found = row.game_size.findData(kept)
        row.game_size.setCurrentIndex(found if found >= 0 else 0)
        row.game_size.blockSignals(False)
        row.game_size.setEnabled(pack is not None)
        self._on_size_changed(row)

    def _on_size_changed(self, row: EditionRow) -> None:
        row.points.setVisible(row.game_size.currentData() == FREE_POINTS)

    # ----- storing ------------------------------------------------------------------------------------
    def apply(self) -> None:
        values = self.values()
        p = self.preferences
        p.set_language(values.language)
        p.set_distances_in_cm(values.distances_cm)
        p.set_paper(values.paper)
        for edition, defaults in values.defaults.items():
            p.set_list_defaults(edition, defaults)
        p.sync()
        self.applied.emit(values)

    def accept(self) -> None:
        self.apply()
        super().accept()
