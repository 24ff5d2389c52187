"""gamenight: Wildfire, Wildstar, Highrise and Fireball Island, played faithfully."""

__version__ = "0.1.0"
