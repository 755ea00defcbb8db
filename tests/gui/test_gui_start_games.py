"""The start page gives the point-buy wargame its place: its name, what it is and a button that starts an
army in its own window; its armies in the recent lists say whose they are; in both languages (#16)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from armybuilder.gui.games import OtherGamesPanel
from armybuilder.gui.language import apply_language
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.pointbuy.gui.window import PointBuyWindow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def panel(window: MainWindow) -> OtherGamesPanel:
    found = window.start_page.findChild(OtherGamesPanel, "other_games")
    assert found is not None
    return found


def test_the_start_page_starts_a_point_buy_army(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.other_games.autosave_folder = tmp_path / "autosave"
    games = panel(window)
    assert games.isVisible()
    assert [n.text() for n in games.names] == ["Point-buy wargame"]
    assert "design" in games.summaries[0].text() and "points" in games.summaries[0].text()
    button = games.buttons[0]
    assert button.accessibleName() == "New Point-buy wargame army" and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: any(isinstance(w, PointBuyWindow) and w.isVisible()
                                for w in QApplication.topLevelWidgets()), timeout=5000)
    opened = [w for w in window.other_games.windows if isinstance(w, PointBuyWindow)]
    assert len(opened) == 1
    assert window.pages.currentWidget() is window.start_page  # the Infinity window stays where it was
    room = opened[0].screen().availableGeometry()
    wanted = (min(1500, room.width()), min(900, room.height()))  # within the screen, not 1500 wide on 1440
    assert (opened[0].width(), opened[0].height()) == (max(wanted[0], opened[0].minimumSizeHint().width()),
                                                      max(wanted[1], opened[0].minimumSizeHint().height()))
    opened[0].close()


def test_recent_point_buy_armies_say_their_game(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    for name in ("blizzard-6-a.yaml", "pointbuy/swamp-host-600.yaml"):
        window.recent.add(EXAMPLES / name)
    recent = window.start_page.recent
    assert [recent.item(i).text() for i in range(recent.count())] == [
        "swamp-host-600 — Point-buy wargame", "blizzard-6-a"]
    apply_language("es")
    try:
        games = panel(window)
        assert games.title.text() == "Otros juegos" and games.buttons[0].text() == "Nuevo ejército…"
        assert games.names[0].text() == "Juego de guerra por puntos"
        assert games.summaries[0].text().startswith("Un juego de guerra genérico")
        assert recent.item(0).text() == "swamp-host-600 — Juego de guerra por puntos"
    finally:
        apply_language("en")
