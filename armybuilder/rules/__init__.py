"""Rules engine: rule families that yield violations for a list, a roster and a rules pack."""
