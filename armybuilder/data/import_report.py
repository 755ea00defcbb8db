"""What an import reports, and the report of an unchanged re-import found without the importer.

`ImportReport` and `ArmyImport` are what an import hands back (the CLI prints them, the import
dialog shows them); `FolderReader` reads a data folder's files for the importer and for the check
below. This module imports neither the importer nor pydantic nor the domain model, so that
`armybuilder data import FOLDER` of files that did not change costs a short start-up, the reading
and hashing of the files and no conversion (#20: within 1.2× a process that only `json.load`s them).

**The unchanged-import record.** After an import that ended cleanly (no error, no army failed or
kept from before), the importer writes `reimport.json` beside the cache's index: what the next
import of the very same files would report, and everything that report depends on — the SHA-256 of
every file it read (army.json first, then the army files in the order army.json lists them; a file
that was missing must still be missing), the `*.json` names the folder held, the SHA-256 of
`index.json` as it was left, the pack and the size its blobs need, and a fingerprint of the code of
`armybuilder.data` and `armybuilder.domain`. `unchanged_import` reads the record and the files; when
every one of them is as recorded (and no import holds the lock), it returns the recorded report — the
one the importer would have built — else None, and the importer does the work. Anything it cannot
prove unchanged (no record, a damaged one, another index, another code, a file added, removed or
changed, a lock, an unreadable file) is None: correctness first, the importer has every message.

Why a record, not the index alone: an unchanged import's report holds more than the index keeps
(armies army.json lists without a file, such as Non-Aligned Armies, files it does not list, the notes
on army.json), and a separate file lets an import that changed nothing write it (an index written by an
older version gets its record on the first re-import, without rewriting the cache).

Why a fingerprint of the code, not `cache.schema_fingerprint()`: that one is worked out from the
pydantic model classes, which cost ~180 ms to import — most of what the check saves. A hash of the
source files of the data and domain packages changes whenever those classes can (and whenever the
importer's own logic does), needs no import and cannot go stale, unlike a copy of the schema
fingerprint kept by hand. The record is only written by a process that just checked the index against
`schema_fingerprint()`; the same code on disk gives the same classes, so the same fingerprint. Where
the sources are not files (a frozen bundle), there is no fingerprint: no record, every import converts.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from armybuilder.data.fileio import atomic_write_text, read_regular_bytes
from armybuilder.data.official_json import ImportIssue
from armybuilder.i18n import Message, tr

INDEX = "index.json"
"""The cache's index (`armybuilder.data.cache`)."""
LOCK = "import.lock"
"""Held by the import writing the cache (`cache.import_lock`)."""
RECORD = "reimport.json"
"""What an import of unchanged files reports (this module)."""
RECORD_FORMAT = "armybuilder-reimport/1"
MAX_INDEX_BYTES = 64 * 1024 * 1024
"""The index of all 56 armies is under 100 KB: anything this big is not an index."""
MAX_RECORD_BYTES = 16 * 1024 * 1024
MAX_ARMY_FILE_BYTES = 64 * 1024 * 1024
"""No official file comes close (the largest is under 1 MB): anything bigger is not the data."""

Progress = Callable[[str, int, int, int], None]
"""Called as each file is read: (file name, index counting from 1, total files, bytes)."""

ArmyStatus = Literal["imported", "updated", "unchanged", "kept", "failed", "skipped", "removed"]


@dataclass
class ArmyImport:
    """What happened to one army file."""

    file: str
    status: ArmyStatus
    army_id: int | None = None
    slug: str = ""
    name: str = ""
    version: str = ""
    previous_version: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    issues: list[ImportIssue] = field(default_factory=list)

    @property
    def errors(self) -> list[ImportIssue]:
        return [i for i in self.issues if i.severity == "error"]

    @property
    def status_label(self) -> str:
        """What happened, in the player's words ('new', 'updated', …): the CLI and the import dialog say it."""
        return {
            "imported": tr("new", context="import status"), "updated": tr("updated", context="import status"),
            "unchanged": tr("unchanged", context="import status"), "kept": tr("kept", context="import status"),
            "failed": tr("failed", context="import status"), "skipped": tr("skipped", context="import status"),
            "removed": tr("removed", context="import status"),
        }[self.status]

    @property
    def version_text(self) -> str:
        """The data's version; 'old → new' when an update changed it."""
        if self.status == "updated" and self.previous_version and self.previous_version != self.version:
            return f"{self.previous_version} → {self.version}"
        return self.version

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "status": self.status, "army_id": self.army_id, "slug": self.slug,
                "name": self.name, "version": self.version, "previous_version": self.previous_version,
                "counts": dict(self.counts), "issues": [issue_to_json(i) for i in self.issues]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ArmyImport:
        """Read what `to_json` wrote; raises ValueError/TypeError/KeyError on anything else."""
        status = data["status"]
        if status not in get_args(ArmyStatus):
            raise ValueError(f"unknown status {status!r}")
        army_id = data["army_id"]
        return cls(str(data["file"]), status, int(army_id) if army_id is not None else None, str(data["slug"]),
                   str(data["name"]), str(data["version"]), str(data["previous_version"]),
                   {str(k): int(v) for k, v in data["counts"].items()},
                   [issue_from_json(i) for i in data["issues"]])


@dataclass
class ImportReport:
    """The outcome of an import: per army, plus problems of the data set as a whole."""

    source: str
    data_dir: Path
    armies: list[ArmyImport] = field(default_factory=list)
    issues: list[ImportIssue] = field(default_factory=list)
    fatal: ImportIssue | None = None
    cancelled: bool = False
    written: bool = False
    seconds: float = 0.0
    translations: dict[str, int] = field(default_factory=dict)
    """Names merged from another language, by language: how many (`data import --url --lang es`)."""

    @property
    def ok(self) -> bool:
        """Nothing failed: every listed army is in the cache as its file says, with no errors."""
        return self.fatal is None and not self.cancelled and not self.all_errors and not self.failed_armies

    @property
    def failed_armies(self) -> list[ArmyImport]:
        """Armies whose file this import could not use (missing or broken), an older version kept or not."""
        return [a for a in self.armies if a.status in ("failed", "kept")]

    @property
    def all_issues(self) -> list[ImportIssue]:
        found = list(self.issues)
        for army in self.armies:
            found.extend(army.issues)
        if self.fatal is not None:
            found.append(self.fatal)
        return found

    @property
    def all_errors(self) -> list[ImportIssue]:
        return [i for i in self.all_issues if i.severity == "error"]

    def count(self, status: ArmyStatus) -> int:
        return sum(1 for a in self.armies if a.status == status)


# ----- import issues as stored in the index and the record -------------------------------------

def issue_to_json(issue: ImportIssue) -> dict[str, Any]:
    """An import issue as stored in the index: language-neutral.

    `message` and `unit` hold the English text (what older versions of the builder read);
    `text` and `unit_text` the message id and its fields (see `armybuilder.i18n.Message`), so
    that the issue is shown in the reader's language, not in the one the import ran in.
    """
    data: dict[str, Any] = {"file": issue.file, "message": _english(issue.text), "unit": _english(issue.unit_text),
                            "path": issue.path, "severity": issue.severity}
    if isinstance(issue.text, Message):
        data["text"] = issue.text.to_json()
    if isinstance(issue.unit_text, Message):
        data["unit_text"] = issue.unit_text.to_json()
    return data


def _english(text: str | Message) -> str:
    return text.english() if isinstance(text, Message) else text


def issue_from_json(data: dict[str, Any]) -> ImportIssue:
    """Read an issue written by `issue_to_json`, or by older versions (plain text in the import's language)."""
    return ImportIssue(str(data["file"]), _message(data, "text", "message"), _message(data, "unit_text", "unit"),
                       str(data.get("path", "")), data.get("severity", "error"))


def _message(data: dict[str, Any], neutral: str, plain: str) -> str | Message:
    if isinstance(data.get(neutral), dict):
        return Message.from_json(data[neutral])
    return str(data.get(plain, ""))


# ----- reading a data folder -------------------------------------------------------------------

class FolderReader:
    """Files of a local folder laid out like the official data (`army.json` + `<slug>.json`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.label = str(folder)

    def read(self, name: str) -> bytes:
        return read_regular_bytes(self.folder / name, MAX_ARMY_FILE_BYTES)  # a FIFO is refused, never waited on

    def names(self) -> set[str]:
        return {p.name for p in self.folder.glob("*.json")}


# ----- the unchanged-import record --------------------------------------------------------------

def code_fingerprint() -> str | None:
    """SHA-256 of the source files of `armybuilder.data` and `armybuilder.domain` (the importer, the cache
    and the model classes it pickles); None when they are not files (a frozen bundle) or cannot be read."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    found = 0
    try:
        for package in ("data", "domain"):
            for path in sorted((root / package).rglob("*.py")):
                digest.update(f"{path.relative_to(root).as_posix()}\0".encode())
                digest.update(path.read_bytes())
                digest.update(b"\0")
                found += 1
    except (OSError, ValueError):
        return None
    return digest.hexdigest() if found else None


@dataclass(frozen=True)
class UnchangedRecord:
    """What the next import of the same files reports, and what that depends on (see the module's docs)."""

    code: str
    index_sha256: str
    pack: str
    pack_bytes: int
    files: tuple[tuple[str, str | None], ...]
    """Every file the import read, in its order (army.json first): its SHA-256, None when it was missing."""
    present: frozenset[str]
    """The `*.json` names the folder held (`FolderReader.names`)."""
    issues: tuple[dict[str, Any], ...]
    armies: tuple[dict[str, Any], ...]

    def to_json(self) -> str:
        return json.dumps({
            "format": RECORD_FORMAT, "code": self.code, "index_sha256": self.index_sha256, "pack": self.pack,
            "pack_bytes": self.pack_bytes, "files": [list(f) for f in self.files], "present": sorted(self.present),
            "issues": list(self.issues), "armies": list(self.armies)}, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> UnchangedRecord:
        """Raises ValueError/TypeError/KeyError/AttributeError on anything but what `to_json` wrote."""
        data = json.loads(text)
        if data["format"] != RECORD_FORMAT:
            raise ValueError("another format")
        files = tuple((str(name), str(sha) if sha is not None else None) for name, sha in data["files"])
        if not files or any(not name or Path(name).name != name for name, _ in files):
            raise ValueError("not the files of a data folder")
        pack = str(data["pack"])
        if not pack or Path(pack).name != pack:
            raise ValueError("not a file of the cache folder")
        return cls(str(data["code"]), str(data["index_sha256"]), pack, int(data["pack_bytes"]), files,
                   frozenset(str(n) for n in data["present"]), tuple(dict(i) for i in data["issues"]),
                   tuple(dict(a) for a in data["armies"]))


def write_unchanged_record(data_dir: Path, *, files: Sequence[tuple[str, str | None]], present: set[str],
                           issues: Sequence[ImportIssue], armies: Sequence[ArmyImport], pack: str,
                           pack_bytes: int) -> bool:
    """Record what an import of these very files reports next (the importer calls it, holding the lock, once
    the index is as it stays). Removes the record when it cannot be made; never raises for the disk."""
    path = data_dir / RECORD
    code = code_fingerprint()
    try:
        if code is None:
            raise OSError("no code fingerprint")
        index = read_regular_bytes(data_dir / INDEX, MAX_INDEX_BYTES)
        record = UnchangedRecord(
            code=code, index_sha256=hashlib.sha256(index).hexdigest(), pack=pack, pack_bytes=pack_bytes,
            files=tuple(files), present=frozenset(present), issues=tuple(issue_to_json(i) for i in issues),
            armies=tuple(a.to_json() for a in armies))
        atomic_write_text(path, record.to_json())
        return True
    except OSError:
        forget_unchanged_record(data_dir)
        return False


def forget_unchanged_record(data_dir: Path) -> None:
    """Remove the record (an import that did not end cleanly); the next import converts what changed."""
    with contextlib.suppress(OSError):
        os.unlink(data_dir / RECORD)


def unchanged_import(folder: Path, data_dir: Path, *, progress: Progress | None = None,
                     cancel: threading.Event | None = None) -> ImportReport | None:
    """The report of importing `folder` into `data_dir` when none of what it depends on changed since the
    last import, read from the record; None when anything may differ (the importer must run). Reads the
    record, the index, the lock's and the pack's status and every data file; writes nothing. Progress is
    reported once everything matched, as the importer reports it."""
    started = time.perf_counter()
    try:
        if os.path.lexists(data_dir / LOCK):
            return None  # an import is writing (or died): the importer waits for it or clears it
        record = UnchangedRecord.from_json(read_regular_bytes(data_dir / RECORD, MAX_RECORD_BYTES))
        if record.code != code_fingerprint():
            return None
        index = read_regular_bytes(data_dir / INDEX, MAX_INDEX_BYTES)
        if hashlib.sha256(index).hexdigest() != record.index_sha256:
            return None
        pack = os.stat(data_dir / record.pack)
        if not stat.S_ISREG(pack.st_mode) or pack.st_size < record.pack_bytes:
            return None
        reader = FolderReader(folder)
        if reader.names() != record.present:
            return None
        sizes = []
        for name, sha256 in record.files:
            if cancel is not None and cancel.is_set():
                return None  # the importer says it was cancelled
            try:
                data = reader.read(name)
            except FileNotFoundError:
                if sha256 is not None:
                    return None
                sizes.append(0)
                continue
            if sha256 is None or hashlib.sha256(data).hexdigest() != sha256:
                return None
            sizes.append(len(data))
        report = ImportReport(source=str(folder), data_dir=data_dir,
                              armies=[ArmyImport.from_json(a) for a in record.armies],
                              issues=[issue_from_json(i) for i in record.issues])
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None  # no record, a damaged one, an unreadable file: the importer tells what is wrong
    if progress is not None:
        total = len(record.files)
        for number, ((name, _), size) in enumerate(zip(record.files, sizes, strict=True), start=1):
            progress(name, number, total, size)
    report.seconds = time.perf_counter() - started
    return report
