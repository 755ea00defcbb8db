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

import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import OFFICIAL_DATA


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def main() -> None:
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from armybuilder.data.catalog import Catalog
    from armybuilder.gui.app import make_application
    from armybuilder.gui.autosave import Autosave, entry_json
    from armybuilder.gui.files import list_text
    from armybuilder.gui.language import apply_language
    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.gui.settings import AppSettings
    from armybuilder.paths import bundled_profiles_dir

    app = make_application([sys.argv[0]], quiet_offscreen=True)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ARMYBUILDER_HOME"] = str(Path(folder) / "data")
        settings = AppSettings(QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat))
        catalog = Catalog.from_paths([bundled_profiles_dir()])
        window = MainWindow(catalog, settings)
        window.resize(1440, 900)
        window.show()
        summary = max((s for s in catalog.armies() if s.kind != "reinforcements"), key=lambda s: s.options)
        window._on_army_chosen(summary)
        doc = window.document
        army = doc.army
        assert army is not None
        choices = [(u.id, g.id if g else 0, o.id) for u in army.units if not u.mercenary
                   for g, o in u.selectable_options()]
        for index in range(15):
            unit, group, option = choices[(index * 7) % len(choices)]
            doc.add_trooper(unit, group, option, 1 + index // 10)
        app.processEvents()

        switches = []
        for code in ("es", "en") * 3:
            start = time.perf_counter()
            apply_language(code)
            window.retranslate()
            window.repaint()
            app.processEvents()
            switches.append(_ms(start))
        print(f"switching language with a 15-trooper {army.name} list open: "
              f"median {statistics.median(switches):.0f} ms, worst {max(switches):.0f} ms over {len(switches)} runs")

        autosave = Autosave(window, Path(folder) / "autosave", idle_ms=10_000)
        army_list = doc.army_list
        assert army_list is not None
        gui_side = []
        for _ in range(20):
            start = time.perf_counter()
            entry_json(army_list, army.name, None, list_text(army_list, doc.report.roster if doc.report else None))
            gui_side.append(_ms(start))
        whole = []
        for index in range(10):
            doc.rename(f"Bench {index}")
            start = time.perf_counter()
            autosave.save_now()
            autosave.wait()
            whole.append(_ms(start))
        print(f"autosave of a 15-trooper list: GUI-thread part median {statistics.median(gui_side):.1f} ms; "
              f"written to disk (atomic, off the GUI thread) median {statistics.median(whole):.1f} ms")
        autosave.finish()
        doc.close_list()

        if (OFFICIAL_DATA / "army.json").is_file():
            from armybuilder.data.importer import import_folder
            from armybuilder.gui.dialogs.import_data import ImportDataDialog, ImportSource

            direct = []
            through = []
            for run in range(3):
                start = time.perf_counter()
                import_folder(OFFICIAL_DATA, Path(folder) / f"direct-{run}")
                direct.append(_ms(start))
                dialog = ImportDataDialog(window.tasks, settings, window, data_dir=Path(folder) / f"dialog-{run}")
                dialog.show()
                start = time.perf_counter()
                dialog.start(ImportSource(folder=OFFICIAL_DATA))
                window.tasks.wait()
                app.processEvents()
                through.append(_ms(start))
                dialog.close()
                dialog.deleteLater()
            print(f"cold import of the 56 official armies: importer alone median {statistics.median(direct):.0f} ms; "
                  f"through the dialog (worker thread, a progress line per file, report shown) median "
                  f"{statistics.median(through):.0f} ms")
        else:
            print(f"import through the dialog: skipped — no official data at {OFFICIAL_DATA}")
        window.close()
        apply_language("en")


if __name__ == "__main__":
    main()
