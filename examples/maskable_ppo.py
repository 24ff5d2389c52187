"""sb3-contrib's MaskablePPO, unmodified, on a two-player game against the greedy bot.

The recipe is the environment's two options and nothing else (docs/rl.md, "Learning faster"):

- `candidates=K`: the actions are the decision's legal moves in the greedy bot's order, at
  most K, each with its features; the policy is Stable-Baselines3's `MultiInputPolicy`;
- `forced=True` (Gymnasium's default): decisions with a single legal move are played by
  the environment, so every step is a choice.

The learner's seat is drawn at random each game (`seat="random"`), the reward is the game's
result (`--reward returns`: 1 a win, 1/2 a shared one, 0 a loss) or the score margin paid as
points are scored (`--reward margin`, per 100 points), and MaskablePPO reads the mask from the
environment's `action_masks()`. Training stops after `--steps` learner steps (decisions with
a choice); the CPU time it took, evaluations apart, is printed beside each evaluation.

Every `--eval-every` steps the policy (its most likely action) plays `--eval-games` paired
games against greedy: each deal twice, the learner in each seat. The same games are played
by "greedy's choice" (always candidate 0, which is what the greedy bot plays in the learner's
seat) for the line a learner must pass to beat greedy. The last evaluation plays
`--final-games` on deals held out (FINAL_SEED), which the curve never looked at. Written
to `--out`/<game> (runs/maskable_ppo/<game> by default): `curve.csv`, `curve.png` and the
trained `model.zip` (`MaskablePPO.load`). This recipe reaches greedy and stays there; the one
that passes it, and trains the `learned` bot, is examples/learn_from_rollouts.py.

    pip install -e '.[rl,train]'
    python examples/maskable_ppo.py --game highrise                      # 950 000 steps
    python examples/maskable_ppo.py --game wildstar --reward margin --ent-coef 0 --learning-rate 1e-4 --gamma 0.99 \
        --steps 1000000 --eval-every 250000 --eval-games 200
    python examples/maskable_ppo.py --game highrise --load runs/maskable_ppo/highrise/model.zip --steps 0
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import time
from pathlib import Path
from typing import Any

from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from gamenight.envs.gymnasium import GamenightEnv

OPTIONS: dict[str, dict[str, Any]] = {"highrise": {"players": 2}, "wildstar": {"players": 2}}
"""Each game as its rulebook's basic game has it, for two players (Highrise: one hand;
Wildstar: ten hands)."""
EVAL_SEED = 1_000_000
"""The curve's deals: seeds no training game uses (training games draw theirs from the
model's seed)."""
FINAL_SEED = 2_000_000
"""The last evaluation's deals: held out, never looked at while training. (The curve's
deals are looked at every `--eval-every` steps; a figure read off them again at the end
was 2.6 points above what 20 000 fresh games gave: docs/rl.md.)"""


def make_env(game: str, candidates: int, seat: int | str = "random", reward: str = "returns") -> GamenightEnv:
    return GamenightEnv(game, opponents="greedy", seat=seat, candidates=candidates, reward=reward, **OPTIONS[game])


def paired_games(game: str, candidates: int, games: int, choose: Any, first: int = EVAL_SEED) -> list[float]:
    """The learner's result in each of `games` games (1 a win, 1/2 shared, 0 a loss, read from
    `info["returns"]` whatever the training's reward): deal d (seed `first` + d) in seat 0,
    then in seat 1."""
    results = []
    for deal in range(games // 2):
        for seat in (0, 1):
            env = make_env(game, candidates, seat)
            obs, info = env.reset(seed=first + deal)
            over = False
            while not over:
                obs, _reward, over, truncated, info = env.step(choose(env, obs))
                over = over or truncated
            results.append(info["returns"][seat])
    return results


def paired_difference(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """The mean of a - b over the deals (both seats of a deal together), with a 95% interval
    from the spread of the per-deal differences: the deal's luck cancels out."""
    per_deal = [(a[i] + a[i + 1] - b[i] - b[i + 1]) / 2 for i in range(0, len(a) - 1, 2)]
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    return mean, mean - half, mean + half


def wilson(p: float, n: int) -> tuple[float, float]:
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(OPTIONS), default="highrise")
    parser.add_argument("--steps", type=int, default=950_000, help="learner steps")
    parser.add_argument("--reward", choices=("returns", "margin"), default="returns")
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--eval-every", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01, help="the entropy bonus")
    parser.add_argument("--gamma", type=float, default=1.0, help="the discount")
    parser.add_argument("--out", type=Path, default=Path("runs/maskable_ppo"), help="the output folder")
    parser.add_argument("--load", type=Path, help="a model.zip to go on from (or only evaluate: --steps 0)")
    args = parser.parse_args()
    out = args.out / args.game
    out.mkdir(parents=True, exist_ok=True)
    import torch

    torch.set_num_threads(1)  # small networks: one thread is faster than several
    k = args.candidates
    envs = DummyVecEnv([lambda: make_env(args.game, k, reward=args.reward) for _ in range(args.envs)])
    if args.load is not None:
        model = MaskablePPO.load(args.load, env=envs)
    else:
        model = MaskablePPO(
            "MultiInputPolicy",
            envs,
            n_steps=256,
            batch_size=256,
            n_epochs=4,
            learning_rate=args.learning_rate,
            gamma=args.gamma,
            ent_coef=args.ent_coef,
            seed=args.seed,
        )

    def learner(env: GamenightEnv, obs: Any) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    def greedy_choice(env: GamenightEnv, obs: Any) -> int:
        return 0

    rows: list[dict[str, float]] = []
    trained = 0.0  # CPU seconds spent learning (the evaluations are not counted)
    while True:
        final = model.num_timesteps >= args.steps
        games, first = (args.final_games, FINAL_SEED) if final else (args.eval_games, EVAL_SEED)
        mine = paired_games(args.game, k, games, learner, first)
        greedy = paired_games(args.game, k, games, greedy_choice, first)
        rate = statistics.fmean(mine)
        low, high = wilson(rate, games)
        gain, gain_low, gain_high = paired_difference(mine, greedy)
        row = {
            "steps": model.num_timesteps,
            "cpu_minutes": trained / 60,
            "games": games,
            "learner": rate,
            "low": low,
            "high": high,
            "greedy_choice": statistics.fmean(greedy),
            "gain": gain,
            "gain_low": gain_low,
            "gain_high": gain_high,
        }
        rows.append(row)
        print(
            f"{row['steps']:>9,} steps {row['cpu_minutes']:5.1f} CPU min: learner {rate:.3f} ({low:.3f}-{high:.3f}) "
            f"over {games} {'held-out ' if final else ''}games; greedy's choice {row['greedy_choice']:.3f}; "
            f"paired gain {gain:+.3f} ({gain_low:+.3f} to {gain_high:+.3f})",
            flush=True,
        )
        if final:
            break
        start = time.process_time()
        model.learn(min(args.eval_every, args.steps - model.num_timesteps), reset_num_timesteps=False)
        trained += time.process_time() - start
    model.save(out / "model.zip")
    with (out / "curve.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    plot(rows, out / "curve.png", args.game)


def plot(rows: list[dict[str, float]], path: Path, game: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r["steps"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [r["learner"] for r in rows], marker="o", label="MaskablePPO (candidates)")
    ax.fill_between(steps, [r["low"] for r in rows], [r["high"] for r in rows], alpha=0.2)
    ax.plot(steps, [r["greedy_choice"] for r in rows], linestyle="--", label="greedy's choice in the same games")
    ax.axhline(0.5, color="grey", linewidth=0.8)
    ax.set_xlabel("learner steps (decisions with a choice)")
    ax.set_ylabel("win rate against greedy")
    ax.set_title(f"Two-player {game.capitalize()}: MaskablePPO against the greedy bot")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
