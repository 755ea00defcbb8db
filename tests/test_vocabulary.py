"""The vocabulary of weapons, skills, equipment and characteristics (#19): the bundled one is facts with
sources, every bundled profile keeps to it, and a profile database naming something unknown is an
error naming file, key and name (a typo must not pass silently)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from armybuilder.cli import main
from armybuilder.data.profiles_yaml import ITEM_KINDS, VocabularyFile, check_vocabulary, load_profiles
from armybuilder.domain.profiles import fold_name
from armybuilder.i18n import language_override
from armybuilder.paths import bundled_profiles_dir

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SEED_FILES = {"seed 000": "000_30cbdc9e095774ce.txt", "seed 001": "001_4ef1244e11f2750a.txt"}
PANO = ROOT / "profiles" / "panoceania.yaml"


def vocabulary() -> VocabularyFile:
    return VocabularyFile.model_validate(yaml.safe_load((ROOT / "profiles" / "vocabulary.yaml").read_text("utf-8")))


def test_every_name_says_where_it_is_printed() -> None:
    words = [w for kind in ITEM_KINDS for w in getattr(vocabulary(), kind)]
    assert len(words) > 80
    assert all(w.source for w in words), [w.name for w in words if not w.source]


@pytest.mark.shared
def test_the_file_each_name_cites_prints_it() -> None:
    """Seed 000 prints the English names; seed 001 (Spanish) its own spelling, kept in `printed`; the
    rules' names are RULES.md's or the bundled pack's that lists them."""
    if not (SHARED / "seeds").is_dir():
        pytest.skip("../shared is not here")
    missing = []
    for kind in ITEM_KINDS:
        for word in getattr(vocabulary(), kind):
            source = word.source or ""
            if source.startswith(tuple(SEED_FILES)):
                text = (SHARED / "seeds" / SEED_FILES[source[:8]]).read_text(encoding="utf-8")
            elif source.startswith("RULES.md"):
                text = (SHARED / "design" / "RULES.md").read_text(encoding="utf-8")
            else:
                text = (ROOT / source.split(",")[0]).read_text(encoding="utf-8")
            if (word.printed or word.name).casefold() not in text.casefold():
                missing.append((kind, word.name, source))
    assert not missing


def test_the_bundled_profiles_use_only_known_names() -> None:
    loaded = load_profiles([bundled_profiles_dir()])
    assert not loaded.problems, [str(p) for p in loaded.problems]


def _army(tmp_path: Path, change: tuple[str, str], extra: str = "") -> Path:
    text = PANO.read_text(encoding="utf-8").replace("id: 101\n", "id: 9101\n", 1)
    assert change[0] in text
    folder = tmp_path / "profiles"
    folder.mkdir(exist_ok=True)
    (folder / "army.yaml").write_text(text.replace(*change, 1) + extra, encoding="utf-8")
    return folder


def test_a_typo_in_a_weapon_is_an_error_naming_file_key_and_the_closest_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", "weapons: [Combi Rifel, Pistol, Knife]"))
    assert main(["profiles", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"{folder / 'army.yaml'}:" in out
    assert "units[0].profile_groups[0].options[0].weapons[0]: unknown weapon 'Combi Rifel'; did you mean " \
           "'Combi Rifle'?" in out
    loaded = load_profiles([bundled_profiles_dir(), folder])
    assert 9101 not in loaded.armies  # not loaded, as for any other error in the file


def test_a_typo_in_a_skill_is_caught_too(tmp_path: Path) -> None:
    """A misspelt skill the rules read would silently change a list's legality (Infiltraton may join a
    fireteam; a Lieutnant is no Lieutenant)."""
    folder = _army(tmp_path, ('skills: ["G: Synchronized"]', 'skills: ["G: Synchronised", Lieutnant]'))
    loaded = load_profiles([bundled_profiles_dir(), folder])
    messages = [p.message for p in loaded.errors]
    assert any("unknown skill 'G: Synchronised'; did you mean 'G: Synchronized'?" in m for m in messages)
    assert any("unknown skill 'Lieutnant'; did you mean 'Lieutenant'?" in m for m in messages)


def test_a_spanish_name_is_an_error_that_names_the_english_one(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001's own spelling ("Fusil Combi") is no typo: the error says which English name it is (the rules
    match those), whatever the case, spacing or extras, and without the advice to declare a new name."""
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", 'weapons: [Fusil Combi, Pistol, "visor 360º"]'))
    assert main(["profiles", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if "weapons[0]:" in line)
    assert line.endswith("units[0].profile_groups[0].options[0].weapons[0]: unknown weapon 'Fusil Combi'; it is "
                         "the Spanish name of 'Combi Rifle' — profile files use the English names"), line
    assert "unknown weapon 'visor 360º'; it is the Spanish name of the equipment '360º Visor'" in out
    assert 9101 not in load_profiles([bundled_profiles_dir(), folder]).armies  # still an error

    folder = _army(tmp_path, ('skills: ["G: Synchronized"]', 'skills: ["Sexto  Sentido N1"]'))
    with language_override("es"):
        messages = [p.message for p in load_profiles([bundled_profiles_dir(), folder]).errors]
    assert any("'Sexto  Sentido N1'; es el nombre en español de 'Sixth Sense L1': los archivos de perfiles usan "
               "los nombres en inglés" in m for m in messages), messages


def test_a_vocabulary_files_printed_spellings_count_too(tmp_path: Path) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", "weapons: [Lanzador de Plasma, Pistol, Knife]"))
    (folder / "words.yaml").write_text("format: armybuilder-vocabulary/1\nweapons:\n  - {name: Plasma Caster, printed: "
                                       "Lanzador de Plasma, source: my campaign book}\n", encoding="utf-8")
    messages = [p.message for p in load_profiles([bundled_profiles_dir(), folder]).errors]
    assert any("unknown weapon 'Lanzador de Plasma'; it is the Spanish name of 'Plasma Caster'" in m
               for m in messages), messages


def test_a_name_under_the_wrong_kind_is_a_warning(tmp_path: Path) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", "weapons: [Combi Rifle, Pistol, Mimetism]"))
    loaded = load_profiles([bundled_profiles_dir(), folder])
    assert 9101 in loaded.armies and not loaded.errors
    assert any("'Mimetism' is known under `skills`, not `weapons`" in p.message for p in loaded.problems)


def test_extras_case_and_spacing_do_not_matter(tmp_path: Path) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]",
                              'weapons: ["combi  rifle", "PISTOL", "Knife (PS=3)"]'))
    assert not load_profiles([bundled_profiles_dir(), folder]).problems


def test_a_homebrew_name_is_declared_in_the_file_or_a_vocabulary_file(tmp_path: Path) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", "weapons: [Plasma Caster, Pistol, Knife]"),
                   "vocabulary:\n  weapons: [Plasma Caster]\n")
    assert not load_profiles([bundled_profiles_dir(), folder]).problems
    (folder / "army.yaml").write_text((folder / "army.yaml").read_text("utf-8").split("vocabulary:")[0], "utf-8")
    assert load_profiles([bundled_profiles_dir(), folder]).errors
    (folder / "words.yaml").write_text("format: armybuilder-vocabulary/1\nweapons:\n  - {name: Plasma Caster, "
                                       "source: my campaign book}\n", encoding="utf-8")
    assert not load_profiles([bundled_profiles_dir(), folder]).problems


def test_the_imported_data_names_count_as_known(tmp_path: Path) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", "weapons: [Red Fury, Pistol, Knife]"))
    assert load_profiles([bundled_profiles_dir(), folder]).errors
    assert not load_profiles([bundled_profiles_dir(), folder], known={"weapons": ["Red Fury"]}).problems


def test_a_lone_file_is_checked_against_the_bundled_vocabulary(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", "weapons: [Combi Rifel, Pistol, Knife]"))
    assert main(["profiles", "check", str(folder / "army.yaml")]) == 1
    assert "unknown weapon 'Combi Rifel'" in capsys.readouterr().out


# ----- the official data: its names count, and none of its 56 armies would raise a false alarm ------

@pytest.mark.shared
def test_every_name_the_56_official_armies_use_is_known_from_the_imported_data(imported_data) -> None:  # type: ignore[no-untyped-def]
    """The names `imported_names` reads from the cache's index cover every item of every imported army
    (names with brackets, characteristics, items known only by their id's fallback)."""
    from armybuilder.data.cache import ImportedSource, imported_names

    known = imported_names(imported_data.data_dir)
    assert all(known[kind] for kind in ITEM_KINDS), {kind: len(names) for kind, names in known.items()}
    names = {kind: {fold_name(n): n for n in known[kind]} for kind in ITEM_KINDS}
    source = ImportedSource.open(imported_data.data_dir)
    assert source is not None
    armies = [source.load(summary.id) for summary in source.summaries()]
    assert len(armies) == 56
    alarms = {army.name: check_vocabulary(army, names)[:3] for army in armies}
    assert not {name: found for name, found in alarms.items() if found}


@pytest.mark.shared
def test_an_official_army_written_as_a_profile_file_loads_with_the_imported_names(  # type: ignore[no-untyped-def]
        imported_data, tmp_path: Path) -> None:
    """A player who copies an official army into a profile file of their own (to try a homebrew unit)
    gets no false alarm from the names it uses; the bundled profiles neither, with those names added."""
    from armybuilder.data.cache import ImportedSource, imported_names

    known = imported_names(imported_data.data_dir)
    assert not load_profiles([bundled_profiles_dir()], known=known).problems
    source = ImportedSource.open(imported_data.data_dir)
    assert source is not None
    army = max((source.load(s.id) for s in source.summaries()), key=lambda a: len(a.units))
    data = {"format": "armybuilder-army/1", **army.model_dump(mode="json", exclude_defaults=True)}
    data["id"] = 9999
    del data["relations"], data["fireteam_chart"]  # they name its parent's units: errors of their own
    (tmp_path / "copy.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    def alarms(known: dict[str, list[str]] | None) -> list[str]:
        loaded = load_profiles([bundled_profiles_dir(), tmp_path / "copy.yaml"], known=known)
        assert 9999 in loaded.armies or known is None, [str(p) for p in loaded.errors][:5]
        return [str(p) for p in loaded.problems if VOCABULARY_MESSAGE.search(p.message)]

    assert not alarms(known)
    assert len(alarms(None)) > 10  # without them, the official names the seeds do not print are unknown


VOCABULARY_MESSAGE = re.compile(r"unknown (weapon|skill|equipment|characteristic) |is known under `")


def test_the_message_is_in_spanish_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]", "weapons: [Combi Rifel, Pistol, Mimetism]"))
    assert main(["--lang", "es", "profiles", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "nombre de arma desconocido: 'Combi Rifel'; ¿quisiste decir 'Combi Rifle'?" in out
    assert "'Mimetism' se conoce en `skills`, no en `weapons`" in out
    assert "unknown" not in out and "did you mean" not in out


def test_a_name_with_brackets_written_as_text_is_known_whole(tmp_path: Path) -> None:
    """The official data names items such as 'Armed Turret (Combi R.)'; written as text, the bracket
    reads as an extra, and the whole label is still the known name."""
    folder = _army(tmp_path, ("weapons: [Combi Rifle, Pistol, Knife]",
                              'weapons: ["Armed Turret (Combi R.)", Pistol, Knife]'))
    assert load_profiles([bundled_profiles_dir(), folder]).errors
    assert not load_profiles([bundled_profiles_dir(), folder],
                             known={"weapons": ["Armed Turret (Combi R.)"]}).problems
