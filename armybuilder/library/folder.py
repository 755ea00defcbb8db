"""The library's folder on disk: its list files, and the notes the library keeps beside them (the
player's tags and tournament entries, in `.armybuilder-library.yaml`), with the file operations the
library offers — duplicate, rename, delete (to a folder the delete can be undone from) — done atomically
and never over another file.

Only the folder itself is read (no sub-folders: no symlink loop can trap a scan), at most `MAX_FILES`
list files, each through the list reader's guards (a FIFO, a device or a huge file is reported, never
waited on). A notes file that cannot be read is reported and left as it is until the player changes a
tag, so nothing the player wrote is lost silently.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from armybuilder.data.fileio import atomic_write_text, read_regular_bytes, safe_file_stem
from armybuilder.data.listfile import dumps_list, load_list
from armybuilder.i18n import tr
from armybuilder.paths import user_data_dir

NOTES_FILE = ".armybuilder-library.yaml"
NOTES_FORMAT = "armybuilder-library/1"
DELETED_FOLDER = ".deleted"
"""Where Delete puts a list when the desktop has no trash (and where Undo takes it back from)."""
LIST_SUFFIXES = (".yaml", ".yml")
MAX_FILES = 2000
MAX_NOTES_BYTES = 2_000_000
MAX_TAG = 40
MAX_TAGS = 30


def default_folder() -> Path:
    """The library's folder unless the player chose another: 'lists' in the user data folder."""
    return user_data_dir() / "lists"


class LibraryError(OSError):
    """A library operation that could not be done, with a message naming the file."""


def list_files(folder: Path) -> tuple[list[Path], list[str]]:
    """The list files of `folder` (not its sub-folders), sorted by name; and why some were left out."""
    problems: list[str] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name.casefold())
    except FileNotFoundError:
        return [], []
    except OSError as exc:
        return [], [tr("{folder}: cannot be read ({error})", folder=str(folder), error=exc.strerror or str(exc))]
    files: list[Path] = []
    for entry in entries:
        if entry.name.startswith(".") or Path(entry.name).suffix.lower() not in LIST_SUFFIXES:
            continue
        try:
            mode = entry.stat(follow_symlinks=True).st_mode
        except OSError:
            problems.append(tr("{file}: a link to nothing", file=entry.name))
            continue
        if not stat.S_ISREG(mode):
            continue  # a FIFO or a folder named like a list: the reader would refuse it anyway
        if len(files) >= MAX_FILES:
            problems.append(tr("Only the first {count} lists of {folder} are shown.", count=MAX_FILES,
                               folder=str(folder)))
            break
        files.append(Path(entry.path))
    return files, problems


@dataclass
class Notes:
    """What the player wrote about the folder's lists: tags per file, and tournament entries (a name and
    the files of its lists), keyed by file name so they follow a rename made by the library."""

    tags: dict[str, tuple[str, ...]] = field(default_factory=dict)
    entries: dict[str, tuple[str, ...]] = field(default_factory=dict)
    problem: str | None = None
    """Why the notes file could not be read (then it is not written over until the player edits)."""

    def tags_of(self, name: str) -> tuple[str, ...]:
        return self.tags.get(name, ())

    def entry_of(self, name: str) -> str | None:
        return next((entry for entry, files in self.entries.items() if name in files), None)

    def all_tags(self) -> list[str]:
        return sorted({t for tags in self.tags.values() for t in tags}, key=str.casefold)


def clean_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Tags as kept: trimmed, without commas or line breaks, short, each once (case aside), at most 30."""
    found: dict[str, str] = {}
    for tag in tags:
        text = " ".join(str(tag).replace(",", " ").split())[:MAX_TAG]
        if text and text.casefold() not in found:
            found[text.casefold()] = text
    return tuple(found.values())[:MAX_TAGS]


def read_notes(folder: Path) -> Notes:
    path = folder / NOTES_FILE
    try:
        data = yaml.safe_load(read_regular_bytes(path, MAX_NOTES_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return Notes()
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        return Notes(problem=tr("{file}: the library's tags and entries cannot be read ({error}); they are "
                                "kept as they are until you change a tag.", file=str(path), error=str(exc)[:200]))
    if not isinstance(data, dict) or data.get("format") != NOTES_FORMAT:
        return Notes(problem=tr("{file}: not a library notes file of format {format}; it is kept as it is until "
                                "you change a tag.", file=str(path), format=NOTES_FORMAT))
    tags = {str(k): clean_tags(v) for k, v in (data.get("tags") or {}).items()
            if isinstance(v, list) and clean_tags(v)} if isinstance(data.get("tags"), dict) else {}
    entries = {str(k): tuple(str(f) for f in v) for k, v in (data.get("entries") or {}).items()
               if isinstance(v, list) and v} if isinstance(data.get("entries"), dict) else {}
    return Notes(tags, entries)


def write_notes(folder: Path, notes: Notes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    data = {"format": NOTES_FORMAT,
            "tags": {name: list(tags) for name, tags in sorted(notes.tags.items()) if tags},
            "entries": {name: list(files) for name, files in sorted(notes.entries.items()) if files}}
    atomic_write_text(folder / NOTES_FILE, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    notes.problem = None


def free_path(folder: Path, stem: str, suffix: str = ".yaml") -> Path:
    """A file of `folder` named after `stem` that does not exist yet: 'stem.yaml', 'stem (2).yaml'…"""
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = folder / f"{stem} ({number}){suffix}"
        number += 1
    return candidate


def _write_new(path: Path, text: str) -> None:
    """Write a file that must not exist yet (atomically; refuses to replace one that appeared meanwhile)."""
    if path.exists() or path.is_symlink():
        raise LibraryError(tr("{file} exists already: nothing was changed.", file=str(path)))
    atomic_write_text(path, text)


def duplicate(path: Path, copy_name: str) -> Path:
    """A copy of a list file beside it, the list inside named `copy_name`; returns the copy's path."""
    loaded = load_list(path)
    renamed = loaded.army_list.model_copy(update={"name": copy_name})
    target = free_path(path.parent, safe_file_stem(copy_name, path.stem), path.suffix or ".yaml")
    _write_new(target, dumps_list(renamed))
    return target


def rename(path: Path, new_name: str) -> Path:
    """Name the list `new_name`, inside the file and in the file's name; returns its new path."""
    loaded = load_list(path)
    text = dumps_list(loaded.army_list.model_copy(update={"name": new_name}))
    stem = safe_file_stem(new_name, path.stem)
    target = path if stem == path.stem else free_path(path.parent, stem, path.suffix or ".yaml")
    if target == path:
        atomic_write_text(path, text)
        return path
    _write_new(target, text)
    try:
        path.unlink()
    except OSError as exc:
        target.unlink(missing_ok=True)
        raise LibraryError(tr("{file} could not be renamed ({error}): nothing was changed.", file=str(path),
                              error=exc.strerror or str(exc))) from exc
    return target


def set_aside(path: Path) -> Path:
    """Move a list into the library's deleted folder (when the desktop has no trash); returns where."""
    deleted = path.parent / DELETED_FOLDER
    deleted.mkdir(exist_ok=True)
    target = free_path(deleted, path.stem, path.suffix or ".yaml")
    shutil.move(str(path), str(target))
    return target


def restore(kept: Path, original: Path) -> Path:
    """Put a deleted list back (from the trash or the deleted folder): at its old name if it is free."""
    target = original if not (original.exists() or original.is_symlink()) else free_path(
        original.parent, original.stem, original.suffix or ".yaml")
    if not kept.exists():
        raise LibraryError(tr("{file} is no longer where it was deleted to: it cannot be put back.", file=str(kept)))
    shutil.move(str(kept), str(target))
    return target
