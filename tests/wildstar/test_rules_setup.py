"""Equipment and Deal: the 60-tile set, the star centre, 20/10/7 tiles a hand, ten hands (R-WS; D-WS-1, D-WS-2)."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from gamenight.engine.errors import ConfigError, NotationError
from gamenight.engine.registry import make_game
from gamenight.games.wildstar.tiles import ALL_TILES, NAMES, STARTING_DOUBLES

from .conftest import deal, hand, new_state, open_ends, position

SET = [NAMES[t] for t in ALL_TILES]


def test_the_set_is_a_double_nine_set_plus_five_wildstars_sixty_in_all():
    """R-WS: "a double-9 set (55 pieces) plus 5 extra dominoes, "wildstars," for a total of
    60 dominoes"; D-WS-1: "4 single star tiles plus 1 double star"."""
    numbered = [name for name in SET if name not in ("S", "SS")]
    assert len(SET) == 60
    assert len(numbered) == len(set(numbered)) == 55
    pairs = sorted(tuple(sorted(int(x) for x in name.split("-"))) for name in numbered)
    assert pairs == [(a, b) for a in range(10) for b in range(a, 10)]  # every pair 0-0 ... 9-9 once
    assert Counter(name for name in SET if name in ("S", "SS")) == {"S": 4, "SS": 1}


def test_the_set_is_read_from_its_data_file():
    """STYLE.md "Data is data": the tiles are listed in data/tiles.txt, and the game's set is
    exactly that list."""
    text = resources.files("gamenight.games.wildstar").joinpath("data/tiles.txt").read_text(encoding="utf-8")
    listed = [token for line in text.splitlines() for token in line.split("#", 1)[0].split()]
    assert Counter(listed) == Counter(SET)
    assert listed[:3] == ["9-9", "9-8", "9-7"] and listed[-2:] == ["S", "SS"]


@pytest.mark.parametrize("players", [1, 9])
def test_wildstar_is_for_two_to_eight_players(players):
    """R-WS: "Number of Players: 2 - 8"."""
    with pytest.raises(ConfigError, match="Wildstar is for 2 to 8 players"):
        make_game("wildstar", {"players": players})


@pytest.mark.parametrize(
    ("players", "each"),
    [(2, 20), (3, 10), (4, 10), (5, 10), (6, 7), (7, 7), (8, 7)],
)
def test_each_player_draws_20_10_or_7_dominoes_and_the_rest_is_the_draw_pile(players, each):
    """R-WS: "If 2 players, draw 20 dominoes each. If 3 to 5 players, draw 10 dominoes each.
    If 6 to 8 players, draw 7 dominoes each. The remaining dominoes make up the boneyard."""
    state = new_state(players=players)
    assert state.notation().startswith("shuffler=1 turn=1 phase=deal")
    while state.view(None)["phase"] == "deal":
        state.apply_chance(max(state.pile))  # the stars and low tiles first: 9-9 stays in the pile
    assert [len(h) for h in state.hands] == [each] * players
    assert len(state.pile) == 60 - each * players
    assert state.view(None)["phase"] == "firstdouble"


def test_the_deal_is_one_tile_at_a_time_from_the_shufflers_left():
    """R-WS: "each player draws his hand"; decision made here: the tiles go round one at a
    time, starting left of the shuffler (seat 2 shuffles, so seat 3 is dealt first)."""
    state = position("shuffler=2 turn=2 phase=deal | layout | hands - / - / - | pile *")
    deal(
        state,
        "8-7 8-6 8-5 8-4 8-3 8-2 8-1 8-0 7-6 7-5",  # seat 3
        "6-5 6-4 6-3 6-2 6-1 6-0 5-4 5-3 5-2 5-1",  # seat 1
        "4-3 4-2 4-1 4-0 3-2 3-1 3-0 2-1 2-0 1-0",  # seat 2, the shuffler, last
    )
    assert hand(state, 3)[:2] == ["8-7", "8-6"]
    assert hand(state, 1)[-1] == "5-1"
    assert hand(state, 2)[-1] == "1-0"
    assert state.notation().startswith("shuffler=2 turn=2 phase=firstdouble")


def test_a_deal_under_way_is_written_with_the_hands_as_dealt_so_far():
    """The position of a deal is checked against "one at a time from the shuffler's left"."""
    state = position("shuffler=1 phase=deal | layout | hands - / 9-8 / - | pile *")
    assert state.to_act() == -1
    with pytest.raises(NotationError, match="phase=deal: the hands must be a deal under way"):
        position("shuffler=1 phase=deal | layout | hands 9-8 / - / - | pile *")


def test_every_tile_drawn_is_a_chance_step_over_the_tiles_face_down():
    """R-WS: "shuffle the dominoes, facedown": each of the 60 tiles is equally likely, so a
    single star (four in the set) comes four times as often as any other tile."""
    outcomes = dict(new_state(players=4).chance_outcomes())
    assert len(outcomes) == 57  # 55 numbered tiles, the single star, the double star
    assert outcomes[ALL_TILES[0]] == pytest.approx(1 / 60)
    assert outcomes[ALL_TILES[SET.index("S")]] == pytest.approx(4 / 60)
    assert outcomes[ALL_TILES[SET.index("SS")]] == pytest.approx(1 / 60)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_the_star_centre_holds_the_double_and_has_five_arms():
    """R-WS: the holder "places that tile in the star center piece"; D-WS-2: "The star centre
    holds the round's double and has 5 arms"."""
    state = position("shuffler=1 turn=2 | layout 9-9 | hands 5-0 / 9-4 8-0 / 9-3 | pile *")
    assert open_ends(state) == {0: (9, 5)}
    view = state.view(None)
    assert (view["stage"], view["arms"], view["arms_needed"]) == ("centre", 0, 5)


def test_a_game_is_ten_hands_from_9_9_down_to_0_0():
    """R-WS: "The first play of the first round begins with the 9-9 tile ... Each hand
    thereafter begins with the next-lowest number double tile ... continuing down through
    the 0-0"; D-WS-6: "10 hands (9-9 ... 0-0)"."""
    assert [NAMES[t] for t in STARTING_DOUBLES] == [f"{n}-{n}" for n in range(9, -1, -1)]
    assert make_game("wildstar").options.hands == 10


@pytest.mark.parametrize(("played", "centre"), [(0, "9-9"), (1, "8-8"), (3, "6-6"), (9, "0-0")])
def test_the_hand_being_played_decides_the_centre_double(played, centre):
    """R-WS: "The first hand begins with the 9-9; the second with the 8-8; and so on"; the
    hand being played is one more than the rows on the score sheet."""
    sheet = f"sheet={';'.join(['0,0,0'] * played)} " if played else ""
    state = position(f"shuffler=1 {sheet}| layout {centre} | hands 5-0 / 7-4 / 2-1 | pile *")
    view = state.view(None)
    assert (view["hand_number"], view["centre"]) == (played + 1, centre)
    wrong = "9-9" if centre != "9-9" else "8-8"
    with pytest.raises(NotationError, match=f"this hand's centre is {centre}, not {wrong}"):
        position(f"shuffler=1 {sheet}| layout {wrong} | hands 5-0 / 7-4 / 2-1 | pile *")
