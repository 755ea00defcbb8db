"""The list library feature: the start page's table of the lists in the library's folder (by default
'lists' under the user data folder; File ▸ List library ▸ Change folder… picks another), read again when
the folder changes, with what a player does with lists: open one, open a tournament entry's two lists
side by side, duplicate, rename, tag, make an entry, delete (to the desktop's trash, or to the library's
own deleted folder) and undo a delete. Made with the window's `FeatureHost`; every action is in the File
menu's List library submenu, in the table's context menu and on a button, with a key where it has one.
Lists keep opening, saving and autosaving from anywhere else too: the library only reads its folder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QFile, QFileSystemWatcher, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMenu, QWidget

from armybuilder.data.catalog import Catalog
from armybuilder.gui.host import FeatureHost
from armybuilder.gui.library.panel import LibraryPanel
from armybuilder.i18n import render, tr, trn
from armybuilder.library import folder as library
from armybuilder.library.summary import ListSummary, Scan, entry_problems, scan

RESCAN_DELAY_MS = 400


@dataclass(frozen=True)
class Deleted:
    """A list deleted from the library, and what is needed to put it back."""

    original: Path
    kept: Path
    tags: tuple[str, ...]
    entry: str | None


class LibraryFeature(QObject):
    """The list library, on the start page (see the module's docstring)."""

    def __init__(self, host: FeatureHost, catalog: Catalog) -> None:
        super().__init__(host)
        self.host = host
        self.catalog = catalog
        self.panel = LibraryPanel()
        host.add_start_panel(self.panel)
        self.open_elsewhere: Callable[[Path], object] | None = None
        """Opens a list in another window (the app's windows set it); for an entry's second list."""
        self._known: dict[Path, ListSummary] = {}
        self._scan: Scan | None = None
        self._scanning: int | None = None
        self._again = False
        self._deleted: list[list[Deleted]] = []
        """What each delete took, latest last: Undo delete puts back the latest."""
        self._watcher = QFileSystemWatcher(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RESCAN_DELAY_MS)
        self._make_actions()
        self._connect_signals()
        self.retranslate()
        self._watch()
        self.refresh()

    # ----- set-up ---------------------------------------------------------------------------------
    def _make_actions(self) -> None:
        add = self.host.actions.add
        self.open = add("library_open", texts=lambda: (tr("&Open"), tr("Open the selected list")))
        self.open_entry = add("library_open_entry", texts=lambda: (
            tr("Open the &entry side by side"), tr("Open the two lists of the selected list's tournament entry, "
                                                   "each in a window, side by side")), short=lambda: tr("Side by side"))
        self.duplicate = add("library_duplicate", texts=lambda: (tr("D&uplicate"), tr("Make a copy of the selected "
                                                                                      "lists")))
        self.rename = add("library_rename", QKeySequence("F2"), texts=lambda: (tr("Re&name…"), tr("Rename the "
                                                                                               "selected list")))
        self.tags = add("library_tags", texts=lambda: (tr("&Tags…"), tr("Set the selected lists' tags")))
        self.entry = add("library_entry", texts=lambda: (tr("Make a tournament &entry…"),
                                                        tr("Name the selected lists (one or two) as the lists you "
                                                           "bring to a tournament")), short=lambda: tr("Entry…"))
        self.delete = add("library_delete", QKeySequence(QKeySequence.StandardKey.Delete),
                          texts=lambda: (tr("&Delete"), tr("Move the selected lists to the trash (you can undo it)")))
        self.undo_delete = add("library_undo_delete", texts=lambda: (tr("&Undo delete"), tr("Put back the lists "
                                                                                            "deleted last")))
        self.change_folder = add("library_change_folder", texts=lambda: (tr("Change &folder…"),
                                                                        tr("Keep the library in another folder")))
        self.refresh_action = add("library_refresh", QKeySequence(QKeySequence.StandardKey.Refresh),
                                  texts=lambda: (tr("&Refresh"), tr("Read the library's folder again")))
        self.focus_action = add("library_focus", QKeySequence("Ctrl+L"),
                                texts=lambda: (tr("&List library"), tr("Show your lists (the start page's library)")))
        for action in (self.open, self.rename, self.delete, self.duplicate, self.refresh_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.panel.addAction(action)
        self.menu = QMenu(self.host.window)
        self.menu.setObjectName("library_menu")
        for item in (self.focus_action, None, self.open, self.open_entry, None, self.duplicate, self.rename,
                     self.tags, self.entry, None, self.delete, self.undo_delete, None, self.change_folder,
                     self.refresh_action):
            if item is None:
                self.menu.addSeparator()
            else:
                self.menu.addAction(item)
        file_menu = self.host.menu("file")
        first = file_menu.actions()[2] if len(file_menu.actions()) > 2 else None
        self.host.add_to_menu("file", [self.menu.menuAction()], before=first)
        for name, action in (("open", self.open), ("open_entry", self.open_entry), ("duplicate", self.duplicate),
                             ("rename", self.rename), ("tags", self.tags), ("entry", self.entry),
                             ("delete", self.delete)):
            self.panel.bind(name, action)

    def _connect_signals(self) -> None:
        self.open.triggered.connect(self._on_open)
        self.open_entry.triggered.connect(self._on_open_entry)
        self.duplicate.triggered.connect(self._on_duplicate)
        self.rename.triggered.connect(self._on_rename)
        self.tags.triggered.connect(self._on_tags)
        self.entry.triggered.connect(self._on_entry)
        self.delete.triggered.connect(self._on_delete)
        self.undo_delete.triggered.connect(self._on_undo_delete)
        self.change_folder.triggered.connect(self._on_change_folder)
        self.refresh_action.triggered.connect(self.refresh)
        self.focus_action.triggered.connect(self._on_focus)
        self.panel.change_folder.clicked.connect(self.change_folder.trigger)
        self.panel.undo_button.clicked.connect(self.undo_delete.trigger)
        self.panel.activated.connect(lambda path: self._open(Path(path)))
        self.panel.selection_changed.connect(self._update_actions)
        self._watcher.directoryChanged.connect(lambda _: self._timer.start())
        self._watcher.fileChanged.connect(lambda _: self._timer.start())
        self._timer.timeout.connect(self.refresh)
        self.host.language_changed.connect(self.retranslate)
        self.host.document.path_changed.connect(self._timer.start)  # saved (as) into the folder: shown soon
        self.host.document.modified_changed.connect(lambda _: self._timer.start())

    def retranslate(self) -> None:
        self.menu.setTitle(tr("List &library"))
        self._show_folder()
        self._show_undo()

    # ----- the folder -----------------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        return self.host.settings.library_folder() or library.default_folder()

    def _show_folder(self) -> None:
        folder = self.folder
        self.panel.show_folder(tr("In {folder}", folder=_short(folder)), str(folder))

    def _watch(self) -> None:
        watched = self._watcher.directories() + self._watcher.files()
        if watched:
            self._watcher.removePaths(watched)
        folder = self.folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            error = exc.strerror or str(exc)
            self.host.show_status(lambda: tr("The library's folder {folder} cannot be made: {error}",
                                             folder=str(folder), error=error), 10000)
            return
        self._watcher.addPath(str(folder))

    def set_folder(self, folder: Path) -> None:
        """Keep the library in `folder` from now on (and next time)."""
        self.host.settings.set_library_folder(None if folder == library.default_folder() else folder)
        self._known = {}
        self._show_folder()
        self._watch()
        self.refresh()

    def refresh(self) -> int | None:
        """Read the folder again (in the background; files unchanged since the last reading are not read
        again). Returns the task, or None when a reading is already under way (it is read once more then)."""
        if self._scanning is not None:
            self._again = True
            return None
        folder, known = self.folder, dict(self._known)
        # quiet: the panel says it is reading; the status bar's busy indicator is left alone (a reading follows
        # every change of the list's saved state, and flashing the indicator repainted the window twice each time)
        self._scanning = self.host.tasks.run(lambda: scan(folder, self.catalog, known), self._on_scanned,
                                             self._on_scan_failed, quiet=True)
        self.panel.count.setText(tr("Reading your lists…"))
        return self._scanning

    def _on_scanned(self, found: Scan) -> None:
        self._scanning = None
        if found.folder != self.folder:
            found = Scan(self.folder, (), found.notes)
            self._again = True
        self._scan = found
        self._known = {s.path: s for s in found.lists}
        chosen = self.panel.selected_paths()
        problems = {name: [render(p) for p in entry_problems([s for s in found.lists if s.path.name in files])]
                    for name, files in found.notes.entries.items()}
        self.panel.model.set_scan(found, problems)
        self.panel.fill_tags(found.notes.all_tags())
        for path in chosen[:1]:
            self.panel.select_path(path)
        self._update_actions()
        if found.problems:
            text = "\n".join(found.problems[:3])
            self.host.show_status(lambda: text, 10000)
        if self._again:
            self._again = False
            self.refresh()

    def _on_scan_failed(self, error: BaseException) -> None:
        self._scanning = None
        self.host.report_failure(tr("Could not read the list library"), error)

    def wait(self) -> None:
        """Until the reading under way is done (tests, and before acting on what it found)."""
        if self._scanning is not None:
            self.host.tasks.wait(self._scanning)

    # ----- selection ------------------------------------------------------------------------------
    def selected(self) -> list[Path]:
        return [Path(p) for p in self.panel.selected_paths()]

    def _update_actions(self) -> None:
        chosen = self.selected()
        one = len(chosen) == 1
        for action in (self.open, self.rename):
            action.setEnabled(one)
        for action in (self.duplicate, self.tags, self.delete):
            action.setEnabled(bool(chosen))
        self.entry.setEnabled(1 <= len(chosen) <= 2)
        notes = self._scan.notes if self._scan is not None else library.Notes()
        self.open_entry.setEnabled(one and notes.entry_of(chosen[0].name) is not None)
        self.undo_delete.setEnabled(bool(self._deleted))

    # ----- actions ----------------------------------------------------------------------------------
    def _on_focus(self) -> None:
        if self.host.document.has_list and not self.host.maybe_keep_changes():
            return
        if self.host.document.has_list:
            self.host.document.close_list()
        self.panel.table.setFocus()

    def _on_open(self) -> None:
        chosen = self.selected()
        if len(chosen) == 1:
            self._open(chosen[0])

    def _open(self, path: Path) -> None:
        if self.host.maybe_keep_changes():
            self.host.open_path(path)

    def entry_paths(self, path: Path) -> list[Path]:
        """The lists of the tournament entry `path` belongs to (itself first), as the library finds them."""
        notes = self._scan.notes if self._scan is not None else library.Notes()
        entry = notes.entry_of(path.name)
        if entry is None:
            return [path]
        others = [path.parent / name for name in notes.entries[entry] if name != path.name]
        return [path, *(p for p in others if p.exists())]

    def _on_open_entry(self) -> None:
        chosen = self.selected()
        if len(chosen) != 1:
            return
        paths = self.entry_paths(chosen[0])
        if not self.host.maybe_keep_changes():
            return
        self.host.open_path(paths[0])
        if len(paths) > 1 and self.open_elsewhere is not None:
            other = self.open_elsewhere(paths[1])
            if isinstance(other, QWidget):
                side_by_side(self.host.window, other)

    def _on_duplicate(self) -> None:
        made = []
        for path in self.selected():
            try:
                name = self._name_of(path)
                made.append(library.duplicate(path, tr("{name} (copy)", name=name)))
            except (OSError, ValueError) as exc:
                self.host.report_failure(tr("Could not duplicate {file}", file=path.name), exc)
        if made:
            names = ", ".join(p.name for p in made)
            self.host.show_status(lambda: trn("Made {n} copy: {names}", "Made {n} copies: {names}", len(made),
                                              names=names))
            self._after_change(made[0])

    def _name_of(self, path: Path) -> str:
        summary = self._known.get(path)
        return summary.name if summary is not None else path.stem

    def _on_rename(self) -> None:
        chosen = self.selected()
        if len(chosen) != 1:
            return
        path = chosen[0]
        name = self.ask_text(tr("Rename the list"), tr("New name:"), self._name_of(path))
        if name is None or not name.strip() or name.strip() == self._name_of(path):
            return
        doc = self.host.document
        if doc.path == path and doc.modified:
            self.host.show_message("warning", tr("Save the list first"),
                                   tr("{file} is open with changes that are not saved: save or close it, then rename "
                                      "it.", file=path.name))
            return
        try:
            target = library.rename(path, name.strip())
        except (OSError, ValueError) as exc:
            self.host.report_failure(tr("Could not rename {file}", file=path.name), exc)
            return
        self._move_notes(path.name, target.name)
        if doc.path == path:
            self.host.open_path(target)  # the open list follows its file
        self._after_change(target)

    def _move_notes(self, old: str, new: str) -> None:
        notes = library.read_notes(self.folder)
        if notes.problem:
            return
        if old in notes.tags:
            notes.tags[new] = notes.tags.pop(old)
        notes.entries = {entry: tuple(new if f == old else f for f in files) for entry, files in notes.entries.items()}
        self._write_notes(notes)

    def _write_notes(self, notes: library.Notes) -> bool:
        try:
            library.write_notes(self.folder, notes)
        except OSError as exc:
            self.host.report_failure(tr("Could not save the library's tags"), exc)
            return False
        return True

    def _on_tags(self) -> None:
        chosen = self.selected()
        if not chosen:
            return
        notes = library.read_notes(self.folder)
        current = notes.tags_of(chosen[0].name) if len(chosen) == 1 else ()
        text = self.ask_text(tr("Tags"), trn("Tags of {n} list, separated by commas:",
                                             "Tags of {n} lists, separated by commas:", len(chosen)),
                             ", ".join(current))
        if text is None:
            return
        tags = library.clean_tags(text.split(","))
        for path in chosen:
            if tags:
                notes.tags[path.name] = tags
            else:
                notes.tags.pop(path.name, None)
        if self._write_notes(notes):
            self._after_change(chosen[0])

    def _on_entry(self) -> None:
        chosen = self.selected()
        if not 1 <= len(chosen) <= 2:
            return
        notes = library.read_notes(self.folder)
        suggested = notes.entry_of(chosen[0].name) or tr("{army} entry", army=self._army_of(chosen[0]))
        name = self.ask_text(tr("Tournament entry"), tr("Name of the entry (the lists you bring to a tournament):"),
                             suggested)
        if name is None or not name.strip():
            return
        files = tuple(p.name for p in chosen)
        notes.entries = {entry: rest for entry, kept in notes.entries.items()
                         if (rest := tuple(f for f in kept if f not in files)) and entry != name.strip()}
        notes.entries[name.strip()] = files
        if self._write_notes(notes):
            self._after_change(chosen[0])

    def _army_of(self, path: Path) -> str:
        summary = self._known.get(path)
        return summary.army if summary is not None and summary.army else path.stem

    def _on_delete(self) -> None:
        chosen = self.selected()
        if not chosen:
            return
        notes = library.read_notes(self.folder)
        deleted = []
        for path in chosen:
            if self.host.document.path == path and self.host.document.modified:
                self.host.show_message("warning", tr("Save the list first"),
                                       tr("{file} is open with changes that are not saved: save or close it, then "
                                          "delete it.", file=path.name))
                continue
            try:
                kept = to_trash(path)
            except OSError as exc:
                self.host.report_failure(tr("Could not delete {file}", file=path.name), exc)
                continue
            deleted.append(Deleted(path, kept, notes.tags_of(path.name), notes.entry_of(path.name)))
        if not deleted:
            return
        self._deleted.append(deleted)
        self._show_undo()
        self._after_change(None)

    def _show_undo(self) -> None:
        batch = self._deleted[-1] if self._deleted else []
        if batch:
            names = ", ".join(d.original.name for d in batch)
            self.panel.undo_note.setText(trn("Deleted {n} list: {names}", "Deleted {n} lists: {names}", len(batch),
                                             names=names))
        self.panel.undo_note.setVisible(bool(batch))
        self.panel.undo_button.setVisible(bool(batch))

    def _on_undo_delete(self) -> None:
        if not self._deleted:
            return
        batch = self._deleted.pop()
        notes = library.read_notes(self.folder)
        back = None
        for item in batch:
            try:
                back = library.restore(item.kept, item.original)
            except OSError as exc:
                self.host.report_failure(tr("Could not put back {file}", file=item.original.name), exc)
                continue
            if item.tags:
                notes.tags[back.name] = item.tags
            if item.entry:
                notes.entries[item.entry] = (*notes.entries.get(item.entry, ()), back.name)
        if back is not None and not notes.problem:
            self._write_notes(notes)
        self._show_undo()
        self._after_change(back)

    def _on_change_folder(self) -> None:
        chosen = self.ask_folder(self.folder)
        if chosen is not None and chosen != self.folder:
            self.set_folder(chosen)

    def _after_change(self, select: Path | None) -> None:
        task = self.refresh()
        if select is not None:
            wanted = str(select)

            def choose() -> None:
                self.panel.select_path(wanted)

            if task is not None:
                self.host.tasks.wait(task)
            choose()
        self._update_actions()

    # ----- questions (tests replace these) ------------------------------------------------------------
    def ask_text(self, title: str, label: str, text: str) -> str | None:
        value, ok = QInputDialog.getText(self.host.window, title, label, QLineEdit.EchoMode.Normal, text)
        return value if ok else None

    def ask_folder(self, start: Path) -> Path | None:
        name = QFileDialog.getExistingDirectory(self.host.window, tr("The library's folder"), str(start))
        return Path(name) if name else None


def to_trash(path: Path) -> Path:
    """Move a list file to the desktop's trash, or (where there is none) to the library's deleted folder;
    returns where it went, to put it back from."""
    file = QFile(str(path))
    if file.moveToTrash():  # then its name is where it is in the trash
        return Path(file.fileName())
    return library.set_aside(path)


def side_by_side(first: QWidget, second: QWidget) -> None:
    """Two windows each on a half of the screen the first is on (a tournament entry's two lists)."""
    screen = first.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    area = screen.availableGeometry()
    half = area.width() // 2
    for window, left in ((first, area.left()), (second, area.left() + half)):
        window.showNormal()
        window.setGeometry(left, area.top(), half, area.height())


def _short(folder: Path) -> str:
    """A folder as the panel names it: under the home folder with '~', long paths cut in the middle."""
    text = str(folder)
    home = str(Path.home())
    if text.startswith(home):
        text = "~" + text[len(home):]
    return text if len(text) <= 60 else f"{text[:25]}…{text[-30:]}"

