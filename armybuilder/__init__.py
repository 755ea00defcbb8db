"""Infinity army builder: offline list building, ITS validation and print-outs."""

__version__ = "0.1.0"
