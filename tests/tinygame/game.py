"""The tiny game: a list is `models` with a cost each and a `points` size; legal when they fit."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from armybuilder.games import (
    ExportRequest,
    GameEntry,
    ProfileCheck,
    ProfileListing,
    Verdict,
    sniff_format,
    yaml_files,
)

ENTRY = GameEntry("tiny", "Tiny game", ("tinygame-",), "tinygame.game")


class TinyGame:
    id = "tiny"

    def check_profiles(self, paths: Sequence[Path]) -> ProfileCheck:
        files = [p for p in yaml_files(paths) if sniff_format(p) == "tinygame-models/1"]
        return ProfileCheck(len(files), (), f"Tiny game: {len(files)} model files")

    def list_profiles(self, paths: Sequence[Path]) -> ProfileListing:
        files = [p for p in yaml_files(paths) if sniff_format(p) == "tinygame-models/1"]
        return ProfileListing(tuple(f"tiny  {p.name}" for p in files))

    def validate_file(self, path: Path, points: int | None = None) -> Verdict:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        limit = points or int(data["points"])
        used = sum(int(cost) for cost in data["models"])
        legal = used <= limit
        return Verdict(str(path), legal, {"game": "tiny", "legal": legal, "points": used},
                       f"{path.name}: {used}/{limit} points " + ("LEGAL" if legal else "NOT LEGAL"))

    def schema(self) -> dict[str, Any]:
        return {"title": "tiny"}

    def export_file(self, path: Path, request: ExportRequest) -> int:
        for text in request.texts:
            text.write_text(self.validate_file(path).text, encoding="utf-8")
        return 0


GAME = TinyGame()
