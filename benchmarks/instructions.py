"""Issue 31, target 3, counted in instructions: the compiled build against pure Python on the
very same games, with `valgrind --tool=callgrind`.

Timed ratios (`compiled.py`) move by a tenth or more from run to run on a shared machine; a count
of instructions does not. Each game plays `playouts.py`'s random playouts (its contenders'
loop: chance drawn with `sample`, moves picked with `choose`) from a fixed seed: a warm-up of
W games, then N more. Each build runs the workload twice under callgrind, once with the
warm-up alone and once with the N games after it, and the difference over the N games'
decisions is the count a decision: start-up, imports and the warm-up cancel out.
`PYTHONHASHSEED=0` is set, since the order of sets of strings changes which walks a Fireball
Island game caches first. Both builds play the same games (the decisions are compared).

Instructions are not time: memory and branches cost what a count does not show, and a build
whose decisions run at fewer instructions a cycle gains less in time than in count. The
count is the figure that holds still; `compiled.py` gives the time.

    make fast                                                  # the compiled build first
    .venv/bin/python benchmarks/instructions.py                # every game, ~10 min
    .venv/bin/python benchmarks/instructions.py --only wildstar-4p

Needs valgrind (`apt-get install valgrind`).
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import gamenight
from gamenight.compiled import extensions, is_compiled, stale

HERE = Path(__file__).resolve().parent
SPEEDUP = 3.0  # as compiled.py: compiled decisions over pure Python's, here counted in instructions
WORKLOADS: dict[str, tuple[str, dict[str, object], int, int]] = {
    # key: (game, options, warm-up games, games counted), as playouts.py's contenders of that key
    "wildfire-4p": ("wildfire", {"players": 4}, 3, 3),
    "wildstar-4p": ("wildstar", {"players": 4}, 3, 3),
    "highrise-4p": ("highrise", {"players": 4, "target_score": 300}, 3, 8),
    "fireball-island-4p": ("fireball-island", {"players": 4}, 40, 3),
}
SEED = 7
VALGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")


def child(game: str, options: str, warm: int, games: int) -> int:
    """Play the workload in this process (run under callgrind); print the decisions counted."""
    sys.path.insert(0, str(HERE))
    import gamenight.games.wildfire.state as probe
    from playouts import gamenight_playout

    play = gamenight_playout(game, ast.literal_eval(options), tiles=game != "fireball-island")
    rng = random.Random(SEED)
    for _ in range(warm):
        play(rng)
    decisions = sum(play(rng).decisions for _ in range(games))
    print(f"compiled {is_compiled(probe)} decisions {decisions}")
    return 0


def count(path: Path, compiled: bool, game: str, options: dict[str, object], warm: int, games: int) -> tuple[int, int]:
    """(instructions, decisions) of `games` games after the warm-up, with the package at `path`
    (checked to be the compiled build, or not)."""
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"}
    totals = []
    decisions = 0
    for n in (0, games):
        out = subprocess.run(
            [*VALGRIND, sys.executable, __file__, "--child", game, repr(options), str(warm), str(n)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        collected = re.search(r"Collected : ([\d,]+)", out.stderr)
        if collected is None:
            raise SystemExit(f"callgrind gave no count:\n{out.stderr[-2000:]}")
        totals.append(int(collected.group(1).replace(",", "")))
        said = out.stdout.split()
        if said[1] != str(compiled):
            raise SystemExit(f"the worker at {path} imported {'the compiled' if said[1] == 'True' else 'pure'} build")
        decisions = int(said[-1])
    return totals[1] - totals[0], decisions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help=f"comma-separated keys (default: all: {', '.join(WORKLOADS)})")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        game, options, warm, games = args.child
        return child(game, options, int(warm), int(games))
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install valgrind)")
    if not extensions():
        parser.error("no compiled build to count: run `make fast` first")
    if old := stale():
        parser.error(f"the compiled build is older than its sources ({', '.join(old)}): run `make fast` again")
    keys = [k.strip() for k in args.only.split(",") if k.strip()] or list(WORKLOADS)
    if unknown := [k for k in keys if k not in WORKLOADS]:
        parser.error(f"unknown key(s) {', '.join(unknown)}: one of {', '.join(WORKLOADS)}")
    compiled_path = Path(gamenight.__file__).resolve().parent.parent
    print("Instructions a decision (callgrind), playouts.py's random games, the same games in both builds")
    print(f"{'game':<22}{'pure Python':>14}{'compiled':>12}{'ratio':>8}")
    lines = []
    with tempfile.TemporaryDirectory(prefix="gamenight-pure-") as scratch:
        package = Path(gamenight.__file__).resolve().parent
        shutil.copytree(
            package, Path(scratch) / "gamenight", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
        )
        for key in keys:
            game, options, warm, games = WORKLOADS[key]
            pure, pure_decisions = count(Path(scratch), False, game, options, warm, games)
            fast, fast_decisions = count(compiled_path, True, game, options, warm, games)
            if pure_decisions != fast_decisions:
                raise SystemExit(
                    f"{key}: the builds played different games ({pure_decisions} against {fast_decisions} decisions)"
                )
            ratio = pure / fast
            print(f"{key:<22}{pure / pure_decisions:>14,.0f}{fast / fast_decisions:>12,.0f}{ratio:>7.2f}x", flush=True)
            verdict = "met" if ratio >= SPEEDUP else "NOT met"
            lines.append(
                f"target {key} compiled >= {SPEEDUP:g}x pure Python, in instructions: {ratio:.2f}x, {verdict}"
                f" ({warm} games' warm-up, {games} counted, {pure_decisions} decisions)"
            )
    print("\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
