"""What is being decided now, named, without its words: `decision_fields`.

A view's `decision` (view.py) is these fields and a sentence for people. Bots read the fields
at every step of a rollout and the RL encoder at every observation, so they live here, in a
module the compiled build compiles (`make fast`), where view.py, read by its type hints, is
not."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.state import FireballIslandState
from gamenight.games.fireball_island.tasks import (
    CHAIN_TYPE,
    DECLARE_TYPE,
    DRAW_TYPE,
    FIREBALL_TYPE,
    FIRST_TYPE,
    HITS_TYPE,
    PATH_TYPE,
    ROLL_TYPE,
    STEAL_TYPE,
    TAKE_TYPE,
    WINDOW_TYPE,
)
from gamenight.games.fireball_island.windows import talisman_roller

if TYPE_CHECKING:
    from gamenight.games.fireball_island.view import Decision

WAYS: Final = {rules.ANY_WAY: "any", rules.AHEAD: "ahead", rules.BACK: "back"}
"""A walk's way, as a view names it."""


def decision_fields(state: FireballIslandState) -> Decision | None:
    """`decision` without its words: what bots read, cheap enough for every step of a rollout."""
    if not state.tasks:
        return None
    task = state.tasks[-1]
    who = state.to_act()
    seat = None if who is None or who == CHANCE else who
    if type(task) is WINDOW_TYPE:
        if task.kind == "talisman":
            roller = talisman_roller(state)
            return {"kind": "window", "seat": seat, "window": task.kind, "roller": roller, "rollway": state.aim}
        return {"kind": "window", "seat": seat, "window": task.kind}
    if type(task) is CHAIN_TYPE:
        target = None if task.target < 0 else task.target
        return {
            "kind": "cancel", "seat": seat, "card": task.card, "player": task.player, "target": target,
            "cancels": task.cancels, "last": task.last,
        }  # fmt: skip
    if type(task) is STEAL_TYPE:
        return {"kind": "steal", "seat": seat, "owner": task.owner, "thief": task.thief}
    if type(task) is DECLARE_TYPE:
        cave = state.pos[state.turn]
        return {"kind": "declare", "seat": seat, "cave": BOARD.spaces[cave].cave or 0, "exit": BOARD.cave_exit(cave)}
    if type(task) is FIREBALL_TYPE:
        return {"kind": "aim", "seat": seat, "roller": task.roller, "source": task.source}
    if type(task) is PATH_TYPE:
        way = WAYS[state.walk_way(task)]
        return {"kind": "walk", "seat": seat, "mover": task.mover, "steps": task.steps, "way": way}
    if type(task) is FIRST_TYPE:
        return {"kind": "first", "seat": seat, "roller": state.first_roller()}
    if type(task) is DRAW_TYPE:
        return {"kind": "draw", "seat": seat, "drawer": task.seat, "cards": task.number}
    if type(task) is ROLL_TYPE:
        return {"kind": "roll", "seat": seat, "roller": state.turn, "purpose": task.purpose}
    if type(task) is TAKE_TYPE:
        return {"kind": "take", "seat": seat, "taker": task.taker, "victim": task.victim}
    if type(task) is HITS_TYPE:
        return {"kind": "hits", "seat": seat, "roller": task.roller, "source": task.source, "rollway": state.aim}
    return {"kind": task.step, "seat": seat}  # bookkeeping: never on top of a state at rest
