"""The ISMCTS bot (bots/ismcts.py): it searches states sampled from its view only, so it
cannot peek; it finds an obvious winning move; its options are checked."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from gamenight.bots.ismcts import IsmctsBot, IsmctsOptions, Node, ismcts_options
from gamenight.bots.registry import make_bot
from gamenight.engine.chance import sample
from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import CHANCE, Game, State
from gamenight.engine.registry import make_game


class CheckedSampling:
    """A game whose sample_state asserts that every sampled state has the view it was sampled from."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.spec = game.spec
        self.options = game.options
        self.samples = 0

    def sample_state(self, view: dict[str, Any], rng: random.Random) -> State:
        state = self.game.sample_state(view, rng)
        assert state.view(view["seat"]) == view
        self.samples += 1
        return state

    def heuristics(self) -> Any:
        return self.game.heuristics()


def decision_points(name: str, options: dict[str, Any], seed: int, every: int) -> list[State]:
    """States of a random game where a seat has several moves, every `every`-th one."""
    game = make_game(name, options)
    rng = random.Random(seed)
    state, found, count = game.new_state(), [], 0
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_moves()
        if len(legal) > 1:
            count += 1
            if count % every == 0:
                found.append(state.clone())
        state.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("wildfire", {"players": 3, "rounds": 1}),
        ("wildstar", {"players": 3, "hands": 1}),
        ("highrise", {"players": 2, "hands": 1}),
        ("fireball-island", {"players": 3, "turn_limit": 60}),
    ],
)
@pytest.mark.parametrize("root", ["ucb", "halving"])
def test_ismcts_decides_from_the_view_only(name: str, options: dict[str, Any], root: str) -> None:
    """Two states that differ only in what the seat cannot see (one of them sampled from its
    view) get the same move from the same seeded bot; and every state it searched had that view."""
    game = make_game(name, options)
    checked = CheckedSampling(game)
    bot = IsmctsBot(checked, IsmctsOptions(iterations=25, rollout_depth=40, root=root))  # type: ignore[arg-type]
    for state in decision_points(name, options, seed=3, every=7)[:4]:
        assert_one_move_for_one_view(game, bot, state, sample_seed=99, choose_seed=5)
    assert checked.samples > 0


def assert_one_move_for_one_view(game: Game, bot: Any, state: State, sample_seed: int, choose_seed: int) -> None:
    """`bot` plays the same legal move from `state` and from another state dealt from the view
    of the seat to act (its hidden tiles or cards differ, its view does not), on one seed."""
    seat = state.to_act()
    assert seat is not None
    view = state.view(seat)
    other = game.sample_state(view, random.Random(sample_seed))
    assert other.view(seat) == view
    first = bot.choose(view, state.legal_moves(), random.Random(choose_seed))
    second = bot.choose(other.view(seat), other.legal_moves(), random.Random(choose_seed))
    assert first == second
    assert first in state.legal_moves()


@pytest.mark.parametrize("root", ["ucb", "halving"])
def test_ismcts_carries_the_jewel_onto_the_dock(root: str) -> None:
    game = make_game("fireball-island", {"players": 2})
    state = game.state_from_notation(
        "turn=1 turns=9 roll=5 rolling=move | pieces DR7 VP2 | jewel P1 | hands - / - "
        "| tasks end window:end:0 pushes path:1:5:1"
    )
    bot = IsmctsBot(game, IsmctsOptions(iterations=60, rollout_depth=30, root=root))
    move = bot.choose(state.view(0), state.legal_moves(), random.Random(1))
    assert state.move_notation(move) == "DOCK"
    assert 0 < bot.last_iterations <= 60


def test_per_move_gives_a_small_choice_a_small_search():
    """per_move=5: a choice among k moves gets 5k iterations, never more than `iterations`."""
    state = decision_points("wildfire", {"players": 2, "rounds": 1}, seed=1, every=3)[0]
    seat = state.to_act()
    assert seat is not None
    legal = state.legal_moves()
    game = make_game("wildfire", {"players": 2, "rounds": 1})
    small = IsmctsBot(game, IsmctsOptions(iterations=1000, per_move=5, early_stop=False))
    small.choose(state.view(seat), legal, random.Random(0))
    assert small.last_iterations == 5 * len(legal)
    capped = IsmctsBot(game, IsmctsOptions(iterations=3, per_move=5, early_stop=False))
    capped.choose(state.view(seat), legal, random.Random(0))
    assert capped.last_iterations == 3


def test_ismcts_time_budget_stops_the_search():
    game = make_game("wildfire", {"players": 2, "rounds": 1})
    state = decision_points("wildfire", {"players": 2, "rounds": 1}, seed=1, every=3)[0]
    seat = state.to_act()
    assert seat is not None
    bot = IsmctsBot(game, IsmctsOptions(seconds=0.05))
    assert bot.choose(state.view(seat), state.legal_moves(), random.Random(0)) in state.legal_moves()
    assert bot.last_iterations >= 1


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"iterations": 0}, "iterations must be at least 1"),
        ({"seconds": 0.0}, "seconds must be more than 0"),
        ({"exploration": -1.0}, "exploration must be 0 or more"),
        ({"rollout": "clever"}, "rollout must be 'random' or 'greedy'"),
        ({"rollout_depth": -2}, "rollout_depth must be 0 or more"),
        ({"per_move": 0}, "per_move must be at least 1"),
        ({"root": "clever"}, "root must be 'ucb' or 'halving'"),
        ({"margin": 1.5}, "margin must be from 0 to 1"),
        ({"prior": -0.5}, "prior must be 0 or more"),
        ({"tree_depth": -1}, "tree_depth must be 0 or more"),
        ({"widening": -1.0}, "widening must be 0 or more"),
    ],
)
def test_bad_ismcts_options_are_refused(values: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        ismcts_options(values)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:seconds=nan", "option 'seconds' must be a finite number, not nan"),
        ("ismcts:seconds=inf", "option 'seconds' must be a finite number, not inf"),
        ("ismcts:seconds=1e300", "seconds must be more than 0 and at most 3600"),
        ("ismcts:widening=inf", "option 'widening' must be a finite number"),
        ("ismcts:widening=1e300", "widening must be 0 or more, at most 1000"),
        ("ismcts:exploration=nan", "option 'exploration' must be a finite number"),
        ("ismcts:iterations=99999999999999999999999", "iterations must be at least 1, at most 10,000,000"),
        ("ismcts:per_move=99999999999999999999999", "per_move must be at least 1, at most 10,000,000"),
        ("hard:prior=-inf", "option 'prior' must be a finite number"),
    ],
)
def test_bot_options_out_of_range_are_refused_before_any_search(spec: str, message: str) -> None:
    # nan passes every comparison a range check makes, and inf overflows ceil(): a search
    # given either would think forever or crash mid-game.
    game = make_game("wildfire", {"players": 2, "rounds": 1})
    with pytest.raises(ConfigError, match=message):
        make_bot(spec, game)


def test_options_built_directly_refuse_nan_too() -> None:
    for values in ({"seconds": math.nan}, {"exploration": math.nan}, {"prior": math.nan}, {"widening": math.nan}):
        with pytest.raises(ConfigError):
            IsmctsOptions(**values)


@pytest.mark.parametrize(
    ("name", "options"),
    [("wildfire", {"players": 2, "rounds": 1}), ("highrise", {"players": 2, "hands": 1})],
)
def test_a_strong_prior_makes_a_short_search_refine_the_greedy_move(name: str, options: dict[str, Any]) -> None:
    """prior: the move greedy would play is tried first and gets a bonus that fades with its
    visits. Overwhelming the few playouts of a short search, it makes the search play greedy's
    move; without it, the same search chooses by its playouts alone."""
    game = make_game(name, options)
    heuristics = game.heuristics()
    trusting = IsmctsBot(game, IsmctsOptions(iterations=60, prior=1000.0, rollout="random"))
    plain = IsmctsBot(game, IsmctsOptions(iterations=60, rollout="random"))
    checked, differed = keeps_to_greedy(
        heuristics, decision_points(name, options, seed=2, every=2)[:8], trusting, plain
    )
    assert checked >= 4
    assert differed >= 1


def keeps_to_greedy(heuristics: Any, states: list[State], steered: IsmctsBot, plain: IsmctsBot) -> tuple[int, int]:
    """At each state, `steered` must play greedy's move; returns (decisions checked, how
    often `plain` played another)."""
    checked = differed = 0
    for state in states:
        seat = state.to_act()
        assert seat is not None
        view, legal = state.view(seat), state.legal_moves()
        # Greedy breaks ties at random: any of its tied best moves is greedy's move.
        greedy = {heuristics.greedy_move(view, legal, random.Random(k)) for k in range(20)}
        assert steered.choose(view, legal, random.Random(4)) in greedy
        differed += plain.choose(view, legal, random.Random(4)) not in greedy
        checked += 1
    return checked, differed


@pytest.mark.parametrize("depth", [1, 2])
def test_tree_depth_bounds_how_deep_the_tree_grows(depth: int) -> None:
    """tree_depth=d: no path in the tree holds more than d decisions; below it the rollout
    policy plays. Without a bound the same iterations grow deeper."""
    options = {"players": 2, "rounds": 1}
    game = make_game("wildfire", options)
    state = decision_points("wildfire", options, seed=4, every=2)[0]
    seat = state.to_act()
    assert seat is not None

    def deepest(bot: IsmctsBot) -> int:
        root, rng, view = Node(-1), random.Random(1), state.view(seat)

        def depth_of(node: Node) -> int:
            return 1 + max((depth_of(child) for child in node.children.values()), default=-1)

        for _ in range(300):
            bot._iterate(root, game.sample_state(view, rng), state.legal_moves(), rng)
        return depth_of(root)

    assert deepest(IsmctsBot(game, IsmctsOptions(tree_depth=depth))) == depth
    assert deepest(IsmctsBot(game, IsmctsOptions())) > 2


def test_widening_lets_greedys_favourites_in_first() -> None:
    """widening=w: a decision visited n times searches only its first ceil(w * sqrt(n + 1))
    moves as the game's `rank_moves` orders them. A short search widened slowly keeps to
    greedy's favourite; without widening, the same search tries moves greedy would not."""
    options = {"players": 2, "hands": 1}
    game = make_game("wildstar", options)
    heuristics = game.heuristics()
    narrow = IsmctsBot(game, IsmctsOptions(iterations=3, widening=0.5))
    plain = IsmctsBot(game, IsmctsOptions(iterations=3))
    wide = [state for state in decision_points("wildstar", options, seed=3, every=1) if len(state.legal_moves()) >= 4]
    checked, differed = keeps_to_greedy(heuristics, wide, narrow, plain)
    assert checked >= 5
    assert differed >= 1


@pytest.mark.parametrize(
    ("name", "options"),
    [("wildfire", {"players": 3}), ("wildstar", {"players": 3}), ("highrise", {"players": 3, "target_score": 300})],
)
def test_rank_moves_puts_the_greedy_move_first_and_keeps_every_move(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    heuristics = game.heuristics()
    checked = 0
    for state in decision_points(name, options, seed=6, every=1):
        legal = state.legal_moves()
        ranked = heuristics.rank_moves(state, legal, random.Random(checked))
        assert sorted(ranked) == sorted(legal)
        assert ranked[0] == heuristics.rollout_move(state, legal, random.Random(checked))
        checked += 1
    assert checked > 20


def test_widening_is_refused_for_a_game_that_cannot_rank_its_moves() -> None:
    with pytest.raises(ConfigError, match="Fireball Island has no rank_moves"):
        IsmctsBot(make_game("fireball-island", {"players": 2}), IsmctsOptions(widening=1.0))


def test_a_score_margin_is_refused_for_a_game_that_has_none() -> None:
    with pytest.raises(ConfigError, match="Fireball Island has no margin_result"):
        IsmctsBot(make_game("fireball-island", {"players": 2}), IsmctsOptions(margin=0.5))


@pytest.mark.parametrize(("name", "options"), [("wildfire", {"rounds": 1}), ("highrise", {"hands": 1})])
def test_a_playouts_result_mixes_the_win_with_the_squashed_margin(name: str, options: dict[str, Any]) -> None:
    """With margin m, a seat's result is (1 - m) * its win share + m * margin_result: a
    winner by many points is worth more than a winner by one, and both sum with the loser's
    to one in a two-seat game (the margins are mirror images)."""
    game = make_game(name, {"players": 2, **options})
    bot = IsmctsBot(game, IsmctsOptions(margin=0.4, rollout="greedy"))
    state = game.new_state()
    result, won = bot._rollout(state, random.Random(3))
    returns, margins = state.returns(), game.heuristics().margin_result(state)
    assert result == pytest.approx([0.6 * r + 0.4 * g for r, g in zip(returns, margins, strict=True)])
    assert won == returns  # the win alone, beside it: what a hint tells
    assert sum(result) == pytest.approx(1.0)
    winner = returns.index(max(returns))
    assert margins[winner] > 0.5 > margins[1 - winner]


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("wildfire", {"players": 2}),
        ("wildfire", {"players": 4, "strategic": True}),
        ("wildstar", {"players": 4, "partners": True}),
        ("wildstar", {"players": 3}),
        ("highrise", {"players": 2, "target_score": 300}),
        ("highrise", {"players": 4, "target_score": 300}),
        ("fireball-island", {"players": 4}),
    ],
)
def test_rollout_move_is_the_greedy_move_read_off_the_state(name: str, options: dict[str, Any]) -> None:
    """Rollouts ask `rollout_move(state, ...)` to save building a view: it must choose exactly
    what `greedy_move(view, ...)` chooses, at every decision of whole games."""
    game = make_game(name, options)
    heuristics = game.heuristics()
    rng = random.Random(1)
    checked = 0
    for _ in range(3):
        state = game.new_state()
        while (seat := state.to_act()) is not None:
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            legal = state.legal_moves()
            fast = heuristics.rollout_move(state, legal, random.Random(checked))
            assert fast == heuristics.greedy_move(state.view(seat), legal, random.Random(checked))
            checked += 1
            state.apply(rng.choice(legal) if rng.random() < 0.5 else fast)
    assert checked > 100


@pytest.mark.parametrize(("name", "options"), [("wildfire", {"rounds": 1}), ("highrise", {"hands": 1})])
def test_the_figures_a_search_leaves_are_each_moves_share_of_the_win_not_what_it_weighed(
    name: str, options: dict[str, Any]
) -> None:
    """A hint says "wins 62% of the 410 games searched with it": the search weighs the score's
    margin in (`margin`), but what it leaves for each move (`last_values`) is the win alone. In
    a two-seat game played out to its end a seat's share of a game is 0, 1/2 (a tie) or 1, so
    a move's games add up to a whole number of halves; with the margin mixed in they would not."""
    game = make_game(name, {"players": 2, **options})
    bot = IsmctsBot(game, IsmctsOptions(iterations=120, margin=0.5, rollout="greedy"))
    state = game.new_state()
    rng = random.Random(11)
    # On to the first decision with three moves or more (the deal, and any forced moves, played).
    while (seat := state.to_act()) is not None and (seat == CHANCE or len(state.legal_moves()) < 3):
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            state.apply(state.legal_moves()[0])
    assert seat is not None
    bot.choose(state.view(seat), state.legal_moves(), random.Random(5))
    assert len(bot.last_values) >= 2
    for share, games in bot.last_values.values():
        halves = share * games * 2
        assert halves == pytest.approx(round(halves)), (share, games)


@pytest.mark.parametrize(
    ("name", "options", "hard"),
    [
        ("wildfire", {"players": 2, "rounds": 1}, {"iterations": 60, "tree_depth": 1, "exploration": 0.3}),
        ("wildstar", {"players": 2, "hands": 1}, {"iterations": 40}),
        ("highrise", {"players": 2, "hands": 1}, {"iterations": 60, "tree_depth": 1}),
        ("fireball-island", {"players": 4, "turn_limit": 60}, {"iterations": 40, "rollout_depth": 20}),
    ],
)
def test_a_search_stopped_when_decided_chooses_what_the_whole_search_chooses(
    name: str, options: dict[str, Any], hard: dict[str, Any]
) -> None:
    """early_stop: once the most searched move leads by more than the iterations left, the
    search stops, and its move is the one the whole count chooses from the same generator.
    Searched both ways at every decision point of a random game, with greedy rollouts: the
    same move each time, never more iterations, and fewer at some."""
    game = make_game(name, options)
    points = decision_points(name, options, seed=5, every=2)[:12]
    saved = 0
    for state in points:
        seat = state.to_act()
        assert seat is not None
        view, legal = state.view(seat), state.legal_moves()
        whole = IsmctsBot(game, IsmctsOptions(**hard, rollout="greedy", early_stop=False))
        stopped = IsmctsBot(game, IsmctsOptions(**hard, rollout="greedy"))
        assert stopped.choose(view, legal, random.Random(3)) == whole.choose(view, legal, random.Random(3))
        assert stopped.last_iterations <= whole.last_iterations == hard["iterations"]
        saved += whole.last_iterations - stopped.last_iterations
    assert saved > 0  # some decisions were clear: the stop is not a test of nothing
