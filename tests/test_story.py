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
        ("fireball-island", {"turn_limit": 0}, "probabilistic Fireballs, no turn limit",
         "Capture the jewel at Vul-Kar Point and be the first to bring it to the Dock."),
    ],
)  # fmt: skip
def test_the_options_in_words_and_who_wins_follow_the_options(name, options, summary, goal):
    game_options = make_game(name, options).options
    assert STORIES[name].summary(game_options) == summary
    assert STORIES[name].goal(game_options) == goal
