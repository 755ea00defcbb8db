"""The official download as the official builder's clients make it, against a local stand-in for the API on
127.0.0.1: the headers it requires (403 without them), gzip bodies, XML "NoSuchKey" answers with status 200,
a web page instead of the data, a connection cut mid-file and a plain 403."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import socket
import struct
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from import_helpers import make_data_folder

from armybuilder.cli import main
from armybuilder.data.cache import ImportedSource
from armybuilder.data.download import (
    OFFICIAL_ORIGIN,
    RemoteLayout,
    _BadBody,
    check_body,
    import_from_url,
    request_headers,
    tls_context,
)
from armybuilder.data.importer import import_folder

pytestmark = pytest.mark.shared

SLUGS = ("panoceania", "svalarheima-s-winter-force", "code-capital", "non-aligned-armies", "druze")
"""A vanilla army, its sectorial and their Reinforcements, and Non-Aligned Armies (901: a grouping with no file
of its own, for which the API answers NoSuchKey) with one of its sectorials."""
NO_SUCH_KEY = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code>'
               b"<Message>The specified key does not exist.</Message></Error>")
WEB_PAGE = b"<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>"


@pytest.fixture
def folder(official_data: Path, tmp_path: Path) -> Path:
    return make_data_folder(official_data, tmp_path / "n5", SLUGS)


class FakeApi(BaseHTTPRequestHandler):
    """`/army/infinity/en/metadata` and `/army/units/en/<id>` as the official API lays them out. Refuses (403)
    a request without the official Origin and Referer, gzips when asked to, and misbehaves per army id as
    `behaviour` says: 'xml-once' (NoSuchKey with status 200, then the data), 'page' (a web page, always),
    'cut' (a reset half-way through the body), 'forbidden' (403)."""

    folder: Path
    behaviour: dict[int, str]
    requests: list[dict[str, str]]
    hits: dict[str, int]
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self.requests.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
        self.hits[self.path] = self.hits.get(self.path, 0) + 1
        if self.headers.get("Origin") != OFFICIAL_ORIGIN or not (self.headers.get("Referer") or "").startswith(
                OFFICIAL_ORIGIN):
            self.answer(403, b'{"message":"Forbidden"}')
            return
        if self.path == "/army/infinity/en/metadata":
            self.answer(200, (self.folder / "army.json").read_bytes())
            return
        prefix = "/army/units/en/"
        if not self.path.startswith(prefix) or not self.path[len(prefix):].isdigit():
            self.answer(404, b"not found")
            return
        army = int(self.path[len(prefix):])
        mode = self.behaviour.get(army)
        factions = json.loads((self.folder / "army.json").read_text(encoding="utf-8"))["factions"]
        slug = next((f["slug"] for f in factions if f["id"] == army), None)
        file = self.folder / f"{slug}.json"
        if mode == "forbidden":
            self.answer(403, b'{"message":"Forbidden"}')
        elif mode == "page":
            self.answer(200, WEB_PAGE, "text/html")
        elif slug is None or not file.is_file() or (mode == "xml-once" and self.hits[self.path] == 1):
            self.answer(200, NO_SUCH_KEY, "application/xml")
        elif mode == "cut":
            self.answer(200, file.read_bytes(), cut=True)
        else:
            self.answer(200, file.read_bytes())

    def answer(self, status: int, body: bytes, kind: str = "application/json", cut: bool = False) -> None:
        zipped = "gzip" in (self.headers.get("Accept-Encoding") or "")
        data = gzip.compress(body, compresslevel=1) if zipped else body
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        if cut:  # half the body, then a reset (SO_LINGER 0) instead of an orderly close
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        self.wfile.write(data)


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


@pytest.fixture
def api(folder: Path) -> Iterator[Any]:
    servers: list[ThreadingHTTPServer] = []

    def start(behaviour: dict[int, str] | None = None) -> tuple[RemoteLayout, type[FakeApi]]:
        handler = type("Configured", (FakeApi,), {"folder": folder, "behaviour": behaviour or {}, "requests": [],
                                                  "hits": {}})
        server = QuietServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        servers.append(server)
        base = f"http://127.0.0.1:{server.server_address[1]}/army"
        return RemoteLayout(base, official=True), handler

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def no_pause(seconds: float) -> None:
    pass


def import_from(layout: RemoteLayout, cache: Path, **options: Any) -> Any:
    return import_from_url(layout.base, cache, layout=layout, pause=no_pause, **options)


def test_the_official_headers_gzip_and_the_grouping_without_a_file(api: Any, folder: Path, tmp_path: Path) -> None:
    layout, server = api()
    seen: dict[str, int] = {}
    report = import_from(layout, tmp_path / "cache", download_progress=lambda f, i, t, b: seen.__setitem__(f, b))
    assert report.fatal is None and report.all_errors == [], "\n".join(map(str, report.all_errors))
    assert report.count("imported") == 4 and report.count("skipped") == 1  # 901 groups the NA2 armies
    for request in server.requests:
        assert request["origin"] == "https://infinityuniverse.com"
        assert request["referer"] == "https://infinityuniverse.com/"
        assert "gzip" in request["accept-encoding"] and request["accept"] == "application/json"
        assert request["user-agent"].startswith("armybuilder/")
    assert server.hits["/army/units/en/901"] == 1  # a grouping's NoSuchKey is not retried
    # progress counts the bytes that came over the wire (gzipped), the cache holds the unpacked data
    assert 0 < seen["panoceania.json"] < (folder / "panoceania.json").stat().st_size
    direct = import_folder(folder, tmp_path / "direct")
    assert ImportedSource.open(tmp_path / "cache").load(101) == ImportedSource.open(direct.data_dir).load(101)


def test_without_the_origin_the_api_refuses(api: Any, tmp_path: Path) -> None:
    layout, server = api()

    def bare_opener(request: Any, timeout: float) -> Any:
        import urllib.request

        request.remove_header("Origin")
        return urllib.request.urlopen(request, timeout=timeout)

    report = import_from(layout, tmp_path / "cache", opener=bare_opener)
    assert report.fatal is not None and report.fatal.file == "army.json"
    assert "HTTP 403" in report.fatal.message and "/army/infinity/en/metadata" in report.fatal.message
    assert len(server.requests) == 1  # a refusal is not retried
    assert not (tmp_path / "cache").exists() or not (tmp_path / "cache" / "index.json").exists()


def test_a_nosuchkey_answer_with_status_200_is_retried(api: Any, tmp_path: Path) -> None:
    layout, server = api({101: "xml-once"})
    report = import_from(layout, tmp_path / "cache")
    assert report.ok, "\n".join(map(str, report.all_errors))
    assert server.hits["/army/units/en/101"] == 2 and report.count("imported") == 4


def test_a_body_that_is_never_the_data_fails_that_file_and_keeps_its_previous_version(
        api: Any, folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    before = ImportedSource.open(cache)
    assert before is not None
    layout, server = api({106: "page"})
    report = import_from(layout, cache, retries=2)
    assert report.fatal is None
    kept = next(a for a in report.armies if a.file == "svalarheima-s-winter-force.json")
    assert kept.status == "kept"
    assert any("a web page instead of the data" in i.message and "3 attempts" in i.message and "/army/units/en/106"
               in i.message for i in kept.errors)
    assert server.hits["/army/units/en/106"] == 3
    after = ImportedSource.open(cache)
    assert after is not None and after.load(106) == before.load(106)
    assert report.count("unchanged") == 3  # the other armies went through as usual


def test_a_body_that_is_never_the_data_without_a_previous_version_is_a_failed_army(api: Any, tmp_path: Path) -> None:
    layout, _ = api({106: "page"})
    report = import_from(layout, tmp_path / "cache", retries=0)
    failed = next(a for a in report.armies if a.file == "svalarheima-s-winter-force.json")
    assert failed.status == "failed" and failed.errors
    assert report.count("imported") == 3


def test_a_cut_connection_is_retried_and_named(api: Any, folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    before = {p.name: p.read_bytes() for p in cache.iterdir()}
    layout, server = api({101: "cut"})
    report = import_from(layout, cache, retries=1)
    assert report.fatal is not None and report.fatal.file == "panoceania.json"
    assert "2 attempts" in report.fatal.message and "/army/units/en/101" in report.fatal.message
    assert server.hits["/army/units/en/101"] == 2
    assert {p.name: p.read_bytes() for p in cache.iterdir()} == before


def test_a_403_for_one_army_stops_the_download_and_keeps_the_cache(api: Any, folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    before = {p.name: p.read_bytes() for p in cache.iterdir()}
    layout, server = api({106: "forbidden"})
    report = import_from(layout, cache)
    assert report.fatal is not None and report.fatal.file == "svalarheima-s-winter-force.json"
    assert "refused" in report.fatal.message and "HTTP 403" in report.fatal.message
    assert server.hits["/army/units/en/106"] == 1
    assert {p.name: p.read_bytes() for p in cache.iterdir()} == before


def test_the_cli_names_the_failed_file(api: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    layout, _ = api({106: "page"})
    import armybuilder.data.download as download

    monkeypatch.setattr(download.RemoteLayout, "for_base", classmethod(lambda cls, base, language="en": layout))
    code = main(["data", "import", "--url", layout.base, "--data", str(tmp_path / "cache"), "--retries", "1"])
    err = capsys.readouterr()
    assert code == 1
    assert "svalarheima-s-winter-force.json" in err.out + err.err
    assert "Traceback" not in err.out + err.err


@pytest.mark.parametrize(("body", "army_file", "words"), [
    (NO_SUCH_KEY, True, "an XML error (NoSuchKey)"),
    (WEB_PAGE, True, "a web page"),
    (b'{"message":"Forbidden"}', True, "JSON without `units`"),
    (b'{"units": []}', False, "JSON without `factions`"),
    (b"Bad gateway", True, "text that is not JSON ('Bad gateway')"),
    (b"  \n", True, "an empty answer"),
])
def test_bodies_that_are_not_the_data(body: bytes, army_file: bool, words: str) -> None:
    with pytest.raises(_BadBody) as caught:
        check_body(body, army_file)
    assert words in str(caught.value.message)
    assert caught.value.no_such_key == (body == NO_SUCH_KEY)


def test_bodies_that_are_the_data() -> None:
    check_body(b'\xef\xbb\xbf {"version": "1", "units": []}\n', True)
    check_body(b'{"factions": [{"id": 101}]}', False)


def test_requests_name_the_official_origin_and_use_certifis_bundle(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`tls_context` trusts exactly the certificates of the file certifi names. It is built once per process
    (`@cache`), so the test builds it afresh, from a copy of certifi's bundle taken now: the installed file may
    change while the suite runs (this machine's sandbox appends its own CA to every venv's certifi bundle), and a
    context cached by an earlier test of the same worker would hold the bundle as it was then."""
    import ssl

    import certifi

    headers = request_headers()
    assert headers["Origin"] == "https://infinityuniverse.com" and headers["Accept-Encoding"] == "gzip"
    bundle = tmp_path / "cacert.pem"
    shutil.copyfile(certifi.where(), bundle)
    expected = {ssl.PEM_cert_to_DER_cert(f"-----BEGIN CERTIFICATE-----{block}-----END CERTIFICATE-----\n")
                for block in re.findall(r"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----",
                                        bundle.read_text(encoding="ascii"), flags=re.DOTALL)}
    monkeypatch.setattr(certifi, "where", lambda: str(bundle))
    tls_context.cache_clear()
    try:
        context = tls_context()
        assert context.verify_mode.name == "CERT_REQUIRED" and context.check_hostname
        stats = context.cert_store_stats()
        loaded = set(context.get_ca_certs(binary_form=True))
    finally:
        tls_context.cache_clear()  # later tests build theirs from the real certifi.where()
    assert loaded == expected and stats["x509_ca"] == len(expected) > 50
