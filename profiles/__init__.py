"""Bundled profile databases and rules packs: a data package (`armybuilder.profiles` once installed), read
through importlib.resources by armybuilder.paths; the YAML files are the content."""
