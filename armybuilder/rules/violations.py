"""A violation: a stable code, a severity, a message a player understands, the troopers concerned."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Violation:
    """One broken rule. `troopers` are trooper uids for the GUI to highlight."""

    code: str
    severity: Severity
    message: str
    source: str
    troopers: tuple[str, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity, "message": self.message,
                "troopers": list(self.troopers), "source": self.source}


def error(code: str, message: str, source: str, troopers: tuple[str, ...] = (), **params: Any) -> Violation:
    return Violation(code, "error", message, source, troopers, params)


def warning(code: str, message: str, source: str, troopers: tuple[str, ...] = (), **params: Any) -> Violation:
    return Violation(code, "warning", message, source, troopers, params)
