"""The engine core: options, registry, chance sampling, matches, records and replay."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from gamenight.bots.registry import make_bot
from gamenight.engine.chance import Alike, Uniform, alike, choose, sample, uniform
from gamenight.engine.errors import ConfigError, NotationError, RecordError, RulesError, StaleOutcomesError
from gamenight.engine.match import Match
from gamenight.engine.protocol import CHANCE
from gamenight.engine.record import Record, replay, replay_steps
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.record_files import read_record, write_record


def _record(seed: int = 5, **options: object) -> Record:
    game = make_game("wildfire", {"players": 3, "rounds": 1, **options})
    return Match(game, [make_bot(n, game) for n in ("greedy", "random", "greedy")], seed).run()


# -- options and registry ------------------------------------------------------


def test_unknown_game_is_named_with_the_known_ones() -> None:
    with pytest.raises(ConfigError, match=r"unknown game 'chess'.*wildfire"):
        make_game("chess")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "2 to 8 players"),
        ({"players": "four"}, "'players' must be int"),
        ({"players": True}, "'players' must be int"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"rounds": 0}, "rounds must be 1 to 50, not 0"),
        ({"target_score": -5}, "target_score must be 1 to 1000, not -5"),
        ({"strategic": "yes"}, "'strategic' must be bool"),
    ],
)
def test_bad_options_are_refused_with_a_clear_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_game("wildfire", options)


def test_options_none_is_allowed_where_the_option_is_optional() -> None:
    assert make_game("wildfire", {"rounds": None}).options.rounds is None


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ConfigError, match="unknown bot 'clever'"):
        make_bot("clever", make_game("wildfire"))


def test_a_match_needs_one_agent_per_seat() -> None:
    game = make_game("wildfire", {"players": 4})
    with pytest.raises(ConfigError, match="4 seats"):
        Match(game, [make_bot("random", game)] * 3, seed=1)


# -- chance --------------------------------------------------------------------


def test_sample_draws_exactly_one_random_number() -> None:
    outcomes = uniform(list("abcdefg"))
    rng, twin = random.Random(3), random.Random(3)
    picks = [sample(outcomes, rng) for _ in range(50)]
    expected = [outcomes[int(twin.random() * 7)][0] for _ in range(50)]
    assert picks == expected


class _Loaded(random.Random):
    """A generator of its own kind: its `random` always gives the same number."""

    def random(self) -> float:
        return 0.99


def test_sample_asks_a_generator_of_its_own_kind_for_its_number() -> None:
    outcomes = uniform(list("abcdefghij"))
    assert {sample(outcomes, _Loaded(n)) for n in range(30)} == {"j"}
    assert {sample([("rare", 0.1), ("common", 0.9)], _Loaded(n)) for n in range(30)} == {"common"}


def test_sample_follows_the_probabilities() -> None:
    rng = random.Random(0)
    draws = [sample([("rare", 0.1), ("common", 0.9)], rng) for _ in range(5000)]
    assert 350 < draws.count("rare") < 650


@pytest.mark.parametrize("kind", [list, tuple])
def test_choose_draws_what_rng_choice_draws_and_leaves_the_generator_as_it_would(kind: type) -> None:
    """Every length to 300 and longer ones, powers of two and their neighbours among them (where
    the draws are taken again most often, and where `choose` stops reading its table of bits):
    the same item, and the generator in the same state after."""
    rng, twin = random.Random(11), random.Random(11)
    for n in [*range(1, 301), 511, 512, 513, 1023, 1024, 1025, 4096, 5000]:
        items = kind(range(100, 100 + n))
        for _ in range(7):
            assert choose(items, rng) == twin.choice(items)
        assert rng.getstate() == twin.getstate()


class _RandomOfItsOwn(random.Random):
    """A generator that overrides `random` alone: Python's `choice` then draws with it."""

    def random(self) -> float:
        return super().random()


def test_choose_asks_a_generator_that_draws_otherwise_as_rng_choice_would() -> None:
    rng, twin = _RandomOfItsOwn(4), _RandomOfItsOwn(4)
    for n in (1, 2, 3, 7, 8, 9, 1000, 5000):
        items = list(range(n))
        assert [choose(items, rng) for _ in range(20)] == [twin.choice(items) for _ in range(20)]
    assert rng.getstate() == twin.getstate()


def test_choose_from_nothing_is_an_index_error_as_rng_choice_is() -> None:
    with pytest.raises(IndexError):
        choose([], random.Random(0))


def test_alike_items_are_listed_once_with_their_summed_probability() -> None:
    """A pile with four single stars: the outcome 'star' is listed once, with 4/6."""
    outcomes = alike(["star", "9-9", "star", "star", "5-3", "star"])
    assert [o for o, _ in outcomes] == ["star", "9-9", "5-3"]
    assert [round(p, 9) for _, p in outcomes] == [round(4 / 6, 9), round(1 / 6, 9), round(1 / 6, 9)]
    assert len(outcomes) == 3


def test_alike_items_are_sampled_each_as_likely_as_any_other_physical_item() -> None:
    outcomes = alike(["star", "9-9", "star", "star", "5-3", "star"])
    rng, twin = random.Random(8), random.Random(8)
    draws = [sample(outcomes, rng) for _ in range(6000)]
    assert draws == [outcomes.items[int(twin.random() * 6)] for _ in range(6000)]  # one random() each
    assert 3700 < draws.count("star") < 4300


@pytest.mark.parametrize("listed", [Uniform, Alike])
def test_a_draw_lists_the_pile_itself_and_is_not_read_once_the_pile_is_cut(listed: Any) -> None:
    """A game's draw lists its pile with no copy: the same outcomes as a copy would give, drawn
    alike; once a tile leaves the pile, every way of reading the old listing refuses, naming
    what to do, where it would have named a tile that is gone."""
    pile = ["star", "9-9", "star", "star", "5-3", "star"]
    outcomes, copied = listed(pile), (uniform if listed is Uniform else alike)(pile)
    assert list(outcomes) == list(copied) and len(outcomes) == len(copied)
    rng, twin = random.Random(5), random.Random(5)
    assert [sample(outcomes, rng) for _ in range(50)] == [sample(copied, twin) for _ in range(50)]
    pile.pop(1)  # a draw
    reads = (len, list, repr, lambda o: o[0], lambda o: o[:2], lambda o: o == copied, lambda o: sample(o, rng))
    for read in reads:
        with pytest.raises(StaleOutcomesError, match=r"list them again with chance_outcomes\(\)"):
            read(outcomes)
    assert list(copied) == list(listed(["star", "9-9", "star", "star", "5-3", "star"]))  # a copy stays as listed


@pytest.mark.parametrize("name", ["wildfire", "wildstar", "highrise"])
def test_a_games_draw_listed_before_a_draw_is_not_read_after_it(name: str) -> None:
    """In every domino game, outcomes listed at one draw are refused at the next: the pile they
    list is the state's own, cut since."""
    game = make_game(name, {"players": 2})
    state, rng = game.new_state(), random.Random(3)
    held = state.chance_outcomes()
    assert isinstance(held, Uniform)
    listed = len(held)
    state.apply_chance(sample(held, rng))
    with pytest.raises(StaleOutcomesError):
        sample(held, rng)
    fresh = state.chance_outcomes()
    assert isinstance(fresh, Uniform) and len(fresh.items) < held.size and len(fresh) <= listed


# -- records -------------------------------------------------------------------


def test_a_record_names_everything_needed_to_replay() -> None:
    data = _record().to_json()
    assert data["format"] == "gamenight-record/1"
    assert data["game"] == "wildfire"
    assert data["options"]["players"] == 3
    assert data["seats"] == ["greedy", "random", "greedy"]
    assert data["seed"] == 5
    assert any(seat == -1 for seat, _ in data["steps"])  # chance outcomes are recorded
    assert any(seat >= 0 for seat, _ in data["steps"])  # and decisions


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    assert _record(5).to_json() == _record(5).to_json()
    assert _record(5).to_json()["steps"] != _record(6).to_json()["steps"]


def test_replay_rebuilds_the_final_position(tmp_path: Path) -> None:
    game = make_game("wildfire", {"players": 3, "rounds": 1})
    match = Match(game, [make_bot("greedy", game) for _ in range(3)], seed=11)
    record = match.run()
    path = tmp_path / "game.json"
    write_record(path, record)
    assert replay(read_record(path)).notation() == match.state.notation()


def _tampered(record: Record, kind: str) -> Record:
    data = json.loads(record.dumps())
    index = next(i for i, (seat, _) in enumerate(data["steps"]) if (seat == -1) == (kind == "chance"))
    if kind == "chance":
        # the first chance step deals a tile: name another tile the seed did not draw
        drawn = data["steps"][index][1]
        data["steps"][index][1] = "9-9" if drawn != "9-9" else "8-8"
    else:
        data["steps"][index][1] = "pass"
    return Record.from_json(data)


def test_replay_refuses_a_chance_outcome_the_seed_did_not_give() -> None:
    with pytest.raises(RecordError, match="with seed 5"):
        replay(_tampered(_record(), "chance"))


def test_replay_refuses_an_illegal_decision() -> None:
    with pytest.raises(RecordError, match=r"step \d+ \('pass'\)"):
        replay(_tampered(_record(), "decision"))


def test_replay_refuses_a_false_result() -> None:
    data = json.loads(_record().dumps())
    data["result"][0] += 1
    with pytest.raises(RecordError, match="claims"):
        replay(Record.from_json(data))


def test_replay_refuses_a_record_that_stops_before_its_claimed_end() -> None:
    data = json.loads(_record().dumps())
    del data["steps"][-5:]
    with pytest.raises(RecordError, match="not over"):
        replay(Record.from_json(data))


def test_replay_steps_yield_every_step_in_order() -> None:
    record = _record()
    steps = list(replay_steps(record))
    assert [s.text for s in steps] == [s.text for s in record.steps]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not JSON"),
        ('{"format": "something-else"}', "not a gamenight record"),
        ('{"format": "gamenight-record/1", "game": "wildfire"}', "missing field"),
        ("[1, 2, 3]", "not a gamenight record"),
    ],
)
def test_corrupt_records_are_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=message):
        read_record(path)


def test_a_missing_record_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "nope.json")


def test_a_record_for_an_unknown_game_cannot_be_set_up() -> None:
    data = json.loads(_record().dumps())
    data["game"] = "chess"
    with pytest.raises(RecordError, match="unknown game"):
        replay(Record.from_json(data))


def test_replay_refuses_a_play_on_an_end_that_is_not_on_the_table() -> None:
    data = json.loads(_record().dumps())
    index = next(i for i, (seat, text) in enumerate(data["steps"]) if seat >= 0 and "@" in text)
    tile = data["steps"][index][1].split("@")[0]
    data["steps"][index][1] = f"{tile}@e99"
    with pytest.raises(RecordError, match="no open end e99"):
        replay(Record.from_json(data))


def test_replay_names_seats_as_people_do() -> None:
    data = json.loads(_record().dumps())
    index = next(i for i, (seat, _) in enumerate(data["steps"]) if seat >= 0)
    data["steps"][index][0] = -1
    with pytest.raises(RecordError, match=r"recorded for chance, but P\d is to act"):
        replay(Record.from_json(data))


# -- notation plumbing -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("wildfire", "dealer=1 turn=² | layout 9-9 | hands 5-3 / 2-2 | pile *"),
        ("wildstar", "turn=² | layout 9-9 | hands 5-3 / 2-2 | pile *"),
        ("highrise", "hand=² turn=1 | hands 1-1 / 2-2"),
    ],
)
def test_a_number_that_is_not_plain_digits_is_a_notation_error_not_a_crash(name: str, text: str) -> None:
    """'²' passes str.isdigit() but not int(): every game refuses it with a NotationError."""
    with pytest.raises(NotationError, match="'²'"):
        make_game(name, {"players": 2}).state_from_notation(text)


# -- the views a match hands its seats (issue 31) --------------------------------


class _Reader:
    """Reads its view while choosing and checks it is the seat's view of the position asked."""

    name = "reader"

    def __init__(self) -> None:
        self.match: Match | None = None
        self.read = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        assert self.match is not None
        state = self.match.state
        assert dict(view) == state.view(state.to_act())
        assert view["seat"] == state.to_act() and "seat" in view and len(view) == len(dict(view))
        self.read += 1
        return rng.choice(legal)


class _Keeper:
    """Keeps its views without reading them."""

    name = "keeper"

    def __init__(self) -> None:
        self.kept: list[Mapping[str, Any]] = []

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        self.kept.append(view)
        return rng.choice(legal)


@pytest.mark.parametrize("name", ["wildfire", "wildstar", "highrise", "fireball-island"])
def test_a_seat_reading_its_view_reads_the_position_it_is_asked_in(name: str) -> None:
    game = make_game(name, {"players": 2})
    readers = [_Reader(), _Reader()]
    match = Match(game, readers, seed=3)
    for reader in readers:
        reader.match = match
    for _ in range(60):
        if match.step() is None:
            break
    assert sum(r.read for r in readers) > 0


def test_a_view_nobody_reads_is_never_written_and_cannot_be_read_after_the_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game("wildstar", {"players": 2, "hands": 1})
    written = 0
    view = type(game.new_state()).view

    def counted(self: Any, seat: int | None) -> Any:
        nonlocal written
        written += 1
        return view(self, seat)

    monkeypatch.setattr(type(game.new_state()), "view", counted)
    keepers = [_Keeper(), _Keeper()]
    Match(game, keepers, seed=4).run()
    assert written == 0  # a random player never looks: no view was written for it
    kept = keepers[0].kept[0]
    with pytest.raises(RuntimeError, match="not read while its seat chose"):
        kept["seat"]


@pytest.mark.parametrize("name", ["wildfire", "wildstar", "highrise", "fireball-island"])
def test_a_match_without_words_plays_the_same_game_and_tells_its_steps_in_no_words(name: str) -> None:
    """`Match(words=False)`, as the arena plays: no story is told (nobody reads it), and the
    game is the very same, step for step."""
    game = make_game(name, {"players": 2})
    told, untold = (Match(game, [make_bot("random", game) for _ in range(2)], seed=6, words=w) for w in (True, False))
    told_events: list[Any] = []
    untold_events: list[Any] = []
    assert untold.run(untold_events.append) == told.run(told_events.append)
    assert [(e.seat, e.text) for e in untold_events] == [(e.seat, e.text) for e in told_events]
    assert any(e.public for e in told_events)
    assert all(e.public == e.private == "" for e in untold_events)


@pytest.mark.parametrize("name", ["wildfire", "wildstar", "highrise", "fireball-island"])
def test_a_match_keeps_no_log_its_steps_go_to_its_caller_numbered_as_a_logging_table_numbers_them(name: str) -> None:
    """A Match hands each step's event to its caller as it is played; its table keeps none of
    them (the record holds every step: a long game is not held twice), yet counts them, and
    refuses what would read the log it does not keep."""
    game = make_game(name, {"players": 3})
    match = Match(game, [make_bot("random", game) for _ in range(3)], seed=8)
    told: list[Any] = []
    record = match.run(told.append)
    table = match.table
    assert table.events == [] and not table.log
    assert table.number == len(record.steps) == len(told)
    # The same game at a table that keeps its log: the same steps, told in the same words.
    logging = Table(game, record.seats, seed=8, auto_chance=False)
    for step in record.steps:
        if step.seat == CHANCE:
            logging.play_chance_step()
        else:
            logging.submit(step.seat, step.text)
    assert [(e.seat, e.text, e.public, e.private, e.owners) for e in told] == [
        (e.seat, e.text, e.public, e.private, e.owners) for e in logging.events
    ]
    for read in (lambda: table.events_for(0), lambda: table.submit(0, "pass"), table.deal_on, table.play_chance_step):
        with pytest.raises(RulesError, match="keeps no log"):
            read()
    assert table.number == len(record.steps) and table.record.steps == record.steps


def test_a_move_taken_back_at_a_match_is_the_event_its_table_told() -> None:
    """The terminal takes a person's move back at a Match's table, which keeps no log: the
    event it returns is the one the move made, as a logging table returns it."""
    options = {"players": 2, "rounds": 1, "strategic": True}  # a wild play, then its hub number
    game = make_game("wildfire", options)
    match = Match(game, [make_bot("random", game) for _ in range(2)], seed=3)
    twin = Table(game, match.record.seats, seed=3, auto_chance=False)
    undone = 0
    while (event := match.step()) is not None and undone < 3:
        if event.seat == CHANCE:
            twin.play_chance_step()
            continue
        twin.submit(event.seat, event.text)
        seat = event.seat
        if match.table.to_act() == seat and match.table.why_no_undo(seat) is None:
            number = match.table.number
            taken = match.table.undo(seat)
            assert taken == twin.undo(seat)
            assert taken.text == event.text and taken.public == event.public and taken.number == number
            assert match.table.number == twin.number == number - 1
            assert match.state.notation() == twin.state.notation()
            undone += 1
    assert undone >= 1
