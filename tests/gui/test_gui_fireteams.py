"""The fireteam editor, chart view and finder, driven through the window's own actions and dialogs
on the bundled Svalarheima list (Blizzard-6 CBL, version A: four Fusiliers, a Core granted), and on
the imported official Svalarheima when ../shared is present."""

from __future__ import annotations

from pathlib import Path

import pytest
from guihelpers import BLIZZARD_A, make_window, without_fireteams
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from armybuilder.data.catalog import Catalog
from armybuilder.domain.values import FireteamType
from armybuilder.gui.fireteams.dialog import FireteamDialog
from armybuilder.gui.fireteams.models import ChartColumn, FinderRole, TeamColumn
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.roster import Role as ListRole
from armybuilder.i18n import set_language
from armybuilder.paths import bundled_profiles_dir


@pytest.fixture
def bundled() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


@pytest.fixture
def svalarheima(qtbot, bundled: Catalog, app_settings, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    """The window with the Blizzard-6 (A) list open (read through the window's own open path),
    its fireteams not declared yet."""
    window = make_window(qtbot, bundled, app_settings)
    window.tasks.wait(window.open_path(without_fireteams(BLIZZARD_A, tmp_path)))
    assert window.document.army_list is not None and window.document.report is not None
    assert window.document.report.legal and window.document.army_list.fireteams == ()
    return window


def fusiliers(window: MainWindow) -> list[str]:
    doc = window.document
    return [u for u in doc.uids_in_order() if doc.resolved(u).unit.slug == "fusiliers"]


def open_form_dialog(qtbot, window: MainWindow, uids: list[str]) -> FireteamDialog:  # type: ignore[no-untyped-def]
    window.editor.select_troopers(uids)
    assert window.fireteams.actions.form.isEnabled()
    window.fireteams.actions.form.trigger()
    dialog = window.fireteams.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def click_ok(qtbot, dialog: FireteamDialog) -> None:  # type: ignore[no-untyped-def]
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)


def test_form_a_core_fireteam_and_see_its_level_and_bonuses(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = svalarheima
    uids = fusiliers(window)
    assert len(uids) == 4
    dialog = open_form_dialog(qtbot, window, uids)

    # only what the chart and the selection make possible can be chosen; the rest says why not
    choices = {(c.team.name, c.type): c for c in dialog.choice_rows()}
    core = choices[("Fusiliers", FireteamType.CORE)]
    assert core.possible and core.assessment.level == 4
    nisses = choices[("Svalarheima Nisses", FireteamType.HARIS)]
    assert not nisses.possible and "cannot join Svalarheima Nisses" in nisses.reason
    rows = dialog.choices_model
    texts = {rows.item(r, 0).text(): rows.item(r, 1).text() for r in range(rows.rowCount())}
    assert texts["Fusiliers (Core)"] == "✔ Yes: level 4"
    assert texts["Svalarheima Nisses (Haris)"].startswith("✖ No: Fusiliers ×4 cannot join")  # one reason, all named
    impossible = next(r for r in range(rows.rowCount()) if rows.item(r, 0).text() == "Order Sergeants (Haris)")
    assert not rows.item(impossible, 0).isEnabled() and not rows.item(impossible, 0).isSelectable()
    assert dialog.selected_choice() is core
    assert "Level 4: 4 of 4 count as Fusiliers" in dialog.preview.text()
    assert "+1 BS" in dialog.preview.text()
    click_ok(qtbot, dialog)

    army_list = window.document.army_list
    assert army_list is not None and len(army_list.fireteams) == 1
    team = army_list.fireteams[0]
    assert (team.type, team.team, set(team.members)) == (FireteamType.CORE, "Fusiliers", set(uids))
    assert window.document.undo_stack.undoText() == "Form Fusiliers (Core) with 4 troopers"
    assert window.document.report is not None and window.document.report.legal

    # the Fireteams tab shows it: level, bonuses, explanation
    panel = window.fireteams.panel
    assert window.fireteams.tabs.currentWidget() is panel
    top = panel.model.index(0, TeamColumn.LEVEL)
    assert top.data() == "Level 4"
    assert panel.model.index(0, TeamColumn.DETAIL).data() == "✔ Legal"
    assert panel.model.rowCount(panel.model.index(0, 0)) == 4
    details = panel.details.toPlainText()
    assert "Level 4: 4 of 4 count as Fusiliers (4 Fusiliers); a fifth would give Sixth Sense." in details
    for bonus in ("BS Attack (+1 SD)", "+3 Discover and +1 Dodge", "+1 BS"):
        assert bonus in details
    assert window.fireteams.tabs.tabText(1) == "Fireteams (1)"

    # the list editor groups the team's troopers: a badge in the team's colour on each of them
    model = window.editor.model
    badges = {u: model.trooper_index(u).data(ListRole.FIRETEAM) for u in window.document.uids_in_order()}
    assert {u for u, b in badges.items() if b} == set(uids)
    assert all(badges[u] == badges[uids[0]] and badges[u][1] == "CORE" and badges[u][2] for u in uids)
    assert "Fireteam: Fusiliers (Core)" in model.trooper_index(uids[0]).data(Qt.ItemDataRole.ToolTipRole)

    # one undoable edit
    window.action_set.undo.trigger()
    assert window.document.army_list.fireteams == ()
    assert not any(model.trooper_index(u).data(ListRole.FIRETEAM) for u in uids)
    window.action_set.redo.trigger()
    assert window.document.army_list.fireteams == (team,)


def test_a_selection_that_forms_nothing_says_why(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = svalarheima
    doc = window.document
    jotum = next(u for u in doc.uids_in_order() if doc.resolved(u).unit.slug == "jotums")
    dialog = open_form_dialog(qtbot, window, [jotum])
    assert all(not c.possible for c in dialog.choice_rows())
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert "cannot form any team" in dialog.preview.text()
    reasons = {c.label: c.reason for c in dialog.choice_rows()}
    assert reasons.keys() == {"Svalarheima Nisses (Haris)", "Fusiliers (Core)", "Order Sergeants (Haris)"}
    assert all("Jotums, Svalarheima Mechanized Cuirassiers cannot join" in r for r in reasons.values()), reasons
    dialog.reject()
    assert doc.army_list.fireteams == ()
    assert doc.undo_stack.count() == 0


def test_edit_members_and_dissolve(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = svalarheima
    uids = fusiliers(window)
    click_ok(qtbot, open_form_dialog(qtbot, window, uids))
    feature = window.fireteams
    assert feature.actions.edit.isEnabled() and feature.actions.dissolve.isEnabled()

    feature.actions.edit.trigger()
    dialog = feature.dialog
    assert dialog is not None and dialog.editing is not None
    assert set(dialog.member_uids()) == set(uids)
    dialog.set_member(uids[-1], False)
    assert dialog.selected_choice() is not None and dialog.selected_choice().assessment.level == 3
    click_ok(qtbot, dialog)
    team = window.document.army_list.fireteams[0]
    assert team.members == tuple(uids[:3])
    assert window.document.undo_stack.undoText().startswith("Take Fusiliers")
    assert window.document.undo_stack.undoText().endswith("out of Fusiliers (Core)")
    assert feature.panel.model.index(0, TeamColumn.LEVEL).data() == "Level 3"

    # taking a trooper out from the list editor, then dissolving
    window.editor.select_troopers([uids[0]])
    feature.actions.leave.trigger()
    assert window.document.army_list.fireteams[0].members == tuple(uids[1:3])
    feature.panel.select_team(team.uid)
    feature.actions.dissolve.trigger()
    assert window.document.army_list.fireteams == ()
    assert window.document.undo_stack.undoText() == "Dissolve Fusiliers (Core)"
    window.action_set.undo.trigger()
    assert len(window.document.army_list.fireteams) == 1


def test_finder_suggestion_applied_and_undone(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = svalarheima
    uids = fusiliers(window)
    dialog = open_form_dialog(qtbot, window, uids)
    dialog.set_member(uids[-1], False)  # a Core of three: the fourth Fusilier is left out
    click_ok(qtbot, dialog)
    before = window.document.army_list
    count = window.document.undo_stack.count()

    feature = window.fireteams
    feature.show_finder.trigger()
    finder = feature.finder
    assert feature.tabs.currentWidget() is finder
    model = finder.model
    changes = model.index(0, 0)
    assert changes.data(FinderRole.KIND) == "changes"
    suggestion_index = model.index(0, 0, changes)
    suggestion = model.item(suggestion_index)
    assert suggestion is not None and suggestion.level_before == 3 and suggestion.level_after == 4
    assert suggestion_index.data().startswith("Add Fusiliers")
    assert "goes from level 3 to level 4" in suggestion_index.data()
    assert not feature.actions.apply.isEnabled()
    finder.tree.setCurrentIndex(suggestion_index)
    assert feature.actions.apply.isEnabled()
    feature.actions.apply.trigger()

    after = window.document.army_list
    assert set(after.fireteams[0].members) == set(uids)
    assert window.document.undo_stack.count() == count + 1  # one edit
    assert feature.tabs.currentWidget() is feature.panel
    assert feature.panel.model.index(0, TeamColumn.LEVEL).data() == "Level 4"
    window.action_set.undo.trigger()
    assert window.document.army_list == before
    window.action_set.redo.trigger()
    assert window.document.army_list == after


def test_finder_declares_a_team_it_found(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = svalarheima
    feature = window.fireteams
    feature.show_finder.trigger()
    model = feature.finder.model
    possible = model.index(1, 0)
    found = {model.index(r, 0, possible).data(): model.index(r, 0, possible) for r in range(model.rowCount(possible))}
    nisses = next(i for text, i in found.items() if text.startswith("Svalarheima Nisses (Haris) in Combat Group 1"))
    feature.finder.tree.setCurrentIndex(nisses)
    qtbot.keyClick(feature.finder.tree, Qt.Key.Key_Return)
    teams = window.document.army_list.fireteams
    assert len(teams) == 1 and teams[0].type is FireteamType.HARIS and len(teams[0].members) == 3
    assert window.document.undo_stack.undoText() == "Form Svalarheima Nisses (Haris) with 3 troopers"
    assert window.document.report.legal
    window.action_set.undo.trigger()
    assert window.document.army_list.fireteams == ()


def test_chart_view_reachable_from_the_menu(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = svalarheima
    assert window.fireteams.actions.chart in window.view_menu.actions()
    window.fireteams.actions.chart.trigger()
    dialog = window.fireteams.chart_dialog
    assert dialog is not None and dialog.isVisible()
    table = dialog.tables[0]
    model = table.model
    names = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert names == ["Svalarheima Nisses", "Fusiliers", "Order Sergeants"]
    fusiliers_row = names.index("Fusiliers")
    assert model.index(fusiliers_row, ChartColumn.TYPES).data() == "Core"
    line = model.index(0, ChartColumn.NAME, model.index(fusiliers_row, 0))
    assert line.data() == "Fusiliers"
    assert (line.siblingAtColumn(ChartColumn.MIN).data(), line.siblingAtColumn(ChartColumn.MAX).data()) == ("1", "5")
    facts = table.facts.text()
    assert "Core: 1 · Haris: 1 · Duo: none" in facts
    assert "Core: 2–5 members" in facts
    dialog.close()


def test_spanish_fireteam_texts(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window = svalarheima
    click_ok(qtbot, open_form_dialog(qtbot, window, fusiliers(window)))
    set_language("es")
    try:
        window.retranslate()
        feature = window.fireteams
        assert feature.tabs.tabText(1) == "Fireteams (1)"
        assert feature.actions.form.text() == "For&mar Fireteam…"
        assert feature.panel.model.index(0, TeamColumn.LEVEL).data() == "Nivel 4"
        assert "Nivel 4: 4 de 4 cuentan como Fusiliers" in feature.panel.details.toPlainText()
        assert "Bonificaciones:" in feature.panel.details.toPlainText()
    finally:
        set_language("en")
        window.retranslate()


def test_core_in_the_official_svalarheima_list(qtbot, imported_data, app_settings) -> None:  # type: ignore[no-untyped-def]
    """N5 with the imported official data: four Fusiliers and Kyle Hawkins "(Fusiliers)" make a level-5 Core."""
    from armybuilder.data.cache import attach_imported

    catalog = Catalog.from_paths([bundled_profiles_dir()])
    attach_imported(catalog, imported_data.data_dir)
    window = make_window(qtbot, catalog, app_settings)
    picker = window.start_page.picker
    picker.tree.activated.emit(picker.index_of("Svalarheima's Winter Force", "imported"))
    window.tasks.wait()
    army = window.document.army
    assert army is not None and army.origin == "imported"
    fusilier = army.unit_by_slug("fusiliers")
    hawkins = army.unit_by_slug("knight-hospitaller-kyle-hawkins")
    assert fusilier is not None and hawkins is not None
    tree = window.browser.tree
    for unit in (fusilier, fusilier, fusilier, fusilier, hawkins):
        group, option = next(unit.selectable_options())
        tree.setCurrentIndex(window.browser.option_index(unit.id, group.id if group else 0, option.id))
        tree.setFocus()
        qtbot.keyClick(tree, Qt.Key.Key_Return)
    uids = window.document.uids_in_order()
    assert len(uids) == 5
    dialog = open_form_dialog(qtbot, window, uids)
    choice = dialog.selected_choice()
    assert choice is not None and choice.label == "Fusiliers Fireteam (Core)" and choice.assessment.level == 5
    click_ok(qtbot, dialog)
    panel = window.fireteams.panel
    assert panel.model.index(0, TeamColumn.LEVEL).data() == "Level 5"
    details = panel.details.toPlainText()
    assert "Level 5: 5 of 5 count as Fusiliers" in details and "Kyle Hawkins as (Fusiliers)" in details
    assert "Sixth Sense" in details
    hawkins_row = panel.model.index(4, TeamColumn.DETAIL, panel.model.index(0, 0))
    assert hawkins_row.data() == "as (Fusiliers)"


def test_the_example_s_declared_teams_are_shown(qtbot, bundled: Catalog, app_settings) -> None:  # type: ignore[no-untyped-def]
    """The example as shipped declares the Haris and the Core the CBL grants: both appear, legal."""
    window = make_window(qtbot, bundled, app_settings)
    window.tasks.wait(window.open_path(BLIZZARD_A))
    feature = window.fireteams
    feature.show_teams.trigger()
    model = feature.panel.model
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == [
        "Svalarheima Nisses (Haris) · Combat Group 1", "Fusiliers (Core) · Combat Group 1"]
    assert [model.index(r, TeamColumn.LEVEL).data() for r in range(2)] == ["Level 3", "Level 4"]
    assert all(model.index(r, TeamColumn.DETAIL).data() == "✔ Legal" for r in range(2))
    badges = {window.editor.model.trooper_index(u).data(ListRole.FIRETEAM) for u in window.document.uids_in_order()}
    assert len({b[0] for b in badges if b}) == 2  # one colour per team


def test_the_names_are_drawn_with_badges_while_the_list_has_a_fireteam(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Without a fireteam the names are drawn by the tree's own delegate (Qt's, in C++), which draws them as the
    badge delegate does; forming a team brings the badges; once it is undone they go with the next edit that
    inserts or removes rows (the tree lays its rows out again then anyway)."""
    from armybuilder.gui.fireteams.badge import TeamBadgeDelegate
    from armybuilder.gui.models.roster import Column

    window = svalarheima
    tree = window.editor.tree
    plain = tree.itemDelegate()
    window.resize(1440, 900)
    qtbot.wait(10)

    def drawn_alike() -> bool:  # the rows drawn with the delegate shown and with the other: the same pixels
        shown = tree.itemDelegateForColumn(Column.NAME)
        before = tree.viewport().grab().toImage()
        tree.setItemDelegateForColumn(Column.NAME, plain if shown is window.editor.badges else window.editor.badges)
        qtbot.wait(10)
        other = tree.viewport().grab().toImage()
        tree.setItemDelegateForColumn(Column.NAME, shown)
        qtbot.wait(10)
        return before == other and len({before.pixel(x, 12) for x in range(0, before.width(), 2)}) > 2

    assert tree.itemDelegateForColumn(Column.NAME) is plain
    assert drawn_alike()
    dialog = open_form_dialog(qtbot, window, fusiliers(window))
    click_ok(qtbot, dialog)
    assert isinstance(tree.itemDelegateForColumn(Column.NAME), TeamBadgeDelegate)
    assert not drawn_alike()  # the team's bar and badges
    window.action_set.undo.trigger()
    assert tree.itemDelegateForColumn(Column.NAME) is window.editor.badges  # no row came or went
    assert drawn_alike()
    window.action_set.redo.trigger()
    assert tree.itemDelegateForColumn(Column.NAME) is window.editor.badges
    window.action_set.undo.trigger()
    doc = window.document
    trooper = doc.army_list.trooper(fusiliers(window)[0])
    doc.add_trooper(trooper.unit, trooper.group, trooper.option)
    assert tree.itemDelegateForColumn(Column.NAME) is plain
    window.action_set.undo.trigger()
    assert tree.itemDelegateForColumn(Column.NAME) is plain
    assert drawn_alike()


def test_forming_the_first_fireteam_paints_the_list_once(qtbot, svalarheima: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """The badge delegate the first team brings lays the rows out at once: the list is painted once for the edit
    (Qt lays a tree out again on a timer after a delegate change, after the window has repainted: twice)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from armybuilder.gui.fireteams.badge import TeamBadgeDelegate
    from armybuilder.gui.models.roster import Column

    window = svalarheima
    tree = window.editor.tree
    window.resize(1440, 900)
    qtbot.wait(10)
    dialog = open_form_dialog(qtbot, window, fusiliers(window))
    for _ in range(5):
        QApplication.processEvents()
    paints: list[QEvent.Type] = []

    class Count(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                paints.append(event.type())
            return False

    team = dialog.fireteam
    assert team is not None
    dialog.reject()
    for _ in range(5):
        QApplication.processEvents()
    counter = Count()
    tree.viewport().installEventFilter(counter)
    try:
        window.fireteams.edits.form(team)  # as the dialog's OK does
        for _ in range(10):
            QApplication.processEvents()
    finally:
        tree.viewport().removeEventFilter(counter)
    assert isinstance(tree.itemDelegateForColumn(Column.NAME), TeamBadgeDelegate)
    assert len(paints) == 1
