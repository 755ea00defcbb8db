"""The domain, data, rules and export packages must never load Qt (ARCHITECTURE.md habit 1)."""

import subprocess
import sys

import pytest

CORE_PACKAGES = ["armybuilder.domain", "armybuilder.data", "armybuilder.rules", "armybuilder.export",
                 "armybuilder.library", "armybuilder.cli", "armybuilder.i18n"]


@pytest.mark.parametrize("package", CORE_PACKAGES)
def test_core_package_does_not_import_qt(package: str) -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for info in pkgutil.walk_packages(getattr(pkg, '__path__', []), pkg.__name__ + '.'):\n"
        "    importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"{package} loaded Qt modules: {result.stdout.strip()}"
