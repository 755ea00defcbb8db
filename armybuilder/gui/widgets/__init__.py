"""The main window's parts: army picker, unit browser, profile card, list editor, totals, problems."""
