"""The army: its units (each with its type, models and points) and independent characters, the
controls that add, change and remove them, and the editor of the selected unit or models."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui import icons
from armybuilder.gui.fonts import bold_font
from armybuilder.gui.language import Retranslating
from armybuilder.i18n import N_, tr, trn
from armybuilder.pointbuy.army import MAX_COUNT, Models, Unit
from armybuilder.pointbuy.catalog import CHOSEN_SPECIALS, UNIT_TYPES, local_name
from armybuilder.pointbuy.gui.document import ArmyDocument
from armybuilder.pointbuy.organization import bonus_choices, unit_label

UID = Qt.ItemDataRole.UserRole
CHARACTERS = "characters"
COLUMNS = (N_("Unit / models"), N_("Type"), N_("Cost"), N_("Models"), N_("Points"))
"""The army tree's columns: a unit row fills Type, a model row Cost ("15 each"); both Models and Points."""
COUNTED_COLUMNS = (2, 3, 4)
"""Right-aligned: the costs and counts."""
"""The uid of the tree's independent characters row."""


class ArmyPanel(Retranslating, QWidget):
    """The army tree and its controls; `design_chosen` says which design a selected row is of."""

    design_chosen = Signal(str)

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("army_panel")
        self.document = document
        self.current_design: str | None = None
        """The design the Add buttons add (the designs list's selection)."""
        self._updating = False
        self.tree = QTreeWidget()
        self.tree.setObjectName("army_tree")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setRootIsDecorated(True)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.unit_type = QComboBox()
        self.unit_type.setObjectName("new_unit_type")
        for unit_type in UNIT_TYPES.values():
            self.unit_type.addItem(unit_type.name, unit_type.id)
        self.add_unit = QPushButton()
        self.add_unit.setObjectName("add_unit")
        self.add_count = QSpinBox()
        self.add_count.setObjectName("add_count")
        self.add_count.setRange(1, MAX_COUNT)
        self.add_models = QPushButton()
        self.add_models.setObjectName("add_models")
        self.add_character = QPushButton()
        self.add_character.setObjectName("add_character")
        self.remove = QPushButton()
        self.remove.setObjectName("remove_entry")
        # the selected row's editor
        self.editor_title = QLabel()
        self.edit_type = QComboBox()
        self.edit_type.setObjectName("edit_unit_type")
        for unit_type in UNIT_TYPES.values():
            self.edit_type.addItem(unit_type.name, unit_type.id)
        self.edit_name = QLineEdit()
        self.edit_name.setObjectName("edit_unit_name")
        self.edit_count = QSpinBox()
        self.edit_count.setObjectName("edit_count")
        self.edit_count.setRange(1, MAX_COUNT)
        self.edit_count.setKeyboardTracking(False)
        self.edit_bonus = QComboBox()
        self.edit_bonus.setObjectName("edit_bonus")
        self._labels = {key: QLabel() for key in ("type", "name", "count", "bonus", "new")}

        adding = QGridLayout()
        adding.addWidget(self._labels["new"], 0, 0)
        adding.addWidget(self.unit_type, 0, 1)
        adding.addWidget(self.add_unit, 0, 2)
        adding.addWidget(self.add_count, 1, 0)
        adding.addWidget(self.add_models, 1, 1)
        adding.addWidget(self.add_character, 1, 2)
        editor = QGridLayout()
        editor.addWidget(self.editor_title, 0, 0, 1, 4)
        editor.addWidget(self._labels["type"], 1, 0)
        editor.addWidget(self.edit_type, 1, 1)
        editor.addWidget(self._labels["name"], 1, 2)
        editor.addWidget(self.edit_name, 1, 3)
        editor.addWidget(self._labels["count"], 2, 0)
        editor.addWidget(self.edit_count, 2, 1)
        editor.addWidget(self._labels["bonus"], 2, 2)
        editor.addWidget(self.edit_bonus, 2, 3)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.remove)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(adding)
        layout.addWidget(self.tree, 1)
        layout.addLayout(editor)
        layout.addLayout(buttons)
        self._connect_signals()
        self.retranslate()

    def _connect_signals(self) -> None:
        self.document.changed.connect(self.refresh)
        self.tree.itemSelectionChanged.connect(self._on_selection_changed)
        self.add_unit.clicked.connect(self._on_add_unit)
        self.add_models.clicked.connect(self._on_add_models)
        self.add_character.clicked.connect(self._on_add_character)
        self.remove.clicked.connect(self.remove_selected)
        self.edit_type.currentIndexChanged.connect(self._on_type_edited)
        self.edit_name.editingFinished.connect(self._on_name_edited)
        self.edit_count.valueChanged.connect(self._on_count_edited)
        self.edit_bonus.currentIndexChanged.connect(self._on_bonus_edited)

    # ----- the tree ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild the tree from the document, keeping the selection and what is expanded."""
        selected = self.selected_uids()
        collapsed = {str(top.data(0, UID)) for top in self._tops() if not top.isExpanded()}
        army, report = self.document.army, self.document.report
        flagged = {uid for p in report.problems if p.is_error for uid in p.subjects}
        self._updating = True
        try:
            self.tree.clear()
            for unit in army.units:
                kind = UNIT_TYPES[unit.type]
                item = QTreeWidgetItem([unit.name or str(unit_label(unit, army)), local_name(kind), "",
                                        f"{unit.size}/{kind.max_models}", str(report.unit_points(unit))])
                self._decorate(item, unit.uid, flagged, bold=True)
                for models in unit.models:
                    item.addChild(self._models_item(models, flagged))
                self.tree.addTopLevelItem(item)
            if army.characters:
                item = QTreeWidgetItem([tr("Independent characters"), "", "",
                                        f"{len(army.characters)}/{report.totals.characters_allowed}",
                                        str(sum(report.model_cost(c.design) or 0 for c in army.characters))])
                self._decorate(item, CHARACTERS, flagged, bold=True)
                for character in army.characters:
                    item.addChild(self._models_item(character, flagged))
                self.tree.addTopLevelItem(item)
            for top in self._tops():
                top.setExpanded(str(top.data(0, UID)) not in collapsed)
            self.select(selected)
        finally:
            self._updating = False
        self._show_editor()

    def _models_item(self, models: Models, flagged: set[str]) -> QTreeWidgetItem:
        design = self.document.army.design(models.design)
        name = design.name if design is not None else models.design
        if models.bonus:
            name += " " + tr("+ {special} (free)", special=local_name(CHOSEN_SPECIALS[models.bonus]))
        cost = self.document.report.model_cost(models.design)
        item = QTreeWidgetItem([name, "", tr("{cost} each", cost=cost) if cost is not None else "",
                                str(models.count), str((cost or 0) * models.count)])
        self._decorate(item, models.uid, flagged)
        return item

    @staticmethod
    def _decorate(item: QTreeWidgetItem, uid: str, flagged: set[str], bold: bool = False) -> None:
        item.setData(0, UID, uid)
        for column in COUNTED_COLUMNS:
            item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if bold:
            for column in range(len(COLUMNS)):
                item.setFont(column, bold_font())
        if uid in flagged:
            item.setIcon(0, icons.mark("error"))
            item.setForeground(0, QBrush(icons.ERROR_COLOR))

    def _tops(self) -> list[QTreeWidgetItem]:
        return [item for i in range(self.tree.topLevelItemCount()) if (item := self.tree.topLevelItem(i)) is not None]

    def selected_uids(self) -> list[str]:
        return [str(item.data(0, UID)) for item in self.tree.selectedItems()]

    def select(self, uids: list[str] | tuple[str, ...]) -> None:
        """Select the rows of these units, models or characters (a problem's subjects)."""
        wanted = set(uids)
        first = None
        self.tree.clearSelection()
        for top in self._tops():
            for item in (top, *(child for i in range(top.childCount()) if (child := top.child(i)) is not None)):
                if str(item.data(0, UID)) in wanted:
                    item.setSelected(True)
                    first = first or item
        if first is not None:
            self.tree.scrollToItem(first)

    def _selected_unit(self) -> Unit | None:
        """The unit selected, or the unit of the selected models."""
        for uid in self.selected_uids():
            unit = self.document.army.unit(uid)
            if unit is not None:
                return unit
            found = self.document.army.entry(uid)
            if found is not None and found[0] is not None:
                return found[0]
        return None

    def _on_selection_changed(self) -> None:
        if self._updating:
            return
        self._show_editor()
        for uid in self.selected_uids():
            found = self.document.army.entry(uid)
            if found is not None:
                self.design_chosen.emit(found[1].design)
                break

    # ----- the editor of the selected row --------------------------------------------------------
    def _show_editor(self) -> None:
        army = self.document.army
        uids = self.selected_uids()
        unit = army.unit(uids[0]) if len(uids) == 1 else None
        entry = army.entry(uids[0]) if len(uids) == 1 else None
        self._updating = True
        try:
            unit_widgets: tuple[QWidget, ...] = (self.edit_type, self.edit_name, self._labels["type"],
                                                 self._labels["name"])
            for widget in unit_widgets:
                widget.setVisible(unit is not None)
            entry_widgets: tuple[QWidget, ...] = (self.edit_count, self.edit_bonus, self._labels["count"],
                                                  self._labels["bonus"])
            for widget in entry_widgets:
                widget.setVisible(entry is not None)
            self.remove.setEnabled(bool(uids) and uids != [CHARACTERS])
            if unit is not None:
                self.editor_title.setText(tr("Unit: {unit}", unit=str(unit_label(unit, army))))
                self.edit_type.setCurrentIndex(max(0, self.edit_type.findData(unit.type)))
                self.edit_name.setText(unit.name)
            elif entry is not None:
                owner, models = entry
                design = army.design(models.design)
                self.editor_title.setText(tr("Models: {design}", design=design.name if design else models.design))
                self.edit_count.setValue(models.count)
                self.edit_count.setEnabled(owner is not None)
                self._fill_bonus(owner, models)
            else:
                self.editor_title.setText(tr("Select a unit or models to change them."))
        finally:
            self._updating = False

    def _fill_bonus(self, owner: Unit | None, models: Models) -> None:
        self.edit_bonus.clear()
        self.edit_bonus.addItem(tr("none"), None)
        for special in bonus_choices(owner, self.document.army.design(models.design), models.bonus):
            self.edit_bonus.addItem(local_name(CHOSEN_SPECIALS[special]), special)
        if models.bonus and self.edit_bonus.findData(models.bonus) < 0:
            self.edit_bonus.addItem(local_name(CHOSEN_SPECIALS[models.bonus]), models.bonus)
        self.edit_bonus.setCurrentIndex(max(0, self.edit_bonus.findData(models.bonus)))
        self.edit_bonus.setEnabled(self.edit_bonus.count() > 1)
        self.edit_bonus.setToolTip(local_name(UNIT_TYPES[owner.type]) + ": " + tr(UNIT_TYPES[owner.type].summary)
                                   if owner is not None and UNIT_TYPES[owner.type].summary else "")

    def _one_selected(self) -> str | None:
        uids = self.selected_uids()
        return uids[0] if len(uids) == 1 else None

    def _on_type_edited(self, _index: int) -> None:
        uid = self._one_selected()
        unit = self.document.army.unit(uid) if uid else None
        new_type = self.edit_type.currentData()
        if self._updating or unit is None or new_type == unit.type:
            return
        name = str(unit_label(unit, self.document.army))
        self.document.edit(self.document.army.with_unit_changed(unit.uid, type=new_type),
                           lambda: tr("Make {unit} a {type}", unit=name, type=local_name(UNIT_TYPES[new_type])))

    def _on_name_edited(self) -> None:
        uid = self._one_selected()
        unit = self.document.army.unit(uid) if uid else None
        name = self.edit_name.text().strip()[:80]
        if self._updating or unit is None or name == unit.name:
            return
        self.document.edit(self.document.army.with_unit_changed(unit.uid, name=name),
                           lambda: tr("Rename a unit to {name}", name=name or "—"))

    def _on_count_edited(self, value: int) -> None:
        uid = self._one_selected()
        found = self.document.army.entry(uid) if uid else None
        if self._updating or found is None or found[1].count == value:
            return
        self.document.edit(self.document.army.with_models_changed(found[1].uid, count=value),
                           lambda: tr("Change a count to {count}", count=value), key=f"count:{found[1].uid}")

    def _on_bonus_edited(self, _index: int) -> None:
        uid = self._one_selected()
        found = self.document.army.entry(uid) if uid else None
        bonus = self.edit_bonus.currentData()
        if self._updating or found is None or found[1].bonus == bonus:
            return
        self.document.edit(self.document.army.with_models_changed(found[1].uid, bonus=bonus),
                           lambda: tr("Change a free special"))

    # ----- adding and removing -------------------------------------------------------------------
    def _on_add_unit(self) -> None:
        unit_type = str(self.unit_type.currentData())
        after, uid = self.document.army.with_unit(unit_type)
        self.document.edit(after, lambda: tr("Add a {type}", type=local_name(UNIT_TYPES[unit_type])))
        self.select([uid])

    def _on_add_models(self) -> None:
        design = self.current_design
        unit = self._selected_unit()
        army = self.document.army
        if design is None or army.design(design) is None:
            return
        if unit is None:  # no unit chosen: a new Squad for them
            army, unit_uid = army.with_unit("squad")
        else:
            unit_uid = unit.uid
        count = self.add_count.value()
        name = army.design(design).name  # type: ignore[union-attr]
        after, uid = army.with_models(unit_uid, design, count)
        self.document.edit(after, lambda: tr("Add {count} × {design}", count=count, design=name))
        self.select([uid])

    def _on_add_character(self) -> None:
        design = self.current_design
        army = self.document.army
        found = army.design(design) if design else None
        if found is None or design is None:
            return
        after, uid = army.with_models(None, design)
        self.document.edit(after, lambda: tr("Add {design} as an independent character", design=found.name))
        self.select([uid])

    def remove_selected(self) -> None:
        army = self.document.army
        uids = [uid for uid in self.selected_uids() if uid != CHARACTERS]
        if not uids:
            return
        after = army
        for uid in uids:
            if after.unit(uid) is not None:
                after = after.without_unit(uid)
            elif after.entry(uid) is not None:
                after = after.without_models(uid)
        self.document.edit(after, lambda: trn("Remove {n} row", "Remove {n} rows", len(uids)))

    def set_current_design(self, design_id: str | None) -> None:
        self.current_design = design_id
        design = self.document.army.design(design_id) if design_id else None
        self.add_models.setEnabled(design is not None)
        self.add_character.setEnabled(design is not None)
        self.retranslate_buttons()

    # ----- language ------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.tree.setHeaderLabels([tr(column) for column in COLUMNS])
        for combo in (self.unit_type, self.edit_type):
            for index in range(combo.count()):
                unit_type = UNIT_TYPES[str(combo.itemData(index))]
                combo.setItemText(index, local_name(unit_type))
                tip = tr("up to {most} models, command radius {radius}\"", most=unit_type.max_models,
                         radius=unit_type.command_radius)
                if unit_type.summary:
                    tip += "\n" + tr(unit_type.summary)
                combo.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
        self._labels["new"].setText(tr("New unit:"))
        self._labels["type"].setText(tr("Type"))
        self._labels["name"].setText(tr("Name"))
        self._labels["count"].setText(tr("Models"))
        self._labels["bonus"].setText(tr("Free special"))
        self.add_unit.setText(tr("Add unit"))
        self.remove.setText(tr("Remove"))
        self.retranslate_buttons()
        self.refresh()

    def retranslate_buttons(self) -> None:
        design = self.document.army.design(self.current_design) if self.current_design else None
        name = design.name if design is not None else tr("the chosen design")
        self.add_models.setText(tr("Add {design} to the unit", design=name))
        self.add_character.setText(tr("Add as a character"))
        self.add_models.setToolTip(tr("Adds that many models to the selected unit (a new Squad when none is "
                                      "selected)."))
