"""Print-out speed: full plus courtesy PDF of a 15-trooper list (target < 300 ms), file sizes, text export.

With the official data (your imported data, or ../shared imported into a temporary folder) it also
times the tallest 15 open troopers of the data, whose courtesy list needs the denser layouts.
"""

from __future__ import annotations

import datetime as dt
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList
from armybuilder.export.printout import PrintOptions, Printout, prepare
from armybuilder.paths import bundled_profiles_dir
from benchmarks.common import OFFICIAL_DATA, median_ms, timed
from tests.export_lists import export_catalog, long_list


def fifteen_troopers(catalog: Catalog) -> Printout:
    """The page-count test's list: 15 troopers with very long names and equipment lists, 9 peripherals."""
    return prepare(long_list(), catalog)


def official_catalog() -> Catalog | None:
    from armybuilder.data.cache import attach_imported
    from armybuilder.data.importer import import_folder

    catalog = Catalog.from_paths([bundled_profiles_dir()])
    if attach_imported(catalog) is not None and any(s.origin == "imported" for s in catalog.armies()):
        return catalog
    if not (OFFICIAL_DATA / "army.json").is_file():
        return None
    folder = Path(tempfile.mkdtemp(prefix="bench-export-"))
    import_folder(OFFICIAL_DATA, folder)
    attach_imported(catalog, folder)
    return catalog


def tallest_fifteen(catalog: Catalog) -> Printout:
    """The army whose 15 tallest open troopers (one per unit) take the most courtesy-list room (as
    tests/test_export_official.py finds them), in two combat groups of 10 and 5."""
    from armybuilder.domain.roster import resolve
    from armybuilder.export.privacy import courtesy_view

    edition = catalog.pack("n5")
    private = edition.private  # type: ignore[union-attr]
    worst: tuple[float, ArmyList | None] = (0.0, None)
    for summary in catalog.armies():
        if summary.origin != "imported":
            continue
        army = catalog.army(summary.ref)
        best: dict[int, tuple[float, int, int]] = {}
        for unit in army.units:
            for group, option in unit.selectable_options():
                if group is None:
                    continue
                army_list, _ = ArmyList(name="", army=summary.ref, pack="n5", points=300).with_trooper(
                    1, unit.id, group.id, option.id)
                view = courtesy_view(resolve(army_list, army), private, game_points=300)
                models = view.groups[0].troopers if view.groups else ()
                weight = 0.0
                for each in (m for model in models for m in (model, *model.companions)):
                    text = sum(len(i) + 2 for i in (*each.weapons, *each.skills, *each.equipment)) + 30
                    weight += 1 + text / 150 + max(0, len(each.stat_lines) - 1)
                if weight > best.get(unit.id, (0.0, 0, 0))[0]:
                    best[unit.id] = (weight, group.id, option.id)
        top = sorted(best.items(), key=lambda item: -item[1][0])[:15]
        total = sum(weight for _, (weight, _, _) in top)
        if total > worst[0]:
            army_list = ArmyList(name="Tallest", army=summary.ref, pack="n5", points=300)
            for index, (unit_id, (_, group_id, option_id)) in enumerate(top):
                army_list, _ = army_list.with_trooper(1 if index < 10 else 2, unit_id, group_id, option_id)
            worst = (total, army_list)
    assert worst[1] is not None
    return prepare(worst[1], catalog)


def official(options: PrintOptions) -> None:
    from armybuilder.export import pdf
    from armybuilder.export.printout import printing_language
    from armybuilder.export.sheet import courtesy_of, courtesy_sheet, full_sheet

    catalog = official_catalog()
    if catalog is None:
        print("official data: not found (import it, or put it in ../shared) — skipped")
        return
    doc = tallest_fifteen(catalog)
    for paper in ("a4", "letter"):
        opts = replace(options, paper=paper)
        with printing_language(opts.language):  # laid out as the legal list it stands for
            courtesy = courtesy_sheet(courtesy_of(doc), opts, legal=True)
            full = replace(full_sheet(doc, opts), legal=True, violations=())
            roomy = pdf._render(courtesy, opts, 0).pages
            density = next((d for d in range(len(pdf.DENSITIES)) if pdf._render(courtesy, opts, d).pages <= 1), None)
        both = timed(lambda opts=opts, courtesy=courtesy, full=full: (pdf.render(full, opts),  # type: ignore[misc]
                                                                      pdf.render(courtesy, opts)), repeat=7)
        alone = timed(lambda opts=opts, courtesy=courtesy: pdf.render(courtesy, opts), repeat=7)  # type: ignore[misc]
        print(f"{paper}: tallest 15 official troopers ({doc.army.name}): full + courtesy PDF median "
              f"{median_ms(both):.0f} ms; the courtesy list alone {median_ms(alone):.0f} ms (roomy layout "
              f"{roomy:.2f} pages, one page from density {density})")
    view = timed(lambda: courtesy_of(doc), repeat=50)
    print(f"courtesy view (privacy, stand-ins) of that list: median {median_ms(view):.2f} ms")


def main() -> None:
    start = time.perf_counter()
    from armybuilder.export.pdf import courtesy_pdf, full_pdf
    from armybuilder.export.text import courtesy_text, full_text

    print(f"import export modules (reportlab): {(time.perf_counter() - start) * 1000:.0f} ms")
    catalog = export_catalog()
    doc = fifteen_troopers(catalog)
    assert doc.legal and doc.report.totals.troopers == 15
    options = PrintOptions(date=dt.date(2025, 1, 2))

    first = timed(lambda: full_pdf(doc, options))[0]
    print(f"first full PDF (registers and parses the fonts): {first * 1000:.0f} ms")
    for paper in ("a4", "letter"):
        opts = PrintOptions(date=dt.date(2025, 1, 2), paper=paper)
        both = timed(lambda opts=opts: (full_pdf(doc, opts), courtesy_pdf(doc, opts)), repeat=15)  # type: ignore[misc]
        full = timed(lambda opts=opts: full_pdf(doc, opts), repeat=15)  # type: ignore[misc]
        courtesy = timed(lambda opts=opts: courtesy_pdf(doc, opts), repeat=15)  # type: ignore[misc]
        print(f"{paper}: full + courtesy PDF of 15 troopers: median {median_ms(both):.0f} ms "
              f"(full {median_ms(full):.0f} ms, courtesy {median_ms(courtesy):.0f} ms; target < 300 ms)")
    full_bytes = full_pdf(doc, options)
    courtesy_bytes = courtesy_pdf(doc, options)
    no_reference = full_pdf(doc, PrintOptions(date=dt.date(2025, 1, 2), weapons_reference=False))
    print(f"sizes: full {len(full_bytes) / 1024:.0f} KB (without weapons page {len(no_reference) / 1024:.0f} KB), "
          f"courtesy {len(courtesy_bytes) / 1024:.0f} KB")
    text = timed(lambda: (full_text(doc, options), courtesy_text(doc, options)), repeat=50)
    print(f"full + courtesy text: median {median_ms(text):.1f} ms")
    prep = timed(lambda: fifteen_troopers(catalog), repeat=50)
    print(f"prepare (resolve + validate) the list: median {median_ms(prep):.1f} ms")
    official(options)


if __name__ == "__main__":
    main()
