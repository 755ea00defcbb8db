"""The point-buy game's window (PySide6): the model designer, the army of units, the problems panel."""
