"""PettingZoo environments: `env("wildfire", players=3, rounds=1)`.

An AEC environment per game. Agents are `player_0` .. `player_{n-1}` (seat order). Each
observation is a dict: `observation` (the seat's view encoded, float32) and `action_mask`
(int8, 1 for each legal action id of the actions table; all 0 when the agent is not to
decide). Chance steps are played inside `step`, from the generator `reset(seed=...)`
seeds: they are never agent steps and never count towards truncation. Rewards come at the
end: the game's `returns` (winners share 1); or with `reward="margin"` the score margin,
paid as points are scored (each step's reward is the change of the margin, so an agent's
rewards add up to its final margin).

Each agent's action space is the action table (`Discrete(size)`); its `sample()` without a
mask draws one of the agent's legal actions when it is to decide (`LegalActions`), so the
loops that sample from the space (PettingZoo's `max_cycles_test`, `parallel_seed_test`)
play legal moves. `render_mode="ansi"` returns the board as text, `"human"` prints it
after every step.

`max_cycles=N` truncates each agent once it has made N decisions; the decisions that a
truncated seat still owes the game are then played at random by the environment, until
every agent is truncated or the game ends. An illegal action raises IllegalActionError,
or with `illegal_action="substitute"` is replaced by a random legal move (`info` says so).

`view_in_info=True` puts the deciding agent's view (the dict of docs/views.md) in its
`info["view"]`, for those who write their own encoders.

`parallel_env(...)` is the same game in the parallel API, for tools that need one: each
step, only the agent to decide (the one with a non-empty mask) has its action used, and
`max_cycles` counts those steps.
"""

from __future__ import annotations

import types
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from gamenight.envs.core import CANDIDATE_FEATURES, ILLEGAL, Core

OBS_LOW, OBS_HIGH = -64.0, 64.0
RENDER_MODES = ("ansi", "human")


class LegalActions(spaces.Discrete):
    """The action table's ids. `sample()` without a mask or probabilities draws a legal action
    when `seat` (any seat: None) is to decide, from the space's own generator (`seed()`), as
    `sample(mask)` would with the decision's mask: the upstream tests and tutorials that call
    `action_space.sample()` then play legal moves instead of meeting IllegalActionError. With
    nobody of `seat` to decide it is Discrete's uniform draw (an id the environment will not use
    or will refuse)."""

    def __init__(self, core: Core, seat: int | None) -> None:
        super().__init__(core.size)
        self._core: Core | None = core
        self._seat = seat

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        core = self._core  # None in a space read back from a pickle: Discrete's own draw
        if mask is None and probability is None and core is not None:
            who = core.to_act()
            if who is not None and self._seat in (None, who):
                mask = core.mask()
        return super().sample(mask, probability)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (Stable-Baselines3's `model.save` keeps the spaces) without the game it
        samples from: a space read back is the plain Discrete of the same size."""
        return {**self.__dict__, "_core": None}


def relink(action_spaces: Any, core: Core) -> None:
    """An environment's copy (`copy.deepcopy`, pickle) gets its spaces without a game
    (`LegalActions.__getstate__`): they sample the copy's own again."""
    for space in action_spaces:
        if isinstance(space, LegalActions):
            space._core = core


def candidate_space(core: Core) -> spaces.Box:
    """The candidates' features (`candidates=K`): float32[K, len(CANDIDATE_FEATURES)] in [0, 1]."""
    return spaces.Box(0.0, 1.0, shape=(core.candidates or 0, len(CANDIDATE_FEATURES)), dtype=np.float32)


def candidate_ids(core: Core, none: bool = False) -> npt.NDArray[np.int64]:
    """The candidates' ids in the fixed action table, -1 past the last (all -1 with `none`)."""
    ids = np.full(core.candidates or 0, -1, dtype=np.int64)
    if not none and core.to_act() is not None:
        found = core.candidate_ids()
        ids[: len(found)] = found
    return ids


def observation(core: Core, seat: int, zero_mask: npt.NDArray[np.int8]) -> dict[str, Any]:
    """A seat's observation: its view encoded, the mask (all 0 unless it is to decide) and,
    with `candidates`, their features (all 0 unless it is to decide)."""
    deciding = core.to_act() == seat
    obs = {"observation": core.observe(seat), "action_mask": core.mask() if deciding else zero_mask.copy()}
    if core.candidates:
        obs["candidates"] = core.candidate_features() if deciding else np.zeros(candidate_space(core).shape, np.float32)
    return obs


def _observation_space(core: Core) -> spaces.Dict:
    parts: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(OBS_LOW, OBS_HIGH, shape=core.encoder.shape, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(core.size,), dtype=np.int8),
    }
    if core.candidates:
        parts["candidates"] = candidate_space(core)
    return spaces.Dict(parts)


def check_render_mode(render_mode: str | None) -> None:
    if render_mode not in (None, *RENDER_MODES):
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")


def render(core: Core, render_mode: str | None) -> str | None:
    """ "ansi": the board as text; "human": the board printed (in colour at a terminal)."""
    if render_mode == "ansi":
        return core.render()
    if render_mode == "human":
        core.show()
    return None


class GamenightAEC(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "gamenight_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        reward: str = "returns",
        illegal_action: str = "raise",
        view_in_info: bool = False,
        forced: bool = False,
        candidates: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {ILLEGAL}, not {illegal_action!r}")
        self.core = Core(game, options, reward, forced=forced, candidates=candidates)
        self.metadata = {**GamenightAEC.metadata, "name": f"gamenight_{self.core.name.replace('-', '_')}_v0"}  # type: ignore[misc]
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.view_in_info = view_in_info
        self.possible_agents = [f"player_{i}" for i in range(self.core.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs = _observation_space(self.core)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: LegalActions(self.core, i) for i, a in enumerate(self.possible_agents)}
        self._zero_mask = np.zeros(self.core.size, dtype=np.int8)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        relink(self.action_spaces.values(), self.core)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.core.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.decisions = dict.fromkeys(self.agents, 0)
        self._paid = False  # whether the last step paid anyone
        self._ended = False  # whether an agent is terminated or truncated
        self._skip_agent_selection = None
        self._settle()
        if self.render_mode == "human":
            self.core.show()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._index[agent]
        core = self.core
        return observation(core, seat, self._zero_mask)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to decide: None is an action only for a finished agent")
        core = self.core
        move, substituted = core.move(int(action), self.illegal_action)
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {"illegal_action": True} if substituted else {}
        core.play(move)
        core.play_forced()
        self.decisions[agent] += 1
        if self.max_cycles is not None and self.decisions[agent] >= self.max_cycles:
            self.truncations[agent] = True
            self._ended = True
        self._settle()
        pay = core.payout()
        if self._paid or any(pay):  # (a step that pays nothing after one that paid nothing: all stays 0)
            for a in self.agents:
                self.rewards[a] = pay[self._index[a]]
            self._accumulate_rewards()
            self._paid = any(pay)
        if self.render_mode == "human":
            core.show()

    def _settle(self) -> None:
        """After a decision: play the truncated seats' decisions, end the game's agents when
        it is over, and select the next agent (a finished one first)."""
        core = self.core
        if not self._ended and (seat := core.to_act()) is not None:  # every agent live, one to decide
            agent = self.possible_agents[seat]
            self.agent_selection = agent
            self._inform(agent, seat)
            return
        self._ended = True
        live = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
        while live:
            seat = core.to_act()
            if seat is None:
                for a in self.agents:
                    if not self.truncations[a]:
                        self.terminations[a] = True
                break
            agent = self.possible_agents[seat]
            if agent in live:
                self.agent_selection = agent
                self._inform(agent, seat)
                break
            core.play_random()  # a truncated seat's decision
        if not live:
            self.agent_selection = self.agents[0]
        self._deads_step_first()

    def _inform(self, agent: str, seat: int) -> None:
        """The deciding agent's info: its view (`view_in_info`), its candidates' table ids."""
        if self.view_in_info:
            self.infos[agent]["view"] = self.core.state.view(seat)
        if self.core.candidates:
            self.infos[agent]["candidate_ids"] = candidate_ids(self.core)

    def render(self) -> str | None:
        return render(self.core, self.render_mode)

    def close(self) -> None:
        pass


class GamenightParallel(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """The turn-based game in the parallel API: one decision per step."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "gamenight_parallel_v0"}

    def __init__(
        self,
        game: str,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        reward: str = "returns",
        illegal_action: str = "raise",
        forced: bool = False,
        candidates: int | None = None,
        **options: Any,
    ) -> None:
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {ILLEGAL}, not {illegal_action!r}")
        check_render_mode(render_mode)
        self.core = Core(game, options, reward, forced=forced, candidates=candidates)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.possible_agents = [f"player_{i}" for i in range(self.core.players)]
        self.agents: list[str] = []
        obs = _observation_space(self.core)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: LegalActions(self.core, i) for i, a in enumerate(self.possible_agents)}
        self.steps = 0

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        relink(self.action_spaces.values(), self.core)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, Any]]:
        zero = np.zeros(self.core.size, dtype=np.int8)
        return {a: observation(self.core, i, zero) for i, a in enumerate(self.possible_agents)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.core.reset(seed)
        self.agents = self.possible_agents[:]
        self.steps = 0
        if self.render_mode == "human":
            self.core.show()
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any]:
        core = self.core
        seat = core.to_act()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if seat is not None:
            agent = self.possible_agents[seat]
            move, substituted = core.move(int(actions[agent]), self.illegal_action)
            if substituted:
                infos[agent]["illegal_action"] = True
            core.play(move)
            core.play_forced()
        self.steps += 1
        over = core.to_act() is None
        truncated = not over and self.max_cycles is not None and self.steps >= self.max_cycles
        rewards = dict(zip(self.possible_agents, core.rewards() if over else [0.0] * core.players, strict=True))
        observations = self._observations()
        agents = self.agents
        if core.candidates and (seat := core.to_act()) is not None:
            infos[self.possible_agents[seat]]["candidate_ids"] = candidate_ids(core)
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            core.show()
        return (
            {a: observations[a] for a in agents},
            {a: rewards[a] for a in agents},
            terminations,
            truncations,
            infos,
        )

    def render(self) -> str | None:
        return render(self.core, self.render_mode)

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> GamenightAEC:
    """The AEC environment for `game` ("wildfire", "wildstar", "highrise",
    "fireball-island"), with the game's options (players=3, rounds=1, ...) and the
    environment's (render_mode, max_cycles, reward, illegal_action)."""
    return GamenightAEC(game, **kwargs)


def parallel_env(game: str, **kwargs: Any) -> GamenightParallel:
    return GamenightParallel(game, **kwargs)


def module(game: str, **kwargs: Any) -> types.SimpleNamespace:
    """A module-like object with `env(**more)` and `parallel_env(**more)` for one game and
    its options: what pettingzoo.test's `max_cycles_test` takes."""
    return types.SimpleNamespace(
        env=lambda **more: env(game, **{**kwargs, **more}),
        parallel_env=lambda **more: parallel_env(game, **{**kwargs, **more}),
    )
