"""What a person is told of a game's options and goal comes from the game's story module, as data
(issue 18: "It gives the option summary and the goal line of a game"), for every interface."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine.registry import make_game
from gamenight.games.fireball_island import story as fireball_island_story
from gamenight.games.highrise import story as highrise_story
from gamenight.games.wildfire import story as wildfire_story
from gamenight.games.wildstar import story as wildstar_story

STORIES: dict[str, Any] = {
    "wildfire": wildfire_story,
    "wildstar": wildstar_story,
    "highrise": highrise_story,
    "fireball-island": fireball_island_story,
}


@pytest.mark.parametrize(
    ("name", "options", "summary", "goal"),
    [
        ("wildfire", {}, "to 300 points", "Lowest total wins."),
        ("wildfire", {"rounds": 1, "strategic": True, "obligation_burns_out": True},
         "1 round (strategic, obligations burn out)", "Lowest total wins."),
        ("wildstar", {}, "10 hands", "Lowest total wins."),
        ("wildstar", {"players": 4, "partners": True, "winner_collects": True, "winner_leads_after_set": False},
         "10 hands, partners P1 & P3 vs P2 & P4 (play goes on from the setter, the winner collects)",
         "Highest total wins."),
        ("highrise", {}, "1 hand on the 4x4 base", "Highest total wins."),
        ("highrise", {"target_score": 300}, "to 300 points on the 4x4 base", "Highest total wins."),
        ("fireball-island", {"turn_limit": 40}, "probabilistic Fireballs, stops undecided after 40 turns",
         "Capture the jewel at Vul-Kar Point and be the first to bring it to the Dock."),
    ],
)  # fmt: skip
def test_the_options_in_words_and_who_wins_follow_the_options(name, options, summary, goal):
    game_options = make_game(name, options).options
    assert STORIES[name].summary(game_options) == summary
    assert STORIES[name].goal(game_options) == goal


@pytest.mark.parametrize("name", sorted(STORIES))
def test_every_move_and_chance_step_is_told_in_words_people_read(name):
    """No notation keys (TAKE_1_CARD), no Python reprs: what each move and each chance step does,
    said by the game's story, for every step of random games."""
    import random
    import re

    from gamenight.engine.table import Table

    options = {"players": 3, "turn_limit": 80} if name == "fireball-island" else {"players": 3}
    game = make_game(name, options)
    story = game.story()
    assert story is STORIES[name]
    told = 0
    for seed in range(3):
        table = Table(game, ["a", "b", "c"], seed=seed)
        rng = random.Random(seed)
        while (seat := table.to_act()) is not None and table.number < 400:
            for choice in table.pending().choices:
                assert not re.search(r"[A-Z]+_[A-Z0-9_]+|Move\(|<", choice.description), choice.description
                told += 1
            table.submit(seat, rng.choice(list(table.legal_moves())))
        for event in table.events:
            assert not re.search(r"[A-Z]+_[A-Z0-9_]+|Move\(|<", event.public + event.private), event
    assert told > 100
