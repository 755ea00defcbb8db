"""A language override holds for its own thread only: a print-out made in Spanish on a worker
thread leaves the app's language (and every other thread's) as it was."""

from __future__ import annotations

import threading

from armybuilder.i18n import language, language_override, set_language, tr


def test_override_is_per_thread() -> None:
    set_language("en")
    inside = threading.Event()
    release = threading.Event()
    seen: dict[str, str] = {}

    def worker() -> None:
        with language_override("es"):
            seen["worker"] = tr("Points")
            inside.set()
            release.wait(5)
        seen["after"] = language()

    thread = threading.Thread(target=worker)
    thread.start()
    assert inside.wait(5)
    try:
        assert tr("Points") == "Points" and language() == "en"  # this thread is unaffected meanwhile
    finally:
        release.set()
        thread.join(5)
    assert seen == {"worker": "Puntos", "after": "en"}


def test_override_nests_and_restores() -> None:
    set_language("en")
    with language_override("es"):
        assert language() == "es"
        with language_override("en"):
            assert tr("Points") == "Points"
        assert tr("Points") == "Puntos"
    assert language() == "en"
