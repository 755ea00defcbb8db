"""The top-level data folders (`profiles/`, `resources/`, `docs/`) installed inside the package.

Everything else about the build is in pyproject.toml; this file only maps the three folders to the packages
`armybuilder.profiles`, `armybuilder.resources` and `armybuilder.docs` (pyproject.toml's `packages.find` cannot
rename a folder), so importlib.resources finds them in every kind of install, editable ones included. Every
folder beneath them (`profiles/packs`, `resources/i18n/es`, …) is listed as a package of its own, as setuptools
asks of a folder that Python could import; the files each one ships are pyproject.toml's `package-data`.
"""

from setuptools import find_namespace_packages, find_packages, setup

DATA_PACKAGES = {"armybuilder.profiles": "profiles", "armybuilder.resources": "resources",
                 "armybuilder.docs": "docs"}


def data_packages() -> list[str]:
    """The data packages and every folder beneath them, by their names inside the package."""
    names = []
    for package, folder in DATA_PACKAGES.items():
        below = find_namespace_packages(where=folder, exclude=["__pycache__", "*.__pycache__"])
        names += [package, *(f"{package}.{name}" for name in below)]
    return names


setup(packages=[*find_packages(include=["armybuilder", "armybuilder.*"]), *data_packages()],
      package_dir=DATA_PACKAGES)
