"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), game-agnostic.

The bot sees only its view. Each iteration samples a full state that agrees with the view
(`game.sample_state(view, rng)`), then walks one shared tree of decisions from the root:
every seat's decisions are nodes, chance steps are sampled and not branched on. A move
is judged by the seat that makes it (each seat maximises its own result), with the
"availability" form of UCB, because which moves exist below the root depends on the sampled
hidden cards or tiles. After the tree, a rollout plays on (random moves, or the game's
greedy heuristic) to the end, or for `rollout_depth` decisions, after which the game's
`evaluate(state)` guesses the result if the game's heuristics offer one.

Three options bend the search towards the game's greedy player, which is what lets a few
hundred iterations beat it. `tree_depth=1` keeps the tree to the seat's own choice and lets
the greedy rollouts answer for everyone after it: flat Monte Carlo over a strong playout
policy, which Wildfire's and Highrise's `hard` use. `prior` tries greedy's move first at
every node and adds a bonus to it that fades with its visits (progressive bias). `widening`
lets a node's moves into the search a few at a time, greedy's favourites first, more as
its visits grow (progressive widening), which Wildstar's and Highrise's `hard` use.

The move played is the one searched most. A count of iterations stops early once that move
leads every other by more than the iterations left (`early_stop`): none could overtake it,
so the rest of the search would not change the choice.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.engine.chance import choose, sample
from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import CHANCE, Game, Move, State, View

ROLLOUTS = ("random", "greedy")
ROOTS = ("ucb", "halving")
MAX_ITERATIONS = 10_000_000
"""Hours of search for one move: more is a typing slip, and would look like a hang."""
MAX_SECONDS = 3600.0
"""An hour a move: a budget beyond it is a typing slip, and would look like a hang."""
MAX_WIDENING = 1000.0
"""Far more moves than any decision has: widening this wide is no widening at all."""


@dataclass(frozen=True)
class IsmctsOptions:
    iterations: int = 1000
    """Iterations per decision at most (ignored when `seconds` is set): see `early_stop`."""
    per_move: int | None = None
    """With this, a decision among k moves gets per_move * k iterations, at most `iterations`:
    a yes-or-no reaction needs less search than a choice among ten walks."""
    seconds: float | None = None
    """A time budget per decision instead of a count of iterations."""
    exploration: float = 0.7
    """UCB's exploration constant (returns are in [0, 1])."""
    root: str = "ucb"
    """How the root's moves share the iterations: "ucb", as at every node below; or "halving":
    sequential halving (Karnin, Koren & Somekh 2013) with paired samples, every move left
    in play tried on the same sampled states with the same chance draws, the worse half
    dropped after each round, so the luck of the deal cancels out between moves."""
    rollout: str = "random"
    """How a rollout chooses: "random" moves, or the game's "greedy" heuristic."""
    rollout_depth: int = 400
    """Decisions a rollout plays at most before the game's `evaluate` guesses the result."""
    margin: float = 0.0
    """How much of a playout's result is its score margin rather than the win: with m, a
    seat's result is (1 - m) * its share of the win + m * the game's `margin_result`
    (a point lead squashed into [0, 1]). A few hundred playouts tell moves apart better by
    how much they win or lose by than by the win alone."""
    prior: float = 0.0
    """How much the tree trusts the game's greedy heuristic (progressive bias, Chaslot et al.
    2008): at every decision in the tree the move greedy would play there is tried first and
    gets prior / (visits + 1) added to its UCB value, so a few hundred iterations refine the
    heuristic's choice instead of spreading over moves it would never consider. The bonus
    fades as playouts come in, so the search still leaves greedy when they say so."""

    widening: float = 0.0
    """Progressive widening (0: off): a decision visited n times searches only its first
    ceil(widening * sqrt(n + 1)) moves in the order of the game's `rank_moves` (greedy's
    favourites first), so a choice among dozens of moves (a star declared as any of ten
    numbers on any end) spends a few hundred iterations on the likely ones first and
    lets the rest in as the visits grow."""

    early_stop: bool = True
    """Stop a count of iterations early once the most searched move leads every other by more
    than the iterations left: none could then overtake it, so the move chosen is the one the
    whole count would choose, from the same generator (a decision the search finds clear
    takes less time; one it finds close, all of it). With `seconds` the search runs its time."""

    tree_depth: int = 0
    """Decisions the tree grows below the root at most (0: no limit). With 1 the search is
    flat: each of the seat's moves is judged by playouts alone, every later move made by
    the rollout policy (the opponents' too), which at a few hundred iterations can model
    them better than a thinly visited tree does."""

    def __post_init__(self) -> None:
        if not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ConfigError(f"iterations must be at least 1, at most {MAX_ITERATIONS:,}, not {self.iterations}")
        if self.per_move is not None and not 1 <= self.per_move <= MAX_ITERATIONS:
            raise ConfigError(f"per_move must be at least 1, at most {MAX_ITERATIONS:,}, not {self.per_move}")
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            raise ConfigError(f"seconds must be more than 0 and at most {MAX_SECONDS:g}, not {self.seconds}")
        if not self.exploration >= 0:  # written so that nan fails too
            raise ConfigError(f"exploration must be 0 or more, not {self.exploration}")
        if self.root not in ROOTS:
            raise ConfigError(f"root must be 'ucb' or 'halving', not {self.root!r}")
        if self.rollout not in ROLLOUTS:
            raise ConfigError(f"rollout must be 'random' or 'greedy', not {self.rollout!r}")
        if self.rollout_depth < 0:
            raise ConfigError(f"rollout_depth must be 0 or more, not {self.rollout_depth}")
        if not 0.0 <= self.margin <= 1.0:
            raise ConfigError(f"margin must be from 0 to 1, not {self.margin}")
        if not 0 <= self.widening <= MAX_WIDENING:
            raise ConfigError(f"widening must be 0 or more, at most {MAX_WIDENING:g}, not {self.widening}")
        if self.tree_depth < 0:
            raise ConfigError(f"tree_depth must be 0 or more, not {self.tree_depth}")
        if not self.prior >= 0:
            raise ConfigError(f"prior must be 0 or more, not {self.prior}")


class Node:
    __slots__ = ("seat", "visits", "reward", "won", "available", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose move leads here: the reward is counted for it
        self.visits = 0
        self.reward = 0.0  # what the search weighs: the win, with `margin` of the score's lead
        self.won = 0.0  # the win alone (the game's returns), for what a hint tells
        self.available = 1  # iterations in which this node's move was legal at its parent
        self.children: dict[Move, Node] = {}


class IsmctsBot:
    """Decides from the view only: every state it searches is sampled from the view."""

    name = "ismcts"

    def __init__(self, game: Game, options: IsmctsOptions | None = None) -> None:
        self.game = game
        self.options = options or IsmctsOptions()
        heuristics = game.heuristics()
        # A rollout plays sampled states, so it may read them directly: `rollout_move(state,
        # legal, rng)` is the greedy choice without the cost of building a view each move.
        self.greedy: Callable[[State, Sequence[Move], random.Random], Move] = getattr(
            heuristics,
            "rollout_move",
            lambda state, legal, rng: heuristics.greedy_move(state.view(state.to_act()), legal, rng),
        )
        self.evaluate: Callable[[State], list[float]] | None = getattr(heuristics, "evaluate", None)
        self.margin_result: Callable[[State], list[float]] | None = getattr(heuristics, "margin_result", None)
        self.rank: Callable[[State, Sequence[Move], random.Random], list[Move]] | None = getattr(
            heuristics, "rank_moves", None
        )
        if self.options.widening and self.rank is None:
            raise ConfigError(f"{game.spec.title} has no rank_moves: widening must be 0")
        if self.options.margin and self.margin_result is None:
            raise ConfigError(f"{game.spec.title} has no margin_result: margin must be 0")
        self.last_iterations = 0
        self.last_values: dict[Move, tuple[float, int]] = {}
        """After `choose`: each root move searched, with the seat's share of the win in the games
        searched with it (the game's own result, whatever `margin` the search weighed in; a
        playout cut short by `rollout_depth` counts the evaluation's chances), and how many
        games: a hint's figures (`bots/hints.py`)."""
        self._root_ranked: list[Move] | None = None  # the root's moves in rank order, for widening

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        self.last_values = {}
        if len(legal) == 1:
            return legal[0]
        root = Node(-1)
        self._root_ranked = None
        options = self.options
        deadline = None if options.seconds is None else time.perf_counter() + options.seconds
        budget = options.iterations
        if options.per_move is not None:
            budget = min(budget, options.per_move * len(legal))
        if options.root == "halving":
            return self._halving(root, view, legal, rng, budget, deadline)
        done = 0
        while True:
            state = self.game.sample_state(view, rng)
            self._iterate(root, state, legal, rng)
            done += 1
            if deadline is None:
                if done >= budget or (options.early_stop and 2 * done > budget and _decided(root, budget - done)):
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self.last_values = _means(root)
        # The most visited move: the robust choice. Ties go to the earlier legal move.
        return max(legal, key=lambda m: root.children[m].visits if m in root.children else -1)

    def _halving(
        self, root: Node, view: View, legal: Sequence[Move], rng: random.Random, budget: int, deadline: float | None
    ) -> Move:
        """Sequential halving at the root, each round on fresh samples shared by every move
        left: a move is compared with the others on the same deals and draws (common random
        numbers), which is what tells close moves apart in a game of luck. Below the root,
        the tree is searched as usual, from each move's own node."""
        seat = view["seat"]
        candidates = list(legal)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        done = 0

        def mean(move: Move) -> float:
            child = root.children[move]
            return child.reward / child.visits if child.visits else -math.inf

        for round_ in range(rounds):
            per_move = max(1, budget // (rounds * len(candidates)))
            samples = [(self.game.sample_state(view, rng), rng.getrandbits(64)) for _ in range(per_move)]
            for move in candidates:
                child = root.children.setdefault(move, Node(seat))
                for sampled, seed in samples:
                    state = sampled.clone()
                    state.apply(move)
                    self._iterate(child, state, None, random.Random(seed), depth=1)
                    done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if round_ < rounds - 1:
                # Stable sort: among equals the earlier legal move stays.
                candidates.sort(key=mean, reverse=True)
                candidates = candidates[: math.ceil(len(candidates) / 2)]
        self.last_iterations = done
        self.last_values = _means(root)
        return max(candidates, key=mean)

    def _iterate(
        self, root: Node, state: State, root_moves: Sequence[Move] | None, rng: random.Random, depth: int = 0
    ) -> None:
        """One iteration from `root`, which lies `depth` decisions below the search's root."""
        path = [root]
        node = root
        expanded = False
        limit = (self.options.tree_depth or math.inf) - depth
        while not expanded and len(path) <= limit and state.to_act() is not None:
            seat = state.to_act()
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            assert seat is not None
            legal = root_moves if node is root and root_moves is not None else state.legal_moves()
            if len(legal) == 1:
                state.apply(legal[0])  # a forced move is no choice: no node
                continue
            if self.rank is not None and self.options.widening:
                legal = self._widened(node, state, legal, rng, node is root and root_moves is not None)
            untried = []
            for move in legal:
                child = node.children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
            favoured = self.greedy(state, legal, rng) if self.options.prior else None
            if untried:
                move = favoured if favoured in untried else choose(untried, rng)
                child = node.children[move] = Node(seat)
                expanded = True
            else:
                move = self._select(node, legal, favoured)
                child = node.children[move]
            state.apply(move)
            node = child
            path.append(node)
        result, won = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += result[visited.seat]
                visited.won += won[visited.seat]

    def _widened(
        self, node: Node, state: State, legal: Sequence[Move], rng: random.Random, at_root: bool
    ) -> Sequence[Move]:
        """The moves progressive widening lets in at this node now: the best-ranked few,
        more as the node's visits grow. The root's order is worked out once: there the seat
        to move is the searcher, whose hand every sampled state shares."""
        k = math.ceil(self.options.widening * math.sqrt(node.visits + 1))
        if k >= len(legal):
            return legal
        assert self.rank is not None
        if not at_root:
            return self.rank(state, legal, rng)[:k]
        if self._root_ranked is None:
            self._root_ranked = self.rank(state, legal, rng)
        return self._root_ranked[:k]

    def _select(self, node: Node, legal: Sequence[Move], favoured: Move | None) -> Move:
        c = self.options.exploration
        best, best_value = legal[0], -math.inf
        for move in legal:
            child = node.children[move]
            value = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if move == favoured:
                value += self.options.prior / (child.visits + 1)
            if value > best_value:
                best, best_value = move, value
        return best

    def _rollout(self, state: State, rng: random.Random) -> tuple[list[float], list[float]]:
        """Play `state` out: (what the search weighs for each seat, each seat's share of the win)."""
        greedy = self.options.rollout == "greedy"
        left = self.options.rollout_depth
        while (seat := state.to_act()) is not None:
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            if left <= 0 and self.evaluate is not None:
                chances = self.evaluate(state)
                return chances, chances
            left -= 1
            legal = state.legal_moves()
            if len(legal) == 1:
                state.apply(legal[0])
            elif greedy:
                state.apply(self.greedy(state, legal, rng))
            else:
                state.apply(choose(legal, rng))  # (rng.choice's draw, in one C call when compiled)
        returns = state.returns()
        m = self.options.margin
        if m and self.margin_result is not None:
            return [(1 - m) * r + m * g for r, g in zip(returns, self.margin_result(state), strict=True)], returns
        return returns, returns


def _decided(root: Node, left: int) -> bool:
    """Whether the most visited of the root's moves leads every other by more than `left`
    visits: each iteration visits one root move, so in `left` more none could overtake it (a
    move not yet tried has 0). The choice, the most visited, is then made."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


def _means(root: Node) -> dict[Move, tuple[float, int]]:
    return {move: (child.won / child.visits, child.visits) for move, child in root.children.items() if child.visits}


def ismcts_options(values: dict[str, Any]) -> IsmctsOptions:
    from gamenight.engine.options import options_from_dict

    return options_from_dict(IsmctsOptions, values)
