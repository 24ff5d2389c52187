"""N games stepped in one call, with NumPy arrays in and out: for learners that batch.

    games = BatchedGames("highrise", 64, players=2)
    batch = games.reset(seed=0)
    while training:
        actions = policy(batch.obs, batch.mask)          # int[N], one per game (or batch.legal)
        batch = games.step(actions)                      # batch.rewards, batch.dones ...

Every row is one game, and at every step each game's seat to decide is the row's `seat`:
the observation is that seat's view encoded (as PettingZoo's `observation`), the mask its
legal action ids (int8). So one policy plays every seat (self-play), as AlphaZero-style
learners do; with `opponents=` the seats other than `learner` are played by gamenight bots
inside `step`, and every row's seat is the learner's (one seat learning, as the Gymnasium
environment does). `rewards[i, s]` is what seat s of game i earned on this step (the
game's returns at its end, or with `reward="margin"` points as they are scored), so
a learner adds each seat's rewards to that seat's trajectory.

A game that ends on a step is reset at once (Gymnasium's "same step" autoreset): its
row's `dones` is True, its `rewards` hold the final payout, `final_returns` the game's
returns, and its observation and mask already belong to the next game's first decision.
Each new game's seed is drawn from the generator `reset(seed)` seeds, so a batch replays
exactly. `forced` and `candidates` are the environments' options (docs/rl.md,
"Learning faster"); with `candidates=K`, `features` holds each row's candidates.

Arrays are reused between steps (the next call overwrites them): copy what you keep.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from gamenight.bots.registry import make_bot
from gamenight.engine.match import Agent
from gamenight.envs.core import CANDIDATE_FEATURES, ILLEGAL, Core, Position
from gamenight.envs.gymnasium import LazyView
from gamenight.envs.observations import writer

MAX_GAMES = 1_000_000
"""More games at once than any machine's memory holds: a typing slip."""


@dataclass
class Batch:
    """One step of every game (row i is game i); the arrays are the environment's own."""

    obs: npt.NDArray[np.float32]
    """float32[N, observation size]: the view of the row's seat to decide, encoded."""
    mask: npt.NDArray[np.int8]
    """int8[N, actions]: 1 for each legal action of the row's decision."""
    seat: npt.NDArray[np.int64]
    """int64[N]: the seat deciding in each row."""
    rewards: npt.NDArray[np.float32]
    """float32[N, players]: what each seat earned on this step."""
    dones: npt.NDArray[np.bool_]
    """bool[N]: the row's game ended on this step (the row now holds the next game)."""
    final_returns: npt.NDArray[np.float32]
    """float32[N, players]: where `dones`, the ended game's returns; 0 elsewhere."""
    features: npt.NDArray[np.float32] | None
    """With `candidates=K`: float32[N, K, len(CANDIDATE_FEATURES)]; else None."""
    legal: list[list[int]]
    """Each row's legal action ids, the mask's 1s in the order of the rules' legal moves: for a
    policy that scores or draws among them alone (finding them in Wildfire's 2,740-wide mask
    costs about as much as the step). Read them, do not change them."""


class BatchedGames:
    def __init__(
        self,
        game: str,
        n: int,
        *,
        reward: str = "returns",
        illegal_action: str = "raise",
        forced: bool = False,
        candidates: int | None = None,
        opponents: str | Sequence[str] | None = None,
        learner: int = 0,
        **options: Any,
    ) -> None:
        """`n` games of `game` with `options` (as PettingZoo's and Gymnasium's environments
        take them). `opponents`: None (every seat decides through the batch) or bot names
        (one for all, or one per other seat) for every seat but `learner`."""
        if type(n) is not int or not 1 <= n <= MAX_GAMES:
            raise ValueError(f"n must be a number of games from 1 to {MAX_GAMES:,}, not {n!r}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {ILLEGAL}, not {illegal_action!r}")
        made = {"reward": reward, "illegal_action": illegal_action, "forced": forced, "candidates": candidates}
        self._made = (game, n, {**made, "opponents": opponents, "learner": learner, **options})
        first = Core(game, options, reward, forced=forced, candidates=candidates)
        # The games share one game object, action table and encoder: 64 copies of Wildfire's
        # action table (14,311 entries then) and its encoder's tables made a step a quarter slower (the
        # processor's caches).
        more = [Core(game, options, reward, forced=forced, candidates=candidates, like=first) for _ in range(n - 1)]
        self.cores = [first, *more]
        self.players = first.players
        self.actions = first.size
        self.illegal_action = illegal_action
        self.learner = learner
        self.bots: list[Agent | None] = [None] * self.players
        if opponents is not None:
            if not 0 <= learner < self.players:
                raise ValueError(f"learner must be a seat from 0 to {self.players - 1}, not {learner!r}")
            names = [opponents] * (self.players - 1) if isinstance(opponents, str) else list(opponents)
            if len(names) == 1:
                names *= self.players - 1
            if len(names) != self.players - 1:
                raise ValueError(
                    f"{self.players} players need {self.players - 1} opponents (or one name), not {len(names)}"
                )
            others = [s for s in range(self.players) if s != learner]
            for seat, name in zip(others, names, strict=True):
                self.bots[seat] = make_bot(name, first.game)
        k = first.candidates
        self._obs = np.zeros((n, *first.encoder.shape), dtype=np.float32)
        # Each row's memory as a memoryview, made once: the encoder writes through it.
        self._rows = [writer(row) for row in self._obs]
        self._blank = writer(np.zeros(first.encoder.shape, dtype=np.float32))
        self._mask = np.zeros((n, self.actions), dtype=np.int8)
        self._seat = np.zeros(n, dtype=np.int64)
        self._rewards = np.zeros((n, self.players), dtype=np.float32)
        self._dones = np.zeros(n, dtype=bool)
        self._final = np.zeros((n, self.players), dtype=np.float32)
        self._features = np.zeros((n, k or 0, len(CANDIDATE_FEATURES)), dtype=np.float32) if k else None
        self._marked: list[list[int]] = [[] for _ in range(n)]  # each row's mask entries set to 1
        # Each row's mask as a memoryview, and its entries' indices as ready-made ints (typed
        # Any): compiled, an index past 256 would be made and freed at every mark.
        self._marks = [row.data for row in self._mask]
        self._action_ix: tuple[Any, ...] = tuple(range(self.actions))
        self._seeds = random.Random()
        self._bot_rng = random.Random()
        self._started = False

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied (`copy.deepcopy`) and pickled as what it is made of, then each game put where
        it was: made anew, its games share one game object, action table and encoder again,
        and the rows' memoryviews (which do not pickle) are made again. The copy steps on
        exactly as the original would for the same actions (tests/envs/test_batched.py)."""
        arrays = (self._rewards, self._dones, self._final)
        rngs = (self._seeds.getstate(), self._bot_rng.getstate())
        return (_revived, (self._made, [core.position() for core in self.cores], arrays, rngs, self._started))

    def __len__(self) -> int:
        return len(self.cores)

    def reset(self, seed: int | None = None) -> Batch:
        """Every game new, each from a seed drawn from `seed`'s generator."""
        self._seeds = random.Random(seed)
        self._bot_rng = random.Random(self._seeds.getrandbits(64))
        self._rewards.fill(0.0)
        self._dones.fill(False)
        self._final.fill(0.0)
        for row in range(len(self.cores)):
            self._new_game(row)
            self._show(row)
        self._started = True
        return self._batch()

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> Batch:
        """Each row's action played in its game (an illegal one raises IllegalActionError
        naming the row, before any game moves; or with illegal_action="substitute" becomes a
        random legal move), the bots and chance played on to the next decision."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions).reshape(-1)
        if len(chosen) != len(self.cores):
            raise ValueError(f"give one action per game: {len(self.cores)}, not {len(chosen)}")
        picks = [int(a) for a in chosen.tolist()]  # Python ints: NumPy's scalars cost more at every use
        if self.illegal_action == "raise":
            for core, action in zip(self.cores, picks, strict=True):
                if not core.is_legal(action):
                    core.move(action, "raise")  # raises, naming the legal actions
        self._rewards.fill(0.0)
        self._dones.fill(False)
        self._final.fill(0.0)
        for row, (core, action) in enumerate(zip(self.cores, picks, strict=True)):
            move, _ = core.move(action, self.illegal_action)
            core.play(move)
            self._play_on(core)
            paid = core.payout()
            if any(paid):  # most steps pay nothing, and the row is already 0
                self._rewards[row] = paid
            if core.to_act() is None:
                self._dones[row] = True
                self._final[row] = core.state.returns()
                self._new_game(row)
            self._show(row)
        return self._batch()

    def _new_game(self, row: int) -> None:
        core = self.cores[row]
        core.reset(self._seeds.getrandbits(63))
        self._play_on(core)

    def _play_on(self, core: Core) -> None:
        """Forced decisions (with `forced`) and the bots' moves, until a seat of the batch
        decides; a game that ends there is left for `step` to start anew."""
        while True:
            core.play_forced()
            who = core.to_act()
            if who is None:
                return
            bot = self.bots[who]
            if bot is None:
                return
            core.play(bot.choose(LazyView(core.state, who), core.state.legal_moves(), self._bot_rng))

    def _show(self, row: int) -> None:
        """The row's arrays for its game's decision at hand."""
        core = self.cores[row]
        seat = core.to_act()
        assert seat is not None  # a game over is started anew before it is shown
        self._seat[row] = seat
        obs = self._rows[row]
        obs[:] = self._blank  # the encoders write only what is there
        core.encoder.write_state(obs, core.state, seat, core.spelt)
        # The mask's entries through the row's memoryview: setting an item costs a fraction of
        # NumPy's, and only the last decision's entries are cleared (a row of Wildfire is 2,740
        # wide).
        marks, ix = self._marks[row], self._action_ix
        for action in self._marked[row]:
            marks[ix[action]] = 0
        legal = list(range(len(core.ranked()))) if core.candidates else core.legal_ids()
        for action in legal:
            marks[ix[action]] = 1
        self._marked[row] = legal
        if self._features is not None:
            self._features[row] = core.candidate_features()

    def _batch(self) -> Batch:
        return Batch(
            self._obs, self._mask, self._seat, self._rewards, self._dones, self._final, self._features, self._marked
        )


def _revived(
    made: tuple[str, int, dict[str, Any]],
    positions: list[Position],
    arrays: tuple[npt.NDArray[Any], ...],
    rngs: tuple[tuple[Any, ...], tuple[Any, ...]],
    started: bool,
) -> BatchedGames:
    """A batch as `BatchedGames.__reduce__` gave it: made as it was, every game put where it
    was, and each row shown again (its observation and mask are its game's, bit for bit)."""
    game, n, options = made
    batch = BatchedGames(game, n, **options)
    for core, position in zip(batch.cores, positions, strict=True):
        core.put(position)
    for mine, kept in zip((batch._rewards, batch._dones, batch._final), arrays, strict=True):
        mine[...] = kept
    batch._seeds.setstate(rngs[0])
    batch._bot_rng.setstate(rngs[1])
    batch._started = started
    if started:  # (before `reset`, no game is at a decision yet)
        for row in range(n):
            batch._show(row)
    return batch
