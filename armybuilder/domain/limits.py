"""Sane ranges for every number a list or a profile may hold: far beyond any real game, small
enough that nothing downstream (a spin box, a print-out, a QR code, the validator) breaks.

One home for these figures; docs/reliability.md lists them.
"""

from __future__ import annotations

MAX_POINTS = 10_000
"""A game size or a cost in points (the largest official games are 400 points; a trooper costs < 200)."""
MAX_SWC = 100
"""SWC (CAP) of an option, a budget or a game (a 400-point game has 8)."""
MAX_TROOPERS = 500
"""Troopers in one list (a 300-point list fields 10-20; 500 is a hundred-player mega-game)."""
MAX_GROUPS = 100
"""Combat groups in one list, and the highest combat group number."""
MAX_ID = 2**31 - 1
"""Unit, profile group, option, army and item ids (the official data's fit in 16 bits)."""
MAX_NAME = 200
"""Characters of a list's, unit's or option's name kept on reading (longer names are cut, and the cut is said)."""
MAX_NOTES = 20_000
"""Characters of a list's notes kept on reading."""
MAX_STAT = 99
"""A profile characteristic (MOV, CC, BS, PH, WIP, ARM, BTS, W/STR, S) or an AVA."""
MAX_LIST_FILE_BYTES = 1_000_000
"""The largest list file read (a 500-trooper list with the longest notes is about 150 KB)."""
