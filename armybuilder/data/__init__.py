"""Loading and saving: YAML profiles, official Infinity Army data, list files, army codes."""
