"""The arena: many games of one game between bots, seats rotated and deals paired.

Game `i` (0-based) of an arena with `n` seats is played in rotation `r = i % n`: seat `s`
is taken by the spec `seats[(s + r) % n]`, so over every `n` games each spec sits in each
seat once. Those `n` games share one deal: their seed comes from the arena's seed and the
deal number `i // n` only ("duplicate" style: the same tiles or cards, dealt to every
bot in turn, so luck of the deal cancels out in pairs).

Everything a game does follows from its index and the arena's config, and results are
sorted by index before they are summarized, so the number of worker processes (or the
executor a caller gives) changes only how fast the arena runs (and its timings), never what
it reports.
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.connection
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

from gamenight.bots.registry import make_bot
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Agent, Event, Match
from gamenight.engine.options import name_value, options_to_dict
from gamenight.engine.protocol import Game, Move, View
from gamenight.engine.registry import make_game
from gamenight.sim.report import summarize
from gamenight.sim.results import ArenaConfig, ArenaResult, GameResult

SEED_PREFIX = "gamenight-arena"
MAX_CHUNK = 25
CHUNKS_PER_WORKER = 8
MAX_GAMES = 1_000_000
"""Every game's result is kept for the statistics: a million is a few hundred megabytes."""

Progress = Callable[[int, int], None]
"""Called as games finish: (games done, games in all)."""

OnGame = Callable[[GameResult], None]
"""Called with each game's result as it finishes (in the order games finish)."""


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal `deal`: string seeding hashes the text (SHA-512), the same on every machine."""
    return random.Random(f"{SEED_PREFIX}:{seed}:{deal}").getrandbits(63)


def seating(seats: Sequence[str], index: int) -> tuple[str, ...]:
    """Who sits where in game `index`: rotation `index % n`."""
    n = len(seats)
    rotation = index % n
    return tuple(seats[(s + rotation) % n] for s in range(n))


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """`["rounds=1", "strategic=true", "tie_break=share"]` -> {"rounds": 1, "strategic": True, "tie_break": "share"}.

    A value is read as JSON, else taken as the text itself, so words need no quotes."""
    options: dict[str, Any] = {}
    for item in items:
        key, text = name_value(item, "option", "-o rounds=1")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    return options


def parse_seat_specs(text: str) -> tuple[str, ...]:
    """`"hard,greedy"` -> ("hard", "greedy"): one bot spec per seat."""
    seats = tuple(s.strip() for s in text.split(","))
    if any(not s for s in seats):
        raise ConfigError("--seats: an empty seat (two commas, or one at an end)")
    return seats


def check_config(config: ArenaConfig) -> Game:
    """The game `config` names, its bots tried once: ConfigError now rather than in a worker later."""
    if not 1 <= config.games <= MAX_GAMES:
        raise ConfigError(f"--games {config.games}: play at least one game and at most {MAX_GAMES:,}")
    if not config.seats:
        raise ConfigError("--seats: name at least one bot")
    for spec in config.seats:
        if spec.strip().lower() == "human":
            raise ConfigError("--seats: the arena seats bots only (no human)")
    players = config.options.get("players", len(config.seats))
    if players != len(config.seats):
        raise ConfigError(f"option players={players!r} but --seats names {len(config.seats)} seats")
    game = make_game(config.game, config.game_options())
    for spec in config.entrants:
        try:
            make_bot(spec, game)
        except ConfigError as exc:
            raise ConfigError(f"--seats: {exc}") from None
    return game


class TimedAgent:
    """A bot, timed: the seconds of each real decision (a forced move is no decision)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = 0
        self.think: list[float] = []

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        self.decisions += 1
        if len(legal) <= 1:
            return self.agent.choose(view, legal, rng)
        start = time.perf_counter()
        move = self.agent.choose(view, legal, rng)
        self.think.append(time.perf_counter() - start)
        return move


def play_game(config: ArenaConfig, game: Game, index: int) -> GameResult:
    """Game `index` of the arena: its seating and seed follow from the index alone."""
    seats = seating(config.seats, index)
    deal = index // len(seats)
    seed = deal_seed(config.seed, deal)
    # Fresh bots for every game: a bot that kept anything between games would make a game's
    # result depend on which games its process happened to play before.
    agents = [TimedAgent(make_bot(spec, game)) for spec in seats]
    match = Match(game, agents, seed, words=False)  # nothing here reads an event's words
    first: list[int] = []

    def told(event: Event) -> None:
        if event.seat >= 0 and not first:
            first.append(event.seat)

    record = match.run(told)
    state = match.state
    return GameResult(
        index=index,
        deal=deal,
        seed=seed,
        seats=seats,
        scores=tuple(state.scores()),
        returns=tuple(float(r) for r in state.returns()),
        decisions=tuple(a.decisions for a in agents),
        steps=len(record.steps),
        think=tuple(tuple(a.think) for a in agents),
        record=record if config.records else None,
        first=first[0] if first else 0,
    )


def play_chunk(config: ArenaConfig, indices: Sequence[int]) -> list[GameResult]:
    """A worker's task: the games `indices`, with the game made once for all of them."""
    game = make_game(config.game, config.game_options())
    return [play_game(config, game, i) for i in indices]


def chunk_size(games: int, workers: int) -> int:
    # Small enough that every worker gets several chunks (the last ones finish together, and
    # the progress bar moves), large enough that sending results back costs little.
    return max(1, min(MAX_CHUNK, games // (workers * CHUNKS_PER_WORKER)))


def run_arena(
    config: ArenaConfig,
    workers: int | None = None,
    progress: Progress | None = None,
    on_game: OnGame | None = None,
    *,
    executor: Executor | None = None,
    resumed: Sequence[GameResult] = (),
) -> ArenaResult:
    """Play the arena's games and summarize them.

    By default in a pool of `workers` processes made here and ended when the arena ends (1: in
    this process; default: the number of CPUs). Given an `executor` (any
    concurrent.futures.Executor: a thread or process pool, a Dask client's executor), the games
    are played in it instead, `workers` saying how many it plays at once (default: the number
    of CPUs); it stays the caller's, running when the arena ends. The results are the same
    either way. ConfigError for a bad config, before any game. `on_game` sees each result as
    its game finishes, so a caller can keep it on disk. `resumed`: games played before (a
    GameLog's, read back), counted and not played again: a game's result depends on its
    index alone, so the arena's result is the one an arena never stopped gives."""
    game = check_config(config)
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise ConfigError(f"--workers {workers}: give 1 or more")
    start = time.perf_counter()
    results: list[GameResult] = list(resumed)
    done = {g.index for g in results}
    todo = [i for i in range(config.games) if i not in done]

    def finished(result: GameResult) -> None:
        results.append(result)
        if on_game is not None:
            on_game(result)
        if progress is not None:
            progress(len(results), config.games)

    if progress is not None and results:
        progress(len(results), config.games)
    if executor is not None:
        used = _play_in(executor, config, todo, workers, finished)
    elif workers == 1 or not todo:
        for i in todo:
            finished(play_game(config, game, i))
        used = 1
    else:
        used = _run_pool(config, todo, workers, finished)
    wall = time.perf_counter() - start
    results.sort(key=lambda r: r.index)
    return ArenaResult(
        config=config,
        options=options_to_dict(game.options),
        games=tuple(results),
        summary=summarize(results, config.seats),
        workers=used,
        wall_seconds=wall,
    )


def _busy(games: int, workers: int) -> int:
    """How many of `workers` get a chunk: no more than there are chunks."""
    return min(workers, -(-games // chunk_size(games, workers)))


def _run_pool(config: ArenaConfig, todo: Sequence[int], workers: int, finished: Callable[[GameResult], None]) -> int:
    """Play the games `todo` in a pool of `workers` processes; the number of processes used."""
    used = _busy(len(todo), workers)
    before = set(multiprocessing.active_children())
    # "spawn": a fresh interpreter per worker, the same on every platform, and no fork of a
    # process that may hold threads (Rich's progress bar refreshes from one).
    pool = ProcessPoolExecutor(
        max_workers=used, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_setup
    )
    try:
        _play_in(pool, config, todo, workers, finished)
    except BaseException:
        # Ctrl-C, SIGTERM or a worker's error: stop the games being played now rather than wait
        # for them (Python 3.11's executor cannot, so its workers are ended here).
        for process in set(multiprocessing.active_children()) - before:
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return used


def _play_in(
    executor: Executor, config: ArenaConfig, todo: Sequence[int], workers: int, finished: Callable[[GameResult], None]
) -> int:
    """Play the games `todo` in `executor`, which plays `workers` at once, each result to
    `finished` as its chunk comes back; how many workers had a chunk. On any error (Ctrl-C too)
    the chunks not started are cancelled, and the executor is left to its owner."""
    size = chunk_size(len(todo), workers)
    starts = iter(range(0, len(todo), size))
    pending: set[Future[list[GameResult]]] = set()

    def submit_next() -> None:
        # Chunks are handed out as workers free up: a few queued per worker, never all at once.
        first = next(starts, None)
        if first is not None:
            pending.add(executor.submit(play_chunk, config, list(todo[first : first + size])))

    used = _busy(len(todo), workers)
    try:
        for _ in range(2 * used):
            submit_next()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                pending.discard(future)
                for result in future.result():
                    finished(result)
                submit_next()
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return used


def _worker_setup() -> None:
    """In each worker: Ctrl-C is the parent's to handle (it ends the workers), and a worker
    whose parent is gone, even killed with SIGKILL, exits instead of waiting for work forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def exit_with_parent() -> None:
        multiprocessing.connection.wait([sentinel])  # ready when the parent has exited
        os._exit(1)

    threading.Thread(target=exit_with_parent, daemon=True).start()
