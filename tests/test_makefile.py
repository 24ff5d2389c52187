"""The README's two commands: `make run` installs only what serving needs, `make test` everything.

Read from `make -n` (nothing is run or installed) with the virtual environment pointed at a
folder that does not exist, so every step shows."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _installs(target: str, tmp_path: Path) -> list[set[str]]:
    make = shutil.which("make")
    assert make is not None, "the README's commands need make"
    dry = subprocess.run(
        [make, "-n", "-B", target, f"VENV={tmp_path / 'venv'}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [set(extras.split(",")) for extras in re.findall(r"pip install --quiet -e '\.\[([a-z,]+)\]'", dry)]


def test_make_run_installs_the_web_extra_alone(tmp_path: Path) -> None:
    assert _installs("run", tmp_path) == [{"web"}]


@pytest.mark.parametrize("target", ["test", "pytest", "lint", "typecheck"])
def test_make_test_installs_every_extra_it_needs(tmp_path: Path, target: str) -> None:
    installs = _installs(target, tmp_path)
    assert installs and installs[0] >= {"test", "sim", "web", "rl", "cluster"}
    # and `make test`, the compiled build's own (mypyc): nothing else
    assert installs[1:] == ([{"fast"}] if target == "test" else [])


def test_make_test_runs_pure_python_first_then_the_suite_against_the_build(tmp_path: Path) -> None:
    """The README's test command, CI's (.ci/run): the engine's and games' tests without the build, then the build,
    then the whole suite claiming it (GAMENIGHT_COMPILED=1: tests/test_compiled.py checks)."""
    make = shutil.which("make")
    assert make is not None
    dry = subprocess.run(
        [make, "-n", "-B", "test", f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    clean = next(i for i, line in enumerate(dry) if line.endswith("-m gamenight.compiled --clean"))
    pure = next(i for i, line in enumerate(dry) if line.startswith("GAMENIGHT_COMPILED=0 "))
    build = next(i for i, line in enumerate(dry) if line.endswith("-m gamenight.compiled"))
    suite = next(i for i, line in enumerate(dry) if line.startswith("GAMENIGHT_COMPILED=1 "))
    assert clean < pure < build < suite
    assert dry[pure].endswith("/bin/pytest --ignore=tests/web")  # the engine's and games' tests
    assert dry[suite].endswith("/bin/pytest")  # the whole suite, every directory
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith("make test")
