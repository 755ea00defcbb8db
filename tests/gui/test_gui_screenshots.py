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


def test_the_usability_states_in_both_languages_and_sizes(qtbot, app_settings, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """#16's states: the list library, a 15-trooper list at 1440×900 and 1024×700, the dark theme — each
    shot as the window shows it (saved for a look: `make screenshots`)."""
    from PySide6.QtWidgets import QApplication

    monkeypatch.setenv("ARMYBUILDER_HOME", str(tmp_path / "home"))
    window = make_window(qtbot, Catalog.from_paths([bundled_profiles_dir()]), app_settings)
    window.resize(*screenshots.SIZE)
    seen: dict[tuple[str, str], tuple[int, int, bool]] = {}
    try:
        for language in ("en", "es"):
            apply_language(language)

            def shot(name: str, language: str = language) -> None:
                for _ in range(3):
                    QApplication.processEvents()
                image = window.grab().toImage()
                image.save(str(tmp_path / f"{name}-{language}.png"))
                seen[(name, language)] = (image.width(), image.height(), bool(window.columns.compact))

            screenshots.begin_pass(window)
            screenshots._usability_states(window, shot)
            window.document.close_list()
            window.resize(*screenshots.SIZE)
    finally:
        apply_language("en")
    for language in ("en", "es"):
        assert seen[("27-list-library", language)][:2] == screenshots.SIZE
        assert seen[("28-winter-force-1440", language)] == (*screenshots.SIZE, False)
        assert seen[("29-winter-force-1024", language)] == (*screenshots.SMALL, True)
        assert ("30-dark-theme", language) in seen
    assert (tmp_path / "home" / "lists" / "blizzard-6-a.yaml").is_file()  # the library shown had lists
