"""Game knowledge for bots, read from a view only.

The greedy player races: to the jewel while nobody holds it, to the Dock while it holds
it, and after the holder otherwise (passing the holder steals the jewel). A walk is worth
how far it leaves the piece from its goal, plus what happens on the way (the jewel, a
steal, a token, a card). Fireballs go where they are likeliest to knock down the leader;
MOVE BACK and REROLL are spent on the leader; TAKE 1 CARD, DOUBLE and MOVE AHEAD 5/6 on
itself; CANCEL on a card that hurts it; FAKE JEWEL and TAKE ANOTHER TURN always.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Sequence
from functools import cache
from typing import Any, Final

from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import CardType, parse_card
from gamenight.games.fireball_island.decision import decision_fields
from gamenight.games.fireball_island.moves import AIM, CAVE, EXIT, GO, PASS, PLAY, TRADE, Move

# The `hard` level: ismcts with these settings (bots/registry.py), measured to keep a move
# under about a second on a 2-core laptop (benchmarks/README.md: Strength). Unlike the domino
# games' searches, this one (a tree over four seats) won more with more iterations: five times
# the 200 and 40 it had won 2.8 points more over two untuned seeds of four players, 6.8 more
# against medium with two; ten times them won no more (docs/bots.md, "five times the search").
ISMCTS_HARD: dict[str, object] = {"iterations": 1000, "per_move": 200, "rollout": "greedy", "rollout_depth": 30}
FAR: Final = 99.0  # a place the goal cannot be walked to from
TURN: Final = 3.5  # spaces a turn moves, on average
WIN: Final = 10_000.0
CAPTURE: Final = 500.0  # taking the jewel from Vul-Kar (with its bonus)
PICK_UP: Final = 400.0  # a loose jewel
STEAL: Final = 300.0
TOKEN: Final = 15.0
DARK: Final = 6.0  # a card drawn
AIM_WORTH: Final = 0.6  # play a FIREBALL card when it knocks down this much "threat", expected


@cache
def distances(goal: str) -> dict[str, float]:
    """Spaces walked from every space to `goal`; pits, caves and the water by their way out."""
    dist: dict[str, float] = {goal: 0.0}
    todo = deque([goal])
    while todo:
        here = todo.popleft()
        for there in BOARD.trail_neighbours(here):
            if there not in dist:
                dist[there] = dist[here] + 1
                todo.append(there)
    for space in BOARD.spaces:
        if space not in dist:
            ways = rules.way_out(space)
            dist[space] = 1 + min((dist.get(w, FAR) for w in ways), default=FAR)
    for cave in BOARD.caves:  # the dead-end cave: a turn to roll for another
        if cave.beside is None:
            others = [dist[c.space] for c in BOARD.caves if c.beside is not None]
            dist[cave.space] = TURN + sum(others) / len(others)
    return dist


def goal_of(view: dict[str, Any], seat: int) -> str:
    """Where `seat` is racing: the Dock with the jewel, the jewel while it lies free, else its holder."""
    jewel = view["jewel"]
    if jewel["owner"] == seat:
        return rules.DOCK
    if jewel["owner"] is None:
        return str(jewel["at"])
    return str(view["pieces"][jewel["owner"]])


def remaining(view: dict[str, Any], seat: int, space: str | None = None) -> float:
    """How far `seat` (standing on `space`, by default where it stands) is from its goal, in spaces."""
    goal = goal_of(view, seat)
    where = space or view["pieces"][seat]
    dist = distances(goal)
    return dist.get(where, FAR)


def cave_entry(view: dict[str, Any], seat: int, cave: str) -> float:
    """The expected distance after entering `cave` and rolling for the next one (a free cave, else stay)."""
    dist = distances(goal_of(view, seat))
    taken = set(view["pieces"]) - {view["pieces"][seat]}
    total = 0.0
    for cave_n in BOARD.caves:
        total += dist[cave if cave_n.space in taken else cave_n.space]
    return total / len(BOARD.caves)


def threat(view: dict[str, Any], seat: int) -> float:
    """How near `seat` is to winning: the holder most, then whoever is closest to the jewel."""
    holder = view["jewel"]["owner"]
    base = 3.0 if holder == seat else 1.0
    return base + max(0.0, 60.0 - remaining(view, seat)) / 30.0


def leader(view: dict[str, Any], me: int) -> int:
    others = [s for s in range(view["players"]) if s != me]
    return max(others, key=lambda s: threat(view, s))


def greedy_move(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    me = view["seat"]
    kinds = {m.kind for m in legal}
    if GO in kinds:
        return max((m for m in legal if m.kind == GO), key=lambda m: walk_worth(view, m))
    if AIM in kinds:
        return max((m for m in legal if m.kind == AIM), key=lambda m: aim_worth(view, me, m.path[0]))
    if CAVE in kinds:
        return _declare(view, me, legal)
    decision = view["decision"]
    if decision["kind"] == "steal" or decision["kind"] == "cancel":
        card_plays = [m for m in legal if m.kind == PLAY]
        if card_plays and (decision["kind"] == "steal" or _should_cancel(view, me, decision)):
            return card_plays[0]
        return next(m for m in legal if m.kind == PASS)
    return _window(view, me, decision["window"], legal)


def rollout_move(state: Any, legal: Sequence[Move], rng: random.Random) -> Move:
    """`greedy_move` read off a state instead of a view, for search rollouts (which play
    states sampled from the searcher's view): the same choice, from only what greedy reads."""
    return greedy_move(glance(state, state.to_act()), legal, rng)


def glance(state: Any, seat: int | None) -> dict[str, Any]:
    """The part of `state.view(seat)` that greedy and evaluate read, built without copying
    (a whole view sorts the discard pile and copies every list: a fifth of a rollout)."""
    return {
        "seat": seat,
        "players": state.n,
        "turn": state.turn,
        "pieces": state.pos,
        "jewel": {"owner": state.owner if state.owner >= 0 else None, "at": state.jewel_at or None},
        "collected": state.collected,
        "tokens": state.token,
        "lying": state.lying,
        "hand_sizes": [len(hand) for hand in state.hands],
        "decision": decision_fields(state),
        "roll": state.roll,
        "rolling": state.rolling,
        "aim": state.aim,
        "declared": state.declared,
        "doubled": state.doubled,
        "extra": state.extra,
    }


def walk_worth(view: dict[str, Any], move: Move) -> float:
    """What a walk is worth to the seat choosing it (for a push, to the pusher: the victim's loss)."""
    decision = view["decision"]
    mover, decider = decision["mover"], decision["seat"]
    path = move.path
    end = path[-1]
    if mover != decider:  # MOVE BACK: send the victim as far from its goal as possible
        return remaining(view, mover, end) - (DARK / 3 if BOARD.spaces[end].dark else 0.0)
    jewel = view["jewel"]
    owner, lies = jewel["owner"], jewel["at"]
    worth = 0.0
    holds = owner == mover
    if lies == rules.VUL_KAR and end == rules.VUL_KAR:
        worth += CAPTURE
        holds = True
    elif lies and lies in path:
        worth += PICK_UP
        holds = True
    elif owner is not None and owner != mover and view["pieces"][owner] in rules.passes(path):
        worth += STEAL
        holds = True
    if end == rules.DOCK and holds:
        return WIN
    if rules.WITCHLORD_STEP in path and not view["collected"][mover]:
        worth += TOKEN
    if BOARD.spaces[end].dark and view["hand_sizes"][mover] < 4:
        worth += DARK
    goal = rules.DOCK if holds else goal_of(view, mover)
    dist = cave_entry(view, mover, end) if BOARD.spaces[end].is_cave else distances(goal).get(end, FAR)
    return worth - dist


def hit_odds(view: dict[str, Any], rollway: str) -> dict[int, float]:
    """Each seat's chance of being hit by a Fireball down `rollway` (D-FI-3)."""
    odds: dict[int, float] = {}
    for mask, p in rules.hit_chances(rollway, view["pieces"]):
        for seat in rules.seats_in(mask):
            odds[seat] = odds.get(seat, 0.0) + p
    return odds


def aim_worth(view: dict[str, Any], me: int, rollway: str) -> float:
    worth = 0.0
    for seat, p in hit_odds(view, rollway).items():
        worth += p * (-3.0 * threat(view, me) if seat == me else threat(view, seat))
    return worth


def _best_aim(view: dict[str, Any], me: int) -> float:
    return max((aim_worth(view, me, r) for r in rules.targets(me, view["pieces"])), default=0.0)


def _declare(view: dict[str, Any], me: int, legal: Sequence[Move]) -> Move:
    here = view["pieces"][me]
    out = BOARD.cave_exit(here)
    if out is None:
        return next(m for m in legal if m.kind == CAVE)
    stay_out = distances(goal_of(view, me))[out] - TURN
    again = cave_entry(view, me, here)
    return next(m for m in legal if m.kind == (EXIT if stay_out <= again else CAVE))


def _should_cancel(view: dict[str, Any], me: int, decision: dict[str, Any]) -> bool:
    """CANCEL the card on top of the chain if it stands against us, or cancels our own card."""
    key, player, target, cancels = decision["card"], decision["player"], decision["target"], decision["cancels"]
    if cancels % 2:
        return bool(player == me)
    if player == me:
        return False
    card = parse_card(key).type
    turn = view["turn"]
    if card is CardType.TAKE_1_CARD:
        return bool(target == me)
    if card in (CardType.MOVE_BACK, CardType.REROLL, CardType.MOVE_AHEAD):
        return bool(turn == me)
    if card is CardType.MAGIC_TALISMAN or card is CardType.FAKE_JEWEL:
        return bool(turn == me)
    if card is CardType.TAKE_ANOTHER_TURN or card is CardType.DOUBLE_NEXT_ROLL:
        return threat(view, turn) >= threat(view, leader(view, turn)) and turn != me
    return False


def _window(view: dict[str, Any], me: int, kind: str, legal: Sequence[Move]) -> Move:
    turn = view["turn"]
    plays = {m.card.type: m for m in legal if m.kind == PLAY and m.card is not None}
    hand = view["hand_sizes"][me]
    if kind == "talisman":
        rollway = view["aim"]
        if CardType.MAGIC_TALISMAN in plays and hit_odds(view, rollway).get(me, 0.0) >= 0.3:
            return plays[CardType.MAGIC_TALISMAN]
        return legal[0]
    if CardType.TAKE_ANOTHER_TURN in plays:
        return plays[CardType.TAKE_ANOTHER_TURN]
    if any(m.kind == TRADE for m in legal) and hand <= 2:
        return next(m for m in legal if m.kind == TRADE)
    if CardType.FIREBALL in plays and _best_aim(view, me) >= AIM_WORTH * 3:
        return plays[CardType.FIREBALL]
    takes = [m for m in legal if m.kind == PLAY and m.card is not None and m.card.type is CardType.TAKE_1_CARD]
    if takes and hand < 4:
        return max(takes, key=lambda m: (view["hand_sizes"][m.target], threat(view, m.target)))
    if turn == me:
        return _own_window(view, me, kind, plays, legal)
    rival = threat(view, turn) >= threat(view, leader(view, turn))
    if kind == "post" and rival and view["rolling"] == "move":
        backs = [m for c, m in plays.items() if c is CardType.MOVE_BACK]
        if backs:
            return backs[0]
        if CardType.REROLL in plays and view["roll"] >= 4:
            return plays[CardType.REROLL]
    return legal[0]


def _own_window(view: dict[str, Any], me: int, kind: str, plays: dict[CardType, Move], legal: Sequence[Move]) -> Move:
    if kind == "pre":
        ahead = [m for m in legal if m.kind == PLAY and m.card is not None and m.card.type is CardType.MOVE_AHEAD]
        big = [m for m in ahead if m.card is not None and m.card.spaces >= 5]
        if big:
            return big[0]
        if CardType.DOUBLE_NEXT_ROLL in plays and view["declared"] != CAVE:
            return plays[CardType.DOUBLE_NEXT_ROLL]
    if kind == "post" and CardType.REROLL in plays and view["rolling"] == "move":
        roll = view["roll"]
        if roll == 1 and _best_aim(view, me) < AIM_WORTH:
            return plays[CardType.REROLL]
        if roll == 2 and view["jewel"]["owner"] == me:
            return plays[CardType.REROLL]
    return legal[0]


# The evaluation a rollout stops at: a conditional logit over the seats, fitted to where
# four greedy players stood and who went on to win (benchmarks/fit_evaluate.py refits and
# prints these). Each seat scores the sum of its terms times their weights; its chance to
# win is its share of exp(score). Distances are spaces to the seat's goal (goal_of); "near"
# is within one roll, "near2" within two; "to_dock_sq" is the holder's distance (capped at
# 40) squared over 100: its odds do not fall evenly with distance; "from_dock" is how far a
# chaser would still carry the jewel after stealing it; "after_k" is the seat k places
# after the seat whose turn it is.
TERMS: Final = (
    "holds", "to_dock", "to_jewel", "to_holder", "near_dock", "near_jewel", "near_holder",
    "cards", "token", "lying", "after_1", "after_2", "after_3", "extra", "doubled",
    "from_dock", "to_dock_sq", "near2_dock", "near2_holder",
)  # fmt: skip
WEIGHTS: Final = {
    "holds": 0.9855,
    "to_dock": -0.0186,
    "to_jewel": -0.0093,
    "to_holder": -0.0032,
    "near_dock": 0.3055,
    "near_jewel": 0.3885,
    "near_holder": 0.4061,
    "cards": 0.0587,
    "token": 0.0305,
    "lying": -0.0221,
    "after_1": -0.0357,
    "after_2": -0.1025,
    "after_3": -0.1588,
    "extra": -0.0326,
    "doubled": -0.1061,
    "from_dock": -0.0389,
    "to_dock_sq": -0.0915,
    "near2_dock": 0.5904,
    "near2_holder": 0.1608,
}
ROLL: Final = 6  # the farthest one roll reaches
FAR_SQ: Final = 40.0  # to_dock_sq's distance is capped here (a FAR piece would swamp it)


def terms(view: dict[str, Any], seat: int) -> list[float]:
    """The seat's standing, term by term (TERMS), for `evaluate`."""
    owner = view["jewel"]["owner"]
    holds, free = owner == seat, owner is None
    away = remaining(view, seat)
    near = away <= ROLL
    after = (seat - view["turn"]) % view["players"]
    return [
        float(holds),
        away * holds,
        away * free,
        away * (not holds and not free),
        float(holds and near),
        float(free and near),
        float(not holds and not free and near),
        float(view["hand_sizes"][seat]),
        float(view["tokens"][seat]),
        float(view["lying"][seat]),
        float(after == 1),
        float(after == 2),
        float(after == 3),
        float(view["extra"]) * (after == 0),
        float(view["doubled"] and after == 0),
        distances(rules.DOCK).get(view["pieces"][seat], FAR) * (not holds and not free),
        holds * min(away, FAR_SQ) ** 2 / 100,
        float(holds and away <= 2 * ROLL),
        float(not holds and not free and away <= 2 * ROLL),
    ]


def evaluate(state: Any) -> list[float]:
    """Each seat's chance to win as the fitted logit puts it (TERMS, WEIGHTS)."""
    view = glance(state, None)
    weights = [WEIGHTS[t] for t in TERMS]
    scores = [sum(w * x for w, x in zip(weights, terms(view, seat), strict=True)) for seat in range(view["players"])]
    top = max(scores)
    odds = [math.exp(score - top) for score in scores]
    total = sum(odds)
    return [o / total for o in odds]
