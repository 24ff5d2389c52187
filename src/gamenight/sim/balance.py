"""Balance: what a variant does to a game, measured over many bot games, with 95% intervals.

`run_balance` plays `games` games of each variant (the base options with one `--compare`
item on top) and reads every game's events (sim/balance_figures.py) into per-variant
statistics: win rate by seat, game and round lengths, how rounds end and why, scores, and
the game's own figures. Game `i` of every variant has the same seating (the arena's
rotation) and the same seed (the arena's `deal_seed(seed, i // seats)`), so variants with
the same number of seats are compared on the same deals.

Games go to any concurrent.futures.Executor (a process pool made here by default, a Dask
client's `get_executor()` for a cluster) in chunks of consecutive games. Results are taken
in game order whatever order they finish in (a few chunks are held until the earlier ones
arrive), so the statistics, files and sentences are the same for any workers or cluster;
only the timings differ. Each game's result goes to `on_game` (to be written to disk) and
into running sums: nothing grows with the number of games but a few histograms.

With `until_ci`, games are played in batches until every headline figure's 95% interval
(each seat's win rate and each place's in the turn order, each way a round ends) is narrower
than `until_ci`, or `games` is
reached; the check falls between batches, so it too is the same on any workers.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from gamenight.bots.registry import make_bot
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Event, Match
from gamenight.engine.options import options_to_dict
from gamenight.engine.protocol import Game
from gamenight.engine.record import Record
from gamenight.engine.registry import make_game
from gamenight.sim.arena import _worker_setup, deal_seed, parse_options, seating
from gamenight.sim.balance_figures import FIGURES, RATES, ROUND_FIGURES, Round, make_reader, reasons
from gamenight.sim.report import Z_95, wilson_interval

MAX_GAMES = 10_000_000
"""Per variant. Nothing is kept per game, so the limit is time, not memory."""
MAX_CHUNK = 50
CLUSTER_CHUNK = 200
"""Games per task on a cluster: a task's round trip costs milliseconds there, a game about 10 ms."""
CHUNKS_PER_WORKER = 8
FIRST_BATCH = 200
"""With --until-ci: games per variant before the first check (then the total doubles)."""

Progress = Callable[[int, int], None]
OnGame = Callable[["Played"], None]
WORKER_TIMEOUT = 60.0
"""Seconds a run waits on a cluster without a single worker before it stops (--worker-timeout)."""
POLL_SECONDS = 1.0
"""How often a run waiting on its games looks whether the cluster still has workers."""


class ClusterLost(RuntimeError):
    """Every worker of the cluster is gone, and none came back within the timeout."""


@dataclass(frozen=True)
class Variant:
    label: str
    """As given: "obligation_burns_out=true", or "rulebook" for the base options alone."""
    options: dict[str, Any]


@dataclass(frozen=True)
class BalanceConfig:
    game: str
    seats: tuple[str, ...]
    """One bot spec per seat; a variant with another number of players repeats the spec when
    every seat has the same one."""
    games: int
    """Per variant (the most, with `until_ci`)."""
    options: dict[str, Any] = field(default_factory=dict)
    variants: tuple[Variant, ...] = ()
    """Empty: the base options alone."""
    seed: int = 0
    until_ci: float | None = None
    records: bool = False
    baseline: str = ""
    """What the report compares: each variant against this one (its label; "": the first),
    or "all": every pair."""
    sweep: str = ""
    """The option the variants sweep (`--sweep`), for the plot of each figure against it."""

    @property
    def all_variants(self) -> tuple[Variant, ...]:
        return self.variants or (Variant("as given", {}),)

    def options_for(self, variant: int) -> dict[str, Any]:
        options = {**self.options, **self.all_variants[variant].options}
        options["players"] = len(self.seats_for(variant))
        return options

    def seats_for(self, variant: int) -> tuple[str, ...]:
        wanted = {**self.options, **self.all_variants[variant].options}.get("players")
        if wanted is None or wanted == len(self.seats):
            return self.seats
        if not isinstance(wanted, int) or isinstance(wanted, bool) or wanted < 1:
            raise ConfigError(f"players={wanted!r}: give a number of players")
        if len(set(self.seats)) == 1:
            return (self.seats[0],) * wanted
        raise ConfigError(
            f"players={wanted} but --seats names {len(self.seats)} different seats: give one bot for every seat"
        )


def parse_variants(items: Iterable[str]) -> tuple[Variant, ...]:
    """`["strategic=false", "strategic=true,rounds=1"]`: one variant each, options split by commas."""
    variants = []
    for item in items:
        parts = [p.strip() for p in item.split(",") if p.strip()]
        if not parts:
            raise ConfigError("--compare: an empty variant")
        variants.append(Variant(",".join(parts), parse_options(parts)))
    labels = [v.label for v in variants]
    if len(set(labels)) != len(labels):
        raise ConfigError(f"--compare: a variant is named twice ({', '.join(labels)})")
    return tuple(variants)


MAX_SWEEP = 50
"""Variants a sweep may make."""


def parse_sweep(item: str) -> tuple[str, tuple[Variant, ...]]:
    """`"players=2..6"`, `"target_score=100..300:50"` (integers, both ends included, a step
    after a colon) or `"fireball_mode=probabilistic,deterministic"` (a list): the option's
    name and one variant per value, in order."""
    name, sep, values = item.partition("=")
    name, values = name.strip(), values.strip()
    if not sep or not name or not values:
        raise ConfigError(f"--sweep {item}: give option=a..b (integers) or option=a,b,c")
    if ".." in values:
        span, _, step_text = values.partition(":")
        low_text, _, high_text = span.partition("..")
        try:
            low, high, step = int(low_text), int(high_text), int(step_text or 1)
        except ValueError:
            raise ConfigError(f"--sweep {item}: a..b takes integers, a..b:step a step too") from None
        if step < 1 or high < low:
            raise ConfigError(f"--sweep {item}: give a <= b and a step of 1 or more")
        items = [str(x) for x in range(low, high + 1, step)]
    else:
        items = [v.strip() for v in values.split(",") if v.strip()]
    if len(items) < 2:
        raise ConfigError(f"--sweep {item}: a sweep needs two values or more")
    if len(items) > MAX_SWEEP:
        raise ConfigError(f"--sweep {item}: {len(items)} values, at most {MAX_SWEEP}")
    return name, parse_variants(f"{name}={v}" for v in items)


def check_config(config: BalanceConfig) -> list[Game]:
    """Each variant's game, its bots tried once: ConfigError now rather than in a worker later."""
    if not 1 <= config.games <= MAX_GAMES:
        raise ConfigError(f"--games {config.games}: play at least one game and at most {MAX_GAMES:,} a variant")
    if config.until_ci is not None and not 0 < config.until_ci < 1:
        raise ConfigError(f"--until-ci {config.until_ci}: give a width between 0 and 1, e.g. 0.02")
    if not config.seats:
        raise ConfigError("--seats: name at least one bot")
    labels = [v.label for v in config.all_variants]
    if config.baseline not in ("", "all", *labels):
        raise ConfigError(f"--baseline {config.baseline}: give one of the variants ({', '.join(labels)}) or 'all'")
    if any(s.strip().lower() == "human" for s in config.seats):
        raise ConfigError("--seats: balance reports seat bots only (no human)")
    games = []
    for v, variant in enumerate(config.all_variants):
        try:
            game = make_game(config.game, config.options_for(v))
        except ConfigError as exc:
            raise ConfigError(f"variant {variant.label}: {exc}") from None
        for spec in dict.fromkeys(config.seats_for(v)):
            try:
                make_bot(spec, game)
            except ConfigError as exc:
                raise ConfigError(f"--seats: {exc}") from None
        games.append(game)
    return games


# -- one game -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """One game of one variant, as its events tell it."""

    variant: int
    index: int
    deal: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    returns: tuple[float, ...]
    decisions: tuple[int, ...]
    """Per seat: moves chosen (forced ones included)."""
    turns: int
    steps: int
    rounds: tuple[Round, ...]
    figures: dict[str, float]
    first: int = 0
    """The seat that made the game's first decision: place 1 in the turn order (the first
    player is not always P1: Wildfire's and Wildstar's deals and Fireball Island's first rolls
    choose)."""
    record: Record | None = None


def play_game(config: BalanceConfig, game: Game, variant: int, index: int) -> Played:
    seats = seating(config.seats_for(variant), index)
    # Every game its own deal (the same bots in every seat would otherwise play one game n
    # times), and game i of every variant the same deal: variants are paired, not seats.
    deal = index
    seed = deal_seed(config.seed, deal)
    agents = [make_bot(spec, game) for spec in seats]
    match = Match(game, agents, seed)
    reader = make_reader(game.spec.name, len(seats))
    decisions = [0] * len(seats)
    first: list[int] = []

    def told(event: Event) -> None:
        if event.seat >= 0:
            decisions[event.seat] += 1
            if not first:
                first.append(event.seat)
        reader.step(event.seat, event.public, event.state.scores)

    record = match.run(told)
    state = match.state
    scores, returns = state.scores(), state.returns()
    reading = reader.finish(scores, returns)
    return Played(
        variant=variant,
        index=index,
        deal=deal,
        seed=seed,
        seats=seats,
        scores=tuple(scores),
        returns=tuple(float(r) for r in returns),
        decisions=tuple(decisions),
        turns=reading.turns,
        steps=len(record.steps),
        rounds=tuple(reading.rounds),
        figures=reading.figures,
        first=first[0] if first else 0,
        record=record if config.records else None,
    )


Task = tuple[int, int]
"""(variant, game index)."""


def play_chunk(config: BalanceConfig, tasks: Sequence[Task]) -> list[Played]:
    """A worker's task: these games, each variant's game made once."""
    return list(play_each(config, tasks))


def play_each(config: BalanceConfig, tasks: Sequence[Task]) -> Iterator[Played]:
    """These games one by one, as each finishes (in this process: the progress bar moves,
    and an interrupt loses only the game being played)."""
    games: dict[int, Game] = {}
    for variant, index in tasks:
        if variant not in games:
            games[variant] = make_game(config.game, config.options_for(variant))
        yield play_game(config, games[variant], variant, index)


# -- statistics ----------------------------------------------------------------------------------


class Running:
    """Count, mean and standard deviation, one value at a time (Welford), and the 95% interval
    of the mean (normal: the games are many)."""

    __slots__ = ("high", "low", "m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.low = math.inf
        self.high = -math.inf

    def add(self, x: float) -> None:
        self.n += 1
        self.low = min(self.low, x)
        self.high = max(self.high, x)
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    @property
    def sd(self) -> float:
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    def json(self) -> dict[str, Any]:
        if self.n == 0:
            return {"n": 0, "mean": 0.0, "sd": 0.0, "ci95": [0.0, 0.0]}
        half = Z_95 * self.sd / math.sqrt(self.n) if self.n > 1 else 0.0
        # Never past what was seen: a count's interval does not go below 0.
        low, high = max(self.low, self.mean - half), min(self.high, self.mean + half)
        return {"n": self.n, "mean": _r(self.mean), "sd": _r(self.sd), "ci95": [_r(low), _r(high)]}


def proportion(k: float, n: int) -> dict[str, Any]:
    low, high = wilson_interval(k, n)
    return {"k": _r(k), "n": n, "p": _r(k / n) if n else 0.0, "ci95": [_r(low), _r(high)]}


def _r(x: float) -> float:
    return round(x, 6)


class VariantStats:
    """Running sums of one variant's games, in game order."""

    def __init__(self, game: str, seats: int, partners: bool) -> None:
        self.game = game
        self.seats = seats
        self.partners = partners
        self.games = 0
        self.wins = [0.0] * seats
        self.wins_by_order = [0.0] * seats
        """By place in the turn order: [0] the first player's wins, [1] the next seat's, ..."""
        self.undecided = 0
        self.team_a_wins = 0.0
        self.lengths = {k: Running() for k in ("game_decisions", "game_turns", "game_steps", "rounds_per_game")}
        self.round_lengths = {k: Running() for k in ("round_decisions", "round_turns")}
        self.ends: Counter[str] = Counter()
        self.rounds = 0
        self.final_score = Running()
        self.seat_score = [Running() for _ in range(seats)]
        self.round_points = Running()
        self.figures = {k: Running() for k in FIGURES.get(game, {})}
        self.totals: Counter[str] = Counter()
        self.round_figures = {k: Running() for k in ROUND_FIGURES.get(game, {})}
        self.hist: dict[str, Counter[int]] = {
            k: Counter() for k in ("game_decisions", "game_turns", "round_decisions", "round_turns", "final_score")
        }
        self.hist_round_points: Counter[int] = Counter()
        self.round_hist = {k: Counter[int]() for k in ROUND_FIGURES.get(game, {})}

    def add(self, g: Played) -> None:
        self.games += 1
        n = len(g.returns)
        for s, r in enumerate(g.returns):
            self.wins[s] += r
            self.wins_by_order[(s - g.first) % n] += r
        if not any(r > 0 for r in g.returns):
            self.undecided += 1
        if self.partners:
            self.team_a_wins += 1.0 if any(r > 0 for s, r in enumerate(g.returns) if s % 2 == 0) else 0.0
        decisions = sum(g.decisions)
        for key, value in (
            ("game_decisions", decisions),
            ("game_turns", g.turns),
            ("game_steps", g.steps),
            ("rounds_per_game", len(g.rounds)),
        ):
            self.lengths[key].add(value)
        self.hist["game_decisions"][decisions] += 1
        self.hist["game_turns"][g.turns] += 1
        for s, score in enumerate(g.scores):
            self.final_score.add(score)
            self.seat_score[s].add(score)
            self.hist["final_score"][score] += 1
        for rd in g.rounds:
            self.rounds += 1
            self.ends[rd.end] += 1
            self.round_lengths["round_decisions"].add(rd.decisions)
            self.round_lengths["round_turns"].add(rd.turns)
            self.hist["round_decisions"][rd.decisions] += 1
            self.hist["round_turns"][rd.turns] += 1
            for p in rd.points:
                self.round_points.add(p)
                self.hist_round_points[p] += 1
            for key, stat in self.round_figures.items():
                figure = rd.figures.get(key, 0.0)
                stat.add(figure)
                self.round_hist[key][int(figure)] += 1
        for key, stat in self.figures.items():
            stat.add(g.figures.get(key, 0.0))
        self.totals.update({k: v for k, v in g.figures.items()})
        self.totals["turns"] += g.turns

    def headline_widths(self) -> list[float]:
        widths = []
        for w in self.wins + self.wins_by_order:
            low, high = wilson_interval(w, self.games)
            widths.append(high - low)
        for reason in reasons(self.game):
            low, high = wilson_interval(self.ends[reason], self.rounds)
            widths.append(high - low)
        return widths

    def json(self) -> dict[str, Any]:
        blocked = sum(c for e, c in self.ends.items() if e.startswith("blocked"))
        out: dict[str, Any] = {
            "games": self.games,
            "rounds": self.rounds,
            "win_rate_by_seat": [proportion(w, self.games) for w in self.wins],
            "win_rate_by_turn_order": [proportion(w, self.games) for w in self.wins_by_order],
            "undecided": proportion(self.undecided, self.games),
            "lengths": {k: v.json() for k, v in {**self.lengths, **self.round_lengths}.items()},
            "ends": {reason: proportion(self.ends[reason], self.rounds) for reason in reasons(self.game)},
            "blocked": proportion(blocked, self.rounds),
            "scores": {
                "final": self.final_score.json(),
                "final_by_seat": [r.json() for r in self.seat_score],
                "round_points": self.round_points.json(),
            },
            "figures": {k: v.json() for k, v in self.figures.items()},
            "rates": {
                name: proportion(self.totals[num], int(self.totals[den]))
                for name, (num, den) in RATES.get(self.game, {}).items()
            },
            "round_figures": {k: v.json() for k, v in self.round_figures.items()},
            "histograms": {
                **{k: _hist(v) for k, v in self.hist.items()},
                "round_points": _hist(self.hist_round_points),
                **{f"round_{k}": _hist(v) for k, v in self.round_hist.items()},
            },
        }
        if self.partners:
            out["team_a_win_rate"] = proportion(self.team_a_wins, self.games)
        return out


def _hist(counter: Counter[int]) -> dict[str, int]:
    return {str(k): counter[k] for k in sorted(counter)}


# -- the run ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BalanceResult:
    config: BalanceConfig
    variants: list[dict[str, Any]]
    """Per variant: its label, options (resolved), seats and statistics (VariantStats.json)."""
    games: int
    """Games per variant played."""
    workers: int
    wall_seconds: float
    where: str
    """"this process", "N local processes" or the cluster's address."""

    def summary(self) -> dict[str, Any]:
        """Everything the report says, and the config: the same for any workers or cluster."""
        config = self.config
        return {
            "game": config.game,
            "seats": list(config.seats),
            "options": config.options,
            "seed": config.seed,
            "games_per_variant": self.games,
            "until_ci": config.until_ci,
            "baseline": config.baseline,
            "sweep": config.sweep,
            "variants": self.variants,
        }


def chunk_size(total: int, workers: int, cap: int = MAX_CHUNK) -> int:
    return max(1, min(cap, total // (workers * CHUNKS_PER_WORKER)))


def run_balance(
    config: BalanceConfig,
    workers: int | None = None,
    progress: Progress | None = None,
    on_game: OnGame | None = None,
    *,
    executor: Executor | None = None,
    chunk: int | None = None,
    where: str = "",
    resumed: Sequence[Played] = (),
    alive: Callable[[], int] | None = None,
    worker_timeout: float = WORKER_TIMEOUT,
) -> BalanceResult:
    """Play every variant's games (in a pool of `workers` processes made here, 1: this process;
    or in the caller's `executor`, which plays `workers` at once) and sum them up. `resumed`:
    the run's first games, played before (GameLog's `resumed`), counted and not played again.
    `alive`: how many workers the executor has now (a cluster's); with none for `worker_timeout`
    seconds the run stops with ClusterLost, the games finished so far given to `on_game`."""
    games = check_config(config)
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise ConfigError(f"--workers {workers}: give 1 or more")
    n_variants = len(config.all_variants)
    stats = [
        VariantStats(
            config.game,
            len(config.seats_for(v)),
            bool(getattr(games[v].options, "partners", False)),
        )
        for v in range(n_variants)
    ]
    start = time.perf_counter()
    done = 0
    target = config.games * n_variants

    def finished(g: Played) -> None:
        nonlocal done
        stats[g.variant].add(g)
        if on_game is not None:
            on_game(g)
        done += 1
        if progress is not None:
            progress(done, target)

    pool: Executor | None = executor
    own_pool = None
    before = set(multiprocessing.active_children())
    if pool is None and workers > 1:
        own_pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_setup
        )
        pool = own_pool
    for g in resumed:
        stats[g.variant].add(g)
        done += 1
    if progress is not None and resumed:
        progress(done, target)
    skip = len(resumed)
    played = 0
    try:
        for upto in _batches(config):
            tasks = [(v, i) for i in range(played, upto) for v in range(n_variants)]
            tasks, skip = tasks[skip:], max(0, skip - len(tasks))
            size = chunk or chunk_size(len(tasks), workers, CLUSTER_CHUNK if executor is not None else MAX_CHUNK)
            if pool is None:
                for g in play_each(config, tasks):
                    finished(g)
            elif tasks:
                _play_in(pool, config, tasks, size, workers, finished, alive, worker_timeout)
            played = upto
            if config.until_ci is not None and all(w < config.until_ci for s in stats for w in s.headline_widths()):
                break
    except BaseException:
        if own_pool is not None:
            # Ctrl-C or a worker's error: end the games being played now (Python 3.11's pool cannot).
            for process in set(multiprocessing.active_children()) - before:
                process.terminate()
            own_pool.shutdown(wait=True, cancel_futures=True)
        raise
    if own_pool is not None:
        own_pool.shutdown(wait=True)
    wall = time.perf_counter() - start
    variants = []
    for v, variant in enumerate(config.all_variants):
        variants.append(
            {
                "label": variant.label,
                "given": variant.options,
                "options": options_to_dict(games[v].options),
                "seats": list(config.seats_for(v)),
                **stats[v].json(),
            }
        )
    used = 1 if pool is None else workers
    if not where:
        where = "this process" if pool is None else f"{workers} local processes" if own_pool else "an executor"
    return BalanceResult(config, variants, played, used, wall, where)


def _batches(config: BalanceConfig) -> Iterator[int]:
    """Games per variant to have played after each batch."""
    if config.until_ci is None:
        yield config.games
        return
    upto = min(FIRST_BATCH, config.games)
    while True:
        yield upto
        if upto >= config.games:
            return
        upto = min(2 * upto, config.games)


def _play_in(
    executor: Executor,
    config: BalanceConfig,
    tasks: list[Task],
    size: int,
    workers: int,
    finished: Callable[[Played], None],
    alive: Callable[[], int] | None = None,
    worker_timeout: float = WORKER_TIMEOUT,
) -> None:
    """Play `tasks` in chunks of `size` in `executor`, each result to `finished` in task order.
    A few chunks per worker are out at once, and no more are sent while the earliest one is
    awaited beyond a window, so the results held for ordering stay few. With `alive`, a wait
    with no chunk back looks at the workers: none for `worker_timeout` seconds is ClusterLost
    (a Dask scheduler without workers keeps its tasks waiting for ever)."""
    chunks = [tasks[i : i + size] for i in range(0, len(tasks), size)]
    window = max(4, 4 * workers)
    pending: dict[Future[list[Played]], int] = {}
    arrived: dict[int, list[Played]] = {}
    sent = 0
    taken = 0
    lost_since: float | None = None
    try:
        while taken < len(chunks):
            while sent < len(chunks) and len(pending) < 2 * workers and sent - taken < window:
                pending[executor.submit(play_chunk, config, chunks[sent])] = sent
                sent += 1
            done, _ = wait(list(pending), timeout=None if alive is None else POLL_SECONDS, return_when=FIRST_COMPLETED)
            if alive is not None:  # a chunk back, or a worker seen, starts the count again
                if done or alive() > 0:
                    lost_since = None
                elif lost_since is None:
                    lost_since = time.monotonic()
                elif time.monotonic() - lost_since >= worker_timeout:
                    raise ClusterLost(f"every worker of the cluster is gone, none back in {worker_timeout:g} s")
            for future in done:
                index = pending.pop(future)
                try:
                    arrived[index] = future.result()
                except Exception:
                    if alive is None or alive() > 0:
                        raise  # the chunk's own fault
                    # Its worker is gone (Dask cancels or fails what it held): the chunk goes out
                    # again, to be played by a worker that comes back, or ClusterLost in time.
                    pending[executor.submit(play_chunk, config, chunks[index])] = index
            while taken in arrived:
                for g in arrived.pop(taken):
                    finished(g)
                taken += 1
    except BaseException:
        for future in pending:
            future.cancel()
        raise
