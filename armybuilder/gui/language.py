"""Switch the running app's language: our own texts (armybuilder.i18n) and Qt's standard ones
(dialog buttons, file dialogs, text-field menus) from the Qt translations shipped with PySide6."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from armybuilder.i18n import language, set_language, tr

QT_CATALOGS = ("qtbase",)
"""Qt's own catalogs the app uses (QtWidgets' standard texts live in qtbase)."""


def qt_translations_dir() -> str:
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def apply_language(code: str) -> bool:
    """Use `code` ('en' or 'es') from now on; returns whether Qt's own translation was found (always
    True for English). Windows call their `retranslate()` afterwards."""
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
        # Qt's widgets retranslate their standard texts on LanguageChange: deliver it now, not later
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    QLocale.setDefault(QLocale(code))
    return found
