"""The point-buy wargame of seed 002: models designed and priced by rules, organized into units.

A game system of its own beside Infinity (see docs/pointbuy.md): `catalog` and `tables` hold the
seed's attributes and cost tables, `design` a designed model, `costing` its price with the
breakdown, `derived` its conditional specials and stat line, `limits` the restrictions a design
must meet, `army` a list of units and independent characters, `organization` the army-building
limits, `engine` the validation report, `files` the YAML formats and `game` its entry in the game
registry (armybuilder/games.py). It imports nothing of the Infinity game.
"""
