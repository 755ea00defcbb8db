"""Golden print-outs: the extracted text of each PDF and the text exports, for the seed lists.

Regenerate after an intended change with:  ARMYBUILDER_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q
tests/test_export_golden.py  — then read the diff (git diff tests/data/golden) before committing it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from export_lists import GOLDEN, export_catalog, mirrors_list, options, pdf_text, private_list, seed_list

from armybuilder.data.catalog import Catalog
from armybuilder.export.pdf import courtesy_pdf, full_pdf
from armybuilder.export.printout import PrintOptions, Printout, prepare
from armybuilder.export.text import courtesy_text, full_text
from armybuilder.paths import bundled_profiles_dir

REGENERATE = os.environ.get("ARMYBUILDER_REGEN_GOLDEN") == "1"
LISTS = ["icestorm-panoceania", "icestorm-nomads"]
OUTPUTS: dict[str, Callable[[Printout, PrintOptions], str]] = {
    "full.pdf.txt": lambda doc, opts: pdf_text(full_pdf(doc, opts)),
    "courtesy.pdf.txt": lambda doc, opts: pdf_text(courtesy_pdf(doc, opts)),
    "full.txt": full_text,
    "courtesy.txt": courtesy_text,
}


@pytest.fixture(scope="module")
def bundled() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


def check(path: Path, actual: str) -> None:
    if REGENERATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.is_file(), f"no golden file {path.name}; run with ARMYBUILDER_REGEN_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"{path.name} differs from its golden file (ARMYBUILDER_REGEN_GOLDEN=1 to update)"


@pytest.mark.parametrize("output", sorted(OUTPUTS))
@pytest.mark.parametrize("list_id", LISTS)
def test_seed_list_print_outs_match_their_goldens(bundled: Catalog, list_id: str, output: str) -> None:
    doc = prepare(seed_list(list_id, bundled), bundled)
    assert doc.legal, [v.message for v in doc.report.violations]
    check(GOLDEN / f"{list_id}.{output}", OUTPUTS[output](doc, options()))


@pytest.mark.parametrize("output", ["full.txt", "courtesy.txt"])
def test_spanish_text_exports_match_their_goldens(bundled: Catalog, output: str) -> None:
    doc = prepare(seed_list("icestorm-nomads", bundled), bundled)
    check(GOLDEN / f"icestorm-nomads.es.{output}", OUTPUTS[output](doc, options(language="es", units="cm")))


@pytest.mark.parametrize("output", ["courtesy.pdf.txt", "courtesy.txt"])  # the full list's fireteam level
@pytest.mark.parametrize("name", ["private-affairs", "smoke-and-mirrors"])
def test_private_lists_print_outs_match_their_goldens(name: str, output: str) -> None:
    catalog = export_catalog()
    doc = prepare({"private-affairs": private_list, "smoke-and-mirrors": mirrors_list}[name](), catalog)
    check(GOLDEN / f"{name}.{output}", OUTPUTS[output](doc, options()))


def test_smoke_and_mirrors_full_list_matches_its_golden() -> None:
    """Its notes say how the courtesy list shows each private trooper; no fireteam, so no bonus text."""
    doc = prepare(mirrors_list(), export_catalog())
    check(GOLDEN / "smoke-and-mirrors.full.pdf.txt", OUTPUTS["full.pdf.txt"](doc, options()))
