"""The standalone bundle's entry point (PyInstaller runs this script): `armybuilder` is the command line and
the app; `armybuilder-gui` (no console window on Windows) the same with no console streams."""

import sys
from pathlib import Path

from armybuilder.cli import gui_main, main

if __name__ == "__main__":
    sys.exit(gui_main() if Path(sys.executable).stem.endswith("-gui") else main())
