"""The Table: pushed from outside, numbered events per seat, resumed from its record with the
same chance steps to come, and the seed kept until the game is over."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamenight.engine.errors import IllegalMoveError, NotationError, NotYourTurnError, RecordError, RulesError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.record import Record, Step
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.games.wildfire.tiles import TILES

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("wildfire", {"players": 3, "rounds": 1}),
    ("wildfire", {"players": 2, "rounds": 2, "strategic": True}),
    ("wildstar", {"players": 3, "hands": 2}),
    ("highrise", {"players": 2, "hands": 2}),
    ("fireball-island", {"players": 3, "turn_limit": 60}),
]
SEED = 4_815_162_342  # digits that occur nowhere else in a game's text


def new_table(name: str, options: dict[str, Any], seed: int = SEED) -> Table:
    game = make_game(name, options)
    return Table(game, [f"bot{s + 1}" for s in range(game.new_state().num_players)], seed=seed)


def play_randomly(table: Table, rng: random.Random, steps: int | None = None) -> None:
    """Random legal decisions until the game ends, or for `steps` decisions."""
    done = 0
    while (seat := table.to_act()) is not None and (steps is None or done < steps):
        table.submit(seat, rng.choice(list(table.legal_moves())))
        done += 1


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_table_says_who_decides_with_every_legal_move_in_notation_and_words(name, options):
    table = new_table(name, options)
    pending = table.pending()
    assert pending is not None and pending.seat == table.to_act() != CHANCE
    assert [c.move for c in pending.choices] == list(table.legal_moves())
    for choice in pending.choices:
        assert table.state.parse_move(choice.notation) == choice.move
        assert choice.description


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_after_each_decision_the_table_plays_the_chance_steps_by_itself(name, options):
    table = new_table(name, options)
    rng = random.Random(1)
    for _ in range(30):
        seat = table.to_act()
        if seat is None:
            break
        before = table.number
        new = table.submit(seat, rng.choice(list(table.legal_moves())))
        assert [e.number for e in new] == list(range(before + 1, table.number + 1))
        assert new[0].seat == seat
        assert table.to_act() != CHANCE


def test_a_decision_from_the_wrong_seat_bad_notation_or_an_illegal_move_changes_nothing():
    table = new_table("wildfire", {"players": 3, "rounds": 1})
    seat = table.to_act()
    assert seat is not None
    before = (table.state.notation(), table.number, len(table.record.steps))
    legal = table.legal_moves()[0]
    with pytest.raises(NotYourTurnError, match=f"it is P{seat + 1}'s turn"):
        table.submit((seat + 1) % 3, legal)
    with pytest.raises(NotationError):
        table.submit(seat, "5-3 on the left")
    with pytest.raises(IllegalMoveError):
        table.submit(seat, "0-0@e40")
    with pytest.raises(IllegalMoveError):
        table.submit(seat, ("not", "a", "move"))
    assert (table.state.notation(), table.number, len(table.record.steps)) == before
    table.submit(seat, table.state.move_notation(legal))  # notation text is accepted
    assert table.number > before[1]


def test_events_tell_each_seat_only_what_it_may_know():
    """The deal: each seat sees its own tiles named and the others' as 'is dealt a tile';
    a spectator sees no tile at all."""
    table = new_table("wildfire", {"players": 3, "rounds": 1})
    hands = table.state.hands  # type: ignore[attr-defined]
    for seat in (0, 1, 2):
        named = [e["notation"] for e in table.events_for(seat) if e["seat"] is None and e["notation"]]
        own = {TILES.name(t) for t in hands[seat]}
        others = {TILES.name(t) for s, h in enumerate(hands) if s != seat for t in h}
        assert own <= set(named) | {TILES.name(table.state.layout.tiles[0])}  # type: ignore[attr-defined]
        assert not others & set(named)
    spectator = table.events_for(None)
    assert all(e["notation"] is None for e in spectator if e["seat"] is None and "dealt" in e["text"])


def test_a_client_that_missed_events_catches_up_from_its_last_number():
    table = new_table("highrise", {"players": 2})
    seen = table.events_for(0)
    play_randomly(table, random.Random(2), steps=5)
    missed = table.events_for(0, since=len(seen))
    assert seen + missed == table.events_for(0)
    assert [e["n"] for e in missed] == list(range(len(seen) + 1, table.number + 1))
    with pytest.raises(RulesError, match="cannot start after"):
        table.events_for(0, since=table.number + 1)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_table_resumed_from_its_record_plays_on_exactly_as_if_it_had_never_stopped(name, options):
    """At random points: the resumed table has the same position, and from there the same
    decisions meet the same chance outcomes as on the table that never stopped."""
    pick = random.Random(name + str(options))
    for _ in range(3):
        whole = new_table(name, options)
        play_randomly(whole, random.Random(7))
        stop = pick.randrange(len(whole.record.steps))
        steps = whole.record.steps
        # the same game again, stopped after the decision before `stop`
        first = new_table(name, options)
        decisions = [s for s in steps if s.seat != CHANCE]
        made = 0
        while first.number < stop and first.to_act() is not None:
            seat = first.to_act()
            assert seat is not None
            first.submit(seat, decisions[made].text)
            made += 1
        saved = Record.parse(json.dumps(first.record.to_json()))
        resumed = Table.resume(saved)
        assert resumed.state.notation() == first.state.notation()
        assert resumed.number == first.number
        for text in (s.text for s in decisions[made:]):
            seat = resumed.to_act()
            assert seat is not None
            resumed.submit(seat, text)
        assert [(s.seat, s.text) for s in resumed.record.steps] == [(s.seat, s.text) for s in steps]
        assert resumed.state.notation() == whole.state.notation()


def test_a_record_whose_chance_step_was_changed_does_not_resume():
    table = new_table("wildfire", {"players": 2, "rounds": 1})
    play_randomly(table, random.Random(3), steps=4)
    data = table.record.to_json()
    i = next(i for i, (seat, _) in enumerate(data["steps"]) if seat == CHANCE)
    data["steps"][i][1] = "9-9" if data["steps"][i][1] != "9-9" else "8-8"
    with pytest.raises(RecordError, match=f"step {i + 1}"):
        Table.resume(Record.from_json(data))


def test_a_record_that_skips_a_seat_does_not_resume():
    table = new_table("highrise", {"players": 2})
    record = table.record
    seat = table.to_act()
    assert seat is not None
    forged = Record(
        record.game, record.options, record.seats, record.seed, None, [*record.steps, Step(1 - seat, "draw")]
    )
    with pytest.raises(RecordError, match="is to act"):
        Table.resume(forged)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_seed_is_never_shown_before_the_game_is_over(name, options):
    table = new_table(name, options)
    rng = random.Random(5)
    seats = range(table.state.num_players)
    while (seat := table.to_act()) is not None:
        for who in [*seats, None]:
            assert str(SEED) not in json.dumps([table.view(who), table.events_for(who)])
        with pytest.raises(RulesError, match="when the game is over"):
            table.record_for(seat)
        table.submit(seat, rng.choice(list(table.legal_moves())))
    assert table.record_for(0).seed == SEED


def test_without_a_seed_the_table_draws_one_nobody_can_guess():
    game = make_game("wildstar", {"players": 2, "hands": 1})
    seeds = {Table(game, ["a", "b"]).seed for _ in range(5)}
    assert len(seeds) == 5 and all(seed >= 0 for seed in seeds)


# -- undo: Board Game Arena's policy -------------------------------------------------------

UNDOABLE = [
    ("wildfire", {"players": 2, "rounds": 1, "strategic": True}),  # a wild play, then its hub number
    ("fireball-island", {"players": 3, "turn_limit": 60}),  # a card, then the walk it gives
]


@pytest.mark.parametrize(("name", "options"), UNDOABLE)
def test_a_seat_takes_back_its_last_move_while_nobody_else_moved_and_nothing_was_revealed(name, options):
    table, twin = new_table(name, options), new_table(name, options)
    rng = random.Random(3)
    undone = 0
    while (seat := table.to_act()) is not None:
        before, number = table.state.notation(), table.number
        move = rng.choice(list(table.legal_moves()))
        table.submit(seat, move)
        twin.submit(seat, move)
        if table.to_act() == seat and table.why_no_undo(seat) is None:
            event = table.undo(seat)
            assert (table.state.notation(), table.number) == (before, number)
            assert event.seat == seat and event.text == table.state.move_notation(move)
            assert table.record.steps == twin.record.steps[:-1]
            table.submit(seat, move)  # made again: the game goes on as the twin's does
            undone += 1
    assert undone >= 3
    # Undoing moved no generator: every chance step after each undo is the twin's.
    assert table.record.steps == twin.record.steps
    assert table.state.notation() == twin.state.notation()


def test_undo_is_refused_once_chance_revealed_something_or_another_seat_moved():
    table = new_table("wildfire", {"players": 3, "rounds": 1})
    rng = random.Random(5)
    refused = {"chance": 0, "other": 0}
    while (seat := table.to_act()) is not None and min(refused.values()) < 3:
        table.submit(seat, rng.choice(list(table.legal_moves())))
        for who in range(3):
            why = table.why_no_undo(who)
            if who == seat and table.record.steps[-1].seat == CHANCE:
                assert why is not None and "chance" in why
                refused["chance"] += 1
            elif table.record.steps[-1].seat not in (CHANCE, who):
                assert why is not None and "only your own" in why
                refused["other"] += 1
            else:
                continue
            before = (table.state.notation(), table.number, len(table.record.steps))
            with pytest.raises(IllegalMoveError, match="cannot undo"):
                table.undo(who)
            assert (table.state.notation(), table.number, len(table.record.steps)) == before
    assert min(refused.values()) >= 3


def test_nothing_is_taken_back_before_the_first_move_or_after_the_end():
    game = make_game("highrise", {"players": 2, "hands": 1})
    fresh = Table(game, ["a", "b"], seed=SEED, auto_chance=False)
    assert fresh.why_no_undo(0) == "nothing has been played yet"
    table = new_table("highrise", {"players": 2, "hands": 1})
    play_randomly(table, random.Random(2))
    last = table.record.steps[-1].seat
    assert last != CHANCE  # the hand ends with the play that goes out
    assert table.why_no_undo(last) == "the game is over"
    with pytest.raises(IllegalMoveError, match="cannot undo: the game is over"):
        table.undo(last)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_table_without_words_plays_the_same_game_and_tells_nothing(name, options):
    """`words=False` (bots alone, the arena) skips the story: the same record step for step,
    events with no words whose notation no seat is shown, and `events_for` refused."""
    game = make_game(name, options)
    seats = [f"bot{s + 1}" for s in range(game.new_state().num_players)]
    told, untold = Table(game, seats, seed=SEED), Table(game, seats, seed=SEED, words=False)
    play_randomly(told, random.Random(7))
    play_randomly(untold, random.Random(7))
    assert untold.record.steps == told.record.steps
    assert untold.record.result == told.record.result
    assert [e.text for e in untold.events] == [e.text for e in told.events]
    assert any(e.public for e in told.events)
    assert all(e.public == e.private == "" for e in untold.events)
    for event in untold.events:
        if event.seat == CHANCE:
            assert all(event.for_seat(seat)["notation"] is None for seat in [None, *range(len(seats))])
    with pytest.raises(RulesError, match="no words"):
        untold.events_for(0)
