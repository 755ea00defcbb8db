"""Messages are data until shown: validating a list translates nothing, and one report reads in any language."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from test_fireteams import DATA as FIRETEAM_DATA
from test_fireteams import MUTATIONS as FIRETEAM_MUTATIONS
from test_fireteams import _with
from test_rules_engine import DATA as RULES_DATA
from test_rules_engine import MUTATIONS as RULE_MUTATIONS

from armybuilder import i18n
from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList
from armybuilder.i18n import Joined, LocalText, Message, lazy_join, lazy_tr, text_from_json
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import Report, context_in_catalog, run_rules
from armybuilder.rules.fireteams.finder import find_fireteams, suggest_changes


@contextmanager
def nothing_translated() -> Iterator[None]:
    """Any catalog look-up (what every tr/trn, and every rendering of a message, makes) fails the test."""
    def refuse(language: str) -> Any:
        raise AssertionError(f"a text was translated ({language}) while validating")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "_catalog", refuse)
        patch.setattr(i18n, "_plural_catalog", refuse)
        yield


def judged(catalog: Catalog, army_list: ArmyList) -> tuple[Report, list[Any]]:
    """The report, the fireteam finder's teams and suggestions of a list, made with translation forbidden."""
    with nothing_translated():
        ctx = context_in_catalog(army_list, catalog)
        report = run_rules(ctx)
        extra = [*find_fireteams(ctx), *suggest_changes(ctx)]
    return report, extra


def cases() -> list[tuple[str, Callable[[], ArmyList], str]]:
    rules = [(f"rules:{code}", mutate, "rules") for code, mutate in RULE_MUTATIONS]
    teams = [(f"fireteams:{code}:{case}", lambda change=change: _with(change), "fireteams")
             for code, case, change in FIRETEAM_MUTATIONS]
    return rules + teams


CATALOGS = {"rules": RULES_DATA, "fireteams": FIRETEAM_DATA}


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {name: Catalog.from_paths([bundled_profiles_dir() / "packs", path]) for name, path in CATALOGS.items()}


@pytest.mark.parametrize(("case", "make", "data"), cases(), ids=[c[0] for c in cases()])
def test_validation_translates_nothing_and_the_report_renders_in_both_languages(
        catalogs: dict[str, Catalog], case: str, make: Callable[[], ArmyList], data: str) -> None:
    report, found = judged(catalogs[data], make())
    assert report.violations, case
    for violation in report.violations:
        english, spanish = violation.render("en"), violation.render("es")
        assert english and spanish and "{" not in english and "{" not in spanish, (case, english, spanish)
        i18n.set_language("es")
        try:
            assert violation.message == spanish  # the current language, read when shown
        finally:
            i18n.set_language("en")
        assert violation.message == english
    for item in found:  # the finder's teams and suggestions say what they are once shown
        assert item.description and "{" not in item.description, (case, item)


def test_a_translation_while_validating_would_be_caught() -> None:
    with nothing_translated(), pytest.raises(AssertionError, match="translated"):
        i18n.tr("Points")


def test_a_spanish_rendering_is_the_catalog_s_and_nests() -> None:
    name = LocalText.of("ITS Season 9", es="ITS Temporada 9")
    text = lazy_tr("{pack} has no Closed Battle Lists; remove the CBL {cbl!r}.", pack=name, cbl="x") + " " + \
        lazy_join(", ", [lazy_tr("none"), "Fusiliers"])
    assert text.render("en") == "ITS Season 9 has no Closed Battle Lists; remove the CBL 'x'. none, Fusiliers"
    spanish = text.render("es")
    assert spanish.startswith("ITS Temporada 9 ") and "'x'" in spanish and spanish.endswith(", Fusiliers")
    assert spanish != text.render("en")
    assert f"{text}" == str(text) == text.render("en")


def test_texts_are_stored_language_neutral() -> None:
    text = Joined((lazy_tr("Level {level}", level=2), ": ", LocalText.of("+1 B", es="+1 R")))
    stored = text.to_json()
    assert text_from_json(stored) == text
    assert text_from_json(stored).render("es") == text.render("es")
    old = Message("no such folder").to_json()  # what the import cache holds already reads back
    assert text_from_json(old) == Message("no such folder")
