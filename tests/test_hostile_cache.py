"""A damaged cache index never hands one army's data out as another's (#19): every blob is checked
by its content hash and its army id when loaded. No ../shared needed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cache_support import RULES

from armybuilder.data.cache import INDEX, CachedArmy, CacheIndex, ImportedSource, dumps, schema_fingerprint, write_cache
from armybuilder.data.problems import DataError
from armybuilder.data.profiles_yaml import load_profiles


def two_army_cache(folder: Path) -> None:
    loaded = load_profiles([RULES / "army.yaml"])
    first = loaded.armies[950].model_copy(update={"origin": "imported"})
    second = first.model_copy(update={"id": 951, "name": "Other Army", "slug": "other-army"})
    entries = [CachedArmy(id=a.id, slug=a.slug, name=a.name, kind=a.kind, parent=a.parent, version=a.version,
                          edition=a.edition, discontinued=False, counts={"units": len(a.units)}, reinforcements=None,
                          aliases=(), file=f"{a.slug}.json", sha256="0" * 64, offset=0, length=0)
               for a in (first, second)]
    index = CacheIndex(pack="", source="tests", imported_at="2026-01-01 00:00:00", schema=schema_fingerprint(),
                       metadata_sha256="0" * 64, weapons=(0, 0), armies=entries)
    write_cache(folder, index, [dumps(dict(loaded.weapons)), dumps(first), dumps(second)])


def swap(folder: Path, keys: tuple[str, ...]) -> None:
    data = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    a, b = data["armies"]
    for key in keys:
        a[key], b[key] = b[key], a[key]
    (folder / INDEX).write_text(json.dumps(data), encoding="utf-8")


def test_an_intact_cache_loads_both_armies(tmp_path: Path) -> None:
    two_army_cache(tmp_path)
    source = ImportedSource.open(tmp_path)
    assert source is not None and source.load(950).name != source.load(951).name


def test_an_index_pointing_at_other_bytes_fails_its_checksum(tmp_path: Path) -> None:
    two_army_cache(tmp_path)
    swap(tmp_path, ("offset", "length"))
    source = ImportedSource.open(tmp_path)
    assert source is not None
    with pytest.raises(DataError, match="does not match its checksum"):
        source.load(950)


def test_an_index_pointing_at_another_army_is_refused(tmp_path: Path) -> None:
    two_army_cache(tmp_path)
    swap(tmp_path, ("offset", "length", "blob_sha256"))
    source = ImportedSource.open(tmp_path)
    assert source is not None
    with pytest.raises(DataError, match=r"entry of army 950 .* holds army 951"):
        source.load(950)


def test_a_fifo_as_the_index_is_refused_not_waited_on(tmp_path: Path) -> None:
    """Every start read index.json with read_text: a FIFO in its place blocked validate forever."""
    import os

    from armybuilder.data.cache import CacheError

    os.mkfifo(tmp_path / INDEX)
    with pytest.raises(CacheError, match=r"is a FIFO \(named pipe\), not a regular file"):
        ImportedSource.open(tmp_path)


def test_a_fifo_as_the_pack_is_refused_not_waited_on(tmp_path: Path) -> None:
    import os

    two_army_cache(tmp_path)
    source = ImportedSource.open(tmp_path)
    assert source is not None
    pack = tmp_path / source.index.pack
    pack.unlink()
    os.mkfifo(pack)
    with pytest.raises(DataError, match=r"is a FIFO \(named pipe\), not a regular file"):
        source.load(950)
