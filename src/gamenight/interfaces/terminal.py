"""A person at the terminal as a Match agent, and the Rich helpers every game's screen shares.

The person's agent sees what any agent sees: its view and the legal moves. To read
moves to a person and to understand what they type, it also gets a `MoveHelp`: a few
questions about moves answered by the table (the Match's state). Their answers are
public (a move's description and notation, whether a move is legal), so the person
learns nothing a player at a real table would not.
"""

from __future__ import annotations

import os
import random
import re
import secrets
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from gamenight.bots import hints as bot_hints
from gamenight.engine.errors import RulesError
from gamenight.engine.match import Agent, Event
from gamenight.engine.protocol import CHANCE, Move, View
from gamenight.engine.table import Table as GameTable
from gamenight.games.fireball_island import story as fireball_island_story
from gamenight.games.highrise import story as highrise_story
from gamenight.games.wildfire import story as wildfire_story
from gamenight.games.wildstar import story as wildstar_story

HUMAN = "human"
MAX_ANSWER = 200
"""The longest answer read at the prompt: every move's notation is far shorter, and a
pasted megabyte is refused at once instead of parsed and quoted back."""


class _Console(Console):
    def on_broken_pipe(self) -> None:
        # The reader went away (`| head`): say nothing more, but do not exit as Rich would,
        # so the game goes on to its end and its record is saved whole.
        self.quiet = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, self.file.fileno())  # the exit's flush must not fail again
        os.close(devnull)


def make_console(*, stderr: bool = False) -> Console:
    """A console on the current sys.stdout (or stderr), so test runners can capture it."""
    # Numbers and notation are the game here: Rich's automatic highlighting would colour
    # them at random, so it is off and colour is given on purpose.
    return _Console(stderr=stderr, highlight=False)


def seat_label(seat: int, you: int | None = None) -> str:
    """People number seats from 1: P1..Pn; the person's own seat says so."""
    return f"P{seat + 1} (you)" if seat == you else f"P{seat + 1}"


def seat_list(seats: Sequence[int], you: int | None = None) -> str:
    labels = [seat_label(s, you) for s in seats]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


def printable(text: str) -> str:
    """`text` safe to show: every control or format character (ESC, BEL, a bidi override)
    written as its Python escape, so text from a record or a person cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def error(console: Console, message: str, *, wrap: bool = False) -> None:
    # Text, not markup: a message may quote what the person typed, brackets and all. Soft wrap:
    # the terminal folds a long line, so a file path or a move in it is never split by a newline.
    # `wrap`: an answer to a person at the prompt, in lines that break between words.
    console.print(Text(printable(message), style="bold red"), soft_wrap=not wrap)


class TakeBack(Exception):
    """The person asked to take back their last move, and the table allows it."""


class QuitGame(Exception):
    """The person asked to stop (quit, or end of input): the Match stops where it is."""


@dataclass(frozen=True)
class Choice:
    """One numbered entry for a family of legal moves told apart by a single answer (a
    single star on one end: which number it shows). Picking its number asks `question`."""

    label: Text
    question: str
    answers: Mapping[str, Move]


@dataclass(frozen=True)
class MoveMenu:
    """The legal moves as a person reads them: `numbered` are picked by their number (each a
    real legal move, or a Choice that asks one more question); `typed` are extra lines
    after the list (how to write such moves in notation at once)."""

    numbered: Sequence[Move | Choice]
    typed: Sequence[RenderableType] = ()
    lines: Sequence[Text] | None = None
    """How each numbered move is listed, if the game says it better than its description
    does (Highrise: notation, level and points, in a short line); None: the description."""
    heading: str | None = None
    """The list's heading, if not "Your moves:" (Highrise: "Your moves, best first:")."""


def every_move_numbered(legal: Sequence[Move]) -> MoveMenu:
    return MoveMenu(list(legal))


class GameScreen(Protocol):
    """What a game's renderer gives the terminal: its story, its table and its score sheet."""

    notation_help: str
    """The game's move notation for the `?` help, a few lines of examples."""

    between_rounds: bool
    """A round's summary was just told and another round follows (StoryScreen)."""

    round_name: str
    """What the game calls a round: "round", or "hand" (Wildstar, Highrise)."""

    def start(self, view: View) -> None: ...

    def on_event(self, event: Event) -> None: ...

    def take_news(self) -> list[RenderableType]: ...

    def board(self, view: View) -> RenderableType: ...

    def sheet(self, view: View) -> RenderableType: ...

    def hints(self, view: View, legal: Sequence[Move]) -> list[str]: ...

    def menu(self, view: View, legal: Sequence[Move]) -> MoveMenu: ...

    def title(self, view: View) -> str:
        """The heading of a person's turn."""
        ...

    def final(self, view: View) -> RenderableType:
        """The end of the game: the score sheet and who won."""
        ...

    def command(self, view: View, text: str) -> RenderableType | None:
        """The answer to one of the game's own prompt commands (Highrise: `i b2`, a cell's
        stack), or None when `text` is not one of them (then it is read as a move)."""
        ...


class StoryScreen:
    """What every game's screen does alike: it tells the match as seat `you` sees it (None: a
    spectator) in lines of news, from the view before and after each event. A game's screen
    adds its table, its sheet and how each step reads (GameScreen).

    `verbose` tells every step (a person at the table, or --watch); otherwise only the end of
    each round. `sheet_each_round` adds the score sheet after each round, for a person playing.
    `options` are the game's, for a screen that needs them (Highrise: the target)."""

    def __init__(
        self,
        names: Sequence[str],
        you: int | None,
        *,
        verbose: bool,
        sheet_each_round: bool = False,
        options: Any = None,
    ) -> None:
        self.names = list(names)
        self.you = you
        self.verbose = verbose
        self.sheet_each_round = sheet_each_round
        self.options = options
        self.news: list[RenderableType] = []
        self._before: View | None = None
        # A draw is told with what follows it ("cannot play, draws a tile and passes"), so a
        # drawing seat's line waits for its next decision: (seat, what it drew).
        self._drawing: tuple[int, str] | None = None
        self.round_name = "round"
        self.between_rounds = False
        """True once a round's summary is in the news and another round follows: a person is
        given time to read it (the command line waits for Enter, then sets it back)."""
        # Every seat's hand as its own view last showed it: at the end of a round the hands
        # are counted openly, and the step that ends it has already gathered them in.
        self._hands: list[list[str]] = []

    def start(self, view: View) -> None:
        self._before = view

    def take_news(self) -> list[RenderableType]:
        """What happened since the last call. Another seat's draw waits for its next
        decision (always the next step), your own is told now: you are about to decide."""
        if self._drawing is not None and self._drawing[0] == self.you:
            self._flush_pending()
        news, self.news = self.news, []
        return news

    def command(self, view: View, text: str) -> RenderableType | None:
        return None  # no commands of its own

    def _views(self, event: Event) -> tuple[View, View]:
        """The view before `event` and after it (kept as the next event's before)."""
        before = self._before if self._before is not None else event.state.view(self.you)
        after = event.state.view(self.you)
        self._before = after
        return before, after

    def _label(self, seat: int) -> str:
        return seat_label(seat, self.you)

    def _line(self, text: str, seat: int | None = None) -> None:
        style = "bold" if seat is not None and seat == self.you else ""
        self.news.append(Text(text, style=style))

    def _keep_hands(self, event: Event, before: View, after: View) -> None:
        """Note the hands this step changed, from their owners' views: what `leftovers` tells
        once the round is over. Call it on every step, before the round's end is told."""
        if not self._hands:
            self._hands = [event.state.view(s)["hand"] or [] for s in range(after["players"])]
            return
        if after["hand_sizes"] == [0] * after["players"]:
            return  # the hands are gathered in: what they held is kept from the step before
        seats = {event.seat} | set(event.owners)
        for seat in seats - {CHANCE}:
            self._hands[seat] = event.state.view(seat)["hand"] or []

    def leftovers(self, event: Event, before: View) -> Group:
        """Every seat's tiles left at the end of a round, counted openly as at a real table.
        The step that ended it took one tile from its player: out, or no tile left at all."""
        hands = [list(h) for h in self._hands]
        seat = event.seat
        if seat >= 0 and event.text not in ("draw", "pass") and len(hands[seat]) >= before["hand_sizes"][seat]:
            hands[seat] = [] if before["hand_sizes"][seat] == 1 else _without(hands[seat], event.text)
        # A grid: a long hand wraps in its own column, under its tiles, not under the seats.
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        for seat, hand in enumerate(hands):
            who = Text(f"  {self._label(seat)}", style="bold" if seat == self.you else "")
            tiles = Text(" ".join(map(self._tile, hand)), style="cyan") if hand else Text("none", style="dim")
            table.add_row(who, tiles)
        return Group(Text("Left in hand:", style="bold"), table)

    def _tile(self, name: str) -> str:
        """A tile of a hand as the game's screen writes it (its view's name, unless it says otherwise)."""
        return name

    def _flush_pending(self) -> None:
        if self._drawing is not None:
            seat, drawn = self._drawing
            self._line(f"{self._label(seat)} cannot play and draws {drawn}", seat)
        self._drawing = None


def _without(hand: list[str], move: str) -> list[str]:
    """`hand` less the tile a play's notation starts with ("5-3@e2", "W-5@e2 knock", "0-2@d2,d3^"),
    whichever way round the hand writes it."""
    halves = sorted(re.split(r"[@\s,:=^]", move, maxsplit=1)[0].split("-"))
    for i, tile in enumerate(hand):
        if sorted(tile.split("-")) == halves:
            return hand[:i] + hand[i + 1 :]
    return hand


@dataclass(frozen=True)
class MoveHelp:
    """Public facts about moves, from the table: never the state itself (see the module doc)."""

    describe: Callable[[Move], str]
    notation: Callable[[Move], str]
    parse: Callable[[str], Move]
    check: Callable[[Move], None]
    """Raises IllegalMoveError (or NotationError) saying why, if the move may not be made now."""
    why_no_undo: Callable[[], str | None] = lambda: "there is nothing to take back"
    """Why the person may not take back their last move now, or None if they may."""
    hint: Callable[[View, Sequence[Move]], str] | None = None
    """The hard bot's choice from the person's view, in words; None: hints are off."""


def move_help(table: Callable[[], GameTable], seat: int | None = None, hints: bool = False) -> MoveHelp:
    """MoveHelp answered by `table()` (a Match's table), asked only about the seat to act's
    moves; `seat` is the person's, for taking back a move; `hints`: the `hint` command is on."""

    def check(move: Move) -> None:
        table().state.clone().apply(move)  # a trial on a copy: IllegalMoveError says why

    def hint_words(view: View, legal: Sequence[Move]) -> str:
        # The search reads the view only; the move's words are the menu's own.
        found = bot_hints.hint(table().game, view, legal, random.Random(secrets.randbits(64)))
        state = table().state
        words = table().story.describe(state, found.move)
        return f"{state.move_notation(found.move)}: {words}; {found.reason(state.move_notation)}"

    return MoveHelp(
        describe=lambda move: table().story.describe(table().state, move),
        notation=lambda move: table().state.move_notation(move),
        parse=lambda text: table().state.parse_move(text),
        check=check,
        why_no_undo=lambda: "you have no seat" if seat is None else table().why_no_undo(seat),
        hint=hint_words if hints else None,
    )


ANSWER_HELP = "Answer with the number of a move from the list, or write the move in notation:"
COMMANDS_HELP = """\
Commands: b or board (show the table again), m or moves (list your moves), s or sheet (score
sheet), rules (the game in short, with this game's options), u or undo (take back your last
move, while nobody else has moved and nothing was drawn or rolled), hint (what the hard bot
would play, and why: with --hints), ? or help (this text), quit
(stop the game; with --save what was played is kept, and `gamenight play --resume FILE` goes
on with it).
Press Enter alone when there is only one move."""


RULES_SUMMARIES: dict[str, Callable[[Any], list[str]]] = {
    "wildfire": wildfire_story.rules_summary,
    "wildstar": wildstar_story.rules_summary,
    "highrise": highrise_story.rules_summary,
    "fireball-island": fireball_island_story.rules_summary,
}
"""Each game's rules in short (its story module), as a function of the game's options."""


def rules_text(view: View | None, options: Any) -> RenderableType:
    """The `rules` command's answer: the game of `view`, with `options`' variants."""
    summary = RULES_SUMMARIES.get(view["game"]) if view is not None else None
    if summary is None or options is None:
        return Text("No summary of the rules for this game.", style="dim")
    lines = Table.grid(padding=(0, 1))  # a long line wraps under its own text, not under the bullet
    lines.add_column()
    lines.add_column()
    for line in summary(options):
        lines.add_row("  •", line)
    return Group(Text("The rules in short:", style="bold"), lines)


# Moves a person is never asked for: when one is the only legal move, it is played for them.
FORCED = {
    "draw": "Nothing you hold can be played: you draw.",
    "pass": "Nothing you hold can be played: you pass.",
}


class HumanAgent:
    """A person at this terminal: shows them their turn and asks for a move until it is legal."""

    name = HUMAN

    def __init__(
        self,
        console: Console,
        seat: int,
        screen: GameScreen,
        moves: MoveHelp,
        title: Callable[[View], str],
    ) -> None:
        self.console = console
        self.seat = seat
        self.screen = screen
        self.moves = moves
        self.title = title
        # Piped input is not echoed by the terminal: echo it so a transcript reads as a dialogue.
        self.echo = not sys.stdin.isatty()
        # A person at a keyboard is asked before a game is stopped; a script's "quit" is meant.
        self.interactive = sys.stdin.isatty()
        self._view: View | None = None  # the view of the current turn, to redraw on request
        self._menu = MoveMenu(())  # this turn's moves as listed: what a number picks

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        console = self.console
        self._view = view
        self._menu = self.screen.menu(view, legal)
        for item in self.screen.take_news():
            console.print(item)
        if len(legal) == 1 and (forced := FORCED.get(self.moves.notation(legal[0]))) is not None:
            # The rules leave nothing to choose: play it and say so, rather than ask for Enter.
            console.print(Text(forced, style="yellow"))
            return legal[0]
        console.rule(Text(self.title(view), style="bold"))
        self._show_board(view, legal)
        while True:
            answer = self._ask(legal)
            if answer is not None:
                return answer
            # Anything but a move (a command, a mistake) asks again; the table is unchanged.

    def _show_board(self, view: View, legal: Sequence[Move]) -> None:
        self.console.print(self.screen.board(view))
        for hint in self.screen.hints(view, legal):
            self.console.print(Text(hint, style="yellow"))
        self._show_moves()

    def _show_moves(self) -> None:
        items = []
        lines = self._menu.lines
        for i, move in enumerate(self._menu.numbered, 1):
            item = Text(f"{i:>2}  ", style="bold")
            if isinstance(move, Choice):
                item.append_text(move.label)
            elif lines is not None:
                item.append_text(lines[i - 1])
            else:
                item.append(self.moves.describe(move))
                item.append(f"  {self.moves.notation(move)}", style="dim")
            items.append(item)
        heading = self._menu.heading or "Your moves:"
        if not items:
            heading = "Your moves (none has a number: write yours as shown):"
        self.console.print(Text(heading, style="bold"))
        if len(items) <= 12:
            for item in items:
                self.console.print(item)
        else:
            # Many moves (a hand of wilds): columns keep the list on one screen.
            self.console.print(Columns(items, column_first=True, padding=(0, 3)))
        for line in self._menu.typed:
            self.console.print(line)

    def next_round(self, what: str = "round") -> None:
        """At a keyboard, wait for Enter after a round's (or hand's) summary: the next deal would
        scroll it away. Piped moves are not waited for (their lines are moves), nor is input that ended."""
        if not self.interactive:
            return
        try:
            self.console.input(Text(f"Press Enter for the next {what} ", style="bold"))
        except EOFError:
            self.console.print()  # the prompt's line was left open; the next prompt quits

    def _confirm_quit(self) -> bool:
        try:
            answer = self.console.input("Stop the game here? (y/N) ")
        except EOFError:
            return True
        return answer.strip().lower() in ("y", "yes")

    def _ask(self, legal: Sequence[Move]) -> Move | None:
        console = self.console
        default = r" \[Enter: 1]" if len(legal) == 1 else ""
        try:
            raw = console.input(f"[bold]Your move[/] (number, notation, ? for help){default}: ")
        except EOFError:
            console.print()  # the prompt's line was left open
            raise QuitGame("the input ended") from None
        if not self._echo_and_check(raw):
            return None
        text = raw.strip()
        command = text.lower()
        if command == "" and len(legal) == 1:
            return legal[0]
        if command in ("", "?", "h", "help"):
            console.print(Text("\n".join((ANSWER_HELP, self.screen.notation_help, COMMANDS_HELP))))
            return None
        if command in ("q", "quit", "exit"):
            if self.interactive and not self._confirm_quit():
                return None
            raise QuitGame("you quit")
        if command == "rules":
            console.print(rules_text(self._view, getattr(self.screen, "options", None)))
            return None
        if command in ("u", "undo"):
            if (why := self.moves.why_no_undo()) is not None:
                error(console, f"Cannot undo: {why}.", wrap=True)
                return None
            raise TakeBack()
        if command in ("m", "moves"):
            self._show_moves()
            return None
        if command == "hint":
            if self.moves.hint is None or self._view is None:
                error(console, "Hints are off in this game: play with --hints to have them.", wrap=True)
            else:
                console.print(Text(f"Hint: {printable(self.moves.hint(self._view, legal))}", style="cyan"))
            return None
        if command in ("b", "board") and self._view is not None:
            self._show_board(self._view, legal)
            return None
        if command in ("s", "sheet", "score", "scores") and self._view is not None:
            console.print(self.screen.sheet(self._view))
            return None
        if self._view is not None and (answer := self.screen.command(self._view, text)) is not None:
            console.print(answer)
            return None
        return self._move_from(text, legal)

    def _echo_and_check(self, raw: str) -> bool:
        """Echo piped input (as text: brackets in it are no markup); False, said why, for an
        answer too long to be any move."""
        long = len(raw) > MAX_ANSWER
        if self.echo:
            self.console.print(Text(printable(raw[:MAX_ANSWER] + ("…" if long else ""))), soft_wrap=True)
        if long:
            error(self.console, f"That answer is {len(raw)} characters long; no move is longer than {MAX_ANSWER}.")
        return not long

    def _answer(self, choice: Choice) -> Move | None:
        """The follow-up question of a numbered Choice; a wrong answer goes back to the list."""
        try:
            raw = self.console.input(f"{choice.question} ")
        except EOFError:
            self.console.print()
            raise QuitGame("the input ended") from None
        if not self._echo_and_check(raw):
            return None
        answer = raw.strip().lower()
        if answer in choice.answers:
            return choice.answers[answer]
        error(self.console, f"{raw.strip()!r} is not one of {', '.join(choice.answers)}: choose the move again.")
        return None

    def _move_from(self, text: str, legal: Sequence[Move]) -> Move | None:
        # ASCII digits only: str.isdigit() also takes "²" or "١", which int() refuses or reads.
        if text.isascii() and text.isdigit():
            number, numbered = int(text), self._menu.numbered
            if 1 <= number <= len(numbered):
                entry = numbered[number - 1]
                return self._answer(entry) if isinstance(entry, Choice) else entry
            if not numbered:
                error(self.console, f"There is no move {number}: none has a number, write yours as listed (m).")
            else:
                error(self.console, f"There is no move {number}: choose 1 to {len(numbered)} (m lists them).")
            return None
        try:
            move = self.moves.parse(text)
            if move in legal:
                return move
            self.moves.check(move)
        except RulesError as exc:
            error(self.console, f"{text}: {exc}", wrap=True)
            return None
        return move  # the rules accept it, though the list names it otherwise


DEFAULT_PACE = 0.6
"""Seconds before each bot's move when a person plays at a terminal: time to read it."""
MAX_PACE = 10.0


def check_pace(pace: float) -> float:
    """A pace in seconds, or ValueError saying what is expected."""
    if not 0 <= pace <= MAX_PACE:  # NaN fails both comparisons
        raise ValueError(f"--pace {pace:g}: give seconds from 0 (no pause) to {MAX_PACE:g}")
    return pace


class PacedBot:
    """A bot at a table where a person sits: it waits `pace` seconds before each move that
    changes the board, so the person can follow the table (a quiet one, a pass in a card window,
    is made at once: `quiet`, the game's story's), and while it thinks the terminal says so (a
    hard bot may take seconds). `sleep` is injectable for tests."""

    def __init__(
        self,
        bot: Agent,
        seat: int,
        console: Console,
        pace: float,
        sleep: Callable[[float], None] = time.sleep,
        quiet: Callable[[View, Move], bool] | None = None,
    ) -> None:
        self.bot = bot
        self.name = bot.name  # the record's seat name: the bot's, not this wrapper's
        self.seat = seat
        self.console = console
        self.pace = pace
        self.sleep = sleep
        self.quiet = quiet

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        move = self._think(view, legal, rng)
        if self.pace > 0 and not (self.quiet is not None and self.quiet(view, move)):
            self.sleep(self.pace)
        return move

    def _think(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if not self.console.is_terminal:  # piped: a spinner would only write control codes
            return self.bot.choose(view, legal, rng)
        with self.console.status(Text(f"{seat_label(self.seat)} ({self.bot.name}) is thinking…", style="dim")):
            return self.bot.choose(view, legal, rng)
        with self.console.status(Text(f"{seat_label(self.seat)} ({self.bot.name}) is thinking…", style="dim")):
            return self.bot.choose(view, legal, rng)
