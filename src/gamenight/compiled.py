"""The optional compiled build (issue 31): the engine and the games' rules compiled by mypyc
from this same source, each module a C extension written beside its .py file, which Python
then imports in its place. Nothing else changes: without the build (a plain install), the
package is the pure Python it always was.

    make fast         # or: python -m gamenight.compiled          (needs mypy, setuptools and a C compiler)
    make clean-fast   # or: python -m gamenight.compiled --clean  (pure Python again)

`MODULES` are the modules compiled: the engine and the games' rules, states and notation,
measured with benchmarks/compiled.py, and the environments' core, action tables, encoders
and batch (benchmarks/rl_steps.py: the encoders read the states' fields natively, typed).
Left out: the interfaces, bots, the environments' API wrappers and the stores (they spend
their time elsewhere); `engine.conformance` (the generic checks, for
tests); each game's `options` (frozen dataclasses read by their type hints) and `view` and
`heuristics` (typed dicts read by their type hints, and what bots read, not the rules).
A call between compiled modules is made in C: monkeypatching a module's function changes
nothing for them, and a test that intercepts one must run on pure Python (as
tests/test_cli_fireball_island.py does in a subprocess)."""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent

_GAME_MODULES = ("game", "moves", "notation", "rules", "state", "story", "tiles")
MODULES: tuple[str, ...] = (
    *(
        f"gamenight.engine.{name}"
        for name in ("chance", "errors", "match", "notation", "protocol", "record", "registry", "table")
    ),
    *(f"gamenight.games.dominoes.{name}" for name in ("ends", "hands", "tiles")),
    *(f"gamenight.games.wildfire.{name}" for name in (*_GAME_MODULES, "layout")),
    *(f"gamenight.games.wildstar.{name}" for name in (*_GAME_MODULES, "layout")),
    *(f"gamenight.games.highrise.{name}" for name in (*_GAME_MODULES, "tower")),
    *(
        f"gamenight.games.fireball_island.{name}"
        for name in (*_GAME_MODULES, "board", "board_data", "cards", "decision", "picture", "tasks", "windows")
        if name != "tiles"
    ),
    *(f"gamenight.envs.{name}" for name in ("actions", "batched", "core", "observations")),
)

SHARED = "gamenight_compiled"
"""The one library all compiled modules live in (mypyc's group: calls between them stay in C),
beside the package (mypyc finds each module's file from there); each module's own extension
is a small shim that loads its part of it."""


def source(module: str) -> Path:
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def extensions() -> list[Path]:
    """The build's files now there: every extension module in the package, and the library."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return sorted(
        {p for suffix in suffixes for p in PACKAGE.rglob(f"*{suffix}")}
        | {p for suffix in suffixes if (p := PACKAGE.parent / f"{SHARED}__mypyc{suffix}").exists()}
    )


def is_compiled(module: object) -> bool:
    """Whether an imported module is the compiled one (an extension), not its .py source."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def stale() -> list[str]:
    """The compiled modules whose source changed after the build: they run as they were built,
    not as written, without a word (Python imports the extension beside a .py first). Empty
    without a build. `tests/test_compiled.py` fails on one; the benchmarks that say which build
    they measured say so too."""
    found = []
    for name in MODULES:
        written = source(name)
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            built = written.with_suffix(suffix)
            if built.exists():
                if built.stat().st_mtime < written.stat().st_mtime:
                    found.append(name)
                break
    return found


def clean() -> list[Path]:
    found = extensions()
    for path in found:
        path.unlink()
    return found


def build(jobs: int) -> list[Path]:
    """Compile `MODULES` in place (the old build is removed first); the extensions written.
    The C sources and mypy's cache go to a temporary folder, removed after."""
    # Imported here: only a build needs them (the `fast` extra), never a game.
    from mypyc.build import mypycify

    setup: Any = importlib.import_module("setuptools").setup  # (typed in some versions only)

    clean()
    with tempfile.TemporaryDirectory(prefix="gamenight-fast-") as scratch:
        here = os.getcwd()
        # mypyc names each module from its path relative to the working folder, the
        # package's parent (src/ in a checkout), where no mypy configuration is read.
        os.chdir(PACKAGE.parent)
        try:
            paths = [str(source(m).relative_to(PACKAGE.parent)) for m in MODULES]
            modules = mypycify(
                ["--cache-dir", str(Path(scratch, "mypy")), *paths],
                target_dir=str(Path(scratch, "c")),
                group_name=SHARED,
            )
            setup(
                name="gamenight-compiled",
                ext_modules=modules,
                script_args=[
                    *("--quiet", "build_ext", "--inplace", "-j", str(jobs)),
                    *("--build-temp", str(Path(scratch, "o")), "--build-lib", str(Path(scratch, "lib"))),
                ],
            )
        finally:
            os.chdir(here)
    return extensions()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamenight.compiled", description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules instead")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C compilations at once")
    args = parser.parse_args(argv)
    if args.clean:
        print(f"removed {len(clean())} compiled modules from {PACKAGE}")
        return 0
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"], "Python.h")
    if shutil.which(compiler) is None or not headers.exists():
        print(
            f"the build needs a C compiler ({compiler}) and Python's headers ({headers}): on Debian, "
            "apt-get install gcc python3-dev",
            file=sys.stderr,
        )
        return 1
    written = build(args.jobs)
    print(f"compiled {len(MODULES)} modules into {len(written)} extensions under {PACKAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
