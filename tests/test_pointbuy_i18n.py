"""Every name and summary of the point-buy catalog has its Spanish entry (names under 'pointbuy|')."""

from __future__ import annotations

from armybuilder.i18n import _catalog, language_override, reload_catalogs
from armybuilder.pointbuy import catalog, design, tables
from armybuilder.pointbuy.catalog import local_name

TABLES = (catalog.BRAIN_POWERS, catalog.MORALE_GRADES, catalog.RACES, catalog.CONDITIONAL_SPECIALS,
          catalog.CHOSEN_SPECIALS, catalog.UNIT_TYPES, catalog.ARMY_ABILITIES)


def test_every_name_and_summary_is_translated() -> None:
    reload_catalogs()
    spanish = _catalog("es")
    names = {a.name for table in TABLES for a in table.values()} | {b.name for b in tables.BANDS}
    names |= set(design.SHAPES.values())
    missing = sorted(n for n in names if f"pointbuy|{n}" not in spanish)
    summaries = sorted(a.summary for table in TABLES for a in table.values() if a.summary and a.summary not in spanish)
    assert not missing and not summaries, (missing, summaries)


def test_short_names_do_not_take_other_translations() -> None:
    close = catalog.Attribute("close", "Close")
    with language_override("es"):
        assert local_name(close) == "Cuerpo a cuerpo"  # not the GUI's "Cerrar"
        assert local_name(catalog.UNIT_TYPES["team"]) == "Equipo"
