"""The unit browser on real armies (the official data in ../shared), driven through its widgets: every
choice of the Type and Category combos, search without accents or case and into the peripherals an
option includes, the expansion a cleared search gives back, and the marks of used-up AVA and of
options that no longer fit."""

from __future__ import annotations

import pytest
from guihelpers import hovered_tip, start_official
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QComboBox

from armybuilder.domain.profiles import Army, Unit
from armybuilder.gui import icons
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.units import Role, marks_for
from armybuilder.rules.categories import categories_of

pytestmark = pytest.mark.shared

ARMIES = ("Svalarheima's Winter Force", "Yu Jing", "Haqqislam", "Ōban")
"""Between them, every unit type (LI to VH, WB, SK, TAG…) and names with accents."""




def shown_units(window: MainWindow) -> list[str]:
    proxy = window.browser.proxy
    return [proxy.index(row, 0).data() for row in range(proxy.rowCount())]


def shown_options(window: MainWindow, unit_name: str) -> list[str]:
    proxy = window.browser.proxy
    for row in range(proxy.rowCount()):
        unit = proxy.index(row, 0)
        if unit.data() == unit_name:
            return [proxy.index(r, 0, unit).data() for r in range(proxy.rowCount(unit))]
    return []


def choose(combo: QComboBox, row: int) -> None:
    """Pick a combo's item as the player does: open it, move to the item, press Enter."""
    combo.setFocus()
    combo.showPopup()
    view = combo.view()
    view.setCurrentIndex(view.model().index(row, 0))
    combo.hidePopup()
    combo.setCurrentIndex(row)  # what the popup's Enter commits
    assert combo.currentIndex() == row


def fieldable(army: Army) -> list[Unit]:
    """The army's own units that have an option to pick (mercenaries stay hidden until allowed)."""
    return [u for u in army.units if not u.mercenary and any(True for _ in u.selectable_options())]


def test_every_type_and_category_choice_shows_its_units(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    browser = window.browser
    for name in ARMIES:
        army = start_official(qtbot, window, name)
        units = fieldable(army)
        assert browser.count.text() == f"{len(units)} units"
        season = window.document.season()
        types = browser.type_filter
        assert types.count() > 1
        for row in range(1, types.count()):
            choose(types, row)
            label = types.itemText(row)
            wanted = {u.name for u in units if u.main_profile is not None and u.main_profile.type is not None
                      and f"({u.main_profile.type.value})" in label}
            assert wanted, (name, label)  # a choice is offered only when the army has such units
            assert set(shown_units(window)) == wanted, (name, label)
            assert browser.count.text() == f"{len(wanted)} of {len(units)}", (name, label)
        choose(types, 0)
        categories = browser.category_filter
        for row in range(1, categories.count()):
            choose(categories, row)
            label = categories.itemText(row)
            wanted = {u.name for u in units if any(window.browser.category_filter.itemData(row) == c.value
                                                   for c in categories_of(u, season))}
            assert wanted, (name, label)
            assert set(shown_units(window)) == wanted, (name, label)
        choose(categories, 0)
        assert len(shown_units(window)) == len(units)


def test_line_troops_shows_the_fusiliers(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    start_official(qtbot, window, "Svalarheima's Winter Force")
    categories = window.browser.category_filter
    row = categories.findText("Line Troops")
    assert row > 0
    choose(categories, row)
    assert "FUSILIERS" in shown_units(window)
    types = window.browser.type_filter
    choose(types, types.findText("Light Infantry (LI)"))
    assert "FUSILIERS" in shown_units(window)  # both filters at once
    assert window.browser.count.text().endswith(" of 38")


def test_search_folds_accents_and_case(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    start_official(qtbot, window, "Svalarheima's Winter Force")
    search = window.browser.search
    for typed, found in (("nokken", "Nøkken, Special Intervention and Recon Team"),
                         ("NØKKEN", "Nøkken, Special Intervention and Recon Team"),
                         ("sacha", "SĀCHĀ, Xenotech Hunters"),
                         ("grimsdottir", "OKTAVIA GRÍMSDÓTTIR, Icebreaker's Harpooner")):
        search.clear()
        qtbot.keyClicks(search, typed)
        assert found in shown_units(window), typed


def test_search_finds_the_peripherals_an_option_includes(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    army = start_official(qtbot, window, "Svalarheima's Winter Force")
    peacemakers = army.unit_by_slug("armbots-peacemakers")
    assert peacemakers is not None
    search = window.browser.search
    qtbot.keyClicks(search, "auxbot")
    assert peacemakers.name in shown_units(window)
    with_auxbot = shown_options(window, peacemakers.name)
    total = sum(1 for _ in peacemakers.selectable_options())
    assert 0 < len(with_auxbot) < total  # only the options that come with an Auxbot
    search.clear()
    qtbot.keyClicks(search, "peripheral")  # the peripheral's own skill, "Peripheral (Servant)"
    assert peacemakers.name in shown_units(window)
    assert len(shown_options(window, peacemakers.name)) == len(with_auxbot)


def test_clearing_the_search_gives_back_the_expansion(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    start_official(qtbot, window, "Svalarheima's Winter Force")
    browser = window.browser
    tree = browser.tree

    def expanded() -> set[str]:
        return {browser.proxy.index(r, 0).data() for r in range(browser.proxy.rowCount())
                if tree.isExpanded(browser.proxy.index(r, 0))}

    for name in ("FUSILIERS", "MACHINISTS"):
        row = shown_units(window).index(name)
        tree.expand(browser.proxy.index(row, 0))
    assert expanded() == {"FUSILIERS", "MACHINISTS"}
    qtbot.keyClicks(browser.search, "rifle")
    assert len(expanded()) > 2  # a search opens every unit it finds
    qtbot.keyClick(browser.search, Qt.Key.Key_Escape)  # Escape clears
    assert browser.search.text() == ""
    assert expanded() == {"FUSILIERS", "MACHINISTS"}
    browser.lieutenant_filter.click()  # the option filters open units too, and give them back
    assert len(expanded()) > 2
    browser.lieutenant_filter.click()
    assert expanded() == {"FUSILIERS", "MACHINISTS"}


def add_option(qtbot, window: MainWindow, unit: Unit, pick: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Add a unit's option with Enter in the browser."""
    group, option = list(unit.selectable_options())[pick]
    index = window.browser.option_index(unit.id, group.id if group else 0, option.id)
    assert index.isValid(), unit.name
    tree = window.browser.tree
    tree.setFocus()
    tree.scrollTo(index)
    tree.setCurrentIndex(index)
    qtbot.keyClick(tree, Qt.Key.Key_Return)


def unit_index(window: MainWindow, unit: Unit) -> QModelIndex:
    return window.browser.proxy.mapFromSource(window.browser.model.unit_index(unit.id))


def test_used_up_ava_is_greyed_with_its_count(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    army = start_official(qtbot, window, "Svalarheima's Winter Force")
    machinists = army.unit_by_slug("machinists")
    assert machinists is not None and machinists.ava == 1
    tree = window.browser.tree
    index = unit_index(window, machinists)
    plain = index.data(Qt.ItemDataRole.ForegroundRole)
    tip = hovered_tip(tree, index)
    assert index.data(Role.MARK) is None and "MACHINISTS" in tip.upper() and "AVA" not in tip
    add_option(qtbot, window, machinists)
    index = unit_index(window, machinists)
    assert index.data(Role.MARK) == "ava"
    assert "AVA 1/1" in hovered_tip(tree, index.siblingAtColumn(3))  # any cell of the row says it
    assert index.data(Qt.ItemDataRole.ForegroundRole) != plain
    tree.expand(index)
    option = window.browser.proxy.index(0, 0, index)
    assert option.data(Role.MARK) == "ava" and "AVA 1/1" in hovered_tip(tree, option)
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    add_option(qtbot, window, fusiliers)  # AVA Total: never used up
    assert unit_index(window, fusiliers).data(Role.MARK) is None
    window.action_set.undo.trigger()
    window.action_set.undo.trigger()
    assert unit_index(window, machinists).data(Role.MARK) is None  # the mark follows undo
    assert "AVA" not in hovered_tip(tree, unit_index(window, machinists))


def test_a_character_fielded_once_is_used_up(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    army = start_official(qtbot, window, "Svalarheima's Winter Force")
    oktavia = army.unit_by_slug("oktavia-grimsdottir")
    assert oktavia is not None and oktavia.is_character
    add_option(qtbot, window, oktavia)
    assert unit_index(window, oktavia).data(Role.MARK) == "ava"


def test_options_that_do_not_fit_are_marked_then_hidden(qtbot, official_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = official_window
    army = start_official(qtbot, window, "Svalarheima's Winter Force")
    window.document.set_game_size(None, 30)  # 30 points and 0.5 SWC... minus what is added next
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    add_option(qtbot, window, fusiliers)  # 10 points: 20 left
    index = unit_index(window, fusiliers)
    window.browser.tree.expand(index)
    marks = {}
    for row in range(window.browser.proxy.rowCount(index)):
        option = window.browser.proxy.index(row, 0, index)
        points = int(option.siblingAtColumn(4).data())
        swc = float(option.siblingAtColumn(3).data())
        marks[row] = (points, swc, option.data(Role.MARK), window.browser.tooltip(option))
    assert any(m == "fit" for _, _, m, _ in marks.values()) and any(m is None for _, _, m, _ in marks.values())
    for points, swc, mark, tip in marks.values():
        totals = window.document.report.totals
        left = (totals.points_limit - totals.points, (totals.swc_limit_halves - totals.swc_halves) / 2)
        assert left[0] == 20, left
        fits = points <= left[0] and swc <= left[1]
        assert (mark is None) == fits, (points, swc, mark)
        if not fits:
            assert "Does not fit" in tip and "20 points" in tip
    shown = len(marks)
    window.browser.fits_filter.click()  # Fits on: only what fits is listed
    index = unit_index(window, fusiliers)
    assert window.browser.proxy.rowCount(index) == sum(1 for _, _, m, _ in marks.values() if m is None) < shown
    window.browser.fits_filter.click()
    assert window.browser.proxy.rowCount(unit_index(window, fusiliers)) == shown


def assert_marks_as_worked_out_afresh(window: MainWindow) -> None:
    """The browser's marks (kept from one report to the next for units whose AVA and room did not change)
    are those worked out from scratch for the list now, and the rows were told of every change."""
    model = window.browser.model
    report = window.document.report
    assert report is not None
    fresh = marks_for(model.entries, model.army, report.roster, report.totals)
    kept = model.marks
    for row, entry in enumerate(model.entries):
        assert kept.marks(entry) == fresh.marks(entry), entry.unit.name
        assert model._shown.get((row, 0)) == fresh.unit_mark(entry), entry.unit.name  # what the views were told
        for child, option in enumerate(entry.options):
            assert kept.ava_of(entry, option) == fresh.ava_of(entry, option), (entry.unit.name, option.text)
            shown = model._shown.get((row, child + 1))
            assert shown == fresh.option_mark(entry, option), (entry.unit.name, option.text)
            index = model.child_index(row, child)  # what the rows show: the option's own mark (found by its row)
            assert index.data(Role.MARK) == shown, (entry.unit.name, option.text)
            grey = index.data(Qt.ItemDataRole.ForegroundRole).color() == icons.MUTED_COLOR
            assert grey == (shown is not None) == bool(index.data(Qt.ItemDataRole.FontRole)), option.text
            assert index.data(Qt.ItemDataRole.CheckStateRole) is None
        assert model.tooltip(model.top_index(row)) == _tooltip_with(model, fresh, row)


def _tooltip_with(model, marks, row: int) -> str:  # type: ignore[no-untyped-def]
    kept = model._marks
    model._marks = marks
    try:
        return str(model.tooltip(model.top_index(row)))
    finally:
        model._marks = kept


@pytest.mark.parametrize("name", ["Aleph", "Ariadna"])
def test_marks_kept_between_edits_are_the_marks_worked_out_afresh(qtbot, official_window: MainWindow,  # type: ignore[no-untyped-def]
                                                                  name: str) -> None:
    """Units in relations (Aleph's two versions of Maximus: at most one of them), units with AVA per profile
    group, characters (one twice, one in two versions): adds, game sizes that put the room above, among and
    below the options' costs, undo and redo; after each, the marks equal marks worked out from scratch."""
    window = official_window
    army = start_official(qtbot, window, name)
    doc = window.document

    def options(unit, group: int | None = None):  # type: ignore[no-untyped-def]
        return [(g.id if g else 0, o.id) for g, o in unit.selectable_options()
                if group is None or (g and g.id == group)]

    related = [(u, m.group) for r in army.relations if r.max is not None for m in reversed(r.members)
               if (u := army.unit(m.unit)) is not None and options(u, m.group)]
    per_group = [(u, None) for u in army.units if u.ava_per_group and options(u)]
    characters = [u for u in army.units if u.is_character and options(u)]
    versions = next([u, v] for u in characters for v in characters  # one character, two units (Yojimbo's)
                    if u.character_key == v.character_key and u.identity < v.identity)
    picks = [*related, *per_group, (characters[0], None), (characters[0], None), *((u, None) for u in versions)]
    assert len(related) >= 3 and per_group
    model = window.browser.model
    reused = 0
    for number, (unit, in_group) in enumerate(picks):
        before = {e.unit.id: model.marks.marks(e) for e in model.entries}
        choices = options(unit, in_group)
        doc.add_trooper(unit.id, *choices[number % len(choices)])
        assert_marks_as_worked_out_afresh(window)
        reused += sum(1 for e in model.entries if model.marks.marks(e) is before[e.unit.id])
        if number == 4:
            points = doc.report.totals.points
            for size in (points + 20, points + 5, points - 30, 300):
                doc.set_game_size(None, size)
                assert_marks_as_worked_out_afresh(window)
    assert reused > len(picks) * len(model.entries) // 2  # most units keep their marks from edit to edit
    stack = doc.undo_stack
    while stack.canUndo():
        stack.undo()
        assert_marks_as_worked_out_afresh(window)
    while stack.canRedo():
        stack.redo()
        assert_marks_as_worked_out_afresh(window)
