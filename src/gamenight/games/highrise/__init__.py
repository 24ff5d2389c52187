"""Highrise (Fundex): dominoes laid on dominoes, level upon level, in a four-by-four base."""
