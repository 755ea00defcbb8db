"""A tiny third game, registered only in tests: it proves a game needs no change outside its package."""
