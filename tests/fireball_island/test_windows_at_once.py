"""A card window is one moment at the table (issue 27; Board Game Arena's multiple-active
states): a `Table` asks every seat the window asks at once, holds an answer given ahead of its
turn, and plays the answers in the rules' order (decision FI-1: turn order from the player), so
the record is the one the sequential rules make. Nobody is told anything of the window until
it closes (`visible`), and the log tells it once."""

from __future__ import annotations

import random

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.record import replay
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table

from .scenarios import AT_START, position

# P2's turn, before the roll: P2, P3 and P1 hold cards (in that order the window asks them).
THREE = f"turn=2 | pieces WT1 TA3 TA8 WT4 | hands DOUBLE_NEXT_ROLL / TAKE_1_CARD / REROLL / - | {AT_START}"


def table_at(text: str) -> Table:
    state = position(text)
    return Table(state.game, [f"P{s + 1}" for s in range(state.n)], seed=5, state=state, windows=True)


def choices(table: Table, seat: int) -> list[str]:
    pending = table.pending_for(seat)
    return [] if pending is None else [c.notation for c in pending.choices]


def test_a_window_asks_every_seat_at_once_each_with_its_own_choices():
    """Decision FI-2: the window asks every seat holding a card; all of them at the same moment,
    each choosing as the rules will take its answer (those before it passing)."""
    table = table_at(THREE)
    assert table.asked() == (1, 2, 0)
    assert choices(table, 1) == ["pass", "TAKE_1_CARD@1", "TAKE_1_CARD@3"]
    assert choices(table, 2) == ["pass"]  # REROLL fits only after a roll
    assert choices(table, 0) == ["pass", "DOUBLE_NEXT_ROLL"]
    assert choices(table, 3) == []  # holding nothing, P4 is not asked


def test_answers_ahead_of_their_turn_are_held_and_the_window_is_told_when_it_closes():
    table = table_at(THREE)
    start = table.number
    assert table.submit(0, "pass") == [] and table.submit(2, "pass") == []  # P1, P3: ahead of P2
    assert table.asked() == (1,) and table.visible == start
    with pytest.raises(IllegalMoveError, match="you have answered this card window"):
        table.submit(0, "DOUBLE_NEXT_ROLL")
    events = table.submit(1, "pass")  # P2 rolls: every answer is played, in the window's order
    assert [(e.seat, e.text) for e in events[:3]] == [(1, "pass"), (2, "pass"), (0, "pass")]
    assert table.visible == table.number  # (the window after the roll opens now, told from here)
    # The log tells the window once: the last pass says nobody played a card, and not whose it was.
    told = [e.for_seat(None) for e in events[:3]]
    assert [e["text"] for e in told] == ["", "", "nobody played a card"] and told[2]["seat"] is None


def test_while_a_window_is_open_nobody_is_told_who_has_passed():
    """Other seats learn that the window closed and which card was played; never a pass, nor
    when it was given: the events stop at the window's start, and every view is the window as it
    opened (or, to a seat yet to answer, its own decision in it)."""
    table = table_at(THREE)
    opened = {seat: dict(table.view_for(seat)) for seat in (None, 0, 1, 2, 3)}
    table.submit(1, "pass")  # P2 passes: played at once, the rules being at P2
    assert table.number > table.visible
    assert dict(table.view_for(None)) == opened[None] and dict(table.view_for(3)) == opened[3]
    assert dict(table.view_for(1)) == opened[1]  # P2 answered: the window as it opened
    assert table.view_for(2)["decision"]["seat"] == 2  # P3, yet to answer, sees its own decision


def test_a_card_played_before_a_held_answer_opens_the_window_again_for_all():
    """Decision FI-1: the first card in turn order wins; a card played asks every seat again, so
    an answer held for the window as it was is dropped and its seat asked anew."""
    table = table_at(THREE)
    table.submit(0, "DOUBLE_NEXT_ROLL")  # P1 answers first, but P2 and P3 come before it
    table.submit(1, "TAKE_1_CARD@1")  # P2's card comes first: P1's answer is for a window gone
    assert table.window is not None and 0 in table.asked() and not table.window.held
    assert table.state.hands[0] == [table.state.hands[0][0]] and table.state.hands[0][0].key == "DOUBLE_NEXT_ROLL"


def test_a_held_card_is_played_when_the_seats_before_it_pass():
    table = table_at(THREE)
    table.submit(0, "DOUBLE_NEXT_ROLL")
    table.submit(2, "pass")
    events = table.submit(1, "pass")
    assert [(e.seat, e.text) for e in events[:3]] == [(1, "pass"), (2, "pass"), (0, "DOUBLE_NEXT_ROLL")]
    assert events[2].public.startswith("plays DOUBLE THE NEXT DIE ROLL")


def test_an_answer_that_is_not_the_seats_to_give_is_refused_and_changes_nothing():
    table = table_at(THREE)
    with pytest.raises(IllegalMoveError):
        table.submit(2, "REROLL")  # REROLL fits only after a roll
    with pytest.raises(IllegalMoveError):
        table.submit(0, "TAKE_1_CARD@2")  # not P1's card
    assert table.asked() == (1, 2, 0) and not table.window.held and table.visible == table.number


@pytest.mark.parametrize("players", [2, 3, 4])
def test_answering_in_any_order_makes_the_record_the_rules_make_in_turn_order(players: int):
    """The record keeps every answer as a step, in the rules' order: a game whose windows were
    answered in a random order replays exactly, and is the game the same answers make given one
    by one."""
    game = make_game("fireball-island", {"players": players, "turn_limit": 40})
    rng = random.Random(players)
    table = Table(game, [f"P{s + 1}" for s in range(players)], seed=players, windows=True)
    while not table.is_over():
        seat = rng.choice(table.asked())
        pending = table.pending_for(seat)
        assert pending is not None
        table.submit(seat, rng.choice(pending.choices).move)
    again = Table(game, table.record.seats, seed=players)
    for step in table.record.steps[again.number :]:
        if step.seat >= 0:
            again.submit(step.seat, step.text)
    assert again.record.steps == table.record.steps
    assert replay(table.record).notation() == table.state.notation()


def test_the_log_counts_the_seats_a_window_asks_as_the_table_asks_them():
    """The log tells a window once, when its last pass closes it ("nobody played a card"), and
    says nothing of a pass while more seats are to answer: `story.told` asks `after_pass`,
    which must count exactly the seats `asked_together` (the table) and the whole round ask.
    Every window and chain of 40 random games, in every answer."""
    from gamenight.engine.chance import sample
    from gamenight.engine.protocol import CHANCE
    from gamenight.games.fireball_island.tasks import Chain, Window
    from gamenight.games.fireball_island.windows import (
        CLOSES_ASKED_ALONE,
        CLOSES_ASKED_SEVERAL,
        STAYS_OPEN,
        _askable_among,
        after_pass,
        asked_together,
        window_order,
    )

    game = make_game("fireball-island", {"players": 4})
    rng = random.Random(11)
    checked = dict.fromkeys((STAYS_OPEN, CLOSES_ASKED_SEVERAL, CLOSES_ASKED_ALONE), 0)
    for _ in range(40):
        state = game.new_state()
        while (seat := state.to_act()) is not None:
            task = state.tasks[-1]
            if type(task) is Window or type(task) is Chain:
                now = len(asked_together(state)) > 1
                several = len(_askable_among(state, task, window_order(state, task))) > 1
                expected = STAYS_OPEN if now else CLOSES_ASKED_SEVERAL if several else CLOSES_ASKED_ALONE
                assert after_pass(state, task) == expected
                checked[expected] += 1
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_moves()))
    assert min(checked.values()) > 100, checked  # windows still open, and closing either way, all seen
