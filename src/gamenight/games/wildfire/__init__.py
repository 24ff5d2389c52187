"""Wildfire (Fundex): dominoes with wild tiles and an electronic hub. See docs/rules/wildfire.md."""
