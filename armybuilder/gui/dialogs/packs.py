"""The rules pack picker: the tournament seasons and edition of the list's edition (and the list's own pack),
with a season's tiers (grouped as its booklet groups them), its Extras and its season rules, each with its
one-line description."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from armybuilder.data.catalog import Catalog
from armybuilder.domain.packs import EditionPack, Extra, SeasonPack, SeasonRule, Tier
from armybuilder.gui.labels import offered_pack_name, pack_name, tier_label
from armybuilder.i18n import language, tr
from armybuilder.rules.engine import missing_families, set_effects, unapplied_effects
from armybuilder.rules.list_settings import offered_packs

PACK_ROLE = Qt.ItemDataRole.UserRole


def describe_pack(pack: EditionPack | SeasonPack, catalog: Catalog) -> str:
    """The pack as rich text: what it is, its tiers by group, its Extras and season rules."""
    if isinstance(pack, EditionPack):
        limit = (tr("at most {count} troopers", count=pack.max_troopers) if pack.max_troopers is not None
                 else tr("no army-size limit"))
        return (f"<h3>{html.escape(pack_name(pack))}</h3><p>"
                + html.escape(tr("The army-building rules of an edition, without tournament tiers or Extras: "
                                 "{points} points by default, 1 SWC per {per} points, {limit}.",
                                 points=pack.default_points, per=pack.swc_per_points, limit=limit)) + "</p>")
    edition = catalog.packs.get(pack.edition)
    fewest, most = pack.entry_range
    lists = str(most) if fewest == most else tr("{fewest} or {most}", fewest=fewest, most=most)
    parts = [f"<h3>{html.escape(pack_name(pack))}</h3>",
             "<p>" + html.escape(tr("Tournament season for {edition} armies · an entry has {lists} lists of one "
                                    "army.", edition=pack_name(edition) if edition else pack.edition,
                                    lists=lists)) + "</p>",
             f"<p><b>{html.escape(tr('Tiers'))}</b></p><ul>"]
    for group, tiers in pack.grouped_tiers():
        names = "<br>".join(_tier_html(t) for t in tiers)
        if group is not None:
            parts.append(f"<li><b>{html.escape(group.display_name(language()))}</b><br>{names}</li>")
        else:
            parts.append(f"<li>{names}</li>")
    parts.append("</ul>")
    if pack.extras:
        parts.append(f"<p><b>{html.escape(tr('Extras the organizer may switch on'))}</b></p><ul>")
        parts.extend(_item_html(extra) for extra in pack.extras)
        parts.append("</ul>")
    if pack.rules:
        parts.append(f"<p><b>{html.escape(tr('Season rules'))}</b></p><ul>")
        parts.extend(_item_html(rule) for rule in pack.rules)
        parts.append("</ul>")
    if pack.cbls:
        parts.append("<p>" + html.escape(tr("Closed Battle Lists: {names}", names=", ".join(c.name for c in pack.cbls)))
                     + "</p>")
    return "".join(parts)


def _item_html(item: Extra | SeasonRule) -> str:
    """An Extra or season rule with its description, and whether this builder checks it (not, or in part)."""
    missing = missing_families(item)
    note = ""
    if missing:
        partly = len(missing) < len(item.families)
        note = " <i>" + html.escape(tr("(partly checked by this builder)") if partly
                                    else tr("(not checked by this builder)")) + "</i>"
    elif effects := unapplied_effects(item):  # read from the pack, applied by no rule (ITS S9 Ironclad's skills)
        partly = len(effects) < len(set_effects(item))
        note = " <i>" + html.escape(tr("(partly applied by this builder)") if partly
                                    else tr("(not applied by this builder)")) + "</i>"
    lang = language()
    return (f"<li><b>{html.escape(item.display_name(lang))}</b>{note} — "
            f"{html.escape(item.display_description(lang))}</li>")


def _tier_html(tier: Tier) -> str:
    note = tier.display_note(language())
    text = html.escape(tier_label(tier))
    return f"{text} <i>— {html.escape(note)}</i>" if note else text


class PackPickerDialog(QDialog):
    """Shows every rules pack; OK asks for the chosen one (the window makes it one undoable edit)."""

    pack_chosen = Signal(str)

    def __init__(self, catalog: Catalog, current: str | None, parent: QWidget | None = None,
                 edition: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pack_picker")
        self.setWindowTitle(tr("Rules pack"))
        self._catalog = catalog
        self.packs = QListWidget()
        self.packs.setObjectName("pack_list")
        self.edition = edition
        """The edition of the list's army: only its packs are offered (and the list's own)."""
        for pack in offered_packs(catalog, edition, current):
            item = QListWidgetItem(offered_pack_name(pack, edition))
            item.setData(PACK_ROLE, pack.id)
            item.setToolTip(tr("Tournament season") if isinstance(pack, SeasonPack) else tr("Edition"))
            self.packs.addItem(item)
        self.details = QLabel()
        self.details.setObjectName("pack_details")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setMargin(8)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.details)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Use these rules"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))
        body = QHBoxLayout()
        body.addWidget(self.packs, 1)
        body.addWidget(scroll, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(self.buttons)
        self.packs.currentItemChanged.connect(self._show)
        self.packs.itemDoubleClicked.connect(lambda *_: self.accept())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        rows = [self.packs.item(i).data(PACK_ROLE) for i in range(self.packs.count())]
        self.packs.setCurrentRow(rows.index(current) if current in rows else 0)
        self.resize(760, 560)

    @property
    def chosen(self) -> str | None:
        item = self.packs.currentItem()
        return str(item.data(PACK_ROLE)) if item is not None else None

    def _show(self, item: QListWidgetItem | None, *_: object) -> None:
        pack = self._catalog.packs.get(str(item.data(PACK_ROLE))) if item is not None else None
        self.details.setText(describe_pack(pack, self._catalog) if pack is not None else "")

    def accept(self) -> None:
        if self.chosen:
            self.pack_chosen.emit(self.chosen)
        super().accept()

