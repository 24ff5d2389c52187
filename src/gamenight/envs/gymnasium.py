"""Gymnasium environments: one seat learns, the other seats are gamenight bots.

    env = GamenightEnv("highrise", opponents=("greedy",), players=2)
    obs, info = env.reset(seed=0)
    action = policy(obs, info["action_mask"])

The observation is the learner's view encoded (float32); `info["action_mask"]` (int8)
marks the legal action ids. Opponents are bot names (`random`, `easy`, `greedy`, `hard`,
`ismcts:iterations=200`): one per other seat, or one name for all. They decide and
chance is played inside `step`, until the learner decides again or the game ends; the
reward is the game's return at the end, or with `reward="margin"` the change of the score
margin since the learner's last step (points paid as they are scored). `seat="random"` puts
the learner at a random seat each episode; `view_in_info=True` adds the learner's view (the
dict of docs/views.md) as `info["view"]`.

An action outside the legal moves ends the episode by default (`illegal_action="terminate"`:
reward -1, `info["illegal_action"]`), as Gymnasium's contract has every action of the space
accepted (`check_env` plays an action drawn before a reset in the position after it, and
learners without masks learn from the penalty); `"raise"` raises IllegalActionError,
`"substitute"` plays a random legal move instead. `action_space.sample()` draws a legal action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from gamenight.bots.registry import make_bot
from gamenight.envs.core import ILLEGAL, Core
from gamenight.envs.pettingzoo import (
    OBS_HIGH,
    OBS_LOW,
    RENDER_MODES,
    LegalActions,
    candidate_ids,
    candidate_space,
    check_render_mode,
    relink,
    render,
)

GYM_ILLEGAL = (*ILLEGAL, "terminate")
ILLEGAL_REWARD = -1.0  # below any game's loss (0 in "returns"), as PettingZoo's TerminateIllegalWrapper pays


class LazyView(Mapping[str, Any]):
    """`state.view(seat)`, built on its first read: a bot that does not read it (`random`,
    or any bot with a single legal move) costs no view. Valid while the bot chooses (the
    state moves on after)."""

    __slots__ = ("_seat", "_state", "_view")

    def __init__(self, state: Any, seat: int) -> None:
        self._state = state
        self._seat = seat
        self._view: Mapping[str, Any] | None = None

    def _built(self) -> Mapping[str, Any]:
        if self._view is None:
            self._view = self._state.view(self._seat)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._built()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())


class GamenightEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    # A board printed once a step has no frame rate; "render_fps" is declared, as PettingZoo's
    # classic games do, because Gymnasium's checker asks every "human" mode for one (nothing waits).
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (gymnasium declares it an instance variable)

    def __init__(
        self,
        game: str,
        *,
        opponents: str | Sequence[str] = "random",
        seat: int | str = 0,
        render_mode: str | None = None,
        reward: str = "returns",
        illegal_action: str = "terminate",
        max_steps: int | None = None,
        view_in_info: bool = False,
        forced: bool = True,
        candidates: int | None = None,
        **options: Any,
    ) -> None:
        if illegal_action not in GYM_ILLEGAL:
            raise ValueError(f"illegal_action must be one of {GYM_ILLEGAL}, not {illegal_action!r}")
        check_render_mode(render_mode)
        self.core = Core(game, options, reward, forced=forced, candidates=candidates)
        n = self.core.players
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) == 1:
            names *= n - 1
        if len(names) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponents (or one name for all), not {len(names)}")
        self.opponent_names = names
        self.bots = [make_bot(name, self.core.game) for name in names]
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else int(seat)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.max_steps = max_steps
        self.view_in_info = view_in_info
        board = spaces.Box(OBS_LOW, OBS_HIGH, shape=self.core.encoder.shape, dtype=np.float32)
        self.observation_space: spaces.Space[Any] = (
            spaces.Dict({"observation": board, "candidates": candidate_space(self.core)}) if candidates else board
        )
        self.action_space = LegalActions(self.core, None)
        self._bot_rng = random.Random()
        self._steps = 0
        self._ended = False  # the game is over, or an illegal action ended the episode

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        relink([self.action_space], self.core)  # (see pettingzoo.relink)

    def _opponent(self, seat: int) -> Any:
        return self.bots[(seat - self.seat - 1) % self.core.players]

    def _play_others(self, forced: bool) -> int:
        """The opponents' moves until the learner decides (with `forced`, until it has a
        choice) or the game ends; how many forced decisions of the learner's were played."""
        core = self.core
        played = 0
        while (who := core.to_act()) is not None:
            if who == self.seat:
                if not forced or not (n := core.play_forced((who,))):
                    break
                played += n
                continue
            legal = core.state.legal_moves()
            view = LazyView(core.state, who)
            core.play(self._opponent(who).choose(view, legal, self._bot_rng))
        return played

    def _obs_info(self, extra: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        core = self.core
        over = core.to_act() is None
        mask = np.zeros(core.size, dtype=np.int8) if self._ended else core.mask().copy()
        info: dict[str, Any] = {"action_mask": mask, "seat": self.seat, **(extra or {})}
        if self.view_in_info:
            info["view"] = core.state.view(self.seat)
        if over:
            info["returns"] = core.state.returns()
            info["scores"] = core.state.scores()
        obs = core.observe(self.seat)
        if not core.candidates:
            return obs, info
        info["candidate_ids"] = candidate_ids(core, self._ended)
        features = core.candidate_features() if not self._ended else np.zeros(candidate_space(core).shape, np.float32)
        return {"observation": obs, "candidates": features}, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        draw = int(self.np_random.integers(0, 2**63 - 1))
        self._bot_rng = random.Random(draw ^ 0x5EED)
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(0, self.core.players))
        self.core.reset(draw)
        self._steps = 0
        self._play_others(forced=False)  # the first decision is always the learner's: every episode has a step
        self._ended = self.core.to_act() is None
        if self.render_mode == "human":
            self.core.show()
        return self._obs_info()

    def step(self, action: np.int64 | int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        core = self.core
        if self._ended:
            raise RuntimeError("the episode is over: call reset()")
        self._steps += 1
        if self.illegal_action == "terminate" and not core.is_legal(int(action)):
            self._ended = True
            obs, info = self._obs_info({"illegal_action": True})
            return obs, ILLEGAL_REWARD, True, False, info
        move, substituted = core.move(int(action), self.illegal_action)
        core.play(move)
        forced = self._play_others(core.forced)
        over = self._ended = core.to_act() is None
        reward = core.payout()[self.seat]
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        obs, info = self._obs_info({"illegal_action": True} if substituted else None)
        info["forced"] = forced
        if self.render_mode == "human":
            core.show()
        return obs, reward, over, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """For sb3-contrib's MaskablePPO (ActionMasker or its `action_masks()` method)."""
        if self._ended:
            return np.zeros(self.core.size, dtype=bool)
        return self.core.mask().astype(bool)

    def render(self) -> str | None:
        return render(self.core, self.render_mode)


def make(game: str, **kwargs: Any) -> GamenightEnv:
    return GamenightEnv(game, **kwargs)


ENV_IDS = {
    "wildfire": "gamenight/Wildfire-v0",
    "wildstar": "gamenight/Wildstar-v0",
    "highrise": "gamenight/Highrise-v0",
    "fireball-island": "gamenight/FireballIsland-v0",
}
"""`gymnasium.make("gamenight/Highrise-v0", opponents="greedy", players=2)` once this module is imported."""

for _game, _id in ENV_IDS.items():
    if _id not in gym.registry:
        gym.register(id=_id, entry_point="gamenight.envs.gymnasium:GamenightEnv", kwargs={"game": _game})
