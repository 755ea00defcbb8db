"""`data import --url --lang es`: the official data's Spanish names fetched and merged by id, against a local
mirror built from the English files plus a few hand-written Spanish names (tests/import_helpers.py), served
over HTTP on 127.0.0.1 in both layouts (the official API's and a data folder's)."""

from __future__ import annotations

import functools
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from export_lists import options, pdf_text
from import_helpers import make_spanish_mirror

from armybuilder.cli import main
from armybuilder.data.cache import ImportedSource, attach_imported
from armybuilder.data.catalog import Catalog
from armybuilder.data.download import RemoteLayout, import_from_url
from armybuilder.data.listfile import save_list
from armybuilder.domain import Army, ArmyList, ArmyRef
from armybuilder.domain.values import ItemRef
from armybuilder.export.pdf import courtesy_pdf, full_pdf
from armybuilder.export.printout import prepare
from armybuilder.export.text import courtesy_text, full_text
from armybuilder.paths import bundled_profiles_dir

pytestmark = pytest.mark.shared


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def mirror(official_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """http://127.0.0.1:<port> over the mirror: `/infinity/es/metadata`, `/units/es/<id>`, `/army.json`, `/es/…`."""
    folder = make_spanish_mirror(official_data, tmp_path_factory.mktemp("spanish-mirror"))
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    shutil.rmtree(folder, ignore_errors=True)


def no_pause(seconds: float) -> None:
    pass


@pytest.fixture(scope="module")
def spanish_cache(mirror: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mirror imported through the official API's layout, with its Spanish names."""
    cache = tmp_path_factory.mktemp("cache-es")
    report = import_from_url(mirror, cache, layout=RemoteLayout(mirror, official=True), names_language="es",
                             pause=no_pause)
    assert report.fatal is None and not report.all_errors, "\n".join(map(str, report.all_errors))
    assert report.translations["es"] > 500  # army.json's and every army file's tables
    return cache


def army(cache: Path, slug: str) -> Army:
    source = ImportedSource.open(cache)
    assert source is not None
    summary = next(s for s in source.summaries() if s.slug == slug)
    return source.load(summary.id)


def items_named(army: Army, name: str) -> list[ItemRef]:
    found = []
    for unit in army.units:
        for group in unit.profile_groups:
            for holder in (*group.profiles, *group.options):
                found += [i for i in (*holder.weapons, *holder.skills, *holder.equipment) if i.name == name]  # type: ignore[attr-defined]
    return found


def fusiliers_list(army: Army) -> ArmyList:
    """A Lieutenant Fusilier (option 10) and a plain one (option 1), both with a Combi Rifle."""
    unit = army.unit_by_slug("fusiliers")
    assert unit is not None
    army_list = ArmyList(name="Fusiliers", army=ArmyRef(origin="imported", id=army.id), pack="n5", points=300)
    for option in (10, 1):
        army_list, _ = army_list.with_trooper(1, unit.id, 1, option)
    return army_list


def catalog_of(cache: Path) -> Catalog:
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    assert attach_imported(catalog, cache) is not None
    return catalog


def test_spanish_names_are_merged_by_id_and_rules_keep_the_english(spanish_cache: Path) -> None:
    panoceania = army(spanish_cache, "panoceania")
    combi = items_named(panoceania, "Combi Rifle")
    assert combi and all(i.name_es == "Fusil Combi" and i.label.startswith("Combi Rifle") for i in combi)
    assert combi[0].label_in("es") == "Fusil Combi" and combi[0].label_in("en") == "Combi Rifle"
    lieutenant = items_named(panoceania, "Lieutenant")
    assert lieutenant and all(i.label_in("es").startswith("Teniente") for i in lieutenant)
    shotgun = items_named(panoceania, "Boarding Shotgun")  # not in the hand-written names: stays English
    assert shotgun and all(i.name_es is None and i.label_in("es") == i.label for i in shotgun)
    terrain = [i for i in items_named(panoceania, "Terrain") if i.extras == ("Aquatic",)]
    assert terrain and terrain[0].label_in("es") == "Terrain (Acuático)"  # extras merged by their own ids
    source = ImportedSource.open(spanish_cache)
    assert source is not None and source.name_languages() == ("en", "es")
    multi = {p.label: p for p in source.weapons().values() if p.name == "MULTI Rifle"}
    assert multi["MULTI Rifle (AP Mode)"].label_in("es") == "Fusil MULTI (Modo PP)"
    assert multi["MULTI Rifle (AP Mode)"].ammunition_in("es") == "PP"
    assert multi["MULTI Rifle (AP Mode)"].traits_in("es") == ("Fuego de Supresión",)
    doc = prepare(fusiliers_list(panoceania), catalog_of(spanish_cache))
    assert [t.is_lieutenant for t in doc.report.roster.troopers] == [True, False]  # the rules read English


def test_spanish_print_outs_name_weapons_and_skills_in_spanish(spanish_cache: Path) -> None:
    doc = prepare(fusiliers_list(army(spanish_cache, "panoceania")), catalog_of(spanish_cache))
    es, en = options(language="es", allow_illegal=True), options(allow_illegal=True)
    full_es = " ".join(full_text(doc, es).split())
    assert "Fusil Combi" in full_es and "Teniente" in full_es and "Pistola" in full_es
    full_en = full_text(doc, en)
    assert "Combi Rifle" in full_en and "Fusil Combi" not in full_en and "Teniente" not in full_en
    courtesy = " ".join(pdf_text(courtesy_pdf(doc, es)).split())
    assert "2× FUSILIERS" in courtesy and "Fusil Combi" in courtesy and "Teniente" not in courtesy
    reference = courtesy.split("Referencia de armas")[1]
    assert "Fusil Combi" in reference and "Fuego de Supresión" in reference
    pdf = " ".join(pdf_text(full_pdf(doc, es)).split())
    assert "Privada (Teniente): en la Lista de Cortesía como un FUSILIER corriente" in pdf
    assert "Fusil Combi" in courtesy_text(doc, es)


def test_the_cli_imports_the_spanish_names_from_a_folder_mirror_and_keeps_them(
        mirror: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "cache"
    code = main(["data", "import", "--url", mirror, "--lang", "es", "--data", str(cache)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "nombres en es:" in out  # --lang es: the messages are in Spanish too
    assert items_named(army(cache, "panoceania"), "Combi Rifle")[0].name_es == "Fusil Combi"
    # an English-only import afterwards keeps them, even for an army it converts again
    code = main(["data", "import", "--url", mirror, "--data", str(cache)])
    assert code == 0
    assert items_named(army(cache, "panoceania"), "Combi Rifle")[0].name_es == "Fusil Combi"
    listed = tmp_path / "fusiliers.yaml"
    save_list(listed, fusiliers_list(army(cache, "panoceania")))
    capsys.readouterr()
    code = main(["export", str(listed), "--data", str(cache), "--lang", "es", "--text", str(tmp_path / "es.txt"),
                 "--allow-illegal"])
    captured = capsys.readouterr()
    assert code == 0 and "data import --url --lang es" not in captured.err  # nothing to say: the names are there
    assert "Fusil Combi" in (tmp_path / "es.txt").read_text(encoding="utf-8")


def test_without_spanish_names_a_spanish_print_out_says_once_how_to_get_them(
        mirror: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "cache"
    assert main(["data", "import", "--url", mirror, "--data", str(cache)]) == 0
    listed = tmp_path / "fusiliers.yaml"
    save_list(listed, fusiliers_list(army(cache, "panoceania")))
    capsys.readouterr()
    code = main(["export", str(listed), "--data", str(cache), "--lang", "es", "--full", str(tmp_path / "f.pdf"),
                 "--courtesy", str(tmp_path / "c.pdf"), "--allow-illegal"])
    err = capsys.readouterr().err
    assert code == 0
    assert err.count("armybuilder data import --url --lang es") == 1, err  # once, for every output
    assert "Combi Rifle" in pdf_text((tmp_path / "c.pdf").read_bytes())
    code = main(["export", str(listed), "--data", str(cache), "--full", str(tmp_path / "f.pdf"), "--allow-illegal"])
    assert code == 0 and "--lang es" not in capsys.readouterr().err  # in English there is nothing to say


def test_a_failed_spanish_download_imports_the_data_with_english_names(official_data: Path, tmp_path: Path) -> None:
    folder = make_spanish_mirror(official_data, tmp_path / "mirror")
    shutil.rmtree(folder / "infinity" / "es")  # the Spanish metadata is missing: 404
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        report = import_from_url(base, tmp_path / "cache", layout=RemoteLayout(base, official=True),
                                 names_language="es", pause=no_pause)
    finally:
        server.shutdown()
        server.server_close()
    assert report.ok and report.written, "\n".join(map(str, report.all_issues))
    warning = next(i for i in report.issues if i.file == "es/army.json")
    assert warning.severity == "warning" and "names stay in English" in warning.message
    assert items_named(army(tmp_path / "cache", "panoceania"), "Combi Rifle")[0].name_es is None


def test_lang_needs_a_download(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["data", "import", str(tmp_path), "--lang", "es", "--data", str(tmp_path / "c")]) == 2
    assert "--url" in capsys.readouterr().err


def test_the_app_names_items_in_spanish_when_it_is(spanish_cache: Path) -> None:
    from armybuilder.gui.labels import item_label
    from armybuilder.i18n import language_override

    combi = items_named(army(spanish_cache, "panoceania"), "Combi Rifle")[0]
    with language_override("es"):
        assert item_label(combi) == combi.label_in("es") and item_label(combi).startswith("Fusil Combi")
    assert item_label(combi).startswith("Combi Rifle")
