"""The profile card keeps the pages of the units it showed last (showing one again costs no rebuilding):
a kept page never shows a stale card — a unit shown again after a language, units, theme or weapon-data
change reads in the new one — and after every edit the card shows the selected trooper's unit and option."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QImage, QPaintEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from armybuilder.domain.profiles import WeaponProfile, WeaponRange
from armybuilder.gui import theme
from armybuilder.gui.language import apply_language
from armybuilder.gui.mainwindow import BUILDER_PAGE, MainWindow
from armybuilder.gui.models.units import OptionEntry, UnitEntry
from armybuilder.gui.models.weapons import BACKGROUND
from armybuilder.gui.weapons import WeaponBook, carried_weapons

LINE, HEAVY, CONTROLLERS = 1, 2, 5


@pytest.fixture(autouse=True)
def _english_and_light_afterwards() -> Iterator[None]:
    yield
    apply_language("en")
    theme.apply_theme("light")


def start_list(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "test sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert window.pages.currentIndex() == BUILDER_PAGE


def browse(window: MainWindow, unit: int) -> None:
    """The player picks a unit's first option in the browser, as a click does."""
    window.browser.tree.setCurrentIndex(window.browser.option_index(unit))
    assert window.card.unit is not None and window.card.unit.id == unit


def show_again(window: MainWindow, entries: dict[int, UnitEntry], unit: int) -> None:
    """Show a unit on the card, with the very entry it showed before (the browser words its entries
    again after a switch, so this is what reaches a kept page)."""
    entry = entries.setdefault(unit, window.browser.entry_for(unit))  # type: ignore[arg-type]
    window.card.show_unit(entry, entry.options[0])
    assert window.card.unit is not None and window.card.unit.id == unit


def headers(window: MainWindow) -> list[str]:
    model = window.card.stats_model
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def test_a_unit_shown_again_after_a_language_switch_reads_in_the_new_language(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    entries: dict[int, UnitEntry] = {}
    show_again(window, entries, CONTROLLERS)
    show_again(window, entries, LINE)  # the controllers' page is kept, laid out, in English
    english_title = window.card.options_title.text()
    assert "PH" in headers(window)
    apply_language("es")
    show_again(window, entries, CONTROLLERS)
    assert "FIS" in headers(window) and "PH" not in headers(window)
    assert window.card.options_title.text() != english_title
    assert window.card.options.accessibleName() == "Opciones"
    assert window.card.weapons_title.text() and not window.card.weapons_title.text().startswith("Weapons of")
    browse(window, LINE)  # the way a player comes back to it
    assert "FIS" in headers(window) and window.card.options_title.text() != english_title
    apply_language("en")
    show_again(window, entries, CONTROLLERS)
    assert "PH" in headers(window) and window.card.options_title.text() == english_title


def test_a_unit_shown_again_after_a_units_switch_shows_the_new_units(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    entries: dict[int, UnitEntry] = {}
    show_again(window, entries, CONTROLLERS)
    assert window.card.stats_model.index(1, 1).data() == "6-4"
    show_again(window, entries, LINE)
    window.action_set.distances_cm.setChecked(True)
    show_again(window, entries, CONTROLLERS)
    assert window.card.stats_model.index(1, 1).data() == "15-10"
    show_again(window, entries, LINE)
    window.action_set.distances_cm.setChecked(False)
    show_again(window, entries, CONTROLLERS)
    assert window.card.stats_model.index(1, 1).data() == "6-4"
    browse(window, CONTROLLERS)
    assert window.card.stats_model.index(1, 1).data() == "6-4"


def band_colours(window: MainWindow) -> set[str]:
    model = window.card.weapons_model
    return {model.index(row, column).data(BACKGROUND).color().name()
            for row in range(model.rowCount()) for column in range(model.columnCount())
            if model.index(row, column).data(BACKGROUND) is not None}


def test_a_unit_shown_again_after_a_theme_switch_has_the_new_colours(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    browse(window, LINE)
    entry = window.browser.entry_for(LINE)
    assert entry is not None
    names = {n for option in entry.options for c in carried_weapons(entry.unit, option.key[0], option.option)
             for n in c.names}
    assert names, "the synthetic line troopers carry weapons"
    bands = (WeaponRange(max_cm=20, mod="+3"), WeaponRange(max_cm=40, mod="0"), WeaponRange(max_cm=60, mod="-3"))
    window.card.set_weapon_book(WeaponBook({n: WeaponProfile(name=n, ranges=bands) for n in names}))
    entries = {LINE: entry}
    show_again(window, entries, LINE)
    light = band_colours(window)
    assert light, "the line troopers' weapons have coloured range bands"
    show_again(window, entries, HEAVY)
    window.action_collection["theme_dark"].trigger()
    show_again(window, entries, LINE)
    dark = band_colours(window)
    assert dark and dark != light
    assert dark == {b[0].name() for mod in ("+3", "0", "-3") if (b := theme.range_band(mod, "dark"))}


def test_after_every_edit_the_card_shows_the_selected_troopers_unit_and_option(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    doc = window.document
    for unit in (LINE, HEAVY, CONTROLLERS, LINE):
        doc.add_trooper(unit, 1, 1)
    actions = window.action_set

    def check() -> None:
        selected = window.editor.selected_uids()
        assert len(selected) == 1
        trooper = doc.army_list.trooper(selected[0])
        assert trooper is not None
        assert window.card.unit is not None and window.card.unit.id == trooper.unit
        assert window.card.highlighted_key() == (trooper.unit, trooper.group, trooper.option)
        assert window.card.title.text() == window.card.unit.name

    for unit in (HEAVY, CONTROLLERS, LINE, HEAVY):
        browse(window, unit)
        window._on_option_activated(unit, *window.card.highlighted_key()[1:])  # type: ignore[index]
        check()
        actions.undo.trigger()
        check()
        actions.redo.trigger()
        check()
        actions.undo.trigger()
        check()
        doc.move_troopers([window.editor.selected_uids()[0]], 1, 0)
        check()


def snapshot(window: MainWindow) -> dict[str, object]:
    """What the card on show says and how its tables are laid out."""
    card = window.card

    def cells(model) -> list[list[object]]:  # type: ignore[no-untyped-def]
        return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]

    def layout(table) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
        rows, columns = table.model().rowCount(), table.model().columnCount()
        return ([table.rowHeight(r) for r in range(rows)], [table.columnWidth(c) for c in range(columns)],
                [table.columnSpan(r, 0) for r in range(rows)], table.height(), table.isVisible())

    return {"texts": (card.title.text(), card.subtitle.text(), card.details.text(), card.options_title.text(),
                      card.weapons_title.text(), card.weapons_note.text()),
            "cells": (cells(card.stats_model), cells(card.options_model), cells(card.weapons_model)),
            "layout": tuple(layout(t) for t in (card.stats, card.options, card.weapons)),
            "option": card.highlighted_key(), "width": card.body.width()}


def prepare_all(window: MainWindow) -> int:
    """What the card does while the app is idle, one page per turn, until it has nothing left to prepare."""
    card = window.card
    pages = len(card._pages)
    for _ in range(20):
        card._prepare_next()
        if not card._prepare_timer.isActive():
            break
    return len(card._pages) - pages


def list_with_three_units(qtbot, window: MainWindow) -> list[int]:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    for unit in (LINE, HEAVY, CONTROLLERS):
        window.document.add_trooper(unit, 1, 1)
    browse(window, LINE)
    window.card._drop_pages()  # adding showed each unit: only the browser's is kept now
    return [HEAVY, CONTROLLERS]


def test_a_page_prepared_while_idle_is_the_page_built_when_shown(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    others = list_with_three_units(qtbot, window)
    card = window.card
    assert card._prepare_timer.isActive(), "an edit asks for the list's pages once the app is idle"
    assert prepare_all(window) == len(others)
    wanted = {entry.unit.id: (entry, option) for entry, option in window._card_pages_wanted()}
    prepared = {}
    for unit in others:
        entry, option = wanted[unit]
        page = next(p for p in card._pages if p.entry is entry)
        card.show_unit(entry, option)
        assert card.body is page and page.fitted, "showing it turns to the page prepared, laid out"
        prepared[unit] = snapshot(window)
    for unit in others:
        card._drop_pages()
        card._prepare_timer.stop()
        entry, option = wanted[unit]
        card.show_unit(entry, option)
        assert snapshot(window) == prepared[unit]


def test_pages_prepared_are_dropped_on_a_language_switch_and_prepared_again_in_it(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    others = list_with_three_units(qtbot, window)
    card = window.card
    prepare_all(window)
    apply_language("es")
    assert all(p.entry is None or p is card.body for p in card._pages), "only the page on show is kept"
    assert prepare_all(window) >= len(others)  # the browser's own unit too: it has new entries in Spanish
    for entry, option in window._card_pages_wanted():
        card.show_unit(entry, option)
        assert "FIS" in headers(window) and card.options.accessibleName() == "Opciones"


def test_the_player_acting_puts_off_the_preparing(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.widgets.profilecard import PREPARE_AFTER_MS

    list_with_three_units(qtbot, window)
    card = window.card
    timer = card._prepare_timer
    timer.stop()
    browse(window, HEAVY)
    assert timer.isActive() and timer.interval() == PREPARE_AFTER_MS
    card._prepare_next()
    assert timer.isActive() and timer.interval() == 0, "one page per turn of the event loop"
    window.document.add_trooper(LINE, 1, 1)
    assert timer.isActive() and timer.interval() == PREPARE_AFTER_MS, "an edit restarts the wait"
    qtbot.waitUntil(lambda: not timer.isActive(), timeout=5000)
    entries = {entry.unit.id for entry, _ in window._card_pages_wanted()}
    assert entries <= {p.entry.unit.id for p in card._pages if p.entry is not None}


def test_another_option_highlighted_measures_its_weapons_as_a_page_built_for_it(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    card = window.card
    for unit in (LINE, HEAVY):
        entry = window.browser.entry_for(unit)
        assert entry is not None and len(entry.options) > 1
        for option in entry.options[1:]:
            card.show_unit(entry, entry.options[0])
            card.show_unit(entry, option)  # only the weapons are measured again, once things settle
            qtbot.waitUntil(lambda: not card._fit_pending)
            switched = snapshot(window)
            card._drop_pages()
            card._refresh()  # the same unit and option on a page filled anew
            assert snapshot(window) == switched


def test_adding_an_option_browsed_does_not_turn_the_card_to_the_option_of_the_trooper_selected_before(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, monkeypatch) -> None:
    start_list(qtbot, window)
    doc = window.document
    doc.add_trooper(HEAVY, 1, 1)
    window.editor.select_troopers([doc.uids_in_order()[0]])
    assert window.card.highlighted_key() == (HEAVY, 1, 1)
    window.browser.tree.setCurrentIndex(window.browser.option_index(HEAVY, 1, 2))
    assert window.card.highlighted_key() == (HEAVY, 1, 2)
    shown: list[object] = []
    show_unit = window.card.show_unit

    def recorded(entry: UnitEntry | None, option: OptionEntry | None = None) -> None:
        shown.append(option.key if option is not None else None)
        show_unit(entry, option)

    monkeypatch.setattr(window.card, "show_unit", recorded)
    window._on_option_activated(HEAVY, 1, 2)
    # the card shows what was added (the new trooper is selected), never the other trooper's option
    assert shown and all(key == (1, 2) for key in shown)
    assert window.card.highlighted_key() == (HEAVY, 1, 2)
    trooper = doc.army_list.trooper(window.editor.selected_uids()[0])
    assert trooper is not None and (trooper.unit, trooper.group, trooper.option) == (HEAVY, 1, 2)


def settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5):
        qtbot.wait(1)


def test_another_option_of_the_trooper_shown_lays_the_card_out_at_once_and_leaves_its_top_unpainted(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow) -> None:
    from PySide6.QtCore import QEvent, QObject

    start_list(qtbot, window)
    card = window.card
    bands = (WeaponRange(max_cm=20, mod="+3"), WeaponRange(max_cm=40, mod="0"))
    card.set_weapon_book(WeaponBook({  # the line troopers' option 2 has a weapon with traits: a row more
        "Combi Rifle": WeaponProfile(name="Combi Rifle", ranges=bands),
        "Heavy Machine Gun": WeaponProfile(name="Heavy Machine Gun", ranges=bands, properties=("Suppressive Fire",))}))
    doc = window.document
    doc.add_trooper(LINE, 1, 1)
    uid = doc.uids_in_order()[0]
    window.editor.select_troopers([uid])
    settle(qtbot)
    before = card.weapons.height()

    class Paints(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.widgets: set[str] = set()

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.widgets.add(watched.objectName() or watched.parent().objectName())
            return False

    paints = Paints()
    for widget in (card.stats.viewport(), card.title, card.subtitle):
        widget.installEventFilter(paints)
    doc.change_option(uid, 1, 2)
    assert card.highlighted_key() == (LINE, 1, 2)
    measured = (card.weapons.height(), card.body.height(), card.body.width())
    assert measured[0] != before, "the test needs options with weapons tables of other heights"
    settle(qtbot)
    assert (card.weapons.height(), card.body.height(), card.body.width()) == measured  # nothing left for later
    assert not paints.widgets, "the title and stat lines above the options are not painted again"


def test_the_card_is_as_wide_when_its_page_is_taller_than_it_as_when_it_fits(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start_list(qtbot, window)
    browse(window, HEAVY)
    card = window.card
    settle(qtbot)
    assert card.pages.height() <= card.scroll_area.viewport().height(), "the page fits in the card"
    fits = card.body.width()
    card.scroll_area.setMaximumHeight(card.body.sizeHint().height() // 2)  # as in a short window
    settle(qtbot)
    assert card.pages.height() > card.scroll_area.viewport().height(), "the page is taller than the card"
    assert card.body.width() == fits  # the texts wrap as they did, the tables are not measured again
def test_a_card_label_is_as_tall_as_a_plain_label_after_each_change(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The card's labels remember their height per width; a new text, font, margin, format or wrapping
    gives the height a QLabel works out."""
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QLabel

    from armybuilder.gui.widgets.profilecard import CardLabel

    card, plain = CardLabel(), QLabel()
    qtbot.addWidget(card)
    qtbot.addWidget(plain)
    widths = (80, 150, 400)

    def same() -> None:
        for width in widths * 2:  # asked twice: the second answer is the one remembered
            assert card.heightForWidth(width) == plain.heightForWidth(width)

    for label in (card, plain):
        label.setWordWrap(True)
        label.setText("Characteristics: Cube, Regular, Not Impetuous")
    same()
    for label in (card, plain):
        label.setText("<b>Skills:</b> " + ", ".join(["Stealth", "Terrain (Total)", "Forward Deployment"] * 4))
    same()
    font = QFont(card.font())
    font.setPointSizeF(font.pointSizeF() * 1.6)
    for label in (card, plain):
        label.setFont(font)
    same()
    for label in (card, plain):
        label.setContentsMargins(10, 4, 10, 4)
    same()
    for label in (card, plain):
        label.setTextFormat(Qt.TextFormat.PlainText)
    same()
    for label in (card, plain):
        label.setWordWrap(False)
    same()
    for label in (card, plain):
        label.clear()
    same()


class PaintCount(QObject):
    """Counts the paint events of some widgets that reach the window (not a card table's paint into its
    copy, which is then painted from it)."""

    def __init__(self, widgets: list[QWidget]) -> None:
        super().__init__()
        self.counts = {id(w): 0 for w in widgets}
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and id(watched) in self.counts \
                and not getattr(getattr(watched.parent(), "copy", None), "copying", False):
            self.counts[id(watched)] += 1
        return False


def process_events() -> None:
    for _ in range(5):
        QApplication.processEvents()


def test_a_kept_page_turned_to_is_laid_out_as_a_page_filled_anew_and_painted_once(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Turning to a kept page does not fit its headers again (they fit when it was shown last and a page
    hidden never changes) nor lay it out twice; it reads and measures as the same page filled anew, and
    its tables paint once."""
    start_list(qtbot, window)
    card = window.card
    entries: dict[int, UnitEntry] = {}
    for unit in (LINE, HEAVY, CONTROLLERS):
        show_again(window, entries, unit)
        process_events()
    for turn, unit in enumerate((LINE, HEAVY, CONTROLLERS, HEAVY, LINE, CONTROLLERS)):
        if turn >= 3:  # the card narrower or wider while the page was hidden: its headers fit the new width
            window.resize(window.width() + (-90 if turn % 2 else 60), window.height())
            process_events()
        page = next(p for p in card._pages if p.entry is entries[unit])
        tables = [page.stats, page.options, page.weapons]
        painted = PaintCount([t.viewport() for t in tables if t.isVisibleTo(page)])
        show_again(window, entries, unit)
        assert card.body is page, "a kept page"
        process_events()
        if turn < 3:  # (a new width lays the page out again, and paints it again)
            assert max(painted.counts.values()) <= 1, "each table painted once (if in view)"
        turned = snapshot(window)
        for table in tables:
            sizes = [table.columnWidth(c) for c in range(table.model().columnCount())]
            table.horizontalHeader().resizeSections()
            assert [table.columnWidth(c) for c in range(table.model().columnCount())] == sizes
        card._drop_pages()
        card._refresh()  # the same unit and option on a page filled anew
        process_events()
        assert snapshot(window) == turned
        entries.clear()  # the pages are gone: show the units with the browser's entries again
        for other in (LINE, HEAVY, CONTROLLERS):
            show_again(window, entries, other)
            process_events()



def test_browsing_other_units_leaves_the_list_units_pages_kept_for_an_undo(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, monkeypatch) -> None:
    """An undo (or redo, or move) turns the card to the page kept for the list's unit, laid out, however
    many other units the player browsed since: past KEPT_PAGES, browsing refills the page of a unit browsed
    longest ago, never a list unit's (it was refilled from nothing on the undo: the slowest undo)."""
    from armybuilder.gui.widgets import profilecard

    monkeypatch.setattr(profilecard, "KEPT_PAGES", 2)  # the synthetic army has too few units for six
    start_list(qtbot, window)
    doc, card, actions = window.document, window.card, window.action_set
    for unit in (LINE, HEAVY, CONTROLLERS):  # picked in the browser, then Add
        browse(window, unit)
        actions.add_trooper.trigger()
    listed = (LINE, HEAVY, CONTROLLERS)
    pages = {p.entry.unit.id: p for p in card._pages if p.entry is not None and p.entry.unit.id in listed}
    assert set(pages) == set(listed) and all(p.fitted for p in pages.values())
    for unit in (3, 4, 7, 8, HEAVY, 3, 4):  # more than KEPT_PAGES units the list does not have, and back
        browse(window, unit)
    assert all(p.entry is not None and p.entry.unit.id == unit and p.fitted for unit, p in pages.items()), \
        "the list's units' pages are still laid out for them"
    actions.add_trooper.trigger()  # the unit browsed last, added
    assert card.unit is not None and card.unit.id == 4
    fills: list[object] = []
    for page in pages.values():
        monkeypatch.setattr(page.stats_model, "set_unit", lambda unit: fills.append(unit))
    actions.undo.trigger()
    trooper = doc.army_list.trooper(window.editor.selected_uids()[0])
    assert trooper is not None and trooper.unit in listed
    page = pages[trooper.unit]
    assert card.body is page and page.fitted and not fills, "the undo turns to the page kept, not refilled"
    assert card.unit is not None and card.unit.id == trooper.unit and card.title.text() == card.unit.name
    assert len([p for p in card._pages if p.entry is None or p.entry.unit.id not in listed]) <= 2, \
        "no more than KEPT_PAGES pages of units browsed"


def test_the_card_keeps_at_most_most_pages_however_long_the_list(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, monkeypatch) -> None:
    from armybuilder.gui.widgets import profilecard

    monkeypatch.setattr(profilecard, "KEPT_PAGES", 1)
    monkeypatch.setattr(profilecard, "MOST_PAGES", 3)
    start_list(qtbot, window)
    for unit in (LINE, HEAVY, CONTROLLERS, 3, 7, 8):
        browse(window, unit)
        window.action_set.add_trooper.trigger()
        assert len(window.card._pages) <= 3
    for unit in (LINE, 4, HEAVY, 8):
        browse(window, unit)
        assert len(window.card._pages) <= 3
    window.editor.select_troopers([window.document.uids_in_order()[0]])
    assert window.card.unit is not None and window.card.title.text() == window.card.unit.name


def test_the_cards_scroll_bar_drawn_from_its_copies_looks_as_qt_draws_it(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.gui.widgets.profilecard import CardScrollBar

    start_list(qtbot, window)
    window.resize(900, 300)  # the card shorter than its pages: the bar has a slider
    card = window.card
    bar = card.scroll_area.verticalScrollBar()
    assert isinstance(bar, CardScrollBar)

    def bar_image(drawn_by_qt: bool):  # type: ignore[no-untyped-def]
        bar.setAttribute(Qt.WidgetAttribute.WA_UnderMouse, drawn_by_qt)  # pointed at: Qt draws it
        try:
            at = bar.mapTo(window, bar.rect().topLeft())
            return window.grab(bar.rect().translated(at)).toImage()
        finally:
            bar.setAttribute(Qt.WidgetAttribute.WA_UnderMouse, False)

    looks = set()
    for unit in (LINE, HEAVY, CONTROLLERS, LINE, HEAVY):
        browse(window, unit)
        process_events()
        copied = bar_image(False)
        assert copied == bar_image(True)
        looks.add(copied.constBits().tobytes())
    assert bar.maximum() > 0 and len(looks) > 1, "the test needs pages of other heights, taller than the card"
    assert 0 < len(bar._looks) <= 3, "a look drawn once per range, then copied"
    window.action_collection["theme_dark"].trigger()
    process_events()
    assert bar_image(False) == bar_image(True), "a new theme is drawn anew"


def card_on_screen(window: MainWindow) -> QImage:
    """What the window has painted of its card, as it is (not painted again, as grab() does)."""
    process_events()
    card = window.card
    at = card.mapTo(window, card.rect().topLeft())
    return window.screen().grabWindow(window.winId(), at.x(), at.y(), card.width(), card.height()).toImage()


def card_painted_by_qt(window: MainWindow) -> QImage:
    """The card as Qt paints its tables and their headers, no copy used."""
    for table in window.card.body.tables:
        table.forget_copy()
        table.viewport().repaint()
        table.horizontalHeader().viewport().repaint()
    return card_on_screen(window)


def test_a_kept_pages_tables_painted_from_their_copies_look_as_qt_paints_them(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Turning to a kept page paints its tables and their headers from the copies they made when last shown;
    what reaches the window is what Qt paints for them, after turns, another option highlighted and a theme
    change."""
    start_list(qtbot, window)
    card = window.card

    browse(window, LINE)
    line = card.body
    for unit in (HEAVY, CONTROLLERS, LINE, HEAVY, LINE):
        browse(window, unit)
        shown = card_on_screen(window)
        if unit == LINE:
            assert card.body is line and all(c.kept for t in line.tables if t.isVisible() for c in t.views), \
                "a kept page's tables are painted from their copies"
        assert shown == card_painted_by_qt(window)
    card.options.selectRow(1)  # another option highlighted on the page on show: painted by Qt
    assert card_on_screen(window) == card_painted_by_qt(window)
    browse(window, HEAVY)
    window.action_collection["theme_dark"].trigger()
    browse(window, LINE)
    assert card_on_screen(window) == card_painted_by_qt(window)


class CopyCount(QObject):
    """Counts the paints of some views into their copies (`ViewCopy.make`)."""

    def __init__(self, views: Sequence[QAbstractItemView]) -> None:
        super().__init__()
        self.count = 0
        for view in views:
            view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and getattr(getattr(watched.parent(), "copy", None), "copying", False):
            self.count += 1
        return False


class CopiedParts(QObject):
    """What some views paint into their copies (`ViewCopy.make`): each paint's region's height, per view."""

    def __init__(self, views: Sequence[QAbstractItemView]) -> None:
        super().__init__()
        self.heights: dict[int, list[int]] = {id(v.viewport()): [] for v in views}
        for view in views:
            view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent) and getattr(getattr(watched.parent(), "copy", None), "copying", False):
            self.heights[id(watched)].append(event.region().boundingRect().height())
        return False


def test_another_option_highlighted_on_show_leaves_the_rest_of_its_copies_for_the_next_turn(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow) -> None:
    """Another option highlighted on the page on show (browsing, or an edit selecting another trooper of the
    unit) repaints two rows of the options table: the next turn to the page paints those rows into the table's
    copy, not the whole table, and nothing into its header's (its sections look the same); what reaches the
    window is still what Qt paints."""
    from armybuilder.gui.widgets.profilecard import CardHeader

    start_list(qtbot, window)
    card = window.card

    browse(window, LINE)
    line = card.body
    options = line.options
    assert options.model().rowCount() > 2, "the test needs a unit of three options or more"
    for unit in (HEAVY, LINE):  # the page turned to: its copies made
        browse(window, unit)
        process_events()
    header = options.horizontalHeader()
    assert isinstance(header, CardHeader)
    assert card.body is line and options.copy.kept and header.copy.kept
    options.selectRow(2)  # another option highlighted on show: Qt paints its rows (and the header, alike)
    process_events()
    browse(window, HEAVY)
    process_events()
    parts = CopiedParts([options, header])
    browse(window, LINE)  # the first option highlighted again, as the page turns
    shown = card_on_screen(window)
    assert card.body is line
    table_parts, header_parts = parts.heights.values()
    tall = options.viewport().visibleRegion().boundingRect().height()
    assert table_parts and sum(table_parts) < tall, "only the rows highlighted or no longer painted into the copy"
    assert header_parts == [], "the header's copy still shows it"
    assert shown == card_painted_by_qt(window)
    assert options.selectionModel().isRowSelected(0, options.rootIndex())


def test_a_page_prepared_while_idle_is_painted_from_copies_made_then(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Preparing a page makes its tables' and headers' copies, of what is in view when the card turns to
    it: the first turn paints them from those (no paint into a copy during it), as Qt paints them."""
    others = list_with_three_units(qtbot, window)
    card = window.card
    process_events()
    card._prepare_timer.stop()
    assert prepare_all(window) == len(others)

    wanted = {entry.unit.id: (entry, option) for entry, option in window._card_pages_wanted()}
    for unit in others:
        entry, option = wanted[unit]
        page = next(p for p in card._pages if p.entry is entry)
        views = [v for t in page.tables if t.isVisibleTo(page) for v in (t, t.horizontalHeader())]
        assert all(v.copy.kept for v in views if not v.isHidden()), "copies made while preparing"
        copies = CopyCount(views)
        card.show_unit(entry, option)
        shown = card_on_screen(window)
        assert card.body is page and copies.count == 0, "the turn paints the copies made while preparing"
        assert shown == card_painted_by_qt(window), "as Qt paints them"


def test_another_option_highlighted_paints_the_weapons_once(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The weapons of another option fitted to their columns are painted once, in the window's first repaint:
    the table no longer repaints the resized columns on a timer after it (their headers' sections fitted to the
    new lines)."""
    start_list(qtbot, window)
    window.resize(1440, 1000)  # the weapons in view
    card = window.card
    card.set_weapon_book(WeaponBook({  # the line troopers' options: weapons of other range bands, one with traits
        "Combi Rifle": WeaponProfile(name="Combi Rifle", ranges=(WeaponRange(max_cm=20, mod="+3"),
                                                                 WeaponRange(max_cm=40, mod="0"))),
        "Heavy Machine Gun": WeaponProfile(name="Heavy Machine Gun", properties=("Suppressive Fire",), ranges=(
            WeaponRange(max_cm=20, mod="0"), WeaponRange(max_cm=60, mod="+3"), WeaponRange(max_cm=120, mod="-3")))}))
    resized = 0
    entry = window.browser.entry_for(LINE)
    assert entry is not None and len(entry.options) > 1
    card.show_unit(entry, entry.options[0])
    settle(qtbot)
    for option in entry.options[1:] + entry.options[:1]:
        widths = [card.weapons.columnWidth(c) for c in range(card.weapons_model.columnCount())]
        painted = PaintCount([card.weapons.viewport()])
        card.show_unit(entry, option)
        settle(qtbot)
        resized += widths != [card.weapons.columnWidth(c) for c in range(card.weapons_model.columnCount())]
        assert list(painted.counts.values()) == [1], "the weapons painted once"
    assert resized, "the test needs options whose weapons' columns are of other widths"


def test_the_cards_scroll_bar_draws_what_is_under_it_once_for_all_its_looks(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, monkeypatch) -> None:
    """Pages of other heights give the bar other ranges, each a look of its own drawn once; what the widgets under
    it paint there is the same under every look, and drawn once (again for a new palette)."""
    from armybuilder.gui.widgets.profilecard import CardScrollBar

    start_list(qtbot, window)
    window.resize(900, 300)  # the card shorter than its pages: the bar has a slider
    bar = window.card.scroll_area.verticalScrollBar()
    assert isinstance(bar, CardScrollBar)
    drawn: list[object] = []
    original = CardScrollBar._draw_backdrop

    def draw_backdrop(self: CardScrollBar, painter: object) -> None:
        drawn.append(self)
        original(self, painter)  # type: ignore[arg-type]

    monkeypatch.setattr(CardScrollBar, "_draw_backdrop", draw_backdrop)
    bar._looks.clear()
    bar._backdrop = None
    for unit in (LINE, HEAVY, CONTROLLERS, LINE, HEAVY):
        browse(window, unit)
        process_events()
    assert len(bar._looks) > 1 and len(drawn) == 1, "looks of other ranges over one backdrop"
    window.action_collection["theme_dark"].trigger()
    browse(window, CONTROLLERS)
    process_events()
    assert len(drawn) == 2, "a new palette draws it anew"


def test_an_option_highlighted_is_painted_from_the_loadout_laid_out_for_it_unhighlighted(  # type: ignore[no-untyped-def]
        qtbot, window: MainWindow, monkeypatch) -> None:
    """The options' loadouts are laid out once whether highlighted or not (the colours are the paint's): a
    change of option that reaches the card highlights a row laid out already, where it laid out the row
    again in the highlight's colours (~0.5 ms); and the rows look as they did laid out in their colours."""
    import html

    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QAbstractTextDocumentLayout, QPalette, QTextDocument
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

    from armybuilder.gui import icons
    from armybuilder.gui.models.profile import OptionColumn, OptionRole
    from armybuilder.gui.widgets.profilecard import ICON, PADDING, LoadoutDelegate

    start_list(qtbot, window)
    card = window.card
    entry = window.browser.entry_for(LINE)
    assert entry is not None and len(entry.options) > 2
    card.show_unit(entry, entry.options[0])
    process_events()
    table = card.options
    assert any(table.model().index(r, 0).data(OptionRole.PARTS)[2] for r in range(table.model().rowCount())), \
        "the test needs an option with a quiet line (skills and equipment)"
    laid_out: list[object] = []
    original = LoadoutDelegate._laid_out

    def counted(*args: object) -> object:
        laid_out.append(args)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(LoadoutDelegate, "_laid_out", staticmethod(counted))
    shown: list[QImage] = []
    for option in entry.options[1:]:
        card.show_unit(entry, option)
        process_events()
        table.viewport().repaint()
        shown.append(table.viewport().grab().toImage())
    assert laid_out == [], "the rows highlighted were laid out already"

    painted: list[int] = []

    class AsBefore(LoadoutDelegate):
        """The loadout cell as it was painted before: a document laid out in the row's colours."""

        def paint(self, painter, option, index) -> None:  # type: ignore[no-untyped-def]
            painted.append(index.row())
            style_option = QStyleOptionViewItem(option)
            self.initStyleOption(style_option, index)
            style_option.text = ""
            style_option.decorationAlignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
            option.widget.style().drawControl(QStyle.ControlElement.CE_ItemViewItem, style_option, painter,
                                              option.widget)
            heading, weapons, gear = index.data(OptionRole.PARTS)
            selected = bool(option.state & QStyle.StateFlag.State_Selected)
            text = option.palette.color(QPalette.ColorRole.HighlightedText if selected
                                        else QPalette.ColorRole.Text).name()
            quiet = text if selected else icons.INFO_COLOR.name()
            lines = [f"<b>{html.escape(heading)}</b>"] if heading else []
            lines += [html.escape(weapons)] if weapons else []
            lines += [f"<span style='color:{quiet}'>{html.escape(gear)}</span>"] if gear else []
            icon = ICON + PADDING if index.data(OptionRole.LIEUTENANT) else 0
            document = QTextDocument()
            document.setDefaultFont(option.font)
            document.setDocumentMargin(0)
            document.setDefaultStyleSheet(f"body {{ color: {text}; }}")
            document.setHtml(f"<body>{'<br>'.join(lines)}</body>")
            document.setTextWidth(max(option.rect.width() - 2 * PADDING - icon, 20))
            painter.save()
            painter.translate(option.rect.left() + PADDING + icon, option.rect.top() + PADDING)
            painter.setClipRect(QRectF(0, 0, option.rect.width() - icon, option.rect.height()))
            document.documentLayout().draw(painter, QAbstractTextDocumentLayout.PaintContext())
            painter.restore()

    assert isinstance(table.itemDelegateForColumn(OptionColumn.LOADOUT), LoadoutDelegate)
    table.setItemDelegateForColumn(OptionColumn.LOADOUT, AsBefore(table))
    for option, image in zip(entry.options[1:], shown, strict=True):
        card.show_unit(entry, option)
        process_events()
        table.viewport().repaint()
        assert table.viewport().grab().toImage() == image
    assert painted, "the rows painted as they were"
