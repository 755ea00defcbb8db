"""Every action of the main window in one collection; their texts are set in `retranslate()` so the
language can change while the app runs."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget

from armybuilder.i18n import tr

Key = QKeySequence.StandardKey


class Actions(QObject):
    """The main window's actions (menus, toolbar, context menus and shortcuts share them)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        style = parent.style()

        def make(name: str, *shortcuts: QKeySequence | Key | str, icon: QStyle.StandardPixmap | None = None,
                 checkable: bool = False) -> QAction:
            action = QAction(parent)
            action.setObjectName(name)
            if shortcuts:
                action.setShortcuts([s if isinstance(s, QKeySequence) else QKeySequence(s) for s in shortcuts])
            if icon is not None:
                action.setIcon(style.standardIcon(icon))
            action.setCheckable(checkable)
            return action

        sp = QStyle.StandardPixmap
        # File
        self.new_list = make("new_list", Key.New, icon=sp.SP_FileIcon)
        self.open_list = make("open_list", Key.Open, icon=sp.SP_DialogOpenButton)
        self.save = make("save", Key.Save, icon=sp.SP_DialogSaveButton)
        self.save_as = make("save_as", Key.SaveAs)
        self.close_list = make("close_list", Key.Close)
        self.paste_code = make("paste_code", QKeySequence("Ctrl+Shift+V"), icon=sp.SP_DialogOpenButton)
        self.copy_code = make("copy_code", QKeySequence("Ctrl+Shift+C"))
        self.clear_recent = make("clear_recent")
        self.import_data = make("import_data")
        self.quit = make("quit", Key.Quit)
        # Edit
        self.undo = make("undo", Key.Undo, icon=sp.SP_ArrowBack)
        self.redo = make("redo", QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"), icon=sp.SP_ArrowForward)
        self.add_trooper = make("add_trooper", QKeySequence("Ctrl+Return"))
        self.remove_trooper = make("remove_trooper", Key.Delete, icon=sp.SP_TrashIcon)
        self.duplicate_trooper = make("duplicate_trooper", QKeySequence("Ctrl+D"))
        self.move_up = make("move_up", QKeySequence("Alt+Up"), icon=sp.SP_ArrowUp)
        self.move_down = make("move_down", QKeySequence("Alt+Down"), icon=sp.SP_ArrowDown)
        self.change_option = make("change_option", QKeySequence("F2"))
        self.new_group = make("new_group", QKeySequence("Ctrl+G"))
        self.new_reinforcement_group = make("new_reinforcement_group")
        self.edit_notes = make("edit_notes")
        self.remove_group = make("remove_group")
        self.change_army = make("change_army")
        self.find_unit = make("find_unit", Key.Find)
        self.preferences = make("preferences", QKeySequence("Ctrl+,"))  # Cmd+, on macOS
        # View
        self.distances_cm = make("distances_cm", checkable=True)
        self.show_history = make("show_history", QKeySequence("Ctrl+H"), checkable=True)
        self.show_problems = make("show_problems", QKeySequence("Ctrl+Shift+P"))

        # Shortcuts that edit the selected troopers only act while the list editor has focus,
        # so Delete and Alt+arrows keep their meaning in text fields.
        for action in (self.remove_trooper, self.duplicate_trooper, self.move_up, self.move_down,
                       self.change_option):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.add_trooper.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.preferences.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.retranslate()

    def all(self) -> list[QAction]:
        return [a for a in vars(self).values() if isinstance(a, QAction)]

    def retranslate(self) -> None:
        texts = {
            self.new_list: (tr("&New list…"), tr("Start a new list: choose its army")),
            self.open_list: (tr("&Open…"), tr("Open a list file")),
            self.save: (tr("&Save"), tr("Save the list")),
            self.save_as: (tr("Save &As…"), tr("Save the list to another file")),
            self.close_list: (tr("&Close list"), tr("Close the list and go back to the army picker")),
            self.paste_code: (tr("Open army co&de from clipboard"),
                              tr("Open the list of an army code copied from the official builder")),
            self.copy_code: (tr("Cop&y army code"), tr("Copy the list's army code, to paste in the official builder")),
            self.clear_recent: (tr("Clear recent files"), ""),
            self.import_data: (tr("&Import Infinity Army data…"),
                               tr("Import the official army data from a folder or the web, to build with every army")),
            self.preferences: (tr("Pr&eferences…"),
                               tr("Language, distance units, paper size and the rules of new lists")),
            self.quit: (tr("&Quit"), tr("Quit the army builder")),
            self.undo: (tr("&Undo"), tr("Undo the last edit")),
            self.redo: (tr("&Redo"), tr("Redo the edit you undid")),
            self.add_trooper: (tr("&Add to list"), tr("Add the selected option to the list")),
            self.remove_trooper: (tr("Remo&ve trooper"), tr("Remove the selected troopers")),
            self.duplicate_trooper: (tr("Dup&licate trooper"), tr("Add a copy of the selected troopers")),
            self.move_up: (tr("Move u&p"), tr("Move the trooper up; at the top of a group, into the previous group")),
            self.move_down: (tr("Move &down"),
                             tr("Move the trooper down; at the bottom of a group, into the next group")),
            self.change_option: (tr("Change &option…"), tr("Pick another option for the selected trooper")),
            self.new_group: (tr("New combat &group"), tr("Add an empty combat group")),
            self.new_reinforcement_group: (tr("Ne&w Reinforcements group"),
                                           tr("Add an empty group to the list's Reinforcements section")),
            self.edit_notes: (tr("List &notes…"), tr("Write notes kept with the list (never on the courtesy list)")),
            self.remove_group: (tr("Remove empty &combat group"), tr("Remove the selected combat group")),
            self.change_army: (tr("Change ar&my…"), tr("Build this list with another army or sectorial")),
            self.find_unit: (tr("&Find unit"), tr("Search the army's units by name, skill or weapon")),
            self.distances_cm: (tr("Distances in &centimetres"), tr("Show MOV in centimetres instead of inches")),
            self.show_history: (tr("Edit &history"), tr("Show the undo history")),
            self.show_problems: (tr("&Problems"), tr("Show the list's problems")),
        }
        short = {self.new_list: tr("New"), self.open_list: tr("Open"), self.save: tr("Save"),
                 self.undo: tr("Undo"), self.redo: tr("Redo"), self.duplicate_trooper: tr("Duplicate"),
                 self.remove_trooper: tr("Remove"), self.move_up: tr("Up"), self.move_down: tr("Down")}
        for action, (text, tip) in texts.items():
            action.setText(text)
            action.setIconText(short.get(action, text.replace("&", "").rstrip("…")))
            action.setStatusTip(tip)
            shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            plain = text.replace("&", "").rstrip("…")
            action.setToolTip(f"{tip or plain} ({shortcut})" if shortcut else (tip or plain))
