"""The PySide6 desktop app: a thin front end over the domain, rules and exporters."""
