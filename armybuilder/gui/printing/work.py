"""The print-outs the export dialog makes, as plain functions for a worker thread: a preview
(rendered PDF pages, or text) and the files, written atomically. Each call prepares the list
(resolve + validate) in the print-out's language, so messages and labels match the paper."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from PySide6.QtGui import QImage

from armybuilder.data.catalog import Catalog
from armybuilder.data.yamlio import atomic_write_bytes
from armybuilder.domain.lists import ArmyList
from armybuilder.export.printout import Paper, PrintOptions, Printout, Units, prepare
from armybuilder.gui.printing.pages import render_pages
from armybuilder.i18n import N_, tr


class PrintOut(StrEnum):
    FULL_PDF = "full-pdf"
    COURTESY_PDF = "courtesy-pdf"
    FULL_TEXT = "full-text"
    COURTESY_TEXT = "courtesy-text"

    @property
    def is_pdf(self) -> bool:
        return self in (PrintOut.FULL_PDF, PrintOut.COURTESY_PDF)

    @property
    def suffix(self) -> str:
        return ".pdf" if self.is_pdf else ".txt"

    @property
    def label(self) -> str:
        return tr(LABELS[self])


LABELS = {PrintOut.FULL_PDF: N_("Full list (PDF)"), PrintOut.COURTESY_PDF: N_("Courtesy list (PDF)"),
          PrintOut.FULL_TEXT: N_("Full list (text)"), PrintOut.COURTESY_TEXT: N_("Courtesy list (text)")}


@dataclass(frozen=True)
class ExportSettings:
    """What the export dialog asks: paper, units, language, which print-outs, and the illegal-list consent."""

    paper: Paper = "a4"
    units: Units = "inch"
    language: str = "en"
    outputs: tuple[PrintOut, ...] = (PrintOut.FULL_PDF, PrintOut.COURTESY_PDF)
    allow_illegal: bool = False
    weapons_reference: bool = True

    def options(self, allow_illegal: bool | None = None) -> PrintOptions:
        return PrintOptions(paper=self.paper, units=self.units, language=self.language,
                            allow_illegal=self.allow_illegal if allow_illegal is None else allow_illegal,
                            weapons_reference=self.weapons_reference)


@dataclass(frozen=True)
class Preview:
    """One print-out as the preview shows it: its pages, or its text; and whether the list is legal."""

    output: PrintOut
    pages: tuple[QImage, ...] = ()
    text: str = ""
    legal: bool = True
    size: int = 0


def make_output(doc: Printout, output: PrintOut, options: PrintOptions) -> bytes:
    """The bytes of one print-out (raises IllegalListError for an illegal list without consent)."""
    from armybuilder.export.pdf import courtesy_pdf, full_pdf
    from armybuilder.export.text import courtesy_text, full_text

    if output is PrintOut.FULL_PDF:
        return full_pdf(doc, options)
    if output is PrintOut.COURTESY_PDF:
        return courtesy_pdf(doc, options)
    if output is PrintOut.FULL_TEXT:
        return full_text(doc, options).encode("utf-8")
    return courtesy_text(doc, options).encode("utf-8")


def preview(army_list: ArmyList, catalog: Catalog, settings: ExportSettings, output: PrintOut) -> Preview:
    """A print-out for the preview: made as it would be saved; an illegal list shows its NOT LEGAL marks."""
    doc = prepare(army_list, catalog)
    data = make_output(doc, output, settings.options(allow_illegal=True))
    if output.is_pdf:
        return Preview(output, tuple(render_pages(data)), legal=doc.legal, size=len(data))
    return Preview(output, text=data.decode("utf-8"), legal=doc.legal, size=len(data))


def with_suffix(path: Path, suffix: str) -> Path:
    """`path` ending in `suffix`: a .pdf/.txt suffix is replaced, any other kept ('list.v2' → 'list.v2.pdf')."""
    if path.suffix.lower() == suffix:
        return path
    if path.suffix.lower() in (".pdf", ".txt"):
        return path.with_suffix(suffix)
    return path.with_name(path.name + suffix)


def targets(path: Path, outputs: Sequence[PrintOut]) -> list[tuple[PrintOut, Path]]:
    """Where each print-out goes: one print-out to `path` itself (with its suffix); several to
    `<stem>-full.pdf`, `<stem>-courtesy.pdf`, `<stem>-full.txt`… beside it."""
    if len(outputs) == 1:
        return [(outputs[0], with_suffix(path, outputs[0].suffix))]
    stem = path.stem if path.suffix.lower() in (".pdf", ".txt") else path.name
    found = []
    for output in outputs:
        kind = (tr("full", context="file name") if output in (PrintOut.FULL_PDF, PrintOut.FULL_TEXT)
                else tr("courtesy", context="file name"))
        found.append((output, path.with_name(f"{stem}-{kind}{output.suffix}")))
    return found


def write_outputs(army_list: ArmyList, catalog: Catalog, settings: ExportSettings,
                  chosen: Sequence[tuple[PrintOut, Path]]) -> list[Path]:
    """Make and write every chosen print-out; each file is written atomically, and all are made
    before the first is written, so a failure while making one leaves every file as it was."""
    doc = prepare(army_list, catalog)
    options = settings.options()
    made = [(path, make_output(doc, output, options)) for output, path in chosen]
    for path, data in made:
        atomic_write_bytes(path, data)
    return [path for path, _ in made]


def list_text(army_list: ArmyList, catalog: Catalog, language: str, courtesy: bool = False) -> str:
    """The list as compact text, for the clipboard (an illegal list carries its NOT LEGAL marks)."""
    settings = ExportSettings(language=language, allow_illegal=True)
    doc = prepare(army_list, catalog)
    output = PrintOut.COURTESY_TEXT if courtesy else PrintOut.FULL_TEXT
    return make_output(doc, output, settings.options()).decode("utf-8")


def with_outputs(settings: ExportSettings, outputs: Sequence[PrintOut]) -> ExportSettings:
    return replace(settings, outputs=tuple(o for o in PrintOut if o in outputs))
