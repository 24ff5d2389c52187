"""Random-playout throughput: the gamenight games beside baselines of their kind, in one run.

The domino games are measured against two Python domino engines; Fireball Island, a
roll-and-move race, against OpenSpiel's C++ Mensch ärgere dich nicht (`maedn`).

Every contender plays uniformly random playouts from the start of a game to its end,
driven by a seeded `random.Random`, for a fixed CPU-time budget; the figures are the
median of several repeats, each interleaved across contenders in short slices so that a
busy machine slows them all alike. Every contender, baselines too, picks its move with
gamenight's `choose` (the item `rng.choice` picks, by the same draws: compiled, in one C call),
so no loop is cheaper than another's. See benchmarks/README.md for what each contender measures and why it is fair.

    make bench                                   # or: .venv/bin/python benchmarks/playouts.py
    .venv/bin/python benchmarks/playouts.py --seconds 2 --only wildfire-4p,dominoes-game
    .venv/bin/python benchmarks/playouts.py --seconds 2 --only maedn-4p,maedn-2p   # fireball-island-4p once registered
    .venv/bin/python benchmarks/playouts.py --json benchmarks/results/playouts.json
    .venv/bin/python benchmarks/playouts.py --profile wildstar-4p   # cProfile of one contender
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import importlib
import importlib.metadata
import json
import math
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from gamenight.engine.chance import choose, sample
from gamenight.engine.protocol import CHANCE, Game
from gamenight.engine.registry import GAMES, make_game

OPENSPIEL_GAME = "python_block_dominoes"
MAEDN_GAME = "maedn"  # OpenSpiel's C++ Mensch ärgere dich nicht
FIREBALL_ISLAND = "fireball-island"
DOMINOES, RACE = "dominoes", "race"  # families: a game is compared with baselines of its own family
DOMINOES_SERIES_TARGET = 200  # dominoes.Series' own default target score
SLICE = 0.5  # seconds: a repeat's budget is given in round-robin slices this long at most


class Tally(NamedTuple):
    """What one playout did: seat decisions, tiles laid (a subset of them), hands played.

    A game without tiles counts every decision as a play; one without hands, one hand a game."""

    decisions: int
    plays: int
    hands: int


Playout = Callable[[random.Random], Tally]


@dataclass(frozen=True)
class Contender:
    key: str
    label: str
    playout: Playout
    ours: bool  # a gamenight game (else a baseline)
    family: str = DOMINOES  # ratios pair a game only with baselines of the same family


@dataclass(frozen=True)
class Run:
    """One timed run of a contender: whole games only, so `seconds` ends with the last one.

    `seconds` is this process's CPU time (`time.process_time`): on a shared machine, other
    work does not count against a contender. `wall` is kept for the record.
    """

    games: int
    hands: int
    decisions: int
    plays: int
    seconds: float
    wall: float

    def rate(self, count: int) -> float:
        return count / self.seconds

    def __add__(self, other: Run) -> Run:
        return Run(*(a + b for a, b in zip(dataclasses.astuple(self), dataclasses.astuple(other), strict=True)))


# -- the playouts --------------------------------------------------------------------


PLAY_KIND = 0  # in every gamenight domino game, a move with `kind == 0` lays a tile


def hands_played(state: Any) -> int:
    """Hands (rounds) in a finished game: the rows of the score sheet, Highrise's hand count,
    or 1 for a game that is not played in hands (Fireball Island)."""
    if hasattr(state, "sheet"):
        return len(state.sheet)
    if hasattr(state, "hand_number"):
        return int(state.hand_number)
    return 1


def gamenight_playout(name: str, options: dict[str, Any], tiles: bool = True) -> Playout:
    """A whole game of a registered gamenight game, chance sampled exactly as `Match.step` does.

    With `tiles` (the domino games) a play is a move that lays a tile; without (a game with no
    tiles, like Fireball Island), every decision is a play, as for the baselines."""
    game: Game = make_game(name, options)

    def play(rng: random.Random) -> Tally:
        state: Any = game.new_state()
        decisions = plays = 0
        while (seat := state.to_act()) is not None:
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            move = choose(state.legal_moves(), rng)
            state.apply(move)
            decisions += 1
            if tiles and move.kind == PLAY_KIND:
                plays += 1
        return Tally(decisions, plays if tiles else decisions, hands_played(state))

    return play


def openspiel_playout() -> Playout:
    """OpenSpiel's pure-Python block dominoes: 2 players, one hand, the deal as 14 chance nodes."""
    importlib.import_module("open_spiel.python.games")  # registers the python_* games
    pyspiel: Any = importlib.import_module("pyspiel")  # (untyped: imported as Any)

    return pyspiel_playout(pyspiel.load_game(OPENSPIEL_GAME))


def pyspiel_playout(game: Any) -> Playout:
    """A random playout of an OpenSpiel game: every step a seat takes is a decision (and a play)."""

    def play(rng: random.Random) -> Tally:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            state.apply_action(choose(state.legal_actions(), rng))
            decisions += 1
        return Tally(decisions, decisions, 1)

    return play


def maedn_playout(players: int) -> Callable[[], Playout]:
    """OpenSpiel's C++ Mensch ärgere dich nicht: 4 pieces each, a six-sided die as a chance node.

    2 players sit opposite (the game's default), 4 fill the board. Every step a seat takes
    is a decision, as in the other baselines, including the passes forced when no piece
    can move (a seat with one legal action). One game, no hands: 1 hand a game."""

    def make() -> Playout:
        pyspiel: Any = importlib.import_module("pyspiel")  # (untyped: imported as Any)
        return pyspiel_playout(pyspiel.load_game(MAEDN_GAME, {"players": players, "twoPlayersOpposite": players == 2}))

    return make


def dominoes_game_playout() -> Playout:
    """One `dominoes.Game` with the package's defaults: 4 players, all 28 tiles dealt, seat 0 leads.

    The package deals with the global `random` (seeded by `measure`) and
    skips a seat that cannot play, so every move made is a tile laid.
    """
    dominoes: Any = importlib.import_module("dominoes")  # (untyped: imported as Any)

    def play(rng: random.Random) -> Tally:
        game = dominoes.Game.new()
        decisions = 0
        while game.result is None:
            game.make_move(*choose(game.valid_moves, rng))
            decisions += 1
        return Tally(decisions, decisions, 1)

    return play


def dominoes_series_playout() -> Playout:
    """A `dominoes.Series` to its default 200 points: the package's analogue of a match."""
    dominoes: Any = importlib.import_module("dominoes")  # (untyped: imported as Any)

    def play(rng: random.Random) -> Tally:
        series = dominoes.Series(target_score=DOMINOES_SERIES_TARGET)
        game = series.games[0]  # [6|6] was played for its holder: forced, not a decision
        decisions = 0
        while game is not None:
            while game.result is None:
                game.make_move(*choose(game.valid_moves, rng))
                decisions += 1
            game = series.next_game()
        return Tally(decisions, decisions, len(series.games))

    return play


def contenders() -> list[Contender]:
    ours = [
        ("wildfire-4p", "wildfire 4p, game to 300", "wildfire", {"players": 4}),
        ("wildfire-2p", "wildfire 2p, game to 300", "wildfire", {"players": 2}),
        ("wildfire-4p-1round", "wildfire 4p, one round", "wildfire", {"players": 4, "rounds": 1}),
        ("wildstar-4p", "wildstar 4p, ten hands", "wildstar", {"players": 4}),
        ("wildstar-4p-partners", "wildstar 4p partners, ten hands", "wildstar", {"players": 4, "partners": True}),
        ("wildstar-2p", "wildstar 2p, ten hands", "wildstar", {"players": 2}),
        ("wildstar-4p-1hand", "wildstar 4p, one hand", "wildstar", {"players": 4, "hands": 1}),
        ("highrise-2p", "highrise 2p, game to 300", "highrise", {"players": 2, "target_score": 300}),
        ("highrise-4p", "highrise 4p, game to 300", "highrise", {"players": 4, "target_score": 300}),
        ("highrise-2p-1hand", "highrise 2p, one hand", "highrise", {"players": 2, "hands": 1}),
    ]
    found = [Contender(key, label, gamenight_playout(name, options), True) for key, label, name, options in ours]
    if FIREBALL_ISLAND in GAMES:  # not registered until the game is written: then it joins in
        found += [
            Contender(key, label, gamenight_playout(FIREBALL_ISLAND, {"players": n}, tiles=False), True, RACE)
            for key, label, n in (
                ("fireball-island-4p", "fireball island 4p, one game", 4),
                ("fireball-island-2p", "fireball island 2p, one game", 2),
            )
        ]
    baselines: list[tuple[str, str, Callable[[], Playout], str]] = [
        ("openspiel", f"open_spiel {OPENSPIEL_GAME} (2p hand)", openspiel_playout, DOMINOES),
        ("dominoes-game", "dominoes Game (4p hand)", dominoes_game_playout, DOMINOES),
        ("dominoes-series", f"dominoes Series to {DOMINOES_SERIES_TARGET} (4p)", dominoes_series_playout, DOMINOES),
        ("maedn-4p", f"open_spiel {MAEDN_GAME} 4p (C++, one game)", maedn_playout(4), RACE),
        ("maedn-2p", f"open_spiel {MAEDN_GAME} 2p (C++, one game)", maedn_playout(2), RACE),
    ]
    for key, label, make, family in baselines:
        try:
            found.append(Contender(key, label, make(), False, family))
        except ImportError as exc:
            print(f"skipping {key}: {exc} (install the baselines: pip install -e '.[bench]')")
    return found


# -- measuring -----------------------------------------------------------------------


def measure(contender: Contender, seconds: float, seed: int) -> Run:
    """Whole playouts until `seconds` of CPU time have passed; at least one."""
    random.seed(seed)  # only the dominoes package reads the global generator (its deal)
    rng = random.Random(seed)
    playout = contender.playout
    games = hands = decisions = plays = 0
    clock = time.process_time
    wall = time.perf_counter()
    start = clock()
    deadline = start + seconds
    while True:
        tally = playout(rng)
        games += 1
        hands += tally.hands
        decisions += tally.decisions
        plays += tally.plays
        now = clock()
        if now >= deadline:
            return Run(games, hands, decisions, plays, now - start, time.perf_counter() - wall)


@dataclass(frozen=True)
class Figures:
    """The median rate of each kind over the repeats; per-game means pooled over them."""

    contender: Contender
    runs: list[Run]

    def median_rate(self, pick: Callable[[Run], int]) -> float:
        return statistics.median(run.rate(pick(run)) for run in self.runs)

    def pooled(self, numerator: Callable[[Run], int], denominator: Callable[[Run], int]) -> float:
        return sum(map(numerator, self.runs)) / sum(map(denominator, self.runs))

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.contender.key,
            "label": self.contender.label,
            "ours": self.contender.ours,
            "family": self.contender.family,
            "games_per_s": self.median_rate(lambda r: r.games),
            "hands_per_s": self.median_rate(lambda r: r.hands),
            "decisions_per_s": self.median_rate(lambda r: r.decisions),
            "plays_per_s": self.median_rate(lambda r: r.plays),
            "decisions_per_game": self.pooled(lambda r: r.decisions, lambda r: r.games),
            "decisions_per_hand": self.pooled(lambda r: r.decisions, lambda r: r.hands),
            "hands_per_game": self.pooled(lambda r: r.hands, lambda r: r.games),
            "runs": [dataclasses.asdict(run) for run in self.runs],
        }


def benchmark(chosen: Sequence[Contender], seconds: float, warmup: float, repeats: int, seed: int) -> list[Figures]:
    """Each repeat gives every contender `seconds`, in round-robin slices of at most SLICE
    seconds, so that load from other processes falls on all contenders alike."""
    for contender in chosen:
        measure(contender, warmup, seed + 1_000_003)
    slices = math.ceil(seconds / SLICE)
    runs: dict[str, list[Run]] = {c.key: [] for c in chosen}
    for repeat in range(repeats):
        totals: dict[str, Run] = {}
        for part in range(slices):
            for contender in chosen:
                run = measure(contender, seconds / slices, seed + 1000 * repeat + part)
                totals[contender.key] = totals[contender.key] + run if contender.key in totals else run
        for contender in chosen:
            runs[contender.key].append(totals[contender.key])
        print(f"  repeat {repeat + 1}/{repeats} done", file=sys.stderr)
    return [Figures(c, runs[c.key]) for c in chosen]


# -- reporting -----------------------------------------------------------------------


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    versions: dict[str, str | None] = {}
    for package in ("gamenight", "open_spiel", "dominoes"):
        try:
            versions[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            versions[package] = None
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "versions": versions,
    }


def ratios(rows: list[dict[str, Any]], field: str) -> dict[str, dict[str, float]]:
    """Each gamenight row's `field` divided by each baseline row's of the same family."""
    ours = [r for r in rows if r["ours"]]
    baselines = [r for r in rows if not r["ours"]]
    return {w["key"]: {b["key"]: w[field] / b[field] for b in baselines if b["family"] == w["family"]} for w in ours}


def table(headers: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in [headers, *body]) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
        return "  ".join(cells)

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in body)])


def report(info: dict[str, Any], args: argparse.Namespace, rows: list[dict[str, Any]]) -> str:
    v = info["versions"]
    out = [
        "Random playouts, uniformly random legal moves, seeded random.Random",
        f"python   {info['python']}",
        f"machine  {info['platform']}, {info['cpu']}, {info['cpus']} cpus",
        f"packages gamenight {v['gamenight']}, open_spiel {v['open_spiel']}, dominoes {v['dominoes']}",
        f"budget   {args.seconds:g} CPU s per contender per repeat (round-robin slices of "
        f"{SLICE:g} s), median of {args.repeats}, warm-up {args.warmup:g} s, seed {args.seed}",
        "rates    per CPU second of this process (time.process_time)",
        "",
    ]
    headers = [
        "contender",
        "games/s",
        "hands/s",
        "decisions/s",
        "plays/s",
        "decisions/game",
        "decisions/hand",
    ]
    body = [
        [
            r["label"],
            f"{r['games_per_s']:,.1f}",
            f"{r['hands_per_s']:,.1f}",
            f"{r['decisions_per_s']:,.0f}",
            f"{r['plays_per_s']:,.0f}",
            f"{r['decisions_per_game']:,.1f}",
            f"{r['decisions_per_hand']:,.1f}",
        ]
        for r in rows
    ]
    out.append(table(headers, body))
    labels = {r["key"]: r["label"] for r in rows}
    for family in dict.fromkeys(r["family"] for r in rows):
        kin = [r for r in rows if r["family"] == family]
        # plays are tiles laid: only the domino games tell them apart from decisions
        fields = [("decisions_per_s", "decisions/s")] + ([("plays_per_s", "plays/s")] if family == DOMINOES else [])
        for field, title in fields:
            matrix = ratios(kin, field)
            if not matrix or not next(iter(matrix.values())):
                continue
            columns = list(next(iter(matrix.values())))
            out += ["", f"ratio ({family} games): gamenight {title} / baseline {title}"]
            body = [[labels[w]] + [f"{matrix[w][b]:.2f}x" for b in columns] for w in matrix]
            out.append(table(["", *columns], body))
    out += ["", *verdicts(rows)]
    return "\n".join(out)


def verdicts(rows: list[dict[str, Any]]) -> list[str]:
    """Like-for-like ratios. Wildfire's is a target (issue 2: at least the dominoes package's
    decisions/s); the other games' are reported beside it, as figures, not verdicts:
    Wildstar and Highrise against the dominoes package, Fireball Island against maedn."""
    by_key = {r["key"]: r for r in rows}
    pairs = [
        ("wildfire-4p", "dominoes-series", "match vs match", True),
        ("wildfire-4p-1round", "dominoes-game", "hand vs hand", True),
        ("wildfire-4p", "dominoes-game", "wildfire match vs dominoes hand", True),
        ("wildstar-4p", "dominoes-series", "match vs match", False),
        ("wildstar-4p-1hand", "dominoes-game", "hand vs hand", False),
        ("highrise-4p", "dominoes-series", "match vs match", False),
        ("highrise-2p-1hand", "dominoes-game", "hand vs hand", False),
        ("fireball-island-4p", "maedn-4p", "4p race vs 4p race", False),
        ("fireball-island-2p", "maedn-2p", "2p race vs 2p race", False),
    ]
    lines = []
    for ours, baseline, what, target in pairs:
        if ours in by_key and baseline in by_key:
            ratio = by_key[ours]["decisions_per_s"] / by_key[baseline]["decisions_per_s"]
            if target:
                verdict = "met" if ratio >= 1 else "NOT met"
                lines.append(f"target {ours} >= {baseline} decisions/s ({what}): {ratio:.2f}x, {verdict}")
            else:
                lines.append(f"figure {ours} / {baseline} decisions/s ({what}): {ratio:.2f}x")
    if "dominoes-game" in by_key and "openspiel" in by_key:
        ratio = by_key["dominoes-game"]["decisions_per_s"] / by_key["openspiel"]["decisions_per_s"]
        lines.append(f"claim dominoes-game ~7x openspiel decisions/s: measured {ratio:.2f}x")
    return lines


def profile(contender: Contender, seconds: float, seed: int, top: int) -> None:
    """cProfile of a contender's playouts for about `seconds`, hotspots by own time."""
    playout = contender.playout
    rng = random.Random(seed)
    profiler = cProfile.Profile()
    games = 0
    deadline = time.process_time() + seconds
    profiler.enable()
    while time.process_time() < deadline:
        playout(rng)
        games += 1
    profiler.disable()
    print(f"cProfile: {games} games of {contender.label} (profiling slows everything; compare shares)")
    pstats.Stats(profiler, stream=sys.stdout).strip_dirs().sort_stats("tottime").print_stats(top)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU-time budget per contender per repeat")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats; the median is reported")
    parser.add_argument("--warmup", type=float, default=1.0, help="untimed CPU seconds per contender first")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="comma-separated contender keys (default: all)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON")
    parser.add_argument(
        "--profile", nargs="?", const="wildfire-4p", metavar="KEY", help="profile one contender instead"
    )
    parser.add_argument("--top", type=int, default=15, help="rows of the profile to print")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.warmup < 0 or args.repeats < 1:
        parser.error("--seconds must be > 0, --warmup >= 0 and --repeats >= 1")
    chosen = contenders()
    if args.profile:
        keyed = {c.key: c for c in chosen}
        if args.profile not in keyed:
            parser.error(f"unknown contender {args.profile}; known: {', '.join(sorted(keyed))}")
        profile(keyed[args.profile], args.seconds, args.seed, args.top)
        return 0

    if args.only:
        wanted = [k.strip() for k in args.only.split(",") if k.strip()]
        known = {c.key for c in chosen}
        unknown = [k for k in wanted if k not in known]
        if unknown:
            parser.error(f"unknown contender(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        chosen = [c for c in chosen if c.key in wanted]

    info = machine()
    rows = [f.as_dict() for f in benchmark(chosen, args.seconds, args.warmup, args.repeats, args.seed)]
    print(report(info, args, rows))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        settings = {k: vars(args)[k] for k in ("seconds", "repeats", "warmup", "seed")}
        document = {
            **info,
            "settings": settings,
            "contenders": rows,
            "ratios": {
                "decisions_per_s": ratios(rows, "decisions_per_s"),
                "plays_per_s": ratios(rows, "plays_per_s"),
            },
            "verdicts": verdicts(rows),
        }
        args.json.write_text(json.dumps(document, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
