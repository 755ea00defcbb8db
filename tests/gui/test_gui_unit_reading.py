"""Reading units and troopers on real armies (the official data in ../shared), through the widgets: the
card's weapons for the option highlighted, a weapon's profile over its name in the list, peripherals
named as the data names their profile, history entries that tell options apart, distances in the units
chosen, and mercenary troopers marked in the list (#16)."""

from __future__ import annotations

import pytest
from guihelpers import start_official
from PySide6.QtCore import QModelIndex, Qt

from armybuilder.domain.profiles import Unit
from armybuilder.gui import icons
from armybuilder.gui.mainwindow import MainWindow
from armybuilder.gui.models.roster import Column

pytestmark = pytest.mark.shared


@pytest.fixture
def window(official_window: MainWindow) -> MainWindow:
    return official_window


def unit_row(window: MainWindow, unit: Unit) -> QModelIndex:
    proxy = window.browser.proxy
    for row in range(proxy.rowCount()):
        index = proxy.index(row, 0)
        if index.data() == window.browser.entry_for(unit.id).unit.name:
            return index
    raise AssertionError(unit.name)


def add_by_keyboard(qtbot, window: MainWindow, unit: Unit, pick: int) -> None:  # type: ignore[no-untyped-def]
    """Select the unit's `pick`th option in the browser and press Enter, as a player adds one."""
    tree = window.browser.tree
    parent = unit_row(window, unit)
    tree.expand(parent)
    option = window.browser.proxy.index(pick, 0, parent)
    tree.setCurrentIndex(option)
    tree.setFocus()
    before = window.document.army_list.trooper_count if window.document.army_list else 0
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.document.army_list is not None
                    and window.document.army_list.trooper_count == before + 1, timeout=5000)


def list_rows(window: MainWindow) -> list[QModelIndex]:
    model = window.editor.model
    rows = []

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            rows.append(index)
            walk(index)
    walk(QModelIndex())
    return rows


def test_the_card_shows_the_weapons_of_the_option_highlighted(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    army = start_official(qtbot, window, "Svalarheima's Winter Force")
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    tree = window.browser.tree
    row = unit_row(window, fusiliers)
    tips = [window.browser.tooltip(window.browser.proxy.index(r, 0, row))
            for r in range(window.browser.proxy.rowCount(row))]
    assert any("<b>Heavy Machine Gun</b>" in t and "<td" in t for t in tips)  # hovered in the browser too
    tree.setCurrentIndex(row)  # a click on the unit shows its card
    qtbot.waitUntil(lambda: window.card.unit is not None and window.card.unit.id == fusiliers.id, timeout=3000)
    card = window.card
    hmg = next(r for r in range(card.options_model.rowCount())
               if "Heavy Machine Gun" in str(card.options_model.index(r, 0).data()))
    card.options.setCurrentIndex(card.options_model.index(hmg, 0))
    qtbot.waitUntil(lambda: "Heavy Machine Gun" in card.weapons_title.text(), timeout=3000)
    rows = [[card.weapons_model.index(r, c).data() for c in range(card.weapons_model.columnCount())]
            for r in range(card.weapons_model.rowCount())]
    line = next(r for r in rows if r[0] == "Heavy Machine Gun")
    headers = [card.weapons_model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(line))]
    ps = headers.index("PS")
    assert all(h.endswith('"') for h in headers[1:ps]) and "+3" in line[1:ps] and "-3" in line[1:ps]  # range bands
    assert (line[ps], line[ps + 1], headers[ps + 1]) == ("5", "4", "B")
    assert any(r[0] == "Traits: Suppressive Fire" for r in rows)
    best = line.index("+3")
    assert card.weapons_model.index(rows.index(line), best).data(Qt.ItemDataRole.BackgroundRole) is not None
    window.action_set.distances_cm.trigger()  # View ▸ Distances in centimetres: the bands and items follow
    headers = [card.weapons_model.headerData(c, Qt.Orientation.Horizontal) for c in range(ps)]
    assert not any(h.endswith('"') for h in headers[1:]) and all(h[0].isdigit() for h in headers[1:]), headers
    nokken = army.unit_by_slug("nokken")
    assert nokken is not None
    tree.setCurrentIndex(unit_row(window, nokken))
    qtbot.waitUntil(lambda: window.card.unit is not None and window.card.unit.id == nokken.id, timeout=3000)
    assert "Forward Deployment (+20 cm)" in card.details.text()
    window.action_set.distances_cm.trigger()
    assert 'Forward Deployment (+8&quot;)' in card.details.text() or 'Forward Deployment (+8")' in card.details.text()


def test_the_list_names_peripherals_and_shows_weapon_profiles(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    army = start_official(qtbot, window, "PanOceania")
    peacemakers = army.unit_by_slug("armbots-peacemakers")  # its peripheral's profile is AUXBOT_3 in the data
    assert peacemakers is not None
    add_by_keyboard(qtbot, window, peacemakers, 0)
    names = [i.data() for i in list_rows(window)]
    assert "AUXBOT" in names and not any("_" in str(n) for n in names), names
    trooper = next(i for i in list_rows(window) if i.data() == "PEACEMAKER ARMBOTS")
    tip = str(trooper.siblingAtColumn(Column.OPTION).data(Qt.ItemDataRole.ToolTipRole))
    assert "<b>Heavy Shotgun</b>" in tip and "+6" in tip  # its range bands, hovered over the loadout


def test_history_tells_options_of_one_loadout_apart(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    army = start_official(qtbot, window, "PanOceania")
    machinists = army.unit_by_slug("machinists")
    assert machinists is not None
    add_by_keyboard(qtbot, window, machinists, 0)
    army_list = window.document.army_list
    assert army_list is not None
    uid = army_list.groups[0].troopers[0].uid
    for group, option in list(machinists.selectable_options())[1:3]:  # the same weapons, another option
        window.document.change_option(uid, group.id if group else 0, option.id)
    stack = window.document.undo_stack
    changes = [stack.text(i) for i in range(stack.count()) if stack.text(i).startswith("Change")]
    assert len(changes) == 2
    for text in changes:
        before, _, after = text.removeprefix("Change ").partition(" to ")
        assert before != after and after, text


def test_mercenary_troopers_are_marked_in_the_list(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    army = start_official(qtbot, window, "PanOceania")
    window.document.set_rules_pack("its-s17")
    window.document.set_extra("soldiers-of-fortune", True)
    mercenary = next(u for u in army.units if u.mercenary and any(True for _ in u.selectable_options()))
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    add_by_keyboard(qtbot, window, fusiliers, 0)
    add_by_keyboard(qtbot, window, mercenary, 0)
    rows = {i.data(): i for i in list_rows(window) if i.parent().isValid()}
    merc = next(i for name, i in rows.items() if name != "FUSILIERS")
    own = rows["FUSILIERS"]
    marks = [merc.siblingAtColumn(c).data(Qt.ItemDataRole.DecorationRole) for c in (Column.NAME, Column.OPTION)]
    assert any(m is not None for m in marks)
    assert own.data(Qt.ItemDataRole.DecorationRole) is None
    assert merc.data(Qt.ItemDataRole.FontRole).italic() and own.data(Qt.ItemDataRole.FontRole) is None
    assert merc.data(Qt.ItemDataRole.ForegroundRole).color() == icons.MERCENARY_COLOR
    assert "Mercenary" in str(merc.data(Qt.ItemDataRole.ToolTipRole))
    assert "Mercenary" not in str(own.data(Qt.ItemDataRole.ToolTipRole))


def test_fireteam_members_are_told_apart_and_show_their_weapons(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.domain.lists import Fireteam
    from armybuilder.domain.values import FireteamType

    army = start_official(qtbot, window, "Svalarheima's Winter Force")
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None
    for pick in (0, 0, 1):  # two alike, one with a Heavy Machine Gun
        add_by_keyboard(qtbot, window, fusiliers, pick)
    army_list = window.document.army_list
    assert army_list is not None
    members = tuple(t.uid for t in army_list.groups[0].troopers)
    window.fireteams.edits.form(Fireteam(uid="f1", type=FireteamType.HARIS, team="FUSILIERS", members=members))
    panel = window.fireteams.panel
    window.fireteams.tabs.setCurrentWidget(panel)  # the Fireteams tab, as a player opens it
    model = panel.model
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=3000)
    team = model.index(0, 0)
    names = [model.index(r, 0, team).data() for r in range(model.rowCount(team))]
    assert len(names) == 3 and len(set(names)) == 2 and any("Heavy Machine Gun" in n for n in names), names
    tip = str(model.index(2, 0, team).data(Qt.ItemDataRole.ToolTipRole))
    assert "<b>Heavy Machine Gun</b>" in tip
