"""Light and dark: every colour the app draws text in keeps a contrast of at least 4.5:1 (WCAG AA) on
the backgrounds it is drawn on, in both schemes — computed from the palettes and from what the models
actually hand the views — and View ▸ Theme switches the whole window, style sheets included."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QLabel

from armybuilder.export.sheet import WeaponLine
from armybuilder.gui import icons, theme
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.weapons import WeaponTableModel

LINE, HEAVY, HERO, CONTROLLERS, MERCS = 1, 2, 3, 5, 6


@pytest.fixture(autouse=True)
def _light_again() -> Iterator[None]:
    yield
    theme.apply_theme("light")


def test_every_text_colour_has_enough_contrast_in_both_schemes() -> None:
    weak = [f"{p.scheme}: {p.what} {p.ratio:.2f}:1" for p in theme.drawn_pairs() if p.ratio < theme.MIN_CONTRAST]
    assert not weak, "\n".join(weak)
    schemes = {p.scheme for p in theme.drawn_pairs()}
    assert schemes == {"light", "dark"}


def test_the_shared_colours_follow_the_scheme() -> None:
    for scheme in ("dark", "light"):
        theme.apply_theme(scheme)
        assert icons.ERROR_COLOR.name() == theme.TEXT_COLOURS["error"][scheme]
        assert icons.MUTED_COLOR.name() == theme.TEXT_COLOURS["muted"][scheme]
        assert QGuiApplication.palette().color(QPalette.ColorRole.Base).name() == \
            theme.palette_for(scheme).color(QPalette.ColorRole.Base).name()


def _indexes(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[QModelIndex]:
    parent = parent or QModelIndex()
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            yield index
        yield from _indexes(model, model.index(row, 0, parent))


def _drawn(model: QAbstractItemModel, palette: QPalette) -> list[tuple[str, float]]:
    """(text, contrast) of every cell whose model gives it a text colour, on the background it is drawn on
    (its own, else the view's base or alternate base, whichever is worse)."""
    found = []
    for index in _indexes(model):
        brush = index.data(Qt.ItemDataRole.ForegroundRole)
        if not isinstance(brush, QBrush):
            continue
        background = index.data(Qt.ItemDataRole.BackgroundRole)
        grounds = [background.color()] if isinstance(background, QBrush) else [
            palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.AlternateBase)]
        ratio = min(theme.contrast(brush.color(), ground) for ground in grounds)
        found.append((str(index.data()), ratio))
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_what_the_views_draw_keeps_its_contrast(qtbot, window: MainWindow, scheme: str) -> None:  # type: ignore[no-untyped-def]
    theme.apply_theme(scheme)
    palette = QGuiApplication.palette()
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "test sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    doc = window.document
    for unit, option in ((LINE, 3), (LINE, 3), (HEAVY, 2), (HERO, 1), (CONTROLLERS, 1)):  # two Lieutenants
        doc.add_trooper(unit, 1, option)
    doc.add_group(reinforcement=True)
    doc.set_game_size(None, 120)  # so that options no longer fit: greyed
    window.browser.mercenary_filter.setChecked(True)  # mercenaries in their colour
    drawn = _drawn(window.editor.model, palette) + _drawn(window.browser.model, palette)
    weapons = WeaponTableModel()
    weapons.set_lines([("", WeaponLine("Rifle", ((20, "+6"), (40, "+3"), (60, "0"), (80, "-3"), (120, "-6")),
                                       "13", "3", "N", "ARM", "Suppressive Fire"))])
    drawn += _drawn(weapons, palette)
    assert len(drawn) > 20
    colours = {round(ratio, 2) for _, ratio in drawn}
    assert len(colours) > 3  # problems, greyed options, mercenaries, bands…
    weak = [(text, round(ratio, 2)) for text, ratio in drawn if ratio < theme.MIN_CONTRAST]
    assert not weak, weak


def test_view_theme_switches_the_window_and_is_kept(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    menu = window.findChild(type(window.view_menu), "theme_menu")
    assert menu is not None
    names = [a.objectName() for a in menu.actions()]
    assert names == ["theme_system", "theme_light", "theme_dark"]
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "test sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    window.document.add_trooper(LINE, 1, 3)
    assert window.totals.state.text() == "✔ Legal"
    window.action_collection["theme_dark"].trigger()
    assert window.settings.theme() == "dark"
    assert QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 80
    assert theme.TEXT_COLOURS["legal"]["dark"] in window.totals.state.styleSheet()  # style sheets follow
    option = window.browser.model.child_index(0, 0)  # the browser's cells keep brushes: made again
    assert option.data(Qt.ItemDataRole.ForegroundRole).color().name() == theme.TEXT_COLOURS["info"]["dark"]
    window_colour = QGuiApplication.palette().color(QPalette.ColorRole.Window)
    for label in window.totals.findChildren(QLabel):  # rich texts name their colours: readable in the dark
        assert "palette(" not in label.text()  # rich text would not follow a palette change
        for name in re.findall(r"color:\s*(#[0-9a-fA-F]{6})", label.text() + label.styleSheet()):
            assert theme.contrast(QColor(name), window_colour) >= theme.MIN_CONTRAST, (label.objectName(), name)
    window.action_collection["theme_light"].trigger()
    assert window.settings.theme() == "light"
    assert theme.TEXT_COLOURS["legal"]["light"] in window.totals.state.styleSheet()
    option = window.browser.model.child_index(0, 0)
    assert option.data(Qt.ItemDataRole.ForegroundRole).color().name() == theme.TEXT_COLOURS["info"]["light"]
    assert QColor(QGuiApplication.palette().color(QPalette.ColorRole.Window)).lightness() > 200
