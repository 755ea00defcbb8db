"""Light and dark palettes, and every colour the app draws on them, with their contrast.

View ▸ Theme offers System (the desktop's light or dark, `QStyleHints.colorScheme`), Light and Dark.
The app's own colours (problems, the Lieutenant, Reinforcements, mercenaries, quiet text, greyed
options, the weapons' range bands, fireteam badges) have a shade for each scheme; `apply_theme` sets
the application palette and switches the shared QColor objects of `gui.icons` in place, so whatever
paints next uses them. Widgets that put a colour in a style sheet set it again on the application's
LanguageChange that follows (`gui.language.refresh_texts`). tests/gui/test_gui_theme.py computes that every text
colour keeps a contrast of at least 4.5:1 (WCAG AA) on the backgrounds it is drawn on.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

Scheme = Literal["light", "dark"]
Choice = Literal["system", "light", "dark"]
CHOICES: tuple[Choice, ...] = ("system", "light", "dark")
MIN_CONTRAST = 4.5
"""WCAG 2 AA for text."""

TEXT_COLOURS: dict[str, dict[Scheme, str]] = {
    "error": {"light": "#c62828", "dark": "#ff8a80"},
    "warning": {"light": "#955000", "dark": "#ffb74d"},
    "legal": {"light": "#266b2a", "dark": "#81c784"},
    "lieutenant": {"light": "#1f5fa8", "dark": "#8ab4f8"},
    "info": {"light": "#4f6872", "dark": "#b0bec5"},
    "reinforcement": {"light": "#6a4c93", "dark": "#c9a8ff"},
    "mercenary": {"light": "#8d5a2b", "dark": "#e3ad7c"},
    "muted": {"light": "#5f5f5f", "dark": "#a6a6a6"},
}
"""Colours of text drawn on the window's and the views' backgrounds, per scheme."""

BADGE_TEXT = "#ffffff"
BADGE_FILLS: tuple[str, ...] = ("#1f5fa8", "#7a4a1f")
"""Fills of badges drawn with white text (the Lieutenant's 'LT', a mercenary's 'M'; fireteams' are
`TEAM_COLOURS`)."""

TEAM_COLOURS = ("#00796b", "#8e24aa", "#bf360c", "#3949ab", "#6d4c41", "#c2185b", "#33691e", "#006064")
"""One colour per declared fireteam, in list order: its bar and the fill of its white-lettered badge
(none of them the error red or the Lieutenant blue)."""

RANGE_BANDS: dict[Scheme, dict[str, tuple[str, str]]] = {
    "light": {"+6": ("#1b5e20", "#ffffff"), "+3": ("#a5d6a7", "#102a12"), "0": ("#fff176", "#2b2600"),
              "-3": ("#ffb74d", "#2e1800"), "-6": ("#e57373", "#2b0000")},
    "dark": {"+6": ("#1b5e20", "#ffffff"), "+3": ("#2e7d32", "#ffffff"), "0": ("#6d6200", "#ffffff"),
             "-3": ("#a84300", "#ffffff"), "-6": ("#b71c1c", "#ffffff")},
}
"""(fill, text) of a weapon's range band by its modifier: green where it helps, yellow at 0, orange and
red where it hurts — the traffic-light reading of the official profiles — in each scheme."""

BANNERS: dict[Scheme, tuple[str, str]] = {"light": ("#fdecea", "#f5c2c0"), "dark": ("#4a2424", "#7a3838")}
"""(fill, border) of a warning banner (the print dialog's NOT LEGAL), its text in the error colour."""

_current: list[Scheme] = ["light"]


def scheme() -> Scheme:
    """The scheme the app is drawn in now."""
    return _current[0]


def colour(name: str, wanted: Scheme | None = None) -> QColor:
    return QColor(TEXT_COLOURS[name][wanted or scheme()])


def range_band(mod: str, wanted: Scheme | None = None) -> tuple[QColor, QColor] | None:
    """(fill, text) of a range band's cell, or None for a modifier with no colour."""
    found = RANGE_BANDS[wanted or scheme()].get(mod.replace("−", "-").strip())
    return (QColor(found[0]), QColor(found[1])) if found else None


def banner(wanted: Scheme | None = None) -> tuple[str, str]:
    return BANNERS[wanted or scheme()]


def light_palette() -> QPalette:
    """The app's light palette (Qt's Fusion colours, with quiet text dark enough to read)."""
    palette = QPalette()
    roles = QPalette.ColorRole
    for role, value in ((roles.Window, "#efefef"), (roles.WindowText, "#1e1e1e"), (roles.Base, "#ffffff"),
                        (roles.AlternateBase, "#f5f5f5"), (roles.Text, "#1e1e1e"), (roles.Button, "#efefef"),
                        (roles.ButtonText, "#1e1e1e"), (roles.ToolTipBase, "#ffffdc"), (roles.ToolTipText, "#1e1e1e"),
                        (roles.Highlight, "#1f6fc5"), (roles.HighlightedText, "#ffffff"), (roles.Link, "#1a5cb0"),
                        (roles.PlaceholderText, "#6b6b6b"), (roles.BrightText, "#ffffff"), (roles.Light, "#ffffff"),
                        (roles.Midlight, "#e3e3e3"), (roles.Mid, "#b8b8b8"), (roles.Dark, "#9f9f9f"),
                        (roles.Shadow, "#767676")):
        palette.setColor(role, QColor(value))
    _disabled(palette, "#8a8a8a")
    return palette


def dark_palette() -> QPalette:
    """The app's dark palette."""
    palette = QPalette()
    roles = QPalette.ColorRole
    for role, value in ((roles.Window, "#2b2d31"), (roles.WindowText, "#e8e8e8"), (roles.Base, "#1e1f22"),
                        (roles.AlternateBase, "#26282c"), (roles.Text, "#e8e8e8"), (roles.Button, "#35373c"),
                        (roles.ButtonText, "#e8e8e8"), (roles.ToolTipBase, "#3a3c41"), (roles.ToolTipText, "#f0f0f0"),
                        (roles.Highlight, "#2f6ab5"), (roles.HighlightedText, "#ffffff"), (roles.Link, "#8ab4f8"),
                        (roles.PlaceholderText, "#9aa0a6"), (roles.BrightText, "#ffffff"), (roles.Light, "#4a4d53"),
                        (roles.Midlight, "#404348"), (roles.Mid, "#2f3135"), (roles.Dark, "#1a1b1e"),
                        (roles.Shadow, "#000000")):
        palette.setColor(role, QColor(value))
    _disabled(palette, "#7d8288")
    return palette


def _disabled(palette: QPalette, text: str) -> None:
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(text))


def palette_for(wanted: Scheme) -> QPalette:
    return dark_palette() if wanted == "dark" else light_palette()


def system_scheme() -> Scheme:
    """The desktop's light or dark (Qt 6.5+); light where the platform does not say."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        hints = app.styleHints()
        if hasattr(hints, "colorScheme") and hints.colorScheme() == Qt.ColorScheme.Dark:
            return "dark"
    return "light"


def effective(choice: str) -> Scheme:
    if choice == "dark":
        return "dark"
    if choice == "light":
        return "light"
    return system_scheme()


def apply_theme(choice: str) -> Scheme:
    """Draw the app in the scheme `choice` names ('system', 'light' or 'dark'): the application palette,
    and the app's colours in `gui.icons`; returns the scheme used."""
    from armybuilder.gui import icons

    wanted = effective(choice)
    _current[0] = wanted
    icons.use_scheme(wanted)
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        QGuiApplication.setPalette(palette_for(wanted))
    return wanted


# ----- contrast (WCAG 2) --------------------------------------------------------------------------
def luminance(value: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(value.redF()) + 0.7152 * channel(value.greenF()) + 0.0722 * channel(value.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two colours, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass(frozen=True)
class Pair:
    """A colour the app draws text in, on a background it draws it on."""

    what: str
    scheme: Scheme
    text: QColor
    background: QColor

    @property
    def ratio(self) -> float:
        return contrast(self.text, self.background)


def drawn_pairs() -> Iterator[Pair]:
    """Every (text colour, background) the app draws, in both schemes: its own text colours on the
    views' and the window's backgrounds (and the tooltip's), white on the badges' fills, and each
    range band's text on its fill."""
    for wanted in ("light", "dark"):
        palette = palette_for(wanted)
        backgrounds = {name: palette.color(role) for name, role in (
            ("base", QPalette.ColorRole.Base), ("alternate base", QPalette.ColorRole.AlternateBase),
            ("window", QPalette.ColorRole.Window), ("tooltip", QPalette.ColorRole.ToolTipBase))}
        for name in TEXT_COLOURS:
            for where, background in backgrounds.items():
                yield Pair(f"{name} on {where}", wanted, colour(name, wanted), background)
        for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.PlaceholderText):
            yield Pair(f"palette {role.name} on base", wanted, palette.color(role), backgrounds["base"])
        yield Pair("highlighted text", wanted, palette.color(QPalette.ColorRole.HighlightedText),
                   palette.color(QPalette.ColorRole.Highlight))
        for fill in (*BADGE_FILLS, *TEAM_COLOURS):
            yield Pair(f"badge {fill}", wanted, QColor(BADGE_TEXT), QColor(fill))
        yield Pair("error on a banner", wanted, colour("error", wanted), QColor(BANNERS[wanted][0]))
        for mod, (fill, text) in RANGE_BANDS[wanted].items():
            yield Pair(f"range band {mod}", wanted, QColor(text), QColor(fill))
