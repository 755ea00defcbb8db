"""Reading and writing user files safely: regular files only, through symlinks, atomically, never hanging.

Reading opens only regular files (a FIFO would block forever, a device could be endless) and refuses
files larger than the caller's limit. Writing follows a symlink to the file it names and replaces
that file atomically (a temporary file beside it, renamed over it); it refuses to replace something
that is not a regular file (a device such as /dev/full, a FIFO, a folder) and never creates missing
folders. Every OSError raised names the file the user gave, never a temporary file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from armybuilder.i18n import tr

MAX_SYMLINK_HOPS = 40
"""As the kernel: a chain longer than this is a loop."""


class UnsafeFileError(OSError):
    """A path that cannot be read or written safely (not a regular file, a symlink loop, too large).

    An OSError, so every caller that reports OSErrors (`strerror` and `filename`) reports it too.
    """

    def __init__(self, path: Path | str, reason: str, code: int = errno.EINVAL) -> None:
        super().__init__(code, reason, str(path))


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words ("a FIFO (named pipe)", "a device"…)."""
    if stat.S_ISDIR(mode):
        return tr("a folder")
    if stat.S_ISFIFO(mode):
        return tr("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return tr("a device")
    if stat.S_ISSOCK(mode):
        return tr("a socket")
    return tr("not a regular file")


def not_regular(path: Path | str, mode: int) -> UnsafeFileError:
    return UnsafeFileError(path, tr("is {kind}, not a regular file", kind=kind_of(mode)),
                           errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL)


def _loop(path: Path | str) -> UnsafeFileError:
    return UnsafeFileError(path, tr("is a symbolic link that leads back to itself (a loop)"), errno.ELOOP)


def dangling(path: Path | str) -> UnsafeFileError | None:
    """A symbolic link whose target does not exist, said with the target; None for anything else."""
    try:
        target = os.readlink(path)
    except OSError:
        return None
    return UnsafeFileError(path, tr("is a symbolic link to {target}, which does not exist", target=target),
                           errno.ENOENT)


def why_not_readable(path: Path) -> str | None:
    """Why `path` is not a regular file that can be opened (a FIFO, a folder, a loop, a dangling link, no
    such file…), in words; None when it is one. Never opens it."""
    try:
        info = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return _loop(path).strerror
        if isinstance(exc, FileNotFoundError):
            link = dangling(path)
            return link.strerror if link is not None else tr("no such file")
        return exc.strerror or str(exc)
    return None if stat.S_ISREG(info.st_mode) else not_regular(path, info.st_mode).strerror


def read_regular_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; raises OSError (UnsafeFileError for a FIFO,
    a device, a symlink loop, a link to nothing or a file too large). Never blocks on a FIFO: it is
    never opened."""
    try:
        info = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(path) from None
        link = dangling(path) if isinstance(exc, FileNotFoundError) else None
        if link is not None:
            raise link from None
        raise
    if not stat.S_ISREG(info.st_mode):
        raise not_regular(path, info.st_mode)
    if info.st_size > max_bytes:
        raise too_large(path, info.st_size, max_bytes)
    # open_regular: if the path was swapped for a FIFO since the stat, opening does not wait for a writer
    with open_regular(path) as handle:
        # the size the file has now, not the limit: a read of `max_bytes + 1` allocates that much first (64 MB
        # for an army file), whose pages are mapped afresh for every file read (#20); a file that grew since
        # is read on, up to the limit
        size = os.fstat(handle.fileno()).st_size
        data = handle.read(min(size, max_bytes) + 1)
        if size < len(data) <= max_bytes:
            data += handle.read(max_bytes + 1 - len(data))
    if len(data) > max_bytes:
        raise too_large(path, len(data), max_bytes)
    return data


def open_regular(path: Path) -> BinaryIO:
    """A regular file opened for reading in binary (to seek in it); raises OSError, UnsafeFileError for a
    FIFO, a device or a symlink loop. Never blocks on a FIFO (O_NONBLOCK, then fstat)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(path) from None
        raise
    handle = os.fdopen(fd, "rb")
    mode = os.fstat(handle.fileno()).st_mode
    if not stat.S_ISREG(mode):
        handle.close()
        raise not_regular(path, mode)
    return handle


def too_large(path: Path | str, size: int, limit: int) -> UnsafeFileError:
    return UnsafeFileError(path, tr("is too large ({size} MB; the limit is {limit} MB)",
                                    size=_megabytes(size), limit=_megabytes(limit)), errno.EFBIG)


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f}".rstrip("0").rstrip(".") if size >= 100_000 else f"{size / 1_000_000:.2f}"


def resolved(path: Path) -> Path:
    """`path` absolute with its symlinks followed as far as they go: never raises (Path.resolve raises
    RuntimeError on a symlink loop)."""
    return Path(os.path.realpath(path))


def write_target(path: Path) -> Path:
    """The file a write to `path` must replace: `path` itself, or the file its symlinks lead to.

    Raises UnsafeFileError when the links loop or the target exists and is not a regular file,
    FileNotFoundError when its folder does not exist (folders are never created silently).
    """
    target = Path(path)
    for _ in range(MAX_SYMLINK_HOPS):
        try:
            info = os.lstat(target)
        except FileNotFoundError:
            break
        if stat.S_ISLNK(info.st_mode):
            link = Path(os.readlink(target))
            target = link if link.is_absolute() else target.parent / link
            continue
        if not stat.S_ISREG(info.st_mode):
            raise not_regular(path, info.st_mode)
        break
    else:
        raise _loop(path)
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, tr("the folder {folder} does not exist", folder=str(folder)),
                                str(path))
    return target


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old or the new content, never half.

    Through a symlink the linked file is replaced (the link stays); see `write_target` for what is
    refused. The file keeps the permissions of the file it replaces; a new file gets the usual ones
    (0666 less the umask, as `open()` would give), not the private 0600 of a temporary file.
    """
    target = write_target(path)
    try:
        keep_mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        keep_mode = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        for _ in range(100):
            tmp = target.parent / f".{target.name}.{os.urandom(4).hex()}.tmp"
            try:
                fd = os.open(tmp, flags, 0o666)  # the system applies the umask
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover - 100 random names all taken
            raise FileExistsError(errno.EEXIST, "no free temporary name", str(target.parent))
        try:
            with os.fdopen(fd, "wb") as handle:
                if keep_mode is not None and hasattr(os, "fchmod"):
                    os.fchmod(handle.fileno(), keep_mode)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except UnsafeFileError:
        raise
    except OSError as exc:  # name the user's file, not the temporary one
        raise type(exc)(exc.errno, exc.strerror or str(exc), str(path)) from exc


def atomic_write_text(path: Path, text: str) -> None:
    """`atomic_write_bytes` of UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


@dataclass(frozen=True)
class FileStamp:
    """A file's modification time and size when it was read or written: a later difference means
    someone else (another window, another program) changed it."""

    mtime_ns: int
    size: int

    @classmethod
    def of(cls, path: Path) -> FileStamp | None:
        """The stamp of `path` now; None when it does not exist (or cannot be looked at)."""
        try:
            info = os.stat(path)
        except OSError:
            return None
        return cls(info.st_mtime_ns, info.st_size)


def changed_on_disk(path: Path, stamp: FileStamp | None) -> bool:
    """Whether `path` differs from when `stamp` was taken (created, changed or deleted since)."""
    return FileStamp.of(path) != stamp


_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]+')


def safe_file_stem(name: str, fallback: str) -> str:
    """A file name (without suffix) made from a name a player typed: no folder separators or
    characters Windows, macOS or Linux refuse ('PanO 300/6 SWC' → 'PanO 300-6 SWC'), no leading
    dot, not too long; `fallback` when nothing is left."""
    text = unicodedata.normalize("NFC", name)
    text = _UNSAFE.sub("-", text)
    text = " ".join(text.split()).strip(" .-")
    return text[:80].rstrip(" .-") or fallback
