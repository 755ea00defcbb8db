"""A violation: a stable code, a severity, a message a player understands, the troopers concerned.

The message is data until it is shown: `text` is a `Message` (its id is the English text, its
fields the arguments), rendered by whoever shows it — `message` in the current language,
`render(language)` in a given one. A new rule builds its violation with `error`, a
`lazy_tr(...)` message and a `rules.sources` constant; it never calls `tr()`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from armybuilder.i18n import Text, render

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Violation:
    """One broken rule. `troopers` are trooper uids for the GUI to highlight."""

    code: str
    severity: Severity
    text: Text
    """The message, language-neutral (plain text only where it reads the same in every language)."""
    source: str
    """The official rule it breaks, by name (`rules/sources.py`)."""
    troopers: tuple[str, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def message(self) -> str:
        """The message in the current language."""
        return render(self.text)

    def render(self, language: str) -> str:
        """The message in `language`."""
        return render(self.text, language)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity, "message": self.message,
                "troopers": list(self.troopers), "source": self.source}


def error(code: str, message: Text, source: str, troopers: tuple[str, ...] = (), **params: Any) -> Violation:
    return Violation(code, "error", message, source, troopers, params)


def warning(code: str, message: Text, source: str, troopers: tuple[str, ...] = (), **params: Any) -> Violation:
    return Violation(code, "warning", message, source, troopers, params)
