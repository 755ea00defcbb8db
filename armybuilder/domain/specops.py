"""Spec-Ops: an army's table of upgrades with their XP, and the upgrades a list's Spec-Ops bought.

The official data gives each army a `specops` table: the base troopers a Spec-Ops may start from and
the weapons, skills and equipment it may buy, each with its XP cost (some bring more items with them:
a Hacking Device brings the Hacker skill). A list's Spec-Ops trooper is one of those bases plus the
upgrades it bought, written as army codes write them (`{"type": "skill", "id": 40, "extra": [6]}`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import Field

from armybuilder.domain.values import Frozen, ItemRef
from armybuilder.i18n import Text, lazy_tr

UpgradeKind = Literal["weapon", "skill", "equip"]
UPGRADE_KINDS: tuple[UpgradeKind, ...] = ("weapon", "skill", "equip")
_CODE_KINDS: dict[str, UpgradeKind] = {"weapon": "weapon", "weapons": "weapon", "skill": "skill", "skills": "skill",
                                       "equip": "equip", "equipment": "equip", "equips": "equip"}


class SpecOpsGrant(Frozen):
    """An item that comes with an upgrade (Minelayer brings a Shock Mine)."""

    kind: UpgradeKind
    item: ItemRef


class SpecOpsUpgrade(Frozen):
    """One line of an army's Spec-Ops table: what may be bought and its XP."""

    kind: UpgradeKind
    id: int
    extra_ids: tuple[int, ...] = Field(default=(), description="the data's extra ids (Mimetism -3 vs -6)")
    item: ItemRef = Field(description="the item with its name and its extras' names")
    xp: int = Field(ge=0)
    grants: tuple[SpecOpsGrant, ...] = ()

    @property
    def key(self) -> tuple[str, int, tuple[int, ...]]:
        return (self.kind, self.id, tuple(sorted(self.extra_ids)))


class SpecOpsPick(Frozen):
    """An upgrade a list's Spec-Ops bought, in the army code's words.

    `type` is `weapon`, `skill` or `equip` (with `id` and `extra`), or `stat` (with `stat` and `q`:
    an attribute improvement, which the official data's table does not price).
    """

    type: str
    id: int | None = None
    extra: tuple[int, ...] = ()
    stat: str | None = None
    q: int | None = None

    @property
    def kind(self) -> UpgradeKind | None:
        """weapon / skill / equip, or None for an attribute improvement or an unknown type."""
        return _CODE_KINDS.get(self.type.casefold())

    @property
    def key(self) -> tuple[str, int, tuple[int, ...]] | None:
        kind = self.kind
        if kind is None or self.id is None:
            return None
        return (kind, self.id, tuple(sorted(self.extra)))

    @classmethod
    def of(cls, upgrade: SpecOpsUpgrade) -> SpecOpsPick:
        return cls(type=upgrade.kind, id=upgrade.id, extra=upgrade.extra_ids)

    def to_code(self) -> dict[str, Any]:
        """The JSON object army codes hold for this upgrade."""
        if self.type == "stat":
            return {"type": "stat", "stat": self.stat, "q": self.q}
        data: dict[str, Any] = {"type": self.type, "id": self.id}
        if self.extra:
            data["extra"] = list(self.extra)
        return data


def picks_from_code(strings: Iterable[str]) -> tuple[tuple[SpecOpsPick, ...], list[str]]:
    """The upgrades of an army code's Spec-Ops strings (each a JSON array of upgrades), and a message
    for each string or entry that cannot be read (kept out, never guessed)."""
    picks: list[SpecOpsPick] = []
    problems: list[str] = []
    for index, text in enumerate(strings):
        try:
            entries = json.loads(text)
        except ValueError:
            problems.append(f"string {index + 1}: not JSON ({text[:40]!r})")
            continue
        if not isinstance(entries, list):
            entries = [entries]
        for entry in entries:
            pick = _pick(entry)
            if pick is None:
                problems.append(f"string {index + 1}: upgrade not understood ({json.dumps(entry)[:60]})")
            else:
                picks.append(pick)
    return tuple(picks), problems


def _pick(entry: Any) -> SpecOpsPick | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
        return None
    if entry["type"] == "stat":
        stat, q = entry.get("stat"), entry.get("q")
        if not isinstance(stat, str) or type(q) is not int:
            return None
        return SpecOpsPick(type="stat", stat=stat, q=q)
    item_id = entry.get("id")
    extra = entry.get("extra") or ()
    if type(item_id) is not int or not isinstance(extra, list | tuple) or not all(type(e) is int for e in extra):
        return None
    return SpecOpsPick(type=entry["type"], id=item_id, extra=tuple(extra))


def picks_to_code(picks: Iterable[SpecOpsPick]) -> tuple[str, ...]:
    """The army code's Spec-Ops strings for these upgrades: one JSON array (none when nothing was bought)."""
    entries = [p.to_code() for p in picks]
    return (json.dumps(entries, separators=(",", ":"), ensure_ascii=False),) if entries else ()


STAT_NAMES: dict[str, str] = {"move0": "MOV", "move1": "MOV", "cc": "CC", "bs": "BS", "ph": "PH", "wip": "WIP",
                              "arm": "ARM", "bts": "BTS", "w": "W", "s": "S"}
"""Attribute keys of `stat` upgrades as army codes write them."""


def stat_label(pick: SpecOpsPick) -> Text:
    """'BS +1', 'MOV 1st value 15': how an attribute improvement reads (its meaning is the code's)."""
    name = lazy_tr(STAT_NAMES.get((pick.stat or "").casefold(), (pick.stat or "?").upper()))
    if pick.stat == "move0":
        return lazy_tr("{stat} first value {value}", stat=name, value=pick.q)
    if pick.stat == "move1":
        return lazy_tr("{stat} second value {value}", stat=name, value=pick.q)
    return name + f" {pick.q or 0:+d}"
