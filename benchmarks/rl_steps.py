"""Environment steps per second, random policy, observation and mask included, per game per API.

Beside them, in the same run: PettingZoo through Shimmy on OpenSpiel's Python block
dominoes (the baseline of issue 21), and OpenSpiel's C++ `crazy_eights` through
`rl_environment` (info-state tensor and legal actions every step). The target: our
PettingZoo step costs at most 0.05 of Shimmy's (issue 31), with the project's loop (the
mask read as bool) and with a plain loop (`np.flatnonzero` on the int8 mask); the ratios are
printed either way.

Every contender plays whole games with a uniformly random legal action (drawn with a seeded
generator from the mask), for a CPU-time budget, in slices interleaved across contenders
so that a busy machine slows them all alike; the figure is the median of the repeats.
A step is one agent decision (chance steps are played inside it and not counted); the
Gymnasium figure counts the learner's steps, the random opponents' moves included in
their time. OpenSpiel's contenders draw from `legal_actions` (pyspiel gives the mask as a
Python list: reading Wildfire's 2 740 entries would cost more than the step).

    .venv/bin/python benchmarks/rl_steps.py                       # every contender, ~1 min
    .venv/bin/python benchmarks/rl_steps.py --seconds 1 --only highrise
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

CASES: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 4, "rounds": 1},
    "wildstar": {"players": 4, "hands": 1},
    "highrise": {"players": 4},
    "fireball-island": {"players": 4, "turn_limit": 200},
}


def pick(mask: Any, rng: random.Random) -> int:
    """A uniformly random legal action. The mask is read as bool: NumPy's nonzero on an
    int8 array is several times slower than on bool (50 µs against 8 µs for the 14 311 ids
    Wildfire's table had before its variants' ids were left out of the basic game), a cost
    of the agent's code, not of the environment."""
    legal = np.flatnonzero(np.asarray(mask, dtype=bool))
    return int(legal[rng.randrange(len(legal))])


def pick_plain(mask: Any, rng: random.Random) -> int:
    """A uniformly random legal action as a researcher's plain loop draws it: `np.flatnonzero`
    on the mask as given (int8), no conversion (issue 31, target 5)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def pz_steps(make: Callable[[], Any], seed: int, choose: Callable[[Any, random.Random], int] = pick) -> Iterator[int]:
    """PettingZoo AEC, ours or Shimmy's: yields after every game the steps it took."""
    env = make()
    rng = random.Random(seed)
    game = 0
    while True:
        env.reset(seed=seed + game)
        game += 1
        steps = 0
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"] if isinstance(obs, dict) else env.infos[agent]["action_mask"]
            env.step(choose(mask, rng))
            steps += 1
        yield steps


def ours_pz(name: str, choose: Callable[[Any, random.Random], int] = pick) -> Callable[[int], Iterator[int]]:
    from gamenight.envs import pettingzoo as pz

    return lambda seed: pz_steps(lambda: pz.env(name, **CASES[name]), seed, choose)


def ours_gym(name: str) -> Callable[[int], Iterator[int]]:
    def run(seed: int) -> Iterator[int]:
        from gamenight.envs.gymnasium import GamenightEnv

        env = GamenightEnv(name, opponents="random", forced=False, **CASES[name])  # every decision, as measured
        rng = random.Random(seed)
        game = 0
        while True:
            _, info = env.reset(seed=seed + game)
            game += 1
            steps, done = 0, False
            while not done:
                _, _, term, trunc, info = env.step(pick(info["action_mask"], rng))
                steps += 1
                done = term or trunc
            yield steps

    return run


def ours_spiel(name: str) -> Callable[[int], Iterator[int]]:
    def run(seed: int) -> Iterator[int]:
        from gamenight.engine.chance import sample
        from gamenight.envs import openspiel as gos

        game = gos.load(name, **CASES[name])
        rng = random.Random(seed)
        while True:
            state = game.new_initial_state()
            steps = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(sample(outcomes, rng))
                    continue
                player = state.current_player()
                state.observation_tensor(player)
                legal = state.legal_actions(player)  # as OpenSpiel's agents read them (the mask is a list)
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
            yield steps

    return run


BATCH = 64
LEGAL = " from its legal lists"
"""The batched contender whose policy draws from `batch.legal` instead of the mask."""
STEPS_TARGET = 100_000
"""The batched environment's steps per CPU second, at least, with the compiled build (issue 31, target 5)."""


def ours_batched(name: str, from_legal: bool = False) -> Callable[[int], Iterator[int]]:
    """`BatchedGames` with BATCH games, every seat through the batch: a step is one game's
    decision, so each call counts BATCH. Each row's action is drawn as the other contenders
    draw theirs (`pick`), so the figures compare the environments, not the policies; or with
    `from_legal` from the row's list of legal ids (`batch.legal`), as a batched policy that
    reads them would, so that the figure is the environment's own cost (the draw is a few
    hundred nanoseconds; `pick` on Wildfire's mask takes longer than the step)."""

    def run(seed: int) -> Iterator[int]:
        from gamenight.envs.batched import BatchedGames

        games = BatchedGames(name, BATCH, **CASES[name])
        batch = games.reset(seed=seed)
        rng = random.Random(seed)
        if from_legal:
            draw = rng.randrange
            while True:
                batch = games.step([legal[draw(len(legal))] for legal in batch.legal])
                yield BATCH
        while True:
            batch = games.step([pick(row, rng) for row in batch.mask])
            yield BATCH

    return run


def rules_alone(name: str) -> Callable[[int], Iterator[int]]:
    """The game's own states, random legal moves, no observation: the floor."""

    def run(seed: int) -> Iterator[int]:
        from gamenight.engine.chance import sample
        from gamenight.engine.protocol import CHANCE
        from gamenight.engine.registry import make_game

        game = make_game(name, CASES[name])
        rng = random.Random(seed)
        while True:
            state = game.new_state()
            steps = 0
            while (who := state.to_act()) is not None:
                if who == CHANCE:
                    state.apply_chance(sample(state.chance_outcomes(), rng))
                    continue
                legal = state.legal_moves()
                state.apply(legal[rng.randrange(len(legal))])
                steps += 1
            yield steps

    return run


def shimmy_block_dominoes(seed: int, choose: Callable[[Any, random.Random], int] = pick) -> Iterator[int]:
    import open_spiel.python.games  # noqa: F401  (registers python_block_dominoes)
    from shimmy import OpenSpielCompatibilityV0

    return pz_steps(lambda: OpenSpielCompatibilityV0(game_name="python_block_dominoes"), seed, choose)


def crazy_eights_rl_environment(seed: int) -> Iterator[int]:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment("crazy_eights", chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
    rng = random.Random(seed)
    while True:
        ts = env.reset()
        steps = 0
        while not ts.last():
            player = ts.observations["current_player"]
            legal = ts.observations["legal_actions"][player]
            ts = env.step([legal[rng.randrange(len(legal))]])
            steps += 1
        yield steps


PLAIN = ", plain int8 loop"
"""The contenders that draw their actions with `pick_plain`."""
TARGET = 0.05
"""Our PettingZoo step over Shimmy's, at most (issue 31, target 5), with either loop."""


def contenders(only: str | None) -> dict[str, Callable[[int], Iterator[int]]]:
    out: dict[str, Callable[[int], Iterator[int]]] = {}
    for name in CASES:
        out[f"{name} rules alone"] = rules_alone(name)
        out[f"{name} pettingzoo"] = ours_pz(name)
        out[f"{name} pettingzoo{PLAIN}"] = ours_pz(name, pick_plain)
        out[f"{name} openspiel"] = ours_spiel(name)
        out[f"{name} gymnasium"] = ours_gym(name)
        out[f"{name} batched x{BATCH}"] = ours_batched(name)
        out[f"{name} batched x{BATCH}{LEGAL}"] = ours_batched(name, from_legal=True)
    out["block dominoes shimmy-pettingzoo"] = shimmy_block_dominoes
    out[f"block dominoes shimmy-pettingzoo{PLAIN}"] = lambda seed: shimmy_block_dominoes(seed, pick_plain)
    out["crazy_eights rl_environment (C++)"] = crazy_eights_rl_environment
    if only:
        keys = [k.strip() for k in only.split(",")]
        out = {name: f for name, f in out.items() if any(k in name for k in keys) or "shimmy" in name}
    return out


def measure(runs: dict[str, Callable[[int], Iterator[int]]], seconds: float, repeats: int) -> dict[str, float]:
    """Median µs per step of each contender."""
    gens = {name: run(1) for name, run in runs.items()}
    per_repeat: dict[str, list[float]] = {name: [] for name in runs}
    slice_s = 0.25
    for _ in range(repeats):
        spent = dict.fromkeys(runs, 0.0)
        steps = dict.fromkeys(runs, 0)
        while min(spent.values()) < seconds:
            for name, gen in gens.items():
                if spent[name] >= seconds:
                    continue
                start = time.process_time()
                while time.process_time() - start < slice_s:
                    steps[name] += next(gen)
                spent[name] += time.process_time() - start
        for name in runs:
            per_repeat[name].append(spent[name] / max(steps[name], 1) * 1e6)
    return {name: statistics.median(v) for name, v in per_repeat.items()}


def build() -> str:
    """Which build the engine was imported from (`make fast`), and whether it is older than
    sources edited since (then it measures the code as it was)."""
    import gamenight.engine.table as table
    from gamenight.compiled import is_compiled, stale

    if not is_compiled(table):
        return "pure Python; the target is for the compiled build"
    old = stale()
    return f"a STALE compiled build: {', '.join(old)} changed since; make fast" if old else "compiled build"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per contender per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", help="contenders whose names hold one of these words (comma-separated)")
    args = parser.parse_args()
    runs = contenders(args.only)
    results = measure(runs, args.seconds, args.repeats)
    shimmy = results["block dominoes shimmy-pettingzoo"]
    print(f"{'contender':52} {'steps/s':>10} {'µs/step':>10} {'÷ shimmy':>9}")
    for name, us in results.items():
        print(f"{name:52} {1e6 / us:10.0f} {us:10.1f} {us / shimmy:9.3f}")
    print()
    measured = build()  # (once: it reads every compiled module's file dates)
    for name in CASES:
        for loop, suffix in (("the project's loop", ""), ("a plain int8 loop", PLAIN)):
            key, baseline = f"{name} pettingzoo{suffix}", f"block dominoes shimmy-pettingzoo{suffix}"
            if key in results and baseline in results:
                ratio = results[key] / results[baseline]
                verdict = "meets" if ratio <= TARGET else "misses"
                print(
                    f"{name}, {loop}: our PettingZoo step is {ratio:.3f} of Shimmy's ({verdict} the target of {TARGET})"
                )
        key = f"{name} batched x{BATCH}{LEGAL}"
        if key in results:
            rate = 1e6 / results[key]
            verdict = "meets" if rate >= STEPS_TARGET else "misses"
            print(
                f"{name}, batched from its legal lists: {rate:,.0f} steps per CPU second ({measured}; {verdict} "
                f"the target of {STEPS_TARGET:,})"
            )


if __name__ == "__main__":
    main()
