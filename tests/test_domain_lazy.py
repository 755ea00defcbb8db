"""The domain package loads its names lazily (#20): each still resolves to its module's object, and the data
import does not build the rules-pack and list models, nor the catalog."""

from __future__ import annotations

import subprocess
import sys

import armybuilder.domain as domain


def test_every_name_of_the_domain_package_resolves_to_its_module() -> None:
    from importlib import import_module

    assert sorted(domain.__all__) == sorted(domain._MODULES)
    for name in domain.__all__:
        module = import_module(f"armybuilder.domain.{domain._MODULES[name]}")
        assert getattr(domain, name) is getattr(module, name), name


def test_importing_the_data_does_not_load_rules_packs_lists_or_the_catalog() -> None:
    code = ("import sys, armybuilder.data.importer; "
            "print(sorted(m for m in ('armybuilder.domain.packs', 'armybuilder.domain.lists', "
            "'armybuilder.data.catalog') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
