"""How fast `gamenight balance` plays, locally and on a Dask cluster, and what a long run costs
in memory (issue 22).

    .venv/bin/python benchmarks/balance_scale.py                       # speed, then memory
    .venv/bin/python benchmarks/balance_scale.py --games 2000 --memory-games 0

Speed: the same games (Wildfire, one round, four greedy bots, two variants) played in this
process (1 worker), in a local pool of 2 processes, and on a 2-worker Dask LocalCluster (2
processes, 1 thread each) joined through its scheduler's address as `--cluster` does, with
the chunk size `run_balance` picks for a cluster and with one game per task; each timed a
few times in turn, the fastest kept. The cluster's overhead per game is its wall time less
the local pool's, over the games, both with their processes already started (the local
pool a run makes for itself is timed too: it pays for starting its processes). Every run
must give the same report (checked).

Memory: a run of `--memory-games` games (each variant's share) in a fresh process, with
games.csv and rounds.csv streamed to a temporary folder as `--out` does, and the peak
resident set size of the run's process and of its largest worker (getrusage), beside a run
a tenth as long: if results piled up, the peak would grow with the games.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gamenight.sim.balance import BalanceConfig, BalanceResult, chunk_size, parse_variants, run_balance
from gamenight.sim.balance_report import GameLog


def config(games: int) -> BalanceConfig:
    variants = parse_variants(["obligation_burns_out=false", "obligation_burns_out=true"])
    return BalanceConfig("wildfire", ("greedy",) * 4, games, {"rounds": 1}, variants)


def timed(run: Callable[[], BalanceResult]) -> tuple[float, BalanceResult]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def speed(games: int, repeats: int) -> None:
    """Each way timed `repeats` times, the ways taking turns (a load that comes and goes on the
    machine falls on all of them alike), and the fastest of each kept."""
    total = 2 * games
    print(f"Speed: {total:,} games (Wildfire, 1 round, 4 greedy; 2 variants of {games:,}), best of {repeats}")
    from distributed import LocalCluster

    from gamenight.sim.balance_cluster import join_cluster

    best: dict[str, float] = {}
    local_chunk = chunk_size(total, 2)  # what run_balance gives its own pool
    summaries = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        with LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
        ) as cluster:
            print(f"  (a LocalCluster of 2 workers starts in {time.perf_counter() - start:.2f} s, not counted)")
            warm = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
            list(warm.map(abs, range(4)))  # both processes started before any timing
            with warm, join_cluster(cluster.scheduler_address) as joined:
                ways: dict[str, Callable[[], BalanceResult]] = {
                    "1 worker (this process)": lambda: run_balance(config(games), workers=1),
                    "2 local processes (started by the run)": lambda: run_balance(config(games), workers=2),
                    "2 local processes": lambda: run_balance(config(games), 2, executor=warm, chunk=local_chunk),
                    "2-worker LocalCluster, chunks as chosen": lambda: run_balance(
                        config(games), joined.workers, executor=joined.executor
                    ),
                    "2-worker LocalCluster, 1 game a task": lambda: run_balance(
                        config(games), joined.workers, executor=joined.executor, chunk=1
                    ),
                }
                for _ in range(repeats):
                    for label, run in ways.items():
                        wall, result = timed(run)
                        best[label] = min(best.get(label, wall), wall)
                        summaries.append(result.summary())
    for label, wall in best.items():
        print(f"  {label:44} {wall:7.2f} s  {total / wall:8.1f} games/s")
    same = all(s == summaries[0] for s in summaries)
    local = best["2 local processes"]
    started = best["2 local processes (started by the run)"] - local
    print(f"  starting the local pool's 2 processes (spawn) costs a run about {started:.2f} s")
    print(f"  the same report from every run: {same}")
    print(f"  speed-up of 2 local processes over 1: {best['1 worker (this process)'] / local:.2f}x")
    for label in ("2-worker LocalCluster, chunks as chosen", "2-worker LocalCluster, 1 game a task"):
        overhead = (best[label] - local) / total * 1000
        print(f"  cluster overhead per game against the local pool ({label.split(', ')[1]}): {overhead:+.2f} ms")
    if not same:
        sys.exit("the reports differ")


def memory_child(games: int) -> None:
    """In a fresh process: one streamed run, then its peak RSS and its workers' as JSON."""
    with tempfile.TemporaryDirectory() as folder:
        conf = BalanceConfig("highrise", ("greedy",) * 4, games // 2, {}, parse_variants(["players=3", "players=4"]))
        log = GameLog(folder, conf)
        start = time.perf_counter()
        run_balance(conf, workers=2, on_game=log.add)
        log.close()
        wall = time.perf_counter() - start
        size = sum(p.stat().st_size for p in Path(folder).iterdir())
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({"games": games, "wall": wall, "own_mb": own, "worker_mb": workers, "csv_mb": size / 2**20}))


def memory(games: int) -> None:
    print("Memory: Highrise (1 hand, 4 greedy; players=3 and players=4), 2 local processes, streamed to disk")
    for n in (games // 10, games):
        run = subprocess.run(
            [sys.executable, __file__, "--memory-child", str(n)], capture_output=True, text=True, check=True
        )
        got = json.loads(run.stdout.strip().splitlines()[-1])
        print(
            f"  {got['games']:>8,} games: {got['wall']:6.0f} s, peak RSS {got['own_mb']:5.0f} MB (the run), "
            f"{got['worker_mb']:4.0f} MB (a worker); games.csv + rounds.csv {got['csv_mb']:.0f} MB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500, help="games per variant in the speed runs")
    parser.add_argument("--repeats", type=int, default=3, help="times each way of running is timed")
    parser.add_argument("--memory-games", type=int, default=100_000, help="games in the memory run (0: none)")
    parser.add_argument("--memory-child", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        memory_child(args.memory_child)
        return
    if args.games:
        speed(args.games, args.repeats)
    if args.memory_games:
        memory(args.memory_games)


if __name__ == "__main__":
    main()
