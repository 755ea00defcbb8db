"""The list library's core without Qt: the folder's list files summed up (name, army, rules, points,
legal, fireteams, last change), the notes beside them (tags, tournament entries), duplicate, rename and
delete with undo, and what a hostile folder holds (a broken file, a FIFO, a link to nothing, notes that
cannot be read) reported without losing anything."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.data.listfile import load_list
from armybuilder.library import folder as library
from armybuilder.library.summary import entry_problems, scan
from armybuilder.paths import bundled_profiles_dir

ROOT = Path(__file__).resolve().parent.parent
BLIZZARD_A = ROOT / "examples" / "blizzard-6-a.yaml"
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir()])


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    folder = tmp_path / "lists"
    folder.mkdir()
    shutil.copy(BLIZZARD_A, folder / "blizzard.yaml")
    return folder


def test_the_default_folder_is_under_the_user_data_folder(_isolated_home: Path) -> None:
    assert library.default_folder() == _isolated_home / "lists"


def test_a_scan_sums_up_each_list(shelf: Path, catalog: Catalog) -> None:
    found = scan(shelf, catalog)
    assert len(found.lists) == 1 and not found.problems
    summary = found.lists[0]
    army_list = load_list(BLIZZARD_A).army_list
    assert summary.name == army_list.name and summary.army == "Svalarheima's Winter Force"
    assert summary.points is not None and summary.points_limit == 300
    assert summary.legal is True and summary.errors == 0
    assert summary.troopers == army_list.trooper_count
    assert [team for _, team in summary.fireteams] == [f.team.strip() for f in army_list.fireteams]
    assert summary.modified > 0
    again = scan(shelf, catalog, {s.path: s for s in found.lists})
    assert again.lists[0] is summary  # an unchanged file is not read again


def test_hostile_files_are_reported_and_skipped(shelf: Path, catalog: Catalog) -> None:
    (shelf / "broken.yaml").write_text("format: armybuilder-list/1\ngroups: [", encoding="utf-8")
    (shelf / "notes.txt").write_text("not a list", encoding="utf-8")
    (shelf / "dangling.yaml").symlink_to(shelf / "nowhere.yaml")
    os.mkfifo(shelf / "pipe.yaml")
    (shelf / "sub").mkdir()
    shutil.copy(BLIZZARD_A, shelf / "sub" / "inner.yaml")  # sub-folders are not read
    found = scan(shelf, catalog)
    names = sorted(s.path.name for s in found.lists)
    assert names == ["blizzard.yaml", "broken.yaml"]
    broken = next(s for s in found.lists if s.path.name == "broken.yaml")
    assert broken.error and "broken.yaml" in broken.error and broken.legal is None
    assert any("dangling.yaml" in p for p in found.problems)


def test_a_missing_folder_is_an_empty_library(tmp_path: Path, catalog: Catalog) -> None:
    found = scan(tmp_path / "not-yet", catalog)
    assert found.lists == () and found.problems == ()


def test_tags_and_entries_are_kept_beside_the_lists(shelf: Path) -> None:
    notes = library.read_notes(shelf)
    notes.tags["blizzard.yaml"] = library.clean_tags(["Svalarheima", " ITS ", "its", "a,b"])
    notes.entries["Winter entry"] = ("blizzard.yaml", "other.yaml")
    library.write_notes(shelf, notes)
    again = library.read_notes(shelf)
    assert again.tags_of("blizzard.yaml") == ("Svalarheima", "ITS", "a b")
    assert again.entry_of("other.yaml") == "Winter entry"
    assert again.all_tags() == ["a b", "ITS", "Svalarheima"]


def test_notes_that_cannot_be_read_are_said_and_kept(shelf: Path, catalog: Catalog) -> None:
    (shelf / library.NOTES_FILE).write_text("tags: [unclosed", encoding="utf-8")
    found = scan(shelf, catalog)
    assert any(library.NOTES_FILE in p for p in found.problems)
    assert (shelf / library.NOTES_FILE).read_text(encoding="utf-8") == "tags: [unclosed"  # not written over


def test_duplicate_and_rename_never_overwrite(shelf: Path) -> None:
    source = shelf / "blizzard.yaml"
    copy = library.duplicate(source, "Blizzard (copy)")
    assert copy.name == "Blizzard (copy).yaml" and load_list(copy).army_list.name == "Blizzard (copy)"
    second = library.duplicate(source, "Blizzard (copy)")
    assert second.name == "Blizzard (copy) (2).yaml"
    renamed = library.rename(copy, "Blizzard/6 round 2")
    assert renamed.name == "Blizzard-6 round 2.yaml" and not copy.exists()
    assert load_list(renamed).army_list.name == "Blizzard/6 round 2"
    assert load_list(source).army_list == load_list(BLIZZARD_A).army_list  # the original is untouched


def test_delete_can_be_undone(shelf: Path) -> None:
    source = shelf / "blizzard.yaml"
    text = source.read_bytes()
    kept = library.set_aside(source)
    assert not source.exists() and kept.parent.name == library.DELETED_FOLDER
    back = library.restore(kept, source)
    assert back == source and source.read_bytes() == text
    assert scan(shelf, Catalog.from_paths([bundled_profiles_dir()])).lists[0].path == source  # .deleted is hidden


def test_an_entry_of_two_armies_says_so(shelf: Path, catalog: Catalog) -> None:
    other = next(p for p in EXAMPLES if load_list(p).army_list.army.id != load_list(BLIZZARD_A).army_list.army.id)
    shutil.copy(other, shelf / "other.yaml")
    found = scan(shelf, catalog)
    problems = [str(p) for p in entry_problems(list(found.lists))]
    assert any("same army" in p for p in problems)
    same = scan(shelf, catalog).lists[:1] * 2
    assert not [str(p) for p in entry_problems(list(same))]
