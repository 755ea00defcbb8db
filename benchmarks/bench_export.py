"""Print-out speed: full plus courtesy PDF of a 15-trooper list (target < 300 ms), file sizes, text export."""

from __future__ import annotations

import datetime as dt
import time

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.export.document import ListDocument, PrintOptions, prepare
from armybuilder.paths import bundled_profiles_dir
from benchmarks.common import ROOT, median_ms, timed

EXPORT_DATA = ROOT / "tests" / "data" / "export"
KNIGHTS, FUSILIERS, TOGAN = 15, 1, 4


def fifteen_troopers(catalog: Catalog) -> ListDocument:
    """The page-count test's list: 15 troopers with very long names and equipment lists, 9 peripherals."""
    army_list = ArmyList(name="Fifteen Long-Winded Knights and Friends", army=ArmyRef(origin="bundled", id=960),
                         pack="n5", points=600)
    rows = [(1, KNIGHTS, 3, 1)] * 6 + [(1, KNIGHTS, 1, 1)] * 4 + [(2, KNIGHTS, 3, 1)] * 3 + [
        (2, FUSILIERS, 1, 2), (2, TOGAN, 1, 1)]
    for group, unit, profile_group, option in rows:
        army_list, _ = army_list.with_trooper(group, unit, profile_group, option)
    return prepare(army_list, catalog)


def main() -> None:
    start = time.perf_counter()
    from armybuilder.export.pdf import courtesy_pdf, full_pdf
    from armybuilder.export.text import courtesy_text, full_text

    print(f"import export modules (reportlab): {(time.perf_counter() - start) * 1000:.0f} ms")
    catalog = Catalog.from_paths([bundled_profiles_dir() / "packs", EXPORT_DATA])
    doc = fifteen_troopers(catalog)
    assert doc.legal and doc.report.totals.troopers == 15
    options = PrintOptions(date=dt.date(2025, 1, 2))

    first = timed(lambda: full_pdf(doc, options))[0]
    print(f"first full PDF (registers and parses the fonts): {first * 1000:.0f} ms")
    for paper in ("a4", "letter"):
        opts = PrintOptions(date=dt.date(2025, 1, 2), paper=paper)
        both = timed(lambda opts=opts: (full_pdf(doc, opts), courtesy_pdf(doc, opts)), repeat=15)
        full = timed(lambda opts=opts: full_pdf(doc, opts), repeat=15)
        courtesy = timed(lambda opts=opts: courtesy_pdf(doc, opts), repeat=15)
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


if __name__ == "__main__":
    main()
