"""The cache: keyed by file content and version, re-import is a no-op, failures leave it intact,
armies load lazily into the catalog."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from import_helpers import edit_json, make_data_folder

from armybuilder.data import cache as cache_module
from armybuilder.data.cache import INDEX, CacheError, ImportedSource, attach_imported, import_lock, loads, read_index
from armybuilder.data.catalog import Catalog
from armybuilder.data.importer import ImportReport, import_folder
from armybuilder.i18n import language_override
from armybuilder.paths import imported_data_dir

pytestmark = pytest.mark.shared


@pytest.fixture
def folder(official_data: Path, tmp_path: Path) -> Path:
    return make_data_folder(official_data, tmp_path / "n5")


def snapshot(cache: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(cache.iterdir()) if p.is_file()}


def test_default_cache_is_the_user_data_dir(folder: Path, _isolated_home: Path) -> None:
    report = import_folder(folder)
    assert report.written and report.data_dir == imported_data_dir() == _isolated_home / "imported"
    assert (imported_data_dir() / INDEX).is_file()


def test_reimporting_unchanged_files_is_a_no_op(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = import_folder(folder, cache)
    assert first.written
    before = snapshot(cache)
    second = import_folder(folder, cache)
    assert not second.written and second.ok
    assert {a.status for a in second.armies} == {"unchanged"}
    assert [a.version for a in second.armies] == [a.version for a in first.armies]
    assert snapshot(cache) == before  # not a byte rewritten


def test_a_changed_file_is_converted_again_and_the_others_reused(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)

    def new_version(data: dict) -> None:  # type: ignore[type-arg]
        data["version"] = "9.9.9"
        fusiliers = next(u for u in data["units"] if u["slug"] == "fusiliers")
        fusiliers["profileGroups"][0]["options"][0]["points"] = 11

    edit_json(folder / "panoceania.json", new_version)
    report = import_folder(folder, cache)
    statuses = {a.slug: (a.status, a.previous_version, a.version) for a in report.armies}
    assert statuses["panoceania"][0] == "updated" and statuses["panoceania"][2] == "9.9.9"
    assert statuses["panoceania"][1] != "9.9.9"
    panoceania = next(a for a in report.armies if a.slug == "panoceania")  # as the CLI and the dialog show it
    assert panoceania.version_text == f"{statuses['panoceania'][1]} → 9.9.9"
    assert panoceania.status_label == "updated"
    with language_override("es"):
        assert panoceania.status_label == "actualizado"
    unchanged = next(a for a in report.armies if a.slug == "code-capital")
    assert unchanged.version_text == unchanged.version and unchanged.status_label == "unchanged"
    assert statuses["code-capital"][0] == statuses["svalarheima-s-winter-force"][0] == "unchanged"
    source = ImportedSource.open(cache)
    assert source is not None
    army = source.load(101)
    assert army.version == "9.9.9" and army.label == "PanOceania (9.9.9)"
    fusiliers = army.unit_by_slug("fusiliers")
    assert fusiliers is not None and fusiliers.profile_groups[0].options[0].points == 11
    assert source.load(106).version == next(a.version for a in report.armies if a.slug == "svalarheima-s-winter-force")
    assert len(list(cache.glob("pack-*.bin"))) == 1  # the old pack is gone


def test_a_failure_while_writing_leaves_the_previous_cache(folder: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    before = snapshot(cache)
    edit_json(folder / "panoceania.json", lambda data: data.update(version="9.9.9"))

    def disk_full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache_module, "atomic_write_text", disk_full)
    report = import_folder(folder, cache)
    assert report.fatal is not None and "No space left" in report.fatal.message and not report.written
    assert snapshot(cache) == before
    source = ImportedSource.open(cache)
    assert source is not None and source.load(101).version != "9.9.9"


def test_a_crash_between_pack_and_index_leaves_the_previous_cache(folder: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    index_before = (cache / INDEX).read_bytes()
    edit_json(folder / "panoceania.json", lambda data: data.update(version="9.9.9"))

    class Crash(BaseException):
        pass

    def crash(path: Path, text: str) -> None:
        raise Crash

    monkeypatch.setattr(cache_module, "atomic_write_text", crash)
    with pytest.raises(Crash):
        import_folder(folder, cache)
    assert (cache / INDEX).read_bytes() == index_before
    assert len(list(cache.glob("pack-*.bin"))) == 1
    source = ImportedSource.open(cache)
    assert source is not None and source.load(101).version != "9.9.9"
    monkeypatch.undo()
    assert import_folder(folder, cache).written  # and the next import goes through


def test_cancelling_leaves_the_cache_untouched(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    before = snapshot(cache)
    edit_json(folder / "panoceania.json", lambda data: data.update(version="9.9.9"))
    cancel = threading.Event()
    seen: list[tuple[str, int, int, int]] = []

    def progress(file: str, index: int, total: int, size: int) -> None:
        seen.append((file, index, total, size))
        if index == 2:
            cancel.set()

    report = import_folder(folder, cache, progress=progress, cancel=cancel)
    assert report.cancelled and not report.written and not report.ok
    assert snapshot(cache) == before
    assert seen[0][:3] == ("army.json", 1, 4) and seen[0][3] == (folder / "army.json").stat().st_size
    assert len(seen) == 2


def test_progress_reports_every_file(folder: Path, tmp_path: Path) -> None:
    seen: list[tuple[str, int, int, int]] = []
    import_folder(folder, tmp_path / "cache", progress=lambda *args: seen.append(args))
    assert [s[1] for s in seen] == [1, 2, 3, 4] and {s[2] for s in seen} == {4}
    assert {s[0] for s in seen} == {"army.json", "panoceania.json", "svalarheima-s-winter-force.json",
                                    "code-capital.json"}
    assert all(s[3] == (folder / s[0]).stat().st_size for s in seen)


def test_damaged_index_is_reported_and_rebuilt(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    (cache / INDEX).write_text("{ not json", encoding="utf-8")
    with pytest.raises(CacheError):
        read_index(cache)
    catalog = Catalog(sources=[], packs={})
    assert attach_imported(catalog, cache) is None
    assert catalog.problems and "damaged index" in catalog.problems[0].message
    report = import_folder(folder, cache)
    assert report.written and any("cannot be read" in i.message for i in report.issues)
    assert ImportedSource.open(cache) is not None


def test_damaged_pack_gives_a_clear_error(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    pack = next(cache.glob("pack-*.bin"))
    pack.write_bytes(b"\x00" * pack.stat().st_size)
    source = ImportedSource.open(cache)
    assert source is not None
    from armybuilder.data.problems import DataError

    with pytest.raises(DataError) as caught:
        source.load(101)
    assert "damaged" in str(caught.value)


def test_cache_from_another_version_is_not_used(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    import_folder(folder, cache)
    edit_json(cache / INDEX, lambda data: data.update(schema="older"))
    with pytest.raises(CacheError) as caught:
        ImportedSource.open(cache)
    assert "import it again" in str(caught.value)
    report = import_folder(folder, cache)
    assert report.written and {a.status for a in report.armies} == {"imported"}
    assert ImportedSource.open(cache) is not None


def test_the_cache_only_unpickles_domain_objects() -> None:
    import pickle

    with pytest.raises(CacheError):
        loads(pickle.dumps(os.system))


def test_only_one_import_at_a_time(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with import_lock(cache):
        report = import_folder(folder, cache)
    assert report.fatal is not None and "another import" in report.fatal.message
    assert import_folder(folder, cache).written  # the lock is released


def test_catalog_lists_imported_armies_with_versions(imported_data: ImportReport, bundled_catalog: Catalog) -> None:
    catalog = Catalog(sources=list(bundled_catalog.sources), packs=dict(bundled_catalog.packs))
    source = attach_imported(catalog, imported_data.data_dir)
    assert source is not None
    imported = [s for s in catalog.armies() if s.origin == "imported"]
    assert len(imported) == 56
    panoceania = next(s for s in imported if s.id == 101)
    assert panoceania.label == f"PanOceania ({panoceania.version})" and panoceania.version
    army = catalog.army(panoceania.ref)
    assert army.id == 101 and army.origin == "imported"
    assert catalog.army(("imported", 101)) is army  # loaded once, then kept by the catalog
    assert "MULTI Rifle (AP Mode)" in catalog.weapons("imported")
    assert catalog.find(106) is not None and catalog.find(106).origin == "imported"


def test_summaries_do_not_load_armies(imported_data: ImportReport, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = cache_module.read_blob

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(cache_module, "read_blob", counting)
    source = ImportedSource.open(imported_data.data_dir)
    assert source is not None and len(source.summaries()) == 56 and calls == []
    source.load(106)
    assert calls == [1]


def test_index_is_readable_json(imported_data: ImportReport) -> None:
    index = json.loads((imported_data.data_dir / INDEX).read_text(encoding="utf-8"))
    entry = next(a for a in index["armies"] if a["id"] == 101)
    assert entry["slug"] == "panoceania" and entry["file"] == "panoceania.json" and len(entry["sha256"]) == 64
    assert entry["reinforcements"] == 199 and entry["counts"]["units"] == 100


def test_an_army_imported_with_errors_is_tried_again(folder: Path, tmp_path: Path) -> None:
    """An id no file names is an error; once another file names it, the next import resolves it
    even though the first file did not change."""
    def unknown_weapon(data: dict) -> None:  # type: ignore[type-arg]
        option = next(u for u in data["units"] if u["slug"] == "fusiliers")["profileGroups"][0]["options"][0]
        option["weapons"].append({"id": 4242, "order": 99})

    def name_it(data: dict) -> None:  # type: ignore[type-arg]
        data["filters"]["weapons"].append({"id": 4242, "name": "Test Blaster", "type": "BS"})

    cache = tmp_path / "cache"
    edit_json(folder / "panoceania.json", unknown_weapon)
    first = import_folder(folder, cache)
    assert any("4242" in i.message for i in first.all_errors)
    edit_json(folder / "code-capital.json", name_it)
    second = import_folder(folder, cache)
    assert second.all_errors == [] and second.written
    panoceania = next(a for a in second.armies if a.slug == "panoceania")
    assert panoceania.status == "updated"
    assert any("Test Blaster" in i.message and i.severity == "info" for i in panoceania.issues)
    source = ImportedSource.open(cache)
    assert source is not None
    fusiliers = source.load(101).unit_by_slug("fusiliers")
    assert fusiliers is not None and fusiliers.profile_groups[0].options[0].weapons[-1].name == "Test Blaster"


def test_a_lock_left_by_a_dead_process_is_taken_over(folder: Path, tmp_path: Path) -> None:
    import subprocess
    import sys

    cache = tmp_path / "cache"
    cache.mkdir()
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True, check=True)
    (cache / "import.lock").write_text(finished.stdout.strip(), encoding="ascii")  # that process is gone
    assert import_folder(folder, cache).written
    assert not (cache / "import.lock").exists()


def test_an_item_list_seen_in_another_file_is_named_by_this_files_filters(folder: Path, tmp_path: Path) -> None:
    # item lists converted for one army are reused by later ones only where their filters name the ids alike
    def rename(data: dict) -> None:  # type: ignore[type-arg]
        entry = next(w for w in data["filters"]["weapons"] if w["name"] == "Combi Rifle")
        entry["name"] = "Combi Rifle (renamed)"

    def weapons(army: object) -> set[str]:
        return {w.name for u in army.units for g in u.profile_groups  # type: ignore[attr-defined]
                for o in (*g.options, *g.profiles) for w in o.weapons}

    edit_json(folder / "svalarheima-s-winter-force.json", rename)
    report = import_folder(folder, tmp_path / "cache")
    assert report.written and report.all_errors == []
    source = ImportedSource.open(tmp_path / "cache")
    assert source is not None
    panoceania = weapons(source.load(101))
    winter_force = weapons(next(source.load(a.id) for a in source.index.armies
                                if a.slug == "svalarheima-s-winter-force"))
    assert "Combi Rifle" in panoceania and "Combi Rifle (renamed)" not in panoceania
    assert "Combi Rifle (renamed)" in winter_force and "Combi Rifle" not in winter_force
