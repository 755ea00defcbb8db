"""Accessibility from the keyboard and for screen readers: every widget that takes the keyboard focus has
an accessible name, Tab leaves the card's tables (and every other table) instead of walking its cells,
and every action of the window can be reached from the keyboard (a menu, or a shortcut)."""

from __future__ import annotations

from guihelpers import focus
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtWidgets import QAbstractItemView, QApplication, QMenu, QToolButton, QWidget

from armybuilder.gui.mainwindow import MainWindow

LINE, HEAVY = 1, 2


def start(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    picker = window.start_page.picker
    qtbot.keyClicks(picker.search, "test sect")
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    window.document.add_trooper(LINE, 1, 3)
    window.document.add_trooper(HEAVY, 1, 2)


def focusable(root: QWidget) -> list[QWidget]:
    return [w for w in root.findChildren(QWidget)
            if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(root) and w.isEnabled()
            and not isinstance(w.window(), QMenu)]


def accessible_name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    name = interface.text(QAccessible.Text.Name) if interface is not None else ""
    return (name or widget.accessibleName()).strip()


def unnamed(root: QWidget) -> list[str]:
    return [f"{type(w).__name__} {w.objectName() or '?'} (in {type(w.parent()).__name__})"
            for w in focusable(root) if not accessible_name(w)]


def test_every_focusable_widget_has_an_accessible_name(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    assert focusable(window.start_page), "the start page takes the keyboard"
    assert not unnamed(window.start_page)
    start(qtbot, window)
    window.card.show_unit(window.browser.entry_for(HEAVY))
    page = window.pages.currentWidget()
    assert page is not None
    assert len(focusable(page)) > 10
    assert not unnamed(page), "\n".join(unnamed(page))
    for show in (window.fireteams.show_teams, window.fireteams.show_finder):
        show.trigger()
        assert not unnamed(page), unnamed(page)
    window.action_set.show_history.trigger()
    assert not unnamed(page), unnamed(page)


def test_tab_leaves_the_cards_tables(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    window.card.show_unit(window.browser.entry_for(LINE))
    options = window.card.options
    focus(qtbot, window, options)
    qtbot.keyClick(options, Qt.Key.Key_Tab)
    assert not options.hasFocus()
    assert QApplication.focusWidget() is not None
    for view in window.findChildren(QAbstractItemView):
        assert not view.tabKeyNavigation(), view.objectName()


def menu_actions(menu: QMenu) -> list[QAction]:
    found = []
    for action in menu.actions():
        found.append(action)
        if action.menu() is not None:
            found += menu_actions(action.menu())  # type: ignore[arg-type]
    return found


def test_every_action_is_reachable_from_the_keyboard(window: MainWindow) -> None:
    in_menus = {id(a) for bar_action in window.menuBar().actions() if bar_action.menu() is not None
                for a in [bar_action, *menu_actions(bar_action.menu())]}  # type: ignore[arg-type]
    on_buttons = {id(b.defaultAction()) for b in window.findChildren(QToolButton) if b.defaultAction() is not None
                  and b.focusPolicy() & Qt.FocusPolicy.TabFocus}  # a button Tab reaches
    missing = [a.objectName() for a in window.action_collection.all()
               if id(a) not in in_menus | on_buttons and a.shortcut().isEmpty()]
    assert not missing, missing
    for bar_action in window.menuBar().actions():
        assert "&" in bar_action.text(), bar_action.text()  # Alt+letter opens it


def test_the_dialogs_name_their_widgets_too(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    start(qtbot, window)
    opened = []
    for action, attribute in ((window.action_set.preferences, "preferences_dialog"),
                              (window.action_set.change_army, "army_dialog"),
                              (window.action_set.edit_notes, "notes_dialog"),
                              (window.action_set.import_data, "import_dialog")):
        action.trigger()
        dialog = getattr(window, attribute)
        qtbot.waitExposed(dialog)
        opened.append(dialog)
        assert not unnamed(dialog), (attribute, unnamed(dialog))
        dialog.reject()
    window.printing.export.trigger()
    export = window.printing.dialog
    assert export is not None
    qtbot.waitExposed(export)
    assert not unnamed(export), unnamed(export)
    export.reject()
    window.document.add_trooper(LINE, 1, 1)
    window.editor.select_troopers(window.document.uids_in_order()[:2])
    window.fireteams.actions.form.trigger()
    form = window.fireteams.dialog
    if form is not None:
        assert not unnamed(form), unnamed(form)
        form.reject()


def test_screen_readers_meet_the_totals_as_static_text(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The totals bar's figures are read as static text named by what they show, as labels are."""
    start(qtbot, window)
    bar = window.totals
    for figure in (bar.points, bar.swc, bar.troopers):
        interface = QAccessible.queryAccessibleInterface(figure)
        assert interface is not None and interface.role() == QAccessible.Role.StaticText, figure.objectName()
        assert interface.text(QAccessible.Text.Name) == figure.plain and figure.plain
