"""The screenshot script shows each state as it should be in both languages: the Spanish pass does
not inherit the English pass's middle tab (Fireteams) or its status message."""

from __future__ import annotations

from guihelpers import make_window

from armybuilder.data.catalog import Catalog
from armybuilder.gui.language import apply_language
from armybuilder.paths import bundled_profiles_dir
from tools import screenshots


def test_the_second_language_pass_starts_from_the_profile_card(qtbot, app_settings) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    window = make_window(qtbot, Catalog.from_paths([bundled_profiles_dir()]), app_settings)
    seen: dict[str, tuple[object, str, str]] = {}

    def shot(name: str) -> None:
        seen[name] = (window.fireteams.tabs.currentWidget(), window.statusBar().currentMessage(),
                      window.card.stats_model.headerData(4, Qt.Orientation.Horizontal))

    # the English pass ends like its fireteam states: the Fireteams tab in front, "Opened …" below
    window.tasks.wait(window.open_path(screenshots.BLIZZARD_A))
    window.fireteams.show_teams.trigger()
    window.document.close_list()
    assert window.fireteams.tabs.currentWidget() is not window.card
    assert "blizzard" in window.statusBar().currentMessage()
    try:
        apply_language("es")
        screenshots.begin_pass(window)
        screenshots._states(window, shot, QApplication.instance())
    finally:
        apply_language("en")
    tab, status, ph = seen["04-profile-card"]
    assert tab is window.card and ph == "FIS"  # the Spanish card: CD, FIS, VOL…
    assert "Opened" not in status and "blizzard" not in status
