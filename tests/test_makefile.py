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
    assert installs and all(extras >= {"test", "sim", "web", "rl", "cluster"} for extras in installs)
