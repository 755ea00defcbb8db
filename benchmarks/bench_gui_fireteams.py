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
import tempfile
from pathlib import Path

from benchmarks.common import ROOT, dispose, main_window, runs_line, timed, timed_ms

BLIZZARD_A = ROOT / "examples" / "blizzard-6-a.yaml"
RUNS = 15


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from armybuilder.data.catalog import Catalog
    from armybuilder.domain.lists import Fireteam
    from armybuilder.domain.values import FireteamType
    from armybuilder.gui.printing.work import PrintOut
    from armybuilder.paths import bundled_profiles_dir

    with tempfile.TemporaryDirectory() as folder:
        os.environ["ARMYBUILDER_HOME"] = str(Path(folder) / "data")
        app, window = main_window(Path(folder), Catalog.from_paths([bundled_profiles_dir()]))
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
                times["form"].append(timed_ms(lambda: feature.edits.form(core), app))
                times["dissolve"].append(timed_ms(lambda: feature.edits.dissolve("f1"), app))
                times["undo"].append(timed_ms(doc.undo_stack.undo, app))
                doc.undo_stack.undo()
                app.processEvents()
            for name, values in times.items():
                print(runs_line(f"fireteam edit with the {tab} tab showing — {name}", values), flush=True)

        opening = []
        for _ in range(RUNS):
            window.editor.select_troopers(list(fusiliers))
            opening.append(timed_ms(feature.actions.form.trigger, app))
            dialog = feature.dialog
            assert dialog is not None
            dialog.reject()
            app.processEvents()
        print(runs_line("opening the form dialog on 4 Fusiliers (every team and type judged)", opening), flush=True)

        feature.edits.form(core)
        window.printing.export.trigger()
        export = window.printing.dialog
        assert export is not None
        export.tasks.wait()
        for output in (PrintOut.FULL_PDF, PrintOut.COURTESY_PDF):
            export.preview_choice.setCurrentIndex(export.preview_choice.findData(output.value))
            runs = [timed_ms(lambda: export.tasks.wait(export.refresh_preview()), app) for _ in range(5)]
            pages = len(export.last_preview.pages) if export.last_preview else 0
            print(runs_line(f"preview of the {output.label} (pages: {pages}; made and rendered off the GUI thread)",
                            runs), flush=True)
        saves = []
        for number in range(5):
            path = Path(folder) / f"out{number}.pdf"
            export.ask_save_path = lambda _settings, path=path: path
            saves.append(timed(lambda export=export: export.tasks.wait(export._on_save()))[0] * 1000)  # type: ignore[misc]
            app.processEvents()  # the dialog closed itself after saving
            window.printing.export.trigger()
            export = window.printing.dialog
            assert export is not None
            export.tasks.wait()
        print(runs_line("saving the full and courtesy PDFs (made and written off the GUI thread)", saves), flush=True)
        export.reject()
        doc.close_list()
        dispose(window, app)


if __name__ == "__main__":
    main()
