"""Run slow work (file I/O, loading imported armies) off the GUI thread and report back on it.

`TaskRunner.run(work, on_done, on_error)` runs `work()` in a thread pool; the callbacks run on
the GUI thread. `busy_changed` drives the busy indicator in the status bar (quiet work, which says it is
under way where it shows, does not).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QDeadlineTimer, QEventLoop, QObject, QRunnable, QThreadPool, QTimer, Signal, Slot


@dataclass
class _Pending:
    on_done: Callable[[Any], None]
    on_error: Callable[[BaseException], None]
    message: str
    quiet: bool = False


class _Job(QRunnable):
    def __init__(self, runner: QObject, report: Callable[[int, object, object], None], task_id: int,
                 work: Callable[[], Any]) -> None:
        super().__init__()
        self._runner = runner
        self._report_to = report
        self._task_id = task_id
        self._work = work

    def run(self) -> None:
        try:
            result = self._work()
        except BaseException as exc:  # reported on the GUI thread, never lost in the worker
            self._report(None, exc)
        else:
            self._report(result, None)

    def _report(self, result: object, error: object) -> None:
        try:
            self._report_to(self._task_id, result, error)
        except RuntimeError:
            if shiboken6.isValid(self._runner):
                raise
            # the runner was deleted while the job ran (its window closed): nobody is left to tell


class TaskRunner(QObject):
    """A small queue of background jobs whose results come back as GUI-thread callbacks."""

    busy_changed = Signal(bool, str)
    """(busy, message of the oldest running job)."""

    _finished = Signal(int, object, object)

    def __init__(self, pool: QThreadPool | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool(self)
        self._pool.setMaxThreadCount(max(1, min(2, self._pool.maxThreadCount())))
        self._pending: dict[int, _Pending] = {}
        self._ids = itertools.count(1)
        self._finished.connect(self._on_finished)

    @property
    def busy(self) -> bool:
        """Whether work the busy indicator stands for is under way (quiet work is not counted)."""
        return any(not pending.quiet for pending in self._pending.values())

    def run(self, work: Callable[[], Any], on_done: Callable[[Any], None],
            on_error: Callable[[BaseException], None], message: str = "", quiet: bool = False) -> int:
        """Start `work` in the background; returns a task id for `wait()`. `quiet` work leaves the busy
        indicator as it is (what it does is shown where it matters, e.g. the library panel's count)."""
        task_id = next(self._ids)
        was_busy = self.busy
        self._pending[task_id] = _Pending(on_done, on_error, message, quiet)
        if not quiet and (not was_busy or message):
            self.busy_changed.emit(True, self._message())
        self._pool.start(_Job(self, self._finished.emit, task_id, work))
        return task_id

    def is_running(self, task_id: int) -> bool:
        return task_id in self._pending

    def wait(self, task_id: int | None = None, timeout_ms: int = 30000) -> bool:
        """Keep the GUI responsive until a task (or every task) has reported; False on timeout."""
        deadline = QDeadlineTimer(timeout_ms)

        def done() -> bool:
            return not self._pending if task_id is None else task_id not in self._pending

        loop = QEventLoop()
        while not done() and not deadline.hasExpired():
            QTimer.singleShot(10, loop.quit)
            loop.exec()
        return done()

    def _message(self) -> str:
        return next((p.message for p in self._pending.values() if p.message), "")

    @Slot(int, object, object)
    def _on_finished(self, task_id: int, result: Any, error: BaseException | None) -> None:
        pending = self._pending.pop(task_id, None)
        if pending is None or not pending.quiet:
            if not self.busy:
                self.busy_changed.emit(False, "")
            else:
                self.busy_changed.emit(True, self._message())
        if pending is None:
            return
        if error is not None:
            pending.on_error(error)
        else:
            pending.on_done(result)
