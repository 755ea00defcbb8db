"""Dialogs of the desktop app, one module each."""
