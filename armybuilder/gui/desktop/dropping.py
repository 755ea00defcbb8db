"""List files dropped on the main window open as if chosen in File ▸ Open; anything else is refused, saying why."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

from armybuilder.gui.host import FeatureHost
from armybuilder.i18n import tr, trn

LIST_SUFFIXES = (".yaml", ".yml")


def split_dropped(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """(list files, everything else): a list file is a file named *.yaml or *.yml."""
    lists = [p for p in paths if p.suffix.lower() in LIST_SUFFIXES and p.is_file()]
    return lists, [p for p in paths if p not in lists]


class DropFeature(QObject):
    """Accepts local files dragged onto the window. The first list file replaces the open list (after asking
    about unsaved changes); further ones open in new windows when the app can make them (`open_elsewhere`)."""

    def __init__(self, host: FeatureHost) -> None:
        super().__init__(host)
        self.host = host
        self.open_elsewhere: Callable[[Path], object] | None = None
        host.window.setAcceptDrops(True)

    def drag_event(self, event: QDragEnterEvent | QDragMoveEvent) -> None:
        """Accept a drag that carries local files (what they are is said on the drop)."""
        if event.mimeData().hasUrls() and any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def drop_event(self, event: QDropEvent) -> None:
        paths = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.drop(paths)

    def drop(self, paths: list[Path]) -> None:
        """Open the list files among `paths`; one message names whatever is not a list file."""
        lists, others = split_dropped(paths)
        if others:
            names = ", ".join(p.name or str(p) for p in others[:5]) + ("…" if len(others) > 5 else "")
            self.host.show_message("warning", trn("Not a list file", "Not list files", len(others)),
                                     trn("{names} is not an army list file, so it was not opened.",
                                         "{names} are not army list files, so they were not opened.", len(others),
                                         names=names)
                                     + "\n\n" + tr("The army builder opens list files (.yaml) saved by it. For an "
                                                   "army code from the official builder, copy it and use File ▸ "
                                                   "Open army code from clipboard."))
        if not lists:
            return
        first, *more = lists
        if self.host.maybe_keep_changes():
            self.host.open_path(first)
        for path in more:
            if self.open_elsewhere is not None:
                self.open_elsewhere(path)
        if more and self.open_elsewhere is None:
            self.host.show_status(lambda: tr("Opened {file}; drop the other lists one at a time.", file=first.name))
