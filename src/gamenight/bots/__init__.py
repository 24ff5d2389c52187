"""Game-agnostic agents. They see a seat's view and the legal moves, never the state."""
