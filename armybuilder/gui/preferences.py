"""The user's preferences (language, distance units, paper, the rules of new lists), kept in QSettings.

Keys (documented in docs/gui.md, read by other parts of the app):

| key | values |
|---|---|
| `ui/language` | `en` or `es`; absent: the system's language |
| `view/distances_cm` | true: distances in cm, false: in inches |
| `print/paper` | `a4` or `letter` |
| `lists/<edition>/pack` | new lists of an edition's armies (`n3`, `n5`): a rules pack id; empty: the usual |
| `lists/<edition>/tier` | a tier id of that pack; empty: free points |
| `lists/<edition>/points` | the points of a free-points game (with no tier) |

Earlier versions kept one setting for every army (`lists/default_pack`, `…_tier`, `…_points`); it is
still read, for the armies of its pack's own edition only, until the edition's own keys are set.
"""

from __future__ import annotations

from typing import Literal

from armybuilder.domain.limits import MAX_POINTS
from armybuilder.gui.settings_store import SettingsStore
from armybuilder.i18n import LANGUAGES
from armybuilder.rules.list_settings import DEFAULT_POINTS, ListDefaults

Paper = Literal["a4", "letter"]
PAPERS: tuple[Paper, ...] = ("a4", "letter")

LANGUAGE_KEY = "ui/language"
PAPER_KEY = "print/paper"
DEFAULT_PACK_KEY = "lists/default_pack"
DEFAULT_TIER_KEY = "lists/default_tier"
DEFAULT_POINTS_KEY = "lists/default_points"
"""The single setting of earlier versions (see the module's docstring)."""


def edition_key(edition: str, name: str) -> str:
    return f"lists/{edition}/{name}"


class Preferences:
    """Typed access to the preferences in the app's settings store."""

    def __init__(self, settings: SettingsStore) -> None:
        self._settings = settings
        self._store = settings.store

    # ----- language -----------------------------------------------------------------------------
    def language(self) -> str | None:
        """The chosen language, or None when the user never chose one."""
        value = str(self._store.value(LANGUAGE_KEY, "") or "")
        return value if value in LANGUAGES else None

    def set_language(self, language: str) -> None:
        self._store.setValue(LANGUAGE_KEY, language)

    # ----- distances and paper -----------------------------------------------------------------
    def distances_in_cm(self) -> bool:
        return self._settings.distances_in_cm()

    def set_distances_in_cm(self, cm: bool) -> None:
        self._settings.set_distances_in_cm(cm)

    def units(self) -> Literal["cm", "inch"]:
        """The distance unit as the print-outs name it."""
        return "cm" if self.distances_in_cm() else "inch"

    def paper(self) -> Paper:
        value = str(self._store.value(PAPER_KEY, "") or "").lower()
        return "letter" if value == "letter" else "a4"

    def set_paper(self, paper: Paper) -> None:
        self._store.setValue(PAPER_KEY, paper)

    # ----- new lists --------------------------------------------------------------------------------
    def list_defaults(self, edition: str) -> ListDefaults:
        """The rules of new lists of this edition's armies."""
        if self._store.contains(edition_key(edition, "pack")):
            return self._read(edition_key(edition, "pack"), edition_key(edition, "tier"),
                              edition_key(edition, "points"), edition)
        return self._read(DEFAULT_PACK_KEY, DEFAULT_TIER_KEY, DEFAULT_POINTS_KEY, None)

    def _read(self, pack_key: str, tier_key: str, points_key: str, edition: str | None) -> ListDefaults:
        pack = str(self._store.value(pack_key, "") or "")
        tier = str(self._store.value(tier_key, "") or "")
        try:
            points = int(str(self._store.value(points_key, DEFAULT_POINTS)))
        except ValueError:
            points = DEFAULT_POINTS
        points = points if 1 <= points <= MAX_POINTS else DEFAULT_POINTS
        return ListDefaults(pack or None, tier or None, points, edition)

    def set_list_defaults(self, edition: str, defaults: ListDefaults) -> None:
        self._store.setValue(edition_key(edition, "pack"), defaults.pack or "")
        self._store.setValue(edition_key(edition, "tier"), defaults.tier or "")
        self._store.setValue(edition_key(edition, "points"), defaults.points)
        for key in (DEFAULT_PACK_KEY, DEFAULT_TIER_KEY, DEFAULT_POINTS_KEY):
            self._store.remove(key)  # each edition has its own now

    def sync(self) -> None:
        self._settings.sync()
