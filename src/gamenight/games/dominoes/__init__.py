"""Pieces shared by the three domino games."""
