"""Reading official Infinity Army JSON: parse errors explained, names cleaned, issues located."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from armybuilder.i18n import tr

Severity = Literal["error", "warning", "info"]
"""error: something was left out; warning: imported with a doubt; info: worth knowing, nothing lost."""


@dataclass(frozen=True)
class ImportIssue:
    """Something the importer could not map (or noticed), located by file, unit and JSON path."""

    file: str
    message: str
    unit: str = ""
    path: str = ""
    severity: Severity = "error"

    def __str__(self) -> str:
        parts = [self.file]
        if self.unit:
            parts.append(self.unit)
        if self.path:
            parts.append(self.path)
        prefix = {"error": "", "warning": tr("warning") + ": ", "info": tr("note") + ": "}[self.severity]
        return ": ".join(parts) + ": " + prefix + self.message


class ImportFileError(Exception):
    """A file that cannot be used at all (missing, not JSON, truncated, not an army file)."""

    def __init__(self, issue: ImportIssue) -> None:
        self.issue = issue
        super().__init__(str(issue))


def clean(text: object) -> str:
    """A name as players read it: non-breaking spaces, newlines and runs of spaces become one space."""
    return " ".join(str(text).split()) if text is not None else ""


class Cleaner:
    """`clean` with a memory, for one import: the same names come back thousands of times."""

    def __init__(self) -> None:
        self._done: dict[str, str] = {}

    def __call__(self, text: object) -> str:
        if type(text) is not str:
            return clean(text)
        done = self._done.get(text)
        if done is None:
            done = self._done[text] = " ".join(text.split())
        return done


def clean_note(text: object) -> str | None:
    """Free text (unit notes): keep line breaks, turn non-breaking spaces into spaces."""
    if text is None:
        return None
    value = str(text).replace("\u00a0", " ").strip()
    return value or None


def short(value: object, limit: int = 80) -> str:
    """A JSON value quoted in a message, cut to `limit` characters."""
    try:
        text = repr(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(exc: BaseException) -> str:
    """An exception raised while reading a JSON structure, in words."""
    if isinstance(exc, KeyError):
        return tr("missing key {key}", key=str(exc))
    return str(exc)


def parse_json(data: bytes, file: str) -> Any:
    """Parse JSON bytes; every way it can fail becomes an ImportFileError saying how."""
    if not data.strip():
        raise ImportFileError(ImportIssue(file, tr("the file is empty")))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportFileError(ImportIssue(
            file, tr("not UTF-8 text ({reason} at byte {byte})", reason=exc.reason, byte=exc.start))) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        stripped = text.lstrip()
        if stripped[:1] not in ("{", "["):
            start = stripped[:30].split("\n")[0]
            message = tr("is not JSON (it starts with {start})", start=repr(start))
        elif exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            message = tr("the file ends unexpectedly at line {line}, column {column}: it looks truncated "
                         "(an interrupted download or copy?)", line=exc.lineno, column=exc.colno)
        else:
            message = tr("is not valid JSON: {error} at line {line}, column {column}",
                         error=exc.msg, line=exc.lineno, column=exc.colno)
        raise ImportFileError(ImportIssue(file, message)) from None
