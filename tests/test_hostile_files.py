"""Files under attack: symlinks, FIFOs, devices, loops, missing folders, read-only folders (#19)."""

from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path

import pytest

from armybuilder.data.fileio import (
    FileStamp,
    UnsafeFileError,
    atomic_write_text,
    changed_on_disk,
    read_regular_bytes,
    write_target,
)
from armybuilder.data.listfile import load_list
from armybuilder.data.problems import DataError

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "icestorm-panoceania.yaml"


def test_saving_through_a_symlink_writes_the_file_it_names(tmp_path: Path) -> None:
    real = tmp_path / "lists" / "real.yaml"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == "new"


def test_a_chain_of_relative_symlinks_is_followed(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    real = tmp_path / "a" / "real.yaml"
    real.write_text("old", encoding="utf-8")
    (tmp_path / "a" / "first").symlink_to("real.yaml")
    (tmp_path / "second").symlink_to("a/first")
    atomic_write_text(tmp_path / "second", "new")
    assert real.read_text(encoding="utf-8") == "new" and (tmp_path / "second").is_symlink()


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.yaml"
    link.symlink_to(tmp_path / "new.yaml")
    atomic_write_text(link, "x")
    assert (tmp_path / "new.yaml").read_text(encoding="utf-8") == "x" and link.is_symlink()


def test_a_fifo_is_never_replaced_nor_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(UnsafeFileError, match="FIFO"):
        atomic_write_text(fifo, "x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_device_is_refused_before_anything_is_written() -> None:
    # only the check: a failing test must not be able to replace /dev/full (the suite may run as root)
    with pytest.raises(UnsafeFileError, match="device") as caught:
        write_target(Path("/dev/full"))
    assert caught.value.filename == "/dev/full"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_folder_is_not_replaced(tmp_path: Path) -> None:
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(UnsafeFileError, match="folder"):
        atomic_write_text(tmp_path / "dir.yaml", "x")


def test_a_symlink_loop_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(UnsafeFileError, match="loop") as caught:
        atomic_write_text(tmp_path / "a", "x")
    assert caught.value.errno == errno.ELOOP
    with pytest.raises(DataError, match="loop"):
        load_list(tmp_path / "a")


def test_missing_folders_are_not_created(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="does not exist") as caught:
        atomic_write_text(tmp_path / "nowhere" / "list.yaml", "x")
    assert caught.value.filename == str(tmp_path / "nowhere" / "list.yaml")
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_failed_write_names_the_target_not_the_temporary_file(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(PermissionError) as caught:
            atomic_write_text(folder / "list.yaml", "x")
    finally:
        folder.chmod(0o700)
    assert caught.value.filename == str(folder / "list.yaml") and ".tmp" not in str(caught.value)


def test_a_full_disk_names_the_target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import armybuilder.data.fileio as fileio

    real_replace = os.replace

    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", src)

    monkeypatch.setattr(fileio.os, "replace", full)  # type: ignore[attr-defined]
    target = tmp_path / "list.yaml"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(OSError, match="No space") as caught:
        atomic_write_text(target, "new")
    monkeypatch.setattr(fileio.os, "replace", real_replace)  # type: ignore[attr-defined]
    assert caught.value.filename == str(target)
    assert target.read_text(encoding="utf-8") == "old" and [p.name for p in tmp_path.iterdir()] == ["list.yaml"]


def test_reading_a_fifo_never_blocks(tmp_path: Path) -> None:
    fifo = tmp_path / "list.yaml"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            load_list(fifo)
        except BaseException as exc:
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # unblock the thread before failing
        with open(fifo, "w"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert isinstance(outcome[0], DataError) and "FIFO" in str(outcome[0])


def test_reading_a_device_or_too_large_a_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFileError, match="device"):
        read_regular_bytes(Path("/dev/zero"), 1000)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(UnsafeFileError, match="too large"):
        read_regular_bytes(big, 1000)
    assert read_regular_bytes(big, 2000) == b"x" * 2000


def test_a_file_that_grew_after_its_size_was_taken_is_read_whole_up_to_the_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read is sized by the file (not by the limit): a file longer than its size said is still read on."""
    import armybuilder.data.fileio as fileio

    grown = tmp_path / "grown"
    grown.write_bytes(b"y" * 5000)
    real_stat, real_fstat = os.stat, os.fstat

    def small(info: os.stat_result) -> os.stat_result:
        return os.stat_result((*info[:6], 100, *info[7:]))  # st_size as it was before the file grew

    monkeypatch.setattr(fileio.os, "stat", lambda path: small(real_stat(path)))  # type: ignore[attr-defined]
    monkeypatch.setattr(fileio.os, "fstat", lambda fd: small(real_fstat(fd)))  # type: ignore[attr-defined]
    assert read_regular_bytes(grown, 6000) == b"y" * 5000
    with pytest.raises(UnsafeFileError, match="too large"):
        read_regular_bytes(grown, 4999)


def test_a_stamp_notices_another_writer(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("one", encoding="utf-8")
    stamp = FileStamp.of(path)
    assert not changed_on_disk(path, stamp)
    path.write_text("two, longer", encoding="utf-8")
    assert changed_on_disk(path, stamp)
    path.unlink()
    assert changed_on_disk(path, stamp) and FileStamp.of(path) is None


def test_reading_a_link_to_nothing_names_its_target(tmp_path: Path) -> None:
    link = tmp_path / "list.yaml"
    link.symlink_to("moved-away.yaml")
    with pytest.raises(DataError) as caught:
        load_list(link)
    assert "is a symbolic link to moved-away.yaml, which does not exist" in str(caught.value)


@pytest.mark.parametrize(("make", "expect"), [
    (lambda p: os.mkfifo(p), "is a FIFO (named pipe), not a regular file"),
    (lambda p: (p.symlink_to(p.with_name("b.yaml")), p.with_name("b.yaml").symlink_to(p)),
     "is a symbolic link that leads back to itself (a loop)"),
    (lambda p: p.symlink_to("nowhere.yaml"), "is a symbolic link to nowhere.yaml, which does not exist"),
    (lambda p: p.mkdir(), "is a folder, not a regular file"),
])
def test_the_app_says_why_a_file_it_is_given_cannot_be_opened(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             make: object, expect: str) -> None:
    """`armybuilder FILE` (a file manager's "Open with"): it said "no such file" for a symlink loop and
    "not a file" for a FIFO; it never opens the path (a FIFO would block the start)."""
    from armybuilder.cli import main

    path = tmp_path / "a.yaml"
    make(path)  # type: ignore[operator]
    with pytest.raises(SystemExit) as exit_:
        main([str(path)])
    assert exit_.value.code == 2
    assert f"{path}: {expect}" in capsys.readouterr().err


def test_a_fifo_as_the_log_file_leaves_the_terminal_as_the_log(tmp_path: Path) -> None:
    """Opening a FIFO to append waits for a reader: every command hung before its first line."""
    from armybuilder.logs import reset, setup_logging

    os.mkfifo(tmp_path / "armybuilder.log")
    try:
        setup = setup_logging(folder=tmp_path)
        assert setup.file is None and setup.problem is not None and "FIFO" in setup.problem
    finally:
        reset()
