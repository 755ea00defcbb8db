"""Benchmarks: plain scripts that print figures (`python -m benchmarks` runs them all)."""
