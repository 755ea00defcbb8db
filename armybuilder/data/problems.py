"""Problems found in data files: where (file, line, key path) and what was expected."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from armybuilder.i18n import tr

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class DataProblem:
    """One problem in one file, printable as `file:line:column: path: message`."""

    file: str
    message: str
    path: str = ""
    line: int | None = None
    column: int | None = None
    severity: Severity = "error"

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        prefix = "" if self.severity == "error" else tr("warning") + ": "
        path = f"{self.path}: " if self.path else ""
        return f"{where}: {prefix}{path}{self.message}"


class DataError(Exception):
    """Raised when a file cannot be used at all; carries every problem found in it."""

    def __init__(self, problems: list[DataProblem] | DataProblem) -> None:
        self.problems = [problems] if isinstance(problems, DataProblem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
