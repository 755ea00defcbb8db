"""The open list as the GUI sees it: the current ArmyList, its undo stack and its validation report.

Widgets observe the document's signals and call its edit methods; each edit pushes one undoable
command (armybuilder.gui.undo) that calls one ArmyList method. After every change the list is
re-validated with the rules engine, so the report the widgets show is always the current one.
The document holds state, the undo stack and signals only: what an edit does to the list — the
settings a pack change keeps, where a new trooper goes, what a change of army drops, whether
mercenaries are allowed, a Spec-Ops's XP — is decided in the Qt-free core (`rules.list_settings`,
`rules.list_edits`, `rules.mercenaries`, `rules.specops`, `ArmyList`), which the CLI calls too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from armybuilder.data.catalog import ArmySummary, Catalog
from armybuilder.data.problems import DataError
from armybuilder.domain.lists import ArmyList, ArmyRef
from armybuilder.domain.packs import EditionPack, ReinforcementRules, SeasonPack
from armybuilder.domain.profiles import Army
from armybuilder.domain.roster import ResolvedTrooper
from armybuilder.domain.specops import SpecOpsPick
from armybuilder.gui import undo
from armybuilder.gui.labels import describe_trooper, extra_name, pack_name, tier_label
from armybuilder.gui.weapons import WeaponBook
from armybuilder.i18n import tr, trn
from armybuilder.rules import list_edits, list_settings, mercenaries, specops
from armybuilder.rules.context import suggested_seasons
from armybuilder.rules.engine import Report, validate_in_catalog

Step = TypeVar("Step")
Edit = TypeVar("Edit", bound=undo.ListEditCommand)


def same_army(a: ArmyRef, b: ArmyRef) -> bool:
    return (a.origin, a.id) == (b.origin, b.id)


class ListDocument(QObject):
    """One open army list: state, undo history, validation; the single place edits go through."""

    list_changed = Signal()
    """The list, its roster or its report changed (any edit, undo, redo, open, close)."""
    army_changed = Signal()
    """The list is now built with another army's data (or there is no list any more)."""
    path_changed = Signal()
    modified_changed = Signal(bool)
    focus_requested = Signal(tuple)
    """Troopers (uids) the list editor should select: the ones just added or duplicated."""

    def __init__(self, catalog: Catalog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.undo_stack = QUndoStack(self)
        self._list: ArmyList | None = None
        self._army: Army | None = None
        self._report: Report | None = None
        self._problem: str | None = None
        self._path: Path | None = None
        self._saved: ArmyList | None = None
        self._modified = False
        self._replacing = False
        self._books: dict[str, WeaponBook] = {}

    # ----- state ------------------------------------------------------------------------------
    @property
    def army_list(self) -> ArmyList | None:
        return self._list

    @property
    def army(self) -> Army | None:
        return self._army

    @property
    def report(self) -> Report | None:
        return self._report

    @property
    def problem(self) -> str | None:
        """Why the list could not be validated (e.g. an unknown rules pack), if it could not."""
        return self._problem

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return self._modified

    @property
    def has_list(self) -> bool:
        return self._list is not None

    @property
    def replacing(self) -> bool:
        """True while another list replaces the open one (open, new, close): views start afresh
        then, while after an edit they update in place."""
        return self._replacing

    def resolved(self, uid: str) -> ResolvedTrooper | None:
        return self._report.roster.trooper(uid) if self._report else None

    def weapons(self) -> WeaponBook:
        """The weapon profiles of the data the list's army comes from (empty without a list)."""
        if self._army is None:
            return WeaponBook()
        origin = self._army.origin
        if origin not in self._books:
            self._books[origin] = WeaponBook(self.catalog.weapons(origin))
        return self._books[origin]

    def season(self) -> SeasonPack | None:
        if self._list is None:
            return None
        pack = self.catalog.packs.get(self._list.pack)
        return pack if isinstance(pack, SeasonPack) else None

    def remaining(self) -> tuple[int, int] | None:
        """Points and SWC (halves) left before the limits, or None without a report."""
        if self._report is None:
            return None
        totals = self._report.totals
        return totals.points_limit - totals.points, totals.swc_limit_halves - totals.swc_halves

    # ----- whole-list changes (not undoable: they start a new history) --------------------------
    def start(self, army_list: ArmyList, path: Path | None = None, saved: bool = True) -> None:
        """Show `army_list` (its army must be loadable now) with a fresh undo history. `saved`
        False marks it as not on disk yet (e.g. read from an army code), so closing asks."""
        self._replacing = True
        try:
            self.undo_stack.clear()
            self._list = None
            self._path = path
            self._saved = army_list if saved else None
            self.apply_list(army_list)
        finally:
            self._replacing = False
        self.path_changed.emit()

    def close_list(self) -> None:
        self._replacing = True
        try:
            self.undo_stack.clear()
            self._list = self._army = self._report = None
            self._problem = None
            self._path = self._saved = None
            self.army_changed.emit()
            self.list_changed.emit()
        finally:
            self._replacing = False
        self.path_changed.emit()
        self._update_modified()

    def refresh(self) -> None:
        """Tell the widgets to show the list again (after the language changed). A report is not made
        again: its messages are data, rendered in the current language by whoever shows them. Only a
        list that could not be validated is tried again, for the data layer's words of its problem."""
        if self._list is not None and self._problem is not None:
            self._revalidate()
        self.list_changed.emit()

    def retranslate_history(self) -> None:
        """Reword the undo history in the current language (commands made by the document)."""
        stack = self.undo_stack
        for index in range(stack.count()):
            command = stack.command(index)
            if isinstance(command, undo.ListEditCommand | undo.CompoundCommand):
                command.retranslate()

    def mark_saved(self, army_list: ArmyList, path: Path) -> None:
        """`army_list` is now on disk at `path` (the list may have changed since, while saving)."""
        self._saved = army_list
        if army_list == self._list:
            self.undo_stack.setClean()  # and typing the name afterwards starts a new history entry
        if path != self._path:
            self._path = path
            self.path_changed.emit()
        self._update_modified()

    # ----- the command target ----------------------------------------------------------------
    def apply_list(self, army_list: ArmyList) -> None:
        """Make `army_list` current and re-validate it (called by commands on redo/undo)."""
        new_army = (self._list is None or not same_army(self._list.army, army_list.army)
                    or self._list.pack != army_list.pack)
        self._list = army_list
        if new_army:
            army = self.catalog.army_for_list(army_list)  # a season may add units (ITS S17: a Sāchā)
            new_army = army is not self._army
            self._army = army
        self._revalidate()
        if new_army:
            self.army_changed.emit()
        self.list_changed.emit()
        self._update_modified()

    def _revalidate(self) -> None:
        assert self._list is not None
        try:
            self._report = validate_in_catalog(self._list, self.catalog)
            self._problem = None
        except DataError as exc:
            self._report = None
            self._problem = str(exc)

    def _update_modified(self) -> None:
        modified = self._list is not None and self._list != self._saved
        if modified != self._modified:
            self._modified = modified
            self.modified_changed.emit(modified)

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def _push_steps(self, steps: Sequence[Step],
                    make: Callable[[ArmyList, Step, undo.CompoundCommand | None], Edit],
                    text: undo.Text) -> list[Edit]:
        """One edit per step, each made on the list the previous one left: a single step is pushed
        as it is, several as one history entry worded by `text`. Returns the edits made."""
        if len(steps) == 1:
            command = make(self._current(), steps[0], None)
            self.push(command)
            return [command]
        parent = undo.CompoundCommand(text)
        made: list[Edit] = []
        state = self._current()
        for step in steps:
            made.append(make(state, step, parent))
            state = made[-1].after
        self.push(parent)
        return made

    # ----- edits ------------------------------------------------------------------------------
    def _current(self) -> ArmyList:
        if self._list is None:
            raise RuntimeError("no list is open")
        return self._list

    def placement_group(self, preferred: int | None = None, reinforcement: bool = False) -> int:
        """The combat group a new trooper goes to: `preferred` (or the last group of its section)
        if it has room, else the next group of the section with room, else a new group. Troopers
        of the army's Reinforcements list go to Reinforcements groups, the others to the main ones."""
        groups = self._report.totals.groups if self._report else ()
        return list_edits.placement_group(self._current(), groups, preferred, reinforcement)

    def add_trooper(self, unit: int, group: int, option: int, combat_group: int | None = None,
                    index: int | None = None, reinforcement: bool = False) -> str | None:
        """Add an option of a unit (of the Reinforcements army when `reinforcement`); without a
        combat group it goes where `placement_group` says, in a new group of its section when
        needed. A combat group of the other section refuses it (None)."""
        before = self._current()
        number = combat_group if combat_group is not None else self.placement_group(None, reinforcement)
        target = before.group(number)
        if target is not None and target.reinforcement != reinforcement:
            return None
        army = self.reinforcement_army() if reinforcement else self._army
        if target is None and reinforcement:
            parent = undo.CompoundCommand(lambda: tr("Add {trooper}", trooper=describe_trooper(
                army, unit, group, option)))
            grouped = undo.AddGroupCommand(self, before, True, parent)
            command = undo.AddTrooperCommand(self, grouped.after, army, grouped.number, unit, group, option,
                                                 index, parent)
            self.push(parent)
        else:
            command = undo.AddTrooperCommand(self, before, army, number, unit, group, option, index)
            self.push(command)
        self.focus_requested.emit((command.uid,))
        return command.uid

    def add_specops(self, base: tuple[int, int, int], picks: tuple[SpecOpsPick, ...],
                    combat_group: int | None = None) -> str:
        """Add a Spec-Ops (a base of the army's table with its upgrades) to a main combat group."""
        before = self._current()
        number = combat_group if combat_group is not None else self.placement_group(None, False)
        target = before.group(number)
        if target is not None and target.reinforcement:
            number = self.placement_group(None, False)
        command = undo.AddSpecOpsCommand(self, before, number, base, picks)
        self.push(command)
        self.focus_requested.emit((command.uid,))
        return command.uid

    def set_specops(self, uid: str, base: tuple[int, int, int], picks: tuple[SpecOpsPick, ...]) -> None:
        trooper = self._current().trooper(uid)
        if trooper is None or ((trooper.unit, trooper.group, trooper.option), trooper.specops) == (base, picks):
            return
        self.push(undo.SetSpecOpsCommand(self, self._current(), uid, base, picks))

    def specops_budget(self) -> tuple[int, bool]:
        """(XP a Spec-Ops may spend, whether an Extra of the list allows one): `rules.specops.specops_budget`."""
        chosen = self._list.extras if self._list is not None else ()
        return specops.specops_budget(self.season(), chosen, self.catalog.season_packs())

    def army_of(self, uid: str) -> Army | None:
        """The army whose data names a trooper: the Reinforcements army for a Reinforcements trooper."""
        resolved = self.resolved(uid)
        if resolved is not None:
            return resolved.army
        group = self._list.group_of(uid) if self._list is not None else None
        return self.reinforcement_army() if group is not None and group.reinforcement else self._army

    def remove_troopers(self, uids: Sequence[str]) -> None:
        uids = self._current().present_uids(uids)
        if not uids:
            return
        count = len(uids)
        self._push_steps(uids, lambda state, uid, parent: undo.RemoveTrooperCommand(
            self, state, self.army_of(uid), uid, parent), lambda: tr("Remove {count} troopers", count=count))

    def duplicate_troopers(self, uids: Sequence[str]) -> list[str]:
        """Add a copy of each trooper: in its own combat group while that has room, else where Add would
        put it (`rules.list_edits.duplicate_groups`): one history entry."""
        army_list = self._current()
        uids = army_list.present_uids(uids)
        if not uids:
            return []
        groups = self._report.totals.groups if self._report else ()
        targets = list_edits.duplicate_groups(army_list, groups, uids)
        new_sections = {g.reinforcement for u, n in zip(uids, targets, strict=True)
                        if army_list.group(n) is None and (g := army_list.group_of(u)) is not None}
        count = len(uids)
        first = undo.trooper_name(self.army_of(uids[0]), army_list, uids[0])
        parent = undo.CompoundCommand(lambda: tr("Duplicate {trooper}", trooper=first) if count == 1 else trn(
            "Duplicate {n} trooper", "Duplicate {n} troopers", count)) if count > 1 or True in new_sections else None
        state = army_list
        created = []
        for uid, number in zip(uids, targets, strict=True):
            source = state.group_of(uid)
            if state.group(number) is None and source is not None and source.reinforcement:
                state = undo.AddGroupCommand(self, state, True, parent).after
            command = undo.DuplicateTrooperCommand(self, state, self.army_of(uid), uid, parent, into=number)
            state = command.after
            created.append(command.uid)
            if parent is None:
                self.push(command)
        if parent is not None:
            self.push(parent)
        self.focus_requested.emit(tuple(created))
        return created

    def move_troopers(self, uids: Sequence[str], combat_group: int, row: int | None = None) -> None:
        """Move troopers, in order, to `row` of a combat group as it is now (None: to its end).
        Troopers never change section: a Reinforcements trooper stays in Reinforcements groups."""
        steps = list_edits.move_steps(self._current(), uids, combat_group, row)
        if not steps:
            return
        count = len(steps)
        self._push_steps(steps, lambda state, step, parent: undo.MoveTrooperCommand(
            self, state, self.army_of(step[0]), step[0], combat_group, step[1], parent),
            lambda: tr("Move {count} troopers to Combat Group {number}", count=count, number=combat_group))
        self.focus_requested.emit(tuple(uid for uid, _ in steps))

    def move_to_new_group(self, uids: Sequence[str]) -> int | None:
        """Move troopers (of one section) to a new combat group of their section: one history entry."""
        army_list = self._current()
        groups = {g.reinforcement for g in (army_list.group_of(u) for u in dict.fromkeys(uids)) if g is not None}
        if len(groups) != 1:
            return None
        reinforcement = groups.pop()
        moving = army_list.present_uids(uids)
        count = len(moving)
        first = undo.trooper_name(self.army_of(moving[0]), army_list, moving[0]) if moving else ""

        def text() -> str:
            if count == 1:
                return (tr("Move {trooper} to a new Reinforcements group", trooper=first) if reinforcement
                        else tr("Move {trooper} to a new combat group", trooper=first))
            return (tr("Move {count} troopers to a new Reinforcements group", count=count) if reinforcement
                    else tr("Move {count} troopers to a new combat group", count=count))

        parent = undo.CompoundCommand(text)
        grouped = undo.AddGroupCommand(self, army_list, reinforcement, parent)
        state = grouped.after
        for uid in moving:
            child = undo.MoveTrooperCommand(self, state, self.army_of(uid), uid, grouped.number, None, parent)
            state = child.after
        self.push(parent)
        self.focus_requested.emit(tuple(moving))
        return grouped.number

    def move_by(self, uid: str, step: int) -> None:
        """Move a trooper one place up (-1) or down (+1), into the neighbouring group at its ends."""
        army_list = self._current()
        if army_list.group_of(uid) is None:
            return
        place = list_edits.step_place(army_list, uid, step)
        if place is not None:
            self.push(undo.MoveTrooperCommand(self, army_list, self.army_of(uid), uid, *place))
        self.focus_requested.emit((uid,))

    def change_option(self, uid: str, group: int, option: int) -> None:
        trooper = self._current().trooper(uid)
        if trooper is None or (trooper.group, trooper.option) == (group, option):
            return
        self.push(undo.ChangeOptionCommand(self, self._current(), self.army_of(uid), uid, group, option))

    def add_group(self, reinforcement: bool = False) -> int:
        command = undo.AddGroupCommand(self, self._current(), reinforcement)
        self.push(command)
        return command.number

    def remove_group(self, number: int) -> None:
        if self._current().group(number) is not None:
            self.push(undo.RemoveGroupCommand(self, self._current(), number))

    def set_rules_pack(self, pack_id: str) -> None:
        """Use another rules pack, keeping the game size where the new pack allows it."""
        before = self._current()
        if pack_id == before.pack:
            return
        pack = self.catalog.pack(pack_id)
        size = self._report.totals.points_limit if self._report else list_settings.game_size(before, self.catalog)
        after = list_settings.with_rules_pack(before, pack, size)
        self.push(undo.ChangeRulesCommand(self, before, pack_id, lambda: pack_name(pack), after.tier, after.points,
                                          after.extras))

    def set_game_size(self, tier: str | None, points: int | None) -> None:
        before = self._current()
        if (before.tier, before.points) == (tier, points):
            return
        season = self.season()
        found = season.tier(tier) if (season and tier) else None
        self.push(undo.ChangeGameSizeCommand(
            self, before, tier, points,
            lambda: tier_label(found) if found else trn("{n} point", "{n} points", points or 0)))

    def set_extra(self, extra_id: str, on: bool) -> None:
        before = self._current()
        if (extra_id in before.extras) == on:
            return
        season = self.season()
        extra = season.extra(extra_id) if season else None
        self.push(undo.ToggleExtraCommand(self, before, extra_id,
                                              lambda: extra_name(extra) if extra else extra_id, on))

    def rename(self, name: str) -> None:
        before = self._current()
        if name != before.name:
            self.push(undo.RenameListCommand(self, before, name))

    def set_notes(self, notes: str) -> None:
        before = self._current()
        if notes != before.notes:
            self.push(undo.ChangeNotesCommand(self, before, notes))

    def troopers_lost_with(self, ref: ArmyRef) -> list[str]:
        """The troopers (uids) the list cannot keep when built with another army: their unit or
        option is not in it (or, in a Reinforcements group, not in its Reinforcements army)."""
        return list_edits.troopers_lost_with(self._current(), self.catalog, ref)

    def change_army(self, ref: ArmyRef, drop: Sequence[str] = ()) -> None:
        """Build the list with another army (its data must already be loaded in the catalog),
        removing the troopers in `drop` (those it cannot keep): one history entry."""
        before = self._current()
        if same_army(before.army, ref):
            return
        drop = before.present_uids(drop)
        if not drop:
            self.push(undo.ChangeArmyCommand(self, before, ref))
            return
        count = len(drop)
        name = ref.name or str(ref.id)
        parent = undo.CompoundCommand(lambda: trn("Switch army to {army}, removing {n} trooper",
                                                      "Switch army to {army}, removing {n} troopers", count, army=name))
        state = before
        for uid in drop:  # named while their old army still explains them
            state = undo.RemoveTrooperCommand(self, state, self.army_of(uid), uid, parent).after
        undo.ChangeArmyCommand(self, state, ref, parent)
        self.push(parent)

    # ----- the Reinforcements section ---------------------------------------------------------
    def reinforcement_summary(self) -> ArmySummary | None:
        """The army's Reinforcements army (not loaded), when it has one the catalog knows."""
        return self.catalog.reinforcement_summary(self._army) if self._army is not None else None

    def reinforcement_army(self) -> Army | None:
        """The Reinforcements army's data (loaded from the catalog, which keeps it), or None."""
        summary = self.reinforcement_summary()
        if summary is None:
            return None
        try:
            return self.catalog.army(summary.ref)
        except DataError:
            return None

    def rules(self) -> tuple[EditionPack | None, SeasonPack | None]:
        """The edition and season whose rules the list is judged by (None when unknown)."""
        if self._list is None:
            return None, None
        try:
            return self.catalog.rules_for(self._list, self._army)
        except DataError:
            return None, self.season()

    def reinforcement_rules(self) -> ReinforcementRules | None:
        """The edition's rules for a Reinforcements section, when the list's edition has them."""
        if self._list is None:
            return None
        edition, _ = self.rules()
        return edition.reinforcements if edition is not None else None

    # ----- mercenaries -----------------------------------------------------------------------
    def mercenaries_allowed(self) -> bool:
        """Whether the list may field the army's mercenary pool (`rules.mercenaries.mercenary_extra`)."""
        return self._list is not None and mercenaries.mercenary_extra(self.season(), self._list.extras) is not None

    def mercenary_hint(self) -> str:
        """How mercenaries become available to this list, in the player's words."""
        if self._list is None:
            return ""
        season = self.season()
        extra = mercenaries.mercenary_extra(season, self._list.extras)
        if extra is not None:
            return tr("{extra} is on: up to {points} points of mercenaries.", extra=extra_name(extra),
                      points=extra.mercenary_points)
        here = next((e for e in season.extras if mercenaries.offers_mercenaries(e)), None) if season else None
        if here is not None:
            return tr("Mercenaries need the {extra} extra: switch it on in Extras, above the list.",
                      extra=extra_name(here))
        edition = self._army.edition if self._army is not None else None
        seasons = suggested_seasons(self.catalog.season_packs(), edition, mercenaries.offers_mercenaries)
        if seasons:  # the army's own edition's season first, as the rule's message says
            pack = seasons[0]
            extra = next(e for e in pack.extras if mercenaries.offers_mercenaries(e))
            return tr("Mercenaries need the {extra} extra of a tournament season: choose {pack} in Rules, then "
                      "switch it on in Extras (the army's own edition still sets the limits).",
                      extra=extra_name(extra), pack=pack_name(pack))
        return tr("None of the rules packs lets this list field mercenaries.")

    # ----- reading helpers for the widgets ---------------------------------------------------
    def uids_in_order(self) -> list[str]:
        return [t.uid for _, t in self._list.troopers()] if self._list else []

    def existing(self, uids: Iterable[str]) -> list[str]:
        """Those of `uids` that are troopers of the open list, each once, in the order given."""
        return self._list.present_uids(uids) if self._list is not None else []
