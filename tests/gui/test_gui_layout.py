"""The window at 1024×700 (a small laptop) and at 1440×900: the list is whole (names, options, SWC,
points and fireteam badges on screen), the card's stat line and options fit, problems wrap, and the
layout's sizes are remembered per arrangement."""

from __future__ import annotations

from guihelpers import BLIZZARD_A, make_window
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from armybuilder.data.catalog import Catalog
from armybuilder.gui.fireteams.badge import TeamBadgeDelegate
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.roster import Column as ListColumn
from armybuilder.gui.models.roster import Role as ListRole
from armybuilder.paths import bundled_profiles_dir


def settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(4):
        QApplication.processEvents()
    qtbot.wait(20)


def open_blizzard(qtbot, app_settings, size: tuple[int, int]) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, Catalog.from_paths([bundled_profiles_dir()]), app_settings)
    window.resize(*size)
    window.tasks.wait(window.open_path(BLIZZARD_A))
    doc = window.document
    nisse = doc.army.unit_by_slug("nisses")
    group, option = list(nisse.selectable_options())[1]
    doc.add_trooper(nisse.id, group.id if group else 0, option.id)  # over the points and the group: problems
    settle(qtbot)
    return window


def assert_list_whole(window: MainWindow) -> None:
    tree = window.editor.tree
    header = tree.header()
    assert not tree.horizontalScrollBar().isVisible()
    right = header.sectionViewportPosition(ListColumn.POINTS) + header.sectionSize(ListColumn.POINTS)
    assert right <= tree.viewport().width()
    for column in ListColumn:
        assert header.sectionSize(column) >= 30, column
    # the fireteam badges have room beside the names
    delegate = tree.itemDelegateForColumn(ListColumn.NAME)
    assert isinstance(delegate, TeamBadgeDelegate)
    model = window.editor.model
    members = [model.trooper_index(u) for u in window.document.uids_in_order()
               if model.trooper_index(u).data(ListRole.FIRETEAM)]
    assert members
    for index in members:
        assert delegate.reserved_width(index) + 60 <= header.sectionSize(ListColumn.NAME)
    # every option text is shown whole (wrapped rows grow to fit it)
    for uid in window.document.uids_in_order():
        index = model.trooper_index(uid, ListColumn.OPTION)
        text = index.data()
        rect = tree.visualRect(index)
        needed = QFontMetrics(tree.font()).boundingRect(QRect(0, 0, rect.width() - 12, 10_000),
                                                        int(Qt.TextFlag.TextWordWrap), text)
        assert rect.height() >= needed.height(), text


def assert_card_fits(window: MainWindow) -> None:
    card = window.card
    for table in (card.stats, card.options):
        header = table.horizontalHeader()
        assert header.length() <= table.viewport().width() + 1
        assert not table.horizontalScrollBar().isVisible()
    stats = card.stats
    name = stats.model().index(0, 0).data()
    rect = stats.visualRect(stats.model().index(0, 0))
    assert QFontMetrics(stats.font()).boundingRect(QRect(0, 0, rect.width() - 8, 10_000),
                                                    int(Qt.TextFlag.TextWordWrap), name).height() <= rect.height()


def assert_problems_wrap(window: MainWindow) -> None:
    view = window.problems.view
    model = view.model()
    assert model.rowCount() >= 2
    metrics = QFontMetrics(view.font())
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        rect = view.visualRect(index)
        needed = metrics.boundingRect(QRect(0, 0, rect.width() - 16 - 18, 10_000), int(Qt.TextFlag.TextWordWrap),
                                      index.data())
        assert rect.height() >= needed.height(), index.data()


def assert_jotum_card_and_problems_fit(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The Jotum's profile card and the problems panel fit the window."""
    jotum = window.browser.entry_for(window.document.army.unit_by_slug("jotums").id)
    window.card.show_unit(jotum)
    settle(qtbot)
    assert_card_fits(window)
    assert_problems_wrap(window)


def test_a_1024_by_700_window_is_usable(qtbot, app_settings) -> None:  # type: ignore[no-untyped-def]
    window = open_blizzard(qtbot, app_settings, (1024, 700))
    assert window.minimumSizeHint().width() <= 1024 and window.minimumSizeHint().height() <= 700
    assert window.width() == 1024
    columns = window.columns
    assert columns.compact  # the browser over the card, the list in its own column
    assert window.editor.width() >= 400
    assert window.browser.width() >= 400 and window.card.width() >= 400
    assert_list_whole(window)
    assert_jotum_card_and_problems_fit(qtbot, window)


def test_the_wide_window_has_three_columns(qtbot, app_settings) -> None:  # type: ignore[no-untyped-def]
    window = open_blizzard(qtbot, app_settings, (1440, 900))
    assert not window.columns.compact
    sizes = window.columns.splitter.sizes()
    assert len(sizes) == 3 and sizes[2] == max(sizes)  # the list is the widest column
    assert_list_whole(window)
    assert_jotum_card_and_problems_fit(qtbot, window)
    window.resize(1024, 700)  # and back: each arrangement at once
    settle(qtbot)
    assert window.columns.compact
    assert_list_whole(window)


def test_each_arrangement_remembers_its_sizes(qtbot, app_settings) -> None:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    first = make_window(qtbot, catalog, app_settings)
    first.resize(1400, 800)
    first.tasks.wait(first.open_path(BLIZZARD_A))
    settle(qtbot)
    splitter = first.columns.splitter
    splitter.setSizes([300, 500, 580])
    splitter.splitterMoved.emit(300, 1)
    wide = splitter.sizes()
    first.resize(1000, 700)
    settle(qtbot)
    assert first.columns.compact
    splitter.setSizes([600, 380])
    splitter.splitterMoved.emit(600, 1)
    compact = splitter.sizes()
    first.close()
    second = make_window(qtbot, catalog, app_settings)
    second.resize(1000, 700)
    second.tasks.wait(second.open_path(BLIZZARD_A))
    settle(qtbot)
    assert all(abs(a - b) <= 2 for a, b in zip(second.columns.splitter.sizes(), compact, strict=True))
    second.resize(1400, 800)
    settle(qtbot)
    assert all(abs(a - b) <= 2 for a, b in zip(second.columns.splitter.sizes(), wide, strict=True))
