"""Masked PPO on Highrise, on a laptop CPU: first against `random`, then against `greedy`.

A short, self-contained PPO in PyTorch (no RL library): one seat of a two-player Highrise
learns (`gamenight.envs.gymnasium.GamenightEnv`, its seat drawn at random each game), the
other is a gamenight bot. Illegal actions are masked out of the policy's logits with the
mask the environment puts in `info`, so the policy only ever plays legal moves. The reward
is the score margin at the end (`reward="margin"`: own points against the other's, per
100), which tells a close loss from a rout; `--reward returns` trains on the win alone.
The win rate is what is measured: 1 for a win, 1/2 for a shared one, 0 for a loss.

Three quarters of Highrise's decisions are forced (one legal action: draw, pass, the only
play); they are played without the policy and never enter a batch, so a "step" here is a
decision with a choice, and the rewards of the forced moves that follow it are added to
it. Besides the observation, the policy sees one feature of each legal play: the points it
scores now (`rules.play_points` on the tower, which is public), weighed by the network
according to the position. PPO with normalised advantages, the learning rate and the
entropy bonus decayed linearly over each phase.

Every `--eval-every` steps the greedy policy (the most likely legal action) plays
`--eval-games` fixed-seed games against each bot; the win rates go to stdout and to the
output folder (`--out`, runs/train_highrise by default, created if need be): the plot
`win_rates.png` and the numbers `curve.csv`, beside a random policy's and the greedy bot's
own on the same games. Nothing is written into the checkout's docs/.

    pip install -e '.[rl,train]'          # torch: the CPU build
    python examples/train_highrise.py     # about a quarter of an hour on two cores
    python examples/train_highrise.py --random-steps 5000 --greedy-steps 5000 --out runs/quick
"""

from __future__ import annotations

import argparse
import csv
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from gamenight.bots.registry import make_bot
from gamenight.envs.gymnasium import GamenightEnv
from gamenight.games.highrise import moves, rules

POINTS_SCALE = 20.0  # points per 20 (a play rarely scores more than 60)
FEATURES = 1  # per legal play: the points it scores now


class Policy(nn.Module):
    """An MLP with a logit per action id, plus two factored heads that share what the ids
    have in common: one per place (the pair of cells and the spacer, 24 x 3 on the 4x4
    base) and one per domino orientation (64), read off the action table's layout
    (docs/rl.md: id = 2 + (orientation x edges + edge) x 3 + spacer). A play's logit is the
    sum of the three, so what is learnt about a place holds for every domino laid there;
    plus each play's features (`play_features`) times weights the network reads off the
    position (`features`)."""

    def __init__(self, obs_size: int, actions: int, edges: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        orientations = (actions - 2) // (edges * 3)
        self.logits = nn.Linear(hidden, actions)
        self.place = nn.Linear(hidden, edges * 3 + 1)  # the last slot: draw and pass
        self.domino = nn.Linear(hidden, orientations + 1)
        self.features = nn.Linear(hidden, FEATURES)
        for head in (self.logits, self.place, self.domino, self.features):
            nn.init.orthogonal_(head.weight, gain=0.01)
            nn.init.zeros_(head.bias)
        self.value = nn.Linear(hidden, 1)
        ids = torch.arange(actions)
        rest, spacer = torch.div(ids - 2, 3, rounding_mode="floor"), (ids - 2) % 3
        orientation, edge = torch.div(rest, edges, rounding_mode="floor"), rest % edges
        play = ids >= 2
        self.register_buffer("place_of", torch.where(play, edge * 3 + spacer, edges * 3))
        self.register_buffer("domino_of", torch.where(play, orientation, orientations))

    def forward(
        self, obs: torch.Tensor, mask: torch.Tensor, ids: torch.Tensor, feats: torch.Tensor
    ) -> tuple[torch.distributions.Categorical, torch.Tensor]:
        """`ids` [batch, k] the plays with features `feats` [batch, k, FEATURES] (padded with
        id 0 and features 0, which add nothing)."""
        h = self.body(obs)
        logits = self.logits(h) + self.place(h)[:, self.place_of] + self.domino(h)[:, self.domino_of]
        logits = logits.scatter_add(1, ids, (feats * self.features(h)[:, None, :]).sum(-1))
        logits = logits.masked_fill(~mask, -1e9)  # illegal actions: never chosen
        return torch.distributions.Categorical(logits=logits), self.value(h).squeeze(-1)


@dataclass
class Curve:
    steps: list[int] = field(default_factory=list)
    vs_random: list[float] = field(default_factory=list)
    vs_greedy: list[float] = field(default_factory=list)
    phase_starts: list[tuple[int, str]] = field(default_factory=list)


def play_features(env: GamenightEnv) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The legal plays' ids and, for each, the points it scores now (per POINTS_SCALE)."""
    core = env.core
    ids: list[int] = []
    points: list[float] = []
    if core.to_act() is not None:
        tower = core.state.tower  # type: ignore[attr-defined]
        for action, move in core.legal().items():
            if move.kind == moves.PLAY:  # type: ignore[attr-defined]
                ids.append(action)
                points.append(rules.play_points(tower, move) / POINTS_SCALE)  # type: ignore[arg-type]
    return np.array(ids, dtype=np.int64), np.array(points, dtype=np.float32).reshape(-1, FEATURES)


@dataclass
class Decision:
    """Where an environment waits for a choice: observation, mask, and the plays' features."""

    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    ids: npt.NDArray[np.int64]
    feats: npt.NDArray[np.float32]


def decision(env: GamenightEnv, obs: Any, info: dict[str, Any]) -> Decision:
    return Decision(obs, info["action_mask"], *play_features(env))


def to_choice(env: GamenightEnv, obs: Any, info: dict[str, Any], done: bool) -> tuple[Decision, float, bool]:
    """Play the forced moves (one legal action) until a decision with a choice or the end;
    their rewards are summed."""
    total = 0.0
    while not done and int(info["action_mask"].sum()) == 1:
        obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        total += float(reward)
        done = term or trunc
    return decision(env, obs, info), total, done


def new_game(env: GamenightEnv, seed: int) -> tuple[Decision, int]:
    """Reset until a game has a decision with a choice (the next seed each time)."""
    while True:
        obs, info = env.reset(seed=seed)
        seed += 1
        now, _, done = to_choice(env, obs, info, False)
        if not done:
            return now, seed


Batch = tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]


def batch(decisions: list[Decision]) -> Batch:
    k = max(1, *(len(d.ids) for d in decisions))
    ids = np.zeros((len(decisions), k), dtype=np.int64)
    feats = np.zeros((len(decisions), k, FEATURES), dtype=np.float32)
    for i, d in enumerate(decisions):
        ids[i, : len(d.ids)] = d.ids
        feats[i, : len(d.ids)] = d.feats
    return (
        torch.as_tensor(np.stack([d.obs for d in decisions])),
        torch.as_tensor(np.stack([d.mask for d in decisions]), dtype=torch.bool),
        torch.as_tensor(ids),
        torch.as_tensor(feats),
    )


def pad_cat(parts: list[torch.Tensor]) -> torch.Tensor:
    """Concatenate along the batch, padding dimension 1 (the plays) with zeros."""
    k = max(p.shape[1] for p in parts)
    padded = []
    for p in parts:
        pad = [0, 0] * (p.dim() - 2) + [0, k - p.shape[1]]
        padded.append(nn.functional.pad(p, pad))
    return torch.cat(padded)


def evaluate(policy: Policy, opponent: str, games: int, seed: int) -> float:
    """The policy's mean return (its win rate, a shared win counting 1/2), taking the most
    likely legal action, over `games` fixed-seed games from a random seat."""
    env = GamenightEnv("highrise", opponents=opponent, seat="random", players=2)
    total = 0.0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        done = env.core.to_act() is None
        reward = float(info.get("returns", [0.0] * 2)[env.seat]) if done else 0.0
        while not done:
            with torch.no_grad():
                dist, _ = policy(*batch([decision(env, obs, info)]))
            obs, reward, term, trunc, info = env.step(int(dist.probs.argmax()))
            done = term or trunc
        total += float(reward)
    return total / games


def train(args: argparse.Namespace, on_eval: Callable[[Curve], None] | None = None) -> Curve:
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    n_envs = args.envs
    probe = GamenightEnv("highrise", players=2)
    obs_size, n_actions = probe.observation_space.shape[0], int(probe.action_space.n)
    policy = Policy(obs_size, n_actions, edges=len(probe.core.actions.edges))  # type: ignore[attr-defined]
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr, eps=1e-5)
    curve = Curve()
    total_steps = 0
    rollout = args.rollout
    start = time.time()

    def log_eval() -> None:
        r = evaluate(policy, "random", args.eval_games, seed=EVAL_SEEDS["random"])
        g = evaluate(policy, "greedy", args.eval_games, seed=EVAL_SEEDS["greedy"])
        curve.steps.append(total_steps)
        curve.vs_random.append(r)
        curve.vs_greedy.append(g)
        print(f"{total_steps:8d} steps  {time.time() - start:6.0f} s  win rate vs random {r:.3f}  vs greedy {g:.3f}")
        if on_eval is not None:
            on_eval(curve)

    log_eval()
    for phase, opponent in enumerate(("random", "greedy")):
        curve.phase_starts.append((total_steps, opponent))
        envs = [
            GamenightEnv("highrise", opponents=opponent, seat="random", reward=args.reward, players=2)
            for _ in range(n_envs)
        ]
        seeds = [args.seed * 10_000_000 + phase * 1_000_000 + i * 10_000 for i in range(n_envs)]
        now: list[Decision] = []
        for i, env in enumerate(envs):
            decision, seeds[i] = new_game(env, seeds[i])
            now.append(decision)
        next_eval = total_steps + args.eval_every
        phase_steps = args.random_steps if opponent == "random" else args.greedy_steps
        phase_start, phase_end = total_steps, total_steps + phase_steps
        running = torch.zeros(n_envs)
        while total_steps < phase_end:
            done_frac = (total_steps - phase_start) / phase_steps
            for group in optimizer.param_groups:
                group["lr"] = args.lr * (1.0 - 0.9 * done_frac)
            ent_coef = args.ent_coef * (1.0 - done_frac)
            b_obs, b_mask, b_ids, b_feats, b_act, b_logp, b_val, b_rew, b_done = [], [], [], [], [], [], [], [], []
            finished: list[float] = []
            for _ in range(rollout // n_envs):
                obs, mask, ids, feats = batch(now)
                with torch.no_grad():
                    dist, value = policy(obs, mask, ids, feats)
                    action = dist.sample()
                b_obs.append(obs)
                b_mask.append(mask)
                b_ids.append(ids)
                b_feats.append(feats)
                b_act.append(action)
                b_logp.append(dist.log_prob(action))
                b_val.append(value)
                rewards, dones = [], []
                for i, env in enumerate(envs):
                    o, r, term, trunc, info = env.step(int(action[i]))
                    now[i], more, done = to_choice(env, o, info, term or trunc)
                    if done:
                        now[i], seeds[i] = new_game(env, seeds[i])
                    rewards.append(float(r) + more)
                    dones.append(done)
                b_rew.append(torch.tensor(rewards, dtype=torch.float32))
                b_done.append(torch.tensor(dones, dtype=torch.float32))
                running += b_rew[-1]
                finished += [float(running[i]) for i in range(n_envs) if dones[i]]
                running *= 1.0 - b_done[-1]
                total_steps += n_envs
            with torch.no_grad():
                _, next_value = policy(*batch(now))
            # generalized advantage estimation, episode by episode
            steps = len(b_rew)
            advantages = torch.zeros(steps, n_envs)
            last = torch.zeros(n_envs)
            for t in reversed(range(steps)):
                nxt = next_value if t == steps - 1 else b_val[t + 1]
                nonterminal = 1.0 - b_done[t]
                delta = b_rew[t] + args.gamma * nxt * nonterminal - b_val[t]
                last = delta + args.gamma * args.lam * nonterminal * last
                advantages[t] = last
            returns = advantages + torch.stack(b_val)
            f_obs = torch.cat(b_obs)
            f_mask = torch.cat(b_mask)
            f_ids = pad_cat(b_ids)
            f_feats = pad_cat(b_feats)
            f_act = torch.cat(b_act)
            f_logp = torch.cat(b_logp)
            f_adv = advantages.reshape(-1)
            f_ret = returns.reshape(-1)
            n = f_obs.shape[0]
            for _ in range(args.epochs):
                order = torch.randperm(n)
                for lo in range(0, n, args.minibatch):
                    idx = order[lo : lo + args.minibatch]
                    dist, value = policy(f_obs[idx], f_mask[idx], f_ids[idx], f_feats[idx])
                    logp = dist.log_prob(f_act[idx])
                    ratio = (logp - f_logp[idx]).exp()
                    adv = f_adv[idx]
                    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                    pg = -torch.min(ratio * adv, ratio.clamp(1 - args.clip, 1 + args.clip) * adv).mean()
                    v_loss = 0.5 * (value - f_ret[idx]).pow(2).mean()
                    entropy = dist.entropy().mean()
                    loss = pg + args.vf_coef * v_loss - ent_coef * entropy
                    optimizer.zero_grad()
                    loss.backward()
                    nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                    optimizer.step()
            if args.verbose and finished:
                mean = float(np.mean(finished))
                print(f"{total_steps:8d} steps  training reward per game {mean:+.3f} ({len(finished)} games)")
            if total_steps >= next_eval or total_steps >= phase_end:
                log_eval()
                next_eval = total_steps + args.eval_every
    print(f"wall time {time.time() - start:.0f} s for {total_steps} learner steps")
    return curve


def plot(curve: Curve, path: Path, baseline: tuple[float, float], greedy: tuple[float, float]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    ax.plot(curve.steps, curve.vs_random, marker="o", ms=3, label="vs random")
    ax.plot(curve.steps, curve.vs_greedy, marker="s", ms=3, label="vs greedy")
    ax.axhline(baseline[0], color="C0", ls=":", lw=1, label=f"a random policy vs random ({baseline[0]:.2f})")
    ax.axhline(baseline[1], color="C1", ls=":", lw=1, label=f"a random policy vs greedy ({baseline[1]:.2f})")
    ax.axhline(greedy[0], color="C0", ls="--", lw=0.8, label=f"the greedy bot vs random ({greedy[0]:.2f})")
    ax.axhline(greedy[1], color="C1", ls="--", lw=0.8, label=f"the greedy bot vs greedy ({greedy[1]:.2f})")
    for start, opponent in curve.phase_starts:
        ax.axvline(start, color="grey", lw=0.8)
        ax.text(start, 1.01, f" training vs {opponent}", fontsize=8, va="bottom")
    ax.set_ylim(0, 1)
    ax.set_xlabel("learner steps")
    ax.set_ylabel("win rate (shared win = 1/2)")
    ax.set_title("Masked PPO on two-player Highrise (CPU)", pad=16)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)


EVAL_SEEDS = {"random": 10_000, "greedy": 20_000}  # the same games at every evaluation


def bot_win_rate(bot_name: str, opponent: str, games: int) -> float:
    """A gamenight bot in the learner's seat, on the evaluation's games: the baselines."""
    env = GamenightEnv("highrise", opponents=opponent, seat="random", players=2)
    bot = make_bot(bot_name, env.core.game)
    rng = random.Random(0)
    total = 0.0
    for g in range(games):
        env.reset(seed=EVAL_SEEDS[opponent] + g)
        reward, done = 0.0, env.core.to_act() is None
        while not done:
            state = env.core.state
            move = bot.choose(state.view(env.seat), state.legal_moves(), rng)
            _, reward, term, trunc, _ = env.step(env.core.actions.ids([move])[0])
            done = term or trunc
        total += float(reward)
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--random-steps", type=int, default=100_000, help="learner steps against random")
    parser.add_argument("--greedy-steps", type=int, default=100_000, help="then against greedy")
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--rollout", type=int, default=4096)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--vf-coef", type=float, default=0.5)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=10_000)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--reward", default="margin", choices=("margin", "returns"), help="the training reward (win rates are measured)"
    )
    parser.add_argument("--out", type=Path, default=Path("runs/train_highrise"), help="the output folder")
    parser.add_argument("--verbose", action="store_true", help="the training reward per game after each rollout")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    plot_path = args.out / "win_rates.png"
    start = time.time()
    baseline = (bot_win_rate("random", "random", args.eval_games), bot_win_rate("random", "greedy", args.eval_games))
    greedy = (bot_win_rate("greedy", "random", args.eval_games), bot_win_rate("greedy", "greedy", args.eval_games))
    print(f"on the evaluation's games, a random policy wins {baseline[0]:.3f} vs random, {baseline[1]:.3f} vs greedy")
    print(f"on the evaluation's games, the greedy bot wins {greedy[0]:.3f} vs random, {greedy[1]:.3f} vs greedy")
    curve = train(args, on_eval=lambda c: plot(c, plot_path, baseline, greedy))  # the plot so far, at each evaluation
    print(f"final: {curve.vs_random[-1]:.3f} vs random, {curve.vs_greedy[-1]:.3f} vs greedy")
    print(f"total wall time {time.time() - start:.0f} s")
    plot(curve, plot_path, baseline, greedy)
    with open(args.out / "curve.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["steps", "vs_random", "vs_greedy"])
        writer.writerows(zip(curve.steps, curve.vs_random, curve.vs_greedy, strict=True))
    print(f"wrote {plot_path} and {args.out / 'curve.csv'}")


if __name__ == "__main__":
    main()
