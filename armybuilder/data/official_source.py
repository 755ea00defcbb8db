"""Where the official data is downloaded from and how long a download waits: the constants the CLI's
options show, in a module that imports nothing, so `armybuilder data import FOLDER` loads no network code."""

from __future__ import annotations

OFFICIAL_API = "https://api.corvusbelli.com/army"
"""The official Infinity Army API: `{base}/infinity/{lang}/metadata` and `{base}/units/{lang}/{id}`."""
DEFAULT_TIMEOUT = 30.0
DEFAULT_RETRIES = 3
