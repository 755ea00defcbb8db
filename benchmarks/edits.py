"""One edit in the desktop app, from the player's action until the window has repainted, and where its
time goes (offscreen; used by bench_gui).

`Settler` runs the event loop until nothing is left to do: no layout, paint, timer or queued call is
delivered in a whole pass (an edit's work runs over several passes: the list view lays its rows out on a
timer, the window repaints on an update request, queued calls follow). `EditBench` builds a 15-trooper
list of an army with a fireteam the list can form, makes each kind of edit a player makes — add (as a
double click on an option the player found in the unit browser does), undo and redo (the actions), move
(as a drop does), change option (as the option picker commits), form a fireteam (as the dialog's OK
does) — and times each one in wall-clock and in the GUI thread's CPU time, with the validation of the
same list measured between the edits. `StageClock` splits the edits' time into stages (command,
validation, each widget's update, selection and card, layout, paint) by wrapping the methods that do them.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial, wraps
from typing import Any

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

WORK_EVENTS = frozenset({
    QEvent.Type.UpdateRequest, QEvent.Type.Paint, QEvent.Type.LayoutRequest, QEvent.Type.Timer,
    QEvent.Type.MetaCall, QEvent.Type.UpdateLater, QEvent.Type.Resize, QEvent.Type.Move,
    QEvent.Type.DeferredDelete, QEvent.Type.Polish, QEvent.Type.PolishRequest,
})
"""Events that mean the app still has something to do after an edit."""

MAX_PASSES = 30


class Settler(QObject):
    """Runs the event loop until a whole pass delivers none of the `WORK_EVENTS`."""

    def __init__(self, app: QApplication) -> None:
        super().__init__()
        self.app = app
        self.seen = 0
        self.passes = 0
        app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in WORK_EVENTS:
            self.seen += 1
        return False

    def settle(self) -> int:
        """Process events until idle; returns the passes that had work."""
        busy = 0
        for _ in range(MAX_PASSES):
            self.seen = 0
            self.app.processEvents()
            if not self.seen:
                break
            busy += 1
        self.passes = busy
        return busy

    def remove(self) -> None:
        self.app.removeEventFilter(self)


@dataclass(frozen=True)
class Timing:
    wall_ms: float
    cpu_ms: float


def timed_edit(action: Callable[[], object], settler: Settler) -> Timing:
    """Wall-clock and GUI-thread CPU milliseconds from the action until the window is idle again."""
    wall, cpu = time.perf_counter(), time.thread_time()
    action()
    settler.settle()
    return Timing((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000)


Timer = Callable[[Callable[[], object], Settler], Timing]


# ----- where the time goes ------------------------------------------------------------------------

class StageClock(QObject):
    """Exclusive GUI-thread CPU time per stage: a wrapped method's time counts for its stage, minus the
    time of the wrapped methods it calls (each counted for their own). With `staged_edit`, the rest of the
    action counts as the command, the rest of the event loop's passes as layout (and queued work), and the
    window's update requests (the repaint), once the clock filters the app's events, as paint."""

    def __init__(self) -> None:
        super().__init__()
        self.totals: dict[str, float] = defaultdict(float)
        self._stack: list[str] = []
        self._mark = 0.0
        self._patched: list[tuple[Any, str, Any]] = []

    def push(self, stage: str) -> None:
        now = time.thread_time()
        if self._stack:
            self.totals[self._stack[-1]] += now - self._mark
        self._stack.append(stage)
        self._mark = now

    def pop(self) -> None:
        now = time.thread_time()
        self.totals[self._stack.pop()] += now - self._mark
        self._mark = now

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        self.push(name)
        try:
            yield
        finally:
            self.pop()

    def wrap(self, owner: Any, name: str, stage: str) -> None:
        """Count `owner.name` (a class's method or a module's function) for `stage`."""
        original = getattr(owner, name)
        clock = self

        @wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            clock.push(stage)
            try:
                return original(*args, **kwargs)
            finally:
                clock.pop()

        setattr(owner, name, timed)
        self._patched.append((owner, name, original))

    def restore(self) -> None:
        for owner, name, original in reversed(self._patched):
            setattr(owner, name, original)
        self._patched = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest and watched.isWidgetType():
            self.push("paint")
            try:
                watched.event(event)
            finally:
                self.pop()
            return True
        return False

    def shares(self) -> list[tuple[str, float]]:
        total = sum(self.totals.values())
        return [(name, seconds / total if total else 0.0)
                for name, seconds in sorted(self.totals.items(), key=lambda item: -item[1])]


def staged_edit(clock: StageClock, action: Callable[[], object], settler: Settler) -> Timing:
    """`timed_edit` with the action's own work counted as "command" and the event loop's as "layout"."""
    start = time.thread_time()
    with clock.stage("command"):
        action()
    with clock.stage("layout and queued work"):
        settler.settle()
    return Timing(0.0, (time.thread_time() - start) * 1000)


STAGES: dict[str, tuple[tuple[str, str, str], ...]] = {
    # stage: (module, owner (class, or "" for a module function), method)
    "validation": (("armybuilder.gui.document", "", "validate_in_catalog"),),
    "list model and tree": (("armybuilder.gui.models.roster", "ListTreeModel", "_on_list_changed"),),
    "problems panel": (("armybuilder.gui.widgets.validationpanel", "ValidationPanel", "_on_list_changed"),
                       ("armybuilder.gui.models.violations", "ViolationListModel", "_on_list_changed")),
    "totals, browser, title, actions": (("armybuilder.gui.mainwindow", "MainWindow", "_on_list_changed"),),
    "fireteam panels": (("armybuilder.gui.fireteams.feature", "FireteamFeature", "_on_list_changed"),
                        ("armybuilder.gui.fireteams.feature", "FireteamFeature", "_on_list_selection_changed")),
    "selection and card": (("armybuilder.gui.widgets.listeditor", "ListEditor", "_on_edit_done"),
                           ("armybuilder.gui.widgets.listeditor", "ListEditor", "_on_focus_requested"),
                           ("armybuilder.gui.widgets.listeditor", "ListEditor", "select_troopers"),
                           ("armybuilder.gui.mainwindow", "MainWindow", "_on_list_selection_changed"),
                           ("armybuilder.gui.widgets.profilecard", "ProfileCard", "show_unit")),
    "row measuring": (("armybuilder.gui.widgets.wrapping", "WrappingDelegate", "sizeHint"),
                      ("armybuilder.gui.widgets.profilecard", "LoadoutDelegate", "sizeHint")),
}
"""What each stage of an edit is made of (patched before the window is made, so that signal
connections reach the wrappers)."""


def instrument(clock: StageClock) -> None:
    import importlib

    for stage, targets in STAGES.items():
        for module_name, owner_name, method in targets:
            module = importlib.import_module(module_name)
            owner = getattr(module, owner_name) if owner_name else module
            if hasattr(owner, method):
                clock.wrap(owner, method, stage)


# ----- the edits ----------------------------------------------------------------------------------

EDITS = ("add", "undo", "redo", "move", "change option", "form fireteam")


@dataclass
class EditFigures:
    """Every timing of one run: per edit kind, and the validations of the list between them."""

    edits: dict[str, list[Timing]] = field(default_factory=lambda: {name: [] for name in EDITS})
    validations: list[Timing] = field(default_factory=list)

    def median(self, name: str, cpu: bool) -> float:
        return statistics.median(t.cpu_ms if cpu else t.wall_ms for t in self.edits[name])

    def worst(self, name: str, cpu: bool) -> float:
        return max(t.cpu_ms if cpu else t.wall_ms for t in self.edits[name])

    def validation(self, cpu: bool) -> float:
        return statistics.median(t.cpu_ms if cpu else t.wall_ms for t in self.validations)


class EditBench:
    """A window with a 15-trooper list of `summary`'s army, and the edits of one round."""

    def __init__(self, window: Any, app: QApplication, summary: Any) -> None:
        from armybuilder.rules.engine import validate_in_catalog

        self.window = window
        self.app = app
        self.doc = window.document
        self.validate = validate_in_catalog
        self.catalog = window.catalog
        window._on_army_chosen(summary)
        window.tasks.wait()
        self.settler = Settler(app)
        self.settler.settle()
        self.choices, self.team_members = self._fill()
        self.settler.settle()
        self.fireteam = self._fireteam()

    # the list: three troopers that can form a fireteam, then 12 options spread over the army
    def _fill(self) -> tuple[list[tuple[int, int, int]], tuple[str, ...]]:
        doc = self.doc
        army = doc.army
        choices = [(u.id, g.id if g else 0, o.id) for u in army.units if not u.mercenary
                   for g, o in u.selectable_options()]
        member = self._team_unit()
        uids: list[str] = []
        if member is not None:
            for _ in range(3):
                uids.append(doc.add_trooper(*member, 1))
        index = 0
        while doc.army_list.trooper_count < 15:
            unit, group, option = choices[(index * 7) % len(choices)]
            doc.add_trooper(unit, group, option, 1 if doc.army_list.trooper_count < 10 else 2)
            index += 1
        return choices, tuple(uids)

    def _team_unit(self) -> tuple[int, int, int] | None:
        """An option of a unit of which three troopers form a fireteam of the army's chart."""
        from armybuilder.rules.fireteams.finder import find_fireteams

        army = self.doc.army
        base = self.doc.army_list
        by_slug = {u.slug: u for u in army.units if not u.mercenary}
        for team in army.fireteam_chart.teams:
            for member in team.members:
                unit = by_slug.get(member.slug)
                options = list(unit.selectable_options()) if unit is not None else []
                if unit is None or not options:
                    continue
                group, option = options[0]
                key = (unit.id, group.id if group else 0, option.id)
                trial = base
                for _ in range(3):
                    trial, _uid = trial.with_trooper(1, *key)
                report = self.validate(trial, self.catalog)
                if report.context is not None and any(len(p.members) >= 3 for p in find_fireteams(report.context)):
                    return key
        return None

    def _fireteam(self) -> Any:
        from armybuilder.domain.lists import Fireteam
        from armybuilder.rules.fireteams.finder import find_fireteams

        report = self.doc.report
        if not self.team_members or report is None or report.context is None:
            return None
        members = set(self.team_members)
        found = [p for p in find_fireteams(report.context) if set(p.members) <= members and len(p.members) >= 2]
        if not found:
            return None
        best = max(found, key=lambda p: (p.level, len(p.members)))
        return Fireteam(uid=self.doc.army_list.next_uid("f"), type=best.type, team=best.team, members=best.members)

    # the player's actions
    def _other_option(self) -> tuple[str, tuple[int, int]] | None:
        doc = self.doc
        for uid in doc.uids_in_order():
            if uid in self.team_members:
                continue
            trooper = doc.army_list.trooper(uid)
            unit = doc.army_of(uid).unit(trooper.unit) if trooper else None
            if unit is None:
                continue
            keys = [(g.id if g else 0, o.id) for g, o in unit.selectable_options()]
            key = next((k for k in keys if k != (trooper.group, trooper.option)), None)
            if key is not None:
                return uid, key
        return None

    def _browse_to(self, unit: int, group: int, option: int) -> None:
        """The player finds the option in the unit browser first (its card shows): not part of the edit."""
        browser = self.window.browser
        index = browser.option_index(unit, group, option)
        if index.isValid():
            browser.tree.setCurrentIndex(index)
        self.settler.settle()

    def _change_option(self, uid: str, key: tuple[int, int]) -> None:
        """As the option picker commits: the model's setData on the trooper's option cell."""
        from armybuilder.gui.models.roster import Column

        model = self.window.editor.model
        model.setData(model.trooper_index(uid, Column.OPTION), key, Qt.ItemDataRole.EditRole)

    def _validation(self) -> Timing:
        army_list = self.doc.army_list
        wall, cpu = time.perf_counter(), time.thread_time()
        self.validate(army_list, self.catalog)
        return Timing((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000)

    def pause(self, ms: float) -> None:
        """The player's pause before an action: the event loop runs idle (waits for events) for `ms`."""
        loop = QEventLoop()
        QTimer.singleShot(int(ms), loop.quit)
        loop.exec()

    def run(self, rounds: int, figures: EditFigures, validations: int = 5, timer: Timer = timed_edit,
            pause_ms: float = 0) -> EditFigures:
        """`rounds` of every edit, each timed by `timer`, with `validations` of the list before each round;
        with `pause_ms`, the event loop runs idle that long (untimed) before each edit, as between a player's
        clicks — what the app does when left alone (the card prepares pages) happens then."""
        doc, window, settler = self.doc, self.window, self.settler

        def timed_edit(action: Callable[[], object], settler: Settler) -> Timing:
            if pause_ms:
                self.pause(pause_ms)
            return timer(action, settler)

        actions = window.action_set
        for round_ in range(rounds):
            for _ in range(validations):  # the list as it is between edits: 15 troopers
                figures.validations.append(self._validation())
            unit, group, option = self.choices[round_ % len(self.choices)]
            self._browse_to(unit, group, option)
            figures.edits["add"].append(timed_edit(partial(window._on_option_activated, unit, group, option), settler))
            figures.edits["undo"].append(timed_edit(actions.undo.trigger, settler))
            figures.edits["redo"].append(timed_edit(actions.redo.trigger, settler))
            actions.undo.trigger()
            settler.settle()
            movable = [u for u in doc.uids_in_order() if u not in self.team_members]
            uid = movable[round_ % len(movable)]
            group_of = doc.army_list.group_of(uid)
            target = 2 if group_of is not None and group_of.number == 1 else 1
            figures.edits["move"].append(timed_edit(partial(doc.move_troopers, [uid], target, 0), settler))
            changeable = self._other_option()
            if changeable is not None:
                figures.edits["change option"].append(timed_edit(partial(self._change_option, *changeable), settler))
            if self.fireteam is not None:
                figures.edits["form fireteam"].append(timed_edit(partial(window.fireteams.edits.form, self.fireteam),
                                                                 settler))
                actions.undo.trigger()
                settler.settle()
        return figures
