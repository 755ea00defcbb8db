"""Downloading the data over HTTP from a local server on 127.0.0.1: the real n5 folder, and
servers that fail, stall or cut a file short for one file."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from import_helpers import make_data_folder

from armybuilder.cli import main
from armybuilder.data.cache import ImportedSource
from armybuilder.data.download import RemoteLayout, download, import_from_url
from armybuilder.data.importer import import_folder
from armybuilder.data.infinity_army import Faction
from armybuilder.data.official_source import OFFICIAL_API

pytestmark = pytest.mark.shared


class Handler(SimpleHTTPRequestHandler):
    """Serves a folder; `behaviour` maps a path to 'fail', 'stall', 'short', 'flaky' or 'missing'."""

    behaviour: dict[str, str] = {}
    hits: dict[str, int] = {}

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:
        name = self.path.lstrip("/")
        self.hits[name] = self.hits.get(name, 0) + 1
        mode = self.behaviour.get(name)
        if mode == "fail" or (mode == "flaky" and self.hits[name] == 1):
            self.send_error(503, "Service Unavailable")
            return
        if mode == "missing":
            self.send_error(404, "Not Found")
            return
        if mode == "stall":
            time.sleep(1.0)
        if mode == "short":
            body = b'{"version": "1", "units": ['
            self.send_response(200)
            self.send_header("Content-Length", str(len(body) + 1000))
            self.end_headers()
            self.wfile.write(body)
            self.close_connection = True
            return
        super().do_GET()


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # clients that gave up (timeouts, cancellations) break the pipe: expected here


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[ThreadingHTTPServer] = []

    def start(folder: Path, behaviour: dict[str, str] | None = None) -> str:
        handler = type("Configured", (Handler,), {"behaviour": behaviour or {}, "hits": {}})
        server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def small(official_data: Path, tmp_path: Path) -> Path:
    return make_data_folder(official_data, tmp_path / "n5")


def no_pause(seconds: float) -> None:
    pass


def test_import_from_a_mirror_of_the_real_data(serve: Any, official_data: Path, imported_source: ImportedSource,
                                               tmp_path: Path) -> None:
    base = serve(official_data)
    seen: dict[str, int] = {}
    report = import_from_url(base, tmp_path / "cache", download_progress=lambda f, i, t, b: seen.__setitem__(f, b))
    assert report.fatal is None and report.all_errors == [], "\n".join(map(str, report.all_errors))
    assert report.count("imported") == 56
    assert seen["army.json"] == (official_data / "army.json").stat().st_size
    assert seen["panoceania.json"] == (official_data / "panoceania.json").stat().st_size
    assert any(i.file == "non-aligned-armies.json" and "not on the server" in i.message for i in report.issues)
    source = ImportedSource.open(tmp_path / "cache")
    assert source is not None
    assert [s.label for s in source.summaries()] == [s.label for s in imported_source.summaries()]
    assert source.load(106) == imported_source.load(106)
    assert source.index.source == base


def test_a_failing_file_leaves_the_previous_cache_and_is_named(serve: Any, small: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(small, cache)
    before = {p.name: p.read_bytes() for p in cache.iterdir()}
    base = serve(small, {"svalarheima-s-winter-force.json": "fail"})
    report = import_from_url(base, cache, retries=2, pause=no_pause)
    assert report.fatal is not None and not report.written
    assert report.fatal.file == "svalarheima-s-winter-force.json"
    assert "HTTP 503" in report.fatal.message and "3 attempts" in report.fatal.message
    assert f"{base}/svalarheima-s-winter-force.json" in report.fatal.message
    # the report names what failed; saying that nothing was imported is the CLI's (or the dialog's) job, once
    assert "nothing was imported" not in report.fatal.message
    assert {p.name: p.read_bytes() for p in cache.iterdir()} == before


def test_a_silent_server_times_out(serve: Any, small: Path, tmp_path: Path) -> None:
    base = serve(small, {"code-capital.json": "stall"})
    started = time.perf_counter()
    report = import_from_url(base, tmp_path / "cache", timeout=0.2, retries=1, pause=no_pause)
    assert time.perf_counter() - started < 5
    assert report.fatal is not None and report.fatal.file == "code-capital.json"
    assert "no answer within 0.2 s" in report.fatal.message
    assert not (tmp_path / "cache" / "index.json").exists()


def test_a_cut_transfer_is_retried_then_reported(serve: Any, small: Path, tmp_path: Path) -> None:
    base = serve(small, {"panoceania.json": "short"})
    report = import_from_url(base, tmp_path / "cache", retries=1, pause=no_pause)
    assert report.fatal is not None and report.fatal.file == "panoceania.json"
    assert "closed after" in report.fatal.message


def test_a_flaky_file_succeeds_on_retry(serve: Any, small: Path, tmp_path: Path) -> None:
    pauses: list[float] = []
    base = serve(small, {"code-capital.json": "flaky"})
    report = import_from_url(base, tmp_path / "cache", retries=2, pause=pauses.append)
    assert report.ok and report.count("imported") == 3
    assert pauses == [0.5]


def test_a_missing_army_file_is_reported_and_the_rest_imported(serve: Any, small: Path, tmp_path: Path) -> None:
    base = serve(small, {"code-capital.json": "missing"})
    report = import_from_url(base, tmp_path / "cache", pause=no_pause)
    assert report.fatal is None and report.count("imported") == 2
    assert any(i.file == "code-capital.json" and i.severity == "error" for i in report.all_errors)


def test_a_wrong_address(serve: Any, small: Path, tmp_path: Path) -> None:
    base = serve(small, {"army.json": "missing"})
    report = import_from_url(base, tmp_path / "cache", pause=no_pause)
    assert report.fatal is not None and report.fatal.file == "army.json" and "is the address right" in \
        report.fatal.message
    assert import_from_url("ftp://example.org/n5", tmp_path / "cache").fatal is not None


def test_nothing_listening(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    report = import_from_url(f"http://127.0.0.1:{port}", tmp_path / "cache", retries=1, pause=no_pause, timeout=2)
    assert report.fatal is not None and "cannot connect" in report.fatal.message


def test_cancel_during_download(serve: Any, small: Path, tmp_path: Path) -> None:
    cancel = threading.Event()

    def progress(file: str, index: int, total: int, size: int) -> None:
        if file == "panoceania.json":
            cancel.set()

    result = download(serve(small), progress=progress, cancel=cancel)
    assert result.cancelled and "svalarheima-s-winter-force.json" not in result.files
    report = import_from_url(serve(small), tmp_path / "cache", cancel=cancel)
    assert report.cancelled and not report.written


def test_official_api_layout() -> None:
    layout = RemoteLayout.for_base(None)
    assert layout.official and layout.metadata_url() == "https://api.corvusbelli.com/army/infinity/en/metadata"
    pair = [Faction(998, 991, "CONTRACTED BACK-UP", "contracted-back-up"),
            Faction(999, 991, "Contracted Back-Up", "contracted-back-up")]
    assert layout.army_urls(pair) == [f"{OFFICIAL_API}/units/en/999", f"{OFFICIAL_API}/units/en/998"]
    mirror = RemoteLayout.for_base("http://127.0.0.1:8000/n5/")
    assert not mirror.official and mirror.metadata_url() == "http://127.0.0.1:8000/n5/army.json"
    assert mirror.army_urls(pair[:1]) == ["http://127.0.0.1:8000/n5/contracted-back-up.json"]


def test_cli_import_from_url_and_list(serve: Any, small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    base = serve(small)
    assert main(["data", "import", "--url", base, "--data", str(tmp_path / "cache")]) == 0
    captured = capsys.readouterr()
    assert "downloading [2/4] panoceania.json" in captured.err
    assert "downloading army.json (" in captured.err and "/0]" not in captured.err  # its total is not known yet
    assert "3 armies: 3 new" in captured.out
    assert main(["data", "list", "--data", str(tmp_path / "cache")]) == 0
    listing = capsys.readouterr().out
    assert "Svalarheima's Winter Force (" in listing and base in listing
