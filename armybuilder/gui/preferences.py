"""The user's preferences (language, distance units, paper, the rules of new lists), kept in QSettings.

Keys (documented in docs/gui.md, read by other parts of the app):

| key | values |
|---|---|
| `ui/language` | `en` or `es`; absent: the system's language |
| `view/distances_cm` | true: distances in cm, false: in inches |
| `print/paper` | `a4` or `letter` |
| `lists/default_pack` | a rules pack id; absent or empty: the army's usual pack |
| `lists/default_tier` | a tier id of that pack; empty: free points |
| `lists/default_points` | the points of a free-points game (with no tier) |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from armybuilder.data.catalog import ArmySummary, Catalog
from armybuilder.domain.lists import ArmyList
from armybuilder.domain.packs import SeasonPack
from armybuilder.gui.document import default_settings
from armybuilder.gui.settings import AppSettings
from armybuilder.i18n import LANGUAGES

Paper = Literal["a4", "letter"]
PAPERS: tuple[Paper, ...] = ("a4", "letter")

LANGUAGE_KEY = "ui/language"
DISTANCES_CM_KEY = "view/distances_cm"
PAPER_KEY = "print/paper"
DEFAULT_PACK_KEY = "lists/default_pack"
DEFAULT_TIER_KEY = "lists/default_tier"
DEFAULT_POINTS_KEY = "lists/default_points"


@dataclass(frozen=True)
class ListDefaults:
    """The rules a new list starts with; `pack` None means the army's usual ones."""

    pack: str | None = None
    tier: str | None = None
    points: int = 300


class Preferences:
    """Typed access to the preferences in the app's settings store."""

    def __init__(self, settings: AppSettings) -> None:
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
    def list_defaults(self) -> ListDefaults:
        pack = str(self._store.value(DEFAULT_PACK_KEY, "") or "")
        tier = str(self._store.value(DEFAULT_TIER_KEY, "") or "")
        try:
            points = int(str(self._store.value(DEFAULT_POINTS_KEY, 300)))
        except ValueError:
            points = 300
        return ListDefaults(pack or None, tier or None, points if 50 <= points <= 1000 else 300)

    def set_list_defaults(self, defaults: ListDefaults) -> None:
        self._store.setValue(DEFAULT_PACK_KEY, defaults.pack or "")
        self._store.setValue(DEFAULT_TIER_KEY, defaults.tier or "")
        self._store.setValue(DEFAULT_POINTS_KEY, defaults.points)

    def sync(self) -> None:
        self._settings.sync()


def list_settings(catalog: Catalog, summary: ArmySummary, defaults: ListDefaults) -> tuple[str, str | None,
                                                                                           int | None]:
    """(pack, tier, points) for a new list of this army: the preferred rules when the pack is known
    (a tier it no longer has means free points), else the army's usual ones."""
    pack = catalog.packs.get(defaults.pack) if defaults.pack else None
    if pack is None:
        return default_settings(catalog, summary)
    if isinstance(pack, SeasonPack) and defaults.tier and pack.tier(defaults.tier) is not None:
        return pack.id, defaults.tier, None
    return pack.id, None, defaults.points


def new_list(catalog: Catalog, summary: ArmySummary, defaults: ListDefaults) -> ArmyList:
    pack, tier, points = list_settings(catalog, summary, defaults)
    return ArmyList(army=summary.ref, pack=pack, tier=tier, points=points)

