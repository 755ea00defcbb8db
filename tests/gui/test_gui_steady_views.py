"""Views that an edit leaves alone where nothing they show changed: what they do redo is only what changed,
and what they show is the same as if they had redone everything (#20)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPaintEvent, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QHeaderView, QLabel, QStyleOptionViewItem, QTabWidget

from armybuilder.gui.widgets.quiet import SteadyTabs, set_tab_text
from armybuilder.gui.widgets.wrapping import WrappingDelegate, WrappingTreeView

USER_ROLE = int(Qt.ItemDataRole.UserRole) + 7


class CountingDelegate(WrappingDelegate):
    def __init__(self, view: WrappingTreeView) -> None:
        super().__init__(view, wrap_columns=(0,))
        self.asked: list[tuple[int, int]] = []

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        self.asked.append((index.row(), index.column()))
        return super().sizeHint(option, index)


def fitted_tree(qtbot) -> tuple[WrappingTreeView, QStandardItemModel, CountingDelegate]:  # type: ignore[no-untyped-def]
    model = QStandardItemModel(0, 3)
    for row in range(30):
        model.appendRow([QStandardItem(f"unit {row}"), QStandardItem(str(row)), QStandardItem("x")])
    view = WrappingTreeView()
    qtbot.addWidget(view)
    view.setModel(model)
    delegate = CountingDelegate(view)
    view.setItemDelegate(delegate)
    view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    view.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    return view, model, delegate


def test_a_colour_or_a_mark_of_a_row_does_not_fit_the_columns_again(qtbot) -> None:  # type: ignore[no-untyped-def]
    _view, model, delegate = fitted_tree(qtbot)
    delegate.asked.clear()
    model.item(0, 1).setData(QBrush(QColor("grey")), Qt.ItemDataRole.ForegroundRole)
    model.item(0, 1).setData("ava", USER_ROLE)  # a role of the model's own (the browser's marks)
    model.item(0, 1).setToolTip("AVA 1/1")
    QApplication.processEvents()
    assert {row for row, _ in delegate.asked} <= {0}  # the changed row only (its height), not every row shown
    assert model.index(0, 1).data(USER_ROLE) == "ava"


def test_a_colour_or_a_mark_repaints_its_row_without_measuring_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A change in roles no cell is sized by repaints the rows named (as Qt's view does) and measures none of
    them (Qt's tree measures every cell of the rows named, whatever the roles); a new text still measures its row."""
    view, model, delegate = fitted_tree(qtbot)
    log = PaintLog()
    QApplication.instance().installEventFilter(log)
    try:
        delegate.asked.clear()
        model.item(4, 0).setData(QBrush(QColor("grey")), Qt.ItemDataRole.ForegroundRole)
        model.item(4, 1).setData("ava", USER_ROLE)
        QApplication.processEvents()
        assert delegate.asked == []
        assert view.viewport() in log.painted
        assert model.index(4, 0).data(Qt.ItemDataRole.ForegroundRole).color() == QColor("grey")
        model.item(4, 0).setText("a unit whose name is long enough to wrap onto a second line in the view")
        QApplication.processEvents()
        assert (4, 0) in delegate.asked
    finally:
        QApplication.instance().removeEventFilter(log)


def test_a_longer_text_still_widens_its_fitted_column(qtbot) -> None:  # type: ignore[no-untyped-def]
    view, model, _ = fitted_tree(qtbot)
    before = view.header().sectionSize(1)
    model.item(3, 1).setText("a much longer figure than the others")
    QApplication.processEvents()
    assert view.header().sectionSize(1) > before


def test_the_wrapping_header_is_set_up_as_qts_own(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QTreeView

    plain, wrapping = QTreeView(), WrappingTreeView()
    for view in (plain, wrapping):
        qtbot.addWidget(view)
        view.setModel(QStandardItemModel(2, 3, view))
    for getter in ("sectionsClickable", "highlightSections", "isFirstSectionMovable", "sectionsMovable",
                   "stretchLastSection", "defaultAlignment", "isSortIndicatorShown", "orientation"):
        assert getattr(plain.header(), getter)() == getattr(wrapping.header(), getter)(), getter


class PaintLog(QObject):
    """The widgets that painted, while installed on the application."""

    def __init__(self) -> None:
        super().__init__()
        self.painted: list[QObject] = []
        self.regions: dict[QObject, QRect] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            assert isinstance(event, QPaintEvent)
            self.painted.append(watched)
            self.regions[watched] = self.regions.get(watched, QRect()).united(event.region().boundingRect())
        return False


def steady_tabs(qtbot) -> tuple[QTabWidget, QLabel]:  # type: ignore[no-untyped-def]
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    page = QLabel("the problems")
    tabs.addTab(page, "Problems")
    tabs.addTab(QLabel("history"), "History")
    SteadyTabs(tabs)
    tabs.resize(400, 300)
    tabs.show()
    qtbot.waitExposed(tabs)
    QApplication.processEvents()
    return tabs, page


def test_a_new_count_in_a_tab_repaints_the_tab_bar_not_the_page(qtbot) -> None:  # type: ignore[no-untyped-def]
    tabs, page = steady_tabs(qtbot)
    set_tab_text(tabs, 0, "Problems (3)")
    QApplication.processEvents()
    log = PaintLog()
    QApplication.instance().installEventFilter(log)
    try:
        set_tab_text(tabs, 0, "Problems (4)")
        QApplication.processEvents()
    finally:
        QApplication.instance().removeEventFilter(log)
    assert tabs.tabText(0) == "Problems (4)" and tabs.tabBar().tabText(0) == "Problems (4)"
    assert tabs.tabBar() in log.painted
    assert page not in log.painted  # the page is left alone; the tab widget only paints under its bar
    assert tabs.tabBar().geometry().contains(log.regions.get(tabs, QRect()).normalized()) or tabs not in log.painted


def test_a_longer_tab_text_still_widens_its_tab(qtbot) -> None:  # type: ignore[no-untyped-def]
    tabs, page = steady_tabs(qtbot)
    before = tabs.tabBar().tabRect(0).width()
    set_tab_text(tabs, 0, "Problems (12) and a good deal more")
    QApplication.processEvents()
    bar = tabs.tabBar()
    assert bar.tabRect(0).width() > before
    assert bar.geometry().width() >= bar.tabRect(0).right()  # the bar was placed again to hold it
    assert page.isVisible() and page.geometry().isValid()


def test_a_reworded_problem_reaches_the_tooltips_of_the_troopers_it_names(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from test_gui_window import HEAVY, LINE, add, start_list

    from armybuilder.gui.models.roster import Column, Role

    start_list(qtbot, window)
    window.document.set_game_size(None, 30)
    add(qtbot, window, LINE, 1, 3)
    add(qtbot, window, HEAVY, 1, 2)
    model = window.editor.model
    report = window.document.report
    over = next(v for v in report.violations if v.troopers and "points" in v.message.lower())
    named = over.troopers[0]
    shown = [model.trooper_index(named, column).data(Role.PROBLEM) for column in Column]
    texts = [model.trooper_index(named, column).data() for column in Column]
    add(qtbot, window, LINE, 1, 2)
    QApplication.processEvents()
    reworded = next(v for v in window.document.report.violations if v.code == over.code)
    assert reworded.message != over.message and named in reworded.troopers
    for column in Column:
        index = model.trooper_index(named, column)
        tip = index.data(Qt.ItemDataRole.ToolTipRole)
        assert reworded.message.split(",")[0] in tip.replace("&#x27;", "'"), column
        assert over.message.split(",")[0] not in tip.replace("&#x27;", "'"), column
    assert [model.trooper_index(named, column).data(Role.PROBLEM) for column in Column] == shown
    assert [model.trooper_index(named, column).data() for column in Column] == texts


def test_a_tooltip_of_a_row_repaints_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    view, model, _ = fitted_tree(qtbot)
    log = PaintLog()
    QApplication.instance().installEventFilter(log)
    try:
        model.item(2, 0).setToolTip("AVA 1/1")
        QApplication.processEvents()
    finally:
        QApplication.instance().removeEventFilter(log)
    assert view.viewport() not in log.painted
    assert model.index(2, 0).data(Qt.ItemDataRole.ToolTipRole) == "AVA 1/1"


def test_a_move_says_once_that_the_selection_changed(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from test_gui_window import HEAVY, LINE, add, start_list

    start_list(qtbot, window)
    for unit in (LINE, HEAVY, LINE):
        add(qtbot, window, unit, 1, 2)
    editor, document = window.editor, window.document
    first, second, third = document.uids_in_order()
    editor.select_troopers([first])
    QApplication.processEvents()
    told: list[list[str]] = []
    editor.selection_changed.connect(lambda: told.append(editor.selected_uids()))
    document.move_troopers([third], 1, 0)  # rows taken out and put back; the move then selects what it moved
    QApplication.processEvents()
    assert told == [[third]] and document.uids_in_order() == [third, first, second]
    told.clear()
    document.move_troopers([third], 1, None)  # the selected trooper itself: still the one selected
    QApplication.processEvents()
    assert told == [] and editor.selected_uids() == [third] and editor.current_uid() == third
    assert document.uids_in_order() == [first, second, third]
    told.clear()
    window.action_set.undo.trigger()
    QApplication.processEvents()
    assert editor.selected_uids() == [third] and told in ([], [[third]])


def test_the_figure_columns_fit_the_widest_figure_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from test_gui_window import CONTROLLERS, HEAVY, LINE, add, start_list

    from armybuilder.gui.models.roster import Column

    def expected(column: int) -> int:
        tree, header = window.editor.tree, window.editor.tree.header()
        option = QStyleOptionViewItem()
        option.initFrom(tree)
        delegate = tree.itemDelegateForIndex(window.editor.model.index(0, column))
        widths = [header.sectionSizeHint(column), header.minimumSectionSize()]
        widths += [delegate.sizeHint(option, index).width() for index in window.editor._shown_rows(column)]
        return int(min(max(widths), header.maximumSectionSize()))

    start_list(qtbot, window)
    for unit, option in ((LINE, 3), (HEAVY, 1), (CONTROLLERS, 1), (LINE, 1), (HEAVY, 2)):
        add(qtbot, window, unit, 1, option)
        QApplication.processEvents()
        for column in (Column.SWC, Column.POINTS):
            assert window.editor.tree.header().sectionSize(column) == expected(column), column
    group = window.editor.model.group_index(1)
    window.editor.tree.collapse(group)  # the troopers' figures are no longer shown
    QApplication.processEvents()
    for column in (Column.SWC, Column.POINTS):
        assert window.editor.tree.header().sectionSize(column) == expected(column), column
    window.editor.tree.expand(group)
    for undo in (True, True, False, False):  # rows taken out and put back (`ListTreeModel._taken`)
        (window.action_set.undo if undo else window.action_set.redo).trigger()
        QApplication.processEvents()
        for column in (Column.SWC, Column.POINTS):
            assert window.editor.tree.header().sectionSize(column) == expected(column), column


def test_an_undo_that_selects_another_trooper_does_not_toggle_the_trooper_actions(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Undoing an add removes the selected trooper and selects the one in its place within the same edit: the
    trooper actions stay enabled throughout (they were switched off and on again); with no trooper left to
    select they end disabled."""
    from test_gui_window import LINE, add, start_list

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 2)
    add(qtbot, window, LINE, 1, 2)
    QApplication.processEvents()
    a = window.action_set
    actions = (a.remove_trooper, a.duplicate_trooper, a.move_up, a.move_down, a.change_option)
    assert window.editor.selected_uids() == [window.document.uids_in_order()[-1]]
    assert all(action.isEnabled() for action in actions)
    toggled: list[bool] = []
    for action in actions:
        action.enabledChanged.connect(toggled.append)
    a.undo.trigger()
    QApplication.processEvents()
    assert window.editor.selected_uids() == window.document.uids_in_order()  # the one left, selected
    assert toggled == [] and all(action.isEnabled() for action in actions)
    a.undo.trigger()
    QApplication.processEvents()
    assert window.document.uids_in_order() == [] and not any(action.isEnabled() for action in actions)


def problems_panel(qtbot, messages: list[str]):  # type: ignore[no-untyped-def]
    from armybuilder.gui.widgets.problems import ProblemRow, ProblemsPanel

    panel = ProblemsPanel()
    qtbot.addWidget(panel)
    panel.model.set_rows([ProblemRow("error", text, f"code.{text}") for text in messages])
    panel.resize(400, 300)
    panel.show()
    qtbot.waitExposed(panel)
    QApplication.processEvents()
    return panel


def rows_of(messages: list[str]):  # type: ignore[no-untyped-def]
    from armybuilder.gui.widgets.problems import ProblemRow

    return [ProblemRow("error", text, f"code.{text}") for text in messages]


def test_a_problem_still_there_after_an_edit_stays_selected(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Problems before and after the ones an edit changed are kept, not reset: the one the player clicked stays
    selected (and current) while the others come and go around it; the rows read as the new problems."""
    panel = problems_panel(qtbot, ["first", "second", "third"])
    view, model = panel.view, panel.model
    view.setCurrentIndex(model.index(1))
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.set_rows(rows_of(["new one", "second", "third", "fourth"]))
    assert [model.index(r).data() for r in range(model.rowCount())] == ["new one", "second", "third", "fourth"]
    assert view.currentIndex().row() == 1 and view.selectionModel().isSelected(model.index(1))
    model.set_rows(rows_of(["second"]))
    assert [model.index(r).data() for r in range(model.rowCount())] == ["second"]
    assert view.currentIndex().row() == 0 and view.selectionModel().isSelected(model.index(0))
    assert not resets
    model.set_rows(rows_of(["another"]))  # the problem selected went: nothing is selected
    assert not view.selectionModel().selectedIndexes()
    model.set_rows([])
    assert model.rowCount() == 0


def test_the_problems_are_laid_out_before_the_window_repaints(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A change of the problems lays their rows out at once, so the list is painted in the window's first repaint
    after the edit (Qt's list lays its rows out on a timer that fires after it: the window repainted twice)."""
    panel = problems_panel(qtbot, ["first", "second"])
    log = PaintLog()
    QApplication.instance().installEventFilter(log)
    try:
        panel.model.set_rows(rows_of(["first", "a problem long enough to wrap onto a second line of the list, "
                                      "the panel being only four hundred pixels wide", "second"]))
        QApplication.processEvents()  # one pass: the window's repaint
        first_pass = log.painted.count(panel.view.viewport())
        for _ in range(5):
            QApplication.processEvents()
    finally:
        QApplication.instance().removeEventFilter(log)
    assert first_pass == 1 and log.painted.count(panel.view.viewport()) == 1
    tall = panel.view.visualRect(panel.model.index(1)).height()
    assert tall > panel.view.visualRect(panel.model.index(0)).height()  # measured at the list's width


def test_a_problem_reworded_repaints_its_row_alone_and_stays_selected(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A problem an edit words again (the same code: "costs 542 points" -> "costs 439 points") is rewritten in
    place: it stays selected, and only its row is painted again while it is as tall as before (Qt's list
    repainted all its rows); a rewording that wraps onto another line lays the rows out at once, in the same
    first pass, so the rows after it move down."""
    from armybuilder.gui.widgets.problems import ProblemRow

    def rows(points: str, other: str = "other") -> list[ProblemRow]:
        return [ProblemRow("error", f"The list costs {points} points.", "points"), ProblemRow("error", other, "o"),
                ProblemRow("note", "a note", "note")]

    panel = problems_panel(qtbot, [])
    view, model = panel.view, panel.model
    model.set_rows(rows("542"))
    QApplication.processEvents()
    view.setCurrentIndex(model.index(0))
    first, second = view.visualRect(model.index(0)), view.visualRect(model.index(1))
    log = PaintLog()
    QApplication.instance().installEventFilter(log)
    try:
        model.set_rows(rows("439"))
        QApplication.processEvents()
        painted = log.painted.count(view.viewport())
        region = log.regions.get(view.viewport(), QRect())
        for _ in range(5):
            QApplication.processEvents()
        assert log.painted.count(view.viewport()) == painted == 1
    finally:
        QApplication.instance().removeEventFilter(log)
    assert model.index(0).data() == "The list costs 439 points."
    assert view.currentIndex().row() == 0 and view.selectionModel().isSelected(model.index(0))
    assert first.contains(region) and not region.intersects(second)
    log = PaintLog()
    QApplication.instance().installEventFilter(log)
    try:
        model.set_rows(rows("439", "other, now worded at such a length that it wraps onto a second line of the "
                                   "list, the panel being only four hundred pixels wide"))
        QApplication.processEvents()  # one pass: the window's repaint
        assert log.painted.count(view.viewport()) == 1
    finally:
        QApplication.instance().removeEventFilter(log)
    assert view.visualRect(model.index(1)).height() > second.height()
    assert view.visualRect(model.index(2)).top() > view.visualRect(model.index(1)).top() + second.height()
    assert view.selectionModel().isSelected(model.index(0))


def test_a_problem_reworded_while_another_goes_is_told_at_its_new_row(qtbot) -> None:  # type: ignore[no-untyped-def]
    """An edit that rewords a problem and takes away another before it: the views (and screen readers) are told
    the reworded row changed, at the row it has once the other is gone."""
    from armybuilder.gui.widgets.problems import ProblemRow

    panel = problems_panel(qtbot, [])
    model = panel.model
    model.set_rows([ProblemRow("error", "gone soon", "gone"), ProblemRow("note", "a note", "note"),
                    ProblemRow("error", "costs 542 points", "points")])
    told: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda first, last, *_: told.append((first.row(), last.row())))
    model.set_rows([ProblemRow("note", "a note", "note"), ProblemRow("error", "costs 439 points", "points")])
    assert [model.index(r).data() for r in range(model.rowCount())] == ["a note", "costs 439 points"]
    assert told == [(1, 1)]


def test_problems_that_bring_the_scroll_bar_are_painted_once(qtbot) -> None:  # type: ignore[no-untyped-def]
    """More problems than the panel has room for bring its scroll bar, which narrows the list as its rows are
    laid out: they are laid out again at once at the new width, so the list is painted once, in the window's
    first repaint (Qt left that layout to the list's paint, which asked for a second repaint), and each row is
    as wide as the list; and once more when the scroll bar goes."""
    panel = problems_panel(qtbot, ["first", "second"])
    view = panel.view
    wide = view.viewport().width()
    many = [f"problem {n}, worded at a length that wraps onto a second line of the list at its width"
            for n in range(12)]
    for messages in (many, ["first", "second"]):
        log = PaintLog()
        QApplication.instance().installEventFilter(log)
        try:
            panel.model.set_rows(rows_of(messages))
            QApplication.processEvents()  # one pass: the window's repaint
            first_pass = log.painted.count(view.viewport())
            for _ in range(5):
                QApplication.processEvents()
        finally:
            QApplication.instance().removeEventFilter(log)
        assert first_pass == 1 and log.painted.count(view.viewport()) == 1
        assert view.verticalScrollBar().isVisible() == (messages is many)
        assert (view.viewport().width() < wide) == (messages is many)
        width = view.viewport().width() - 2 * view.spacing()
        assert all(view.visualRect(panel.model.index(row)).width() == width for row in range(len(messages)))


def test_hundreds_of_problems_are_replaced_at_once(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Past MOST_COMPARED rows before × after, the rows are reset rather than compared one by one; they read as
    the new problems and are laid out."""
    from armybuilder.gui.widgets import problems

    panel = problems_panel(qtbot, [f"problem {n}" for n in range(300)])
    resets: list[int] = []
    panel.model.modelReset.connect(lambda: resets.append(1))
    assert problems.MOST_COMPARED < 300 * 250
    panel.model.set_rows(rows_of([f"problem {n}" for n in range(50, 300)]))
    assert resets and panel.model.rowCount() == 250
    assert panel.model.index(0).data() == "problem 50"
    assert panel.view.visualRect(panel.model.index(249)).isValid()


class WindowUpdates(QObject):
    """The window's repaints (update requests) and the totals bar's figures moved or resized, while installed."""

    def __init__(self, window: QObject, bar: QObject) -> None:
        super().__init__()
        self.window, self.bar = window, bar
        self.updates = 0
        self.placed: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest and watched is self.window:
            self.updates += 1
        elif event.type() in (QEvent.Type.Move, QEvent.Type.Resize) and watched.parent() is self.bar:
            self.placed.append(watched.objectName())
        return False


def settle() -> None:
    """Run the event loop until it has nothing left to do (layouts, timers, repaints, queued calls)."""
    for _ in range(20):
        QApplication.processEvents()


def test_a_wider_swc_figure_repaints_the_window_once(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from test_gui_window import HEAVY, add, figures, start_list

    start_list(qtbot, window)
    add(qtbot, window, HEAVY, 1, 2)
    settle()
    assert figures(window)[1] == "SWC 1.5 / 6"
    counter = WindowUpdates(window, window.totals)
    QApplication.instance().installEventFilter(counter)
    try:
        add(qtbot, window, HEAVY, 1, 2)  # "1.5" -> "3": the figure is narrower, the ones after it would move
        settle()
        assert figures(window)[1] == "SWC 3 / 6"
        assert counter.placed == [] and counter.updates == 1
        window.action_set.undo.trigger()  # and back: wider
        settle()
        assert figures(window)[1] == "SWC 1.5 / 6"
        assert counter.placed == [] and counter.updates == 2
    finally:
        QApplication.instance().removeEventFilter(counter)
    bar = window.totals
    window.document.set_game_size(None, 50)  # a figure past its usual widest still shows whole
    add(qtbot, window, HEAVY, 1, 2)
    add(qtbot, window, HEAVY, 1, 2)
    settle()
    assert figures(window)[1] == "SWC 4.5 / 1"
    for figure in (bar.points, bar.swc, bar.troopers):
        assert figure.width() >= figure.sizeHint().width(), figure.objectName()


def test_an_edit_sets_the_list_actions_once(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from test_gui_window import HEAVY, LINE, add, start_list

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 2)
    settle()
    actions = window.action_set
    told: list[bool] = []
    set_enabled = actions.undo.setEnabled

    def counted(on: bool) -> None:
        told.append(on)
        set_enabled(on)

    actions.undo.setEnabled = counted
    try:
        add(qtbot, window, HEAVY, 1, 2)  # the list changes, then the new trooper is selected
        settle()
        assert told == [True]
        assert window.editor.selected_uids() == [window.document.uids_in_order()[-1]]
        assert actions.remove_trooper.isEnabled() and actions.change_option.isEnabled()
        told.clear()
        actions.undo.trigger()
        settle()
        assert told == [True] and actions.redo.isEnabled()
        assert actions.remove_trooper.isEnabled() == bool(window.editor.selected_uids())
    finally:
        del actions.undo.setEnabled


def test_the_unit_browser_paints_its_rows_without_calling_python(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The unit browser's cells are Qt's own items: repainting its rows (as each edit that changes their marks
    does) calls none of the app's Python, where a model answering each cell and role was called ~1,400 times
    for the rows of one unit (#20). What the rows show is as before: test_gui_browser, test_gui_models."""
    import sys

    from test_gui_window import LINE, add, start_list

    from armybuilder.gui.models.units import Role

    start_list(qtbot, window)
    window.document.set_game_size(None, 30)
    add(qtbot, window, LINE, 1, 3)  # some options no longer fit: greyed
    tree = window.browser.tree
    tree.expandAll()
    settle()
    proxy = window.browser.proxy
    marks = [proxy.index(r, 0, proxy.index(u, 0)).data(Role.MARK)
             for u in range(proxy.rowCount()) for r in range(proxy.rowCount(proxy.index(u, 0)))]
    assert "fit" in marks and None in marks
    calls: list[str] = []

    def profile(frame, event, _arg) -> None:  # type: ignore[no-untyped-def]
        if event == "call" and "armybuilder" in frame.f_code.co_filename:
            calls.append(frame.f_code.co_name)

    painted = PaintLog()
    tree.viewport().installEventFilter(painted)
    sys.setprofile(profile)
    try:
        tree.viewport().repaint()
    finally:
        sys.setprofile(None)
        tree.viewport().removeEventFilter(painted)
    assert tree.viewport() in painted.painted
    assert calls == [], f"{len(calls)} calls, e.g. {sorted(set(calls))[:5]}"


def test_a_figure_looks_as_the_rich_text_label_it_replaces(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The totals' figures draw runs of plain text: pixel for pixel, and as big, as a QLabel showing the
    figure's HTML (label, then the value in bold, red when over), in the bar's two fonts."""
    from PySide6.QtGui import QFont, QImage
    from PySide6.QtWidgets import QLabel

    from armybuilder.gui import icons
    from armybuilder.gui.widgets.totalsbar import Figure

    big = QFont(QLabel().font())
    big.setPointSizeF(big.pointSizeF() * 1.15)
    for font in (QLabel().font(), big):
        for label, value, over in (("Points", "483 / 300", True), ("SWC", "9.5 / 6", False), ("Tropas", "7", False)):
            colour = icons.ERROR_COLOR.name() if over else QApplication.palette().color(
                QPalette.ColorRole.WindowText).name()
            html = QLabel(f"<span>{label}</span>&nbsp;<span style='color:{colour}; font-weight:700'>{value}</span>")
            html.setTextFormat(Qt.TextFormat.RichText)
            figure = Figure("figure")
            for widget in (html, figure):
                qtbot.addWidget(widget)
                widget.setFont(font)
            figure.show_figure(label, value, over)
            assert figure.sizeHint() == html.sizeHint() and figure.plain == f"{label} {value}"
            for widget in (html, figure):
                widget.resize(html.sizeHint().width() + 6, html.sizeHint().height() + 5)
            shots = [w.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32) for w in (html, figure)]
            assert shots[0] == shots[1], (label, font.pointSizeF())
    counts = Figure("group_counts")  # the combat groups' counts: several runs, the second group over
    red = icons.ERROR_COLOR.name()
    text = QApplication.palette().color(QPalette.ColorRole.WindowText).name()
    html = QLabel(f"CG1&nbsp;<span style='color:{text}; font-weight:700'>9/10</span>&nbsp;&nbsp; "
                  f"CG2&nbsp;<span style='color:{red}; font-weight:700'>11/10</span>")
    html.setTextFormat(Qt.TextFormat.RichText)
    for widget in (html, counts):
        qtbot.addWidget(widget)
    counts.show_runs((("CG1", False, False), ("\u00a0", False, False), ("9/10", True, False),
                      ("\u00a0\u00a0 ", False, False), ("CG2", False, False), ("\u00a0", False, False),
                      ("11/10", True, True)))
    assert counts.sizeHint() == html.sizeHint() and counts.plain == "CG1 9/10   CG2 11/10"
    for widget in (html, counts):
        widget.resize(html.sizeHint().width() + 6, html.sizeHint().height() + 5)
    shots = [w.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32) for w in (html, counts)]
    assert shots[0] == shots[1]


def test_an_undo_that_takes_the_selected_trooper_away_leaves_form_fireteam_alone(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """An undo of an add takes away the trooper it selected and selects another: Form fireteam (which needs a
    selection) is set once that selection is said, not disabled halfway through the edit and enabled again
    (each change is told to the action, its toolbar button, the toolbar, the menu and the list's context
    actions)."""
    from test_gui_window import HEAVY, LINE, add, start_list

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 2)
    add(qtbot, window, HEAVY, 1, 2)
    settle()
    form = window.fireteams.actions.form
    assert form.isEnabled() and window.editor.selected_uids() == [window.document.uids_in_order()[-1]]
    states: list[bool] = []
    form.changed.connect(lambda: states.append(form.isEnabled()))
    window.action_set.undo.trigger()  # the HEAVY trooper (selected) goes; the one in its place is selected
    settle()
    assert window.editor.selected_uids() == window.document.uids_in_order()[-1:]
    assert states == [] and form.isEnabled()
    window.editor.select_troopers([])  # and with nothing selected it is disabled, as before
    settle()
    assert states == [False] and not form.isEnabled()


def test_an_edit_words_the_undo_and_redo_entries_when_the_edit_menu_opens(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Each change of the Undo and Redo actions is told to the action, its toolbar button, the toolbar and the
    menu: an edit changes their tooltips (what the toolbar's buttons say when pointed at) at once, and the Edit
    menu's entries' words ("Undo Add …") when the menu opens, not at every edit."""
    from test_gui_window import HEAVY, LINE, add, start_list

    start_list(qtbot, window)
    add(qtbot, window, LINE, 1, 2)
    settle()
    actions = window.action_set
    changes: list[str] = []
    actions.undo.changed.connect(lambda: changes.append("undo"))
    actions.redo.changed.connect(lambda: changes.append("redo"))
    add(qtbot, window, HEAVY, 1, 2)
    settle()
    assert changes == ["undo"], "the undo action's tooltip, once"
    added = window.document.undo_stack.undoText()
    assert added and actions.undo.toolTip() == f"Undo: {added} (Ctrl+Z)"
    menu = window.edit_menu
    menu.popup(window.mapToGlobal(window.rect().center()))  # the player opens the Edit menu
    settle()
    assert actions.undo.text() == f"&Undo {added}" and actions.redo.text() == "&Redo"
    menu.hide()
    changes.clear()
    actions.undo.trigger()
    settle()
    assert sorted(changes) == ["redo", "redo", "undo"], "the tooltips, and Redo enabled"
    assert actions.redo.toolTip().startswith(f"Redo: {added}")
    menu.aboutToShow.emit()
    assert actions.redo.text() == f"&Redo {added}"
