"""Wildstar: the double-9 star game with five wildstars (rules: docs/rules/wildstar.md)."""
