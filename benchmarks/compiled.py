"""Decisions per second of the compiled build (`make fast`) against pure Python, in one run.

Issue 31, target 3: the compiled build at least 3x the pure-Python decisions per second for every
game, and Fireball Island at least 0.6x OpenSpiel's C++ `maedn` (the baseline of playouts.py).

Two worker processes play the random playouts of benchmarks/playouts.py (the same contenders,
seeds and CPU-time measure): one imports the package as it is, its compiled modules in place
of their sources; the other a copy of the package's sources without them, in a temporary
folder (pure Python). Each checks which it got. They take turns slice by slice, the first to go
alternating, so that load from other processes falls on both alike. `maedn` runs in both, but
its figure is the pure worker's: its playout loop draws chance with gamenight's `sample` and
picks moves with its `choose`, as every contender of playouts.py does, which the compiled build
speeds up too (its row shows by how much).

    make bench-fast                              # builds first; or, after `make fast`:
    .venv/bin/python benchmarks/compiled.py --seconds 3 --repeats 3
    .venv/bin/python benchmarks/compiled.py --only wildfire-4p,maedn-4p --seconds 1
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import IO, Any

import gamenight
from gamenight.compiled import extensions, is_compiled, stale

HERE = Path(__file__).resolve().parent
SPEEDUP = 3.0  # compiled decisions/s over pure Python's, every game
AGAINST_MAEDN = 0.6  # Fireball Island compiled over maedn's, as many players
GAMES = ["wildfire-4p", "wildstar-4p", "highrise-4p", "fireball-island-4p", "fireball-island-2p"]
BASELINES = {"fireball-island-4p": "maedn-4p", "fireball-island-2p": "maedn-2p"}
PURE, COMPILED = "pure", "compiled"


# -- a worker: one build, measured on request ---------------------------------------------


def worker() -> int:
    """Answer `key seconds seed` lines with a Run of that contender, as JSON, one a line."""
    sys.path.insert(0, str(HERE))
    playouts = importlib.import_module("playouts")
    state = importlib.import_module("gamenight.games.wildfire.state")
    contenders = {c.key: c for c in playouts.contenders()}
    print(json.dumps({"compiled": is_compiled(state), "file": state.__file__, "keys": sorted(contenders)}), flush=True)
    for line in sys.stdin:
        key, seconds, seed = line.split()
        run = playouts.measure(contenders[key], float(seconds), int(seed))
        print(json.dumps(asdict(run)), flush=True)
    return 0


class Worker:
    def __init__(self, build: str, path: Path) -> None:
        self.build = build
        env = {**os.environ, "PYTHONPATH": str(path)}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        hello = json.loads(self._line())
        if hello["compiled"] != (build == COMPILED):
            raise SystemExit(f"the {build} worker imported {hello['file']}: not the {build} build")
        self.file = hello["file"]
        self.keys = set(hello["keys"])

    def _line(self) -> str:
        out: IO[str] | None = self.process.stdout
        assert out is not None
        line = out.readline()
        if not line:
            raise SystemExit(f"the {self.build} worker stopped (exit {self.process.wait()})")
        return line

    def measure(self, key: str, seconds: float, seed: int) -> dict[str, float]:
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(f"{key} {seconds!r} {seed}\n")
        stdin.flush()
        run: dict[str, float] = json.loads(self._line())
        return run

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


# -- the run ------------------------------------------------------------------------------


def pure_copy(into: Path) -> Path:
    """The package's sources alone (no compiled module, no bytecode) under `into`."""
    package = Path(gamenight.__file__).resolve().parent
    shutil.copytree(package, into / "gamenight", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return into


def decisions_per_s(runs: list[dict[str, float]]) -> float:
    return sum(r["decisions"] for r in runs) / sum(r["seconds"] for r in runs)


def run(keys: Sequence[str], seconds: float, repeats: int, warmup: float, seed: int) -> dict[str, dict[str, Any]]:
    """Per contender and build, the decisions/s of each repeat (each a sum of slices)."""
    with tempfile.TemporaryDirectory(prefix="gamenight-pure-") as scratch:
        workers = {
            PURE: Worker(PURE, pure_copy(Path(scratch))),
            COMPILED: Worker(COMPILED, Path(gamenight.__file__).resolve().parent.parent),
        }
        try:
            unknown = [k for k in keys if k not in workers[PURE].keys]
            if unknown:
                raise SystemExit(f"unknown contender(s) {', '.join(unknown)} (install the baselines: '.[bench]')")
            for key in keys:
                for w in workers.values():
                    w.measure(key, warmup, seed + 1_000_003)
            slices = math.ceil(seconds / 0.5)
            rates: dict[str, dict[str, Any]] = {k: {PURE: [], COMPILED: []} for k in keys}
            for repeat in range(repeats):
                runs: dict[tuple[str, str], list[dict[str, float]]] = {}
                for part in range(slices):
                    order = [PURE, COMPILED] if part % 2 == 0 else [COMPILED, PURE]
                    for key in keys:
                        for build in order:
                            got = workers[build].measure(key, seconds / slices, seed + 1000 * repeat + part)
                            runs.setdefault((key, build), []).append(got)
                for (key, build), got in runs.items():
                    rates[key][build].append(decisions_per_s(got))
                print(f"  repeat {repeat + 1}/{repeats} done", file=sys.stderr)
            for key in keys:
                rates[key]["files"] = {build: w.file for build, w in workers.items()}
            return rates
        finally:
            for w in workers.values():
                w.close()


def report(rates: dict[str, dict[str, Any]], args: argparse.Namespace, load: tuple[float, ...]) -> list[str]:
    median = {key: {b: statistics.median(rates[key][b]) for b in (PURE, COMPILED)} for key in rates}
    out = [
        "Random playouts (benchmarks/playouts.py's), decisions per CPU second of each worker",
        f"budget   {args.seconds:g} CPU s per contender per build per repeat, in 0.5 s slices taking turns; "
        f"median of {args.repeats}, warm-up {args.warmup:g} s, seed {args.seed}",
        f"load     {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (1, 5, 15 min) at the start; {os.cpu_count()} cpus",
        f"compiled {len(extensions())} extension modules, e.g. {rates[next(iter(rates))]['files'][COMPILED]}",
        "",
        f"{'contender':<22}{'pure Python':>14}{'compiled':>14}{'ratio':>8}",
    ]
    for key in rates:
        pure, fast = median[key][PURE], median[key][COMPILED]
        out.append(f"{key:<22}{pure:>14,.0f}{fast:>14,.0f}{fast / pure:>7.2f}x")
    out.append("")
    for key in rates:
        if key in GAMES:
            ratio = median[key][COMPILED] / median[key][PURE]
            verdict = "met" if ratio >= SPEEDUP else "NOT met"
            out.append(f"target {key} compiled >= {SPEEDUP:g}x pure Python decisions/s: {ratio:.2f}x, {verdict}")
    for key, baseline in BASELINES.items():
        if key in rates and baseline in rates:
            maedn = median[baseline][PURE]  # as playouts.py measures it (see the module's doc)
            ratio = median[key][COMPILED] / maedn
            verdict = "met" if ratio >= AGAINST_MAEDN else "NOT met"
            out.append(
                f"target {key} compiled >= {AGAINST_MAEDN:g}x {baseline} (C++) decisions/s: {ratio:.2f}x, {verdict}"
                f" (pure Python: {median[key][PURE] / maedn:.2f}x)"
            )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per contender per build per repeat")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats; the median is reported")
    parser.add_argument("--warmup", type=float, default=0.5, help="untimed CPU seconds per contender per build first")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="comma-separated contender keys (default: every game and maedn)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    if args.seconds <= 0 or args.warmup < 0 or args.repeats < 1:
        parser.error("--seconds must be > 0, --warmup >= 0 and --repeats >= 1")
    if not extensions():
        parser.error("no compiled build to measure: run `make fast` first")
    if old := stale():
        parser.error(f"the compiled build is older than its sources ({', '.join(old)}): run `make fast` again")
    keys = [k.strip() for k in args.only.split(",") if k.strip()] or [*GAMES, *dict.fromkeys(BASELINES.values())]
    load = os.getloadavg()
    rates = run(keys, args.seconds, args.repeats, args.warmup, args.seed)
    lines = report(rates, args, load)
    end = os.getloadavg()
    lines.append(f"load     {end[0]:.2f} {end[1]:.2f} {end[2]:.2f} at the end")
    print("\n".join(lines))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"rates": rates, "load": [load, end], "report": lines}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
