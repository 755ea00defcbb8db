"""Fetch the official data over HTTP (the official API or a mirror of the n5 folder), then import it.

Every file is downloaded into memory first; only when all of them arrived is the import run, so
a network failure leaves the cache exactly as it was and names the file that failed. Progress
is reported per file as bytes arrive; a `threading.Event` cancels between chunks. Plain urllib:
the files are a few MB of JSON, nothing a heavier client would do better here.
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from armybuilder import __version__
from armybuilder.data.importer import ImportReport, MemoryReader, Progress, import_files
from armybuilder.data.infinity_army import METADATA_FILE, Faction, read_metadata
from armybuilder.data.official_json import ImportFileError, ImportIssue, Text, describe, parse_json
from armybuilder.i18n import lazy_tr, lazy_trn
from armybuilder.paths import imported_data_dir

OFFICIAL_API = "https://api.corvusbelli.com/army"
"""The official Infinity Army API: `{base}/infinity/{lang}/metadata` and `{base}/units/{lang}/{id}`."""
DEFAULT_TIMEOUT = 30.0
DEFAULT_RETRIES = 3
CHUNK = 64 * 1024
MAX_FILE_BYTES = 64 * 1024 * 1024
"""No army file comes close (the largest is under 1 MB): anything bigger is not the data."""

Opener = Callable[..., object]


class _NotFound(Exception):
    pass


class _GiveUp(Exception):
    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message = message


class _Cancelled(Exception):
    pass


@dataclass(frozen=True)
class RemoteLayout:
    """Where each file lives on the server: the official API or a mirror of the n5 folder."""

    base: str
    official: bool
    language: str = "en"

    @classmethod
    def for_base(cls, base: str | None, language: str = "en") -> RemoteLayout:
        """The official API when `base` is None or points at it, else a mirror (`army.json`, `<slug>.json`)."""
        if base is None:
            return cls(OFFICIAL_API, True, language)
        clean = base.strip().rstrip("/")
        parsed = urllib.parse.urlparse(clean)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise ValueError(lazy_tr("not an http(s) address: {url}", url=base))
        return cls(clean, clean.startswith(OFFICIAL_API), language)

    def metadata_url(self) -> str:
        if self.official:
            return f"{self.base}/infinity/{self.language}/metadata"
        return f"{self.base}/{METADATA_FILE}"

    def army_urls(self, factions: list[Faction]) -> list[str]:
        """Addresses to try, in order, for the file that these factions share."""
        if self.official:
            return [f"{self.base}/units/{self.language}/{f.id}" for f in sorted(factions, key=lambda f: -f.id)]
        return [f"{self.base}/{urllib.parse.quote(factions[0].slug)}.json"]


@dataclass
class Download:
    """Files fetched (by their n5 names), or the reason the download stopped."""

    layout: RemoteLayout
    files: dict[str, bytes] = field(default_factory=dict)
    issues: list[ImportIssue] = field(default_factory=list)
    failure: ImportIssue | None = None
    cancelled: bool = False


def download(base: str | None = None, *, timeout: float = DEFAULT_TIMEOUT, retries: int = DEFAULT_RETRIES,
             progress: Progress | None = None, cancel: threading.Event | None = None,
             opener: Opener | None = None, pause: Callable[[float], None] = time.sleep) -> Download:
    """Fetch army.json and every army file it lists; stops at the first file that cannot be fetched.

    `progress(file, index, total, bytes)` is called as bytes arrive (index counts from 1; total is
    known once army.json is in). A file the server does not have (404) is noted and skipped.
    """
    layout = RemoteLayout.for_base(base)
    result = Download(layout)
    fetch = _Fetcher(timeout, retries, progress, cancel, opener or urllib.request.urlopen, pause)
    try:
        meta_bytes = fetch.get(METADATA_FILE, [layout.metadata_url()], 1, 0)
        result.files[METADATA_FILE] = meta_bytes
        metadata = read_metadata(parse_json(meta_bytes, METADATA_FILE))
        groups = metadata.factions_by_slug()
        total = len(groups) + 1
        fetch.total = total
        for index, (slug, factions) in enumerate(groups.items(), start=2):
            name = f"{slug}.json"
            try:
                result.files[name] = fetch.get(name, layout.army_urls(factions), index, total)
            except _NotFound as missing:
                result.issues.append(ImportIssue(name, lazy_tr("not on the server ({url})", url=str(missing)),
                                                 severity="info"))
    except ImportFileError as exc:
        result.failure = exc.issue
    except _GiveUp as exc:
        result.failure = ImportIssue(fetch.current, exc.message)
    except _NotFound as exc:
        result.failure = ImportIssue(fetch.current, lazy_tr("not found on the server ({url}): is the address right?",
                                                       url=str(exc)))
    except _Cancelled:
        result.cancelled = True
    return result


class _Fetcher:
    """GET with a timeout, retries with back-off, a size limit, progress and cancellation."""

    def __init__(self, timeout: float, retries: int, progress: Progress | None, cancel: threading.Event | None,
                 opener: Opener, pause: Callable[[float], None]) -> None:
        self.timeout = timeout
        self.retries = max(0, retries)
        self.progress = progress
        self.cancel = cancel
        self.opener = opener
        self.pause = pause
        self.total = 0
        self.current = METADATA_FILE

    def _check_cancel(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise _Cancelled

    def get(self, name: str, urls: list[str], index: int, total: int) -> bytes:
        self.current = name
        not_found = []
        for url in urls:
            try:
                return self._get_with_retries(name, url, index, total)
            except _NotFound:
                not_found.append(url)
        raise _NotFound(", ".join(not_found))

    def _get_with_retries(self, name: str, url: str, index: int, total: int) -> bytes:
        last: Text = ""
        for attempt in range(self.retries + 1):
            self._check_cancel()
            if attempt:
                self.pause(min(0.5 * 2 ** (attempt - 1), 8.0))
                self._check_cancel()
            try:
                return self._get_once(name, url, index, total)
            except urllib.error.HTTPError as exc:
                if exc.code == 404:
                    raise _NotFound(url) from None
                if exc.code < 500 and exc.code != 429:
                    raise _GiveUp(lazy_tr("the server refused {url} (HTTP {code} {reason})", url=url, code=exc.code,
                                     reason=exc.reason)) from None
                last = lazy_tr("HTTP {code} {reason}", code=exc.code, reason=exc.reason)
            except TimeoutError:
                last = lazy_tr("no answer within {seconds} s", seconds=f"{self.timeout:g}")
            except urllib.error.URLError as exc:
                reason = exc.reason
                if isinstance(reason, TimeoutError | socket.timeout):
                    last = lazy_tr("no answer within {seconds} s", seconds=f"{self.timeout:g}")
                else:
                    last = lazy_tr("cannot connect ({reason})", reason=str(reason))
            except _Incomplete as exc:
                last = describe(exc)
            except (ConnectionError, OSError) as exc:
                last = lazy_tr("connection lost ({error})", error=exc.strerror or str(exc))
        raise _GiveUp(lazy_trn("could not download {url} after {n} attempt: {error}",
                               "could not download {url} after {n} attempts: {error}", self.retries + 1, url=url,
                               error=last))

    def _get_once(self, name: str, url: str, index: int, total: int) -> bytes:
        request = urllib.request.Request(url, headers={
            "User-Agent": f"armybuilder/{__version__} (offline Infinity army builder)",
            "Accept": "application/json",
        })
        with self.opener(request, timeout=self.timeout) as response:  # type: ignore[attr-defined]
            expected = response.headers.get("Content-Length")
            expected_bytes = int(expected) if expected and expected.isdigit() else None
            if expected_bytes is not None and expected_bytes > MAX_FILE_BYTES:
                raise _GiveUp(lazy_tr("{url} is {size} MB: too big to be Infinity Army data", url=url,
                                 size=expected_bytes // 2**20))
            chunks = []
            received = 0
            if self.progress is not None:
                self.progress(name, index, total, 0)
            while True:
                self._check_cancel()
                chunk = response.read(CHUNK)
                if not chunk:
                    break
                chunks.append(chunk)
                received += len(chunk)
                if received > MAX_FILE_BYTES:
                    raise _GiveUp(lazy_tr("{url} is more than {size} MB: too big to be Infinity Army data", url=url,
                                     size=MAX_FILE_BYTES // 2**20))
                if self.progress is not None:
                    self.progress(name, index, total, received)
        if expected_bytes is not None and received != expected_bytes:
            raise _Incomplete(lazy_tr("the connection closed after {received} of {expected} bytes",
                                 received=received, expected=expected_bytes))
        return b"".join(chunks)


class _Incomplete(Exception):
    pass


def import_from_url(base: str | None = None, data_dir: Path | None = None, *, timeout: float = DEFAULT_TIMEOUT,
                    retries: int = DEFAULT_RETRIES, progress: Progress | None = None,
                    download_progress: Progress | None = None, cancel: threading.Event | None = None,
                    opener: Opener | None = None, pause: Callable[[float], None] = time.sleep) -> ImportReport:
    """Download (see `download`) and import; if any file fails to download, nothing is imported."""
    target = data_dir if data_dir is not None else imported_data_dir()
    try:
        layout = RemoteLayout.for_base(base)
    except ValueError as exc:
        report = ImportReport(source=str(base), data_dir=target)
        report.fatal = ImportIssue(str(base), describe(exc))
        return report
    fetched = download(base, timeout=timeout, retries=retries, progress=download_progress, cancel=cancel,
                       opener=opener, pause=pause)
    label = layout.base
    if fetched.cancelled or fetched.failure is not None:
        report = ImportReport(source=label, data_dir=target, issues=list(fetched.issues),
                              cancelled=fetched.cancelled)
        report.fatal = fetched.failure  # what failed; the caller says that nothing was imported
        return report
    report = import_files(MemoryReader(fetched.files, label), target, progress=progress, cancel=cancel)
    report.issues[:0] = fetched.issues
    return report
