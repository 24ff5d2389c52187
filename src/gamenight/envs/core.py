"""What every API here shares: one game being played, its action table and its encoder.

`Core` holds the state and the environment's generator; it plays every chance step by
itself (`advance`), so the APIs above it only ever see decisions. The legal moves of the
decision at hand are turned into action ids once (`legal`), for the mask and for `move`.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE, Game, Move, State
from gamenight.engine.registry import make_game
from gamenight.envs.actions import ActionTable, action_table
from gamenight.envs.observations import Encoder, Obs, encoder_for

GAMES = ("wildfire", "wildstar", "highrise", "fireball-island")
REWARDS = ("returns", "margin")
ILLEGAL = ("raise", "substitute")


def game_name(name: str) -> str:
    """'fireball_island' and 'fireball-island' are the same game."""
    return name.replace("_", "-")


class IllegalActionError(ValueError):
    """An action id that is not legal now (with illegal_action="raise")."""


class Core:
    def __init__(self, name: str, options: dict[str, Any], reward: str = "returns") -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        self.name = game_name(name)
        self.game: Game = make_game(self.name, options)
        self.actions: ActionTable = action_table(self.game)
        self.encoder: Encoder = encoder_for(self.game)
        self.players: int = self.game.options.players
        self.reward = reward
        self.rng = random.Random()
        self.state: State = self.game.new_state()
        self._who: int | None = self.state.to_act()
        self._ids: list[int] | None = None
        self._mask: npt.NDArray[np.int8] | None = None
        self._paid = [0.0] * self.players

    def reset(self, seed: int | None) -> None:
        self.rng = random.Random(seed)
        self.state = self.game.new_state()
        self._paid = [0.0] * self.players
        self.advance()

    def advance(self) -> None:
        """Play chance steps until a seat decides or the game is over."""
        state, rng = self.state, self.rng
        while (who := state.to_act()) == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        self._who = who
        self._ids = None
        self._mask = None

    def to_act(self) -> int | None:
        """The seat to decide, or None once the game is over: `state.to_act()`, kept from the
        last change (the state changes only through `reset` and `play`)."""
        return self._who

    def legal_ids(self) -> list[int]:
        """The decision at hand: the legal moves' action ids, in the order of
        `state.legal_moves()` (worked out once per decision)."""
        if self._ids is None:
            self._ids = self.actions.ids(self.state.legal_moves())
        return self._ids

    def legal(self) -> dict[int, Move]:
        """The decision at hand: action id -> move."""
        moves: Sequence[Move] = self.state.legal_moves()
        return dict(zip(self.legal_ids(), moves, strict=True))

    def mask(self) -> npt.NDArray[np.int8]:
        if self._mask is None:
            mask = np.zeros(self.actions.size, dtype=np.int8)
            marks = mask.data  # a memoryview: one item set costs a fraction of NumPy's fancy indexing
            for action in self.legal_ids():
                marks[action] = 1
            self._mask = mask
        return self._mask

    def observe(self, seat: int) -> Obs:
        """The seat's view encoded: `encoder.encode(state.view(seat))`, read off the state
        (`encode_state`: the same tensor without building the view)."""
        return self.encoder.encode_state(self.state, seat)

    def move(self, action: int, illegal: str = "raise") -> tuple[Move, bool]:
        """The move for `action`; with illegal="substitute", an illegal id becomes a legal
        move drawn by the environment's generator (the bool says so)."""
        ids = self.legal_ids()
        action = int(action)
        if action in ids:
            return self.state.legal_moves()[ids.index(action)], False
        legal = self.legal()
        if illegal == "raise":
            raise IllegalActionError(
                f"action {action} is not legal now; legal: "
                + ", ".join(f"{i} ({self.actions.describe(i)})" for i in sorted(legal)[:12])
            )
        return legal[self.rng.choice(sorted(legal))], True

    def play(self, move: Move) -> None:
        self.state.apply(move)
        self.advance()

    def play_random(self) -> None:
        moves = self.state.legal_moves()
        self.play(moves[self.rng.randrange(len(moves))])

    def payout(self) -> list[float]:
        """What each seat earned since the last payout. With "returns", the game's returns
        once it is over, else 0; with "margin", the change of the score margin, so that a
        point is paid when it is scored and the payouts add up to the final margin."""
        over = self._who is None
        if self.reward == "returns" and not over:
            return [0.0] * self.players
        now = self.rewards()
        paid, self._paid = self._paid, now
        return [a - b for a, b in zip(now, paid, strict=True)]

    def rewards(self) -> list[float]:
        """Now (the result once the game is over): the game's returns, or the score margin
        (own score against the others' mean, its sign turned where the lowest score wins,
        per 100 points)."""
        if self.reward == "returns":
            return [float(r) for r in self.state.returns()]
        scores = [float(s) for s in self.state.scores()]
        n = self.players
        if len(scores) != n:  # Wildstar's partners: per team
            scores = [scores[s % len(scores)] for s in range(n)]
        lowest = "lowest-score-wins" in self.game.spec.traits
        if self.name == "wildstar" and getattr(self.game.options, "winner_collects", False):
            lowest = False
        sign = -1.0 if lowest else 1.0
        total = sum(scores)
        return [sign * (s - (total - s) / (n - 1)) / 100.0 for s in scores]

    def render(self) -> str:
        """The terminal board, as text (Rich, no colours)."""
        from rich.console import Console

        from gamenight.envs.render import renderable

        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False)
        console.print(renderable(self.name, self.game, self.state))
        return buffer.getvalue()

    def show(self) -> None:
        """The terminal board, printed on standard output (in colour at a terminal)."""
        from rich.console import Console

        from gamenight.envs.render import renderable

        Console().print(renderable(self.name, self.game, self.state))
