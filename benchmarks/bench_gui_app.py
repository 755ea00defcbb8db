"""Desktop app, part 2: switching language, autosaving, importing through the dialog (offscreen).

    python -m benchmarks gui_app

* switching language (English ↔ Spanish) with a 15-trooper list open: Qt's translator installed and
  every widget, model, message and the undo history reworded, until the window has repainted;
* autosave: the GUI-thread part (the list file text and its JSON envelope for a 15-trooper list) and
  the whole write (atomic, on the autosave's worker) until it is on disk;
* importing the official data (../shared/infinity-army/n5; skipped without it) through the import
  dialog, progress shown per file, compared with the importer called directly.
"""

from __future__ import annotations

import os
import statistics
import tempfile
from pathlib import Path

from benchmarks.common import OFFICIAL_DATA, dispose, fifteen_troopers, main_window, median_ms, timed, timed_ms


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from armybuilder.data.catalog import Catalog
    from armybuilder.gui.autosave import Autosave, entry_json
    from armybuilder.gui.files import list_text
    from armybuilder.gui.language import apply_language
    from armybuilder.paths import bundled_profiles_dir

    with tempfile.TemporaryDirectory() as folder:
        os.environ["ARMYBUILDER_HOME"] = str(Path(folder) / "data")
        catalog = Catalog.from_paths([bundled_profiles_dir()])
        app, window = main_window(Path(folder), catalog)
        summary = max((s for s in catalog.armies() if s.kind != "reinforcements"), key=lambda s: s.options)
        fifteen_troopers(window, summary)
        doc = window.document
        army = doc.army
        assert army is not None
        app.processEvents()

        def switch(code: str) -> None:
            apply_language(code)  # as Preferences does: every widget retranslates on its LanguageChange
            window.repaint()

        switches = [timed_ms(lambda code=code: switch(code), app) for code in ("es", "en") * 3]  # type: ignore[misc]
        print(f"switching language with a 15-trooper {army.name} list open: "
              f"median {statistics.median(switches):.0f} ms, worst {max(switches):.0f} ms over {len(switches)} runs")

        autosave = Autosave(window, Path(folder) / "autosave", idle_ms=10_000)
        army_list = doc.army_list
        assert army_list is not None
        gui_side = timed(lambda: entry_json(army_list, army.name, None,
                                            list_text(army_list, doc.report.roster if doc.report else None)), 20)

        def write() -> None:
            autosave.save_now()
            autosave.wait()

        whole = []
        for index in range(10):
            doc.rename(f"Bench {index}")
            whole += timed(write)
        print(f"autosave of a 15-trooper list: GUI-thread part median {median_ms(gui_side):.1f} ms; "
              f"written to disk (atomic, off the GUI thread) median {median_ms(whole):.1f} ms")
        autosave.finish()
        doc.close_list()

        if (OFFICIAL_DATA / "army.json").is_file():
            from armybuilder.data.importer import import_folder
            from armybuilder.gui.dialogs.import_data import ImportDataDialog, ImportSource

            direct = []
            through = []
            for run in range(3):
                direct += timed(lambda run=run: import_folder(OFFICIAL_DATA, Path(folder) / f"direct-{run}"))  # type: ignore[misc]
                dialog = ImportDataDialog(window.tasks, window.settings, window,
                                          data_dir=Path(folder) / f"dialog-{run}")
                dialog.show()

                def through_dialog(dialog: ImportDataDialog = dialog) -> None:
                    dialog.start(ImportSource(folder=OFFICIAL_DATA))
                    window.tasks.wait()

                through.append(timed_ms(through_dialog, app))
                dialog.close()
                dialog.deleteLater()
            print(f"cold import of the 56 official armies: importer alone median {median_ms(direct):.0f} ms; "
                  f"through the dialog (worker thread, a progress line per file, report shown) median "
                  f"{statistics.median(through):.0f} ms")
        else:
            print(f"import through the dialog: skipped — no official data at {OFFICIAL_DATA}")
        dispose(window, app)
        apply_language("en")


if __name__ == "__main__":
    main()
