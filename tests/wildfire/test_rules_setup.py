"""SET-UP and the first domino: the 65-tile set, the deal of seven, the highest double."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import ConfigError, NotationError
from gamenight.engine.registry import make_game
from gamenight.games.wildfire import story
from gamenight.games.wildfire.state import WildfireState
from gamenight.games.wildfire.tiles import ALL_TILES, TILES

from .conftest import hand, tile

NAMES = [TILES.name(t) for t in ALL_TILES]


def new_state(**options: object) -> WildfireState:
    state = make_game("wildfire", dict(options)).new_state()
    assert isinstance(state, WildfireState)
    return state


def deal(state: WildfireState, *hands: str) -> None:
    """Drive the DEAL chance steps: one tile at a time, starting left of the dealer.

    `hands` lists what each seat receives, in seat order from the dealer's left."""
    rows = [h.split() for h in hands]
    for i in range(len(rows[0])):
        for row in rows:
            assert state.to_act() == -1
            assert state.legal_moves() == []
            state.apply_chance(tile(row[i]))


def test_the_set_has_65_dominoes_as_in_design_decision_d_wf_1():
    """D-WF-1: a double-9 set whose "1" suit is the Wild One, plus ten Wildfires:
    45 plain tiles (9 doubles), 9 Wild Ones, 1 Double Wild One, 5 Double and 5 Triple
    Wildfires, 65 in all."""
    halves = [name.split("-") for name in NAMES]
    plain = [h for h in halves if all(x.isdigit() for x in h)]
    assert len(NAMES) == len(set(NAMES)) == 65
    assert len(plain) == 45
    assert sum(a == b for a, b in plain) == 9
    assert sorted(int(x) for a, b in plain if a == b for x in a) == [0, 2, 3, 4, 5, 6, 7, 8, 9]
    assert sorted(n for n in NAMES if n.count("W") == 1) == [f"W-{n}" for n in "023456789"]
    assert [n for n in NAMES if n == "W-W"] == ["W-W"]
    assert sorted(n for n in NAMES if "D" in n) == ["D-0", "D-2", "D-4", "D-6", "D-8"]
    assert sorted(n for n in NAMES if "T" in n) == ["T-0", "T-3", "T-5", "T-7", "T-9"]


def test_there_is_no_plain_one_because_the_one_suit_is_the_wild_one():
    """D-WF-1 (b): "there are no plain 1s, so hub value 1 can only be met by a single-flame wild"."""
    assert not any("1" in name for name in NAMES)
    with pytest.raises(NotationError, match="'1' is not a half"):
        TILES.parse("1-3")


def test_a_tile_may_be_named_either_way_round():
    """A domino is the same domino whichever half is written first."""
    assert tile("3-5") == tile("5-3")
    assert tile("9-W") == tile("W-9")
    assert tile("8-D") == tile("D-8")


@pytest.mark.parametrize("players", [1, 9])
def test_wildfire_is_for_two_to_eight_players(players):
    """R-WF: "PLAYERS: 2-8"."""
    with pytest.raises(ConfigError, match="2 to 8 players"):
        make_game("wildfire", {"players": players})


def test_the_dealer_deals_seven_dominoes_to_each_player_and_the_rest_is_the_draw_pile():
    """R-WF SET-UP: "deals seven dominoes to each player. The remaining dominoes are left
    in a draw pile"; the deal goes round one at a time from the dealer's left."""
    state = new_state(players=3)
    assert state.notation().startswith("dealer=1 turn=1 phase=deal")
    outcomes = state.chance_outcomes()
    assert sorted(TILES.name(t) for t, _ in outcomes) == sorted(NAMES)
    assert {p for _, p in outcomes} == {1 / 65}
    deal(
        state,
        "9-8 9-7 9-6 9-5 9-4 9-3 9-2",  # seat 2, left of the dealer, is dealt first
        "8-7 8-6 8-5 8-4 8-3 8-2 8-0",
        "7-6 7-5 7-4 7-3 7-2 7-0 6-6",  # the dealer, seat 1, is dealt last
    )
    assert hand(state, 2) == ["9-8", "9-7", "9-6", "9-5", "9-4", "9-3", "9-2"]
    assert hand(state, 3) == ["8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-0"]
    assert len(state.pile) == 65 - 21
    assert hand(state, 1) == ["7-6", "7-5", "7-4", "7-3", "7-2", "7-0"]  # 6-6 went to the hub
    assert state.notation().startswith("dealer=1 turn=2 phase=play | layout 6-6 |")


def test_the_highest_double_is_placed_in_the_hub_and_the_player_to_its_left_plays_first():
    """R-WF PLAY: "The player with the highest double plays first and places that highest
    double face up in the center of the WILDFIRE HUB ... Play proceeds clockwise"."""
    state = new_state(players=3)
    deal(
        state,
        "W-W 9-7 9-6 9-5 9-4 9-3 9-2",  # seat 2: the Double Wild One is no starter (D-WF-7)
        "8-8 8-6 8-5 8-4 8-3 8-2 8-0",  # seat 3: 8-8, the highest double dealt
        "5-5 7-5 7-4 7-3 7-2 7-0 6-0",  # seat 1: a lower double
    )
    assert state.notation().startswith("dealer=1 turn=1 phase=play | layout 8-8 | hands 5-5 ")
    assert hand(state, 3) == ["8-6", "8-5", "8-4", "8-3", "8-2", "8-0"]
    assert state.to_act() == 0  # seat 1 sits to the left of seat 3


def test_the_double_wild_one_never_starts_a_round():
    """D-WF-7: "A Double Wild One can never start, because it has no number"."""
    state = new_state(players=2)
    deal(state, "W-W 9-7 9-6 9-5 9-4 9-3 9-2", "2-2 8-6 8-5 8-4 8-3 8-0 7-0")
    assert state.notation().startswith("dealer=1 turn=2 phase=play | layout 2-2 |")
    assert "W-W" in hand(state, 2)


def test_if_nobody_has_a_double_each_player_draws_another_domino_a_pass_until_someone_draws_a_double():
    """R-WF: "If no player has a double, then each player draws another domino from the
    pile, until someone draws a double" (D-WF-7 as amended): every player draws one a pass,
    from the dealer's left, so the hands stay equal. The pass in which a double turns up is
    played out, and then the highest double held starts."""
    state = new_state(players=3)
    deal(
        state,
        "W-W 9-7 9-6 9-5 9-4 9-3 9-2",
        "8-7 8-6 8-5 8-4 8-3 8-2 8-0",
        "7-6 7-5 7-4 7-3 7-2 7-0 6-5",
    )
    assert state.notation().startswith("dealer=1 turn=2 phase=firstdouble | layout  | hands")
    assert state.to_act() == -1
    assert {p for _, p in state.chance_outcomes()} == {1 / 44}

    state.apply_chance(tile("4-4"))  # seat 2 draws a double: the pass goes on all the same
    assert state.notation().startswith("dealer=1 turn=3 phase=firstdouble")
    state.apply_chance(tile("6-4"))  # seat 3 draws no double
    assert state.notation().startswith("dealer=1 turn=1 phase=firstdouble")
    state.apply_chance(tile("6-6"))  # seat 1, the dealer, draws a higher double

    assert state.notation().startswith("dealer=1 turn=2 phase=play | layout 6-6 |")
    assert [len(hand(state, seat)) for seat in (1, 2, 3)] == [7, 8, 8]  # equal, less the 6-6 placed
    assert "4-4" in hand(state, 2)
    assert state.to_act() == 1  # seat 2 sits to the left of seat 1


def test_if_the_first_pass_turns_up_no_double_every_player_draws_again():
    """R-WF: "... each player draws another domino from the pile, until someone draws a
    double": a pass with no double is followed by another, hands one tile larger each."""
    state = new_state(players=2)
    deal(state, "W-W 9-7 9-6 9-5 9-4 9-3 9-2", "8-7 8-6 8-5 8-4 8-3 8-2 8-0")
    state.apply_chance(tile("7-6"))
    state.apply_chance(tile("7-5"))
    assert state.notation().startswith("dealer=1 turn=2 phase=firstdouble")
    assert [len(hand(state, seat)) for seat in (1, 2)] == [8, 8]
    state.apply_chance(tile("3-3"))  # seat 2 draws a double; seat 1 still draws its tile
    assert state.notation().startswith("dealer=1 turn=1 phase=firstdouble")
    state.apply_chance(tile("7-4"))
    assert state.notation().startswith("dealer=1 turn=1 phase=play | layout 3-3 |")
    assert [len(hand(state, seat)) for seat in (1, 2)] == [9, 8]


def test_eight_players_are_dealt_56_and_the_first_double_can_come_from_the_last_nine():
    """R-WF SET-UP with the most players: 8 x 7 = 56 dealt, 9 left to draw. Here all nine
    doubles stay in the pile, so the first draw (D-WF-7) is sure to find one."""
    state = new_state(players=8)
    for _ in range(56):
        state.apply_chance(max(state.pile))  # the set lists the doubles first: none is dealt
    assert [len(h) for h in state.hands] == [7] * 8
    assert state.notation().startswith("dealer=1 turn=2 phase=firstdouble")
    assert sorted(TILES.name(t) for t, _ in state.chance_outcomes()) == sorted(
        ["9-9", "8-8", "7-7", "6-6", "5-5", "4-4", "3-3", "2-2", "0-0"]
    )
    for double in ("0-0", "2-2", "3-3", "4-4", "5-5", "6-6", "7-7", "8-8"):  # one pass: 8 of 9
        state.apply_chance(tile(double))
    # The dealer, last in the pass, drew 8-8, the highest: it starts, and seat 2 plays next.
    assert state.notation().startswith("dealer=1 turn=2 phase=play | layout 8-8 |")
    assert [len(h) for h in state.hands] == [7] + [8] * 7


def test_the_last_tile_of_the_deal_tells_everyone_who_places_the_highest_double():
    """R-WF: "The player with the highest double plays first and places that highest double
    face up in the center of the WILDFIRE HUB": the placing is public, the dealt tile is not."""
    state = new_state(players=2)
    deal(state, "8-8 9-7 9-6 9-5 9-4 9-3", "5-5 8-6 8-5 8-4 8-3 8-0")  # seat 2, then the dealer
    state.apply_chance(tile("9-2"))  # seat 2's seventh; the dealer's seventh is the last tile
    public, private, owners = story.describe_outcome(state, tile("7-0"))
    assert public == "P1 is dealt a tile; P2 holds the highest double and places 8-8 in the hub"
    assert private == "P1 is dealt 7-0; P2 holds the highest double and places 8-8 in the hub"
    assert owners == frozenset({0})
    state.apply_chance(tile("7-0"))
    assert state.notation().startswith("dealer=1 turn=1 phase=play | layout 8-8 |")


def test_a_deal_without_a_double_tells_everyone_to_draw_another():
    """R-WF: "If no player has a double, then each player draws another domino"."""
    state = new_state(players=2)
    deal(state, "W-W 9-7 9-6 9-5 9-4 9-3", "8-7 8-6 8-5 8-4 8-3 8-0")
    state.apply_chance(tile("9-2"))
    public, _, _ = story.describe_outcome(state, tile("7-0"))
    assert public == "P1 is dealt a tile; nobody holds a double, so each player draws another domino"
