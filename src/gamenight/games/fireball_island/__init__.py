"""Fireball Island (Milton Bradley, 1986): the board, rollways and deck as validated data."""
