"""Text shown to people with control characters made visible: a unit or list name holding a terminal
escape sequence (`ESC[2J`, a window-title OSC…) or a bidirectional override is printed as `\\u001b`,
never obeyed by the terminal, the pager or the text editor that shows it."""

from __future__ import annotations

import re
from typing import Any, TextIO

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls (line feed and tab kept), DEL, and the bidirectional embeddings and isolates."""


def escape_controls(text: str) -> str:
    """`text` with each control character written as `\\uXXXX` (valid in JSON strings too)."""
    return _CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class EscapingStream:
    """A text stream that writes through `escape_controls` (the CLI's stdout and stderr)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(escape_controls(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, encoding, fileno… of the real stream
        return getattr(self._stream, name)
