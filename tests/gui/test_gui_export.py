"""Print and share through the window's File menu: the export dialog's preview and Save, an illegal
list's confirmation, several print-outs at once, and copying the list as text."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from guihelpers import BLIZZARD_A, make_window, without_fireteams
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialogButtonBox

from armybuilder.data.catalog import Catalog
from armybuilder.data.importer import ImportReport
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.printing.dialog import ExportDialog
from armybuilder.gui.printing.work import PrintOut, targets
from armybuilder.i18n import tr
from armybuilder.paths import bundled_profiles_dir

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

FUSILIERS = ["t4", "t5", "t8", "t9"]


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """An empty folder for the print-outs (the settings file lives in tmp_path)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


@pytest.fixture
def window(qtbot, app_settings, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    """The Blizzard-6 (A) list open, with its four Fusiliers in a Core fireteam (formed in the dialog)."""
    window = make_window(qtbot, Catalog.from_paths([bundled_profiles_dir()]), app_settings)
    window.tasks.wait(window.open_path(without_fireteams(BLIZZARD_A, tmp_path)))
    window.editor.select_troopers(FUSILIERS)
    window.fireteams.actions.form.trigger()
    dialog = window.fireteams.dialog
    assert dialog is not None
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert len(window.document.army_list.fireteams) == 1
    return window


def open_export(qtbot, window: MainWindow) -> ExportDialog:  # type: ignore[no-untyped-def]
    assert window.printing.export in window.file_menu.actions()
    window.printing.export.trigger()
    dialog = window.printing.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def wait_preview(qtbot, dialog: ExportDialog, output: PrintOut) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: dialog.last_preview is not None and dialog.last_preview.output is output
                    and not dialog.tasks.busy, timeout=20000)


def choose_outputs(dialog: ExportDialog, *wanted: PrintOut) -> None:
    for output, check in dialog.output_checks.items():
        if check.isChecked() != (output in wanted):
            check.click()


def save(qtbot, dialog: ExportDialog, path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog.ask_save_path = lambda settings: path  # type: ignore[method-assign]
    assert dialog.save_button.isEnabled()
    with qtbot.waitSignal(dialog.finished, timeout=30000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_courtesy_pdf_from_the_dialog_has_no_costs_or_lieutenant(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                                 out: Path) -> None:
    dialog = open_export(qtbot, window)
    assert not dialog.banner.isVisible() and not dialog.allow_illegal.isVisible()
    choose_outputs(dialog, PrintOut.COURTESY_PDF)
    assert [dialog.preview_choice.itemText(i) for i in range(dialog.preview_choice.count())] == [
        "Courtesy list (PDF)"]
    wait_preview(qtbot, dialog, PrintOut.COURTESY_PDF)
    preview = dialog.last_preview
    # the list on one page, the weapons reference of what it shows on the next
    assert preview is not None and len(preview.pages) == 2 and not preview.pages[0].isNull()
    assert dialog.pages.page_count == 2 and dialog.preview_info.text().startswith("2 pages · ")
    path = out / "blizzard.pdf"
    save(qtbot, dialog, path)
    assert sorted(p.name for p in out.iterdir()) == ["blizzard.pdf"]
    text = pdf_text(path)
    assert "COURTESY LIST" in text and "Fusiliers" in text and "Svalarheima Nisses" in text
    for private in ("Lieutenant", "LIEUTENANT", "Fusilier Lieutenant", "Pts", "SWC", "299", "103", "5.5",
                    "Blizzard-6 Force (A)", "Fusiliers (Core)", "level"):
        assert private not in text, private
    assert "Saved blizzard.pdf in" in window.statusBar().currentMessage()
    assert window.printing.dialog is None


def test_full_list_preview_and_several_outputs(qtbot, window: MainWindow, out: Path) -> None:  # type: ignore[no-untyped-def]
    dialog = open_export(qtbot, window)
    choose_outputs(dialog, *PrintOut)
    wait_preview(qtbot, dialog, PrintOut.FULL_PDF)
    assert dialog.last_preview is not None and len(dialog.last_preview.pages) >= 1
    dialog.preview_choice.setCurrentIndex(dialog.preview_choice.findData(PrintOut.FULL_TEXT.value))
    wait_preview(qtbot, dialog, PrintOut.FULL_TEXT)
    assert dialog.text.toPlainText().startswith("Svalarheima's Winter Force — Svalarheima Blizzard-6 Force (A)")
    assert "level 4" in dialog.text.toPlainText()  # the full list prints the fireteam's level

    # a file that would be replaced is asked about; saying no writes nothing
    base = out / "blizzard.pdf"
    (out / "blizzard-full.txt").write_text("old", encoding="utf-8")
    asked: list[list[Path]] = []
    dialog.confirm_overwrite = lambda paths: asked.append(paths) or False  # type: ignore[method-assign,func-returns-value]
    dialog.ask_save_path = lambda settings: base  # type: ignore[method-assign]
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert asked == [[out / "blizzard-full.txt"]]
    assert sorted(p.name for p in out.iterdir()) == ["blizzard-full.txt"]
    dialog.confirm_overwrite = lambda paths: True  # type: ignore[method-assign]
    save(qtbot, dialog, base)
    names = sorted(p.name for p in out.iterdir())
    assert names == ["blizzard-courtesy.pdf", "blizzard-courtesy.txt", "blizzard-full.pdf", "blizzard-full.txt"]
    full = pdf_text(out / "blizzard-full.pdf")
    assert "Lieutenant" in full and "299 / 300" in full and "Fireteams" in full and "+1 BS" in full
    assert "★" in (out / "blizzard-full.txt").read_text(encoding="utf-8")


def test_illegal_list_needs_confirmation(qtbot, window: MainWindow, out: Path) -> None:  # type: ignore[no-untyped-def]
    army = window.document.army
    nisse = army.unit_by_slug("nisses")
    window.document.add_trooper(nisse.id, 1, 1)
    assert not window.document.report.legal
    dialog = open_export(qtbot, window)
    assert dialog.banner.isVisible() and "NOT LEGAL" in dialog.banner.text()
    assert dialog.allow_illegal.isVisible() and not dialog.allow_illegal.isChecked()
    choose_outputs(dialog, PrintOut.FULL_PDF)
    assert not dialog.save_button.isEnabled()
    wait_preview(qtbot, dialog, PrintOut.FULL_PDF)  # the preview shows what it would look like
    dialog.allow_illegal.click()
    assert dialog.save_button.isEnabled()
    path = out / "illegal.pdf"
    save(qtbot, dialog, path)
    assert "NOT LEGAL" in pdf_text(path)


def test_print_language_and_paper(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    dialog = open_export(qtbot, window)
    choose_outputs(dialog, PrintOut.FULL_PDF, PrintOut.FULL_TEXT)
    dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
    dialog.preview_choice.setCurrentIndex(0)
    wait_preview(qtbot, dialog, PrintOut.FULL_PDF)
    page = dialog.last_preview.pages[0]
    assert abs(page.height() / page.width() - 11 / 8.5) < 0.01  # Letter, not A4 (1.414)
    dialog.language.setCurrentIndex(dialog.language.findData("es"))
    dialog.preview_choice.setCurrentIndex(dialog.preview_choice.findData(PrintOut.FULL_TEXT.value))
    wait_preview(qtbot, dialog, PrintOut.FULL_TEXT)
    assert "CAP" in dialog.text.toPlainText() and "LISTA COMPLETA" in dialog.text.toPlainText().upper()
    assert tr("Points") == "Points"  # the app itself stays in English while printing in Spanish
    assert window.totals.points.plain.startswith("Points")
    dialog.reject()


def test_targets_for_one_or_several_print_outs(tmp_path: Path) -> None:
    base = tmp_path / "my list.pdf"
    assert targets(base, [PrintOut.COURTESY_TEXT]) == [(PrintOut.COURTESY_TEXT, tmp_path / "my list.txt")]
    assert targets(tmp_path / "list.v2", [PrintOut.FULL_PDF]) == [(PrintOut.FULL_PDF, tmp_path / "list.v2.pdf")]
    assert [p.name for _, p in targets(base, [PrintOut.FULL_PDF, PrintOut.COURTESY_TEXT])] == [
        "my list-full.pdf", "my list-courtesy.txt"]


def test_copy_list_as_text(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().clear()
    with qtbot.waitSignal(window.tasks.busy_changed, timeout=10000, check_params_cb=lambda busy, _: not busy):
        window.printing.copy_courtesy_text.trigger()
    text = QGuiApplication.clipboard().text()
    assert "COURTESY LIST" in text and "Lieutenant" not in text and "pts" not in text
    # an illegal list asks first
    nisse = window.document.army.unit_by_slug("nisses")
    window.document.add_trooper(nisse.id, 1, 1)
    asked: list[bool] = []
    window.printing.confirm_illegal_copy = lambda: asked.append(True) or False  # type: ignore[method-assign,func-returns-value]
    QGuiApplication.clipboard().clear()
    assert window.printing._on_copy_text(courtesy=False) is None
    assert asked == [True] and QGuiApplication.clipboard().text() == ""
    window.printing.confirm_illegal_copy = lambda: True  # type: ignore[method-assign]
    with qtbot.waitSignal(window.tasks.busy_changed, timeout=10000, check_params_cb=lambda busy, _: not busy):
        window.printing.copy_text.trigger()
    assert "NOT LEGAL" in QGuiApplication.clipboard().text()


def _a_pdf() -> bytes:
    from armybuilder.data.listfile import load_list
    from armybuilder.export.pdf import full_pdf
    from armybuilder.export.printout import PrintOptions, prepare

    catalog = Catalog.from_paths([bundled_profiles_dir()])
    return full_pdf(prepare(load_list(BLIZZARD_A).army_list, catalog), PrintOptions(paper="a4"))


def test_pdfium_renders_every_page() -> None:
    from armybuilder.gui.printing.pages import _render_with_pdfium

    pages = _render_with_pdfium(_a_pdf(), 72)
    assert len(pages) == 2
    assert all(abs(p.width() - 595.3) < 1 and abs(p.height() - 841.9) < 1 for p in pages)  # A4 at 72 dpi
    first = pages[0]
    assert first.pixelColor(2, 2).name() == "#ffffff"  # paper
    dark = sum(1 for y in range(0, first.height(), 4) for x in range(0, first.width(), 4)
               if first.pixelColor(x, y).lightness() < 100)
    assert dark > 200  # and ink: the header, the tables


@pytest.mark.skipif(not __import__("armybuilder.gui.printing.pages", fromlist=["x"]).qt_pdf_available(),
                    reason="Qt's PDF module is in PySide6-Addons, which is not installed")
def test_qt_pdf_renders_like_pdfium() -> None:
    from armybuilder.gui.printing.pages import _render_with_pdfium, _render_with_qt

    data = _a_pdf()
    qt, pdfium = _render_with_qt(data, 72), _render_with_pdfium(data, 72)
    assert len(qt) == len(pdfium) == 2
    assert all(abs(a.width() - b.width()) <= 1 and abs(a.height() - b.height()) <= 1
               for a, b in zip(qt, pdfium, strict=True))


@pytest.mark.shared
def test_spanish_print_outs_of_official_data_without_spanish_names_say_how_to_get_them(  # type: ignore[no-untyped-def]
        qtbot: QtBot, app_settings, tmp_path: Path, imported_data: ImportReport) -> None:
    from armybuilder.data.cache import attach_imported
    from armybuilder.data.listfile import save_list
    from armybuilder.domain.lists import ArmyList

    catalog = Catalog.from_paths([bundled_profiles_dir()])
    assert attach_imported(catalog, imported_data.data_dir) is not None
    panoceania = next(s for s in catalog.armies() if s.origin == "imported" and s.slug == "panoceania")
    army = catalog.army(panoceania.ref)
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    army_list, _ = ArmyList(name="Fusiliers", army=panoceania.ref, pack="n5", points=300).with_trooper(
        1, fusiliers.id, 1, 10)
    path = tmp_path / "fusiliers.yaml"
    save_list(path, army_list)
    window = make_window(qtbot, catalog, app_settings)
    window.tasks.wait(window.open_path(path))
    dialog = open_export(qtbot, window)
    assert not dialog.names_note.isVisible()  # in English there is nothing to say
    dialog.language.setCurrentIndex(dialog.language.findData("es"))
    assert dialog.names_note.isVisible()
    assert "`armybuilder data import --url --lang es`" in dialog.names_note.text()
    dialog.grab().save(str(tmp_path / "export-dialog-es.png"))
    dialog.reject()
