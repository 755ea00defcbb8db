"""The army's designs: each with its cost (and a mark when it breaks a limit); new, duplicate and delete
a design; add designs from a design database (the bundled factions or a file); save them as one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from armybuilder.gui import icons
from armybuilder.gui.language import Retranslating
from armybuilder.i18n import tr, trn
from armybuilder.pointbuy.costing import cost_of
from armybuilder.pointbuy.design import Design
from armybuilder.pointbuy.files import DesignSet, load_design_folders
from armybuilder.pointbuy.gui.document import ArmyDocument

UID = Qt.ItemDataRole.UserRole


class DesignsPanel(Retranslating, QWidget):
    """The list of the army's designs; `design_selected` carries the chosen design's id (or '')."""

    design_selected = Signal(str)
    import_requested = Signal()
    export_requested = Signal()

    def __init__(self, document: ArmyDocument, libraries: list[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("designs_panel")
        self.document = document
        self.libraries = libraries
        self._updating = False
        self.list = QListWidget()
        self.list.setObjectName("designs")
        self.new = QPushButton()
        self.new.setObjectName("new_design")
        self.duplicate = QPushButton()
        self.duplicate.setObjectName("duplicate_design")
        self.delete = QPushButton()
        self.delete.setObjectName("delete_design")
        self.library = QToolButton()
        self.library.setObjectName("design_library")
        self.library.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.library_menu = QMenu(self)
        self.library_menu.aboutToShow.connect(self._fill_library)
        self.library.setMenu(self.library_menu)
        self.save_set = QPushButton()
        self.save_set.setObjectName("save_designs")
        row = QHBoxLayout()
        for button in (self.new, self.duplicate, self.delete):
            row.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(row)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.library)
        layout.addWidget(self.save_set)
        self._connect_signals()
        self.retranslate()

    def _connect_signals(self) -> None:
        self.document.changed.connect(self.refresh)
        self.list.currentItemChanged.connect(self._on_current_changed)
        self.new.clicked.connect(self.new_design)
        self.duplicate.clicked.connect(self.duplicate_design)
        self.delete.clicked.connect(self.delete_design)
        self.save_set.clicked.connect(self.export_requested)

    @property
    def current(self) -> str | None:
        item = self.list.currentItem()
        return str(item.data(UID)) if item is not None else None

    def refresh(self) -> None:
        current = self.document.followed(self.current)  # a rename, or its undo, changes the id it is under
        report = self.document.report
        self._updating = True
        try:
            self.list.clear()
            for design in self.document.army.designs:
                priced = report.priced[design.id]
                uses = sum(m.count for _, m in self.document.army.entries() if m.design == design.id)
                text = tr("{design} — {cost} points", design=design.name, cost=priced.cost.total)
                if uses:
                    text += " · " + trn("{n} fielded", "{n} fielded", uses)
                item = QListWidgetItem(text)
                item.setData(UID, design.id)
                if not priced.legal:
                    item.setIcon(icons.mark("error"))
                    item.setToolTip(tr("This design breaks a limit: see the designer."))
                self.list.addItem(item)
            self.select(current)
        finally:
            self._updating = False
        has = self.current is not None
        self.duplicate.setEnabled(has)
        self.delete.setEnabled(has)
        self.save_set.setEnabled(bool(self.document.army.designs))

    def select(self, design_id: str | None) -> None:
        for index in range(self.list.count()):
            if self.list.item(index).data(UID) == design_id:
                self.list.setCurrentRow(index)
                return

    def _on_current_changed(self, *_: object) -> None:
        if not self._updating:
            self.design_selected.emit(self.current or "")
        has = self.current is not None
        self.duplicate.setEnabled(has)
        self.delete.setEnabled(has)

    # ----- edits ---------------------------------------------------------------------------------
    def new_design(self) -> None:
        army = self.document.army
        name = tr("New model")
        design = Design(id=army.next_design_id(name), name=name)
        self.document.edit(army.with_design(design), lambda: tr("New design {design}", design=name))
        self.select(design.id)

    def duplicate_design(self) -> None:
        army = self.document.army
        original = army.design(self.current or "")
        if original is None:
            return
        name = tr("{design} (copy)", design=original.name)[:80]
        copy = original.model_copy(update={"id": army.next_design_id(name), "name": name})
        self.document.edit(army.with_design(copy), lambda: tr("Duplicate {design}", design=original.name))
        self.select(copy.id)

    def delete_design(self) -> None:
        army = self.document.army
        design = army.design(self.current or "")
        if design is None:
            return
        self.document.edit(army.without_design(design.id), lambda: tr("Delete {design} and its models",
                                                                      design=design.name))

    def add_designs(self, designs: list[Design]) -> list[str]:
        """Add designs (from a database): each gets a fresh id when the army has its id already."""
        army = self.document.army
        added: list[str] = []
        for design in designs:
            same = army.design(design.id)
            if same == design:
                continue
            if same is not None:
                design = design.model_copy(update={"id": army.next_design_id(design.name)})
            army = army.with_design(design)
            added.append(design.id)
        if added:
            self.document.edit(army, lambda: trn("Add {n} design", "Add {n} designs", len(added)))
            self.select(added[0])
        return added

    # ----- libraries -----------------------------------------------------------------------------
    def design_sets(self) -> list[DesignSet]:
        return [s for s in load_design_folders(self.libraries) if s.designs]

    def _fill_library(self) -> None:
        menu = self.library_menu
        menu.clear()
        for found in self.design_sets():
            sub = menu.addMenu(found.name)
            every = sub.addAction(trn("All {n} design", "All {n} designs", len(found.designs)) if len(found.designs) > 1
                                  else tr("Add it"))
            every.triggered.connect(lambda _=False, designs=found.designs: self.add_designs(list(designs)))
            sub.addSeparator()
            for design in found.designs:  # with its cost, as the army's own designs are listed
                action = sub.addAction(tr("{design} — {cost} points", design=design.name, cost=cost_of(design).total))
                action.triggered.connect(lambda _=False, one=design: self.add_designs([one]))
        menu.addSeparator()
        menu.addAction(tr("From a design database file…")).triggered.connect(self.import_requested)

    def retranslate(self) -> None:
        self.new.setText(tr("New"))
        self.duplicate.setText(tr("Duplicate"))
        self.delete.setText(tr("Delete"))
        self.library.setText(tr("Add designs from a database"))
        self.save_set.setText(tr("Save the designs as a database…"))
        self.refresh()
