"""Fit Fireball Island's evaluation (heuristics.WEIGHTS) to games of four greedy players.

A search that stops a rollout early needs each seat's chance to win from where the pieces
stand. This script plays greedy games, keeps a few positions from each (with the seat who
went on to win), and fits a conditional logit: every seat scores the sum of its terms
(heuristics.TERMS: holding the jewel, spaces to its goal, cards, ...) times their weights,
and its chance is its share of exp(score). The fit maximises the likelihood of the
winners (Newton's method with a little ridge). It prints the weights to paste into
heuristics.py and, on games it did not fit, the log loss (nats; lower is better) of the
new weights, of the weights the module has now, and of a blind guess (ln 4).

    .venv/bin/python benchmarks/fit_evaluate.py --games 2000 --test-games 700   # the weights in heuristics.py
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island import heuristics

Array = npt.NDArray[np.float64]


def positions(games: int, seed: int, keep: float) -> tuple[Array, npt.NDArray[np.int64]]:
    """Terms of every seat at about `keep` of the decisions after the first round, and the winner."""
    game = make_game("fireball-island", {"players": 4})
    rows: list[list[list[float]]] = []
    winners: list[int] = []
    for number in range(games):
        rng = random.Random(f"{seed}:{number}")
        state = game.new_state()
        kept: list[list[list[float]]] = []
        while (seat := state.to_act()) is not None:
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            legal = state.legal_moves()
            view = state.view(None)
            if len(legal) > 1 and view["turns"] > 4 and rng.random() < keep:
                kept.append([heuristics.terms(view, s) for s in range(4)])
            state.apply(heuristics.greedy_move(state.view(seat), legal, rng))
        rows += kept
        winners += [state.winners()[0]] * len(kept)
    return np.array(rows), np.array(winners)


def log_loss(weights: Array, terms: Array, winners: npt.NDArray[np.int64]) -> float:
    scores = terms @ weights
    scores -= scores.max(axis=1, keepdims=True)
    chances = scores - np.log(np.exp(scores).sum(axis=1, keepdims=True))
    return float(-chances[np.arange(len(winners)), winners].mean())


def fit(terms: Array, winners: npt.NDArray[np.int64], ridge: float = 1e-3) -> Array:
    n, seats, k = terms.shape
    won = np.zeros((n, seats))
    won[np.arange(n), winners] = 1.0
    weights = np.zeros(k)
    for _ in range(50):
        scores = terms @ weights
        odds = np.exp(scores - scores.max(axis=1, keepdims=True))
        chances = odds / odds.sum(axis=1, keepdims=True)
        gradient = np.einsum("ns,nsk->k", chances - won, terms) / n + ridge * weights
        spread = terms - np.einsum("ns,nsk->nk", chances, terms)[:, None, :]
        hessian = np.einsum("ns,nsk,nsj->kj", chances, spread, spread) / n + ridge * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-9:
            break
    return weights


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games to fit on")
    parser.add_argument("--test-games", type=int, default=700, help="other games to measure the fit on")
    parser.add_argument("--keep", type=float, default=0.05, help="share of decisions kept as positions")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    terms, winners = positions(args.games, args.seed, args.keep)
    test_terms, test_winners = positions(args.test_games, args.seed + 1, args.keep)
    weights = fit(terms, winners)
    now = np.array([heuristics.WEIGHTS[t] for t in heuristics.TERMS])
    print(
        f"{len(winners)} positions from {args.games} games to fit, {len(test_winners)} from {args.test_games} to test"
    )
    print("WEIGHTS: Final = {")
    for term, weight in zip(heuristics.TERMS, weights, strict=True):
        print(f'    "{term}": {weight:.4f},')
    print("}")
    print(f"log loss on the test games: fitted {log_loss(weights, test_terms, test_winners):.4f},", end=" ")
    print(f"heuristics.WEIGHTS now {log_loss(now, test_terms, test_winners):.4f}, blind {math.log(4):.4f}")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
