"""The list library: a folder of the player's list files, each summed up (army, rules, points, legal,
fireteams, last changed) with the tags and tournament entries the player gives them. Qt-free: the GUI's
start page shows it, and the files stay ordinary list files that open, save and autosave anywhere."""
