"""The imported official data on disk, and the catalog source that reads it lazily.

Layout of the cache folder (`armybuilder.paths.imported_data_dir()`):

- `index.json` — what is cached: per army its summary, data version, the SHA-256 of the file it
  came from, where its blob lies in the pack, and the issues found when importing it;
- `pack-<generation>.bin` — every army (and the weapon profiles) pickled one after the other;
- `reimport.json` — what importing the same files again reports, and what it depends on (written by the
  importer after a clean import, read by `import_report.unchanged_import` without this module);
- `import.lock` — while an import writes.

An import writes a new pack under a new name, then replaces `index.json` atomically, then
removes the old pack: a crash or an error at any point leaves the previous index and pack in
place. Reading one army reads one slice of the pack. See docs/official-data.md.
"""

from __future__ import annotations

import contextlib
import copyreg
import functools
import gc
import hashlib
import io
import json
import operator
import os
import pickle
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.data import records
from armybuilder.data.fileio import atomic_write_bytes, atomic_write_text, open_regular, read_regular_bytes
from armybuilder.data.import_report import INDEX as INDEX  # the cache folder's file names live with the check
from armybuilder.data.import_report import LOCK as LOCK
from armybuilder.data.import_report import MAX_INDEX_BYTES as MAX_INDEX_BYTES
from armybuilder.data.import_report import issue_from_json as issue_from_json
from armybuilder.data.import_report import issue_to_json as issue_to_json
from armybuilder.data.names import NameSet
from armybuilder.data.official_json import ImportIssue
from armybuilder.data.problems import DataError, DataProblem
from armybuilder.i18n import tr
from armybuilder.paths import imported_data_dir

if TYPE_CHECKING:  # the catalog and the models (pydantic): not needed to import the data (#20)
    from armybuilder.data.catalog import ArmySummary, Catalog
    from armybuilder.domain.lists import Origin
    from armybuilder.domain.profiles import Army, WeaponProfile

FORMAT = "armybuilder-imported/2"
OLDER_FORMATS = ("armybuilder-imported/1",)
"""Indexes of these formats read as made by another version of armybuilder (`CacheIndex.is_current` is
false): their armies are imported again, their packs never read. Format 1 pickled the pydantic models
themselves; format 2 pickles `records.model(name, fields, fields_set)`, which the importer writes without
importing pydantic."""
LOCK_STALE_SECONDS = 600


class CacheError(Exception):
    """The cache cannot be read (corrupt index or pack, or made by another version).

    `message` says what is wrong (in the current language), `file` which file it is, when known.
    """

    def __init__(self, message: str, file: str | Path | None = None) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        super().__init__(f"{self.file}: {message}" if self.file else message)


# ----- pickling domain models compactly and reading them back safely ----------------------------

def _model_reducer(name: str) -> Any:
    def reduce(model: Any) -> tuple[Any, ...]:
        return records.model, (name, model.__dict__, model.__pydantic_fields_set__)
    return reduce


def _dispatch_table() -> dict[type, Any]:
    """Pickle every record (`armybuilder.data.records`) and every domain model already imported as
    `records.model(name, field dict, fields set)`: smaller and faster than the default, and the same for both."""
    return _table(tuple(m for m in records.MODULES if f"armybuilder.domain.{m}" in sys.modules))


@functools.cache
def _table(loaded: tuple[str, ...]) -> dict[type, Any]:
    table: dict[type, Any] = dict(copyreg.dispatch_table)
    pickled = operator.attrgetter("pickled")  # (records.model, (name, fields, fields set)), made with the record
    for cls in records.RECORDS.values():
        table[cls] = pickled
    for module in loaded:  # the models themselves, if something imported them (the importer does not)
        for name, (where, _) in records.FIELDS.items():
            if where == module:
                table[getattr(sys.modules[f"armybuilder.domain.{module}"], name)] = _model_reducer(name)
    return table


class Dumper:
    """Pickles domain models or their records for the cache, many values in a row (an import's armies and
    weapons): one pickler for all of them, its memo cleared between values rather than made anew. A fresh
    pickler grows its memo table from nothing for each army, and each larger table is new memory, zeroed page
    by page (about 4,000 page faults in a cold import, a fifth of them all, #20); cleared, the table stays as
    large as the largest army needed. Each value's pickle is whole on its own, byte for byte what a pickler of
    its own writes (`dumps`). One thread at a time."""

    def __init__(self) -> None:
        self._chunks: list[bytes] = []
        sink = io.RawIOBase()
        sink.write = self._chunks.append  # type: ignore[method-assign,assignment]  # the pickler's frames
        self._pickler = pickle.Pickler(sink, protocol=pickle.HIGHEST_PROTOCOL)

    def dumps(self, value: Any) -> bytes:
        pickler = self._pickler
        pickler.dispatch_table = _dispatch_table()
        pickler.clear_memo()
        try:
            with gc_paused():
                pickler.dump(value)
            return b"".join(self._chunks)
        finally:
            self._chunks.clear()


def dumps(value: Any) -> bytes:
    """Pickle domain models or their records (armies, weapon profiles) for the cache: one value, with a pickler
    of its own (the importer pickles its many with one `Dumper`)."""
    return Dumper().dumps(value)


_ALLOWED_GLOBALS = {
    ("armybuilder.data.records", "model"),  # which checks the name is one of a domain model
    ("armybuilder.domain.scalars", "_restore_swc"),
    ("builtins", "set"),
    ("builtins", "frozenset"),
}


class _Unpickler(pickle.Unpickler):
    """Reads only what `dumps` writes: domain classes and the functions that rebuild them."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED_GLOBALS or (module.startswith("armybuilder.domain.") and name[:1].isupper()):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(tr("unexpected object {name} in the cache", name=f"{module}.{name}"))


def loads(data: bytes) -> Any:
    """Read what `dumps` wrote; raises CacheError on anything else."""
    try:
        with gc_paused():
            return _Unpickler(io.BytesIO(data)).load()
    except Exception as exc:  # a damaged blob can raise almost anything while unpickling
        raise CacheError(tr("damaged cache entry ({error})", error=f"{type(exc).__name__}: {exc}")) from exc


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many objects that all stay alive.

    Building ~100,000 long-lived objects with the collector on costs 5-10× more: it keeps
    scanning objects that can never be garbage.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def schema_fingerprint() -> str:
    """Changes whenever a cached model class gains, loses or renames a field (`records.schema_fingerprint`)."""
    return records.schema_fingerprint()


# ----- the index -------------------------------------------------------------------------------

@dataclass(frozen=True)
class CachedArmy:
    """One army in the index: enough to list it (summary) and to find its blob in the pack."""

    id: int
    slug: str
    name: str
    kind: str
    parent: int | None
    version: str
    edition: str
    discontinued: bool
    counts: dict[str, int]
    reinforcements: int | None
    aliases: tuple[int, ...]
    file: str
    sha256: str
    offset: int
    length: int
    faction: tuple[Any, ...] = ()
    issues: tuple[ImportIssue, ...] = ()
    blob_sha256: str = ""
    """SHA-256 of the army's blob in the pack, checked on every load ("" in caches written before it)."""

    def summary(self) -> ArmySummary:
        from armybuilder.data.catalog import ArmySummary

        return ArmySummary(
            origin="imported", id=self.id, slug=self.slug, name=self.name, kind=self.kind,  # type: ignore[arg-type]
            parent=self.parent, version=self.version, edition=self.edition, units=self.counts.get("units", 0),
            options=self.counts.get("options", 0), discontinued=self.discontinued)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {k: v for k, v in self.__dict__.items() if k not in ("issues", "aliases", "faction")}
        data["aliases"] = list(self.aliases)
        data["faction"] = list(self.faction)
        data["issues"] = [issue_to_json(i) for i in self.issues]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CachedArmy:
        values = dict(data)
        values["aliases"] = tuple(values.get("aliases", ()))
        values["faction"] = tuple(values.get("faction", ()))
        values["issues"] = tuple(issue_from_json(i) for i in values.get("issues", ()))
        return cls(**values)


@dataclass
class CacheIndex:
    """Everything `index.json` says about the cached data."""

    pack: str
    source: str
    imported_at: str
    schema: str
    metadata_sha256: str
    weapons: tuple[int, int]
    armies: list[CachedArmy]
    names: dict[str, dict[int, str]] = field(default_factory=dict)
    not_imported: dict[str, int] = field(default_factory=dict)
    issues: list[ImportIssue] = field(default_factory=list)
    translations: dict[str, NameSet] = field(default_factory=dict)
    """Names in other languages merged into the armies (Spanish), kept for the next import."""
    format: str = FORMAT
    """The index's format: FORMAT, or one of OLDER_FORMATS (then never current)."""

    def to_json(self) -> str:
        data = {
            "format": self.format, "pack": self.pack, "source": self.source, "imported_at": self.imported_at,
            "schema": self.schema, "metadata_sha256": self.metadata_sha256, "weapons": list(self.weapons),
            "not_imported": self.not_imported, "issues": [issue_to_json(i) for i in self.issues],
            "armies": [a.to_json() for a in self.armies],
            "names": {kind: {str(k): v for k, v in table.items()} for kind, table in self.names.items()},
            "translations": {language: names.to_json() for language, names in self.translations.items()},
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, text: str) -> CacheIndex:
        data = json.loads(text)
        if not isinstance(data, dict) or (data.get("format") != FORMAT and data.get("format") not in OLDER_FORMATS):
            raise CacheError(tr("not an index of format {format}", format=FORMAT))
        return cls(
            pack=str(data["pack"]), source=str(data.get("source", "")), imported_at=str(data.get("imported_at", "")),
            schema=str(data.get("schema", "")), metadata_sha256=str(data.get("metadata_sha256", "")),
            weapons=(int(data["weapons"][0]), int(data["weapons"][1])),
            armies=[CachedArmy.from_json(a) for a in data["armies"]],
            names={kind: {int(k): str(v) for k, v in table.items()} for kind, table in data.get("names", {}).items()},
            not_imported={str(k): int(v) for k, v in data.get("not_imported", {}).items()},
            issues=[issue_from_json(i) for i in data.get("issues", ())],
            translations={str(k): NameSet.from_json(v) for k, v in data.get("translations", {}).items()},
            format=str(data["format"]),
        )

    def army(self, army_id: int) -> CachedArmy | None:
        for army in self.armies:
            if army.id == army_id or army_id in army.aliases:
                return army
        return None

    @property
    def is_current(self) -> bool:
        """Made by this version of the domain model and cache format (else the armies must be imported
        again)."""
        return self.format == FORMAT and self.schema == schema_fingerprint()


def read_index(data_dir: Path) -> CacheIndex | None:
    """The cache's index, or None when nothing was imported yet; CacheError when it is damaged."""
    path = data_dir / INDEX
    try:  # a regular file only: a FIFO put in its place would block every start
        text = read_regular_bytes(path, MAX_INDEX_BYTES).decode("utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise CacheError(tr("damaged index: not UTF-8 text ({reason} at byte {byte})", reason=exc.reason,
                            byte=exc.start), path) from exc
    except OSError as exc:
        raise CacheError(tr("cannot be read: {reason}", reason=exc.strerror or exc), path) from exc
    try:
        return CacheIndex.from_json(text)
    except CacheError as exc:
        raise CacheError(exc.message, path) from exc
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise CacheError(tr("damaged index ({error})", error=f"{type(exc).__name__}: {exc}"), path) from exc


def read_blob(data_dir: Path, pack: str, offset: int, length: int) -> bytes:
    """One army's bytes from the pack. FileNotFoundError when the pack is gone (another import
    replaced it); CacheError naming the pack for any other problem reading it."""
    path = data_dir / pack
    try:
        with open_regular(path) as handle:  # a FIFO in the pack's place is refused, not waited on
            handle.seek(offset)
            data = handle.read(length)
    except FileNotFoundError:
        raise
    except (OSError, ValueError, OverflowError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CacheError(tr("cannot be read: {reason}", reason=reason), path) from exc
    if len(data) != length:
        raise CacheError(tr("shorter than the index says (damaged or replaced)"), path)
    return data


def write_cache(data_dir: Path, index: CacheIndex, blobs: Sequence[bytes]) -> CacheIndex:
    """Write a new pack of `blobs` (offsets are assigned in order: weapons first, then each army of
    `index.armies`), then the index, atomically; finally remove packs the index no longer names."""
    data_dir.mkdir(parents=True, exist_ok=True)
    if len(blobs) != len(index.armies) + 1:
        raise ValueError("one blob for the weapons and one per army")
    pack = f"pack-{time.strftime('%Y%m%d%H%M%S')}-{os.getpid()}-{os.urandom(3).hex()}.bin"
    offsets = []
    position = 0
    for blob in blobs:
        offsets.append((position, len(blob)))
        position += len(blob)
    atomic_write_bytes(data_dir / pack, b"".join(blobs))
    index.pack = pack
    index.weapons = offsets[0]
    index.armies = [_with_offset(army, *where, hashlib.sha256(blob).hexdigest())
                    for army, where, blob in zip(index.armies, offsets[1:], blobs[1:], strict=True)]
    try:
        atomic_write_text(data_dir / INDEX, index.to_json())
    except BaseException:
        with contextlib.suppress(OSError):
            (data_dir / pack).unlink()
        raise
    for old in data_dir.glob("pack-*.bin"):
        if old.name != pack:
            with contextlib.suppress(OSError):  # another process may still read it (Windows keeps it)
                old.unlink()
    return index


def _with_offset(army: CachedArmy, offset: int, length: int, blob_sha256: str) -> CachedArmy:
    values = dict(army.__dict__)
    values.update(offset=offset, length=length, blob_sha256=blob_sha256)
    return CachedArmy(**values)


@contextlib.contextmanager
def import_lock(data_dir: Path) -> Iterator[None]:
    """Only one import writes the cache at a time; a lock whose process is gone (or older than 10 minutes) is stale."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / LOCK
    for _ in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            try:
                age = time.time() - path.stat().st_mtime
            except FileNotFoundError:
                continue
            if age > LOCK_STALE_SECONDS or not _holder_alive(path):
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                continue
            raise CacheError(tr("another import is writing {folder} right now; try again when it has finished",
                                folder=str(data_dir))) from None
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        try:
            yield
        finally:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        return
    raise CacheError(tr("cannot lock {folder} for importing", folder=str(data_dir)))


def _holder_alive(lock: Path) -> bool:
    """Whether the process that wrote the lock still runs (POSIX; elsewhere assume it does)."""
    if os.name != "posix":
        return True
    try:
        pid = int(read_regular_bytes(lock, 64).decode("ascii").strip() or "0")
    except (OSError, ValueError):
        return True  # being written right now, or unreadable: trust the age check
    if pid <= 0 or pid == os.getpid():
        return pid == os.getpid()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


# ----- the catalog source ----------------------------------------------------------------------

class ImportedSource:
    """Imported armies for the catalog: summaries from the index, each army read when asked for."""

    origin: Origin = "imported"

    def __init__(self, data_dir: Path, index: CacheIndex) -> None:
        self.data_dir = data_dir
        self.index = index
        self._summaries = [a.summary() for a in index.armies]
        self._weapons: dict[str, WeaponProfile] | None = None

    @classmethod
    def open(cls, data_dir: Path | None = None) -> ImportedSource | None:
        """The cache in `data_dir` (default: the user's), or None when nothing was imported.

        Raises CacheError when the index is damaged or was written by an incompatible version.
        """
        folder = data_dir if data_dir is not None else imported_data_dir()
        return cls.from_index(folder, read_index(folder))

    @classmethod
    def from_index(cls, folder: Path, index: CacheIndex | None) -> ImportedSource | None:
        """The cache in `folder` whose index was read already (`read_index`); as `open`."""
        if index is None:
            return None
        if not index.is_current:
            raise CacheError(tr("the imported data in {folder} was converted by another version of armybuilder; "
                                "import it again with `armybuilder data import`", folder=str(folder)),
                             folder / INDEX)
        return cls(folder, index)

    @property
    def index_path(self) -> Path:
        return self.data_dir / INDEX

    def has(self, army_id: int) -> bool:
        """Whether the index lists this army (by its id or an alias)."""
        return self.entry(army_id) is not None

    def summaries(self) -> Sequence[ArmySummary]:
        return self._summaries

    def entry(self, army_id: int) -> CachedArmy | None:
        """The index entry of an army (its id or an alias such as 998 for 999)."""
        return self.index.army(army_id)

    def load(self, army_id: int) -> Army:
        entry = self.entry(army_id)
        if entry is None:
            raise DataError(DataProblem(str(self.data_dir / INDEX), tr(
                "army {army} is not in your imported data; import the official data again (armybuilder data "
                "import) to use it", army=army_id)))
        try:
            army = self._read(entry)
        except FileNotFoundError:
            # another import replaced the cache since this source was opened: read the new index once
            try:
                fresh = read_index(self.data_dir)
            except CacheError as exc:
                raise DataError(DataProblem(exc.file or str(self.data_dir / INDEX), exc.message)) from None
            entry = fresh.army(army_id) if fresh is not None and fresh.is_current else None
            if fresh is None or entry is None:
                raise DataError(DataProblem(str(self.data_dir), tr("the imported data changed while in use; "
                                                                   "open it again"))) from None
            self.index = fresh
            self._summaries = [a.summary() for a in fresh.armies]
            try:
                army = self._read(entry)
            except FileNotFoundError as exc:
                raise DataError(DataProblem(str(exc.filename or self.data_dir / fresh.pack),
                                            tr("file not found"))) from None
        from armybuilder.domain.profiles import Army  # (imported already: unpickling made the army)

        if not isinstance(army, Army):
            raise DataError(DataProblem(str(self.data_dir / self.index.pack), tr("damaged cache entry for army {id}",
                                                                                id=army_id)))
        if army.id != entry.id:  # an index pointing at another army's data: never validate against it
            raise DataError(DataProblem(str(self.data_dir / INDEX), tr(
                "damaged cache: the entry of army {id} ({name}) holds army {other} ({other_name}); import the "
                "official data again", id=entry.id, name=entry.name, other=army.id, other_name=army.name)))
        return army

    def _read(self, entry: CachedArmy) -> Any:
        try:
            data = read_blob(self.data_dir, self.index.pack, entry.offset, entry.length)
            if entry.blob_sha256 and hashlib.sha256(data).hexdigest() != entry.blob_sha256:
                raise CacheError(tr("damaged cache: the data of army {id} ({name}) does not match its checksum; "
                                    "import the official data again", id=entry.id, name=entry.name),
                                 self.data_dir / self.index.pack)
            return loads(data)
        except CacheError as exc:
            raise DataError(DataProblem(exc.file or str(self.data_dir / self.index.pack), exc.message)) from None

    def name_languages(self) -> tuple[str, ...]:
        """English, and the languages whose names were merged at import (Spanish: `--lang es`)."""
        return ("en", *(language for language, names in self.index.translations.items() if names))

    def weapons(self) -> dict[str, WeaponProfile]:
        if self._weapons is None:
            offset, length = self.index.weapons
            try:
                weapons = loads(read_blob(self.data_dir, self.index.pack, offset, length))
            except (OSError, CacheError):
                weapons = {}
            self._weapons = weapons if isinstance(weapons, dict) else {}
        return self._weapons


_NAME_KINDS = {"weapons": "weapons", "skills": "skills", "equip": "equipment", "chars": "characteristics"}


def imported_names(data_dir: Path | None = None) -> dict[str, list[str]]:
    """The names of weapons, skills, equipment and characteristics the imported official data uses, by
    the kinds of profile files (`profiles_yaml.ITEM_KINDS`): a profile database may use them too. Empty
    when nothing usable is imported (`attach_imported` says why)."""
    try:
        index = read_index(data_dir if data_dir is not None else imported_data_dir())
    except CacheError:
        return {}
    return _index_names(index)


def _index_names(index: CacheIndex | None) -> dict[str, list[str]]:
    if index is None:
        return {}
    return {ours: sorted(set(index.names.get(theirs, {}).values())) for theirs, ours in _NAME_KINDS.items()}


def catalog_with_imported(paths: Sequence[Path], data_dir: Path | None = None) -> Catalog:
    """The profile databases in `paths` (checked against the names the imported data uses too) with the
    armies imported into `data_dir` (default: the user's) attached, as `attach_imported` does — from one
    reading of the cache's index, which both need."""
    folder = data_dir if data_dir is not None else imported_data_dir()
    try:
        index: CacheIndex | None = read_index(folder)
        failure: CacheError | None = None
    except CacheError as exc:
        index, failure = None, exc
    from armybuilder.data.catalog import Catalog

    catalog = Catalog.from_paths(paths, known_names=_index_names(index))
    _attach(catalog, folder, data_dir, index, failure)
    return catalog


def attach_imported(catalog: Catalog, data_dir: Path | None = None) -> ImportedSource | None:
    """Add the imported armies to `catalog` (replacing earlier imported ones); problems go to
    `catalog.problems`, never raised: the bundled armies stay usable whatever the cache holds."""
    folder = data_dir if data_dir is not None else imported_data_dir()
    try:
        index: CacheIndex | None = read_index(folder)
        failure: CacheError | None = None
    except CacheError as exc:
        index, failure = None, exc
    return _attach(catalog, folder, data_dir, index, failure)


def _attach(catalog: Catalog, folder: Path, data_dir: Path | None, index: CacheIndex | None,
            failure: CacheError | None) -> ImportedSource | None:
    try:
        if failure is not None:
            raise failure
        source = ImportedSource.from_index(folder, index)
    except CacheError as exc:
        problem = DataProblem(exc.file or str(folder / INDEX), exc.message)
        catalog.problems.append(problem)
        catalog.unavailable["imported"] = problem
        return None
    if source is not None:
        catalog.add_source(source)
    elif data_dir is not None:
        if (folder / "army.json").is_file():  # the raw official download, not an imported cache
            message = tr("this is the official data itself, not imported data: import it with "
                         "`armybuilder data import {folder}`, then leave out --data", folder=str(folder))
        else:
            message = tr("no imported data here (run `armybuilder data import`)")
        catalog.problems.append(DataProblem(str(folder), message, severity="warning"))
    return source
