"""A fireteam's level: how many of its members count as the same unit, and by which key.

Level keys (the Fireteams chapter of the N5 rules: "members of the same unit"): troopers count
as the same unit when they share a key — `u:<slug>` (the unit), `n:<folded name>` (the same unit
name, e.g. a unit and its mercenary copy), or `t:<folded term>` (a bracket term of the chart line
they joined under). A term also brings the `u:` key of every unit it names (by name, ISC, slug or
chart label; see `rules/fireteams/chart.py`), so Kyle Hawkins listed as "(Fusiliers)" counts with
the Fusiliers themselves. The sentence that explains a level to the player is written by
`rules/fireteams/assess.py` (`explain`); the bonuses each level gives are the edition pack's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armybuilder.domain.fireteams import normalize_term
from armybuilder.domain.profiles import Unit


def own_keys(unit: Unit) -> frozenset[str]:
    """The keys a unit's troopers bring wherever they join: the unit and its names."""
    keys = {f"u:{unit.slug}"}
    for text in (unit.name, unit.isc):
        folded = normalize_term(text)
        if folded:
            keys.add(f"n:{folded}")
    return frozenset(keys)


@dataclass(frozen=True)
class Level:
    """A fireteam level: how many members count as the same unit, by which key, and who."""

    level: int
    key: str | None
    counted: tuple[int, ...]


_KEY_ORDER = {"t": 0, "u": 1, "n": 2}
"""On a tie, a shared bracket term names the group best ("Reverend"), then the unit, then its name."""


def level_of(keysets: Sequence[Iterable[str]]) -> Level:
    """Level = the largest number of members sharing a key (at least 1 for a non-empty team)."""
    counts: Counter[str] = Counter()
    for keys in keysets:
        counts.update(set(keys))
    if not counts:
        return Level(1 if keysets else 0, None, ())
    key = min(counts, key=lambda k: (-counts[k], _KEY_ORDER.get(k[0], 3), k))
    counted = tuple(i for i, keys in enumerate(keysets) if key in set(keys))
    if counts[key] < 2:
        return Level(1, None, ())
    return Level(counts[key], key, counted)
