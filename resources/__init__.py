"""Translations, fonts, icons and desktop files: a data package (`armybuilder.resources` once installed), read
through importlib.resources by armybuilder.paths."""
