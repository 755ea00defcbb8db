"""Fetch the official data over HTTP (the official API or a mirror of the n5 folder), then import it.

Every file is downloaded into memory first; only when all of them arrived is the import run, so
a network failure leaves the cache exactly as it was and names the file that failed. Progress
is reported per file as bytes arrive; a `threading.Event` cancels between chunks. Plain urllib:
the files are a few MB of JSON, nothing a heavier client would do better here.

Requests are made as the official builder's own clients make them: `Origin` and `Referer` of
infinityuniverse.com (the API refuses requests without them), `Accept-Encoding: gzip`, and
certifi's CA bundle for TLS. A 200 whose body is not the expected JSON (the API has answered an
XML "NoSuchKey" error with status 200) is retried like a network error; an army file that stays
unusable is left out, named in the report, and the version imported before is kept.
"""

from __future__ import annotations

import contextlib
import http.client
import logging
import re
import socket
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from armybuilder import __version__
from armybuilder.data.importer import ImportReport, MemoryReader, Progress, import_files
from armybuilder.data.infinity_army import METADATA_FILE, Faction, read_metadata
from armybuilder.data.names import NameSet, read_names
from armybuilder.data.official_json import ImportFileError, ImportIssue, Text, describe, parse_json
from armybuilder.data.official_source import DEFAULT_RETRIES, DEFAULT_TIMEOUT, OFFICIAL_API
from armybuilder.i18n import Message, lazy_tr, lazy_trn
from armybuilder.paths import imported_data_dir

log = logging.getLogger(__name__)

OFFICIAL_ORIGIN = "https://infinityuniverse.com"
"""Where the official army builder runs: the API answers 403 to requests that do not come from there."""
OFFICIAL_REFERER = f"{OFFICIAL_ORIGIN}/"
CHUNK = 64 * 1024
POLL_SECONDS = 0.1
"""How often a transfer checks for Cancel and its deadline (Cancel stops it within this)."""
OFFICIAL_HOSTS = ("corvusbelli.com",)
"""The official API may redirect within these domains; any other server only to itself."""
MAX_FILE_BYTES = 64 * 1024 * 1024
"""No army file comes close (the largest is under 1 MB): anything bigger is not the data."""

Opener = Callable[..., object]


def request_headers() -> dict[str, str]:
    """The headers of every request: those of the official builder's clients, and who we are."""
    return {
        "User-Agent": f"armybuilder/{__version__} (offline Infinity army builder)",
        "Accept": "application/json",
        "Accept-Encoding": "gzip",
        "Origin": OFFICIAL_ORIGIN,
        "Referer": OFFICIAL_REFERER,
    }


@cache
def tls_context() -> ssl.SSLContext:
    """Certificates checked against certifi's CA bundle (the same on every platform and in a frozen
    bundle); the platform's store only if that bundle cannot be read."""
    try:
        import certifi

        return ssl.create_default_context(cafile=certifi.where())
    except (ImportError, OSError, ssl.SSLError) as exc:
        log.warning("certifi's CA bundle cannot be used (%s); using the platform's certificates", exc)
        return ssl.create_default_context()


def default_opener() -> Opener:
    """urllib's opener with `tls_context` for https addresses, and redirects kept to the server asked
    (`_SameSiteRedirects`)."""
    return urllib.request.build_opener(urllib.request.HTTPSHandler(context=tls_context()), _SameSiteRedirects).open


class _NotFound(Exception):
    """The server has no such file (404, or the API's "NoSuchKey" answer); `args[0]` is the address."""


class _GiveUp(Exception):
    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message = message


class _Cancelled(Exception):
    pass


class _Unusable(Exception):
    """A file that kept arriving as something other than the data."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message = message


class _BadBody(Exception):
    """One answer whose body is not the expected JSON (retried); `no_such_key` for the API's "no such file"."""

    def __init__(self, message: Text, no_such_key: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.no_such_key = no_such_key


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

    @property
    def _folder(self) -> str:
        """A mirror's folder for the language: the base for English, `{base}/{language}` for the others."""
        return self.base if self.language == "en" else f"{self.base}/{urllib.parse.quote(self.language)}"

    def metadata_url(self) -> str:
        if self.official:
            return f"{self.base}/infinity/{self.language}/metadata"
        return f"{self._folder}/{METADATA_FILE}"

    def army_urls(self, factions: list[Faction]) -> list[str]:
        """Addresses to try, in order, for the file that these factions share."""
        if self.official:
            return [f"{self.base}/units/{self.language}/{f.id}" for f in sorted(factions, key=lambda f: -f.id)]
        return [f"{self._folder}/{urllib.parse.quote(factions[0].slug)}.json"]


@dataclass
class Download:
    """Files fetched (by their n5 names), or the reason the download stopped."""

    layout: RemoteLayout
    files: dict[str, bytes] = field(default_factory=dict)
    unusable: dict[str, ImportIssue] = field(default_factory=dict)
    """Army files that arrived, after every retry, as something other than army data."""
    issues: list[ImportIssue] = field(default_factory=list)
    failure: ImportIssue | None = None
    cancelled: bool = False


def download(base: str | None = None, *, timeout: float = DEFAULT_TIMEOUT, retries: int = DEFAULT_RETRIES,
             progress: Progress | None = None, cancel: threading.Event | None = None,
             opener: Opener | None = None, pause: Callable[[float], None] = time.sleep,
             layout: RemoteLayout | None = None) -> Download:
    """Fetch army.json and every army file it lists; stops at the first file that cannot be fetched.

    `progress(file, index, total, bytes)` is called as bytes arrive (index counts from 1; total is
    known once army.json is in). A file the server does not have (404) is noted and skipped; an army
    file that only ever arrives as something other than army data is kept in `unusable`. `layout`
    replaces the one `base` implies (tests serve the official API's layout from a local server).
    """
    layout = layout if layout is not None else RemoteLayout.for_base(base)
    result = Download(layout)
    fetch = _Fetcher(timeout, retries, progress, cancel, opener or default_opener(), pause)
    log.info("downloading the official data from %s", layout.base)
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
                # a grouping (Non-Aligned Armies) has no file: one attempt is enough to see that
                result.files[name] = fetch.get(name, layout.army_urls(factions), index, total,
                                               once=metadata.is_grouping(factions))
            except _NotFound as missing:
                result.issues.append(ImportIssue(name, lazy_tr("not on the server ({url})", url=str(missing)),
                                                 severity="info"))
            except _Unusable as bad:
                log.warning("%s: %s", name, bad.message)
                result.unusable[name] = ImportIssue(name, bad.message)
    except ImportFileError as exc:
        result.failure = exc.issue
    except (_GiveUp, _Unusable) as exc:
        result.failure = ImportIssue(fetch.current, exc.message)
    except _NotFound as exc:
        result.failure = ImportIssue(fetch.current, lazy_tr("not found on the server ({url}): is the address right?",
                                                       url=str(exc)))
    except _Cancelled:
        result.cancelled = True
    if result.failure is not None:
        log.warning("download failed: %s", result.failure)
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

    def get(self, name: str, urls: list[str], index: int, total: int, once: bool = False) -> bytes:
        """The file from the first of `urls` that has it; `once`: no retries (a file that is not expected)."""
        self.current = name
        not_found = []
        unusable: _Unusable | None = None
        for url in urls:
            try:
                return self._get_with_retries(name, url, index, total, 0 if once else self.retries)
            except _NotFound:
                not_found.append(url)
            except _Unusable as exc:  # another id of the same file may still answer
                unusable = unusable or exc
        if unusable is not None:
            raise unusable
        raise _NotFound(", ".join(not_found))

    def _get_with_retries(self, name: str, url: str, index: int, total: int, retries: int) -> bytes:
        last: Text = ""
        bad_body: _BadBody | None = None
        for attempt in range(retries + 1):
            self._check_cancel()
            if attempt:
                self.pause(min(0.5 * 2 ** (attempt - 1), 8.0))
                self._check_cancel()
            bad_body = None
            try:
                return self._get_once(name, url, index, total)
            except urllib.error.HTTPError as exc:
                last = _http_error(url, exc)
            except TimeoutError:
                last = lazy_tr("no answer within {seconds} s", seconds=f"{self.timeout:g}")
            except urllib.error.URLError as exc:
                reason = exc.reason
                if isinstance(reason, TimeoutError | socket.timeout):
                    last = lazy_tr("no answer within {seconds} s", seconds=f"{self.timeout:g}")
                elif isinstance(reason, ssl.SSLCertVerificationError):
                    last = lazy_tr("the server's certificate cannot be trusted ({reason})",
                                   reason=reason.verify_message or str(reason))
                else:
                    last = lazy_tr("cannot connect ({reason})", reason=str(reason))
            except _BadBody as exc:
                bad_body = exc
                last = exc.message
            except _Incomplete as exc:
                last = describe(exc)
            except http.client.HTTPException as exc:
                last = _not_http(url, exc)
            except (ConnectionError, OSError) as exc:
                last = lazy_tr("connection lost ({error})", error=exc.strerror or str(exc))
            log.info("%s: attempt %d of %d failed: %s", url, attempt + 1, retries + 1, last)
        if bad_body is not None and bad_body.no_such_key:
            raise _NotFound(url)
        failure = lazy_trn("could not download {url} after {n} attempt: {error}",
                           "could not download {url} after {n} attempts: {error}", retries + 1, url=url, error=last)
        raise (_Unusable if bad_body is not None else _GiveUp)(failure)

    def _get_once(self, name: str, url: str, index: int, total: int) -> bytes:
        """One GET, run on a helper thread so that its deadline and Cancel are kept however the server
        behaves (a server that sends one byte every half second never trips a socket timeout)."""
        transfer = _Transfer(self, name, url, index, total)
        worker = threading.Thread(target=transfer.run, name="armybuilder-download", daemon=True)
        deadline = time.monotonic() + self.timeout
        worker.start()
        while True:
            worker.join(POLL_SECONDS)
            if not worker.is_alive():
                break
            if self.cancel is not None and self.cancel.is_set():
                transfer.abort()
                raise _Cancelled
            if time.monotonic() >= deadline:
                transfer.abort()
                raise TimeoutError
        if transfer.error is not None:
            raise transfer.error
        return transfer.data


class _Transfer:
    """A GET on its own thread: the bytes, or the exception that ended it; `abort` stops it."""

    def __init__(self, fetcher: _Fetcher, name: str, url: str, index: int, total: int) -> None:
        self.fetcher = fetcher
        self.name = name
        self.url = url
        self.index = index
        self.total = total
        self.data = b""
        self.error: BaseException | None = None
        self.aborted = threading.Event()
        self._response: object = None

    def abort(self) -> None:
        """Stop now: a read blocked on the socket returns at once (the socket is shut down)."""
        self.aborted.set()
        sock = getattr(getattr(getattr(self._response, "fp", None), "raw", None), "_sock", None)
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def run(self) -> None:
        try:
            self.data = self._get()
        except BaseException as exc:  # handed to the waiting thread, which raises it
            self.error = exc

    def _progress(self, received: int) -> None:
        if self.fetcher.progress is not None and not self.aborted.is_set():
            self.fetcher.progress(self.name, self.index, self.total, received)

    def _get(self) -> bytes:
        url = self.url
        request = urllib.request.Request(url, headers=request_headers())
        log.debug("GET %s", url)
        try:
            response = self.fetcher.opener(request, timeout=self.fetcher.timeout)
        except http.client.HTTPException as exc:
            if isinstance(exc, ConnectionError):
                raise  # the server hung up without answering: worth another try
            raise _GiveUp(_not_http(url, exc)) from None
        with response as answer:  # type: ignore[attr-defined]
            self._response = answer
            if self.aborted.is_set():
                raise _Cancelled
            _check_redirect(url, getattr(answer, "geturl", lambda: url)())
            expected = answer.headers.get("Content-Length")
            expected_bytes = int(expected) if expected and expected.isdigit() and len(expected) < 19 else None
            if expected_bytes is not None and expected_bytes > MAX_FILE_BYTES:
                raise _GiveUp(lazy_tr("{url} is {size} MB: too big to be Infinity Army data", url=url,
                                 size=expected_bytes // 2**20))
            chunks = []
            received = 0
            self._progress(0)
            read = getattr(answer, "read1", None) or answer.read  # read1: what has arrived, without waiting for more
            while True:
                if self.aborted.is_set():
                    raise _Cancelled
                try:
                    chunk = read(CHUNK)
                except http.client.HTTPException as exc:
                    raise _GiveUp(_not_http(url, exc)) from None
                if not chunk:
                    break
                chunks.append(chunk)
                received += len(chunk)
                if received > MAX_FILE_BYTES:
                    raise _GiveUp(lazy_tr("{url} is more than {size} MB: too big to be Infinity Army data", url=url,
                                     size=MAX_FILE_BYTES // 2**20))
                self._progress(received)
            encoding = (answer.headers.get("Content-Encoding") or "").strip().lower()
        if expected_bytes is not None and received != expected_bytes:
            raise _Incomplete(lazy_tr("the connection closed after {received} of {expected} bytes",
                                 received=received, expected=expected_bytes))
        body = b"".join(chunks)
        if encoding in ("gzip", "x-gzip") or (encoding in ("", "identity") and body[:2] == _GZIP_MAGIC):
            body = _gunzip(body, url)
        elif encoding not in ("", "identity"):
            raise _GiveUp(lazy_tr("{url} came compressed as {encoding}, which armybuilder cannot read", url=url,
                                  encoding=encoding))
        check_body(body, army_file=self.name != METADATA_FILE)
        return body


def _http_error(url: str, exc: urllib.error.HTTPError) -> Text:
    """What an HTTP error status means for a retry: raised (404, a redirect loop, a refusal) or, for a
    server error worth another try, returned in words."""
    if exc.code == 404:
        raise _NotFound(url) from None
    if 300 <= exc.code < 400:  # urllib gave up following redirects: a loop, or too many
        raise _GiveUp(lazy_tr("{url} redirects in a loop or too many times (HTTP {code}); refused",
                              url=url, code=exc.code)) from None
    if exc.code < 500 and exc.code != 429:
        raise _GiveUp(lazy_tr("the server refused {url} (HTTP {code} {reason})", url=url, code=exc.code,
                              reason=exc.reason)) from None
    return lazy_tr("HTTP {code} {reason}", code=exc.code, reason=exc.reason)


def _not_http(url: str, exc: http.client.HTTPException) -> Text:
    """A server whose answer is not HTTP (a wrong port, a header line of 70 KB…)."""
    shown = str(exc).strip()  # a BadStatusLine is the server's own first line: quoted, on one line
    shown = repr(shown[:60]) if isinstance(exc, http.client.BadStatusLine) else " ".join(shown.split())[:80]
    detail = f"{type(exc).__name__}: {shown}" if shown else type(exc).__name__
    return lazy_tr("the answer from {url} is not valid HTTP ({detail})", url=url, detail=detail)


def same_site(asked: str, answered: str) -> bool:
    """Whether a redirect from `asked` to `answered` stays on the same host (and port), or within the
    official API's own domains."""
    before, after = urllib.parse.urlsplit(asked), urllib.parse.urlsplit(answered)
    if (after.hostname or "").lower() == (before.hostname or "").lower() and after.port == before.port:
        return after.scheme == before.scheme or after.scheme == "https"
    host = (after.hostname or "").lower()
    official = any((before.hostname or "").lower().endswith(domain) for domain in OFFICIAL_HOSTS)
    return official and after.scheme == "https" and any(host == d or host.endswith("." + d) for d in OFFICIAL_HOSTS)


class _SameSiteRedirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only within the server asked (see `same_site`); refuses any other before
    connecting to it."""

    def redirect_request(self, req: urllib.request.Request, fp: Any, code: int, msg: str, headers: Any,
                         newurl: str) -> urllib.request.Request | None:
        _check_redirect(req.full_url, urllib.parse.urljoin(req.full_url, newurl))
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _check_redirect(asked: str, answered: str) -> None:
    if answered and answered != asked and not same_site(asked, answered):
        raise _GiveUp(lazy_tr("{url} redirected to another server ({where}); refused: only answers from the "
                              "server asked are imported", url=asked, where=answered))


class _Incomplete(Exception):
    pass


_GZIP_MAGIC = b"\x1f\x8b"
_XML_CODE = re.compile(rb"<Code>\s*([^<]{1,80}?)\s*</Code>")


def _gunzip(data: bytes, url: str) -> bytes:
    """A gzip body unpacked, no bigger than MAX_FILE_BYTES; damaged or cut data is `_Incomplete` (retried)."""
    unpacker = zlib.decompressobj(wbits=31)
    try:
        body = unpacker.decompress(data, MAX_FILE_BYTES + 1)
    except zlib.error as exc:
        raise _Incomplete(lazy_tr("the compressed data is damaged ({error})", error=str(exc))) from None
    if len(body) > MAX_FILE_BYTES or unpacker.unconsumed_tail:
        raise _GiveUp(lazy_tr("{url} is more than {size} MB: too big to be Infinity Army data", url=url,
                              size=MAX_FILE_BYTES // 2**20))
    if not unpacker.eof:
        raise _Incomplete(lazy_tr("the compressed data ends early: the transfer was cut"))
    return body


def check_body(body: bytes, army_file: bool) -> None:
    """Raise `_BadBody` unless `body` looks like an army file (a JSON object with `units`) or army.json
    (with `factions`). A cheap look, not a parse: the import parses the files once, later."""
    key = "units" if army_file else "factions"
    text = body.lstrip(b"\xef\xbb\xbf \t\r\n")
    what: Message
    if not text:
        what = lazy_tr("an empty answer")
    elif text[:1] == b"{" and text.rstrip()[-1:] == b"}" and re.search(rb'"%s"\s*:' % key.encode(), text):
        return
    elif text[:1] == b"<":
        code = _XML_CODE.search(text[:4096])
        if code is not None:
            name = code.group(1).decode("utf-8", "replace")
            raise _BadBody(lazy_tr("the server answered with an XML error ({code}) instead of the data", code=name),
                           no_such_key=name == "NoSuchKey")
        web_page = re.match(rb"<(!doctype html|html)", text[:64].lower()) is not None
        what = lazy_tr("a web page") if web_page else lazy_tr("XML")
    elif text[:1] in (b"{", b"["):
        what = lazy_tr("JSON without `{key}` ({start})", key=key, start=_start(text))
    else:
        what = lazy_tr("text that is not JSON ({start})", start=_start(text))
    raise _BadBody(lazy_tr("the server answered with {what} instead of the data", what=what))


def _start(text: bytes) -> str:
    """The first characters of a body, quoted in a message."""
    first = text[:60].decode("utf-8", "replace").split("\n")[0]
    return repr(first + ("…" if len(text) > 60 else ""))


def import_from_url(base: str | None = None, data_dir: Path | None = None, *, timeout: float = DEFAULT_TIMEOUT,
                    retries: int = DEFAULT_RETRIES, progress: Progress | None = None,
                    download_progress: Progress | None = None, cancel: threading.Event | None = None,
                    opener: Opener | None = None, pause: Callable[[float], None] = time.sleep,
                    layout: RemoteLayout | None = None, names_language: str | None = None) -> ImportReport:
    """Download (see `download`) and import; if any file fails to download, nothing is imported (an army
    file that arrived unusable is reported as failed and its previous version kept).

    `names_language="es"` also fetches the same data in Spanish (`…/infinity/es/metadata`,
    `…/units/es/{id}`; a mirror's `es/` folder) and merges its names by id (`armybuilder.data.names`).
    If that second download fails the data is imported all the same, its names in English, and the
    report says why.
    """
    target = data_dir if data_dir is not None else imported_data_dir()
    try:
        default_layout = RemoteLayout.for_base(base)
    except ValueError as exc:
        report = ImportReport(source=str(base), data_dir=target)
        report.fatal = ImportIssue(str(base), describe(exc))
        return report
    layout = layout if layout is not None else default_layout
    fetched = download(base, timeout=timeout, retries=retries, progress=download_progress, cancel=cancel,
                       opener=opener, pause=pause, layout=layout)
    label = layout.base
    if fetched.cancelled or fetched.failure is not None:
        report = ImportReport(source=label, data_dir=target, issues=list(fetched.issues),
                              cancelled=fetched.cancelled)
        report.fatal = fetched.failure  # what failed; the caller says that nothing was imported
        return report
    names: NameSet | None = None
    names_issues: list[ImportIssue] = []
    if names_language is not None and names_language != layout.language:
        names, names_issues, cancelled = _download_names(
            replace(layout, language=names_language), names_language, timeout=timeout, retries=retries,
            progress=download_progress, cancel=cancel, opener=opener, pause=pause)
        if cancelled:
            return ImportReport(source=label, data_dir=target, issues=list(fetched.issues), cancelled=True)
    report = import_files(MemoryReader(fetched.files, label, fetched.unusable), target, progress=progress,
                          cancel=cancel, names_es=names)
    report.issues[:0] = [*fetched.issues, *names_issues]
    return report


def _download_names(layout: RemoteLayout, language: str, *, progress: Progress | None, **fetching: Any
                    ) -> tuple[NameSet | None, list[ImportIssue], bool]:
    """The names of the data in `language`: (names or None, issues, cancelled). Progress names the
    files `es/army.json`, `es/panoceania.json`…"""
    def progress_in(file: str, index: int, total: int, size: int) -> None:
        if progress is not None:
            progress(f"{language}/{file}", index, total, size)

    fetched = download(layout.base, layout=layout, progress=progress_in, **fetching)
    if fetched.cancelled:
        return None, [], True
    if fetched.failure is not None:
        issue = fetched.failure
        return None, [ImportIssue(f"{language}/{issue.file}", lazy_tr(
            "the names in {language} could not be downloaded ({problem}): names stay in English",
            language=language, problem=issue.text), severity="warning")], False
    names, issues = read_names(fetched.files, language, METADATA_FILE)
    issues = [replace(i, file=f"{language}/{i.file}") for i in (*fetched.issues, *issues)]
    issues += [replace(i, file=f"{language}/{name}", severity="warning") for name, i in fetched.unusable.items()]
    return names, issues, False
