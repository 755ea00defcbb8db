"""The importer builds pydantic-free records (`armybuilder.data.records`) that the cache turns into the very
models pydantic would hold (#20): the records' field table follows the model classes, a record read back is
the model, the importer imports no pydantic, and a cache of the previous format is imported again."""

from __future__ import annotations

import hashlib
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from import_helpers import edit_json, make_data_folder
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from armybuilder.data import records
from armybuilder.data.cache import (
    INDEX,
    CacheError,
    Dumper,
    ImportedSource,
    dumps,
    loads,
    read_index,
    schema_fingerprint,
)
from armybuilder.domain import fireteams, profiles, specops, values
from armybuilder.domain.profiles import Army, IncludedOption, Option, OrderGrant, WeaponProfile, WeaponRange
from armybuilder.domain.values import ItemRef, OrderType, Swc

MODULES = (values, fireteams, specops, profiles)


def model_classes() -> dict[str, type[BaseModel]]:
    return {name: cls for module in MODULES for name, cls in vars(module).items()
            if isinstance(cls, type) and issubclass(cls, BaseModel) and cls.__module__ == module.__name__}


def same(model: BaseModel, other: BaseModel) -> bool:
    """The same class, the same field dict in the same order, the same fields set."""
    return (type(model) is type(other) and list(model.__dict__.items()) == list(other.__dict__.items())
            and model.__pydantic_fields_set__ == other.__pydantic_fields_set__
            and model.__pydantic_extra__ == other.__pydantic_extra__
            and model.__pydantic_private__ == other.__pydantic_private__)


def test_the_field_table_lists_every_cached_model_with_its_fields_and_defaults() -> None:
    classes = model_classes()
    assert sorted(records.FIELDS) == sorted(classes)
    for name, cls in classes.items():
        module, fields = records.FIELDS[name]
        assert cls.__module__ == f"armybuilder.domain.{module}", name
        assert [f for f, _ in fields] == list(cls.model_fields), name
        for field, default in fields:
            info = cls.model_fields[field]
            if default is records.REQUIRED:
                assert info.is_required(), (name, field)
            elif isinstance(default, records.Factory):
                assert info.default_factory is not None, (name, field)
                made = default.make()
                expected = info.default_factory()  # type: ignore[call-arg]
                if isinstance(expected, BaseModel):
                    assert same(loads(dumps(made)), expected), (name, field)
                else:
                    assert made == expected and type(made) is type(expected), (name, field)
            else:
                assert info.default is not PydanticUndefined, (name, field)
                assert default == info.default and type(default) is type(info.default), (name, field)


def test_the_schema_fingerprint_is_the_one_worked_out_from_the_model_classes() -> None:
    parts = []
    for module in MODULES:
        for name in sorted(vars(module)):
            cls = getattr(module, name)
            if isinstance(cls, type) and issubclass(cls, BaseModel) and cls.__module__ == module.__name__:
                parts.append(f"{module.__name__}.{name}:{','.join(cls.model_fields)}")
    assert schema_fingerprint() == hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def test_a_record_read_back_from_the_cache_is_the_model_pydantic_builds() -> None:
    item = records.new("ItemRef")(name="Mimetism", extras=("-3",))
    grant = records.new("OrderGrant")(type=OrderType.REGULAR, total=1, pooled=True)
    include = records.new("IncludedOption")(group=2, option=1, quantity=1, priced_in=True)
    option = records.new("Option")(id=1, name="", points=18, swc=Swc.parse("0.5"), orders=(grant,),
                                   skills=(item,), includes=(include,), minis=2)
    back = loads(dumps(option))
    expected = Option(id=1, name="", points=18, swc=Swc.parse("0.5"), orders=(OrderGrant(type=OrderType.REGULAR,
                      total=1, pooled=True),), skills=(ItemRef(name="Mimetism", extras=("-3",)),),
                      includes=(IncludedOption(group=2, option=1, quantity=1, priced_in=True),), minis=2)
    assert same(back, expected) and back == expected
    assert same(back.skills[0], expected.skills[0]) and same(back.orders[0], expected.orders[0])
    weapon = records.new("WeaponProfile")(name="Combi Rifle", id=1,
                                          ranges=(records.new("WeaponRange")(max_cm=40, mod="+3"),))
    assert same(loads(dumps({"Combi Rifle": weapon}))["Combi Rifle"],
                WeaponProfile(name="Combi Rifle", id=1, ranges=(WeaponRange(max_cm=40, mod="+3"),)))


def test_a_model_and_its_record_pickle_alike() -> None:
    record = records.new("ItemRef")(name="Pistol")
    model = ItemRef(name="Pistol")
    assert same(loads(dumps(record)), loads(dumps(model)))


def test_one_dumper_pickles_each_value_as_dumps_does() -> None:
    """The importer's one pickler for all armies (`cache.Dumper`, its memo cleared between them) writes each
    army byte for byte as a pickler of its own would: large after small, small after large, shared objects."""
    items = [records.new("ItemRef")(name=f"Item {n}", extras=(str(n),)) for n in range(300)]
    big = records.new("Option")(id=1, name="big", points=10, skills=tuple(items), weapons=tuple(items[:50]))
    small = records.new("Option")(id=2, name="small", points=3, skills=(items[0], items[0]))
    dumper = Dumper()
    for value in (small, big, small, {"weapons": (big, small)}, big):
        assert dumper.dumps(value) == dumps(value)
    assert same(loads(dumper.dumps(small)).skills[0], ItemRef(name="Item 0", extras=("0",)))


def test_model_copy_of_a_record_is_pydantic_s() -> None:
    record = records.new("Army")(id=1, slug="a", name="A", version="1")
    model = Army(id=1, slug="a", name="A", version="1")
    copied = record.model_copy(update={"id": 2, "kind": "sectorial"})
    assert same(loads(dumps(copied)), model.model_copy(update={"id": 2, "kind": "sectorial"}))
    assert copied.fields_set == {"id", "slug", "name", "version", "kind"}
    assert record.fields_set == {"id", "slug", "name", "version"} and record.id == 1  # the original is untouched
    assert same(loads(dumps(record.model_copy())), model.model_copy())


def test_a_record_s_fields_are_in_the_declared_order_however_they_are_given() -> None:
    # the first fields given in order keep their keyword dict; any other order is laid out from the defaults
    build = records.new("Option")
    in_order = build(id=1, name="a", points=5)
    shuffled = build(points=5, id=1, name="a")
    assert list(in_order.__dict__) == list(shuffled.__dict__) == [f for f, _ in records.FIELDS["Option"][1]]
    assert in_order.__dict__ == shuffled.__dict__ and in_order.fields_set == shuffled.fields_set == {"id", "name",
                                                                                                       "points"}
    assert same(loads(dumps(in_order)), Option(id=1, name="a", points=5))
    assert in_order.swc is not build(id=2, name="b", points=1).swc  # a factory's default is made for each record


def test_a_record_needs_its_required_fields_and_knows_no_others() -> None:
    with pytest.raises(TypeError, match="needs"):
        records.new("ItemRef")()
    with pytest.raises(TypeError, match="no field"):
        records.new("ItemRef")(name="x", colour="red")


class _Forged:
    def __init__(self, name: str) -> None:
        self.name = name

    def __reduce__(self) -> tuple[Any, ...]:
        return records.model, (self.name, {}, set())


@pytest.mark.parametrize("name", ["NotAModel", "__class__", "Path"])
def test_the_cache_makes_only_domain_models(name: str) -> None:
    with pytest.raises(CacheError, match="damaged cache entry"):
        loads(pickle.dumps(_Forged(name), protocol=pickle.HIGHEST_PROTOCOL))


@pytest.mark.shared
def test_importing_the_official_data_imports_no_pydantic(official_data: Path, tmp_path: Path) -> None:
    folder = make_data_folder(official_data, tmp_path / "n5")
    code = ("import sys; from pathlib import Path; from armybuilder.data.importer import import_folder; "
            f"report = import_folder(Path({str(folder)!r}), Path({str(tmp_path / 'cache')!r})); "
            "assert report.written and not report.all_errors, report; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core') "
            "or m in ('armybuilder.domain.values', 'armybuilder.domain.profiles')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    source = ImportedSource.open(tmp_path / "cache")
    assert source is not None
    army = source.load(101)
    assert isinstance(army, Army) and army.units and isinstance(army.units[0].profile_groups[0].options[0], Option)
    assert Army.model_validate(army.model_dump()) == army


@pytest.mark.shared
def test_a_cache_of_the_previous_format_is_imported_again(official_data: Path, tmp_path: Path) -> None:
    from armybuilder.data.importer import import_folder

    folder = make_data_folder(official_data, tmp_path / "n5")
    cache = tmp_path / "cache"
    assert import_folder(folder, cache).written
    edit_json(cache / INDEX, lambda data: data.update(format="armybuilder-imported/1"))
    index = read_index(cache)
    assert index is not None and not index.is_current
    with pytest.raises(CacheError, match="import it again"):
        ImportedSource.open(cache)
    report = import_folder(folder, cache)
    assert report.written and {a.status for a in report.armies} == {"imported"}
    assert any("another version" in issue.message for issue in report.issues)
    source = ImportedSource.open(cache)
    assert source is not None and source.load(101).id == 101
