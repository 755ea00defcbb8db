"""The model designer: every choice of a design, its cost with the breakdown on every change, its
conditional specials and stat line, and each broken limit explained under the control it concerns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui import icons
from armybuilder.gui.fonts import set_font
from armybuilder.gui.language import Retranslating
from armybuilder.i18n import N_, tr
from armybuilder.pointbuy.catalog import (
    BRAIN_POWERS,
    CHOSEN_SPECIALS,
    CONDITIONAL_SPECIALS,
    MORALE_GRADES,
    RACES,
    Attribute,
    local_name,
    local_summary,
)
from armybuilder.pointbuy.design import SANITY, SHAPES, Base, Design
from armybuilder.pointbuy.engine import Priced, price
from armybuilder.pointbuy.gui.document import ArmyDocument
from armybuilder.pointbuy.limits import Field
from armybuilder.pointbuy.printout import specials_text, stat_text
from armybuilder.pointbuy.tables import BANDS

FIELD_NAMES: dict[str, str] = {
    "name": N_("name"), "kind": N_("base model"), "race": N_("race"), "brain": N_("brain power"),
    "morale": N_("morale grade"), "hits": N_("hits"), "saves": N_("saves"), "free_save": N_("free save"),
    "attacks": N_("attack dice"), "speed": N_("speed"), "specials": N_("chosen specials"),
    "mega_jump": N_("doubled jump"), "heavy_armor": N_("Heavy Armor"), "base": N_("base"), "notes": N_("notes"),
}
"""What each edit changes, for the undo history ("Change hits of Frog Warrior")."""
PROBLEM_FIELDS: tuple[Field, ...] = ("kind", "race", "brain", "morale", "hits", "saves", "free_save", "attacks",
                                     "speed", "specials", "mega_jump", "heavy_armor", "base")


def set_color(label: QLabel, color: str) -> None:
    """The label's text colour, set only when it changes (a style sheet is dear to apply)."""
    sheet = f"color: {color}"
    if label.styleSheet() != sheet:
        label.setStyleSheet(sheet)


class DesignerPanel(Retranslating, QWidget):
    """Edits one design of the document's army; `design_id` says which (None: nothing to design)."""

    design_shown = Signal(str)

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("designer")
        self.document = document
        self.design_id: str | None = None
        self.priced: Priced | None = None
        self._labels: dict[str, QLabel] = {}
        self._problems: dict[str, QLabel] = {}
        self._updating = False
        self._build()
        self._connect_signals()
        self.retranslate()
        self.show_design(None)

    # ----- layout --------------------------------------------------------------------------------
    def _build(self) -> None:
        self.title = QLabel()
        self.title.setObjectName("designer_title")
        set_font(self.title, bold=True, scale=1.25)
        self.cost = QLabel()
        self.cost.setObjectName("design_cost")
        set_font(self.cost, bold=True, scale=1.5)
        self.breakdown = QLabel()
        self.breakdown.setObjectName("design_breakdown")
        self.breakdown.setWordWrap(True)
        self.breakdown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stats = QLabel()
        self.stats.setObjectName("design_stats")
        self.stats.setWordWrap(True)
        self.derived = QLabel()
        self.derived.setObjectName("design_conditionals")
        self.derived.setWordWrap(True)
        self.empty = QLabel()
        self.empty.setObjectName("designer_empty")
        self.empty.setWordWrap(True)

        self.name = QLineEdit()
        self.name.setObjectName("design_name")
        self.kind = self._combo("design_kind", [("mobile", N_("Mobile")), ("stationary", N_("Stationary"))])
        self.race = self._attribute_combo("design_race", RACES)
        self.brain = self._attribute_combo("design_brain", BRAIN_POWERS)
        self.morale = self._attribute_combo("design_morale", MORALE_GRADES)
        self.hits = self._spin("design_hits", 1, SANITY)
        self.saves = self._spin("design_saves", 0, SANITY)
        self.free_save = self._combo("design_free_save", [("save", N_("kept as a save")),
                                                          ("attack", N_("an attack die up to Medium"))])
        self.dice: dict[str, QSpinBox] = {band.id: self._spin(f"design_dice_{band.id}", 0, SANITY) for band in BANDS}
        self.speed = self._spin("design_speed", 0, SANITY * 2)
        self.speed.setSingleStep(2)
        self.speed.setSuffix('"')
        self.specials = QListWidget()
        self.specials.setObjectName("design_specials")
        for special in CHOSEN_SPECIALS.values():
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, special.id)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.specials.addItem(item)
        self.specials.setMinimumHeight(150)
        self.mega_jump = QCheckBox()
        self.mega_jump.setObjectName("design_mega_jump")
        self.heavy_armor = self._combo("design_heavy_armor", [("none", N_("not taken")),
                                                              ("save", N_("one more save")),
                                                              ("hit", N_("one more hit"))])
        self.shape = self._combo("design_base_shape", list(SHAPES.items()), context="pointbuy")
        self.base_width = self._inches("design_base_width")
        self.base_depth = self._inches("design_base_depth")
        self.notes = QLineEdit()
        self.notes.setObjectName("design_notes")

        form = QGridLayout()
        form.setColumnStretch(1, 1)
        rows: list[tuple[str, QWidget, str | None]] = [
            ("name", self.name, None), ("kind", self.kind, "kind"), ("race", self.race, "race"),
            ("brain", self.brain, "brain"), ("morale", self.morale, "morale"), ("hits", self.hits, "hits"),
            ("saves", self.saves, "saves"), ("free_save", self.free_save, "free_save"),
            ("attacks", self._dice_grid(), "attacks"), ("speed", self.speed, "speed"),
            ("specials", self.specials, "specials"), ("mega_jump", self.mega_jump, "mega_jump"),
            ("heavy_armor", self.heavy_armor, "heavy_armor"), ("base", self._base_row(), "base"),
            ("notes", self.notes, None)]
        row = 0
        for key, widget, problems in rows:
            label = QLabel()
            label.setObjectName(f"label_{key}")
            self._labels[key] = label
            form.addWidget(label, row, 0, Qt.AlignmentFlag.AlignTop)
            form.addWidget(widget, row, 1)
            row += 1
            if problems is not None:
                problem = QLabel()
                problem.setObjectName(f"problem_{problems}")
                problem.setWordWrap(True)
                problem.hide()
                self._problems[problems] = problem
                form.addWidget(problem, row, 1)
                row += 1

        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.addWidget(self.cost)
        body.addWidget(self.breakdown)
        body.addWidget(self.stats)
        body.addWidget(self.derived)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        body.addWidget(line)
        body.addLayout(form)
        body.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.empty)
        layout.addWidget(scroll, 1)

    def _dice_grid(self) -> QWidget:
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        self._band_labels: dict[str, QLabel] = {}
        for index, band in enumerate(BANDS):
            label = QLabel()
            self._band_labels[band.id] = label
            grid.addWidget(label, index // 2, (index % 2) * 2)
            grid.addWidget(self.dice[band.id], index // 2, (index % 2) * 2 + 1)
        return box

    def _base_row(self) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.shape, self.base_width, self.base_depth):
            row.addWidget(widget)
        return box

    def _combo(self, name: str, entries: list[tuple[str, str]], context: str | None = None) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        for key, text in entries:
            combo.addItem(text, key)
            combo.setItemData(combo.count() - 1, (text, context), Qt.ItemDataRole.UserRole + 1)
        return combo

    def _attribute_combo(self, name: str, table: dict[str, Any]) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        for attribute in table.values():
            combo.addItem(attribute.name, attribute.id)
        return combo

    @staticmethod
    def _spin(name: str, low: int, high: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setKeyboardTracking(False)
        return spin

    @staticmethod
    def _inches(name: str) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setObjectName(name)
        spin.setRange(0.25, 24)
        spin.setSingleStep(0.25)
        spin.setDecimals(2)
        spin.setSuffix('"')
        spin.setKeyboardTracking(False)
        return spin

    # ----- signals -------------------------------------------------------------------------------
    def _connect_signals(self) -> None:
        self.document.changed.connect(self._on_document_changed)
        self.name.editingFinished.connect(lambda: self._edit("name", self.name.text().strip() or None))
        self.notes.editingFinished.connect(lambda: self._edit("notes", self.notes.text()))
        for key, combo in (("kind", self.kind), ("race", self.race), ("brain", self.brain), ("morale", self.morale),
                           ("free_save", self.free_save), ("heavy_armor", self.heavy_armor)):
            combo.currentIndexChanged.connect(self._combo_edit(key, combo))
        self.hits.valueChanged.connect(lambda value: self._edit("hits", value))
        self.saves.valueChanged.connect(lambda value: self._edit("saves", value))
        self.speed.valueChanged.connect(lambda value: self._edit("speed", value))
        for band, spin in self.dice.items():
            spin.valueChanged.connect(self._dice_edit(band))
        self.specials.itemChanged.connect(self._on_special_toggled)
        self.mega_jump.toggled.connect(lambda on: self._edit("mega_jump", on))
        self.shape.currentIndexChanged.connect(self._on_base_edited)
        self.base_width.valueChanged.connect(self._on_base_edited)
        self.base_depth.valueChanged.connect(self._on_base_edited)

    def _combo_edit(self, key: str, combo: QComboBox) -> Callable[[int], None]:
        return lambda _index: self._edit(key, combo.currentData())

    def _dice_edit(self, band: str) -> Callable[[int], None]:
        def edit(value: int) -> None:
            design = self.design
            if design is not None:
                self._edit("attacks", design.attacks.with_band(band, value), f"attacks.{band}")
        return edit

    def _on_special_toggled(self, _item: QListWidgetItem) -> None:
        chosen = tuple(str(self.specials.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.specials.count())
                       if self.specials.item(i).checkState() == Qt.CheckState.Checked)
        design = self.design
        if design is not None:  # keep the order the player chose them in
            ordered = tuple(s for s in design.specials if s in chosen) + tuple(s for s in chosen
                                                                                if s not in design.specials)
            self._edit("specials", ordered)

    def _on_base_edited(self, *_: object) -> None:
        shape = str(self.shape.currentData())
        self.base_depth.setEnabled(shape == "square")
        width, depth = self.base_width.value(), self.base_depth.value()
        self._edit("base", Base.model_validate({"shape": shape, "width": width,
                                                "depth": depth if shape == "square" and depth != width else None}))

    @property
    def design(self) -> Design | None:
        return self.document.army.design(self.design_id) if self.design_id else None

    def _edit(self, key: str, value: Any, merge: str | None = None) -> None:
        design = self.design
        if self._updating or design is None or value is None:
            return
        if getattr(design, key) == value:
            return
        try:
            changed = design.edited(**{key: value})
        except ValueError:
            self._show_values(design)  # a value no design can have: put the control back
            return
        name = design.name
        if key == "name":  # the id follows the name (unique), and so do the models of the design
            after, new_id = self.document.army.with_design_renamed(design.id, changed.name)
            self.document.edit(after, lambda: tr("Rename {design} to {name}", design=name, name=changed.name),
                               renamed={design.id: new_id})  # the panels follow it (and back on undo)
            return
        self.document.edit(self.document.army.with_design(changed),
                           lambda: tr("Change {what} of {design}", what=tr(FIELD_NAMES[key]), design=name),
                           key=f"{design.id}:{merge or key}")

    # ----- showing -------------------------------------------------------------------------------
    def show_design(self, design_id: str | None) -> None:
        """Design `design_id` (None: show how to start)."""
        self.design_id = design_id if design_id and self.document.army.design(design_id) else None
        self._refresh()
        if self.design_id:
            self.design_shown.emit(self.design_id)

    def _on_document_changed(self) -> None:
        self.design_id = self.document.followed(self.design_id)  # renamed, or a rename undone or redone
        if self.design_id and self.document.army.design(self.design_id) is None:
            self.design_id = None
        self._refresh()

    def _refresh(self) -> None:
        design = self.design
        self.body.setVisible(design is not None)
        self.empty.setVisible(design is None)
        if design is None:
            self.priced = None
            self.title.setText(tr("Model designer"))
            return
        self.priced = price(design)
        self.title.setText(tr("Model designer: {design}", design=design.name))
        self._show_values(design)
        self._show_outputs(self.priced)

    def _show_values(self, design: Design) -> None:
        self._updating = True
        try:
            if not self.name.hasFocus():
                self.name.setText(design.name)
            if not self.notes.hasFocus():
                self.notes.setText(design.notes)
            for combo, value in ((self.kind, design.kind), (self.race, design.race), (self.brain, design.brain),
                                 (self.morale, design.morale), (self.free_save, design.free_save),
                                 (self.heavy_armor, design.heavy_armor), (self.shape, design.base.shape)):
                combo.setCurrentIndex(max(0, combo.findData(value)))
            self.hits.setValue(design.hits)
            self.saves.setValue(design.saves)
            for band, spin in self.dice.items():
                spin.setValue(design.attacks.count(band))
            self.speed.setValue(design.ground_speed)
            self.speed.setEnabled(design.mobile)
            for index in range(self.specials.count()):
                item = self.specials.item(index)
                special = str(item.data(Qt.ItemDataRole.UserRole))
                item.setCheckState(Qt.CheckState.Checked if special in design.specials else Qt.CheckState.Unchecked)
            self.mega_jump.setChecked(design.mega_jump)
            self.base_width.setValue(design.base.width)
            self.base_depth.setValue(design.base.depth or design.base.width)
            self.base_depth.setEnabled(design.base.shape == "square")
        finally:
            self._updating = False

    def _show_outputs(self, priced: Priced) -> None:
        self.cost.setText(tr("{cost} points", cost=priced.cost.total))
        self.breakdown.setText(priced.cost.breakdown())
        self.stats.setText(stat_text(priced) + "\n" + tr("Specials: {specials}", specials=specials_text(priced)))
        names = [self._conditional_text(priced, special) for special in priced.stats.conditionals]
        self.derived.setText(tr("Conditional specials: {specials}", specials=", ".join(names) or "—"))
        self.derived.setToolTip("\n".join(f"{local_name(CONDITIONAL_SPECIALS[s])}: "
                                          f"{local_summary(CONDITIONAL_SPECIALS[s])}"
                                          for s in priced.stats.conditionals))
        by_field: dict[str, list[str]] = {}
        for problem in priced.problems:
            mark = "✖" if problem.is_error else "!"
            by_field.setdefault(problem.field, []).append(f"{mark} {problem.message}")
        for field_name, label in self._problems.items():
            lines = by_field.get(field_name, [])
            text = "\n".join(lines)
            if text != label.text():
                label.setText(text)
            if lines:
                color = icons.ERROR_COLOR if any(line.startswith("✖") for line in lines) else icons.WARNING_COLOR
                set_color(label, color.name())
            if label.isHidden() == bool(lines):
                label.setVisible(bool(lines))

    @staticmethod
    def _conditional_text(priced: Priced, special: str) -> str:
        name = local_name(CONDITIONAL_SPECIALS[special])
        if special == "heavy_armor":
            taken = {"save": tr("one more save"), "hit": tr("one more hit")}.get(priced.design.heavy_armor)
            return f"{name} ({taken})" if taken else tr("{special} (may be taken)", special=name)
        if special == "light_troops" and priced.stats.light_troops_blocked:
            return tr("{special} (no extra move for an Arboreal)", special=name)
        return name

    def problem_text(self, field_name: str) -> str:
        """What the designer says under a field (tests and screenshots read it)."""
        label = self._problems.get(field_name)
        return label.text() if label is not None and not label.isHidden() else ""

    # ----- language ------------------------------------------------------------------------------
    def retranslate(self) -> None:
        texts = {"name": tr("Name"), "kind": tr("Base model"), "race": tr("Race"), "brain": tr("Brain power"),
                 "morale": tr("Morale"), "hits": tr("Absorbable hits"), "saves": tr("Saving dice"),
                 "free_save": tr("Free save"), "attacks": tr("Attack dice"), "speed": tr("Ground speed"),
                 "specials": tr("Chosen specials"), "mega_jump": tr("Jump"), "heavy_armor": tr("Heavy Armor"),
                 "base": tr("Base"), "notes": tr("Notes")}
        for key, label in self._labels.items():
            label.setText(texts[key])
        for combo in (self.kind, self.free_save, self.heavy_armor, self.shape):
            for index in range(combo.count()):
                text, context = combo.itemData(index, Qt.ItemDataRole.UserRole + 1)
                combo.setItemText(index, tr(text, context=context) if context else tr(text))
        for combo, table in ((self.race, RACES), (self.brain, BRAIN_POWERS), (self.morale, MORALE_GRADES)):
            for index in range(combo.count()):
                attribute: Attribute = table[str(combo.itemData(index))]
                combo.setItemText(index, local_name(attribute))
                combo.setItemData(index, local_summary(attribute), Qt.ItemDataRole.ToolTipRole)
        for band in BANDS:
            self._band_labels[band.id].setText(tr("{band} ({inches}\") · {cost} each", band=tr(
                band.name, context="pointbuy"), inches=band.inches, cost=band.cost))
        for index in range(self.specials.count()):
            item = self.specials.item(index)
            special = CHOSEN_SPECIALS[str(item.data(Qt.ItemDataRole.UserRole))]
            factor = "" if special.factor == 1 else f"  (×{'½' if special.factor < 1 else special.factor})"
            item.setText(local_name(special) + factor)
            item.setToolTip(local_summary(special))
        self.mega_jump.setText(tr("doubled jump distance (doubles the cost)"))
        self.base_width.setToolTip(tr("width (a round or hexagonal base: across)"))
        self.base_depth.setToolTip(tr("depth of a square base, when it differs (within ¼\")"))
        self.empty.setText(tr("Choose a design on the left, or make a new one, to design it here: its cost follows "
                              "every change."))
        self._refresh()
