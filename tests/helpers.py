"""What every game's tests do alike: read a position whose hand is written `*`, list and
play moves in notation, check a refused move, play a random seeded game out.

Each game's conftest.py keeps what is its own (its tile names, its board) and takes these
from here, so its scenarios read as before: `from .conftest import position, play`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from gamenight.engine.chance import sample
from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.protocol import CHANCE, Game, State


def fill_star_hand(
    text: str, tile_of: Callable[[str], int], all_tiles: Sequence[int], name: Callable[[int], str]
) -> tuple[str, int]:
    """A convenience for tests only: a hand written `*` holds every tile named nowhere else
    (`tile_of` reads the tile a hand, layout or pile entry names), so a position with an empty
    pile need not list the whole set. Returns the position and its number of hands."""
    sections = [part.strip() for part in text.split("|")]
    hands_at = next(i for i, part in enumerate(sections) if part.startswith("hands"))
    hands = [h.strip() for h in sections[hands_at].removeprefix("hands").split("/")]
    if "*" in hands:
        named: Counter[int] = Counter()
        for part in sections[1:]:
            _section, _, body = part.partition(" ")
            named.update(tile_of(token) for token in body.replace("/", " ").split() if token not in ("*", "-"))
        rest = " ".join(name(t) for t in (Counter(all_tiles) - named).elements())
        sections[hands_at] = "hands " + " / ".join(rest if h == "*" else h for h in hands)
    return " | ".join(sections), len(hands)


def moves(state: State) -> list[str]:
    """The legal moves, in notation, in the order the state lists them."""
    return [state.move_notation(m) for m in state.legal_moves()]


def play(state: State, text: str) -> None:
    state.apply(state.parse_move(text))


def assert_illegal(state: State, text: str, match: str) -> None:
    """The move is refused with a reason naming the rule, and nothing changes."""
    before = state.notation()
    with pytest.raises(IllegalMoveError, match=match):
        play(state, text)
    assert state.notation() == before


def draws_from(state: Any, order: str) -> Iterator[tuple[int, Any]]:
    """A domino game at a draw, its pile `order` "as dealt" (the set's order, as the engine
    keeps it) or "shuffled": for the pile's first, a middle and its last tile, (the tile, a
    copy of the state that drew it), once checked that the tile and only it left the pile.
    The engine finds a drawn tile by bisection (`hands.pile_index`), and a pile in any other
    order by a search of the whole of it."""
    if order == "shuffled":
        random.Random(4).shuffle(state.pile)
    in_order = sorted(state.pile)
    for drawn in (in_order[0], in_order[len(in_order) // 2], in_order[-1]):
        rest = [t for t in state.pile if t != drawn]
        probe = state.clone()
        probe.apply_chance(drawn)
        assert probe.pile == rest
        yield drawn, probe


def random_playout(game: Game, seed: int, max_steps: int) -> Iterator[tuple[Any, Any]]:
    """Random legal moves, chance sampled with `random.Random(seed)`: yield (state, the step
    about to be taken) until the game ends or the budget runs out; the last state is
    yielded with step None (the finished game is checked too)."""
    rng = random.Random(seed)
    state = game.new_state()
    for _ in range(max_steps):
        seat = state.to_act()
        if seat is None:
            yield state, None
            return
        step = sample(state.chance_outcomes(), rng) if seat == CHANCE else rng.choice(state.legal_moves())
        yield state, step
        if seat == CHANCE:
            state.apply_chance(step)
        else:
            state.apply(step)
    yield state, None
