"""`python -m armybuilder`: the same entry point as the `armybuilder` command."""

from armybuilder.cli import run

run()
