"""The background task runner: results come back on the GUI thread, and a job that outlives its runner (the
window closed while it ran) ends quietly instead of raising in the worker thread."""

from __future__ import annotations

import threading

import shiboken6
from PySide6.QtCore import QThreadPool

from armybuilder.gui.tasks import TaskRunner


def test_a_result_comes_back_on_the_gui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    runner = TaskRunner()
    seen: list[tuple[object, bool]] = []
    runner.run(lambda: 42, lambda result: seen.append((result, threading.current_thread() is threading.main_thread())),
               lambda error: seen.append((error, False)))
    assert runner.wait()
    assert seen == [(42, True)]


def test_a_job_that_outlives_its_runner_ends_quietly(qtbot) -> None:  # type: ignore[no-untyped-def]
    """pytest-qt fails the test on an exception raised in a Qt virtual (QRunnable.run), as it did with
    'Signal source has been deleted' when a window closed during a load."""
    pool = QThreadPool()
    started, release, finished = threading.Event(), threading.Event(), threading.Event()

    def work() -> int:
        started.set()
        release.wait(10)
        return 1

    def failed(error: BaseException) -> None:
        raise AssertionError(f"no runner is left to report to: {error}")

    runner = TaskRunner(pool)
    runner.run(work, lambda result: finished.set(), failed)
    assert started.wait(10)
    shiboken6.delete(runner)  # the window and its runner are gone while the job still runs
    release.set()
    assert pool.waitForDone(10000)
    qtbot.wait(50)
    assert not finished.is_set()


def test_quiet_work_leaves_the_busy_indicator_alone(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The library reads its folder after every change of the list's saved state and says so in its panel: the
    status bar's busy indicator, shown and hidden again each time, repainted the window twice."""
    runner = TaskRunner()
    told: list[tuple[bool, str]] = []
    runner.busy_changed.connect(lambda busy, message: told.append((busy, message)))
    release = threading.Event()
    quiet = runner.run(lambda: release.wait(10), lambda _: None, lambda _: None, quiet=True)
    assert not runner.busy and told == []
    loud = runner.run(lambda: 1, lambda _: None, lambda _: None, message="Loading")
    assert runner.busy and told == [(True, "Loading")]
    assert runner.wait(loud)
    assert told == [(True, "Loading"), (False, "")]  # the quiet work still under way is not shown
    assert runner.is_running(quiet) and not runner.busy
    release.set()
    assert runner.wait()
    assert told == [(True, "Loading"), (False, "")]
