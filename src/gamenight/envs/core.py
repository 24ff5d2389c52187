"""What every API here shares: one game being played, its action table and its encoder.

`Core` holds the state and the environment's generator; it plays every chance step by
itself (`advance`), so the APIs above it only ever see decisions. The legal moves of the
decision at hand are turned into action ids once (`legal`), for the mask and for `move`.

Two options change what an agent is asked (docs/rl.md, "Learning faster"):

- `forced=True`: a decision with a single legal move is played by the environment
  (`play_forced`), its reward kept for the next step that pays;
- `candidates=K`: the actions are 0..K-1, indices into the decision's candidate list (its
  legal moves, the game's greedy ranking first, at most K), each with features
  (`candidate_features`) beside its id in the fixed table (`candidate_ids`).
"""

from __future__ import annotations

import io
import random
from collections.abc import Container, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from gamenight.engine.chance import sample
from gamenight.engine.options import options_to_dict
from gamenight.engine.protocol import CHANCE, Game, Move, State
from gamenight.engine.registry import make_game
from gamenight.envs.actions import ActionTable, action_table
from gamenight.envs.observations import Encoder, Obs, Spelt, encoder_for

GAMES = ("wildfire", "wildstar", "highrise", "fireball-island")
REWARDS = ("returns", "margin")
ILLEGAL = ("raise", "substitute")
CANDIDATE_FEATURES = ("greedy", "rank", "draw", "pass", "table_id", "choices", "cut")
"""Per candidate, each in [0, 1]: 1 for the game's greedy choice; 1 - rank / legal moves
(greedy's order); 1 for a draw, for a pass; its id in the fixed table / the table's size; then
the same for every candidate of the decision: its candidates / K, and 1 if it had more legal
moves than K (greedy's least liked were left out)."""


def candidate_features(actions: ActionTable, ids: Sequence[int], choices: int, k: int) -> npt.NDArray[np.float32]:
    """The CANDIDATE_FEATURES of a decision's candidates (`ids`, greedy's order, at most `k`)
    out of its `choices` legal moves: float32[k, len(CANDIDATE_FEATURES)], rows of 0 past them.
    The PettingZoo and Gymnasium environments build their candidate lists with it."""
    out = np.zeros((k, len(CANDIDATE_FEATURES)), dtype=np.float32)
    size, shown, cut = actions.size, len(ids) / k, choices > k
    for i, action in enumerate(ids):
        name = actions.describe(action)
        out[i] = (i == 0, 1.0 - i / choices, name == "draw", name == "pass", action / size, shown, cut)
    return out


def game_name(name: str) -> str:
    """'fireball_island' and 'fireball-island' are the same game."""
    return name.replace("_", "-")


Position = tuple[State, tuple[Any, ...], tuple[Any, ...], list[float], list[Move] | None]
"""A game's place (`Core.position`): state, generators' states, payouts so far, candidates."""


class IllegalActionError(ValueError):
    """An action id that is not legal now (with illegal_action="raise")."""


class Core:
    def __init__(
        self,
        name: str,
        options: dict[str, Any],
        reward: str = "returns",
        *,
        forced: object = False,
        candidates: object = None,
        like: Core | None = None,
    ) -> None:
        """`like`: a Core of the same game and options, whose game, action table and encoder
        this one shares (they hold no position), as a batch's games do: built once, and the
        working set of many games stays small enough for the processor's caches. (`forced` and
        `candidates` are typed `object`: they are checked here, and refused in words; compiled
        (`make fast`), a parameter's type is checked first, and a float would raise TypeError.)"""
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if not isinstance(forced, bool):
            raise ValueError(f"forced must be True or False, not {forced!r}")
        if candidates is not None and (type(candidates) is not int or candidates < 1):
            raise ValueError(f"candidates must be None or a number of candidates (1 or more), not {candidates!r}")
        self.name = game_name(name)
        if like is not None:
            self.game: Game = like.game
            self.actions: ActionTable = like.actions
            self.encoder: Encoder = like.encoder
        else:
            self.game = make_game(self.name, options)
            self.actions = action_table(self.game)
            self.encoder = encoder_for(self.game)
        self.players: int = self.game.options.players
        self.reward = reward
        self.forced: bool = forced
        self.candidates: int | None = candidates if isinstance(candidates, int) else None
        self.size: int = candidates or self.actions.size  # the number of actions an agent has
        heuristics = self.game.heuristics()
        self._rank: Any = getattr(heuristics, "rank_moves", None)
        self._greedy: Any = getattr(heuristics, "rollout_move", None)
        self.rng = random.Random()
        self._rank_rng = random.Random()
        self.state: State = self.game.new_state()
        self._who: int | None = self.state.to_act()
        self._ids: list[int] | None = None
        self._ranked: list[Move] | None = None
        self._mask: npt.NDArray[np.int8] | None = None
        self._paid = [0.0] * self.players
        self.spelt: Spelt | None = self.encoder.spelt()  # what its last observation spelt out

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied (`copy.deepcopy`) and pickled as what it is made of: its game's options, its
        position and generators. The action table and encoder are made anew (what they keep
        is made again as it is asked for). A compiled class (`make fast`) has no fields
        pickle can see, and is made through __init__ only."""
        options = options_to_dict(self.game.options)
        made = (self.name, options, self.reward, self.forced, self.candidates)
        return (_revived, (made, self.position()))

    def position(self) -> Position:
        """Where this game is, as `put` takes it (its own objects: copy or pickle it to keep
        it): its state, generators and payouts so far, and the decision's candidates if already
        ranked (ranked again, greedy's ties would be broken by draws the original never made,
        and a candidate's index name another move)."""
        return (self.state, self.rng.getstate(), self._rank_rng.getstate(), self._paid, self._ranked)

    def put(self, position: Position) -> None:
        """Put this game where `position` is: a copied or unpickled one of a Core of the same game
        and options (its state is taken as it is, not copied)."""
        state, rng, rank_rng, paid, ranked = position
        self.rng.setstate(rng)
        self._rank_rng.setstate(rank_rng)
        self.state = state
        self._who = state.to_act()
        self._ids = None
        self._mask = None
        self._ranked = None if ranked is None else list(ranked)
        self._paid = list(paid)

    def reset(self, seed: int | None) -> None:
        self.rng = random.Random(seed)
        if self.candidates:  # greedy's ties are broken at random, from a generator of their own
            self._rank_rng = random.Random(self.rng.getrandbits(64))
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
        self._ranked = None
        self._mask = None

    def to_act(self) -> int | None:
        """The seat to decide, or None once the game is over: `state.to_act()`, kept from the
        last change (the state changes only through `reset` and `play`)."""
        return self._who

    def legal_ids(self) -> list[int]:
        """The decision at hand: the legal moves' action ids, in the order of
        `state.legal_moves()` (worked out once per decision)."""
        if self._ids is None:
            self._ids = self.actions.ids(self.state.legal_moves(), self.state)
        return self._ids

    def legal(self) -> dict[int, Move]:
        """The decision at hand: action id -> move."""
        moves: Sequence[Move] = self.state.legal_moves()
        return dict(zip(self.legal_ids(), moves, strict=True))

    def ranked(self) -> list[Move]:
        """The decision's candidates: its legal moves, the game's greedy ranking first (read
        from what the seat may know: its hand and the table), at most `candidates` of them."""
        if self._ranked is None:
            legal = self.state.legal_moves()
            if self._rank is not None:
                ranked = list(self._rank(self.state, legal, self._rank_rng))
            else:  # (Fireball Island) greedy's choice first, the rest in the rules' order
                best = self._greedy(self.state, legal, self._rank_rng) if len(legal) > 1 else legal[0]
                ranked = [best, *(m for m in legal if m is not best)]
            self._ranked = ranked[: self.candidates]
        return self._ranked

    def candidate_ids(self) -> list[int]:
        """The candidates' ids in the fixed action table (read off the whole decision: a
        Fireball Island walk's id depends on the other legal walks)."""
        legal = list(self.state.legal_moves())
        ids = self.legal_ids()
        return [ids[legal.index(move)] for move in self.ranked()]

    def candidate_features(self) -> npt.NDArray[np.float32]:
        """float32[candidates, len(CANDIDATE_FEATURES)], rows of 0 past the decision's candidates."""
        k = self.candidates or 0
        if self._who is None:
            return np.zeros((k, len(CANDIDATE_FEATURES)), dtype=np.float32)
        return candidate_features(self.actions, self.candidate_ids(), len(self.state.legal_moves()), k)

    def mask(self) -> npt.NDArray[np.int8]:
        if self._mask is None:
            mask = np.zeros(self.size, dtype=np.int8)
            if self.candidates:
                mask[: len(self.ranked())] = 1
            else:
                marks = mask.data  # a memoryview: one item set costs a fraction of NumPy's fancy indexing
                for action in self.legal_ids():
                    marks[action] = 1
            self._mask = mask
        return self._mask

    def is_legal(self, action: int) -> bool:
        if self.candidates:
            return 0 <= action < len(self.ranked())
        return action in self.legal_ids()

    def observe(self, seat: int) -> Obs:
        """The seat's view encoded: `encoder.encode(state.view(seat))`, read off the state
        (`encode_state`: the same tensor without building the view)."""
        return self.encoder.encode_state(self.state, seat, self.spelt)

    def move(self, action: int, illegal: str = "raise") -> tuple[Move, bool]:
        """The move for `action`; with illegal="substitute", an illegal id becomes a legal
        move drawn by the environment's generator (the bool says so)."""
        action = int(action)
        if self.candidates:
            ranked = self.ranked()
            if 0 <= action < len(ranked):
                return ranked[action], False
            if illegal == "raise":
                raise IllegalActionError(f"action {action} is not legal now: there are {len(ranked)} candidates")
            return ranked[self.rng.randrange(len(ranked))], True
        ids = self.legal_ids()
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

    def play_forced(self, seats: Container[int] | None = None) -> int:
        """With `forced`, play every decision with a single legal move (of `seats`; any seat:
        None) until one with a choice or the end; how many were played."""
        played = 0
        while self.forced and (who := self._who) is not None and (seats is None or who in seats):
            moves = self.state.legal_moves()
            if len(moves) != 1:
                break
            self.play(moves[0])
            played += 1
        return played

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


def _revived(made: tuple[str, dict[str, Any], str, bool, int | None], position: Position) -> Core:
    """A Core as `Core.__reduce__` gave it: made as it was, then put where it was."""
    name, options, reward, forced, candidates = made
    core = Core(name, options, reward, forced=forced, candidates=candidates)
    core.put(position)
    return core
