"""The user documentation: a data package (`armybuilder.docs` once installed) that the app's Help shows."""
