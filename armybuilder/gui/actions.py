"""Every action of the main window and its features in one collection, worded by one `retranslate()`
so the language can change while the app runs (as Frescobaldi's action collections do).

`ActionCollection` makes each action with a function that gives its text and status tip in the
current language; the window's own actions are named in `Actions`, a feature's in its own small
class, all made through the window's one collection (features get it from their host).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget

from armybuilder.i18n import tr

Key = QKeySequence.StandardKey
Texts = Callable[[], tuple[str, str]]
"""(menu text with its &-access key, status tip) in the current language."""


@dataclass(frozen=True)
class _Entry:
    action: QAction
    texts: Texts
    short: Callable[[], str] | None


class ActionCollection(QObject):
    """The window's actions (menus, toolbar, context menus and shortcuts share them), by name."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._parent = parent
        self._entries: dict[str, _Entry] = {}

    def add(self, name: str, *shortcuts: QKeySequence | Key | str, texts: Texts,
            icon: QStyle.StandardPixmap | None = None, checkable: bool = False,
            short: Callable[[], str] | None = None) -> QAction:
        """A new action named `name` (its object name), worded by `texts` now and after every switch of
        language; `short` is its toolbar text (default: the menu text without & and …)."""
        if name in self._entries:
            raise ValueError(f"an action named {name!r} exists already")
        action = QAction(self._parent)
        action.setObjectName(name)
        if shortcuts:
            action.setShortcuts([s if isinstance(s, QKeySequence) else QKeySequence(s) for s in shortcuts])
        if icon is not None:
            action.setIcon(self._parent.style().standardIcon(icon))
        action.setCheckable(checkable)
        entry = _Entry(action, texts, short)
        self._entries[name] = entry
        self._word(entry)
        return action

    def __getitem__(self, name: str) -> QAction:
        return self._entries[name].action

    def all(self) -> list[QAction]:
        return [entry.action for entry in self._entries.values()]

    def retranslate(self) -> None:
        """Word every action in the current language."""
        for entry in self._entries.values():
            self._word(entry)

    @staticmethod
    def _word(entry: _Entry) -> None:
        action = entry.action
        text, tip = entry.texts()
        plain = text.replace("&", "").rstrip("…")
        action.setText(text)
        action.setIconText(entry.short() if entry.short is not None else plain)
        action.setStatusTip(tip)
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{tip or plain} ({shortcut})" if shortcut else (tip or plain))


class Actions:
    """The main window's own actions, by attribute, made in its collection."""

    def __init__(self, collection: ActionCollection) -> None:
        add = collection.add
        sp = QStyle.StandardPixmap
        # File
        self.new_list = add("new_list", Key.New, icon=sp.SP_FileIcon,
                            texts=lambda: (tr("&New list…"), tr("Start a new list: choose its army")),
                            short=lambda: tr("New"))
        self.open_list = add("open_list", Key.Open, icon=sp.SP_DialogOpenButton,
                             texts=lambda: (tr("&Open…"), tr("Open a list file")),
                             short=lambda: tr("Open"))
        self.save = add("save", Key.Save, icon=sp.SP_DialogSaveButton,
                        texts=lambda: (tr("&Save"), tr("Save the list")),
                        short=lambda: tr("Save"))
        self.save_as = add("save_as", Key.SaveAs,
                           texts=lambda: (tr("Save &As…"), tr("Save the list to another file")))
        self.close_list = add("close_list", Key.Close,
                              texts=lambda: (tr("&Close list"), tr("Close the list and go back to the army picker")))
        self.paste_code = add("paste_code", QKeySequence("Ctrl+Shift+V"), icon=sp.SP_DialogOpenButton,
                              texts=lambda: (tr("Open army co&de from clipboard"),
                                             tr("Open the list of an army code copied from the official builder")))
        self.copy_code = add("copy_code", QKeySequence("Ctrl+Shift+C"),
                             texts=lambda: (tr("Cop&y army code"),
                                            tr("Copy the list's army code, to paste in the official builder")))
        self.clear_recent = add("clear_recent",
                                texts=lambda: (tr("Clear recent files"), ""))
        self.import_data = add("import_data",
                               texts=lambda: (tr("&Import Infinity Army data…"),
                                              tr("Import the official army data from a folder or the web, to build "
                                                 "with every army")))
        self.quit = add("quit", Key.Quit,
                        texts=lambda: (tr("&Quit"), tr("Quit the army builder")))
        # Edit
        self.undo = add("undo", Key.Undo, icon=sp.SP_ArrowBack,
                        texts=lambda: (tr("&Undo"), tr("Undo the last edit")),
                        short=lambda: tr("Undo"))
        self.redo = add("redo", QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"), icon=sp.SP_ArrowForward,
                        texts=lambda: (tr("&Redo"), tr("Redo the edit you undid")),
                        short=lambda: tr("Redo"))
        self.add_trooper = add("add_trooper", QKeySequence("Ctrl+Return"),
                               texts=lambda: (tr("&Add to list"), tr("Add the selected option to the list")))
        self.remove_trooper = add("remove_trooper", Key.Delete, icon=sp.SP_TrashIcon,
                                  texts=lambda: (tr("Remo&ve trooper"), tr("Remove the selected troopers")),
                                  short=lambda: tr("Remove"))
        self.duplicate_trooper = add("duplicate_trooper", QKeySequence("Ctrl+D"),
                                     texts=lambda: (tr("Dup&licate trooper"),
                                                    tr("Add a copy of the selected troopers")),
                                     short=lambda: tr("Duplicate"))
        self.move_up = add("move_up", QKeySequence("Alt+Up"), icon=sp.SP_ArrowUp,
                           texts=lambda: (tr("Move u&p"),
                                          tr("Move the trooper up; at the top of a group, into the previous group")),
                           short=lambda: tr("Up"))
        self.move_down = add("move_down", QKeySequence("Alt+Down"), icon=sp.SP_ArrowDown,
                             texts=lambda: (tr("Move &down"),
                                            tr("Move the trooper down; at the bottom of a group, into the next group")),
                             short=lambda: tr("Down"))
        self.change_option = add("change_option", QKeySequence("F2"),
                                 texts=lambda: (tr("Change &option…"),
                                                tr("Pick another option for the selected trooper")))
        self.new_group = add("new_group", QKeySequence("Ctrl+G"),
                             texts=lambda: (tr("New combat &group"), tr("Add an empty combat group")))
        self.new_reinforcement_group = add("new_reinforcement_group",
                                           texts=lambda: (tr("Ne&w Reinforcements group"),
                                                          tr("Add an empty group to the list's Reinforcements "
                                                             "section")))
        self.specops = add("specops",
                           texts=lambda: (tr("Spec-Ops &builder…"),
                                          tr("Build a Spec-Ops from the army's table (the Spec-Ops Extra), or change "
                                             "the selected one")))
        self.edit_notes = add("edit_notes",
                              texts=lambda: (tr("List &notes…"),
                                             tr("Write notes kept with the list (never on the courtesy list)")))
        self.remove_group = add("remove_group",
                                texts=lambda: (tr("Remove empty &combat group"),
                                               tr("Remove the selected combat group")))
        self.change_army = add("change_army",
                               texts=lambda: (tr("Change ar&my…"),
                                              tr("Build this list with another army or sectorial")))
        self.find_unit = add("find_unit", Key.Find,
                             texts=lambda: (tr("&Find unit"), tr("Search the army's units by name, skill or weapon")))
        self.preferences = add("preferences", QKeySequence("Ctrl+,"),  # Cmd+, on macOS
                               texts=lambda: (tr("Pr&eferences…"),
                                              tr("Language, distance units, paper size and the rules of new lists")))
        # View
        self.distances_cm = add("distances_cm", checkable=True,
                                texts=lambda: (tr("Distances in &centimetres"),
                                               tr("Show MOV in centimetres instead of inches")))
        self.show_history = add("show_history", QKeySequence("Ctrl+H"), checkable=True,
                                texts=lambda: (tr("Edit &history"), tr("Show the undo history")))
        self.show_problems = add("show_problems", QKeySequence("Ctrl+Shift+P"),
                                 texts=lambda: (tr("&Problems"), tr("Show the list's problems")))
        self.show_card = add("show_card",
                             texts=lambda: (tr("Profile ca&rd"), tr("Show the selected unit's profile card")))

        # Shortcuts that edit the selected troopers only act while the list editor has focus,
        # so Delete and Alt+arrows keep their meaning in text fields.
        for action in (self.remove_trooper, self.duplicate_trooper, self.move_up, self.move_down,
                       self.change_option):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.add_trooper.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.preferences.setMenuRole(QAction.MenuRole.PreferencesRole)

    def all(self) -> list[QAction]:
        return [a for a in vars(self).values() if isinstance(a, QAction)]
