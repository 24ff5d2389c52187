"""The steps of a turn, as named records on a stack.

A turn has many small steps, and cards may be played in between by anyone: before the
roll, after it, when a Fireball is about to roll, when the jewel is about to be stolen,
and on top of any card just played (CANCEL). So the state keeps a stack of tasks. The
task on top is what happens next: a decision for one seat (a `Window` where a seat may
play a card or pass, a `Path` to choose a walk on, a `Fireball` to aim), a chance step
(a `Roll` of the die, a card drawn, where a Fireball `Hits`), or bookkeeping the turn
machine (state.py) runs at once. A turn starts as

    window:pre  ->  act (roll, or MOVE AHEAD)  ->  pushes (MOVE BACK after the roll)
    ->  window:end  ->  end

and the steps push what they lead to: the roll pushes the post-roll window, a walk that
passes the jewel's owner pushes the steal, a card pushes its CANCEL chain, and so on.

Each record is a NamedTuple whose first field, `step`, is its word in the position
notation (`window:pre:0` is `Window("window", "pre", 0)`), and the other fields are
written after it in order (notation.py). A record is a tuple: as cheap to read as one, and
equal to the plain tuple of its fields. The records are final, so the turn machine tells them
apart with `type(task) is Window`, the quickest test there is, and mypy follows it.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, final

WindowKind = Literal["pre", "post", "end", "talisman", "stand"]
WINDOW_KINDS: Final = ("pre", "post", "end", "talisman", "stand")
"""pre: before the roll; post: after it; end: the end of the turn; talisman: a Fireball is
about to roll (MAGIC TALISMAN); stand: a turn spent standing up in a smolder pit."""
FIREBALL_SOURCES: Final = ("die", "card", "capture")
"""Why a Fireball rolls: a 1 on the die, a FIREBALL! card, or the capture bonus (R-FI MAGIC TALISMAN)."""
ROLL_PURPOSES: Final = ("move", "cave")
WALK_MODES: Final = ("go", "push")
"""go: the mover's own move (it takes a token, the jewel, steals); push: a MOVE BACK (D-FI-5)."""


@final
class First(NamedTuple):
    """The seats in `seats` (a bit mask) roll for who goes first, each in turn: a chance step."""

    step: Literal["first"]
    seats: int


@final
class Draw(NamedTuple):
    """`seat` draws `number` cards, one chance step each (the deal, a dark space, a trade, a capture)."""

    step: Literal["draw"]
    seat: int
    number: int


@final
class Begin(NamedTuple):
    """Begin the next turn (or stop the game at the turn limit)."""

    step: Literal["begin"]


@final
class Declare(NamedTuple):
    """The seat to play, in a cave, declares cave or exit before its roll (R-FI Caves 3)."""

    step: Literal["declare"]


@final
class Window(NamedTuple):
    """A window of `kind` where seats may play a card or pass; `asked` counts the seats of its
    order asked so far (windows.py)."""

    step: Literal["window"]
    kind: WindowKind
    asked: int


@final
class Chain(NamedTuple):
    """A card just played (`card`, a key) by `player`, against `target` (TAKE 1 CARD; else -1),
    with `cancels` CANCELs played on it so far, the last by `last` (the card's player when
    none); `asked` counts the seats asked for a CANCEL on top."""

    step: Literal["chain"]
    card: str
    player: int
    target: int
    cancels: int
    last: int
    asked: int


@final
class Act(NamedTuple):
    """The turn's act: roll the die, or MOVE AHEAD instead."""

    step: Literal["act"]


@final
class Roll(NamedTuple):
    """Roll the die, to move or for a cave: a chance step."""

    step: Literal["roll"]
    purpose: Literal["move", "cave"]


@final
class Rolled(NamedTuple):
    """The roll stands (its window closed): move, roll a Fireball, or enter a cave."""

    step: Literal["rolled"]
    purpose: Literal["move", "cave"]


@final
class Path(NamedTuple):
    """`decider` chooses a walk of `steps` spaces for `mover`'s piece (a roll, MOVE AHEAD, or
    MOVE BACK when decider is not mover)."""

    step: Literal["path"]
    mover: int
    steps: int
    decider: int


@final
class Walk(NamedTuple):
    """`mover` walks the chosen spaces (`spaces`, joined by '>'), as its own move or pushed."""

    step: Literal["walk"]
    mover: int
    spaces: str
    mode: Literal["go", "push"]


@final
class Steal(NamedTuple):
    """`thief` passes `owner`, who holds the jewel: the owner may play FAKE JEWEL."""

    step: Literal["steal"]
    owner: int
    thief: int


@final
class Snatch(NamedTuple):
    """The jewel goes from `owner` to `thief`, unless FAKE JEWEL foiled the steal."""

    step: Literal["snatch"]
    owner: int
    thief: int


@final
class Fireball(NamedTuple):
    """`roller` aims a Fireball (chooses a rollway), rolled for `source`."""

    step: Literal["fireball"]
    roller: int
    source: Literal["die", "card", "capture"]


@final
class Hits(NamedTuple):
    """The Fireball `roller` aimed rolls (under a talisman window first): a chance step."""

    step: Literal["hits"]
    roller: int
    source: Literal["die", "card", "capture"]


@final
class Take(NamedTuple):
    """`taker` takes a card at random from `victim` (TAKE 1 CARD): a chance step."""

    step: Literal["take"]
    taker: int
    victim: int


@final
class Pushes(NamedTuple):
    """The MOVE BACKs played after the roll move the seat to play back, one by one."""

    step: Literal["pushes"]


@final
class End(NamedTuple):
    """The end of the turn: the next seat's turn, or an extra one."""

    step: Literal["end"]


Task = (
    First | Draw | Begin | Declare | Window | Chain | Act | Roll | Rolled | Path | Walk
    | Steal | Snatch | Fireball | Hits | Take | Pushes | End
)  # fmt: skip

RECORDS: Final[dict[str, type[Task]]] = {
    "first": First,
    "draw": Draw,
    "begin": Begin,
    "declare": Declare,
    "window": Window,
    "chain": Chain,
    "act": Act,
    "roll": Roll,
    "rolled": Rolled,
    "path": Path,
    "walk": Walk,
    "steal": Steal,
    "snatch": Snatch,
    "fireball": Fireball,
    "hits": Hits,
    "take": Take,
    "pushes": Pushes,
    "end": End,
}
"""Each task's record by its word."""

# Each kind of task as a constant, for the checks of a task's kind made at every step
# (`type(task) is WINDOW_TYPE`). Compiled (`make fast`), a module reads a Final constant from C
# but looks an imported class up in its own dict at each use: those lookups were a fifth of a
# compiled Fireball Island decision (benchmarks/README.md, *compiled.py*). Pure Python reads
# either as fast.
FIRST_TYPE: Final = First
DRAW_TYPE: Final = Draw
BEGIN_TYPE: Final = Begin
DECLARE_TYPE: Final = Declare
WINDOW_TYPE: Final = Window
CHAIN_TYPE: Final = Chain
ACT_TYPE: Final = Act
ROLL_TYPE: Final = Roll
ROLLED_TYPE: Final = Rolled
PATH_TYPE: Final = Path
WALK_TYPE: Final = Walk
STEAL_TYPE: Final = Steal
SNATCH_TYPE: Final = Snatch
FIREBALL_TYPE: Final = Fireball
HITS_TYPE: Final = Hits
TAKE_TYPE: Final = Take
PUSHES_TYPE: Final = Pushes
END_TYPE: Final = End

# The tasks without fields, built once.
BEGIN: Final = Begin("begin")
DECLARE: Final = Declare("declare")
ACT: Final = Act("act")
PUSHES: Final = Pushes("pushes")
END: Final = End("end")

new: Final = tuple.__new__
"""Makes a record from its fields in order: `new(Walk, ("walk", mover, spaces, "go"))`. The steps
of a turn make their records (and moves) this way: a NamedTuple's own __new__ is Python code,
the dearest call of a compiled step (`make fast`), and twice tuple.__new__ in pure Python."""

ROLLS: Final = {purpose: Roll("roll", purpose) for purpose in ROLL_PURPOSES}
ROLLED: Final = {purpose: Rolled("rolled", purpose) for purpose in ROLL_PURPOSES}

WINDOWS: Final[dict[str, tuple[Window, ...]]] = {
    kind: tuple(Window("window", kind, asked) for asked in range(5)) for kind in WINDOW_KINDS
}
"""Every window record, by kind and seats asked (0 to 4), built once: windows are asked in
every step of a playout."""
