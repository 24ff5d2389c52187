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
