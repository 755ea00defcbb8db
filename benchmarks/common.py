"""Helpers for benchmarks: timing, medians, where ../shared is, and the desktop app's window."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OFFICIAL_DATA = ROOT.parent / "shared" / "infinity-army" / "n5"


def timed(function: Callable[[], object], repeat: int = 1) -> list[float]:
    """Wall-clock seconds of each of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


# ----- the desktop app (offscreen) ------------------------------------------------------------------

def timed_ms(action: Callable[[], object], app: object) -> float:
    """Milliseconds from calling `action` until the events it posted have been processed."""
    start = time.perf_counter()
    action()
    app.processEvents()  # type: ignore[attr-defined]
    return (time.perf_counter() - start) * 1000


def runs_line(name: str, times_ms: list[float]) -> str:
    """'name: median … ms, worst … ms over N runs'."""
    return (f"{name}: median {statistics.median(times_ms):.1f} ms, worst {max(times_ms):.1f} ms "
            f"over {len(times_ms)} runs")


def main_window(folder: Path, catalog: object) -> tuple[Any, Any]:
    """The application and a main window over `catalog`, its settings in `folder`, shown at 1440×900; what was
    made so far is then set aside from the garbage collector, as the app does once its first window is up
    (`freeze_start_up_objects`, before the player starts): else a full collection walks the catalog again
    (~55 ms with the edit benchmark's list open, against ~6 ms in the app), in whichever edit Python's
    thresholds start it."""
    from PySide6.QtCore import QSettings

    from armybuilder.gui.app import freeze_start_up_objects, make_application
    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.gui.settings_store import SettingsStore

    app = make_application([sys.argv[0]], quiet_offscreen=True)
    settings = SettingsStore(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window = MainWindow(catalog, settings)  # type: ignore[arg-type]
    window.resize(1440, 900)
    window.show()
    app.processEvents()
    freeze_start_up_objects()
    return app, window


def dispose(window: Any, app: Any) -> None:
    """Close `window` and delete it now: a window left alive after its benchmark keeps its connections
    (the stage clock's wrappers among them) and its timers, and the next benchmark's language change or
    window then reached it; `make bench` crashed in bench_gui_app after bench_gui's staged window."""
    from PySide6.QtCore import QEvent

    window.close()
    window.deleteLater()
    app.sendPostedEvents(None, int(QEvent.Type.DeferredDelete))
    app.processEvents()


def fifteen_troopers(window: Any, summary: object) -> list[tuple[int, int, int]]:
    """Open a list of `summary`'s army in the window with 15 of its (non-mercenary) options, spread
    over the army, 10 in combat group 1 and 5 in group 2; returns the (unit, group, option) choices."""
    window._on_army_chosen(summary)
    window.tasks.wait()
    doc = window.document
    army = doc.army
    assert army is not None
    choices = [(u.id, g.id if g else 0, o.id) for u in army.units if not u.mercenary
               for g, o in u.selectable_options()]
    for index in range(15):
        unit, group, option = choices[(index * 7) % len(choices)]
        doc.add_trooper(unit, group, option, 1 + index // 10)
    assert doc.army_list is not None and doc.army_list.trooper_count == 15
    return choices
