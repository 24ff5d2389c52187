"""Learning from rollouts: a small PyTorch network learns where to depart from greedy, and beats it.

This is the recipe that beats the greedy bot in two-player Highrise and Wildstar (docs/rl.md,
"Beating greedy: learning from rollouts"). It is one step of approximate policy iteration
(Bertsekas's rollout algorithm, learned): greedy's play is improved by looking at what each
of its candidate moves leads to, and a network learns that improvement so that it plays it
without looking.

1. **Positions.** The greedy bot plays every seat of many games. At each decision with a
   choice, the candidates are the game's legal plays in greedy's order (`rank_view`), at
   most `K`, and their features (`candidate_features`): both read from the seat's view only
   (games/<game>/heuristics.py).
2. **Labels.** Each candidate gets a value: `N` states dealt at random from the seat's view
   (`game.sample_state`, what the hard bot searches), the candidate played in each, and the
   game played on by greedy for every seat. Every candidate is played out on the same `N`
   deals with the same random draws (common random numbers), so the differences between
   candidates are the moves', not the deals'. Highrise plays to the end and counts half the
   win and half the score margin (as `hard` does); Wildstar plays to the end of the hand
   (a game is ten) and counts the hand's points, ours against theirs.
3. **Learning.** A network of two hidden layers of 64 (ReLU) scores a candidate from its
   features. It learns each decision's values minus their mean (how much better or worse
   than the decision's average each candidate is): mean squared error, Adam.
4. **Playing.** The policy plays the best-scored candidate. It needs no search: a few
   microseconds of NumPy a decision (`gamenight.bots.learned.LearnedBot` plays the exported
   file).

The curve: labels are made in rounds of `--round` games on `--workers` processes; after each
round the network is trained again on everything so far and plays `--eval-games` paired games
against greedy on the curve's deals (each deal twice, the learner in each seat), beside
"greedy's choice" (the greedy bot in the learner's seat, on the same games). When the budget
is spent (`--minutes` of wall time from the start: labels, learning and the curve's games;
checked after each round), the last network plays `--final-games` paired games on held-out
deals (FINAL_SEED), which the curve never looked at. Written to
`--out`/<game>: `curve.csv`, `curve.png`, `model.pt`; `--export FILE` writes the network as
the `learned` bot reads it.

    pip install -e '.[rl,train]'
    python examples/learn_from_rollouts.py --game highrise --minutes 20
    python examples/learn_from_rollouts.py --game wildstar --minutes 30 --round 16 --eval-games 200
    python examples/learn_from_rollouts.py --game highrise --minutes 20 \
        --export src/gamenight/bots/policies/highrise-2p.npz
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

try:
    import torch
except ImportError:  # labelling needs no PyTorch: tests/envs/test_learn_from_rollouts.py labels without it
    torch = None

from gamenight.engine.chance import sample
from gamenight.engine.options import options_to_dict
from gamenight.engine.protocol import CHANCE, Game, Move, State
from gamenight.engine.registry import make_game

EVAL_SEED = 1_000_000
"""The curve's deals: seeds no labelled game uses (those draw theirs from `--seed`)."""
FINAL_SEED = 2_000_000
"""The last evaluation's deals, held out: never looked at while learning."""


def highrise_value(state: State, move: Move, rng: random.Random, greedy: Callable[..., Move], heuristics: Any) -> float:
    """`move` played, then the game to the end: half the win, half the score margin (`hard`'s
    judgement), for the seat that played it."""
    seat = state.to_act()
    assert seat is not None
    state.apply(move)
    play_out(state, rng, greedy, lambda: False)
    return 0.5 * state.returns()[seat] + 0.5 * heuristics.margin_result(state)[seat]


def wildstar_value(state: State, move: Move, rng: random.Random, greedy: Callable[..., Move], heuristics: Any) -> float:
    """`move` played, then the hand to its end: the points the other sides added, less ours,
    per 50 (the lowest count wins a Wildstar game, and a game is ten hands)."""
    seat = state.to_act()
    assert seat is not None
    hands = len(state.sheet)  # type: ignore[attr-defined]
    state.apply(move)
    play_out(state, rng, greedy, lambda: len(state.sheet) > hands)  # type: ignore[attr-defined]
    row = state.sheet[hands]  # type: ignore[attr-defined]
    ours = state.side(seat)  # type: ignore[attr-defined]
    return sum(points - row[ours] for side, points in enumerate(row) if side != ours) / 50


@dataclass(frozen=True)
class Setting:
    options: dict[str, Any]
    candidates: int  # K: greedy's best K plays are the candidates
    rollouts: int  # N: deals each candidate is played out on
    value: Callable[..., float]
    round: int  # games labelled between two points of the curve


SETTINGS = {
    # The rulebooks' basic games for two players: Highrise one hand, Wildstar ten.
    "highrise": Setting({"players": 2}, candidates=10, rollouts=48, value=highrise_value, round=400),
    "wildstar": Setting({"players": 2}, candidates=8, rollouts=16, value=wildstar_value, round=8),
}


def play_out(state: State, rng: random.Random, greedy: Callable[..., Move], done: Callable[[], bool]) -> None:
    while not done() and (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_moves()
        state.apply(legal[0] if len(legal) == 1 else greedy(state, legal, rng))


# --- labelling (in worker processes) ---------------------------------------------------------

_game: Game
_setting: Setting


def _start_worker(name: str) -> None:
    global _game, _setting
    if torch is not None:
        torch.set_num_threads(1)
    _setting = SETTINGS[name]
    _game = make_game(name, _setting.options)


def play_game(chance: random.Random, decide: Callable[[int, Any, list[Move]], Move]) -> State:
    """A game from its deal to its end: chance drawn from `chance`, a forced move played,
    every other decision `decide(seat, view, legal)`'s."""
    state = _game.new_state()
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), chance))
            continue
        legal = state.legal_moves()
        state.apply(legal[0] if len(legal) == 1 else decide(seat, state.view(seat), legal))
    return state


def label_games(seed: int, games: int) -> list[tuple[list[list[float]], list[float]]]:
    """Every decision with a choice in `games` greedy games: its candidates' features and values."""
    heuristics = _game.heuristics()
    rng = random.Random(seed)
    out = []

    def label_and_play(seat: int, view: Any, legal: list[Move]) -> Move:
        candidates = heuristics.rank_view(view, legal, rng)[: _setting.candidates]
        if len(candidates) > 1:
            out.append((heuristics.candidate_features(view, candidates), values(view, candidates, rng)))
        return heuristics.greedy_move(view, legal, rng)

    for _ in range(games):
        play_game(random.Random(rng.getrandbits(64)), label_and_play)
    return out


def values(view: Any, candidates: Sequence[Move], rng: random.Random) -> list[float]:
    heuristics = _game.heuristics()
    deals = [(_game.sample_state(view, rng), rng.getrandbits(64)) for _ in range(_setting.rollouts)]
    found = []
    for move in candidates:
        total = 0.0
        for dealt, seed in deals:
            total += _setting.value(dealt.clone(), move, random.Random(seed), heuristics.rollout_move, heuristics)
        found.append(total / len(deals))
    return found


# --- the network ------------------------------------------------------------------------------


def scorer(features: int, hidden: int = 64) -> Any:
    """The network: a candidate's features in, its score out (a column of one)."""
    return torch.nn.Sequential(
        torch.nn.Linear(features, hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, 1),
    )


def arrays(data: Sequence[tuple[list[list[float]], list[float]]], k: int, f: int) -> tuple[Any, ...]:
    x = np.zeros((len(data), k, f), np.float32)
    q = np.zeros((len(data), k), np.float32)
    mask = np.zeros((len(data), k), bool)
    for i, (features, vals) in enumerate(data):
        x[i, : len(vals)] = features
        q[i, : len(vals)] = vals
        mask[i, : len(vals)] = True
    return torch.tensor(x), torch.tensor(q), torch.tensor(mask)


def centred(v: Any, mask: Any) -> Any:
    mean = (v * mask).sum(1, keepdim=True) / mask.sum(1, keepdim=True)
    return (v - mean) * mask


def train(data: list[tuple[list[list[float]], list[float]]], k: int, seed: int, epochs: int) -> Any:
    torch.manual_seed(seed)
    f = len(data[0][0][0])
    x, q, mask = arrays(data, k, f)
    target = centred(q, mask)
    net = scorer(f)
    optimiser = torch.optim.Adam(net.parameters(), lr=3e-3)
    for _ in range(epochs):
        order = torch.randperm(len(x))
        for start in range(0, len(x), 256):
            batch = order[start : start + 256]
            error = centred(net(x[batch]).squeeze(-1), mask[batch]) - target[batch]
            loss = (error**2).sum() / mask[batch].sum()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    return net


# --- playing against greedy (in worker processes) ---------------------------------------------

_net: Any = None


def _start_player(name: str, weights: dict[str, Any] | None, features: int) -> None:
    global _net
    _start_worker(name)
    _net = None
    if weights is not None:
        _net = scorer(features)
        _net.load_state_dict(weights)


def learned_move(view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
    heuristics = _game.heuristics()
    candidates = heuristics.rank_view(view, legal, rng)[: _setting.candidates]
    if len(candidates) == 1 or _net is None:
        return candidates[0]  # greedy's choice
    with torch.no_grad():
        scores = _net(torch.tensor(heuristics.candidate_features(view, candidates))).squeeze(-1)
    return candidates[int(scores.argmax())]


def play_deal(deal: int, learner: int) -> float:
    """One game against greedy: the learner's result (1 a win, 1/2 shared, 0 a loss)."""
    greedy = _game.heuristics().greedy_move
    choices = random.Random(deal * 7 + 1)

    def decide(seat: int, view: Any, legal: list[Move]) -> Move:
        return learned_move(view, legal, choices) if seat == learner else greedy(view, legal, choices)

    return play_game(random.Random(deal), decide).returns()[learner]


def _play(job: tuple[int, int]) -> float:
    return play_deal(*job)


@dataclass
class Evaluation:
    games: int
    learner: float
    greedy: float
    gain: float
    low: float
    high: float


def evaluate(name: str, net: Any, first_deal: int, games: int, workers: int, features: int) -> Evaluation:
    """`games` paired games (each deal twice, the learner in each seat), and greedy's choice on
    the same games: both win rates, and the paired gain with its 95% interval."""
    deals = range(first_deal, first_deal + games // 2)
    jobs = [(deal, seat) for deal in deals for seat in (0, 1)]
    key = (name, first_deal, games)
    if key not in _greedy_results:
        _greedy_results[key] = _results(name, None, jobs, workers, features)
    greedy = _greedy_results[key]
    learner = greedy if net is None else _results(name, net.state_dict(), jobs, workers, features)
    gain = learner - greedy
    half = 1.96 * gain.std(ddof=1) / math.sqrt(len(gain))
    return Evaluation(len(jobs), learner.mean(), greedy.mean(), gain.mean(), gain.mean() - half, gain.mean() + half)


_greedy_results: dict[tuple[str, int, int], Any] = {}


def _results(
    name: str, weights: dict[str, Any] | None, jobs: list[tuple[int, int]], workers: int, features: int
) -> Any:
    """Each deal's mean result for the learner's seat, over its two games."""
    with Pool(workers, initializer=_start_player, initargs=(name, weights, features)) as pool:
        return np.array(pool.map(_play, jobs, chunksize=25)).reshape(-1, 2).mean(1)


# --- the run ----------------------------------------------------------------------------------


def rounds(name: str, seed: int, workers: int, per_round: int) -> Iterator[list[tuple[list[list[float]], list[float]]]]:
    """Labelled decisions, a round of games at a time, forever (the caller stops)."""
    job = 0
    split = min(per_round, 4 * workers)  # jobs a round: enough to keep every worker busy to its end
    per_job = max(1, per_round // split)
    with Pool(workers, initializer=_start_worker, initargs=(name,)) as pool:
        while True:
            jobs = [(seed * 1_000_003 + job + i, per_job) for i in range(split)]
            job += len(jobs)
            yield [d for part in pool.starmap(label_games, jobs) for d in part]


def export(path: Path, name: str, net: Any, data: list[tuple[list[list[float]], list[float]]]) -> None:
    """The network as the `learned` bot reads it, with a few inputs and the scores PyTorch gave
    them (a test checks NumPy gives the same)."""
    setting = SETTINGS[name]
    game = make_game(name, setting.options)
    heuristics = game.heuristics()
    layers = [m for m in net if isinstance(m, torch.nn.Linear)]
    arrays_ = {f"w{i}": layer.weight.detach().numpy() for i, layer in enumerate(layers)}
    arrays_ |= {f"b{i}": layer.bias.detach().numpy() for i, layer in enumerate(layers)}
    inputs = np.array([row for features, _ in data[:4] for row in features], np.float32)
    with torch.no_grad():
        scores = net(torch.tensor(inputs)).squeeze(-1).numpy()
    meta = {
        "game": name,
        "options": options_to_dict(game.options),
        "candidates": setting.candidates,
        "features": list(heuristics.CANDIDATE_FEATURES),
        "recipe": "examples/learn_from_rollouts.py",
        "decisions": len(data),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(path, **arrays_, inputs=inputs, scores=scores, meta=np.array(json.dumps(meta)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(SETTINGS), default="highrise")
    parser.add_argument("--minutes", type=float, default=20.0, help="wall-clock minutes to label and learn")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--round", type=int, help="games labelled between two points of the curve (Highrise 400, Wildstar 8)"
    )
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("runs/learn_from_rollouts"))
    parser.add_argument("--export", type=Path, help="also write the network for the learned bot here")
    args = parser.parse_args()
    torch.set_num_threads(1)
    setting = SETTINGS[args.game]
    features = len(make_game(args.game, setting.options).heuristics().CANDIDATE_FEATURES)
    out = args.out / args.game
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    data: list[tuple[list[list[float]], list[float]]] = []
    curve = []
    base = evaluate(args.game, None, EVAL_SEED, args.eval_games, args.workers, features)
    print(f"greedy's choice on the curve's {base.games} games: {base.greedy:.3f}", flush=True)
    net: Any = None
    labelling = 0.0
    for found in rounds(args.game, args.seed, args.workers, args.round or setting.round):
        data += found
        labelling = (time.perf_counter() - start) / 60
        net = train(data, setting.candidates, args.seed, args.epochs)
        e = evaluate(args.game, net, EVAL_SEED, args.eval_games, args.workers, features)
        curve.append({"minutes": round(labelling, 2), "decisions": len(data), **vars(e)})
        print(
            f"{labelling:6.1f} min  {len(data):7d} decisions  learner {e.learner:.3f}  greedy's choice {e.greedy:.3f}"
            f"  paired {e.gain:+.3f} ({e.low:+.3f} to {e.high:+.3f})",
            flush=True,
        )
        if labelling >= args.minutes:
            break
    assert net is not None
    with open(out / "curve.csv", "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(curve[0]))
        writer.writeheader()
        writer.writerows(curve)
    torch.save(net.state_dict(), out / "model.pt")
    plot(out / "curve.png", args.game, curve)
    final = evaluate(args.game, net, FINAL_SEED, args.final_games, args.workers, features)
    print(
        f"held-out deals, {final.games} games: learner {final.learner:.3f}, greedy's choice {final.greedy:.3f}, "
        f"paired gain {final.gain:+.3f} ({final.low:+.3f} to {final.high:+.3f}); "
        f"{labelling:.1f} min of labelling, {(time.perf_counter() - start) / 60:.1f} min in all",
        flush=True,
    )
    if args.export:
        export(args.export, args.game, net, data)
        print(f"exported to {args.export}")


def plot(path: Path, game: str, curve: list[dict[str, Any]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    minutes = [c["minutes"] for c in curve]
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.errorbar(
        minutes,
        [c["learner"] for c in curve],
        yerr=[[c["gain"] - c["low"] for c in curve], [c["high"] - c["gain"] for c in curve]],
        marker="o",
        capsize=3,
        label="learner against greedy (paired 95% interval)",
    )
    ax.plot(minutes, [c["greedy"] for c in curve], linestyle="--", label="greedy's choice, same games")
    ax.set_xlabel("wall-clock minutes from the start (labels, learning, the curve's games; 2 processes)")
    ax.set_ylabel("win rate against greedy")
    ax.set_title(f"Learning from rollouts: two-player {game.capitalize()}")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
