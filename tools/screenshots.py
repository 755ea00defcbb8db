"""Save PNGs of the main window's main states, in English and Spanish, for review.

    python -m tools.screenshots screenshots/ [--official FOLDER]    (or: make screenshots)

The states: the start page (no list), the Operation Icestorm PanOceania list at ITS Mid tier
(legal), the same list with one trooper too many (illegal), a unit's profile card and, when the
official Infinity Army data is at hand (FOLDER, default ../shared/infinity-army/n5), a list of the
official PanOceania. Then the dialogs: the import (its progress half-way and its report; without
the official data, the report of a folder that lacks it), Preferences, and the offer to restore an
autosaved list. Then fireteams and print-outs on the Svalarheima Blizzard-6 list: the form dialog,
the Fireteams and Finder tabs, the chart (and the official PanOceania chart), the export dialog.
Then the window at 1024×700 (the browser over the card, the list in its own column), the list's
notes, the question before a change of army drops troopers and, with the official data, a list
with a Reinforcements section and the mercenary pool shown with its hint. Last, ITS Season 17: the rules
pack picker and, with the official data, the Spec-Ops builder and a list with mercenaries and a Spec-Ops.
Then the list library on the start page, a 15-trooper Winter Force list (the browser's marks, the card's
weapons) at 1440×900 and 1024×700, and the dark theme.
Each language's pass starts from the profile card tab and an empty status bar.
The window is driven through its own document and widgets; settings, autosaves and the imported
data are kept in a temporary folder, never the user's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ICESTORM_PANOCEANIA = ("fusiliers", "fusiliers", "fusiliers", "auxilia", "auxilia", "akalis", "nisses",
                       "orc-troops", "father-knights", "jotums")
"""Seed 000's 'Full List — PanOceania, 300 Points and 3.5 SWC' (first option of each unit)."""
SIZE = (1440, 900)
SMALL = (1024, 700)
OFFICIAL = Path(__file__).resolve().parents[1].parent / "shared" / "infinity-army" / "n5"
OFFICIAL_PANOCEANIA = ("fusiliers", "fusiliers", "orc-troops", "nisses", "swiss-guard", "machinists",
                       "trauma-docs", "bulleteers", "peacemaker")
"""Unit slugs of the official PanOceania for the fifth screenshot (missing ones are skipped)."""
BLIZZARD_A = Path(__file__).resolve().parents[1] / "examples" / "blizzard-6-a.yaml"
"""Seed 001's Svalarheima Blizzard-6 Force (A): four Fusiliers and three Nisses, a Core and a Haris declared."""


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    parser = argparse.ArgumentParser(prog="python -m tools.screenshots")
    parser.add_argument("folder", nargs="?", type=Path, default=Path("screenshots"))
    parser.add_argument("--official", type=Path, default=OFFICIAL,
                        help="folder of the official Infinity Army data (army.json and the army files)")
    args = parser.parse_args(argv)
    out: Path = args.folder
    out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from armybuilder.gui.app import build_catalog, make_application
    from armybuilder.gui.language import apply_language
    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.gui.settings_store import SettingsStore

    app = make_application([sys.argv[0]], quiet_offscreen=True)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ARMYBUILDER_HOME"] = str(Path(folder) / "data")
        official = (args.official / "army.json").is_file()
        if official:
            from armybuilder.data.importer import import_folder

            import_folder(args.official)
        settings = SettingsStore(QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat))
        apply_language("en")
        window = MainWindow(build_catalog(), settings)
        window.resize(*SIZE)
        window.show()

        def save(widget: object, name: str, language: str) -> None:
            from PySide6.QtWidgets import QWidget

            assert isinstance(widget, QWidget)
            for _ in range(3):
                app.processEvents()
            path = out / f"{name}-{language}.png"
            widget.grab().save(str(path))
            saved.append(path)

        for language in ("en", "es"):
            apply_language(language)

            def shot(name: str, language: str = language) -> None:
                save(window, name, language)

            begin_pass(window)
            _states(window, shot, app)
            window.document.close_list()
            if official:
                _official_list(window, shot)
                window.document.close_list()
            app.processEvents()

            def dialog_shot(name: str, dialog: object, language: str = language) -> None:
                save(dialog, name, language)

            _dialogs(window, dialog_shot, Path(folder) / f"dialogs-{language}", args.official if official else None)
            _desktop_dialogs(window, dialog_shot)
            window.document.close_list()
            _fireteam_states(window, shot, dialog_shot)
            window.document.close_list()
            _code_states(window, shot, dialog_shot, official)
            window.document.close_list()
            if official:
                _official_chart(window, dialog_shot)
                window.document.close_list()
            begin_pass(window)
            _review_states(window, shot, dialog_shot, official)
            window.document.close_list()
            window.resize(*SIZE)
            _season_states(window, shot, dialog_shot, official)
            window.document.close_list()
            _usability_states(window, shot)
            window.document.close_list()
            window.resize(*SIZE)
            _pointbuy_states(window, dialog_shot)
        window.close()
    apply_language("en")
    for path in saved:
        print(path)
    QApplication.processEvents()
    return 0


def begin_pass(window: object) -> None:
    """Start a set of states as a player would see them: the profile card in front (not the tab the
    last set ended on) and no status message left from it (or from the other language)."""
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    window.fireteams.tabs.setCurrentWidget(window.card)
    window.statusBar().clearMessage()


def _states(window: object, shot: Callable[[str], None], app: object) -> None:
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    shot("01-start")
    _choose_army(window, "PanOceania", "bundled")
    doc = window.document
    doc.set_rules_pack("its-s9")
    doc.set_game_size("mid", None)
    doc.rename("Operation Icestorm")
    army = doc.army
    assert army is not None
    _add_each(window, ICESTORM_PANOCEANIA)
    jotum = army.unit_by_slug("jotums")
    assert jotum is not None
    window.editor.select_troopers(["t8"])
    window.browser.tree.setCurrentIndex(window.browser.option_index(jotum.id))
    shot("02-legal-list")
    _add_each(window, ("nisses",))
    _show_first_problem(window)
    shot("03-illegal-list")
    doc.undo_stack.undo()
    fk = army.unit_by_slug("auxilia")
    assert fk is not None
    window.browser.tree.setCurrentIndex(window.browser.option_index(fk.id))
    window.browser.tree.expand(window.browser.option_index(fk.id).parent())
    shot("04-profile-card")


def _official_list(window: object, shot: Callable[[str], None]) -> None:
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    _choose_army(window, "PanOceania", "imported")
    doc = window.document
    army = doc.army
    if army is None:
        return
    doc.rename("PanOceania N5")
    for slug in OFFICIAL_PANOCEANIA:
        unit = army.unit_by_slug(slug)
        if unit is None:
            continue
        options = list(unit.selectable_options())
        pick = next(((g, o) for g, o in options if o.is_lieutenant), options[0]) if slug == "orc-troops" \
            else options[min(1, len(options) - 1)]
        doc.add_trooper(unit.id, pick[0].id if pick[0] else 0, pick[1].id)
    window.browser.search.setText("hacking device")
    shot("05-official-list")
    window.browser.search.clear()


def _wait_preview(dialog: object, seconds: float = 30) -> None:
    """Let the export dialog's preview be made (on its worker thread) while events are processed."""
    import time

    from PySide6.QtWidgets import QApplication

    from armybuilder.gui.printing.dialog import ExportDialog

    assert isinstance(dialog, ExportDialog)
    deadline = time.monotonic() + seconds
    while (dialog.last_preview is None or dialog.tasks.busy) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def _fireteam_states(window: object, shot: Callable[[str], None], dialog_shot: Callable[[str, object], None]) -> None:
    """The Blizzard-6 (A) list with its Haris and Core: forming the Core in the dialog, the Fireteams tab,
    the finder, the chart, the export dialog (legal, then with one Nisse too many)."""
    from PySide6.QtWidgets import QDialogButtonBox

    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    window.tasks.wait(window.open_path(BLIZZARD_A))
    doc, feature = window.document, window.fireteams
    fusiliers = [u for u in doc.uids_in_order() if (r := doc.resolved(u)) is not None and r.unit.slug == "fusiliers"]
    declared = doc.army_list.fireteam_of(fusiliers[0]) if doc.army_list else None
    if declared is not None:  # the example declares its Core: form it again, in the dialog
        feature.edits.dissolve(declared.uid)
    window.editor.select_troopers(fusiliers)
    feature.actions.form.trigger()
    dialog = feature.dialog
    assert dialog is not None
    dialog_shot("11-fireteam-dialog", dialog)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    shot("12-fireteams")

    # a Core of three: the finder suggests the fourth Fusilier, and sees a Haris of Nisses
    doc.undo_stack.undo()
    window.editor.select_troopers(fusiliers[:3])
    feature.actions.form.trigger()
    dialog = feature.dialog
    assert dialog is not None
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    feature.show_finder.trigger()
    finder = feature.finder
    changes = finder.model.index(0, 0)
    if finder.model.rowCount(changes):
        finder.tree.setCurrentIndex(finder.model.index(0, 0, changes))
    shot("13-fireteam-finder")
    feature.actions.apply.trigger()

    feature.actions.chart.trigger()
    chart = feature.chart_dialog
    assert chart is not None
    dialog_shot("14-fireteam-chart", chart)
    chart.close()

    _export_shot(window, dialog_shot, "15-export")
    # one Nisse too many: the dialog warns, and saves only once "print it anyway" is ticked
    if _add(window, "nisses") is not None:
        _export_shot(window, dialog_shot, "16-export-illegal")


SVALARHEIMA_CODE = ("ahpzdmFsYXJoZWltYS1zLXdpbnRlci1mb3JjZRFTdmFsYXJoZWltYSBCYXNpY4EsAgEACgEBAQEAAgEBAQADAQEBAASF"
                    "zgECAAWFzgEGAAaFzgEDAAeFzgEEAAiFzwEBAAksAQEACoXMAQYAAgABAYXRAQUA")
"""A real code ('Svalarheima Basic', tests/data/army_code_corpus.yaml.gz), shown on the official data."""


def _code_states(window: object, shot: Callable[[str], None], dialog_shot: Callable[[str, object], None],
                 official: bool) -> None:
    """A pasted army code (the notice over its list, the finder's best teams offered): a real code on
    the official data, else the Blizzard-6 (A) list written as a code; then the copied-code dialog."""
    from armybuilder.data.armycode_lists import encode_list
    from armybuilder.data.listfile import load_list
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    if official:
        code = SVALARHEIMA_CODE
    else:
        code = encode_list(load_list(BLIZZARD_A).army_list.model_copy(update={"fireteams": ()}), 300)
    window.tasks.wait(window.open_code(code))
    shot("31-army-code-opened")
    window.action_set.copy_code.trigger()
    dialog = window.copied_code_dialog
    assert dialog is not None
    dialog.adjustSize()
    dialog_shot("32-army-code-copied", dialog)
    dialog.close()


def _export_shot(window: object, dialog_shot: Callable[[str, object], None], name: str) -> None:
    """The export dialog of the open list, its preview made."""
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    window.printing.export.trigger()
    export = window.printing.dialog
    assert export is not None
    _wait_preview(export)
    dialog_shot(name, export)
    export.reject()


def _add(window: object, slug: str, pick: int = 0, reinforcement: bool = False) -> str | None:
    """Add a unit's option (by its slug; `pick`: which of its options, clamped) to the open list."""
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    doc = window.document
    army = doc.reinforcement_army() if reinforcement else doc.army
    unit = army.unit_by_slug(slug) if army is not None else None
    if unit is None:
        return None
    options = list(unit.selectable_options())
    group, option = options[min(pick, len(options) - 1)]
    return doc.add_trooper(unit.id, group.id if group else 0, option.id, reinforcement=reinforcement)


def _choose_army(window: object, name: str, origin: str) -> None:
    """Start a list of the army called `name` from the start page, its data loaded."""
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    picker = window.start_page.picker
    picker.tree.activated.emit(picker.index_of(name, origin))
    window.tasks.wait()


def _add_each(window: object, slugs: tuple[str, ...]) -> None:
    """Add the first option of each unit (by slug) to the open list; every one must be in the army."""
    for slug in slugs:
        uid = _add(window, slug)
        assert uid is not None, slug


def _show_first_problem(window: object) -> bool:
    """Show the Problems tab with its first problem clicked (its troopers selected); False if none."""
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    window.bottom_tabs.setCurrentWidget(window.problems)
    view = window.problems.view
    if not view.model().rowCount():
        return False
    first = view.model().index(0, 0)
    view.setCurrentIndex(first)
    view.clicked.emit(first)
    return True


def _review_states(window: object, shot: Callable[[str], None], dialog_shot: Callable[[str, object], None],
                   official: bool) -> None:
    """The window at 1024×700; notes; changing army with troopers it cannot keep; with the official
    data, Reinforcements and the mercenary pool."""
    from PySide6.QtWidgets import QApplication

    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    origin = "imported" if official else "bundled"
    _choose_army(window, "Military Orders" if official else "PanOceania", origin)
    doc = window.document
    if doc.army is None:
        return
    window.resize(*SMALL)
    doc.rename("Knights of Skovorodino" if official else "Operation Icestorm")
    slugs = (("knight-commander", 1), ("knights-hospitaller", 1), ("order-sergeants", 2), ("order-sergeants", 4),
             ("trinitarian-tertiaries", 0), ("padre-inquisidor-mendoza", 0), ("knights-hospitaller", 3),
             ("order-sergeants", 1)) if official else (*((slug, 0) for slug in ICESTORM_PANOCEANIA),
                                                        ("nisses", 0))
    added = [uid for slug, pick in slugs if (uid := _add(window, slug, pick)) is not None]
    if not _show_first_problem(window) and added:
        window.editor.select_troopers(added[1:2])
    shot("18-small-window")
    window.fireteams.show_teams.trigger()
    shot("19-small-window-fireteams")
    window.fireteams.tabs.setCurrentWidget(window.card)
    window.resize(*SIZE)

    window.action_set.edit_notes.trigger()
    notes = window.notes_dialog
    notes.text.setPlainText("Camo LT on the left flank; the HMG covers the long street." if language_is_english()
                            else "Teniente camuflado en el flanco izquierdo; la HMG cubre la calle larga.")
    dialog_shot("20-notes", notes)
    notes.reject()

    # a change of army that cannot keep every trooper: the question names them
    armies = [s for s in window.catalog.armies() if s.origin == origin and s.id != doc.army.id
              and s.kind != "reinforcements" and doc.army.parent in (s.id, s.parent)]
    losses = []
    for other in armies[:8]:
        window.catalog.army(other.ref)  # loaded, as the window does before it asks
        lost = doc.troopers_lost_with(other.ref)
        if lost:
            losses.append((len(lost), other.name, lost))
    if losses:  # the sibling army that keeps the most: a realistic question
        _, name, lost = min(losses)
        box, _ = window.army_change_box(name, window.trooper_names(lost))
        box.show()
        dialog_shot("21-change-army", box)
        box.done(0)
        box.deleteLater()
    QApplication.processEvents()
    if not official:
        return

    # the mercenary pool, shown, with how to allow it
    browser = window.browser
    browser.mercenary_filter.setChecked(True)
    merc = next((e for e in browser.model.entries if e.unit.mercenary), None)
    if merc is not None:
        browser.tree.setCurrentIndex(browser.proxy.mapFromSource(browser.model.unit_index(merc.unit.id)))
        browser.tree.scrollTo(browser.tree.currentIndex())
    shot("22-mercenaries")
    browser.mercenary_filter.setChecked(False)
    window.document.close_list()

    # Reinforcements: Morat Aggression Forces with a Reinforcements group, the browser on its army
    _choose_army(window, "Morat Aggression Forces", "imported")
    if doc.reinforcement_summary() is None:
        return
    doc.rename("Morat with Reinforcements")
    lieutenant = next((u for u in doc.army.units if u.slug == "yaogat-strike-infantry"), None)
    if lieutenant is not None:
        group, option = next(((g, o) for g, o in lieutenant.selectable_options() if o.is_lieutenant),
                             next(lieutenant.selectable_options()))
        doc.add_trooper(lieutenant.id, group.id if group else 0, option.id)
    vanguard = doc.army.unit_by_slug("morat-vanguard-infantry")
    if vanguard is not None:  # a Commlink in the main section, as Reinforcements need
        group, option = next(((g, o) for g, o in vanguard.selectable_options()
                              if any(i.name.casefold() == "commlink" for i in o.skills)),
                             next(vanguard.selectable_options()))
        doc.add_trooper(vanguard.id, group.id if group else 0, option.id)
    for slug, pick in (("kaitok-shock-regiment", 0), ("suryat-assault-heavy-infantry", 0)):
        _add(window, slug, pick)
    browser.show_section(True)
    window.tasks.wait()
    QApplication.processEvents()
    reinforcements = doc.reinforcement_army()
    if reinforcements is not None:
        cheap = [(u, g, o) for u in reinforcements.units for g, o in u.selectable_options()
                 if o.swc.halves == 0 and u.name.casefold().startswith("reinf")]
        for unit, group, option in cheap[:6:2]:
            doc.add_trooper(unit.id, group.id if group else 0, option.id, reinforcement=True)
    shot("23-reinforcements")


WINTER_FORCE = (("fusiliers", 0), ("fusiliers", 1), ("fusiliers", 4), ("nokken", 0), ("nokken", 1),
                ("machinists", 0), ("trauma-docs", 0), ("nisses", 0), ("nisses", 1), ("jotums", 0),
                ("armbots-bulleteer", 0), ("fusiliers", 7), ("knight-of-justice", 0), ("tech-bees", 0), ("palbots", 0))
"""15 troopers of the official Svalarheima's Winter Force (a Lieutenant among them) for the usability states."""


def _usability_states(window: object, shot: Callable[[str], None]) -> None:
    """The browser's marks, the card's weapons, a 15-trooper Winter Force list at 1440×900 and at 1024×700,
    the list library on the start page and the dark theme (#16). With the bundled data only, the seed's
    Svalarheima army stands in."""
    from PySide6.QtWidgets import QApplication

    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.gui.theme import apply_theme
    from armybuilder.library.folder import default_folder

    assert isinstance(window, MainWindow)
    library = default_folder()
    library.mkdir(parents=True, exist_ok=True)
    for example in sorted(BLIZZARD_A.parent.glob("*.yaml")):  # a library of lists to show
        target = library / example.name
        if not target.exists():
            target.write_bytes(example.read_bytes())
    window.library.refresh()
    window.library.wait()
    QApplication.processEvents()
    shot("27-list-library")
    official = any(s.origin == "imported" for s in window.catalog.armies())
    _choose_army(window, "Svalarheima's Winter Force", "imported" if official else "bundled")
    doc = window.document
    if doc.army is None:
        return
    doc.rename("Winter Force, 15 troopers")
    for slug, pick in WINTER_FORCE:
        _add(window, slug, pick)
    browser = window.browser
    fusiliers = doc.army.unit_by_slug("fusiliers")
    if fusiliers is not None:  # the card's weapons: an HMG Fusilier, chosen in the browser
        group, option = list(fusiliers.selectable_options())[min(1, sum(1 for _ in fusiliers.selectable_options()) - 1)]
        index = browser.option_index(fusiliers.id, group.id if group else 0, option.id)
        browser.tree.setCurrentIndex(index)
        browser.tree.scrollTo(index)
        entry = browser.entry_for(fusiliers.id)
        if entry is not None:
            key = (group.id if group else 0, option.id)
            window.card.show_unit(entry, next((o for o in entry.options if o.key == key), None))
    window.fireteams.tabs.setCurrentWidget(window.card)
    _show_first_problem(window)
    shot("28-winter-force-1440")
    window.resize(*SMALL)
    QApplication.processEvents()
    shot("29-winter-force-1024")
    window.resize(*SIZE)
    apply_theme("dark")
    from armybuilder.gui.language import refresh_texts

    refresh_texts()
    QApplication.processEvents()
    shot("30-dark-theme")
    apply_theme("light")
    refresh_texts()


def _season_states(window: object, shot: Callable[[str], None], dialog_shot: Callable[[str, object], None],
                   official: bool) -> None:
    """ITS Season 17: the rules pack picker, and with the official data the Spec-Ops builder and a list
    with Soldiers of Fortune and a Spec-Ops."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from armybuilder.domain.specops import SpecOpsUpgrade
    from armybuilder.gui.dialogs.packs import PACK_ROLE
    from armybuilder.gui.dialogs.specops import KEY_ROLE
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    _choose_army(window, "PanOceania", "imported" if official else "bundled")
    doc = window.document
    if doc.army is None:
        return
    window.list_settings.pack_details.click()
    picker = window.pack_picker
    if picker is not None:
        rows = [picker.packs.item(i).data(PACK_ROLE) for i in range(picker.packs.count())]
        if "its-s17" in rows:
            picker.packs.setCurrentRow(rows.index("its-s17"))
        QApplication.processEvents()
        dialog_shot("24-pack-picker", picker)
        picker.reject()
    table = doc.army.specops
    if not official or table is None:
        return
    doc.set_rules_pack("its-s17")
    for extra in ("soldiers-of-fortune", "spec-ops"):
        doc.set_extra(extra, True)
    for slug, pick in (("fusiliers", 0), ("orc-troops", 0), ("nisses", 0), ("merc-saito-togan", 0),
                       ("jeanne-d-arc", 0)):
        _add(window, slug, pick)
    window.action_set.specops.trigger()
    dialog = window.specops_dialog
    if dialog is None:
        return
    wanted = {("Mimetism", 7), ("Light Shotgun", 3)}
    for item in dialog.upgrade_items():  # ticked as a player would
        data = item.data(0, KEY_ROLE)
        if isinstance(data, SpecOpsUpgrade) and (data.item.name, data.xp) in wanted:
            item.setCheckState(0, Qt.CheckState.Checked)
    QApplication.processEvents()
    dialog_shot("25-specops", dialog)
    dialog.accept()
    QApplication.processEvents()
    spec = next((t for t in doc.report.roster.troopers if t.specops is not None), None) if doc.report else None
    if spec is not None:
        window.editor.select_troopers([spec.uid])
    shot("26-season-17-list")




POINTBUY_EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "pointbuy" / "swamp-host-600.yaml"


def _pointbuy_states(window: object, shot: Callable[[str, object], None]) -> None:
    """The point-buy game's window (opened as the main window opens its files): the army with the
    designer on a design, then a design that breaks a limit, explained under its field and in the problems."""
    pointbuy = window.other_games.open(window.other_games.owner(POINTBUY_EXAMPLE), POINTBUY_EXAMPLE)  # type: ignore[attr-defined]
    pointbuy.resize(1600, 950)
    pointbuy.designs.select("croc-brute")
    pointbuy.army.select(["c1"])
    shot("pointbuy-army", pointbuy)
    pointbuy.designs.select("frog-warrior")
    designer = pointbuy.designer
    designer.dice["long"].setValue(2)
    designer.race.setCurrentIndex(designer.race.findData("rodent"))
    pointbuy.army.select(["m1", "m2"])
    shot("pointbuy-designer-problems", pointbuy)
    pointbuy.document.undo_stack.setClean()  # nothing to ask about on closing
    pointbuy.close()


def language_is_english() -> bool:
    from armybuilder.i18n import language

    return language() == "en"


def _official_chart(window: object, dialog_shot: Callable[[str, object], None]) -> None:
    """The official PanOceania's fireteam chart (FTO lines, bracket terms, wildcards)."""
    from armybuilder.gui.mainwindow import MainWindow

    assert isinstance(window, MainWindow)
    _choose_army(window, "PanOceania", "imported")
    window.fireteams.actions.chart.trigger()
    chart = window.fireteams.chart_dialog
    if chart is not None:
        dialog_shot("17-official-chart", chart)
        chart.close()


def _desktop_dialogs(window: object, shot: Callable[[str, object], None]) -> None:
    """Help ▸ About, the documentation (F1) and the dialog of an unexpected error."""
    from PySide6.QtWidgets import QApplication

    from armybuilder.gui.desktop.crash import CrashHandler
    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.logs import setup_logging

    assert isinstance(window, MainWindow)
    setup_logging()  # as the app does: the About box and the error dialog name the log file
    about = window.help.show_about()
    QApplication.processEvents()
    shot("24-about", about)
    about.close()
    help_dialog = window.help.show_help()
    help_dialog.resize(1000, 720)
    QApplication.processEvents()
    shot("25-help", help_dialog)
    help_dialog.close()
    handler = CrashHandler(lambda: [], lambda: window)
    try:
        raise RuntimeError("an example error")
    except RuntimeError as error:
        handler.handle(RuntimeError, error, error.__traceback__)
    QApplication.processEvents()
    if handler.box is not None:
        shot("26-unexpected-error", handler.box)
        handler.box.close()


def _dialogs(window: object, shot: Callable[[str, object], None], folder: Path, official: Path | None) -> None:
    """The import dialog (progress and report), Preferences and the restore offer."""
    import threading

    from PySide6.QtWidgets import QApplication

    from armybuilder.data import importer
    from armybuilder.gui.autosave import Autosave, entry_json
    from armybuilder.gui.dialogs.import_data import RESULT_PAGE, ImportDataDialog
    from armybuilder.gui.dialogs.preferences import PreferencesDialog
    from armybuilder.gui.dialogs.restore import offer_restore
    from armybuilder.gui.files import list_text
    from armybuilder.gui.mainwindow import MainWindow
    from armybuilder.gui.preferences import Preferences
    from armybuilder.rules.list_settings import ListDefaults

    assert isinstance(window, MainWindow)
    folder.mkdir(parents=True, exist_ok=True)
    dialog = ImportDataDialog(window.tasks, window.settings, window, data_dir=folder / "imported")
    dialog.show()
    if official is not None:
        dialog.folder.setText(str(official))
        shot("06-import-source", dialog)
        # hold the reader on one file so the progress is caught half-way, as the user sees it
        original = importer.FolderReader.read
        reads: list[str] = []
        release = threading.Event()

        def held(reader: importer.FolderReader, name: str) -> bytes:
            reads.append(name)
            if len(reads) == 24:
                release.wait(30)
            return original(reader, name)

        importer.FolderReader.read = held  # type: ignore[method-assign,assignment]
        try:
            dialog.start()
            while dialog.log.count() < 20:
                QApplication.processEvents()
            shot("07-import-progress", dialog)
        finally:
            release.set()
            importer.FolderReader.read = original  # type: ignore[method-assign]
    else:
        dialog.folder.setText(str(folder / "empty"))
        (folder / "empty").mkdir(exist_ok=True)
        shot("06-import-source", dialog)
        dialog.start()
    window.tasks.wait()
    assert dialog.pages.currentIndex() == RESULT_PAGE
    shot("08-import-report", dialog)
    dialog.close()

    preferences = Preferences(window.settings)
    preferences.set_list_defaults("n3", ListDefaults("its-s9", "mid", 300, "n3"))
    settings_dialog = PreferencesDialog(preferences, window.catalog, window)
    settings_dialog.show()
    shot("09-preferences", settings_dialog)
    settings_dialog.reject()

    # an autosave left by a session that was killed: the Operation Icestorm list, never saved
    _choose_army(window, "PanOceania", "bundled")
    doc = window.document
    doc.set_rules_pack("its-s9")
    doc.rename("Operation Icestorm")
    army = doc.army
    assert army is not None and doc.army_list is not None
    _add_each(window, ICESTORM_PANOCEANIA[:6])
    autosaves = folder / "autosave"
    autosaves.mkdir(exist_ok=True)
    (autosaves / "4242-1-killed.json").write_text(
        entry_json(doc.army_list, army.name, None, list_text(doc.army_list, doc.report.roster if doc.report else None)),
        encoding="utf-8")
    doc.close_list()
    autosave = Autosave(window, autosaves)
    offer = offer_restore(window.host, autosave, window.other_games.restore)
    assert offer is not None
    shot("10-restore-offer", offer)
    offer.reject()
    autosave.finish()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
