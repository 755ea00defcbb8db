"""Build a Spec-Ops from the army's table: pick the base, then the upgrades, each with its XP, with the
running total and only what is still affordable on offer (ITS Extra Spec-Ops, 12 XP)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from armybuilder.domain.profiles import Option, ProfileGroup, SpecOpsTable, Unit
from armybuilder.domain.roster import specops_state
from armybuilder.domain.specops import SpecOpsPick, SpecOpsUpgrade, stat_label
from armybuilder.gui import icons
from armybuilder.gui.fonts import set_font
from armybuilder.gui.labels import STAT_NAMES, item_label, item_labels, loadout, stat_name, stat_value
from armybuilder.i18n import N_, render, tr
from armybuilder.rules.specops import affordable, describe_pick

KEY_ROLE = Qt.ItemDataRole.UserRole
Base = tuple[Unit, ProfileGroup, Option]
SECTIONS = (("weapon", N_("Weapons")), ("skill", N_("Skills")), ("equip", N_("Equipment")))


def base_key(base: Base) -> tuple[int, int, int]:
    unit, group, option = base
    return unit.id, group.id, option.id


class SpecOpsDialog(QDialog):
    """One Spec-Ops: its base and its upgrades. OK hands back ((unit, group, option), upgrades)."""

    specops_accepted = Signal(object, object)
    """((unit, group, option) of the base, tuple of SpecOpsPick)."""

    def __init__(self, table: SpecOpsTable, limit: int, base: tuple[int, int, int] | None = None,
                 picks: tuple[SpecOpsPick, ...] = (), extra_on: bool = True, cm: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("specops_dialog")
        self.setWindowTitle(tr("Spec-Ops"))
        self.table = table
        self.limit = limit
        self.cm = cm
        self._loading = False
        self.base = QComboBox()
        self.base.setObjectName("specops_base")
        self.bases: list[Base] = list(table.bases())
        for unit, _group, option in self.bases:
            self.base.addItem(tr("{option} — {unit} ({points} points)", option=option.name, unit=unit.name,
                                 points=option.points))
        self.base_text = QLabel()
        self.base_text.setObjectName("specops_base_text")
        self.base_text.setWordWrap(True)
        self.upgrades = QTreeWidget()
        self.upgrades.setObjectName("specops_upgrades")
        self.upgrades.setColumnCount(3)
        self.upgrades.setHeaderLabels([tr("Upgrade"), tr("XP"), tr("Comes with")])
        self.upgrades.setRootIsDecorated(True)
        self.total = QLabel()
        self.total.setObjectName("specops_total")
        set_font(self.total, bold=True)
        self.notice = QLabel()
        self.notice.setObjectName("specops_notice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(f"color: {icons.INFO_COLOR.name()}")
        if not extra_on:
            self.notice.setText(tr("The list's Extras do not include Spec-Ops: switch the Extra on, or the list will "
                                   "not be legal."))
        self.notice.setVisible(bool(self.notice.text()))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Use this Spec-Ops"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))
        form = QFormLayout()
        form.addRow(tr("&Base:"), self.base)
        form.addRow("", self.base_text)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(tr("Upgrades (tick what the Spec-Ops buys; only what the XP left can pay is on "
                                   "offer):")))
        layout.addWidget(self.upgrades, 1)
        layout.addWidget(self.total)
        layout.addWidget(self.notice)
        layout.addWidget(self.buttons)
        self._fill(picks)
        keys = [base_key(b) for b in self.bases]
        self.base.setCurrentIndex(keys.index(base) if base in keys else 0)
        self._show_base()
        self.base.currentIndexChanged.connect(self._show_base)
        self.upgrades.itemChanged.connect(self._on_item_changed)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._refresh()
        self.resize(640, 620)

    # ----- building the tree -----------------------------------------------------------------
    def _fill(self, picks: tuple[SpecOpsPick, ...]) -> None:
        self._loading = True
        chosen = {p.key for p in picks}
        for kind, title in SECTIONS:
            section = QTreeWidgetItem([tr(title)])
            section.setFlags(Qt.ItemFlag.ItemIsEnabled)
            set_font_item(section)
            self.upgrades.addTopLevelItem(section)
            for upgrade in (u for u in self.table.upgrades if u.kind == kind):
                item = QTreeWidgetItem([item_label(upgrade.item), str(upgrade.xp),
                                        ", ".join(item_labels([g.item for g in upgrade.grants]))])
                item.setData(0, KEY_ROLE, upgrade)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(0, Qt.CheckState.Checked if upgrade.key in chosen else Qt.CheckState.Unchecked)
                item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)
                section.addChild(item)
        unknown = [p for p in picks if p.type != "stat" and self.table.upgrade(p.key) is None]
        stats = [p for p in picks if p.type == "stat"]  # from an army code: the table prices none
        if unknown or stats:
            section = QTreeWidgetItem([tr("Not in this army's table")])
            section.setFlags(Qt.ItemFlag.ItemIsEnabled)
            set_font_item(section)
            self.upgrades.addTopLevelItem(section)
            rows = [(pick, describe_pick(pick), tr("untick to remove it")) for pick in unknown]
            rows += [(pick, stat_label(pick), tr("from the army code; no XP in the data")) for pick in stats]
            for pick, label, hint in rows:
                item = QTreeWidgetItem([render(label), "?", hint])
                item.setData(0, KEY_ROLE, pick)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(0, Qt.CheckState.Checked)
                section.addChild(item)
        self.upgrades.expandAll()
        for column in range(3):
            self.upgrades.resizeColumnToContents(column)
        self._loading = False

    def upgrade_items(self) -> list[QTreeWidgetItem]:
        found: list[QTreeWidgetItem] = []
        for i in range(self.upgrades.topLevelItemCount()):
            section = self.upgrades.topLevelItem(i)
            if section is not None:
                found.extend(c for j in range(section.childCount()) if (c := section.child(j)) is not None)
        return found

    # ----- state -------------------------------------------------------------------------------
    @property
    def picks(self) -> tuple[SpecOpsPick, ...]:
        """The upgrades ticked, in the table's order (then what the table does not offer)."""
        found: list[SpecOpsPick] = []
        for item in self.upgrade_items():
            if item.checkState(0) != Qt.CheckState.Checked:
                continue
            data = item.data(0, KEY_ROLE)
            found.append(SpecOpsPick.of(data) if isinstance(data, SpecOpsUpgrade) else data)
        return tuple(found)

    @property
    def chosen_base(self) -> tuple[int, int, int]:
        return base_key(self.bases[self.base.currentIndex()])

    def _show_base(self) -> None:
        if not self.bases:
            return
        _unit, group, option = self.bases[self.base.currentIndex()]
        profile = group.main_profile
        stats = " · ".join(f"{stat_name(key, profile.structure)} {stat_value(profile, key, self.cm)}"
                           for key, _ in STAT_NAMES if key != "ava") if profile else ""
        self.base_text.setText(f"{stats}\n{loadout(option)}")

    def _on_item_changed(self, *_: object) -> None:
        if not self._loading:
            self._refresh()

    def _refresh(self) -> None:
        """The running total, and which upgrades are still affordable (the others are greyed out)."""
        picks = self.picks
        state = specops_state(self.table, picks)
        left = self.limit - state.xp
        offer = affordable(self.table, picks, self.limit)
        levels = {(u.kind, u.id): str(u.item) for u in state.upgrades}
        self._loading = True
        for item in self.upgrade_items():
            data = item.data(0, KEY_ROLE)
            if not isinstance(data, SpecOpsUpgrade):
                continue
            ticked = item.checkState(0) == Qt.CheckState.Checked
            can = ticked or data.key in offer
            flags = Qt.ItemFlag.ItemIsUserCheckable | (Qt.ItemFlag.ItemIsEnabled if can else Qt.ItemFlag.NoItemFlags)
            item.setFlags(flags)
            other = levels.get((data.kind, data.id))
            if can:
                tip = ""
            elif other is not None:
                tip = tr("{bought} is ticked: a trooper has one level of it (untick it to choose this one)",
                         bought=other)
            else:
                tip = tr("Needs {xp} XP; {left} left", xp=data.xp, left=max(left, 0))
            item.setToolTip(0, tip)
        self._loading = False
        text = tr("XP: {used} of {limit} · {left} left", used=state.xp, limit=self.limit, left=left)
        if state.stats:
            text += " · " + tr("attribute improvements not counted")
        self.total.setText(text)
        over = state.xp > self.limit
        self.total.setStyleSheet(f"color: {icons.ERROR_COLOR.name()}" if over else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not over)

    def accept(self) -> None:
        if self.bases:
            self.specops_accepted.emit(self.chosen_base, self.picks)
        super().accept()


def set_font_item(item: QTreeWidgetItem) -> None:
    font = item.font(0)
    font.setBold(True)
    item.setFont(0, font)
