"""With --lang es everything the CLI says is Spanish: argparse's own words, data-layer messages,
counts with the right plural; import issues kept in the cache read in the reader's language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from cache_support import RULES, imported_list, write_small_cache

from armybuilder.cli import main
from armybuilder.data.cache import INDEX, issue_from_json, read_index
from armybuilder.data.listfile import save_list
from armybuilder.domain import ArmyList, ArmyRef
from armybuilder.i18n import language_override, set_language


@pytest.fixture(autouse=True)
def _back_to_english() -> Iterator[None]:
    yield
    set_language("en")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def bundled_list(path: Path, points: int = 300) -> Path:
    army_list = ArmyList(name="Lista", army=ArmyRef(origin="bundled", id=950), pack="n5", points=points)
    for option in (3, 1):
        army_list, _ = army_list.with_trooper(1, 1, 1, option)
    save_list(path, army_list)
    return path


def test_help_is_spanish_including_argparse_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "es", "validate", "--help")
    assert code == 0
    assert out.startswith("uso: armybuilder validate")
    for spanish in ("argumentos posicionales:", "opciones:", "muestra este mensaje de ayuda y sale",
                    "carpeta de datos oficiales importados", "carpeta adicional de bases de perfiles YAML"):
        assert spanish in out, spanish
    for english in ("usage:", "options:", "show this help", "positional arguments", "folder of imported"):
        assert english not in out, english
    code, out, _ = run(capsys, "--lang=es", "--help")
    assert code == 0 and "muestra la versión y sale" in out and "Códigos de salida" in out


def test_argparse_errors_are_spanish(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "--lang", "es", "validate", "x.yaml", "--points", "muchos")
    assert code == 2 and "error: argumento --points: 'muchos' no es un número entero" in err
    code, _, err = run(capsys, "--lang", "es", "data", "import", "--retries", "-1", str(tmp_path))
    assert code == 2 and "argumento --retries: debe ser 0 o más (se indicó -1)" in err
    code, _, err = run(capsys, "--lang", "es", "validate", "--tier", "low", "--points", "3")
    assert code == 2 and "no se permite junto con el argumento --tier" in err
    code, _, err = run(capsys, "--lang", "es", "nocommand")
    assert code == 2 and "nocommand: no es ni una orden (code, data, export" in err and err.startswith("uso: ")


def test_loading_messages_are_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.yaml").write_text("format: armybuilder-army/1\nid: x\nslug: s\nslug: t\n", encoding="utf-8")
    (tmp_path / "syntax.yaml").write_text("format: [\n", encoding="utf-8")
    (tmp_path / "types.yaml").write_text("format: armybuilder-army/1\nid: x\nwhat: 1\n", encoding="utf-8")
    code, out, _ = run(capsys, "--lang", "es", "profiles", "check", str(tmp_path))
    assert code == 1
    assert "bad.yaml:4:1: la clave 'slug' aparece dos veces en el mismo bloque (la primera en la línea 3)" in out
    assert "syntax.yaml:2:1: error de sintaxis YAML" in out
    assert "id: se esperaba un número entero (se encontró 'x')" in out
    assert "name: es obligatorio y falta" in out and "what: no es una clave válida aquí" in out
    assert "0 ejércitos, 0 paquetes, 0 perfiles de arma; 6 errores, 0 avisos" in out
    code, out, _ = run(capsys, "--lang", "es", "profiles", "check", str(tmp_path / "nada"))
    assert code == 2 and "no existe ese archivo o carpeta" in out


def test_catalog_and_cache_messages_are_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = bundled_list(tmp_path / "list.yaml")
    path.write_text(path.read_text(encoding="utf-8").replace("pack: n5", "pack: nope"), encoding="utf-8")
    code, out, _ = run(capsys, "--lang", "es", "validate", str(path), "--profiles", str(RULES))
    assert code == 2 and "paquete de reglas 'nope' desconocido (conocidos:" in out
    cache = tmp_path / "imported"
    write_small_cache(cache)
    (cache / INDEX).write_text("{", encoding="utf-8")
    listfile = imported_list(tmp_path / "imported.yaml")
    code, out, err = run(capsys, "--lang", "es", "validate", str(listfile), "--data", str(cache))
    assert code == 2 and "índice dañado" in err
    assert "necesita los datos oficiales importados, que no se pueden usar" in out


def test_counts_take_the_right_plural(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    legal = bundled_list(tmp_path / "legal.yaml")
    illegal = bundled_list(tmp_path / "illegal.yaml", points=10)
    code, out, _ = run(capsys, "--lang", "es", "validate", str(legal), str(illegal), "--profiles", str(RULES))
    assert code == 1 and "2 listas: 1 legal, 1 ilegal, 0 ilegibles" in out
    code, out, _ = run(capsys, "validate", str(legal), str(illegal), str(illegal), "--profiles", str(RULES))
    assert "3 lists: 1 legal, 2 illegal, 0 unreadable" in out
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "bad.yaml").write_text("format: nothing\n", encoding="utf-8")
    code, out, _ = run(capsys, "profiles", "check", str(tmp_path / "one"))
    assert "0 armies, 0 packs, 0 weapon profiles; 1 error, 0 warnings" in out
    code, out, _ = run(capsys, "--lang", "es", "profiles", "check", str(tmp_path / "one"))
    assert "; 1 error, 0 avisos" in out


def test_encode_warning_names_the_bundled_profiles_in_spanish(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "es", "code", "encode", str(bundled_list(tmp_path / "l.yaml")),
                       "--profiles", str(RULES))
    assert code == 0 and "aviso: esta lista usa los perfiles incluidos, no los datos oficiales" in err
    assert "bundled" not in err


# ----- import issues in the cache: stored language-neutral, shown in the reader's language ----------

def test_issues_written_in_spanish_read_in_english_and_back(tmp_path: Path) -> None:
    with language_override("es"):
        write_small_cache(tmp_path)
    raw = json.loads((tmp_path / INDEX).read_text(encoding="utf-8"))["armies"][0]["issues"]
    assert raw[0]["message"] == "points -5 are negative; option skipped"  # English for older readers
    assert raw[0]["text"] == {"text": "points {value} are negative; option skipped", "fields": {"value": -5}}
    index = read_index(tmp_path)
    assert index is not None
    first, second = index.armies[0].issues
    assert first.message == "points -5 are negative; option skipped" and first.unit == "unit LINE TROOPERS (id 1)"
    assert second.message == "3 empty entries in item lists hold nothing and were ignored"
    with language_override("es"):
        assert first.message == "los puntos -5 son negativos; opción omitida"
        assert first.unit == "unidad LINE TROOPERS (id 1)"
        assert str(first) == "test-sectorial.json: unidad LINE TROOPERS (id 1): units[0]: " \
                             "los puntos -5 son negativos; opción omitida"
        assert second.message.startswith("3 entradas vacías")


def test_issues_of_an_older_cache_are_still_read() -> None:
    old = {"file": "panoceania.json", "message": "falta la clave 'id'", "unit": "unidad X (id 3)",
           "path": "units[3]", "severity": "warning"}
    issue = issue_from_json(old)
    assert (issue.message, issue.unit, issue.severity) == ("falta la clave 'id'", "unidad X (id 3)", "warning")


def test_data_list_counts_import_problems_in_the_readers_language(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    write_small_cache(tmp_path / "imported")
    code, out, _ = run(capsys, "--lang", "es", "data", "list", "--data", str(tmp_path / "imported"))
    assert code == 0 and "(1 problema de importación)" in out and "1 mercenaria" not in out
    code, out, _ = run(capsys, "data", "list", "--data", str(tmp_path / "imported"))
    assert code == 0 and "(1 import problem)" in out


@pytest.mark.shared
def test_an_import_made_in_spanish_shows_english_notes_later(official_data: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from import_helpers import make_data_folder

    folder = make_data_folder(official_data, tmp_path / "n5")
    cache = tmp_path / "cache"
    code, out, _ = run(capsys, "--lang", "es", "data", "import", str(folder), "--data", str(cache), "-v")
    assert code == 0 and "nota: " in out
    set_language("en")
    code, out, _ = run(capsys, "data", "import", str(folder), "--data", str(cache), "-v")
    assert code == 0 and "nothing changed since the last import" in out
    notes = [line for line in out.splitlines() if "note: " in line]
    assert any("empty entries in item lists hold nothing and were ignored" in line for line in notes), notes
    assert "nota:" not in out and "entradas vacías" not in out and "no se importan" not in out


def test_warnings_are_marked_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, "--lang", "es", "data", "list", "--data", str(tmp_path / "empty"))
    assert code == 0 and f"{tmp_path / 'empty'}: aviso: no hay datos importados aquí" in err
