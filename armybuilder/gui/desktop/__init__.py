"""The app as a desktop citizen: its icon, Help menu and About box, files dropped on the window, the crash dialog."""
