"""docs/rl.md's quick starts run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RL_MD = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCKS = re.findall(r"```py\n(.*?)```", RL_MD.read_text(encoding="utf-8"), re.DOTALL)


def test_there_is_a_quick_start_per_api():
    assert len(BLOCKS) == 3
    assert "pettingzoo" in BLOCKS[0] and "pyspiel" in BLOCKS[1] and "GamenightEnv" in BLOCKS[2]


@pytest.mark.parametrize("block", BLOCKS, ids=["pettingzoo", "openspiel", "gymnasium"])
def test_quick_start_runs(block, capsys):
    exec(compile(block, str(RL_MD), "exec"), {})
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("game", ["wildfire", "wildstar", "highrise", "fireball-island"])
def test_the_documented_blocks_are_the_encoders(game):
    from gamenight.engine.registry import make_game
    from gamenight.envs.observations import encoder_for

    section = RL_MD.read_text(encoding="utf-8").split(f"#### {game}\n", 1)[1]
    blocks = encoder_for(make_game(game, {"players": 4})).layout()
    assert " · ".join(f"`{n}` {o}+{s}" for n, o, s in blocks) in section.split("####", 1)[0]


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_examples_write_to_an_output_folder_not_into_docs(example):
    """Running an example as documented must not overwrite the checkout's docs/: each takes an
    output folder (`--out`, created if need be) whose default lies outside docs/, and names no
    path in docs/ to write to. (The examples need the `train` extra, which CI does not install,
    so this reads their source rather than running them.)"""
    source = example.read_text(encoding="utf-8")
    default = re.search(r'add_argument\(\s*"--out",[^)]*default=Path\("([^"]+)"\)', source)
    assert default, f"{example.name} has no --out folder"
    assert Path(default[1]).parts[0] != "docs"
    assert not re.search(r'["\']docs/[^"\']*\.(png|csv|json|svg)["\']', source)
    assert "mkdir(parents=True, exist_ok=True)" in source
