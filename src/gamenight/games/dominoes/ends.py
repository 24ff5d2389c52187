"""The end of a round (a hand), as the three domino games show it to the table.

When the last tile is played, or nobody can play, the state scores the round and at once
gathers the tiles in for the next deal: the layout it ended on and the tiles each seat was
left holding are gone from it. At a real table they lie face up while the round is counted,
so `final_position` plays the step that ended the round again on a copy of the position
before it whose round's end is left out: the copy stands as the table stood when the round
ended. The scores themselves are always the engine's (the state after the step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

S = TypeVar("S")


def final_position(before: S, step: Callable[[S], None]) -> S:
    """The position the round ended in: `step` (the move or chance outcome that ended it) played
    on a copy of `before` whose round's end is left out (its `stop_at_end`)."""
    final: Any = before.clone()  # type: ignore[attr-defined]
    final.stop_at_end = True
    step(final)
    return final  # type: ignore[no-any-return]


def told_end(
    final: Any,
    after: Any,
    *,
    number: int,
    says: str,
    name: Callable[[int], str],
    parts: Callable[[list[int]], list[Any]],
    scored: list[int],
    over: bool,
    **more: Any,
) -> dict[str, Any]:
    """A round's end as the table tells it (JSON): its number, who went out (the seat left with
    no tile; None: blocked), the rule that scored it (`says`), the final position as a
    spectator sees it, each seat's tiles and count, what each side scored, and the totals."""
    return {
        "round": number,
        "out": out_seat(final),
        "says": says,
        "view": final.view(None),
        "seats": seat_lines(final.hands, name, parts),
        "scored": scored,
        "totals": list(after.totals),
        "over": over,
        **more,
    }


def pips_part(pips: int) -> list[Any]:
    """The first part of a hand's count, [what, points]: the page writes it "1 pip", "12 pips"."""
    return ["pip" if pips == 1 else "pips", pips]


def out_seat(final: Any) -> int | None:
    """The seat that went out (its hand empty when the round ended), or None: blocked."""
    return next((seat for seat, hand in enumerate(final.hands) if not hand), None)


def seat_lines(
    hands: list[list[int]], name: Callable[[int], str], parts: Callable[[list[int]], list[Any]]
) -> list[Any]:
    """Each seat's leftover tiles (named as the game's notation names them) and their count,
    part by part (`parts`: [[what, points], ...], summing to the count)."""
    lines = []
    for hand in hands:
        counted = parts(hand)
        lines.append({"tiles": [name(t) for t in hand], "count": sum(p for _, p in counted), "parts": counted})
    return lines
