"""Helpers for the import tests: small copies of the official data to break on purpose."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

SMALL_SET = ("panoceania", "svalarheima-s-winter-force", "code-capital")
"""A vanilla army, one of its sectorials and their Reinforcements: enough to exercise every link."""


def make_data_folder(official: Path, target: Path, slugs: tuple[str, ...] = SMALL_SET) -> Path:
    """Copy `slugs` and an army.json listing only their factions into `target` (a slug with no file of its own,
    such as Non-Aligned Armies, is only listed)."""
    target.mkdir(parents=True, exist_ok=True)
    metadata = json.loads((official / "army.json").read_text(encoding="utf-8"))
    metadata["factions"] = [f for f in metadata["factions"] if f["slug"] in slugs]
    (target / "army.json").write_text(json.dumps(metadata), encoding="utf-8")
    for slug in slugs:
        if (official / f"{slug}.json").is_file():
            shutil.copyfile(official / f"{slug}.json", target / f"{slug}.json")
    return target


def edit_json(path: Path, change: Any) -> None:
    """Load a JSON file, let `change(data)` modify it in place, write it back."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


SPANISH = {
    "Combi Rifle": "Fusil Combi", "Pistol": "Pistola", "CC Weapon": "Arma CC", "Lieutenant": "Teniente",
    "Forward Observer": "Observador de Artillería", "MULTI Rifle": "Fusil MULTI", "AP Mode": "Modo PP",
    "Suppressive Fire": "Fuego de Supresión", "AP": "PP", "Aquatic": "Acuático",
    "Multispectral Visor L1": "Visor Multiespectral N1", "Camouflage": "Camuflaje",
}
"""A few hand-written Spanish names (not the official data's): enough to see each kind merged by id."""


def spanish(data: Any) -> Any:
    """The same JSON with the names of `SPANISH` in Spanish: table entries, weapon names, modes and traits."""
    if isinstance(data, dict):
        changed = {key: spanish(value) for key, value in data.items()}
        for key in ("name", "mode"):
            if isinstance(changed.get(key), str):
                changed[key] = SPANISH.get(changed[key], changed[key])
        if isinstance(changed.get("properties"), list):
            changed["properties"] = [SPANISH.get(p, p) for p in changed["properties"]]
        return changed
    if isinstance(data, list):
        return [spanish(item) for item in data]
    return data


def make_spanish_mirror(official: Path, target: Path, slugs: tuple[str, ...] = SMALL_SET) -> Path:
    """A local mirror of `slugs` in English and with `SPANISH` names, laid out both ways the importer reads:
    as the official API (`infinity/{lang}/metadata`, `units/{lang}/{id}`) and as data folders (`army.json`,
    `<slug>.json`, and `es/…` for Spanish). Serve it with any static web server."""
    english = make_data_folder(official, target, slugs)
    metadata = json.loads((english / "army.json").read_text(encoding="utf-8"))
    (target / "es").mkdir(exist_ok=True)
    for language in ("en", "es"):
        convert = spanish if language == "es" else (lambda data: data)
        (target / "infinity" / language).mkdir(parents=True, exist_ok=True)
        (target / "units" / language).mkdir(parents=True, exist_ok=True)
        meta = json.dumps(convert(metadata))
        (target / "infinity" / language / "metadata").write_text(meta, encoding="utf-8")
        if language == "es":
            (target / "es" / "army.json").write_text(meta, encoding="utf-8")
        for slug in slugs:
            army = json.dumps(convert(json.loads((english / f"{slug}.json").read_text(encoding="utf-8"))))
            if language == "es":
                (target / "es" / f"{slug}.json").write_text(army, encoding="utf-8")
            for faction in metadata["factions"]:
                if faction["slug"] == slug:
                    (target / "units" / language / str(faction["id"])).write_text(army, encoding="utf-8")
    return target
