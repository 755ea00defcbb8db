"""Switch the running app's language: our own texts (armybuilder.i18n) and Qt's standard ones
(dialog buttons, file dialogs, text-field menus) from the Qt translations shipped with PySide6.

A switch reaches every widget as Qt's own `QEvent.LanguageChange`: a widget with a `retranslate()`
method mixes in `Retranslating` and sets its texts again when the event arrives (the event goes to
every top-level window and from each to all its children). Nothing is validated again: reports hold
their messages as data and are rendered anew."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication, QWidget

from armybuilder.i18n import language, set_language, tr

QT_CATALOGS = ("qtbase",)
"""Qt's own catalogs the app uses (QtWidgets' standard texts live in qtbase)."""


def qt_translations_dir() -> str:
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def apply_language(code: str) -> bool:
    """Use `code` ('en' or 'es') from now on; returns whether Qt's own translation was found (always
    True for English). Every widget has had its LanguageChange (and retranslated) when it returns."""
    set_language(code)
    code = language()
    app = QCoreApplication.instance()
    found = code == "en"
    if app is not None:
        for old in app.findChildren(QTranslator, "armybuilder_qt_translator"):
            app.removeTranslator(old)
            old.deleteLater()
        if code != "en":
            for name in QT_CATALOGS:
                translator = QTranslator(app)
                translator.setObjectName("armybuilder_qt_translator")
                if translator.load(QLocale(code), name, "_", qt_translations_dir()):
                    app.installTranslator(translator)
                    found = True
                else:
                    translator.deleteLater()
        if isinstance(app, QApplication):
            app.setApplicationDisplayName(tr("Infinity army builder"))
        # to the application, which posts it to every window (Qt compresses repeats), then delivered
        # now rather than later, so that the windows read in the new language when this returns
        QCoreApplication.sendEvent(app, QEvent(QEvent.Type.LanguageChange))
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    QLocale.setDefault(QLocale(code))
    return found


def refresh_texts() -> None:
    """Every window sets its texts again, in the language it has (after `gui.theme.apply_theme`: the
    style sheets and rich texts that name a colour take the new scheme's)."""
    app = QCoreApplication.instance()
    if app is not None:
        QCoreApplication.sendEvent(app, QEvent(QEvent.Type.LanguageChange))
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)


if TYPE_CHECKING:
    _WidgetBase = QWidget
else:
    _WidgetBase = object


class Retranslating(_WidgetBase):
    """A widget that sets its texts in `retranslate()` (once when made, by its own constructor) and
    again on every QEvent.LanguageChange (`apply_language`, and `refresh_texts` after a new theme: the
    colours texts are drawn in are set the same way). Mix it in before the Qt class:
    `class Panel(Retranslating, QWidget)`."""

    def retranslate(self) -> None:
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
