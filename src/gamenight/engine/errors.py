"""Typed errors. Everything a user can get wrong raises a RulesError subclass."""


class RulesError(Exception):
    """Base class for every error caused by input: a move, a notation, an option, a record."""


class IllegalMoveError(RulesError):
    """A well-formed move that the rules forbid in this position."""


class NotationError(RulesError):
    """Text that is not valid notation for a move, an outcome or a position."""


class NotYourTurnError(IllegalMoveError):
    """A decision from a seat that is not the one to act."""


class ConfigError(RulesError):
    """A bad option value, a bad seat list, an unknown game."""


class RecordError(RulesError):
    """A record that is corrupt, or that does not replay to what it claims."""


class StaleOutcomesError(RulesError):
    """Chance outcomes read after the draw pile they list was cut (`engine.chance.Uniform`)."""
