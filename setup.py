"""The top-level data folders (`profiles/`, `resources/`, `docs/`) installed inside the package.

Everything else about the build is in pyproject.toml; this file only maps the three folders to the packages
`armybuilder.profiles`, `armybuilder.resources` and `armybuilder.docs` (pyproject.toml's `packages.find` cannot
rename a folder), so importlib.resources finds them in every kind of install, editable ones included.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {"armybuilder.profiles": "profiles", "armybuilder.resources": "resources",
                 "armybuilder.docs": "docs"}

setup(packages=[*find_packages(include=["armybuilder", "armybuilder.*"]), *DATA_PACKAGES],
      package_dir=DATA_PACKAGES)
