"""Misbehaving servers on 127.0.0.1: a trickle, non-HTTP answers, a 70 KB header, a redirect to
another host, Cancel during a stalled transfer (#19). No ../shared needed: army.json alone is asked."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from armybuilder.data.download import download, same_site

Behaviour = Callable[[socket.socket], None]


@pytest.fixture
def raw_server() -> Iterator[Callable[[Behaviour], str]]:
    """A TCP server that answers every connection with `behaviour(conn)`; returns its base URL."""
    stops: list[threading.Event] = []
    sockets: list[socket.socket] = []

    def start(behaviour: Behaviour) -> str:
        listener = socket.create_server(("127.0.0.1", 0))
        listener.settimeout(0.1)
        stop = threading.Event()

        def serve() -> None:
            while not stop.is_set():
                try:
                    conn, _ = listener.accept()
                except TimeoutError:
                    continue
                except OSError:
                    return

                def handle(c: socket.socket = conn) -> None:
                    try:
                        c.recv(65536)
                        behaviour(c)
                    except OSError:
                        pass
                    finally:
                        c.close()

                threading.Thread(target=handle, daemon=True).start()

        threading.Thread(target=serve, daemon=True).start()
        stops.append(stop)
        sockets.append(listener)
        return f"http://127.0.0.1:{listener.getsockname()[1]}"

    yield start
    for stop in stops:
        stop.set()
    for listener in sockets:
        listener.close()


def trickle(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
    for _ in range(200):
        conn.sendall(b"{")
        time.sleep(0.5)


def no_pause(_: float) -> None:
    pass


def test_a_trickling_server_is_cut_off_at_the_deadline(raw_server: Callable[[Behaviour], str]) -> None:
    base = raw_server(trickle)
    started = time.monotonic()
    result = download(base, timeout=1.0, retries=1, pause=no_pause)
    elapsed = time.monotonic() - started
    assert result.failure is not None and "no answer within 1 s" in result.failure.message
    assert "after 2 attempts" in result.failure.message
    assert elapsed < 4.0  # two attempts of one second each, plus a little


def test_cancel_stops_a_stalled_transfer_within_a_second(raw_server: Callable[[Behaviour], str]) -> None:
    base = raw_server(trickle)
    cancel = threading.Event()
    threading.Timer(0.5, cancel.set).start()
    started = time.monotonic()
    result = download(base, timeout=60.0, retries=0, cancel=cancel, pause=no_pause)
    assert result.cancelled and time.monotonic() - started < 1.5


@pytest.mark.parametrize(("name", "answer", "expect"), [
    ("not HTTP", b"SSH-2.0-OpenSSH_9.6\r\n\r\n", "not valid HTTP (BadStatusLine: 'SSH-2.0-OpenSSH_9.6')"),
    ("HTTP/0.9: the body alone", b'{\n  "factions": []\n}\n', "not valid HTTP (BadStatusLine: '{')"),
    ("70 KB header", b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n", "not valid HTTP"),
    ("a huge Content-Length", b"HTTP/1.1 200 OK\r\nContent-Length: " + b"9" * 5000 + b"\r\n\r\n{}",
     "without `factions`"),
    ("not JSON", b"HTTP/1.1 200 OK\r\nContent-Length: 15\r\n\r\n<html>hi</html>", "a web page"),
])
def test_broken_answers_are_one_clear_message(raw_server: Callable[[Behaviour], str], name: str, answer: bytes,
                                              expect: str) -> None:
    base = raw_server(lambda conn: conn.sendall(answer))
    result = download(base, timeout=5.0, retries=0, pause=no_pause)
    assert result.failure is not None, name
    assert expect in result.failure.message, result.failure.message
    assert "\n" not in str(result.failure.message), "one line: the server's own text is quoted"


def test_a_redirect_loop_is_one_line_saying_so(raw_server: Callable[[Behaviour], str]) -> None:
    """urllib's own text was three lines ("…would lead to an infinite loop.\\nThe last 30x error…")."""
    base = raw_server(lambda conn: conn.sendall(
        b"HTTP/1.1 302 Found\r\nLocation: /army.json\r\nContent-Length: 0\r\n\r\n"))
    result = download(base, timeout=5.0, retries=0, pause=no_pause)
    assert result.failure is not None and not result.files
    message = str(result.failure.message)
    assert "redirects in a loop or too many times (HTTP 302); refused" in message and "\n" not in message


def test_a_redirect_to_another_host_is_refused_and_said(raw_server: Callable[[Behaviour], str]) -> None:
    elsewhere = "http://127.0.0.2:9/army.json"
    base = raw_server(lambda conn: conn.sendall(
        b"HTTP/1.1 302 Found\r\nLocation: " + elsewhere.encode() + b"\r\nContent-Length: 0\r\n\r\n"))
    result = download(base, timeout=5.0, retries=0, pause=no_pause)
    assert result.failure is not None and not result.files
    assert "redirected to another server" in result.failure.message and elsewhere in result.failure.message


def test_which_redirects_are_allowed() -> None:
    assert same_site("http://mirror.example/n5/army.json", "http://mirror.example/new/army.json")
    assert same_site("http://mirror.example/army.json", "https://mirror.example/army.json")
    assert not same_site("https://mirror.example/army.json", "http://mirror.example/army.json")
    assert not same_site("http://mirror.example/army.json", "http://evil.example/army.json")
    assert not same_site("http://mirror.example:8000/army.json", "http://mirror.example:9000/army.json")
    assert same_site("https://api.corvusbelli.com/army/x", "https://cdn.corvusbelli.com/army/x")
    assert not same_site("https://api.corvusbelli.com/army/x", "https://corvusbelli.com.evil.example/x")
