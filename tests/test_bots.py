"""The bots people choose by name (bots/registry.py): every name and level makes a bot that
plays only legal moves in every game, from its view; specs with options are read strictly."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from gamenight.bots.basic import EasyBot, GreedyBot, RandomBot
from gamenight.bots.ismcts import IsmctsBot
from gamenight.bots.registry import EXPERT_FACTOR, LEVELS, NAMES, bot_title, hard_options, make_bot, parse_spec
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from tests.test_ismcts import assert_one_move_for_one_view, decision_points

GAMES = [
    ("wildfire", {"players": 2, "rounds": 1}),
    ("wildstar", {"players": 2, "hands": 1}),
    ("highrise", {"players": 2, "hands": 1}),
    ("fireball-island", {"players": 2, "turn_limit": 40}),
]


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("spec", [*NAMES[:2], "medium", "ismcts:iterations=8:rollout_depth=20"])
def test_every_bot_chooses_a_legal_move_from_the_view(name: str, options: dict[str, Any], spec: str) -> None:
    game = make_game(name, options)
    bot = make_bot(spec, game)
    assert bot.name == spec
    for state in decision_points(name, options, seed=4, every=5)[:3]:
        seat = state.to_act()
        assert seat is not None
        before = state.notation()
        move = bot.choose(state.view(seat), state.legal_moves(), random.Random(2))
        assert move in state.legal_moves()
        assert state.notation() == before  # a bot gets a view: the game itself is untouched


@pytest.mark.parametrize(("name", "options"), GAMES[:3])
def test_the_three_levels_finish_a_game_together(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, {**options, "players": 3})
    specs = ["easy", "medium", "hard:iterations=10"]
    record = Match(game, [make_bot(s, game) for s in specs], seed=6).run()
    assert record.seats == specs
    assert record.result is not None


def test_levels_are_the_bots_people_know():
    game = make_game("wildfire", {"players": 2})
    assert isinstance(make_bot("random", game), RandomBot)
    assert isinstance(make_bot("easy", game), EasyBot)
    assert isinstance(make_bot("medium", game), GreedyBot)
    assert isinstance(make_bot("greedy", game), GreedyBot)
    hard = make_bot("hard", game)
    assert isinstance(hard, IsmctsBot)
    # `hard` is ismcts with the game's tuned settings (ISMCTS_HARD in its heuristics module).
    assert hard.options == hard_options(game, {})
    assert hard.options.iterations == game.heuristics().ISMCTS_HARD["iterations"]
    tuned = make_bot("ismcts:iterations=7:exploration=1.5:rollout=random", game)
    assert isinstance(tuned, IsmctsBot)
    assert (tuned.options.iterations, tuned.options.exploration, tuned.options.rollout) == (7, 1.5, "random")


def test_seconds_option_reads_none_and_numbers():
    assert parse_spec("ismcts:seconds=0.5") == ("ismcts", {"seconds": 0.5})
    assert parse_spec("ISMCTS:seconds=none") == ("ismcts", {"seconds": None})


def test_early_stop_option_reads_true_and_false():
    assert parse_spec("hard:early_stop=false") == ("hard", {"early_stop": False})
    assert parse_spec("hard:early_stop=Yes") == ("hard", {"early_stop": True})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("clever", "unknown bot 'clever'; the bots are: easy, medium, hard, expert, random, greedy, ismcts, learned"),
        ("", "an empty bot name"),
        ("greedy:iterations=3", "bot 'greedy' takes no options"),
        ("ismcts:depth=3", "unknown bot option 'depth'"),
        ("ismcts:iterations", "write name=value"),
        ("ismcts:iterations=many", "bot option iterations='many': not a int"),
        ("ismcts:iterations=0", "iterations must be at least 1"),
        ("ismcts:rollout=clever", "rollout must be 'random' or 'greedy'"),
        ("ismcts:early_stop=maybe", "bot option early_stop='maybe': not true or false"),
    ],
)
def test_bad_bot_specs_are_refused_by_name(spec: str, message: str) -> None:
    game = make_game("wildfire", {"players": 2})
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
        make_bot(spec, game)


def test_easy_takes_a_winning_move_when_there_is_one():
    """Fireball Island: P1 holds the jewel and may walk onto the Dock; easy always does."""
    game = make_game("fireball-island", {"players": 2})
    state = game.state_from_notation(
        "turn=1 turns=9 roll=5 rolling=move | pieces DR7 VP2 | jewel P1 | hands - / - "
        "| tasks end window:end:0 pushes path:1:5:1"
    )
    assert len(state.legal_moves()) > 1
    bot = make_bot("easy", game)
    for seed in range(8):
        move = bot.choose(state.view(0), state.legal_moves(), random.Random(seed))
        assert state.move_notation(move) == "DOCK"


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize(
    "spec", ["easy", "medium", "hard:iterations=12:rollout_depth=20", "expert:iterations=12:rollout_depth=20"]
)
def test_no_level_peeks_two_states_with_one_view_get_one_move(name: str, options: dict[str, Any], spec: str) -> None:
    """Every level decides from the seat's view: a state whose hidden tiles or cards differ but
    whose view for the seat is the same (sampled from that view) gets the same move."""
    game = make_game(name, options)
    bot = make_bot(spec, game)
    for state in decision_points(name, options, seed=8, every=4)[:3]:
        assert_one_move_for_one_view(game, bot, state, sample_seed=31, choose_seed=6)


@pytest.mark.parametrize(("name", "options"), GAMES[1:3])
def test_the_learned_bot_does_not_peek_either(name: str, options: dict[str, Any]) -> None:
    """The learned bot plays two-player Wildstar and Highrise: one view, one move, whatever the
    hidden tiles."""
    game = make_game(name, options)
    bot = make_bot("learned", game)
    for state in decision_points(name, options, seed=8, every=2)[:6]:
        assert_one_move_for_one_view(game, bot, state, sample_seed=31, choose_seed=6)


def test_expert_is_the_hard_search_made_longer_and_bots_are_named_by_level():
    for name, options in GAMES:
        game = make_game(name, options)
        hard, expert = make_bot("hard", game), make_bot("expert", game)
        assert isinstance(hard, IsmctsBot) and isinstance(expert, IsmctsBot)
        assert expert.options.iterations == EXPERT_FACTOR * hard.options.iterations
        if hard.options.per_move is not None:
            assert expert.options.per_move == EXPERT_FACTOR * hard.options.per_move
        assert dataclasses.replace(
            expert.options, iterations=hard.options.iterations, per_move=hard.options.per_move
        ) == (hard.options)
    assert [bot_title(level) for level in LEVELS] == ["Easy bot", "Medium bot", "Hard bot", "Expert bot"]
    assert bot_title("ismcts:iterations=200:rollout=random") == "Ismcts bot (iterations=200, rollout=random)"
