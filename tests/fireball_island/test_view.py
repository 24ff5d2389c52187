"""What a seat may know (view.py): its own cards, never another's, nor what the draw pile
holds; states sampled from a view agree with it; the story of a chance step tells a card
drawn or taken only to those who see it.

Each check runs over every step of seeded random games (random legal moves, chance sampled
with `random.Random(seed)`), in games of two, three and four.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.engine.errors import NotationError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island import story
from gamenight.games.fireball_island.cards import FACES, Card
from gamenight.games.fireball_island.state import FireballIslandState, sort_hand
from gamenight.games.fireball_island.view import FireballIslandView

from ..helpers import random_playout
from ..test_views_doc import fields, section

GAMES = [
    ({"players": 2, "turn_limit": 120}, 0),
    ({"players": 3, "turn_limit": 80}, 1),
    ({"players": 4, "turn_limit": 60, "fireball_mode": "deterministic"}, 2),
]
CARD_KEY = re.compile(r"\b(" + "|".join(sorted((re.escape(c.key) for c in FACES), key=len, reverse=True)) + r")\b")


def game(**options: Any) -> Any:
    return make_game("fireball-island", dict(options))


def playout(options: dict[str, Any], seed: int, steps: int = 100_000) -> Iterator[tuple[FireballIslandState, Any]]:
    return random_playout(game(**options), seed, steps)


def seats(state: FireballIslandState) -> list[int | None]:
    return [None, *range(state.n)]


def redealt(state: FireballIslandState, seat: int | None, rng: random.Random) -> FireballIslandState:
    """The same state, but every hand `seat` cannot see dealt again at random from those cards
    and the draw pile, each keeping its size: what the seat cannot tell apart."""
    other = state.clone()
    hidden = [s for s in range(state.n) if s != seat]
    unseen = [c for s in hidden for c in state.hands[s]] + list(state.pile.elements())
    unseen.sort(key=lambda c: c.key)
    rng.shuffle(unseen)
    for s in hidden:
        size = len(state.hands[s])
        other.hands[s] = unseen[:size]
        del unseen[:size]
        sort_hand(other.hands[s])
    other.pile = Counter(unseen)
    other._legal = None
    return other


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=str)
def test_a_view_never_shows_another_seats_cards_or_what_the_pile_holds(options, seed):
    """For every seat at every step: dealing the hidden cards again (the other hands and the
    pile, sizes kept) leaves its view unchanged; its own hand is shown as it is; the only
    cards it names are its own, the face-up discard pile and cards just played (CANCEL chains)."""
    rng = random.Random(seed)
    for state, _ in playout(options, seed):
        for seat in seats(state):
            view = state.view(seat)
            assert redealt(state, seat, rng).view(seat) == view, (seat, state.notation())
            own = [c.key for c in state.hands[seat]] if seat is not None else None
            assert view["hand"] == own
            assert view["hand_sizes"] == [len(h) for h in state.hands]
            assert view["pile"] == state.pile.total()
            seen = {c.key for c in state.discard} | set(own or []) | {t[1] for t in state.tasks if t[0] == "chain"}
            assert card_words(json.dumps(view)) <= seen, (seat, state.notation())


def test_two_states_that_differ_only_in_a_hand_look_the_same_to_every_other_seat():
    """Seat 2 holds MAGIC_TALISMAN, or FIREBALL: seats 1 and 3 and an onlooker see the same."""
    text = (
        "turn=3 turns=6 first=6,1,4 | pieces WT2 WT12 WT7 | jewel VKP | tokens 0 0 0 | hands - / {card} / - "
        "| discard FIREBALL REROLL | pile * | tasks end window:end:0 pushes act window:pre:2"
    )
    talisman = game(players=3).state_from_notation(text.format(card="MAGIC_TALISMAN"))
    fireball = game(players=3).state_from_notation(text.format(card="FIREBALL"))
    for seat in (None, 0, 2):
        assert talisman.view(seat) == fireball.view(seat)
    assert talisman.view(1)["hand"] == ["MAGIC_TALISMAN"]
    assert fireball.view(1)["hand"] == ["FIREBALL"]


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=str)
def test_every_view_is_json_ready(options, seed):
    """Plain lists, dicts, strings, numbers, booleans and None: json.dumps and back is the same view."""
    for state, _ in playout(options, seed):
        for seat in seats(state):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert view["format"] == "fireball-island-view/1"
            assert view["game"] == "fireball-island"
            assert view["seat"] == seat
            assert view["to_act"] == state.to_act()


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=str)
def test_the_decision_names_who_decides_what_and_says_it_in_words(options, seed):
    """`decision` is None once the game is over; else its seat is the seat to act (None at a
    chance step), its kind one of those docs/views.md lists, and its words a sentence."""
    kinds = {"window", "cancel", "steal", "declare", "aim", "walk", "first", "draw", "roll", "take", "hits"}
    for state, _ in playout(options, seed):
        decision = state.view(None)["decision"]
        if state.is_over():
            assert decision is None
            continue
        assert decision is not None and decision["kind"] in kinds
        to_act = state.to_act()
        assert decision["seat"] == (None if to_act == CHANCE else to_act)
        assert decision["words"] and "{" not in decision["words"]


@pytest.mark.parametrize(
    ("tasks", "decision"),
    [
        (
            "end window:end:0 pushes path:2:5:2",
            {"kind": "walk", "seat": 1, "mover": 1, "steps": 5, "way": "any",
             "words": "P2 walks 5 spaces: choose a destination"},
        ),
        (
            "end window:end:0 pushes act window:pre:0",
            {"kind": "window", "seat": 1, "window": "pre",
             "words": "before P2's roll: P2 may play a card, or pass"},
        ),
        (
            "end window:end:0 pushes roll:move",
            {"kind": "roll", "seat": None, "roller": 1, "purpose": "move", "words": "P2 rolls the die to move"},
        ),
    ],
)  # fmt: skip
def test_the_decision_is_named_in_fields_and_words(tasks, decision):
    state = game(players=2).state_from_notation(
        f"turn=2 turns=3 {'roll=5 rolling=move ' if 'path' in tasks else ''}| pieces TA3 WT2 | jewel VKP "
        f"| hands - / REROLL | tasks {tasks}"
    )
    assert state.view(0)["decision"] == decision


def test_a_view_lists_the_turns_steps_to_come_as_named_records():
    """`steps`: the turn's tasks bottom first, each its record's fields by name (docs/notation.md)."""
    state = game(players=2).state_from_notation(
        "turn=2 turns=3 | pieces TA3 WT2 | jewel VKP | hands - / REROLL | tasks end window:end:0 pushes roll:move"
    )
    assert state.view(None)["steps"] == [
        {"step": "end"},
        {"step": "window", "kind": "end", "asked": 0},
        {"step": "pushes"},
        {"step": "roll", "purpose": "move"},
    ]


def test_docs_views_md_documents_exactly_the_fields_of_the_view_with_their_types():
    """The table of docs/views.md, read as tests/test_views_doc.py reads the other games'."""
    fmt, table = section("Fireball Island")
    expected = fields(FireballIslandView)
    assert sorted(set(table) ^ set(expected)) == []
    assert {f: table[f][0] for f in expected} == expected
    assert {f for f, (_, who) in table.items() if who == "the seat only"} == {"hand"}
    assert {who for _, who in table.values()} == {"everyone", "the seat only"}
    assert fmt == game(players=2).new_state().view(None)["format"]


def test_sample_state_refuses_a_view_of_another_format():
    state = game(players=3).new_state()
    view = dict(state.view(0))
    with pytest.raises(NotationError, match="not a fireball-island-view/1 view: its format is 'wildfire-view/2'"):
        game(players=3).sample_state({**view, "format": "wildfire-view/2"}, random.Random(0))


def check_samples(state: FireballIslandState, rng: random.Random) -> None:
    """A state sampled from each seat's view has that view, is a state the notation reads
    back, and offers the seat to act the moves it really has."""
    game_ = state.game
    for seat in seats(state):
        view = state.view(seat)
        sampled = game_.sample_state(view, rng)
        assert sampled.view(seat) == view, (seat, state.notation())
        written = sampled.notation()
        assert game_.state_from_notation(written).notation() == written
        if seat is not None:
            assert sampled.hands[seat] == state.hands[seat]
            if state.to_act() == seat:
                assert sampled.legal_moves() == state.legal_moves()
        assert sampled.to_act() == state.to_act()
        if state.to_act() == CHANCE and state.tasks[-1][0] == "hits":
            assert sampled.chance_outcomes() == state.chance_outcomes()  # where the pieces stand is public


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=str)
def test_a_state_sampled_from_a_view_has_that_view_and_offers_the_same_moves(options, seed):
    rng = random.Random(seed)
    for state, _ in playout(options, seed):
        check_samples(state, rng)


@settings(max_examples=6, deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "players": st.integers(2, 4),
            "fireball_mode": st.sampled_from(["probabilistic", "deterministic"]),
            "turn_limit": st.sampled_from([1, 40]),
        }
    ),
    st.integers(0, 2**32 - 1),
    st.integers(0, 2**32 - 1),
)
def test_sampled_states_agree_with_the_view_in_any_game(options, seed, sample_seed):
    rng = random.Random(sample_seed)
    for state, _ in playout(options, seed, 150):
        check_samples(state, rng)


def test_sample_state_refuses_what_is_no_view():
    with pytest.raises(NotationError, match="not a Fireball Island view"):
        game(players=2).sample_state({"game": "fireball-island"}, random.Random(0))


def card_words(text: str) -> set[str]:
    """The cards a sentence names, by title or key."""
    found = {c.key for c in FACES if c.title in text}
    return found | set(CARD_KEY.findall(text))


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=str)
def test_a_card_drawn_or_taken_is_told_only_to_those_who_see_it(options, seed):
    """describe_outcome: a draw is told to all as 'P2 draws a card' and, with the card, to the
    drawer only; a card taken is seen by the taker and the one it is taken from; dice and
    Fireballs are public, with no owners."""
    told = Counter[str]()
    for state, step in playout(options, seed):
        if state.to_act() != CHANCE or step is None:
            continue
        public, private, owners = story.describe_outcome(state, step)
        task = state.tasks[-1]
        if task[0] in ("draw", "take"):
            assert isinstance(step, Card)
            assert owners == ({task[1]} if task[0] == "draw" else {task[1], task[2]})
            assert card_words(public) == set(), public
            assert step.title in private
        else:
            assert public == private
            assert owners == frozenset()
            assert card_words(public) == set(), public
        told[task[0]] += 1
    assert told["draw"] and told["roll"]


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=str)
def test_every_legal_move_has_a_description(options, seed):
    """describe(): a sentence for every decision, said before it is made."""
    for state, _ in playout(options, seed, 2000):
        for move in state.legal_moves():
            assert story.describe(state, move).strip()
