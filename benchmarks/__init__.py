"""Benchmarks: plain scripts that print figures (`make bench` runs them all)."""
