"""Domain models as the data import builds them: plain objects, no pydantic (#20).

Importing pydantic and building the model classes of `armybuilder.domain` cost a cold import about as
much as converting half of the armies, and the importer never needs them: it checks every value itself
(see `infinity_units`) and only stores the armies. So it builds `Record`s instead — one plain class per
domain model, of the same name, holding the same field dict (same keys in the same order, the same
defaults) and the same set of fields given, that the model would. The cache pickles a record as
`model(name, fields, fields_set)` (`armybuilder.data.cache.dumps`), and reading it back makes the real
pydantic model from them, as fast as before: nothing is converted when an army is loaded.

`FIELDS` lists every model of `armybuilder.domain.values`, `fireteams`, `specops` and `profiles` with its
fields and defaults; `tests/test_import_records.py` checks it against the model classes, so a model that
gains, loses or renames a field, or changes a default, fails the tests until this table follows — and
`schema_fingerprint` (written into the cache's index) then changes as it would have.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, TypeVar, cast

from armybuilder.domain.scalars import Swc

T = TypeVar("T")

_set = object.__setattr__


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""A field without a default."""


class Factory:
    """A default made anew for each record (pydantic's `default_factory`)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make

    def __repr__(self) -> str:
        return f"Factory({getattr(self.make, '__name__', self.make)!r})"


def _chart() -> Any:
    return new("FireteamChart")()


FIELDS: dict[str, tuple[str, tuple[tuple[str, Any], ...]]] = {
    # name: (module of armybuilder.domain, ((field, default), ...)) in the models' declared order
    "Frozen": ("values", ()),
    "ItemRef": ("values", (("name", REQUIRED), ("extras", ()), ("quantity", None), ("id", None), ("name_es", None),
                           ("extras_es", None))),
    "ChartMember": ("fireteams", (("slug", REQUIRED), ("name", ""), ("min", 0), ("max", 5), ("required", False),
                                  ("comment", ""))),
    "ChartTeam": ("fireteams", (("name", REQUIRED), ("types", ()), ("note", ""), ("source", None), ("members", ()),
                                ("sizes", Factory(dict)))),
    "FireteamChart": ("fireteams", (("limits", Factory(dict)), ("description", ""), ("source", None),
                                    ("teams", ()))),
    "SpecOpsGrant": ("specops", (("kind", REQUIRED), ("item", REQUIRED))),
    "SpecOpsPick": ("specops", (("type", REQUIRED), ("id", None), ("extra", ()), ("stat", None), ("q", None))),
    "SpecOpsUpgrade": ("specops", (("kind", REQUIRED), ("id", REQUIRED), ("extra_ids", ()), ("item", REQUIRED),
                                   ("xp", REQUIRED), ("grants", ()))),
    "Army": ("profiles", (("id", REQUIRED), ("slug", REQUIRED), ("name", REQUIRED), ("kind", "vanilla"),
                          ("parent", None), ("edition", "n5"), ("version", ""), ("origin", "bundled"),
                          ("discontinued", False), ("units", ()), ("relations", ()),
                          ("fireteam_chart", Factory(_chart)), ("reinforcements", None), ("specops", None),
                          ("notes", None), ("source", None))),
    "IncludedOption": ("profiles", (("group", REQUIRED), ("option", REQUIRED), ("quantity", 1),
                                    ("priced_in", False))),
    "Option": ("profiles", (("id", REQUIRED), ("name", REQUIRED), ("points", REQUIRED), ("swc", Factory(Swc)),
                            ("orders", ()), ("weapons", ()), ("skills", ()), ("equipment", ()),
                            ("characteristics", ()), ("peripherals", ()), ("includes", ()), ("disabled", False),
                            ("minis", 1), ("notes", None), ("source", None))),
    "OrderGrant": ("profiles", (("type", REQUIRED), ("total", 1), ("pooled", True))),
    "Profile": ("profiles", (("id", REQUIRED), ("name", REQUIRED), ("type", REQUIRED), ("move", REQUIRED),
                             ("cc", REQUIRED), ("bs", REQUIRED), ("ph", REQUIRED), ("wip", REQUIRED),
                             ("arm", REQUIRED), ("bts", REQUIRED), ("w", REQUIRED), ("structure", False),
                             ("s", REQUIRED), ("ava", None), ("characteristics", ()), ("skills", ()),
                             ("equipment", ()), ("weapons", ()), ("peripherals", ()), ("includes", ()),
                             ("notes", None), ("source", None))),
    "ProfileGroup": ("profiles", (("id", REQUIRED), ("name", ""), ("category", None), ("profiles", ()),
                                  ("options", ()), ("notes", None))),
    "Relation": ("profiles", (("members", REQUIRED), ("min", 0), ("max", None), ("group", False), ("note", None))),
    "RelationDependency": ("profiles", (("unit", REQUIRED), ("group", None), ("min", 1), ("per", None),
                                        ("whole_group", False))),
    "RelationMember": ("profiles", (("unit", REQUIRED), ("group", None), ("depends", ()))),
    "SpecOpsTable": ("profiles", (("units", ()), ("upgrades", ()))),
    "Unit": ("profiles", (("id", REQUIRED), ("slug", REQUIRED), ("name", REQUIRED), ("isc", ""),
                          ("isc_abbr", None), ("canonical", None), ("factions", ()), ("mercenary", False),
                          ("profile_groups", ()), ("options", ()), ("notes", None), ("source", None))),
    "WeaponProfile": ("profiles", (("name", REQUIRED), ("id", None), ("burst", "-"), ("damage", "-"),
                                   ("saving", "-"), ("saving_num", "-"), ("ammunition", "-"), ("properties", ()),
                                   ("ranges", ()), ("mode", None), ("profile", None), ("source", None),
                                   ("name_es", None), ("mode_es", None), ("properties_es", None),
                                   ("ammunition_es", None))),
    "WeaponRange": ("profiles", (("max_cm", REQUIRED), ("mod", REQUIRED))),
}
MODULES = ("values", "fireteams", "specops", "profiles")
"""The modules of `armybuilder.domain` whose models are cached (in the order the fingerprint lists them)."""


def schema_fingerprint() -> str:
    """Changes whenever a cached model class gains, loses or renames a field (by `FIELDS`, which the tests
    keep equal to the model classes: the same value as worked out from the classes themselves)."""
    parts = []
    for module in MODULES:
        for name in sorted(n for n, (m, _) in FIELDS.items() if m == module):
            parts.append(f"armybuilder.domain.{module}.{name}:{','.join(f for f, _ in FIELDS[name][1])}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


class Record:
    """A domain model as the importer builds it: its fields in `__dict__`, the fields given in `fields_set`.

    Read like the model (`unit.name`); `model_copy` as pydantic's (a copy of the dict and of the set, the
    updated fields added to the set). Nothing else of the model is there: no validation, no methods.
    """

    __slots__ = ("__dict__", "fields_set", "pickled")

    fields_set: set[str]
    pickled: tuple[Any, ...]
    """How the cache pickles it, made once (`cache.dumps` takes it as it is: no Python call per record)."""

    def model_copy(self: T, update: dict[str, Any] | None = None) -> T:
        copy = object.__new__(type(self))
        data = dict(self.__dict__)
        fields_set = set(cast("Record", self).fields_set)
        if update:
            data.update(update)
            fields_set.update(update)
        _set(copy, "__dict__", data)
        _set(copy, "fields_set", fields_set)
        _set(copy, "pickled", (model, (type(self).__name__, data, fields_set)))
        return copy

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"


RECORDS: dict[str, type[Record]] = {name: cast("type[Record]", type(name, (Record,), {"__slots__": ()}))
                                    for name in FIELDS}
"""The record class of each model, by the model's name."""


def new(name: str) -> Callable[..., Any]:
    """A constructor of records of the model `name`: keyword values for its fields, defaults for the rest
    (as `model_construct` would, without pydantic); a misspelt or missing field raises TypeError."""
    cls = RECORDS[name]
    fields = FIELDS[name][1]
    names = frozenset(f for f, _ in fields)
    template = {f: default for f, default in fields}
    factories = [(f, default.make) for f, default in fields if isinstance(default, Factory)]
    required = frozenset(f for f, default in fields if default is REQUIRED)
    declared = tuple(f for f, _ in fields)
    fields_sets: dict[tuple[str, ...], tuple[set[str], tuple[tuple[str, Callable[[], Any]], ...],
                                             tuple[tuple[str, Any, Callable[[], Any] | None], ...] | None]] = {}
    new_record = object.__new__

    def checked(keys: tuple[str, ...]) -> tuple[set[str], tuple[tuple[str, Callable[[], Any]], ...],
                                                tuple[tuple[str, Any, Callable[[], Any] | None], ...] | None]:
        """The fields set of records given `keys` (one shared set per combination: pydantic never changes it in
        place, model_copy copies it, and pickle stores a shared object once), the factories of the fields
        they leave out, and — when `keys` are the first fields in their declared order — the fields after them
        with their defaults (or factories); TypeError for a misspelt or missing field. Worked out once per
        combination."""
        given = set(keys)
        if not given <= names:
            raise TypeError(f"{name} has no field(s) {sorted(given - names)}")
        if not given >= required:
            raise TypeError(f"{name} needs {sorted(required - given)}")
        rest = tuple((f, d, d.make if isinstance(d, Factory) else None) for f, d in fields[len(keys):]) \
            if keys == declared[:len(keys)] else None
        made = fields_sets[keys] = (given, tuple((f, make) for f, make in factories if f not in given), rest)
        return made

    def build(**values: Any) -> Any:
        fields_set, missing, rest = fields_sets.get(keys := tuple(values)) or checked(keys)
        if rest is not None:  # the values given are the first fields, in order: their dict is the record's
            data = values
            for field, default, make in rest:
                data[field] = default if make is None else make()
        else:
            data = template.copy()  # keeps the declared field order, as the model would
            data.update(values)
            for field, make in missing:
                data[field] = make()
        record = new_record(cls)
        record.__dict__ = data
        record.fields_set = fields_set
        record.pickled = (model, (name, data, fields_set))
        return record

    build.__name__ = f"build_{name}"
    return build


# ----- reading the cache: the real models ---------------------------------------------------------

_CLASSES: dict[str, type] = {}


def _model_classes() -> dict[str, type]:
    from importlib import import_module

    for name, (module, _) in FIELDS.items():
        _CLASSES[name] = getattr(import_module(f"armybuilder.domain.{module}"), name)
    return _CLASSES


def model(name: str, data: dict[str, Any], fields_set: set[str]) -> Any:
    """The domain model `name` with these field values, as pydantic would hold them (how the cache's
    unpickler rebuilds what `dumps` wrote; `name` must be one of `FIELDS`)."""
    cls = _CLASSES.get(name) or _model_classes()[name]
    made: Any = object.__new__(cls)
    _set(made, "__dict__", data)
    _set(made, "__pydantic_fields_set__", fields_set)
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made
