"""Game engine: the contract every game implements and the machinery around it."""
