"""The `gamenight` command: play in the terminal, replay and verify records, list the games.

Exit codes: 0 done (or the person quit), 1 a record that does not verify or a file that
cannot be written, 2 bad input (options, seats, an unreadable record), 130 Ctrl-C.
"""

from __future__ import annotations

import logging
import secrets
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn, Protocol

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from gamenight.bots.registry import NAMES, bot_title, make_bot, parse_spec
from gamenight.bots.review import REVIEW_SECONDS
from gamenight.bots.review import review as review_record
from gamenight.engine.errors import ConfigError, RecordError, RulesError
from gamenight.engine.match import Agent, Event, Match
from gamenight.engine.protocol import CHANCE, Game, GameSpec, State, View
from gamenight.engine.record import Record, ReplayStep, initial_state, replay_steps
from gamenight.engine.registry import GAMES, game_class, make_game
from gamenight.engine.table import Event as TableEvent
from gamenight.engine.table import Table as GameTable
from gamenight.games.fireball_island import story as fireball_island_story
from gamenight.games.fireball_island.options import FIREBALL_MODES
from gamenight.games.highrise import story as highrise_story
from gamenight.games.highrise.options import TIE_BREAKS
from gamenight.games.highrise.tower import BASES
from gamenight.games.wildfire import story as wildfire_story
from gamenight.games.wildstar import story as wildstar_story
from gamenight.interfaces.arena_render import config_line, summary_tables
from gamenight.interfaces.fireball_island_render import FireballHumanAgent, FireballIslandScreen
from gamenight.interfaces.highrise_render import HighriseScreen
from gamenight.interfaces.terminal import (
    DEFAULT_PACE,
    HUMAN,
    GameScreen,
    HumanAgent,
    PacedBot,
    QuitGame,
    TakeBack,
    check_pace,
    error,
    make_console,
    move_help,
    printable,
    seat_label,
    seat_list,
)
from gamenight.interfaces.wildfire_render import WildfireScreen
from gamenight.interfaces.wildstar_render import WildstarScreen
from gamenight.record_files import RecordFile, check_target, read_record
from gamenight.sim.arena import check_config, parse_options, parse_seat_specs, run_arena
from gamenight.sim.report import GameLog, check_fresh, check_out_dir, write_outputs
from gamenight.sim.results import ArenaConfig

SEAT_KINDS = (HUMAN, *NAMES)
EXIT_BAD_INPUT = 2
EXIT_NOT_VERIFIED = 1
EXIT_INTERRUPTED = 130
MAX_REVIEW_SECONDS = 60.0
"""A minute a decision: more is a typing slip, and a long game's review would look like a hang."""

app = typer.Typer(
    name="gamenight",
    help="Wildfire, Wildstar, Highrise, Fireball Island and friends: play in the terminal, "
    "replay and verify recorded games.",
    rich_markup_mode="rich",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
play_app = typer.Typer(help="Play a game in the terminal, against bots or watching bots play.")
app.add_typer(play_app, name="play")


@play_app.callback(invoke_without_command=True)
def play(
    ctx: typer.Context,
    resume: Annotated[
        Path | None,
        typer.Option(help="Go on with a game saved with --save FILE (stopped, killed or quit) where it stopped."),
    ] = None,
) -> None:
    """Play a game in the terminal, against bots or watching bots play."""
    if ctx.invoked_subcommand is not None:
        if resume is not None:
            _fail("--resume goes on with the game in its file: give it without a game's name")
        return
    if resume is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)
    _resume(resume)


def _resume(path: Path) -> None:
    """`gamenight play --resume FILE`: the game, its options and its seats come from the record,
    which goes on being kept in the same file."""
    try:
        record = read_record(path)
        cli = GAME_CLIS.get(record.game)
        if cli is None:
            raise RecordError(f"{path}: it is a record of {record.game!r}, which is not a game here")
        game = make_game(record.game, record.options)
    except RulesError as exc:
        _fail(str(exc))
    if record.result is not None:
        _fail(f"{path}: that game is over; `gamenight replay {path}` shows it")
    if record.seats.count(HUMAN) > 1:
        _fail(f"{path}: the record seats more than one person")
    _run(make_console(), cli, game, record.seats, record.seed, path, force=True, watch=False, resume=record)


def main() -> None:
    app()


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    error(make_console(stderr=True), f"Error: {message}")
    raise typer.Exit(code)


# -- gamenight games ---------------------------------------------------------------------


@app.command("games")
def games() -> None:
    """List the games gamenight knows."""
    table = Table(title="Games", title_justify="left")
    table.add_column("name")
    table.add_column("title")
    table.add_column("players", justify="right")
    for name in sorted(GAMES):
        spec = game_class(name).spec
        table.add_row(name, spec.title, f"{spec.min_players}–{spec.max_players}")
    make_console().print(table)


# -- gamenight play GAME -------------------------------------------------------------------
#
# A game's command turns its flags into the game's options and hands them to `_play_match`,
# which runs every game the same way; `GAME_CLIS` names the game's screen and says its
# options in words for the header. A new game: a command, a screen class, one entry.


class ScreenFactory(Protocol):
    """A game's screen class: the match as seat `you` (None: a spectator) sees it."""

    def __call__(
        self,
        names: Sequence[str],
        you: int | None,
        *,
        verbose: bool,
        sheet_each_round: bool = False,
        options: Any = None,
    ) -> GameScreen: ...


@dataclass(frozen=True)
class GameCli:
    screen: ScreenFactory
    summary: Callable[[Any], str]
    """The game's options in words, after "N players, " (the game's story.summary)."""
    goal: Callable[[Any], str]
    """Who wins, one sentence (the game's story.goal)."""
    human: type[HumanAgent] = HumanAgent
    """The person's agent (Fireball Island's passes for them when pass is all they may do)."""


GAME_CLIS: dict[str, GameCli] = {
    "wildfire": GameCli(WildfireScreen, wildfire_story.summary, wildfire_story.goal),
    "wildstar": GameCli(WildstarScreen, wildstar_story.summary, wildstar_story.goal),
    "highrise": GameCli(HighriseScreen, highrise_story.summary, highrise_story.goal),
    "fireball-island": GameCli(
        FireballIslandScreen, fireball_island_story.summary, fireball_island_story.goal, human=FireballHumanAgent
    ),
}


def parse_seats(seats: str | None, players: int | None, spec: GameSpec) -> list[str]:
    """The seat list: one name per seat, at most one person; ConfigError naming the problem.

    The player count is checked against the game first, so a huge --players builds nothing."""
    if players is not None:
        check_players(spec, players, "--players")
    if seats is None:
        count = min(4, spec.max_players) if players is None else players
        return [HUMAN] + ["medium"] * max(count - 1, 0)
    check_players(spec, seats.count(",") + 1, "--seats")  # counted before a list is built
    names = [s.strip().lower() for s in seats.split(",")]
    for name in names:
        if name == HUMAN:
            continue
        if not name:
            raise ConfigError("--seats: an empty seat (two commas, or one at an end)")
        if name.split(":")[0] not in SEAT_KINDS:
            raise ConfigError(f"--seats: unknown seat {name!r}; a seat is one of: {', '.join(SEAT_KINDS)}")
        try:
            parse_spec(name)  # a bot, maybe with options: ismcts:iterations=200
        except ConfigError as exc:
            raise ConfigError(f"--seats: {exc}") from None
    if players is not None and players != len(names):
        raise ConfigError(f"--players {players} but --seats names {len(names)} seats: give the same number")
    if names.count(HUMAN) > 1:
        # One screen shows one hand: a second person here would see the first one's tiles.
        raise ConfigError("--seats: only one human seat at one terminal")
    return names


def check_players(spec: GameSpec, count: int, what: str) -> None:
    if not spec.min_players <= count <= spec.max_players:
        raise ConfigError(f"{what}: {spec.title} is for {spec.min_players} to {spec.max_players} players, not {count}")


# The options every `play` command has, in the same words.
def flag(*names: str, help: str) -> Any:
    """A flag: given or not. Typer would show `<bool>` after it, as if it took a value."""
    return typer.Option(*names, help=help, metavar="")


Players = Annotated[int | None, typer.Option(help=r"Number of players, 2–8 \[default: the number of --seats, else 4]")]
Seats = Annotated[
    str | None,
    typer.Option(
        help="Comma list of seats in turn order: human, or a bot by level: easy, medium (greedy), "
        "hard (ismcts, up to about a second a move), expert (hard, searching four times as long); "
        "also random, greedy, ismcts:iterations=N, learned (two-player Highrise and Wildstar: a network "
        "learned from rollouts). "
        r"\[default: human then medium for the rest]",
        show_default=False,
    ),
]
Seed = Annotated[
    int | None, typer.Option(help=r"Seed for the shuffles and every draw \[default: a fresh random one, printed]")
]
Save = Annotated[
    Path | None,
    typer.Option(
        help="Keep the game's record (JSON) in this file, written as the game goes: a stopped game "
        "keeps every step played. An existing file is refused unless --force."
    ),
]
Force = Annotated[bool, flag("--force", help="With --save: overwrite the file if it exists.")]
Watch = Annotated[bool, flag("--watch", help="With bots only: print every move.")]
Hints = Annotated[
    bool, flag("--hints", help="Allow the `hint` command: what the hard bot would play, and why (off by default).")
]
Pace = Annotated[
    float | None,
    typer.Option(
        metavar="SECONDS",
        help="The pause before each bot's move when you play (or with --watch), 0 for none "
        rf"\[default: {DEFAULT_PACE:g} when you play at a terminal, else 0]",
        show_default=False,
    ),
]
bot_pause: Callable[[float], None] = time.sleep
"""How the bots' pace is kept: a test replaces it to see the pauses asked for."""


@play_app.command("wildfire")
def play_wildfire(
    players: Players = None,
    seats: Seats = None,
    seed: Seed = None,
    target_score: Annotated[
        int | None,
        typer.Option(help=r"The game ends after a round in which someone reaches this, 1 to 1000 \[default: 300]"),
    ] = None,
    rounds: Annotated[
        int | None, typer.Option(help="Play exactly this many rounds instead (the Shorter Game), 1 to 50.")
    ] = None,
    strategic: Annotated[
        bool, flag("--strategic", help="More Strategic Game: whoever plays a wild names the hub's number.")
    ] = False,
    knock_penalty: Annotated[
        bool,
        flag(
            "--knock-penalty",
            help="The alternate Penalty: knock yourself ('5-3@e2 knock'); who forgets draws a tile.",
        ),
    ] = False,
    auto_knock: Annotated[
        bool, flag("--auto-knock", help="With --knock-penalty: knock for everyone automatically.")
    ] = False,
    obligation_burns_out: Annotated[
        bool,
        flag(
            "--obligation-burns-out",
            help="House rule: with the pile out, an obligation that went round the table unfilled closes.",
        ),
    ] = False,
    save: Save = None,
    force: Force = False,
    watch: Watch = False,
    pace: Pace = None,
    hints: Hints = False,
) -> None:
    """Play Wildfire: you against bots, or bots alone (no human seat) to watch or test."""
    options: dict[str, Any] = {"target_score": target_score, "rounds": rounds}
    if strategic:
        options["strategic"] = True
    for key, on in (
        ("knock_penalty", knock_penalty),
        ("auto_knock", auto_knock),
        ("obligation_burns_out", obligation_burns_out),
    ):
        if on:
            options[key] = True
    _play_match(
        "wildfire",
        options,
        seats=seats,
        players=players,
        seed=seed,
        save=save,
        force=force,
        watch=watch,
        pace=pace,
        hints=hints,
    )


@play_app.command("wildstar")
def play_wildstar(
    players: Players = None,
    seats: Seats = None,
    seed: Seed = None,
    partners: Annotated[
        bool, flag("--partners", help="Two teams sitting alternately (P1 & P3 vs P2 & P4); even players.")
    ] = False,
    hands: Annotated[
        int | None, typer.Option(help=r"Hands in the game, 1–10: 9-9 is the first centre, then 8-8, ... \[default: 10]")
    ] = None,
    doubles_branch: Annotated[
        bool, flag("--doubles-branch", help="A double opens its two sides as well as its far end.")
    ] = False,
    play_on_from_the_setter: Annotated[
        bool,
        flag(
            "--play-on-from-the-setter",
            help="House rule: the left of whoever sets the double plays first, not the last hand's winner.",
        ),
    ] = False,
    winner_collects: Annotated[
        bool,
        flag("--winner-collects", help="The others' counts go to the hand's winner; highest total wins."),
    ] = False,
    save: Save = None,
    force: Force = False,
    watch: Watch = False,
    pace: Pace = None,
    hints: Hints = False,
) -> None:
    """Play Wildstar: you against bots, or bots alone (no human seat) to watch or test."""
    options: dict[str, Any] = {"hands": hands}
    for key, on in (
        ("partners", partners),
        ("doubles_branch", doubles_branch),
        ("winner_collects", winner_collects),
    ):
        if on:
            options[key] = True
    if play_on_from_the_setter:
        options["winner_leads_after_set"] = False
    _play_match(
        "wildstar",
        options,
        seats=seats,
        players=players,
        seed=seed,
        save=save,
        force=force,
        watch=watch,
        pace=pace,
        hints=hints,
    )


@play_app.command("highrise")
def play_highrise(
    players: Annotated[
        int | None, typer.Option(help=r"Number of players, 2–4 \[default: the number of --seats, else 4]")
    ] = None,
    seats: Seats = None,
    seed: Seed = None,
    layout: Annotated[
        str | None,
        typer.Option(
            help=r"The base: 4x4 (two rows of four dominoes) or 2x8 (one row of eight) \[default: 4x4]",
            show_default=False,
        ),
    ] = None,
    target_score: Annotated[
        int | None,
        typer.Option(
            help=r"Play hands until someone reaches this (300 is usual), 1 to 1000 \[default: one hand, the basic game]"
        ),
    ] = None,
    hands: Annotated[
        int | None, typer.Option(help=r"Play exactly this many hands, 1 to 50 \[default: 1, the rulebook's basic game]")
    ] = None,
    tie_break: Annotated[
        str | None,
        typer.Option(
            help=r"A tie for the highest total: share the win, or play an extra_hand \[default: share]",
            show_default=False,
        ),
    ] = None,
    opponents_subtract_on_out: Annotated[
        bool,
        flag(
            "--opponents-subtract-on-out",
            help="When a player goes out, the others also subtract what is left in their hands.",
        ),
    ] = False,
    save: Save = None,
    force: Force = False,
    watch: Watch = False,
    pace: Pace = None,
    hints: Hints = False,
) -> None:
    """Play Highrise: you against bots, or bots alone (no human seat) to watch or test."""
    for flag, value, known in (("--layout", layout, tuple(BASES)), ("--tie-break", tie_break, TIE_BREAKS)):
        if value is not None and value not in known:
            _fail(f"{flag} {value!r} is not one of: {', '.join(known)}")
    options: dict[str, Any] = {
        "basement_layout": layout,
        "target_score": target_score,
        "hands": hands,
        "tie_break": tie_break,
    }
    if opponents_subtract_on_out:
        options["opponents_subtract_on_out"] = True
    _play_match(
        "highrise",
        options,
        seats=seats,
        players=players,
        seed=seed,
        save=save,
        force=force,
        watch=watch,
        pace=pace,
        hints=hints,
    )


@play_app.command("fireball-island")
def play_fireball_island(
    players: Annotated[
        int | None, typer.Option(help=r"Number of players, 2–4 \[default: the number of --seats, else 4]")
    ] = None,
    seats: Seats = None,
    seed: Seed = None,
    fireball_mode: Annotated[
        str | None,
        typer.Option(
            help="How a rolled Fireball hits: probabilistic (it may stop early or roll past a piece) "
            r"or deterministic (every piece on the rollway is hit) \[default: probabilistic]",
            show_default=False,
        ),
    ] = None,
    turn_limit: Annotated[
        int | None,
        typer.Option(
            help=r"The game stops undecided, nobody winning, after this many turns, 1 to 1000 \[default: 1000]"
        ),
    ] = None,
    save: Save = None,
    force: Force = False,
    watch: Watch = False,
    pace: Pace = None,
    hints: Hints = False,
) -> None:
    """Play Fireball Island: you against bots, or bots alone (no human seat) to watch or test."""
    if fireball_mode is not None and fireball_mode not in FIREBALL_MODES:
        _fail(f"--fireball-mode {fireball_mode!r} is not one of: {', '.join(FIREBALL_MODES)}")
    options: dict[str, Any] = {"fireball_mode": fireball_mode, "turn_limit": turn_limit}
    _play_match(
        "fireball-island",
        options,
        seats=seats,
        players=players,
        seed=seed,
        save=save,
        force=force,
        watch=watch,
        pace=pace,
        hints=hints,
    )


def _play_match(
    name: str,
    options: dict[str, Any],
    *,
    seats: str | None,
    players: int | None,
    seed: int | None,
    save: Path | None,
    watch: bool,
    force: bool = False,
    pace: float | None = None,
    hints: bool = False,
) -> None:
    """Play game `name` with `options` (None values are left to the game's defaults) to the end,
    or until the person quits: the header, the story, the person's turns, the final sheet, the record."""
    console = make_console()
    cli = GAME_CLIS[name]
    try:
        names = parse_seats(seats, players, game_class(name).spec)
        chosen = {key: value for key, value in options.items() if value is not None}
        game = make_game(name, {**chosen, "players": len(names)})
        if save is not None:
            check_target(save, force=force)
        if pace is not None:
            check_pace(pace)
    except (ConfigError, ValueError) as exc:
        _fail(str(exc))
    if seed is None:
        seed = secrets.randbits(32)
    _run(console, cli, game, names, seed, save, force=force, watch=watch, resume=None, pace=pace, hints=hints)


def _run(
    console: Console,
    cli: GameCli,
    game: Game,
    names: Sequence[str],
    seed: int,
    save: Path | None,
    *,
    force: bool,
    watch: bool,
    resume: Record | None,
    pace: float | None = None,
    hints: bool = False,
) -> None:
    """Seat the person and the bots, then play on to the end, or until the person quits: the
    header, the story, the person's turns, the final sheet, the record step by step. `resume`
    continues a recorded game from where it stops instead of dealing a new one."""
    you = names.index(HUMAN) if HUMAN in names else None
    try:
        bots = {seat: make_bot(kind, game) for seat, kind in enumerate(names) if kind != HUMAN}
    except ConfigError as exc:
        _fail(str(exc))
    shown_names = ["you" if n == HUMAN else bot_title(n) for n in names]
    screen = cli.screen(
        shown_names, you, verbose=you is not None or watch, sheet_each_round=you is not None, options=game.options
    )
    if pace is None:  # a person at a terminal follows the bots; a pipe or bots alone, no pause
        pace = DEFAULT_PACE if you is not None and console.is_terminal else 0.0
    if you is None and not watch:
        pace = 0.0  # nothing is told move by move: nobody to wait for
    agents: list[Agent] = []
    person: HumanAgent | None = None
    match: Match  # bound below, before any move is asked about
    for seat in range(len(names)):
        if seat == you:
            # The person's MoveHelp asks the Match's table, which exists only once the Match
            # does: `match` is looked up when a move is asked about, by then it is bound.
            helper = move_help(lambda: match.table, seat, hints=hints)
            person = cli.human(console, seat, screen, helper, screen.title)
            agents.append(person)
        elif you is not None or pace > 0:
            quiet = getattr(game.story(), "quiet", None)  # Fireball Island: its windows' passes
            agents.append(PacedBot(bots[seat], seat, console, pace, bot_pause, quiet))
        else:
            agents.append(bots[seat])
    try:
        match = Match(game, agents, seed) if resume is None else Match.resume(agents, resume)
    except ConfigError as exc:
        _fail(f"--seed: {exc}")
    except RecordError as exc:
        _fail(f"{save}: {exc}")
    record_file = None
    if save is not None:
        try:  # before the first move: a target that cannot be written is told now, not at the end
            record_file = RecordFile(save, match.record, force=force or resume is not None)
        except ConfigError as exc:
            _fail(str(exc))
        except OSError as exc:
            _fail(f"cannot write the record to {save}: {exc.strerror or exc}")
    _header(console, game, cli, [HUMAN if n == HUMAN else bot_title(n) for n in names], you, seed)
    if resume is not None:
        console.print(Text(f"Resumed after {len(resume.steps)} steps, as the record left it.", style="bold"))
    screen.start(match.state.view(you))

    def print_news() -> None:
        for item in screen.take_news():
            console.print(item)

    def on_event(event: Event) -> None:
        if record_file is not None:  # on disk first: whatever stops the game next, this step is kept
            record_file.append(match.record.steps[-1])
        screen.on_event(event)
        to_act = event.state.to_act()
        if you is None or (to_act is not None and to_act not in (CHANCE, you)):
            # Unattended, the news is printed as it comes; a person reads it on their turn, and
            # before each bot's move, which is paced.
            print_news()
        if screen.between_rounds:
            screen.between_rounds = False
            print_news()
            if person is not None:
                person.next_round(screen.round_name)

    def play_on() -> None:
        """The match to its end; a move the person takes back is undone on the table and in
        the saved file, and play goes on from the position before it."""
        while True:
            try:
                match.run(on_event)
                return
            except TakeBack:
                assert you is not None  # only a person's prompt takes a move back
                event = match.table.undo(you)  # the prompt asked the table first: allowed
                if record_file is not None:
                    record_file.rewrite(match.record)
                screen.start(match.state.view(you))
                console.print(Text(f"Taken back: your move {event.text}, which {event.public}.", style="yellow"))

    try:
        play_on()
        print_news()
        console.print(screen.final(match.state.view(you)))
    except (QuitGame, KeyboardInterrupt) as exc:
        print_news()
        if isinstance(exc, KeyboardInterrupt):
            console.print()  # ^C left the prompt's line open
        why = "Interrupted" if isinstance(exc, KeyboardInterrupt) else f"Stopped: {exc}"
        console.print(Text(f"{why}; the game is abandoned after {len(match.record.steps)} steps.", style="yellow"))
        _finish(console, match, record_file, seed, you)
        raise typer.Exit(EXIT_INTERRUPTED if isinstance(exc, KeyboardInterrupt) else 0) from None
    except OSError as exc:  # the record could not be appended to (a full disk): the game stops
        _fail(f"cannot write the record to {save}: {exc.strerror or exc}", EXIT_NOT_VERIFIED)
    _finish(console, match, record_file, seed, you)


def _header(console: Console, game: Game, cli: GameCli, names: Sequence[str], you: int | None, seed: int) -> None:
    seats = ", ".join(f"{seat_label(s, you)} {n}" for s, n in enumerate(names) if s != you)
    line = f"{game.spec.title}: {len(names)} players, {cli.summary(game.options)}"
    if you is not None:
        line += f". You are {seat_label(you)}; against {seats}. {cli.goal(game.options)}"
        # The seed would let a person foresee every draw: it is told when the game ends.
        console.print(Text(line, style="bold"))
        console.print(Text("Type ? at the prompt for help, quit to stop.", style="dim"))
        return
    console.print(Text(f"{line}; seed {seed}", style="bold"))
    console.print(Text(f"Seats: {seats}"))


def _finish(console: Console, match: Match, record_file: RecordFile | None, seed: int, you: int | None) -> None:
    if you is not None:
        console.print(f"Seed {seed}: play the same deal again with --seed {seed}.")
    if record_file is None:
        return
    save = record_file.path
    try:
        record_file.finish(match.record)
    except OSError as exc:  # the journal written so far is still there
        _fail(f"cannot write the record to {save}: {exc.strerror or exc}", EXIT_NOT_VERIFIED)
    steps = len(match.record.steps)
    if match.state.to_act() is None:
        console.print(Text(f"Record saved to {save} ({steps} steps): gamenight replay {save}"))
    else:
        console.print(Text(f"Record saved to {save} ({steps} steps): go on with gamenight play --resume {save}"))


# -- gamenight replay ----------------------------------------------------------------------


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `gamenight play ... --save FILE`.")],
    seat: Annotated[
        int | None,
        typer.Option(
            help="Show the game as seat N (1 for P1) saw it: its events and its board at the end of each "
            r"round. \[default: the whole truth for a finished game, else a spectator's view]",
            show_default=False,
        ),
    ] = None,
    step: Annotated[
        bool,
        flag("--step", help="With --seat: stop after each of that seat's decisions, show its board, wait for Enter."),
    ] = False,
    quiet: Annotated[bool, flag("--quiet", "-q", help="Print only the verdict.")] = False,
    review: Annotated[
        bool,
        flag(
            "--review",
            help="After a finished game: mark each decision of the people (with --seat N, of that seat) "
            "where the hard bot, from the same view, rates another move clearly better, and what it cost.",
        ),
    ] = False,
    review_seconds: Annotated[
        float, typer.Option(help="With --review: the hard bot's search for each decision, in seconds.")
    ] = REVIEW_SECONDS,
    review_iterations: Annotated[
        int | None, typer.Option(hidden=True, help="With --review: iterations instead of seconds (tests only).")
    ] = None,
) -> None:
    """Tell a recorded game as a story and verify it: every move legal, every draw the seed's."""
    console = make_console()
    try:
        record = read_record(file)
    except RecordError as exc:
        _fail(str(exc))
    try:
        game = make_game(record.game, record.options)
        before = initial_state(record)
    except RulesError as exc:
        _fail(f"{file}: {exc}")
    players = before.num_players
    if len(record.seats) != players:
        _fail(f"corrupt record {file}: {len(record.seats)} seats for {players} players")
    if seat is not None and not 1 <= seat <= players:
        _fail(f"--seat {seat}: this game has seats 1 to {players}")
    if step and seat is None:
        _fail("--step goes with --seat N: it stops after that seat's decisions")
    if review and not 0 < review_seconds <= MAX_REVIEW_SECONDS:
        _fail(f"--review-seconds: more than 0, at most {MAX_REVIEW_SECONDS:g}")
    # A record's text never drives the terminal; its bots are named by level, as at play.
    names = [printable(bot_title(n) if _is_spec(n) else n) for n in record.seats]
    if not quiet:
        seats = ", ".join(f"{seat_label(s)} {n}" for s, n in enumerate(names))
        console.print(Text(f"{game.spec.title} record: {seats}; seed {record.seed}", style="bold"))
    if record.start is not None:
        # Not dealt by the seed: the record chose this position, and replay can vouch only for
        # the steps from it.
        console.print(
            Text(printable(f"It starts from a given position, not from a deal: {record.start}"), style="yellow"),
            soft_wrap=True,
        )
    if record.journal:
        cut = " (its last line was cut off mid-write and is left out)" if record.cut_off else ""
        console.print(
            Text(f"The record was kept step by step and stops where its game was stopped{cut}.", style="yellow"),
            soft_wrap=True,
        )
    count = 0
    state = before
    try:
        # Every step checked before a word of the story is told (a forged record tells none).
        for replayed in replay_steps(record):
            count += 1
            state = replayed.state
        if not quiet:
            # The events are the table's own, each told to a seat as `events_for` tells it.
            table = GameTable.resume(record, auto_chance=False)
            teller = _teller(console, record.game, names, seat, table.is_over(), step, game.options)
            if teller is not None:
                teller.tell_all(table.events, replay_steps(record))
    except RecordError as exc:
        error(console, f"NOT verified: {exc}")
        raise typer.Exit(EXIT_NOT_VERIFIED) from None
    except Exception as exc:  # a record is input: a step the engine trips on still gets no traceback
        _not_replayable(console, exc, count + 1)
    origin = " from the given position" if record.start is not None else ""
    console.print(Text(f"verified: {count} steps{origin}, {_result(state)}", style="bold green"))
    if review:
        if not state.is_over():
            _fail("--review: the game is not over, and a review is of a finished game")
        # A person's seat: `human` in a terminal's record, a display name in a table's (where a
        # bot is "Hard bot", and no person's name may end in "bot").
        people = [s for s, name in enumerate(record.seats) if not _is_bot(name)]
        reviewed = [seat - 1] if seat is not None else people or list(range(players))
        _review(console, record, reviewed, names, review_seconds, review_iterations)


def _is_spec(name: str) -> bool:
    """Whether a record's seat names a bot by its spec, as the terminal's records do ("hard")."""
    return name.split(":")[0].strip().lower() in NAMES


def _is_bot(name: str) -> bool:
    """Whether a record's seat is a bot's: a bot spec, or a table's "Hard bot"."""
    return _is_spec(name) or name.strip().lower().endswith(" bot")


def _review(
    console: Console,
    record: Record,
    seats: Sequence[int],
    names: Sequence[str],
    seconds: float,
    iterations: int | None,
) -> None:
    """`replay --review`: the hard bot's marks on `seats`' decisions, as a table."""
    whose = seat_list(seats)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(f"Reviewing {whose}", total=None)
        judged = review_record(
            record,
            set(seats),
            seconds=seconds,
            iterations=iterations,
            progress=lambda done, total: progress.update(task, completed=done, total=total),
        )
    marked = [j for j in judged if j.mark is not None]
    budget = f"{iterations} iterations a search" if iterations is not None else f"{seconds:g} s a decision"
    console.print(
        Text(
            f"Review of {whose} by the hard bot ({budget}, from each decision's own view): "
            f"{len(judged)} decisions with a choice, {len(marked)} marked.",
            style="bold",
        ),
        soft_wrap=True,
    )
    if not marked:
        console.print(Text("No decision is clearly worse than the bot's choice.", style="green"))
        return
    for j in marked:
        line = printable(j.words(lambda s: f"{seat_label(s)} {names[s]}"))
        console.print(Text(line, style="bold red" if j.mark == "blunder" else "yellow"), soft_wrap=True)


def _not_replayable(console: Console, exc: Exception, number: int) -> NoReturn:
    which = f"step {number}"
    error(
        console,
        f"NOT verified: {which} could not be replayed ({type(exc).__name__}: {exc}). "
        "The record is wrong, but this is also a bug in gamenight: please report it with the record.",
    )
    raise typer.Exit(EXIT_NOT_VERIFIED)


@dataclass(frozen=True)
class Rounds:
    """Where a game's rounds end, read from views: when `number` changes, the step has ended a
    round, and the board is shown as it stood before that step (after it, the table is cleared
    for the next deal), once the step's news is told (`board_first`: before it, as Fireball
    Island's step has begun the next lap's turn)."""

    number: Callable[[View], int]
    board_first: bool = False


ROUNDS: dict[str, Rounds] = {
    "wildfire": Rounds(lambda view: len(view["sheet"])),
    "wildstar": Rounds(lambda view: len(view["sheet"])),
    "highrise": Rounds(lambda view: int(view["hand_number"]) + (view["phase"] == "over")),
    # No rounds in the rulebook: once round the table is one here.
    "fireball-island": Rounds(lambda view: max(int(view["turns"]) - 1, 0) // int(view["players"]), True),
}


def _teller(
    console: Console, game: str, names: Sequence[str], seat: int | None, over: bool, step: bool, options: Any
) -> _StoryTeller | None:
    """How the story is told: as seat N saw it (`--seat N`, 1-based); else the whole truth once
    the game is over (the record holds the seed and every draw anyway), else as a spectator."""
    cli = GAME_CLIS.get(game)
    if cli is None:
        return None
    you = None if seat is None else seat - 1
    truth = seat is None and over
    if seat is not None:
        console.print(Text(f"As {seat_label(seat - 1)} saw it: its events, and its board at each round's end."))
    elif truth:
        console.print(Text("The game is over: the whole truth, every hidden draw told.", style="dim"))
    else:
        console.print(
            Text("The game is not over: shown as a spectator sees it (--seat N shows a seat's view).", style="yellow"),
            soft_wrap=True,
        )
    screen = cli.screen(names, you, verbose=True, options=options)
    return _StoryTeller(console, screen, you, truth, step, ROUNDS.get(game))


class _StoryTeller:
    """Tells a replayed game one step at a time: the screen's story of each event as `you`
    may know it (`truth`: all of it), the board when a round ends, with `step` a pause after
    each of `you`'s decisions."""

    def __init__(
        self,
        console: Console,
        screen: GameScreen,
        you: int | None,
        truth: bool,
        step: bool,
        rounds: Rounds | None,
    ) -> None:
        self.console = console
        self.screen = screen
        self.you = you
        self.truth = truth
        self.step = step
        self.rounds = rounds
        self._view: View | None = None
        self._hidden: list[tuple[str, str]] = []  # hidden draws in a row (what was drawn, what all saw)

    def tell_all(self, events: Sequence[TableEvent], steps: Iterator[ReplayStep]) -> None:
        """Tell every step (the states after each come from `steps`), until the person stops."""
        state = None
        for replayed in steps:
            state = replayed.state
            if not self.tell(events[replayed.index], state):
                self.console.print(Text(f"Stopped showing after step {replayed.index + 1}.", style="dim"))
                return
        if state is not None:
            self.end(state)

    def tell(self, event: TableEvent, state: State) -> bool:
        """Tell one step; False if the person stopped (end of input at a --step pause)."""
        if self.truth:
            seen = {"notation": event.text, "text": event.private}
            if event.owners:
                self._hidden.append((printable(event.private), event.public))
        else:
            seen = event.for_seat(self.you)
        view = state.view(self.you)
        if self._view is None:
            self.screen.start(view)
            self._view = view
        self.screen.on_event(Event(event.seat, seen["notation"] or "", seen["text"], seen["text"], frozenset(), state))
        rounds = self.rounds
        ended = rounds is not None and rounds.number(view) != rounds.number(self._view)
        if ended and rounds is not None and rounds.board_first:
            self._show_board(self._view, "End of the round")
        self._print_news()
        if ended and rounds is not None and not rounds.board_first:
            self._show_board(self._view, "End of the round")
        self._view = view
        if self.step and event.seat == self.you:
            self._show_board(view, f"After your decision ({seat_label(event.seat)})")
            return self._wait()
        return True

    def end(self, state: State) -> None:
        self._flush_hidden()
        self._print_news()
        if state.is_over():
            self.console.print(self.screen.final(state.view(self.you)))

    def _print_news(self) -> None:
        news = self.screen.take_news()
        if news and len(self._hidden) == 1 and isinstance(news[0], Text):
            private, public = self._hidden.pop()
            said = news[0].plain.strip().rstrip(".")
            news[0] = Text(private) if said == public else _name_the_draw(news[0], private)
        if not news:
            return
        if len(self._hidden) > 1:  # a deal: told after the line that opens the round
            self.console.print(news.pop(0))
        self._flush_hidden()
        for item in news:
            self.console.print(item)

    def _show_board(self, view: View, title: str) -> None:
        self.console.rule(Text(title, style="dim"))
        self.console.print(self.screen.board(view))

    def _flush_hidden(self) -> None:
        """Hidden draws in a row (a deal) as one line a seat: "P2 is dealt 5-3, 9-9"."""
        if not self._hidden:
            return
        told: dict[str, list[str]] = {}
        for private, public in self._hidden:
            text, _, rest = private.partition("; ")
            if rest and rest not in public:  # what everyone was told anyway, the screen tells
                text = private
            head, _, last = text.rpartition(" ")
            told.setdefault(head if len(self._hidden) > 1 else text, []).append(last)
        for head, items in told.items():
            line = head if len(self._hidden) == 1 else f"{head} {', '.join(items)}"
            self.console.print(Text(line, style="dim"))
        self._hidden = []

    def _wait(self) -> bool:
        try:
            answer = self.console.input("[dim]Enter: the next decision, q: stop showing[/] ")
        except EOFError:
            self.console.print()
            return False
        return answer.strip().lower() not in ("q", "quit")


def _name_the_draw(line: Text, drawn: str) -> Text:
    """ "P1 cannot play, draws a tile and passes", told with the truth of "P1 draws 9-5"."""
    who, _, what = drawn.partition(" draws ")
    said = next((f" draws {a}" for a in ("a tile", "a domino") if f" draws {a}" in line.plain), None)
    if not what or not line.plain.startswith(f"{who} ") or said is None:
        return Text(drawn, style="dim").append("\n").append_text(line)
    at = line.plain.index(said)
    named = line[: at + len(" draws ")]
    named.append(what, style="cyan")
    named.append_text(line[at + len(said) :])
    return named


def _result(state: State) -> str:
    scores = " · ".join(f"{seat_label(s)} {x}" for s, x in enumerate(state.scores()))
    if not state.is_over():
        return f"game not finished: the record stops before its end (totals so far: {scores})"
    returns = state.returns()
    winners = [s for s, r in enumerate(returns) if r > 0]
    if not winners:  # Fireball Island's turn limit: the game stops undecided
        return f"result {scores}; nobody wins"
    return f"result {scores}; {'winner' if len(winners) == 1 else 'winners'} {seat_list(winners)}"


# -- gamenight arena GAME --------------------------------------------------------------------


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


#
# The arena itself (seating, seeds, workers, statistics, files) is gamenight.sim: this only
# reads the flags, shows progress and prints the tables (arena_render). docs/arena.md describes the outputs.


def _check_batch(workers: int | None, out: Path | None, records: bool) -> None:
    """The arena's and balance's --workers, --out and --records, before anything runs or is
    written; ConfigError naming the one at fault."""
    if workers is not None and workers < 1:
        raise ConfigError(f"--workers {workers}: give 1 or more")
    if out is not None:
        check_out_dir(out)
    elif records:
        raise ConfigError("--records: give --out DIR too (the records are written to DIR/records)")


@app.command("arena")
def arena(
    game: Annotated[str, typer.Argument(help=f"The game: {', '.join(sorted(GAMES))}.", show_default=False)],
    seats: Annotated[
        str,
        typer.Option(
            help="Comma list of bot specs, one per seat: easy, medium, hard, expert, random, greedy, ismcts, "
            "ismcts:iterations=50:rollout=random, learned (two-player Highrise and Wildstar). "
            "Seats rotate from game to game.",
            show_default=False,
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play.")] = 100,
    workers: Annotated[
        int | None, typer.Option(help=r"Processes playing at once; 1: no pool \[default: the number of CPUs]")
    ] = None,
    seed: Annotated[int, typer.Option(help="The arena's seed: the same seed plays the same games.")] = 0,
    out: Annotated[
        Path | None,
        typer.Option(help="Write games.csv, bots.csv, summary.json and scores.png into this folder."),
    ] = None,
    records: Annotated[
        bool, flag("--records", help="With --out: also every game's record, in records/ (gamenight replay).")
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", help="A game option, name=value (JSON or a word); repeat for more: -o rounds=1."
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Continue the arena whose results are in this folder (stopped by Ctrl-C or a kill): "
            "the same arguments as the first time, --resume DIR in place of --out DIR.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, flag("--force", help="With --out: overwrite an arena's results already there.")] = False,
    quiet: Annotated[bool, flag("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play many games between bots, seats rotated and deals paired, and report each bot's results."""
    try:
        config = ArenaConfig(
            game=game,
            seats=parse_seat_specs(seats),
            games=games,
            seed=seed,
            options=parse_options(option or []),
            records=records,
        )
        check_config(config)  # before --out is touched: a bad arena leaves no empty games.csv behind
        if resume is not None:
            if out is not None:
                raise ConfigError("--resume DIR writes into DIR: give it without --out")
            out = resume
        _check_batch(workers, out, records)
        if out is not None and resume is None:
            check_fresh(out, force, resumable=True)
    except ConfigError as exc:
        _fail(str(exc))
    errors = make_console(stderr=True)
    bar = Progress(
        *Progress.get_default_columns()[:1],
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=errors,
        disable=quiet or not errors.is_terminal,
    )
    task = bar.add_task("games", total=games)
    log = None
    # SIGTERM stops the arena as Ctrl-C does: its workers are ended, the games played are kept.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        if out is not None:
            log = GameLog(out, len(config.seats), config=config, resume=resume is not None)
        with bar:
            result = run_arena(
                config,
                workers,
                lambda done, total: bar.update(task, completed=done),
                None if log is None else log.add,
                resumed=() if log is None else log.resumed,
            )
    except ConfigError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        kept = f"the {log.games} games played are in {log.path}" if log is not None else "no results (no --out)"
        again = f"; continue with --resume {out}" if log is not None else ""
        error(errors, f"Interrupted: {kept}{again}.")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except OSError as exc:
        _fail(f"cannot write the outputs to {out}: {exc.strerror or exc}", EXIT_NOT_VERIFIED)
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if log is not None:
            log.close()
    console = make_console()
    console.print(summary_tables(result))
    console.print(Text(config_line(result), style="dim"), soft_wrap=True)
    for note in result.summary.notes:
        console.print(Text(note, style="yellow"))
    if out is None:
        return
    try:
        written = write_outputs(result, out, logged=True)
    except OSError as exc:
        _fail(f"cannot write the outputs to {out}: {exc.strerror or exc}", EXIT_NOT_VERIFIED)
    for note in written.notes:
        console.print(Text(note, style="yellow"))
    console.print(Text(f"Wrote {', '.join(p.name for p in written.files)} to {out}"))


# -- gamenight serve ---------------------------------------------------------------------
# The web server lives in the [web] extra: it is imported here, inside the command, so that
# `gamenight play` works without FastAPI installed.


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on; 0.0.0.0 for every network.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help=r"A database URL, e.g. postgresql+psycopg://user:pass@host/db \[default: SQLite in the data folder]",
            show_default=False,
        ),
    ] = None,
    data: Annotated[
        Path, typer.Option(help="The folder for the SQLite database (made if missing).", file_okay=False)
    ] = Path("data"),
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address people use (https://games.example.org), for invite links and the origin check, "
            r"when a reverse proxy stands in front \[default: the address each request names]",
            show_default=False,
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            help="Comma list of proxy addresses (or networks) whose X-Forwarded-For and X-Forwarded-Proto "
            "are believed; their own connections are not capped.",
        ),
    ] = "",
    max_header_bytes: Annotated[
        int | None,
        typer.Option(help=r"A request's line and headers larger than this are refused (400) \[default: 65536]"),
    ] = None,
    max_body_bytes: Annotated[
        int | None, typer.Option(help=r"A request's body larger than this is refused (413) \[default: 65536]")
    ] = None,
    header_timeout: Annotated[
        float | None,
        typer.Option(help=r"Seconds a connection has to send a request's headers, or it is closed \[default: 10]"),
    ] = None,
    connections_per_address: Annotated[
        int | None,
        typer.Option(
            help=r"Open connections (pages and WebSockets) one client address may hold at once \[default: 64]"
        ),
    ] = None,
    tables_per_hour: Annotated[
        int | None,
        typer.Option(help=r"Tables one client address may create in an hour; 0: any number \[default: 30]"),
    ] = None,
    bot_tables_per_address: Annotated[
        int | None,
        typer.Option(
            help=r"Tables with bots, waiting or playing, one client address may have made; 0: any \[default: 4]"
        ),
    ] = None,
    min_bot_pace: Annotated[
        float | None,
        typer.Option(help=r"The shortest bot pace, in seconds, a table may be given \[default: 0.25]"),
    ] = None,
    min_zombie_timeout: Annotated[
        float | None,
        typer.Option(help=r"The shortest zombie timeout, in seconds, a table may be given, besides 0 \[default: 10]"),
    ] = None,
    full_sync_seconds: Annotated[
        float | None,
        typer.Option(help=r"Seconds between two full syncs (from far back) on one WebSocket \[default: 2]"),
    ] = None,
    hint_seconds: Annotated[
        float | None,
        typer.Option(help=r"Seconds of the hard bot's search for one hint, at tables that allow hints \[default: 1]"),
    ] = None,
    hints_at_once: Annotated[
        int | None,
        typer.Option(help=r"Hints worked out at once in this process, each a thread's CPU; 0: none \[default: 2]"),
    ] = None,
    ws_compression: Annotated[
        bool,
        flag(
            "--ws-compression",
            help="Compress WebSocket messages (permessage-deflate) for browsers that offer it: less traffic, "
            "more of the server's CPU and memory per connection.",
        ),
    ] = False,
    gc_young: Annotated[
        int | None,
        typer.Option(
            help="Objects allocated (net) between two young collections of Python's cycle collector. Higher: "
            "fewer, longer pauses of every table while it walks them; lower: more, shorter ones "
            r"\[default: 700, Python's own]",
            min=700,
            max=10**7,
        ),
    ] = None,
    gc_full_seconds: Annotated[
        float | None,
        typer.Option(
            help="Seconds between two full collections of Python's cycle collector, each a pause of every "
            "table (hundreds of ms at 1,000 tables); 0: when Python's own rule says, which at many tables "
            r"is every few seconds \[default: 600]",
        ),
    ] = None,
    waiting_hours: Annotated[
        float, typer.Option(help="Hours a table nobody starts waits before it is ended.", min=0.01, max=24 * 365)
    ] = 24.0,
    idle_minutes: Annotated[
        float,
        typer.Option(
            help="Minutes an idle table (nobody there, no bot to move, no clock) stays in memory; 0: for ever.",
            min=0,
            max=24 * 60 * 365,
        ),
    ] = 10.0,
    round_pause: Annotated[
        float,
        typer.Option(
            help="A new table's pause after a round, in seconds, before the next deal (sooner once everyone "
            "present presses Next round); the host may change it. 0: none, up to 600.",
        ),
    ] = 10.0,
    review_seconds: Annotated[
        float, typer.Option(help="The hard bot's search per decision in a finished game's review, in seconds.")
    ] = REVIEW_SECONDS,
    reviews_at_once: Annotated[
        int, typer.Option(help="Reviews worked out at once (each takes a core while it runs); the rest wait.")
    ] = 1,
    seed: Annotated[
        int | None,
        # Hidden: for tests that need one deal through several processes; a public server
        # must never deal every table alike.
        typer.Option(hidden=True, help="Every table started here deals from this seed (tests only)."),
    ] = None,
) -> None:
    """Serve the lobby and the tables: friends play in their browsers, bots fill seats."""
    try:
        import uvicorn
        from sqlalchemy.engine import make_url

        from gamenight.interfaces.web.app import create_app
        from gamenight.interfaces.web.limits import (
            DEFAULT_GC_YOUNG,
            Limits,
            is_network,
            raise_descriptor_limit,
            tune_collector,
            uvicorn_options,
        )
        from gamenight.interfaces.web.review import ReviewSettings
        from gamenight.interfaces.web.security import origin_of
        from gamenight.store.folder import FolderInUse, lock_folder
    except ImportError as exc:
        _fail(f"the server needs the web extra: pip install 'gamenight[web]' ({exc.name} is missing)")
    if not 0 < port < 65536:
        _fail(f"--port {port}: give a port from 1 to 65535")
    if database is not None and not database.startswith(("sqlite", "postgresql")):
        _fail(f"--database {database!r}: give sqlite:///FILE or postgresql+psycopg://user:pass@host/db")
    if public_url is not None and origin_of(public_url) is None:
        _fail(f"--public-url {public_url!r}: give the address people use, e.g. https://games.example.org")
    given: dict[str, Any] = {
        "max_header_bytes": max_header_bytes,
        "max_body_bytes": max_body_bytes,
        "header_timeout": header_timeout,
        "connections_per_address": connections_per_address,
    }
    for name, value in given.items():
        if value is not None and not 0 < value <= 10**9:
            _fail(f"--{name.replace('_', '-')} {value:g}: give a positive number")
    counts: dict[str, Any] = {
        "tables_per_hour": tables_per_hour,
        "bot_tables_per_address": bot_tables_per_address,
        "min_bot_pace": min_bot_pace,
        "min_zombie_timeout": min_zombie_timeout,
        "full_sync_seconds": full_sync_seconds,
        "hints_at_once": hints_at_once,
        "gc_full_seconds": gc_full_seconds,
    }
    for name, value in counts.items():
        if value is not None and not 0 <= value <= 10**6:
            _fail(f"--{name.replace('_', '-')} {value:g}: give 0 or a positive number")
    given.update(counts)
    if not 0 <= round_pause <= 600:  # the host's own setting's bounds (web/app.py MAX_ROUND_PAUSE)
        _fail(f"--round-pause {round_pause:g}: give 0 to 600 seconds")
    if hint_seconds is not None:
        if not 0 < hint_seconds <= 60:
            _fail(f"--hint-seconds {hint_seconds:g}: give a number of seconds above 0, up to 60")
        given["hint_seconds"] = hint_seconds
    proxies = tuple(p.strip() for p in forwarded_allow_ips.split(",") if p.strip())
    for proxy in proxies:
        if proxy != "*" and not is_network(proxy):
            _fail(f"--forwarded-allow-ips: {proxy!r} is not an address or a network (10.0.0.0/8)")
    limits = Limits(
        trusted_proxies=proxies,
        ws_compression=ws_compression,
        **{name: value for name, value in given.items() if value is not None},
    )
    try:
        reviews = ReviewSettings(seconds=review_seconds, at_once=reviews_at_once)
    except ConfigError as exc:
        _fail(str(exc))
    if database is None:
        try:
            lock = lock_folder(data)  # held while this process serves
        except FolderInUse as exc:
            _fail(str(exc))
        except OSError as exc:
            _fail(f"cannot use the data folder {data}: {exc.strerror or exc}")
    try:
        web_app = create_app(
            database,
            data,
            limits=limits,
            public_url=public_url,
            waiting_lifetime=waiting_hours * 3600,
            idle_lifetime=idle_minutes * 60,
            seed=seed,
            reviews=reviews,
            round_pause=round_pause,
        )
    except OSError as exc:
        _fail(f"cannot use the data folder {data}: {exc.strerror or exc}")
    except Exception as exc:  # SQLAlchemy refusing the URL, or its driver missing
        _fail(f"--database: {exc}")
    shown = f"[{host}]" if ":" in host else host
    where = data / "gamenight.db" if database is None else make_url(database).render_as_string(hide_password=True)
    typer.echo(f"gamenight is serving at http://{shown}:{port}/  (database: {where})")
    # The server's own news (tables resumed or taken over from a process that died, failures)
    # on stderr with the time; never a hand, a draw or a seed.
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    server_log = logging.getLogger("gamenight")
    server_log.addHandler(handler)
    server_log.setLevel(logging.INFO)
    tune_collector(DEFAULT_GC_YOUNG if gc_young is None else gc_young, limits.gc_full_seconds)
    before, after = raise_descriptor_limit()
    if after > before:
        server_log.info("open files: the soft limit was %d, now %d", before, after)
    uvicorn.run(web_app, host=host, port=port, log_level="warning", **uvicorn_options(limits))
    if database is None:
        lock.close()


# -- gamenight balance ---------------------------------------------------------------------
# Designers' balance reports (issue 22): many bot games per variant, read from their events.
# Its modules are imported inside the command, so this section stands alone.


@app.command("balance")
def balance(
    game: Annotated[str, typer.Argument(help=f"The game: {', '.join(sorted(GAMES))}.", show_default=False)],
    more: Annotated[
        list[str] | None,
        typer.Argument(help="More variants after --compare's first: --compare a=1 a=2.", show_default=False),
    ] = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            help="A variant: option=value, several joined by commas (strategic=true,rounds=1); repeat "
            "--compare for each variant, or list them after one: --compare strategic=false strategic=true.",
            show_default=False,
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per variant (the most, with --until-ci).")] = 1000,
    sweep: Annotated[
        str | None,
        typer.Option(
            help="Sweep one option instead of --compare: option=a..b (integers, a..b:step for a step) or "
            "option=a,b,c; the report plots each figure against it.",
            show_default=False,
        ),
    ] = None,
    baseline: Annotated[
        str,
        typer.Option(
            help="What the report compares: every variant against this one (its label, as given to "
            "--compare), or 'all' for every pair \\[default: the first variant]",
            show_default=False,
        ),
    ] = "",
    until_ci: Annotated[
        float | None,
        typer.Option(
            help="Play until every headline figure's 95% interval (win rate by seat and by turn order, how rounds end) "
            "is narrower than this, e.g. 0.02; --games is then the most.",
            show_default=False,
        ),
    ] = None,
    seats: Annotated[
        str, typer.Option(help="Comma list of bot specs, one per seat, as in the arena; seats rotate.")
    ] = "greedy,greedy,greedy,greedy",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option every variant shares, name=value: -o rounds=1."),
    ] = None,
    seed: Annotated[int, typer.Option(help="The same seed plays the same games.")] = 0,
    workers: Annotated[
        int | None, typer.Option(help=r"Local processes playing at once; 1: no pool \[default: the number of CPUs]")
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(help="A Dask scheduler's address, tcp://HOST:8786: play the games on its workers."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Write report.html, report.md, the plots, summary.json, games.csv and rounds.csv here."),
    ] = None,
    records: Annotated[bool, flag("--records", help="With --out: every game's record too, in records/.")] = False,
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Continue the run whose results are in this folder (stopped by Ctrl-C, a kill or a lost "
            "cluster): the same arguments as the first time, --resume DIR in place of --out DIR.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, flag("--force", help="With --out: overwrite a run's results already there.")] = False,
    worker_timeout: Annotated[
        float,
        typer.Option(help="With --cluster: stop (keeping the games played) once it has had no worker this long, s."),
    ] = 60.0,
    quiet: Annotated[bool, flag("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Compare variants of a game over many bot games: win rate by seat and by turn order, lengths,
    how rounds end and why, scores and the game's own figures, each with its 95% interval."""
    import contextlib

    from gamenight.interfaces.balance_render import headline, progress_bar, run_line
    from gamenight.sim.balance import BalanceConfig, ClusterLost, parse_sweep, parse_variants, run_balance
    from gamenight.sim.balance import check_config as check_balance
    from gamenight.sim.balance_cluster import join_cluster
    from gamenight.sim.balance_report import RESULTS, write_report
    from gamenight.sim.balance_report import GameLog as BalanceLog

    items: list[str] = []
    try:
        for item in compare or []:
            items += item.split()
        if more and not compare:
            raise ConfigError(f"unexpected {' '.join(more)}: give variants after --compare")
        items += more or []
        swept, variants = "", parse_variants(items)
        if sweep is not None:
            if items:
                raise ConfigError("--sweep makes the variants: give it without --compare")
            swept, variants = parse_sweep(sweep)
        config = BalanceConfig(
            game=game,
            seats=parse_seat_specs(seats),
            games=games,
            options=parse_options(option or []),
            variants=variants,
            seed=seed,
            until_ci=until_ci,
            records=records,
            baseline=baseline,
            sweep=swept,
        )
        check_balance(config)
        if not 0 < worker_timeout <= 86_400:
            raise ConfigError(f"--worker-timeout {worker_timeout:g}: give seconds, more than 0 and at most a day")
        if resume is not None:
            if out is not None:
                raise ConfigError("--resume DIR writes into DIR: give it without --out")
            out = resume
        _check_batch(workers, out, records)
        if out is not None and resume is None:
            check_fresh(out, force, RESULTS, resumable=True)
    except ConfigError as exc:
        _fail(str(exc))
    errors = make_console(stderr=True)
    bar = progress_bar(errors, disable=quiet or not errors.is_terminal)
    task = bar.add_task("games", total=games * len(config.all_variants))
    log = None
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        with contextlib.ExitStack() as stack:
            executor, where, alive = None, "", None
            if cluster is not None:
                joined = stack.enter_context(join_cluster(cluster))
                executor, workers, where = joined.executor, joined.workers, f"the Dask cluster at {cluster}"
                alive = joined.alive
            if out is not None:
                log = BalanceLog(out, config, resume=resume is not None)
            with bar:
                result = run_balance(
                    config,
                    workers,
                    lambda done, total: bar.update(task, completed=done),
                    None if log is None else log.add,
                    executor=executor,
                    where=where,
                    resumed=() if log is None else log.resumed,
                    alive=alive,
                    worker_timeout=worker_timeout,
                )
    except ConfigError as exc:
        _fail(str(exc))
    except (KeyboardInterrupt, ClusterLost) as exc:
        kept = f"the {log.games} games played are in {out}" if log is not None else "no results (no --out)"
        again = f"; continue with --resume {out}" if log is not None else ""
        why = f"Stopped: {exc}" if isinstance(exc, ClusterLost) else "Interrupted"
        error(errors, f"{why}: {kept}{again}.")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except OSError as exc:
        _fail(f"cannot write the outputs to {out}: {exc.strerror or exc}", EXIT_NOT_VERIFIED)
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if log is not None:
            log.close()
    console = make_console()
    console.print(headline(result))
    console.print(Text(run_line(result), style="dim"), soft_wrap=True)
    if out is None:
        return
    timing = {"where": result.where, "workers": result.workers, "wall_seconds": round(result.wall_seconds, 3)}
    try:
        written = write_report(result, out, timing)
    except OSError as exc:
        _fail(f"cannot write the outputs to {out}: {exc.strerror or exc}", EXIT_NOT_VERIFIED)
    names = [p.name for p in written] + ["games.csv", "rounds.csv"] + (["records/"] if records else [])
    console.print(Text(f"Wrote {', '.join(names)} to {out}"))
