"""Fireteams and print-outs in the desktop app, measured through the window (offscreen).

    python -m benchmarks gui_fireteams

* a fireteam edit (form a Core from the dialog's choice, dissolve, undo) on the Svalarheima
  Blizzard-6 list with the Fireteams tab showing, until the list, the panel and the window are
  updated; and the same edits with the Finder tab showing (the finder runs after each edit);
* opening the form dialog on four selected Fusiliers (every chart team and type judged);
* the export dialog's preview: from asking for it to its pages shown (PDF made and rendered on a
  worker thread), for the full and the courtesy list; and saving both PDFs.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import ROOT

BLIZZARD_A = ROOT / "examples" / "blizzard-6-a.yaml"
RUNS = 15


def _ms(action: Callable[[], object], app: object) -> float:
    start = time.perf_counter()
    action()
    app.processEvents()  # type: ignore[attr-defined]
    return (time.perf_counter() - start) * 1000


def _line(name: str, times: list[float]) -> str:
    return f"{name}: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms over {len(times)} runs"


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from armybuilder.data.catalog import Catalog
    from armybuilder.domain.lists import Fireteam
    from armybuilder.domain.values import FireteamType
    from armybuilder.gui.app import make_application
    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.gui.printing.work import PrintOut
    from armybuilder.gui.settings import AppSettings
    from armybuilder.paths import bundled_profiles_dir

    app = make_application([sys.argv[0]], quiet_offscreen=True)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ARMYBUILDER_HOME"] = str(Path(folder) / "data")
        settings = AppSettings(QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat))
        window = MainWindow(Catalog.from_paths([bundled_profiles_dir()]), settings)
        window.resize(1440, 900)
        window.show()
        window.tasks.wait(window.open_path(BLIZZARD_A))
        doc, feature = window.document, window.fireteams
        assert doc.army_list is not None
        doc.start(doc.army_list.model_copy(update={"fireteams": ()}))  # the example declares them: start bare
        app.processEvents()
        fusiliers = tuple(u for u in doc.uids_in_order()
                          if (r := doc.resolved(u)) is not None and r.unit.slug == "fusiliers")
        core = Fireteam(uid="f1", type=FireteamType.CORE, team="Fusiliers", members=fusiliers)

        for tab, show in (("Fireteams", feature.show_teams), ("Finder", feature.show_finder)):
            show.trigger()
            app.processEvents()
            times: dict[str, list[float]] = {"form": [], "dissolve": [], "undo": []}
            for _ in range(RUNS):
                times["form"].append(_ms(lambda: feature.edits.form(core), app))
                times["dissolve"].append(_ms(lambda: feature.edits.dissolve("f1"), app))
                times["undo"].append(_ms(doc.undo_stack.undo, app))
                doc.undo_stack.undo()
                app.processEvents()
            for name, values in times.items():
                print(_line(f"fireteam edit with the {tab} tab showing — {name}", values), flush=True)

        opening = []
        for _ in range(RUNS):
            window.editor.select_troopers(list(fusiliers))
            opening.append(_ms(feature.actions.form.trigger, app))
            dialog = feature.dialog
            assert dialog is not None
            dialog.reject()
            app.processEvents()
        print(_line("opening the form dialog on 4 Fusiliers (every team and type judged)", opening), flush=True)

        feature.edits.form(core)
        window.printing.export.trigger()
        export = window.printing.dialog
        assert export is not None
        export.tasks.wait()
        for output in (PrintOut.FULL_PDF, PrintOut.COURTESY_PDF):
            export.preview_choice.setCurrentIndex(export.preview_choice.findData(output.value))
            runs = []
            for _ in range(5):
                start = time.perf_counter()
                task = export.refresh_preview()
                export.tasks.wait(task)
                app.processEvents()
                runs.append((time.perf_counter() - start) * 1000)
            pages = len(export.last_preview.pages) if export.last_preview else 0
            print(_line(f"preview of the {output.label} (pages: {pages}; made and rendered off the GUI thread)",
                        runs), flush=True)
        saves = []
        for number in range(5):
            path = Path(folder) / f"out{number}.pdf"
            export.ask_save_path = lambda _settings, path=path: path  # type: ignore[method-assign]
            start = time.perf_counter()
            task = export._on_save()
            export.tasks.wait(task)
            saves.append((time.perf_counter() - start) * 1000)
            app.processEvents()  # the dialog closed itself after saving
            window.printing.export.trigger()
            export = window.printing.dialog
            assert export is not None
            export.tasks.wait()
        print(_line("saving the full and courtesy PDFs (made and written off the GUI thread)", saves), flush=True)
        export.reject()
        doc.close_list()
        window.close()


if __name__ == "__main__":
    main()
