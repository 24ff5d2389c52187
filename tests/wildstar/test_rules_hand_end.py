"""The end of a hand: someone goes out, or the game is blocked; the winner shuffles the
next hand, whose double its holder sets (R-WS; D-WS-3, D-WS-6)."""

from __future__ import annotations

from gamenight.engine.table import Table
from gamenight.games.wildstar import story
from gamenight.games.wildstar.tiles import ALL_TILES, NAMES

from .conftest import count, deal, hand, laid, moves, play, position

FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"
# Every 9 and every wildstar is on the table, and the five open ends (e7 e9 e11 e13 e15) all
# show 9: with the pile empty nobody can play.
BLOCKED = f"{FIVE} S-7@e1 7-9@e6 S-5@e2 5-9@e8 S-2@e3 2-9@e10 0-1@e4 1-9@e12 S-9@e5 SS@e14"
EVERYTHING = " ".join(NAMES[t] for t in ALL_TILES)


def test_the_first_player_to_play_all_his_dominoes_is_the_winner_of_the_hand():
    """R-WS: "The first player to play all his or her dominoes is the winner of the hand" --
    the hand ends at once, though others could still play and the pile is not empty."""
    state = position(f"shuffler=3 turn=1 | layout {FIVE} | hands 4-2 / S 0-0 / 6-5 | pile *")
    assert story.describe(state, state.parse_move("4-2@e1")) == "plays 4-2 on the 4 at e1 and goes out"
    play(state, "4-2@e1")
    assert state.sheet == [[0, 50, 11]]
    assert (
        state.notation()
        == f"shuffler=1 turn=1 phase=deal sheet=0,50,11 | layout  | hands - / - / - | pile {EVERYTHING}"
    )


def test_the_same_play_is_told_as_what_it_does_in_each_position():
    """The log tells a play by what it does where it is made: the same 4-2 on the 4 at e1 goes
    out from a one-tile hand, and sheds its 6 points from a longer one (its words are kept
    by move, the number laid on and going out: each position gets its own)."""
    last = position(f"shuffler=3 turn=1 | layout {FIVE} | hands 4-2 / S 0-0 / 6-5 | pile *")
    longer = position(f"shuffler=3 turn=1 | layout {FIVE} | hands 4-2 1-1 / S 0-0 / 6-5 | pile *")
    move = last.parse_move("4-2@e1")
    assert story.describe(last, move) == "plays 4-2 on the 4 at e1 and goes out"
    assert story.describe(longer, move) == "plays 4-2 on the 4 at e1 (sheds 6 points)"
    assert story.describe(last, move) == "plays 4-2 on the 4 at e1 and goes out"


def test_the_person_winning_the_previous_hand_shuffles_and_the_holder_of_the_next_double_sets_it():
    """R-WS: "The person winning the previous hand shuffles the tiles for the next hand";
    "Each hand thereafter begins with the next-lowest number double tile"; D-WS-3: "The holder
    of the required double sets it in the centre", and the winner "is the first player of the
    next round". Seat 1 wins hand 1; seat 2 holds the 8-8 and sets it; seat 1 plays first."""
    state = position(f"shuffler=3 turn=1 | layout {FIVE} | hands 4-2 / S 0-0 / 6-5 | pile *")
    play(state, "4-2@e1")
    assert state.view(None)["centre"] == "8-8"
    deal(
        state,
        "8-8 9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0",  # seat 2, left of the shuffler
        "7-7 7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-6 6-5",  # seat 3
        "8-7 8-6 8-5 8-4 8-3 8-2 8-1 8-0 6-4 6-3",  # seat 1, the shuffler, last
    )
    assert state.notation().startswith("shuffler=1 turn=1 phase=play sheet=0,50,11 | layout 8-8 |")
    assert "8-8" not in hand(state, 2)
    assert state.to_act() == 0


def test_a_blocked_game_ends_the_hand_when_no_player_can_make_a_play():
    """R-WS: "In the event the game becomes blocked (no player can make a play), everyone makes
    a count of their dominoes and that score is added to each person's score." The hand is
    over as soon as the player to act cannot play, the pile is empty and no hand can play."""
    state = position(f"shuffler=2 turn=1 | layout {BLOCKED} | hands 8-7 / 0-0 5-4 / * | pile -")
    rest = hand(state, 3)
    assert moves(state) == ["pass"]
    play(state, "pass")
    assert state.sheet == [[15, 39, count(rest)]]
    assert count(laid(BLOCKED)) == 236
    assert count(rest) == 625 - 236 - 15 - 39 == 335
    assert state.notation().startswith("shuffler=1 turn=1 phase=deal sheet=15,39,")


def test_a_blocked_hand_still_counts_as_a_hand():
    """D-WS-6: "A blocked hand still counts as a hand": the next one begins with the 8-8."""
    state = position(f"shuffler=2 turn=1 | layout {BLOCKED} | hands 8-7 / 0-0 5-4 / * | pile -")
    play(state, "pass")
    view = state.view(None)
    assert (view["hand_number"], view["centre"]) == (2, "8-8")


def test_after_a_blocked_hand_the_player_with_the_lowest_count_shuffles():
    """Decision made here (R-WS names only "the person winning the previous hand"): after a
    block the player with the lowest count shuffles next; on a tie, the first of them from
    the old shuffler's left. Seats 1 and 3 both count 15 here."""
    for shuffler, next_shuffler in ((1, 3), (2, 3), (3, 1)):
        text = f"shuffler={shuffler} turn=2 | layout {BLOCKED} | hands 8-7 / * / 8-5 2-0 | pile -"
        state = position(text)
        play(state, "pass")
        assert state.sheet[0][0] == state.sheet[0][2] == 15
        assert state.notation().startswith(f"shuffler={next_shuffler} turn={next_shuffler} phase=deal ")


def test_a_count_of_one_is_told_in_the_singular():
    """R-WS "The count": "Each dot on a domino counts 1 point": a 1-0 played sheds "1 point", and
    left in a hand when the hand ends it counts "1 pip" (the page writes each part of a count
    as its number, then what it counts)."""
    state = position(f"shuffler=3 turn=1 | layout {FIVE} | hands 0-1 1-1 / S 0-0 / 6-5 | pile *")
    assert story.describe(state, state.parse_move("0-1@e4")) == "plays 0-1 on the 0 at e4 (sheds 1 point)"
    state = position(f"shuffler=3 turn=1 | layout {FIVE} | hands 4-2 / 1-0 / 6-5 | pile *")
    table = Table(state.game, ["P1", "P2", "P3"], 1, state, pauses=True)
    table.submit(0, "4-2@e1")
    assert table.round_end is not None
    assert [line["parts"] for line in table.round_end["seats"]] == [[["pips", 0]], [["pip", 1]], [["pips", 11]]]
