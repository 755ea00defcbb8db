"""Undoable fireteam edits: form, edit, dissolve, leave, and the finder's changes, one entry each.

Like `gui.undo`, each command computes its `after` list once from its `before` list with the
domain's fireteam methods, so undo and redo are exact; the history text says what changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from armybuilder.domain.lists import ArmyList, Fireteam
from armybuilder.domain.profiles import Army
from armybuilder.gui.fireteams.state import team_label
from armybuilder.gui.undo import CompoundCommand, ListEditCommand, ListTarget, trooper_name
from armybuilder.i18n import tr, trn
from armybuilder.rules.fireteams.finder import PossibleFireteam, Suggestion


class ListDocumentLike(ListTarget, Protocol):
    """What the edits need of the document: its list and army, and where to push commands."""

    @property
    def army_list(self) -> ArmyList | None: ...

    @property
    def army(self) -> Army | None: ...

    def push(self, command: QUndoCommand) -> None: ...


def _names(army: Army | None, army_list: ArmyList, uids: Sequence[str]) -> str:
    """One trooper by name, several by number: history entries stay one line."""
    if len(uids) == 1:
        return trooper_name(army, army_list, uids[0])
    return tr("{count} troopers", count=len(uids))


def _team(army_list: ArmyList, uid: str) -> Fireteam:
    team = army_list.fireteam(uid)
    if team is None:
        raise KeyError(f"no fireteam {uid}")
    return team


class FormFireteamCommand(ListEditCommand):
    """Declare a new fireteam; its members leave any team they were in."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, fireteam: Fireteam,
                 parent: CompoundCommand | None = None) -> None:
        self.uid = fireteam.uid
        super().__init__(target, before, before.with_declared_fireteam(fireteam),
                         lambda: tr("Form {team} with {names}", team=team_label(fireteam),
                                    names=_names(army, before, fireteam.members)), parent)


class EditFireteamCommand(ListEditCommand):
    """Change a declared fireteam's members, type or chart team (same uid)."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, fireteam: Fireteam,
                 parent: CompoundCommand | None = None) -> None:
        old = _team(before, fireteam.uid)
        added = [u for u in fireteam.members if u not in old.members]
        removed = [u for u in old.members if u not in fireteam.members]

        def text() -> str:
            if (old.type, old.team.strip()) != (fireteam.type, fireteam.team.strip()):
                return tr("Change {old} to {new}", old=team_label(old), new=team_label(fireteam))
            if added and not removed:
                return tr("Add {names} to {team}", names=_names(army, before, added), team=team_label(old))
            if removed and not added:
                return tr("Take {names} out of {team}", names=_names(army, before, removed), team=team_label(old))
            return tr("Change the members of {team}", team=team_label(old))

        super().__init__(target, before, before.with_declared_fireteam(fireteam), text, parent)


class DissolveFireteamCommand(ListEditCommand):
    def __init__(self, target: ListTarget, before: ArmyList, uid: str, parent: CompoundCommand | None = None) -> None:
        team = _team(before, uid)
        super().__init__(target, before, before.without_fireteam(uid),
                         lambda: tr("Dissolve {team}", team=team_label(team)), parent)


class LeaveFireteamCommand(ListEditCommand):
    """Troopers leave their fireteams; a team left without members is dissolved."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, uids: Sequence[str],
                 parent: CompoundCommand | None = None) -> None:
        leaving = [u for u in dict.fromkeys(uids) if before.fireteam_of(u) is not None]
        if not leaving:
            raise KeyError("none of these troopers is in a fireteam")
        after = before.leaving_fireteams(leaving)
        teams = [team for team in before.fireteams if any(m in leaving for m in team.members)]
        def text() -> str:
            if len(teams) == 1:
                return tr("Take {names} out of {team}", names=_names(army, before, leaving), team=team_label(teams[0]))
            return tr("Take {names} out of their fireteams", names=_names(army, before, leaving))

        super().__init__(target, before, after, text, parent)


class ApplySuggestionCommand(ListEditCommand):
    """Make one change the fireteam finder suggests (it may move a trooper to another combat group)."""

    def __init__(self, target: ListTarget, before: ArmyList, suggestion: Suggestion, army: Army | None = None,
                 parent: CompoundCommand | None = None) -> None:
        team = _team(before, suggestion.fireteam)
        change = suggestion

        def text() -> str:
            label = team_label(team)
            names = [trooper_name(army, before, uid) for uid in change.troopers]
            if change.kind == "add":
                what = tr("Add {names} to {team}", names=names[0], team=label)
            elif change.kind == "remove":
                what = tr("Take {names} out of {team}", names=names[0], team=label)
            elif change.kind == "swap":
                what = tr("Swap {old} for {new} in {team}", old=names[0], new=names[1], team=label)
            elif len(names) > 1:
                what = tr("Move {name} to Combat Group {group} in place of {old} in {team}", name=names[0],
                          group=change.move_to, old=names[1], team=label)
            else:
                what = tr("Move {name} to Combat Group {group} into {team}", name=names[0], group=change.move_to,
                          team=label)
            result = (tr("level {before} → {after}", before=change.level_before, after=change.level_after)
                      if change.legal_before else tr("legal at level {level}", level=change.level_after))
            return f"{what} ({result})"

        super().__init__(target, before, suggestion.apply(before), text, parent)


class DeclareFoundFireteamCommand(ListEditCommand):
    """Declare a fireteam the finder found (its members leave any team they were in)."""

    def __init__(self, target: ListTarget, before: ArmyList, army: Army | None, found: PossibleFireteam,
                 parent: CompoundCommand | None = None) -> None:
        after = found.declare(before)
        self.uid = after.fireteams[-1].uid
        team = after.fireteams[-1]
        super().__init__(target, before, after,
                         lambda: tr("Form {team} with {names}", team=team_label(team),
                                    names=_names(army, before, found.members)), parent)


class FireteamEdits:
    """The fireteam edits of a document, each pushed as one command onto its undo stack."""

    def __init__(self, document: ListDocumentLike) -> None:
        self.document = document

    def _before(self) -> ArmyList:
        army_list = self.document.army_list
        if army_list is None:
            raise RuntimeError("no list is open")
        return army_list

    def form(self, fireteam: Fireteam) -> None:
        self.document.push(FormFireteamCommand(self.document, self._before(), self.document.army, fireteam))

    def edit(self, fireteam: Fireteam) -> None:
        before = self._before()
        if _team(before, fireteam.uid) != fireteam:
            self.document.push(EditFireteamCommand(self.document, before, self.document.army, fireteam))

    def dissolve(self, uid: str) -> None:
        self.document.push(DissolveFireteamCommand(self.document, self._before(), uid))

    def leave(self, uids: Sequence[str]) -> None:
        before = self._before()
        if any(before.fireteam_of(u) is not None for u in uids):
            self.document.push(LeaveFireteamCommand(self.document, before, self.document.army, uids))

    def apply(self, suggestion: Suggestion) -> None:
        self.document.push(ApplySuggestionCommand(self.document, self._before(), suggestion, self.document.army))

    def declare(self, found: PossibleFireteam) -> str:
        command = DeclareFoundFireteamCommand(self.document, self._before(), self.document.army, found)
        self.document.push(command)
        return command.uid

    def declare_all(self, found: Sequence[PossibleFireteam]) -> list[str]:
        """Declare several found teams (sharing no trooper) as one undo step; their uids."""
        if len(found) == 1:
            return [self.declare(found[0])]
        parent = CompoundCommand(lambda: trn("Form {n} fireteam", "Form {n} fireteams", len(found)))
        state = self._before()
        uids = []
        for team in found:
            command = DeclareFoundFireteamCommand(self.document, state, self.document.army, team, parent)
            uids.append(command.uid)
            state = command.after
        self.document.push(parent)
        return uids
