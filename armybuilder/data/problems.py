"""Problems found in data files: where (file, line, key path) and what was expected."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from armybuilder.i18n import Text, render, tr

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class DataProblem:
    """One problem in one file, printable as `file:line:column: path: message`.

    `text` is plain text (the reader's words of the moment) or a message kept as data (a check a game
    makes of its own files, read again in any language); `message` is it in the current language.
    """

    file: str
    text: Text
    path: str = ""
    line: int | None = None
    column: int | None = None
    severity: Severity = "error"

    @property
    def message(self) -> str:
        """What is wrong, in the current language."""
        return render(self.text)

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
