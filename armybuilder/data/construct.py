"""Build domain models from values the importer has already checked, without re-validating them.

Validating every one of the ~100,000 objects of the official data through pydantic costs several
times more than reading the JSON, so the importer converts and checks values itself and then
assembles the frozen models directly. `tests/test_import_real_data.py` re-validates every imported
army through pydantic to prove that the fast path builds exactly what validation would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__
_MISSING: Any = object()


def restore(cls: type[M], data: dict[str, Any], fields_set: set[str]) -> M:
    """Rebuild a model from its field values (used when reading the imported-data cache)."""
    model = cls.__new__(cls)
    _set(model, "__dict__", data)
    _set(model, "__pydantic_fields_set__", fields_set)
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


def builder(cls: type[M]) -> Callable[..., M]:
    """A fast constructor for `cls`: keyword values for its fields, defaults for the rest."""
    fields = cls.model_fields
    names = frozenset(fields)
    template: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    required = []
    for name, info in fields.items():
        template[name] = _MISSING
        if info.default is not PydanticUndefined:
            template[name] = info.default
        elif info.default_factory is not None:
            factories.append((name, info.default_factory))  # type: ignore[arg-type]
        else:
            required.append(name)
    required_set = frozenset(required)
    new = cls.__new__
    fields_sets: dict[frozenset[str], set[str]] = {}

    def build(**values: Any) -> M:
        keys = values.keys()
        if not (keys <= names and required_set <= keys):
            unknown, missing = sorted(keys - names), sorted(required_set - keys)
            raise TypeError(f"{cls.__name__}: unknown fields {unknown}, missing fields {missing}")
        data = template.copy()  # keeps the declared field order, as validation would
        data.update(values)
        for name, factory in factories:
            if data[name] is _MISSING:
                data[name] = factory()
        model = new(cls)
        _set(model, "__dict__", data)
        # one shared set per combination of given fields: pydantic never mutates it in place, and
        # sharing keeps the cache small (pickle stores a shared object once)
        fields_set = fields_sets.get(keys_key := frozenset(keys))
        if fields_set is None:
            fields_set = fields_sets[keys_key] = set(keys)
        _set(model, "__pydantic_fields_set__", fields_set)
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        return model

    build.__name__ = f"build_{cls.__name__}"
    return build
