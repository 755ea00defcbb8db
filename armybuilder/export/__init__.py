"""Exporters: PDF full and courtesy lists, text lists, and what a courtesy list must hide."""
