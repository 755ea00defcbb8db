"""Import the official Infinity Army data into the cache: a folder, or files fetched by `download`.

Designed to run on a worker thread: progress goes to a callback `(file, index, total, bytes)`,
a `threading.Event` cancels between files, nothing is printed, and every problem ends up in the
returned `ImportReport`. The cache is only replaced once everything is converted; an error,
a cancellation or a crash leaves the previous cache as it was.

After a clean import the importer records what importing the same files again reports
(`import_report.write_unchanged_record`); `import_folder` first asks `import_report.unchanged_import`
for that report and converts only when something may have changed. The CLI asks it before it imports
this module at all (#20).
"""

from __future__ import annotations

import hashlib
import itertools
import threading
import time
from collections import deque
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from armybuilder.data.cache import (
    CachedArmy,
    CacheError,
    CacheIndex,
    Dumper,
    gc_paused,
    import_lock,
    loads,
    read_blob,
    read_index,
    schema_fingerprint,
    write_cache,
)
from armybuilder.data.import_report import (
    MAX_ARMY_FILE_BYTES,
    ArmyImport,
    ArmyStatus,
    FolderReader,
    ImportReport,
    Progress,
    forget_unchanged_record,
    unchanged_import,
    write_unchanged_record,
)
from armybuilder.data.infinity_army import (
    METADATA_FILE,
    ConvertedArmy,
    Faction,
    ImportSession,
    Metadata,
    army_counts,
    link_armies,
    read_metadata,
)
from armybuilder.data.names import NameSet
from armybuilder.data.official_json import ImportFileError, ImportIssue, parse_json, read_army_json
from armybuilder.i18n import lazy_tr
from armybuilder.paths import imported_data_dir

if TYPE_CHECKING:  # the converter builds records (`armybuilder.data.records`): no pydantic model is imported
    from armybuilder.domain.profiles import Army

__all__ = ["MAX_ARMY_FILE_BYTES", "ArmyImport", "ArmyStatus", "FileReader", "FolderReader", "ImportReport",
           "MemoryReader", "Progress", "UnusableFile", "import_files", "import_folder"]


class FileReader(Protocol):
    """Where the data files come from: a folder, or files already downloaded."""

    label: str

    def read(self, name: str) -> bytes:
        """The bytes of `name`; FileNotFoundError when absent, OSError when unreadable."""

    def names(self) -> set[str]:
        """Every `*.json` file available (to spot files army.json does not list)."""


class UnusableFile(OSError):
    """A file the reader knows of but cannot hand over, and why (a download whose body was not the data)."""

    def __init__(self, issue: ImportIssue) -> None:
        super().__init__(str(issue))
        self.issue = issue


class MemoryReader:
    """Files held in memory (fetched over HTTP by `download`); `failed` names files that arrived unusable."""

    def __init__(self, files: Mapping[str, bytes], label: str, failed: Mapping[str, ImportIssue] | None = None
                 ) -> None:
        self.files = dict(files)
        self.failed = dict(failed or {})
        self.label = label

    def read(self, name: str) -> bytes:
        if name in self.failed:
            raise UnusableFile(self.failed[name])
        try:
            return self.files[name]
        except KeyError:
            raise FileNotFoundError(name) from None

    def names(self) -> set[str]:
        return set(self.files)


def import_folder(folder: Path, data_dir: Path | None = None, *, progress: Progress | None = None,
                  cancel: threading.Event | None = None, check_unchanged: bool = True,
                  keep: list[object] | None = None) -> ImportReport:
    """Import `army.json` and the army files of `folder` into the cache (default: the user's).

    When the files, the cache and the code are exactly as after the last clean import, the report is the
    one recorded then (`import_report.unchanged_import`) and nothing is converted; `check_unchanged=False`
    skips that check (the caller made it already, or a test wants the importer's own run).

    `keep`: a list the import's converted data is appended to instead of being freed when it returns (the
    command line's, which ends the process right after the report: `cli.common.keep_until_exit`)."""
    target = data_dir if data_dir is not None else imported_data_dir()
    report = ImportReport(source=str(folder), data_dir=target)
    if not folder.exists():
        report.fatal = ImportIssue(str(folder), lazy_tr("no such folder"))
        return report
    if not folder.is_dir():
        report.fatal = ImportIssue(str(folder), lazy_tr("is a file, not a folder: give the folder that holds "
                                                        "army.json"))
        return report
    if not (folder / METADATA_FILE).is_file():
        report.fatal = ImportIssue(str(folder / METADATA_FILE), lazy_tr(
            "missing: the folder must hold army.json (the metadata) and one file per army"))
        return report
    if check_unchanged:
        unchanged = unchanged_import(folder, target, progress=progress, cancel=cancel)
        if unchanged is not None:
            return unchanged
    return import_files(FolderReader(folder), target, progress=progress, cancel=cancel, report=report, keep=keep)


def import_files(reader: FileReader, data_dir: Path | None = None, *, progress: Progress | None = None,
                 cancel: threading.Event | None = None, report: ImportReport | None = None,
                 names_es: NameSet | None = None, keep: list[object] | None = None) -> ImportReport:
    """Import from any reader; see `import_folder`. Never raises for bad data: read the report.

    `names_es`: Spanish names to merge by id (`armybuilder.data.names`); None keeps those the
    cache has from an earlier import, if any. `keep`: see `import_folder`.
    """
    target = data_dir if data_dir is not None else imported_data_dir()
    report = report if report is not None else ImportReport(source=reader.label, data_dir=target)
    started = time.perf_counter()
    try:
        with import_lock(target), gc_paused():
            _Import(reader, target, report, progress, cancel, names_es, keep).run()
    except CacheError as exc:
        report.fatal = ImportIssue(exc.file or str(target), exc.message)
    except OSError as exc:
        report.fatal = ImportIssue(str(target), lazy_tr("cannot write the cache ({error})",
                                                   error=exc.strerror or str(exc)))
    report.seconds = time.perf_counter() - started
    return report


@dataclass
class _Entry:
    """One army file on its way into the cache."""

    slug: str
    file: str
    factions: list[Faction]
    sha256: str = ""
    previous: CachedArmy | None = None
    converted: ConvertedArmy | None = None
    raw: Any = None
    exact: bool = False
    """`raw` is orjson's reading (`read_json`): its units may be reused between armies."""
    texts: list[bytes] | None = None
    """The text of each unit of `raw` (`read_army_json`), None when the file was read whole."""
    pickled: tuple[Any, bytes] | None = None
    """The converted army and its blob, pickled as soon as it was converted (while its objects are fresh in the
    processor's caches); `_finish` uses the blob if linking left that army as it was."""
    outcome: ArmyImport | None = None
    army_id: int = 0
    aliases: tuple[int, ...] = ()
    grouping: bool = False
    """A faction that only groups other armies (Non-Aligned Armies): no file of its own is expected."""


class _Cancelled(Exception):
    pass


class _Import:
    """One run of the importer (see `import_files`)."""

    def __init__(self, reader: FileReader, data_dir: Path, report: ImportReport, progress: Progress | None,
                 cancel: threading.Event | None, names_es: NameSet | None = None,
                 keep: list[object] | None = None) -> None:
        self.reader = reader
        self.keep = keep
        self.dumper = Dumper()
        """Pickles the armies and weapons (one pickler for the whole import)."""
        self.data_dir = data_dir
        self.report = report
        self.progress = progress
        self.cancel = cancel
        self.names_es = names_es
        self.renamed = False
        """The Spanish names differ from those of the cache: every army is converted again."""
        self.present: set[str] | None = None
        """The files the reader holds (`FileReader.names`), None when they could not be listed."""
        self.meta_sha = ""

    def _check_cancel(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise _Cancelled

    def run(self) -> None:
        try:
            self._run()
        except _Cancelled:
            self.report.cancelled = True
        except ImportFileError as exc:
            self.report.fatal = exc.issue

    def _run(self) -> None:
        report = self.report
        self._check_cancel()
        try:
            meta_bytes = self.reader.read(METADATA_FILE)
        except FileNotFoundError:
            raise ImportFileError(ImportIssue(METADATA_FILE, lazy_tr(
                "missing: the data must include army.json (the metadata) and one file per army"))) from None
        except OSError as exc:
            raise ImportFileError(ImportIssue(METADATA_FILE, lazy_tr("cannot be read ({error})",
                                                                error=exc.strerror or str(exc)))) from None
        meta_raw = parse_json(meta_bytes, METADATA_FILE)
        previous = self._previous_index()
        steady_from = len(report.issues)  # the issues before are about the previous cache: not said again
        usable = previous if previous is not None and previous.is_current else None
        kept = previous.translations.get("es") if previous is not None else None
        names = self.names_es if self.names_es is not None else kept  # an English-only import keeps them
        self.renamed = usable is not None and names != kept
        metadata = read_metadata(meta_raw, names_es=names)
        meta_sha = self.meta_sha = hashlib.sha256(meta_bytes).hexdigest()
        report.issues.extend(metadata.issues)
        if self.names_es is not None:
            report.translations["es"] = self.names_es.count
        if metadata.not_imported:
            report.issues.append(ImportIssue(METADATA_FILE, lazy_tr(
                "not imported (the builder has no use for them yet): {sections}",
                sections=", ".join(f"{k} ({v})" for k, v in metadata.not_imported.items())),
                severity="info"))
        entries = self._plan(metadata, usable)
        session = ImportSession(metadata, known_names=previous.names if previous is not None else None,
                                names_es=names)
        self._kept_to_the_end(entries, session, metadata)
        total = len(entries) + 1
        self._progress(METADATA_FILE, 1, total, len(meta_bytes))
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="armybuilder-import-read") as reader:
            ahead: deque[Future[tuple[bytes, str] | OSError]] = deque()
            upcoming = iter(entries)
            for entry in itertools.islice(upcoming, 2):  # read (and hash) up to two files ahead
                ahead.append(reader.submit(self._fetch, entry))
            for number, entry in enumerate(entries, start=2):
                fetched = ahead.popleft().result()
                for following in itertools.islice(upcoming, 1):
                    ahead.append(reader.submit(self._fetch, following))
                self._check_cancel()
                self._read_and_convert(entry, fetched, session, number, total)
        self._retry_unresolved(entries, session)
        self._choose_ids(entries)
        links = link_armies(metadata.factions, {e.army_id: self._reinforcements(e) for e in entries
                                                if e.converted is not None or e.previous is not None})
        armies: list[CachedArmy] = []
        blobs: list[bytes] = []
        changed = usable is None or usable.metadata_sha256 != meta_sha or self.renamed
        for entry in entries:
            self._check_cancel()
            result = self._finish(entry, links, usable)
            if result is None:
                continue
            cached, blob, entry_changed = result
            armies.append(cached)
            blobs.append(blob)
            changed = changed or entry_changed
        if usable is not None:
            kept_slugs = {e.slug for e in entries}
            for old in usable.armies:
                if old.slug not in kept_slugs:
                    changed = True
                    report.armies.append(ArmyImport(old.file, "removed", old.id, old.slug, old.name,
                                                    previous_version=old.version, issues=[ImportIssue(
                                                        old.file, lazy_tr("no longer listed in army.json; removed"),
                                                        severity="info")]))
        changed = changed or len(armies) != len(usable.armies if usable else ())
        if not changed:
            self._record(entries, armies, usable, report.issues[steady_from:])
            return  # re-importing unchanged files: nothing to write
        self._check_cancel()
        if usable is not None and usable.metadata_sha256 == meta_sha and not self.renamed:
            weapons_blob = read_blob(self.data_dir, usable.pack, *usable.weapons)
        else:
            weapons_blob = self.dumper.dumps(metadata.weapons)
        index = CacheIndex(
            pack="", source=self.reader.label, imported_at=time.strftime("%Y-%m-%d %H:%M:%S"),
            schema=schema_fingerprint(), metadata_sha256=meta_sha, weapons=(0, 0), armies=armies,
            names=session.learned_names, not_imported=metadata.not_imported, issues=list(metadata.issues),
            translations={"es": names} if names else {})
        write_cache(self.data_dir, index, [weapons_blob, *blobs])
        report.written = True
        self._record(entries, index.armies, index, report.issues[steady_from:])

    def _kept_to_the_end(self, *structures: object) -> None:
        """Hand the import's converted data to `keep` (freed when the process ends, not when the import returns)."""
        if self.keep is not None:
            self.keep.append(structures)

    def _record(self, entries: list[_Entry], armies: list[CachedArmy], index: CacheIndex | None,
                steady: list[ImportIssue]) -> None:
        """Record what importing the same files again reports (see `import_report`), once the index is as it
        stays: after a clean import of a folder only (no error, nothing failed or kept), else forget it."""
        report = self.report
        if not isinstance(self.reader, FolderReader) or self.present is None or index is None \
                or report.all_errors or report.failed_armies or not index.is_current:
            forget_unchanged_record(self.data_dir)
            return
        cached = {army.file: army for army in armies}
        again: list[ArmyImport] = []  # as `_finish` reports each army when its file is as now
        for outcome in report.armies:
            if outcome.status == "skipped":
                again.append(outcome)
            elif outcome.status != "removed":
                if outcome.file not in cached:  # (never: every army reported is cached or skipped)
                    forget_unchanged_record(self.data_dir)
                    return
                again.append(_unchanged(cached[outcome.file]))
        ends = [index.weapons, *((army.offset, army.length) for army in index.armies)]
        write_unchanged_record(
            self.data_dir, files=[(METADATA_FILE, self.meta_sha), *((e.file, e.sha256 or None) for e in entries)],
            present=self.present, issues=steady, armies=again, pack=index.pack,
            pack_bytes=max(offset + length for offset, length in ends))

    def _progress(self, file: str, index: int, total: int, size: int) -> None:
        if self.progress is not None:
            self.progress(file, index, total, size)

    def _previous_index(self) -> CacheIndex | None:
        try:
            previous = read_index(self.data_dir)
        except CacheError as exc:
            self.report.issues.append(ImportIssue(str(self.data_dir), lazy_tr(
                "the previous cache cannot be read ({error}); it is rebuilt from this import", error=str(exc)),
                severity="warning"))
            return None
        if previous is not None and not previous.is_current:
            self.report.issues.append(ImportIssue(str(self.data_dir), lazy_tr(
                "the previous cache was made by another version of armybuilder; every army is converted again"),
                severity="info"))
        return previous

    def _plan(self, metadata: Metadata, previous: CacheIndex | None) -> list[_Entry]:
        by_slug = metadata.factions_by_slug()
        old = {a.slug: a for a in previous.armies} if previous is not None else {}
        entries = [_Entry(slug, f"{slug}.json", factions, previous=old.get(slug)) for slug, factions in by_slug.items()]
        for entry in entries:
            entry.grouping = metadata.is_grouping(entry.factions)
        listed = {e.file for e in entries} | {METADATA_FILE}
        try:
            present = self.present = self.reader.names()
        except OSError:
            present = set()
        for name in sorted(present - listed):
            self.report.issues.append(ImportIssue(name, lazy_tr("not listed in army.json; skipped"),
                                                  severity="warning"))
        return entries

    def _fetch(self, entry: _Entry) -> tuple[bytes, str] | OSError:
        """A file's bytes and SHA-256 (run on a helper thread: reading and hashing release the GIL)."""
        try:
            data = self.reader.read(entry.file)
        except OSError as exc:
            return exc
        return data, hashlib.sha256(data).hexdigest()

    def _read_and_convert(self, entry: _Entry, fetched: tuple[bytes, str] | OSError, session: ImportSession,
                          number: int, total: int) -> None:
        if isinstance(fetched, UnusableFile):
            self._progress(entry.file, number, total, 0)
            self._failed(entry, fetched.issue)
            return
        if isinstance(fetched, FileNotFoundError):
            self._progress(entry.file, number, total, 0)
            self._missing(entry)
            return
        if isinstance(fetched, OSError):
            self._progress(entry.file, number, total, 0)
            self._failed(entry, ImportIssue(entry.file, lazy_tr("cannot be read ({error})",
                                                           error=fetched.strerror or str(fetched))))
            return
        data, entry.sha256 = fetched
        self._progress(entry.file, number, total, len(data))
        previous = entry.previous
        if previous is not None and previous.sha256 == entry.sha256 and not self.renamed and not any(
                issue.severity == "error" for issue in previous.issues):
            return  # unchanged: the cached army is reused as it is (one imported with errors is tried again)
        faction = max(entry.factions, key=lambda f: f.id)
        try:
            raw, entry.exact, entry.texts = read_army_json(data, entry.file, session.texts)
            del data
            entry.converted = session.convert(raw, faction, entry.file, entry.exact, entry.texts)
        except ImportFileError as exc:
            self._failed(entry, exc.issue)
            return
        except RecursionError:  # only this army fails, never the whole import
            self._failed(entry, ImportIssue(entry.file, lazy_tr("is nested too deeply to be army data")))
            return
        if entry.converted.unresolved:
            entry.raw = raw  # another file may name the missing ids: keep it for one more try
        else:
            entry.texts = None
            entry.pickled = (entry.converted.army, self.dumper.dumps(entry.converted.army))

    def _missing(self, entry: _Entry) -> None:
        if entry.previous is not None:
            entry.outcome = ArmyImport(entry.file, "kept", entry.previous.id, entry.slug, entry.previous.name,
                                       issues=[ImportIssue(entry.file, lazy_tr(
                "file not found; the version imported before ({version}) is kept",
                version=entry.previous.version), severity="warning")])
        elif entry.grouping:  # e.g. Non-Aligned Armies (901): the NA2 armies are its sectorials
            entry.outcome = ArmyImport(entry.file, "skipped", entry.factions[0].id, entry.slug, entry.factions[0].name,
                                       issues=[ImportIssue(entry.file, lazy_tr(
                                           "{name} groups other armies and has no army file; nothing to import",
                                           name=entry.factions[0].name), severity="info")])
        else:
            entry.outcome = ArmyImport(entry.file, "failed", entry.factions[0].id, entry.slug, entry.factions[0].name,
                                       issues=[ImportIssue(entry.file, lazy_tr(
                                           "file not found: army.json lists {name} but its file is missing",
                                           name=entry.factions[0].name))])

    def _failed(self, entry: _Entry, issue: ImportIssue) -> None:
        issues = [issue]
        if entry.previous is not None:
            issues.append(ImportIssue(entry.file, lazy_tr("the version imported before ({version}) is kept",
                                                     version=entry.previous.version), severity="info"))
        first = max(entry.factions, key=lambda f: f.id)
        entry.outcome = ArmyImport(entry.file, "kept" if entry.previous is not None else "failed", first.id,
                                   entry.slug, first.name, issues=issues)
        entry.sha256 = ""

    def _retry_unresolved(self, entries: list[_Entry], session: ImportSession) -> None:
        """Convert again the armies with ids found nowhere, if a later file named them."""
        learned = session.learned_names
        for entry in entries:
            if entry.raw is None or entry.converted is None:
                continue
            if any(key in learned.get(kind, {}) for kind, key in entry.converted.unresolved):
                entry.converted = session.convert(entry.raw, max(entry.factions, key=lambda f: f.id), entry.file,
                                                  entry.exact, entry.texts)
                entry.pickled = None
            entry.raw = entry.texts = None

    @staticmethod
    def _reinforcements(entry: _Entry) -> int | None:
        if entry.converted is not None:
            return entry.converted.army.reinforcements
        return entry.previous.reinforcements if entry.previous is not None else None

    def _choose_ids(self, entries: list[_Entry]) -> None:
        """Pick the id of a file that several factions share (998 and 999 for Contracted Back-Up):
        the one other armies name as their Reinforcements, else the highest; the others are aliases."""
        named = {self._reinforcements(e) for e in entries} - {None}
        for entry in entries:
            ids = sorted(f.id for f in entry.factions)
            wanted = [i for i in ids if i in named]
            entry.army_id = wanted[0] if len(wanted) == 1 else ids[-1]
            entry.aliases = tuple(i for i in ids if i != entry.army_id)

    def _finish(self, entry: _Entry, links: Mapping[int, Any], previous: CacheIndex | None
                ) -> tuple[CachedArmy, bytes, bool] | None:
        """The index entry and blob of one army, and whether it differs from the cache."""
        faction = next(f for f in entry.factions if f.id == entry.army_id)
        link = links.get(entry.army_id)
        kind, parent = (link.kind, link.parent) if link is not None else ("vanilla", None)
        faction_key = (faction.id, faction.parent, faction.name, faction.slug, faction.discontinued)
        if entry.converted is not None:
            army = entry.converted.army
            army = _relinked(army, entry.army_id, kind, parent)
            issues = list(entry.converted.issues)
            if entry.aliases:
                issues.append(ImportIssue(entry.file, lazy_tr(
                    "army.json gives this file the ids {ids}; imported as {id}, the one other armies name as "
                    "Reinforcements (army codes with the others still resolve)",
                    ids=", ".join(str(i) for i in sorted((*entry.aliases, entry.army_id))), id=entry.army_id),
                    severity="info"))
            status: ArmyStatus = "updated" if entry.previous is not None else "imported"
            if entry.previous is not None and entry.previous.version == army.version \
                    and entry.previous.sha256 != entry.sha256:
                issues.append(ImportIssue(entry.file, lazy_tr(
                    "the content changed but the data version did not (still {version})", version=army.version),
                    severity="info"))
            outcome = ArmyImport(entry.file, status, army.id, army.slug, army.name, army.version,
                                 entry.previous.version if entry.previous is not None else "",
                                 army_counts(army), issues)
            self.report.armies.append(outcome)
            cached = CachedArmy(
                id=army.id, slug=army.slug, name=army.name, kind=army.kind, parent=army.parent, version=army.version,
                edition=army.edition, discontinued=army.discontinued, counts=outcome.counts,
                reinforcements=army.reinforcements, aliases=entry.aliases, file=entry.file, sha256=entry.sha256,
                offset=0, length=0, faction=faction_key, issues=tuple(issues))
            pickled = entry.pickled
            blob = pickled[1] if pickled is not None and pickled[0] is army else self.dumper.dumps(army)
            return cached, blob, True
        old = entry.previous
        if old is None or previous is None:
            if entry.outcome is not None:
                self.report.armies.append(entry.outcome)
            return None
        blob = read_blob(self.data_dir, previous.pack, old.offset, old.length)
        changed = False
        if (old.id, old.kind, old.parent, old.aliases, old.faction) != (entry.army_id, kind, parent, entry.aliases,
                                                                         faction_key) and entry.outcome is None:
            # the file is unchanged but army.json or another file changed what it is: update the summary
            from armybuilder.domain.profiles import Army  # (imported already: unpickling made the army)

            army = loads(blob)
            if isinstance(army, Army):
                army = _relinked(army, entry.army_id, kind, parent).model_copy(
                    update={"name": faction.name, "discontinued": faction.discontinued})
                blob = self.dumper.dumps(army)
                old = CachedArmy(**{**old.__dict__, "id": army.id, "name": army.name, "kind": army.kind,
                                    "parent": army.parent, "discontinued": army.discontinued,
                                    "aliases": entry.aliases, "faction": faction_key})
                changed = True
        if entry.outcome is not None:  # read or converted badly: the previous version is kept
            entry.outcome.army_id, entry.outcome.slug, entry.outcome.name = old.id, old.slug, old.name
            entry.outcome.version = entry.outcome.previous_version = old.version
            entry.outcome.counts = dict(old.counts)
            self.report.armies.append(entry.outcome)
        else:
            self.report.armies.append(_unchanged(old))
        return old, blob, changed


def _unchanged(old: CachedArmy) -> ArmyImport:
    """What an import says of an army whose file did not change since `old` was cached."""
    return ArmyImport(old.file, "unchanged", old.id, old.slug, old.name, old.version, old.version, dict(old.counts),
                      list(old.issues))


def _relinked(army: Army, army_id: int, kind: str, parent: int | None) -> Army:
    if (army.id, army.kind, army.parent) == (army_id, kind, parent):
        return army
    return army.model_copy(update={"id": army_id, "kind": kind, "parent": parent})
