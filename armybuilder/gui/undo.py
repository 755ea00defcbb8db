"""Undoable edits: one QUndoCommand per domain edit, each keeping the list before and after.

A command computes its `after` list once, with one `ArmyList` method, and hands the before or
after state to its target on undo/redo (the game-neutral snapshot commands of gui/snapshots.py).
Because lists are immutable, undo is exact and cheap. Compound edits (removing several troopers)
are a parent command with one child per domain edit; texts are reworded on a language change.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand

from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.domain.profiles import Army
from armybuilder.domain.specops import SpecOpsPick
from armybuilder.gui.labels import describe_trooper, option_detail
from armybuilder.gui.snapshots import SnapshotCommand, SnapshotGroup, as_text
from armybuilder.gui.snapshots import Text as Text  # the commands' text type, used by the document
from armybuilder.i18n import tr

RENAME_ID = 1001
NOTES_ID = 1002



class ListTarget(Protocol):
    """What commands edit: something holding the current list (the document, or a test double)."""

    def apply_list(self, army_list: ArmyList) -> None: ...


def trooper_name(army: Army | None, army_list: ArmyList, uid: str) -> str:
    trooper = army_list.trooper(uid)
    if trooper is None:
        return uid
    return describe_trooper(army, trooper.unit, trooper.group, trooper.option)


class ListEditCommand(SnapshotCommand[ArmyList]):
    """An edit from `before` to `after`; undo and redo hand the state to the target."""


class CompoundCommand(SnapshotGroup[ArmyList]):
    """Several edits undone and redone as one history entry (see `SnapshotGroup`)."""


class AddTrooperCommand(ListEditCommand):
    """Add a trooper (an option of a unit) to a combat group."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, combat_group: int, unit: int,
                 group: int, option: int, index: int | None = None, parent: CompoundCommand | None = None) -> None:
        after, self.uid = before.with_trooper(combat_group, unit, group, option, index)
        super().__init__(target, before, after,
                         lambda: tr("Add {trooper}", trooper=describe_trooper(army, unit, group, option)), parent)


class AddSpecOpsCommand(ListEditCommand):
    """Add a Spec-Ops: a base of the army's Spec-Ops table with the upgrades it bought."""

    def __init__(self, target: ListTarget, before: ArmyList, combat_group: int, base: tuple[int, int, int],
                 picks: tuple[SpecOpsPick, ...], parent: CompoundCommand | None = None) -> None:
        after, self.uid = before.with_trooper(combat_group, *base, specops=picks)
        super().__init__(target, before, after, lambda: tr("Add a Spec-Ops"), parent)


class SetSpecOpsCommand(ListEditCommand):
    """Change a Spec-Ops trooper's base or upgrades in place (it keeps its uid and place)."""

    def __init__(self, target: ListTarget, before: ArmyList, uid: str, base: tuple[int, int, int],
                 picks: tuple[SpecOpsPick, ...], parent: CompoundCommand | None = None) -> None:
        super().__init__(target, before, before.with_specops(uid, picks, base), lambda: tr("Change the Spec-Ops"),
                         parent)


class RemoveTrooperCommand(ListEditCommand):
    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, uid: str,
                 parent: CompoundCommand | None = None) -> None:
        super().__init__(target, before, before.without_trooper(uid),
                         lambda: tr("Remove {trooper}", trooper=trooper_name(army, before, uid)), parent)


class MoveTrooperCommand(ListEditCommand):
    """Move a trooper (and its peripherals) to a position in a combat group."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, uid: str, combat_group: int,
                 index: int | None = None, parent: CompoundCommand | None = None) -> None:
        source = before.group_of(uid)
        within = source is not None and source.number == combat_group

        def text() -> str:
            name = trooper_name(army, before, uid)
            if within:
                return tr("Move {trooper} within Combat Group {number}", trooper=name, number=combat_group)
            return tr("Move {trooper} to Combat Group {number}", trooper=name, number=combat_group)

        super().__init__(target, before, before.moved(uid, combat_group, index), text, parent)


class ChangeOptionCommand(ListEditCommand):
    """Change a trooper's option in place (it keeps its uid and place)."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, uid: str, group: int, option: int,
                 parent: CompoundCommand | None = None) -> None:
        trooper = before.trooper(uid)
        unit = army.unit(trooper.unit) if army is not None and trooper is not None else None
        chosen = unit.option(group, option) if unit is not None else None

        def text() -> str:
            name = trooper_name(army, before, uid)
            if unit is None or chosen is None:
                return tr("Change the option of {trooper}", trooper=name)
            return tr("Change {trooper} to {option}", trooper=name, option=option_detail(unit, chosen))

        super().__init__(target, before, before.with_option(uid, group, option), text, parent)


class DuplicateTrooperCommand(ListEditCommand):
    """Add a copy of a trooper after it, or at the end of combat group `into` when its own is full."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, uid: str,
                 parent: CompoundCommand | None = None, into: int | None = None) -> None:
        after, self.uid = before.duplicated(uid, into)
        source = before.group_of(uid)
        elsewhere = into is not None and source is not None and into != source.number

        def text() -> str:
            name = trooper_name(army, before, uid)
            if elsewhere:
                return tr("Duplicate {trooper} into Combat Group {number} (its own is full)", trooper=name,
                          number=into)
            return tr("Duplicate {trooper}", trooper=name)

        super().__init__(target, before, after, text, parent)


class AddGroupCommand(ListEditCommand):
    def __init__(self, target: ListTarget, before: ArmyList, reinforcement: bool = False,
                 parent: CompoundCommand | None = None) -> None:
        after, self.number = before.with_group(reinforcement)
        number = self.number
        super().__init__(target, before, after, lambda: (
            tr("Add Reinforcements group {number}", number=number) if reinforcement
            else tr("Add Combat Group {number}", number=number)), parent)


class RemoveGroupCommand(ListEditCommand):
    def __init__(self, target: ListTarget, before: ArmyList, number: int,
                 parent: CompoundCommand | None = None) -> None:
        super().__init__(target, before, before.without_group(number),
                         lambda: tr("Remove Combat Group {number}", number=number), parent)


class ChangeRulesCommand(ListEditCommand):
    """Change the rules pack, with the game size and extras that make sense under it."""

    def __init__(self, target: ListTarget, before: ArmyList, pack: str, pack_name: str | Text, tier: str | None,
                 points: int | None, extras: tuple[str, ...], parent: CompoundCommand | None = None) -> None:
        after = before.model_copy(update={"pack": pack, "tier": tier, "points": points, "extras": extras})
        name = as_text(pack_name)
        super().__init__(target, before, after, lambda: tr("Use the rules of {pack}", pack=name()), parent)


class ChangeGameSizeCommand(ListEditCommand):
    """Play at an ITS tier, or at a free number of points (tier None)."""

    def __init__(self, target: ListTarget, before: ArmyList, tier: str | None, points: int | None, label: str | Text,
                 parent: CompoundCommand | None = None) -> None:
        after = before.model_copy(update={"tier": tier, "points": points})
        size = as_text(label)
        super().__init__(target, before, after, lambda: tr("Set game size to {size}", size=size()), parent)


class ChangeArmyCommand(ListEditCommand):
    """Build the list with another army (troopers keep their units; unknown ones get reported)."""

    def __init__(self, target: ListTarget, before: ArmyList, army: ArmyRef,
                 parent: CompoundCommand | None = None) -> None:
        super().__init__(target, before, before.model_copy(update={"army": army}),
                         lambda: tr("Switch army to {army}", army=army.name or str(army.id)), parent)


class ToggleExtraCommand(ListEditCommand):
    def __init__(self, target: ListTarget, before: ArmyList, extra: str, name: str | Text, on: bool,
                 parent: CompoundCommand | None = None) -> None:
        extras = tuple(e for e in before.extras if e != extra) + ((extra,) if on else ())
        named = as_text(name)
        super().__init__(target, before, before.model_copy(update={"extras": extras}), lambda: (
            tr("Switch on {extra}", extra=named()) if on else tr("Switch off {extra}", extra=named())), parent)


class TypingCommand(ListEditCommand):
    """An edit made as the user types: consecutive edits of one kind, each starting where the last
    one ended, merge into one history entry that ends where the latest ends and is worded like it."""

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, type(self)) or other.before != self.after:
            return False
        self.after = other.after
        self.describe = other.describe
        self.setText(other.text())
        return True


class RenameListCommand(TypingCommand):
    """Rename the list; consecutive renames (typing) merge into one history entry."""

    def __init__(self, target: ListTarget, before: ArmyList, name: str, parent: CompoundCommand | None = None) -> None:
        super().__init__(target, before, before.model_copy(update={"name": name}),
                         lambda: tr("Rename list to {name}", name=name or tr("Untitled")), parent)

    def id(self) -> int:
        return RENAME_ID


class ChangeNotesCommand(TypingCommand):
    """Change the list's notes; consecutive changes merge into one history entry."""

    def __init__(self, target: ListTarget, before: ArmyList, notes: str, parent: CompoundCommand | None = None) -> None:
        super().__init__(target, before, before.model_copy(update={"notes": notes}), lambda: tr("Edit notes"), parent)

    def id(self) -> int:
        return NOTES_ID
