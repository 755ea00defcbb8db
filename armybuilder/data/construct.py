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
    size = len(template)
    new = cls.__new__
    fields_sets: dict[tuple[str, ...], set[str]] = {}

    def build(**values: Any) -> M:
        data = template.copy()  # keeps the declared field order, as validation would
        data.update(values)
        if len(data) != size:
            raise TypeError(f"{cls.__name__} has no field(s) {sorted(values.keys() - names)}")
        for name in required:
            if data[name] is _MISSING:
                raise TypeError(f"{cls.__name__} needs {sorted(n for n in required if n not in values)}")
        for name, factory in factories:
            if data[name] is _MISSING:
                data[name] = factory()
        model = new(cls)
        _set(model, "__dict__", data)
        # one shared set per combination of given fields: pydantic never mutates it in place, and
        # sharing keeps the cache small (pickle stores a shared object once)
        fields_set = fields_sets.get(keys := tuple(values))
        if fields_set is None:
            fields_set = fields_sets[keys] = set(keys)
        _set(model, "__pydantic_fields_set__", fields_set)
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        return model

    build.__name__ = f"build_{cls.__name__}"
    return build
