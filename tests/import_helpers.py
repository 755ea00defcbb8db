"""Helpers for the import tests: small copies of the official data to break on purpose."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

SMALL_SET = ("panoceania", "svalarheima-s-winter-force", "code-capital")
"""A vanilla army, one of its sectorials and their Reinforcements: enough to exercise every link."""


def make_data_folder(official: Path, target: Path, slugs: tuple[str, ...] = SMALL_SET) -> Path:
    """Copy `slugs` and an army.json listing only their factions into `target`."""
    target.mkdir(parents=True, exist_ok=True)
    metadata = json.loads((official / "army.json").read_text(encoding="utf-8"))
    metadata["factions"] = [f for f in metadata["factions"] if f["slug"] in slugs]
    (target / "army.json").write_text(json.dumps(metadata), encoding="utf-8")
    for slug in slugs:
        shutil.copyfile(official / f"{slug}.json", target / f"{slug}.json")
    return target


def edit_json(path: Path, change: Any) -> None:
    """Load a JSON file, let `change(data)` modify it in place, write it back."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
