"""View ▸ Theme: the app drawn as the desktop is (System), or always Light or Dark (`gui.theme`).

A feature made with the window's `FeatureHost`: three exclusive actions in a submenu of View, the
choice kept in the settings; with System, a change of the desktop's scheme is followed at once."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication
from PySide6.QtWidgets import QMenu

from armybuilder.gui.host import FeatureHost
from armybuilder.gui.language import refresh_texts
from armybuilder.gui.theme import CHOICES, apply_theme
from armybuilder.i18n import tr


class AppearanceFeature(QObject):
    """The Theme submenu of View; `choose` applies and keeps a theme."""

    def __init__(self, host: FeatureHost) -> None:
        super().__init__(host)
        self.host = host
        add = host.actions.add
        texts = {
            "system": lambda: (tr("&System"), tr("Light or dark as the desktop is")),
            "light": lambda: (tr("&Light"), tr("Dark text on light backgrounds")),
            "dark": lambda: (tr("&Dark"), tr("Light text on dark backgrounds")),
        }
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.choices: dict[str, QAction] = {}
        for choice in CHOICES:
            action = add(f"theme_{choice}", texts=texts[choice], checkable=True)
            self.group.addAction(action)
            action.triggered.connect(lambda _=False, c=choice: self.choose(c))
            self.choices[choice] = action
        self.menu = QMenu(host.window)
        self.menu.setObjectName("theme_menu")
        for action in self.choices.values():
            self.menu.addAction(action)
        host.add_to_menu("view", [None, self.menu.menuAction()])
        self.choices[host.settings.theme()].setChecked(True)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication) and hasattr(app.styleHints(), "colorSchemeChanged"):
            app.styleHints().colorSchemeChanged.connect(self._on_desktop_scheme_changed)
        host.language_changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        self.menu.setTitle(tr("&Theme"))

    @property
    def current(self) -> str:
        return next((c for c, a in self.choices.items() if a.isChecked()), "system")

    def choose(self, choice: str) -> None:
        """Draw the app in `choice` ('system', 'light', 'dark') from now on, and next time."""
        self.choices[choice].setChecked(True)
        self.host.settings.set_theme(choice)
        apply_theme(choice)
        refresh_texts()

    def _on_desktop_scheme_changed(self, *_: object) -> None:
        if self.current == "system":
            apply_theme("system")
            refresh_texts()
