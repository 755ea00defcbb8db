"""The fireteam editor, the fireteam chart view and the fireteam finder panel of the desktop app."""
