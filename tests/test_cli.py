"""The `gamenight` command as a person or a script uses it: play, replay, games."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gamenight.bots.registry import make_bot
from gamenight.engine.match import Match
from gamenight.engine.options import options_to_dict
from gamenight.engine.protocol import CHANCE
from gamenight.engine.record import Record, replay
from gamenight.engine.registry import make_game
from gamenight.games.highrise import moves as highrise_moves
from gamenight.games.highrise.tower import BASES
from gamenight.games.wildstar.moves import PLAY
from gamenight.games.wildstar.tiles import SINGLE_STAR
from gamenight.interfaces import cli
from gamenight.interfaces.cli import app
from gamenight.interfaces.highrise_render import HighriseScreen
from gamenight.interfaces.terminal import DEFAULT_PACE, Choice, HumanAgent, PacedBot, QuitGame, move_help
from gamenight.interfaces.wildfire_render import WildfireScreen
from gamenight.interfaces.wildstar_render import WildstarScreen, hand_tile, star_nodes
from gamenight.record_files import read_record, write_record

BOTS = ["greedy", "greedy", "random", "random"]

runner = CliRunner()


def gamenight(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def unattended(*extra: str):  # type: ignore[no-untyped-def]
    return gamenight("play", "wildfire", "--seats", ",".join(BOTS), "--seed", "7", *extra)


# -- unattended games ------------------------------------------------------------------------


def bots_match(seed: int, names: list[str], **options: object) -> tuple[Match, list[str]]:
    """The game the CLI should have played, and how each round ended, told by the engine itself."""
    game = make_game("wildfire", {"players": len(names), **options})
    match = Match(game, [make_bot(n, game) for n in names], seed)
    endings: list[str] = []
    while (event := match.step()) is not None:
        if len(match.state.view(None)["sheet"]) > len(endings):
            out = event.seat >= 0 and event.public.endswith("and goes out")
            endings.append(f"P{event.seat + 1} went out" if out else "blocked")
    return match, endings


@pytest.mark.parametrize(
    "seed_and_rounds",
    [
        ["--seed", "7"],  # a whole game to 300, with a blocked round
        ["--seed", "6", "--rounds", "1"],  # blocked right after a knock: the last play does not go out
    ],
)
def test_unattended_game_prints_each_round_the_sheet_and_the_true_winner(seed_and_rounds: list[str]) -> None:
    result = gamenight("play", "wildfire", "--seats", ",".join(BOTS), *seed_and_rounds)
    assert result.exit_code == 0
    seed, rounds = int(seed_and_rounds[1]), seed_and_rounds[3:]
    match, endings = bots_match(seed, BOTS, **({"rounds": int(rounds[0])} if rounds else {}))
    assert "blocked" in endings
    sheet = match.state.view(None)["sheet"]
    for number, (row, ending) in enumerate(zip(sheet, endings, strict=True), 1):
        scores = " · ".join(f"P{s + 1} {x}" for s, x in enumerate(row))
        assert re.search(rf"^Round {number}: {ending} +{scores}$", result.output, re.MULTILINE)
    assert "Score sheet" in result.output
    totals = match.state.scores()
    assert re.search(r"total +" + r" +".join(map(str, totals)), result.output)
    (winner,) = match.state.view(None)["winners"]  # these seeds have one winner
    assert f"P{winner + 1} wins with {totals[winner]} points" in result.output


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    first, again = unattended(), unattended()
    assert first.output == again.output
    other = gamenight("play", "wildfire", "--seats", ",".join(BOTS), "--seed", "8")
    assert other.output != first.output


def test_watch_tells_every_move_but_no_hidden_tile() -> None:
    result = unattended("--rounds", "1", "--watch")
    assert result.exit_code == 0
    assert "deals 7 tiles to each player" in result.output
    assert re.search(r"^P\d plays \S+ on ", result.output, re.MULTILINE)
    # A spectator never learns what a player drew or was dealt.
    assert not re.search(r"(draws|dealt) [0-9WDT]-[0-9WDT]", result.output)
    assert "is dealt a tile" not in result.output  # the 28 deal steps are told in one line


TILE = re.compile(r"(?<![\w-])[0-9WDT]-[0-9WDT](?![\w-])")


@dataclass(frozen=True)
class Hands:
    tiles: set[str]
    sheet: list[object]
    hand_number: object


def every_hand(match: Match) -> Hands:
    """Every seat's tiles before a step (their owners' views): what the end of a round shows."""
    state = match.state
    tiles = {t for s in range(state.num_players) for t in state.view(s)["hand"] or ()}
    public = state.view(None)
    return Hands(tiles, public.get("sheet", []), public.get("hand_number"))


@pytest.mark.parametrize(("seed", "you"), [(s, y) for s in range(6) for y in (0, None)])
def test_the_story_names_no_tile_its_reader_may_not_know(seed: int, you: int | None) -> None:
    # Random bots forget to knock (penalty draws) and two players often hold no double
    # (draws for the first double): every kind of hidden draw happens here.
    game = make_game("wildfire", {"players": 2, "rounds": 2})
    match = Match(game, [make_bot("random", game), make_bot("random", game)], seed)
    screen = WildfireScreen(["random", "random"], you, verbose=True)
    screen.start(match.state.view(you))
    known: set[str] = set()  # tiles the reader has seen: on the table, or in their own hand
    told = 0
    while (hands := every_hand(match)) and (event := match.step()) is not None:
        view = match.state.view(you)
        known |= {entry.split("@")[0] for entry in view["layout"]} | set(view["hand"] or ())
        known |= set(TILE.findall(event.public))  # what everyone is told (the tile a player goes out with)
        if len(view["sheet"]) > len(hands.sheet):
            known |= hands.tiles  # the round is over: every hand is counted openly
        known |= {"-".join(reversed(t.split("-"))) for t in known}
        screen.on_event(event)
        for item in screen.take_news():
            out = io.StringIO()
            Console(file=out, width=200).print(item)
            told += 1
            assert set(TILE.findall(out.getvalue())) <= known, out.getvalue()
    assert told > 20


def test_variants_reach_the_game() -> None:
    result = gamenight(
        "play", "wildfire", "--seats", "greedy,random", "--seed", "3", "--target-score", "40", "--strategic"
    )
    assert result.exit_code == 0
    assert "to 40 points (strategic)" in result.output
    totals = [int(x) for x in re.search(r"total +([\d ]+)$", result.output, re.MULTILINE)[1].split()]  # type: ignore[index]
    assert max(totals) >= 40


# -- records and replay ----------------------------------------------------------------------


def test_a_saved_game_replays_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = unattended("--rounds", "2", "--save", str(path))
    assert result.exit_code == 0
    data = json.loads(path.read_text())
    steps = len(data["steps"])
    replayed = gamenight("replay", str(path))
    assert replayed.exit_code == 0
    assert re.search(r"^P2 is dealt ", replayed.output, re.MULTILINE)  # nothing is hidden now
    assert f"verified: {steps} steps, result " in replayed.output
    scores = " · ".join(f"P{s + 1} {x}" for s, x in enumerate(data["result"]))
    assert scores in replayed.output
    quiet = gamenight("replay", "--quiet", str(path))
    assert quiet.output.strip().splitlines() == [replayed.output.strip().splitlines()[-1]]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{ not json", "not JSON"),
        ('{"format": "something-else"}', "not a gamenight record"),
        ('{"format": "gamenight-record/1", "game": "wildfire"}', "corrupt record"),
    ],
)
def test_a_corrupt_record_is_a_clear_error(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = gamenight("replay", str(path))
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.count("\n") == 1  # one line, however long: a path in it is never split
    assert "verified" not in result.output


def test_a_missing_record_is_a_clear_error(tmp_path: Path) -> None:
    result = gamenight("replay", str(tmp_path / "nowhere.json"))
    assert result.exit_code == 2
    assert "cannot read record" in result.output


def test_a_tampered_chance_step_fails_verification(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    unattended("--rounds", "1", "--save", str(path))
    data = json.loads(path.read_text())
    # The fifth tile dealt becomes another tile: still a legal deal, but not what the seed drew.
    seat, dealt = data["steps"][4]
    assert seat == -1
    data["steps"][4][1] = "0-0" if dealt != "0-0" else "9-9"
    path.write_text(json.dumps(data))
    result = gamenight("replay", str(path))
    assert result.exit_code == 1
    assert "NOT verified: step 5: chance gave" in result.output
    assert "is dealt" not in result.output  # a record that does not verify tells no story
    assert "verified:" not in result.output.replace("NOT verified:", "")


@pytest.mark.parametrize("move", ["5-3@e999", "hub 3", "9-9@e0", "nonsense"])
def test_a_tampered_move_fails_verification_at_its_step(tmp_path: Path, move: str) -> None:
    path = tmp_path / "game.json"
    unattended("--rounds", "1", "--save", str(path))
    data = json.loads(path.read_text())
    at = next(i for i, (seat, _) in enumerate(data["steps"]) if seat >= 0)  # the first decision
    data["steps"][at][1] = move
    path.write_text(json.dumps(data))
    result = gamenight("replay", "--quiet", str(path))
    assert result.exit_code == 1
    assert f"NOT verified: step {at + 1}" in result.output


# -- bad options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "Wildfire is for 2 to 8 players, not 9"),
        (["--seats", "human,foo"], "unknown seat 'foo'"),
        (["--seats", "human,,greedy"], "an empty seat"),
        (["--seats", "human,human"], "only one human seat"),
        (["--players", "3", "--seats", "human,greedy"], "--players 3 but --seats names 2 seats"),
        (["--seats", "greedy,greedy", "--rounds", "0"], "rounds must be 1 to 50, not 0"),
        (["--seats", "greedy,greedy", "--save", "/no/such/folder/x.json"], "does not exist"),
    ],
)
def test_bad_options_are_clear_errors(args: list[str], message: str) -> None:
    result = gamenight("play", "wildfire", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Score sheet" not in result.output


def test_games_lists_wildfire_wildstar_and_highrise() -> None:
    result = gamenight("games")
    assert result.exit_code == 0
    assert re.search(r"wildfire +│ +Wildfire +│ +2–8", result.output)
    assert re.search(r"wildstar +│ +Wildstar +│ +2–8", result.output)
    assert re.search(r"highrise +│ +Highrise +│ +2–4", result.output)


# -- a person at the terminal ----------------------------------------------------------------


def human_game(answers: str, *extra: str):  # type: ignore[no-untyped-def]
    return gamenight(
        "play", "wildfire", "--seats", "human,greedy,greedy", "--seed", "5", "--rounds", "1", *extra, input=answers
    )


def test_a_person_plays_a_round_through_mistakes_without_a_traceback() -> None:
    result = human_game("garbage\n99\nhub 3\n?\n" + "1\n" * 300)
    assert result.exit_code == 0
    out = result.output
    assert "garbage: 'garbage' is not a Wildfire move" in out
    assert "There is no move 99: choose 1 to" in out
    assert "hub 3: there is no hub number to name now" in out
    assert "Commands: b or board" in out  # the help
    assert "Your hand:" in out and "Your moves:" in out and "P1, your turn" in out
    assert "e0 " in out and " in the hub" in out  # the layout's root
    assert re.search(r"^Round 1: (P\d( \(you\))? went out|blocked)", out, re.MULTILINE)
    assert re.search(r"(wins with|share the win with) \d+ points?", out)
    assert "Seed 5: play the same deal again with --seed 5" in out
    # The others' hidden tiles never reach the person's screen.
    assert not re.search(r"P[23] (cannot play, )?draws [0-9WDT]-[0-9WDT]", out)
    assert not re.search(r"P[23] is dealt", out)


def test_end_of_input_mid_game_stops_cleanly_and_saves_what_was_played(tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    result = human_game("1\n1\n", "--save", str(path))
    assert result.exit_code == 0
    assert "Stopped: the input ended; the game is abandoned after" in result.output
    data = json.loads(path.read_text())
    assert data["result"] is None and len(data["steps"]) > 28
    replayed = gamenight("replay", "--quiet", str(path))
    assert replayed.exit_code == 0
    assert f"verified: {len(data['steps'])} steps, game not finished" in replayed.output


def test_quit_stops_the_game() -> None:
    result = human_game("quit\n")
    assert result.exit_code == 0
    assert "Stopped: you quit" in result.output
    assert "Score sheet" not in result.output


# -- the person's agent, driven directly -----------------------------------------------------


class Answers:
    """Stands in for the keyboard: Rich's Console.input reads these one by one."""

    def __init__(self, console: Console, answers: list[str]) -> None:
        self.answers = iter(answers)
        console.input = self.input  # type: ignore[method-assign,assignment]

    def input(self, prompt: str = "", **_: object) -> str:
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None


def person_at(notation: str, **options: object) -> tuple[HumanAgent, Match, io.StringIO]:
    game = make_game("wildfire", {"players": 2, **options})
    state = game.state_from_notation(notation)
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    screen = WildfireScreen(["you", "greedy"], 0, verbose=True)
    match = Match(game, [make_bot("greedy", game), make_bot("greedy", game)], 1, state=state)
    agent = HumanAgent(console, 0, screen, move_help(lambda: match.table), screen.title)
    return agent, match, out


WILD_ONE_OPEN = "turn=1 | layout 9-9 9-5@e0 5-W@e1:6 | hands 6-3 2-2 9-4 / 7-0 | pile *"


def test_a_move_in_notation_is_checked_by_the_rules() -> None:
    agent, match, out = person_at(WILD_ONE_OPEN)
    Answers(agent.console, ["9-4@e0", "3-6@e2", "6-3@e2"])
    legal = match.state.legal_moves()
    move = agent.choose(match.state.view(0), legal, random.Random(0))
    assert match.state.move_notation(move) == "6-3@e2"
    text = out.getvalue()
    # The open Wild One comes first, so 9-4 on the centre is refused with the rule's reason.
    assert "9-4@e0: the open Wild One at e2 must be completed first" in text
    assert "3-6@e2: 3-6 does not match the 6 at e2" in text


def test_with_the_knock_penalty_the_knocking_plays_are_listed_first() -> None:
    """Answering 1 out of habit must not cost a penalty draw: the plays that knock come first,
    and the hint names their numbers."""
    agent, match, out = person_at("turn=1 | layout 9-9 | hands 9-5 2-2 / 7-0 | pile *", knock_penalty=True)
    Answers(agent.console, ["1"])
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    assert match.state.move_notation(move) == "9-5@e0 knock"
    text = out.getvalue()
    assert " 1  plays 9-5 on the centre (sheds 14 points) and knocks  9-5@e0 knock" in text
    assert " 2  plays 9-5 on the centre (sheds 14 points)  9-5@e0" in text
    assert "pick a move that knocks (1)" in text
    assert "Your hand: 9-5  2-2  (2 tiles, 18 points)" in text


def test_a_draw_or_pass_that_is_the_only_move_is_played_without_asking() -> None:
    """Nothing to choose, nothing to ask: the person is told, and no Enter is wanted."""
    agent, match, out = person_at("turn=1 | layout 9-9 | hands 5-3 2-0 / 7-0 | pile *")
    Answers(agent.console, [])  # any question would end the input
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    assert match.state.move_notation(move) == "draw"
    assert "Nothing you hold can be played: you draw." in out.getvalue()
    assert "Your move" not in out.getvalue()


# The More Strategic Game: 5-W goes wild half out, then its player names the hub's number.
BEFORE_A_WILD_PLAY = "dealer=2 turn=1 | layout 9-9 9-5@e0 | hands W-5 W-3 8-2 6-4 / 4-4 7-0 5-3 3-0 | pile *"


def test_undo_takes_back_your_own_move_until_the_next_is_anyone_elses(tmp_path: Path) -> None:
    """Board Game Arena's undo: your own last move, while nobody else moved and nothing was
    drawn or rolled. The saved file forgets the move taken back, and play goes on from before it."""
    game = make_game("wildfire", {"players": 2, "strategic": True, "rounds": 1})
    saved = tmp_path / "game.json"
    write_record(saved, Record("wildfire", options_to_dict(game.options), ["human", "greedy"], 7, BEFORE_A_WILD_PLAY))
    result = gamenight("play", "--resume", str(saved), input="5-W@e1\nundo\nundo\nW-5@e1\nundo\nquit\n")
    text = " ".join(result.output.split())
    assert "Taken back: your move 5-W@e1, which plays 5-W on the 5 at e1: wild half out" in text
    assert "Cannot undo: nothing has been played yet." in text
    # W-5 on the 5 is played, and the greedy bot answers at once: that move is not yours to take back.
    assert "Cannot undo: P2 has moved since: only your own last move can be taken back." in text
    steps = [step.text for step in read_record(saved).steps]
    assert steps[0] == "W-5@e1" and "5-W@e1" not in steps


def test_a_person_at_a_keyboard_is_asked_before_the_game_is_stopped() -> None:
    """At a keyboard, "quit" asks first, and anything but yes goes back to the move; from a
    script (piped input) "quit" is meant and stops at once."""
    agent, match, _ = person_at(WILD_ONE_OPEN)
    agent.interactive = True
    Answers(agent.console, ["quit", "n", "1"])
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    assert match.state.move_notation(move) == "6-3@e2"
    Answers(agent.console, ["quit", "y"])
    with pytest.raises(QuitGame, match="you quit"):
        agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))


def test_a_hand_of_one_tile_says_1_tile() -> None:
    agent, match, out = person_at("turn=1 knocked=1 | layout 9-9 | hands 9-5 / 7-0 | pile *")
    Answers(agent.console, ["1"])
    agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    assert "Your hand: 9-5  (1 tile, 14 points)" in out.getvalue()


def test_the_board_shows_the_tree_the_obligation_the_hand_and_the_counts() -> None:
    agent, match, out = person_at(WILD_ONE_OPEN)
    Answers(agent.console, ["1"])
    agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    text = out.getvalue()
    assert "e0 9-9 in the hub ▸ open 9 ×3" in text
    assert "e1 9-5 › e2 5-W Wild One, hub 6 ▸ open 6" in text
    assert "The open Wild One at e2 comes first: the hub shows 6; 1 more play to complete it." in text
    assert "Your hand: 9-4  6-3  2-2  (3 tiles, 26 points)" in text  # heaviest first
    assert re.search(r"P2 +greedy +1 ", text)  # the other seat: its tile count, not its tile
    assert "7-0" not in text
    assert " 1  plays 6-3 on the open Wild One at e2, closing it (sheds 9 points)  6-3@e2" in text


def test_end_of_input_at_the_prompt_quits() -> None:
    agent, match, _ = person_at(WILD_ONE_OPEN)
    Answers(agent.console, [])
    with pytest.raises(QuitGame, match="the input ended"):
        agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))


# -- Wildstar --------------------------------------------------------------------------------

PARTNERS = ("play", "wildstar", "--players", "4", "--partners", "--seats", "greedy,greedy,greedy,greedy", "--seed", "3")


def wildstar_bots_match(seed: int, names: list[str], **options: object) -> tuple[Match, list[str]]:
    """The Wildstar game the CLI should have played, and how each hand ended, told by the engine."""
    game = make_game("wildstar", {"players": len(names), **options})
    match = Match(game, [make_bot(n, game) for n in names], seed)
    endings: list[str] = []
    while (event := match.step()) is not None:
        if len(match.state.view(None)["sheet"]) > len(endings):
            out = event.seat >= 0 and event.public.endswith("and goes out")
            endings.append(f"P{event.seat + 1} went out" if out else r"blocked \(nobody can play\)")
    return match, endings


def test_an_unattended_partners_game_prints_each_hand_the_team_sheet_and_the_winning_team() -> None:
    result = gamenight(*PARTNERS)
    assert result.exit_code == 0
    out = result.output
    assert "Wildstar: 4 players, 10 hands, partners P1 & P3 vs P2 & P4; seed 3" in out
    match, endings = wildstar_bots_match(3, ["greedy"] * 4, partners=True)
    view = match.state.view(None)
    assert len(view["sheet"]) == len(endings) == 10
    for number, (row, ending) in enumerate(zip(view["sheet"], endings, strict=True), 1):
        centre = f"{10 - number}-{10 - number}"
        assert re.search(
            rf"^Hand {number}, centre {centre}: {ending} +P1 & P3 {row[0]} · P2 & P4 {row[1]}$", out, re.MULTILINE
        )
        assert re.search(rf"^ +{number} +{centre} +(P\d out|blocked) +{row[0]} +{row[1]} *$", out, re.MULTILINE)
    assert "Score sheet (lowest total wins)" in out
    assert re.search(r"hand +centre +ended +P1 & P3 +P2 & P4", out)
    totals = view["scores"]
    assert re.search(rf"total +{totals[0]} +{totals[1]}", out)
    (winner,) = view["winners"]  # this seed has one winning team
    team = "P1 & P3" if winner == 0 else "P2 & P4"
    assert re.search(rf"^{team} win with {totals[winner]} points \(lowest total wins\)\.$", out, re.MULTILINE)


def test_wildstar_variants_reach_the_game_and_the_header() -> None:
    result = gamenight(
        "play", "wildstar", "--seats", "greedy,random,greedy", "--seed", "2", "--hands", "2",
        "--winner-collects", "--play-on-from-the-setter", "--doubles-branch",
    )  # fmt: skip
    assert result.exit_code == 0
    out = result.output
    assert "3 hands" not in out and "Wildstar: 3 players, 2 hands (doubles branch, play goes on from the setter" in out
    assert "Score sheet (highest total wins)" in out
    assert re.search(r"^Hand 2, centre 8-8: ", out, re.MULTILINE)
    assert "Hand 3" not in out
    assert re.search(r"wins? with \d+ points( each)? \(highest total wins\)", out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--partners"], "partners need an even number of players, not 3"),
        (["--seats", "greedy,random,greedy", "--partners"], "partners need an even number of players, not 3"),
        (["--seats", "greedy,greedy", "--hands", "11"], "a game has 1 to 10 hands (9-9 down to 0-0), not 11"),
        (["--seats", "greedy,greedy", "--hands", "0"], "a game has 1 to 10 hands"),
        (["--players", "9"], "Wildstar is for 2 to 8 players, not 9"),
        (["--seats", "human,robot"], "unknown seat 'robot'"),
    ],
)
def test_bad_wildstar_options_are_clear_errors(args: list[str], message: str) -> None:
    result = gamenight("play", "wildstar", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Score sheet" not in result.output


def test_a_saved_wildstar_game_replays_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "wildstar.json"
    result = gamenight(
        "play", "wildstar", "--seats", "greedy,random,greedy", "--seed", "4", "--hands", "2", "--save", str(path)
    )
    assert result.exit_code == 0
    data = json.loads(path.read_text())
    assert data["game"] == "wildstar" and data["options"]["hands"] == 2
    replayed = gamenight("replay", str(path))
    assert replayed.exit_code == 0
    assert re.search(r"^Hand 2, centre 8-8: ", replayed.output, re.MULTILINE)  # the screen tells each hand
    scores = " · ".join(f"P{s + 1} {x}" for s, x in enumerate(data["result"]))
    assert f"verified: {len(data['steps'])} steps, result {scores}" in replayed.output


# A person at a Wildstar table: what they type is worked out here by playing their seat the
# way the test's person would (a single star whenever they may lay one, else move 1), so the
# input fits the game whatever the bots do.

HUMAN_WILDSTAR = ("play", "wildstar", "--seats", "human,greedy,random", "--seed", "2", "--hands", "2")


def forced(legal) -> bool:  # type: ignore[no-untyped-def]
    """A draw or a pass that is the only legal move: the terminal plays it without asking."""
    return len(legal) == 1 and legal[0].kind != PLAY


class TypingPerson:
    """Seat 0 as the test's person: types a single star declaration when one is legal (after a
    bad notation and an illegal double declaration the first time) by the star's number in
    the list and then the declared number, otherwise answers 1."""

    name = "human"

    def __init__(self) -> None:
        self.screen = WildstarScreen(["you", "greedy", "random"], 0, verbose=True)
        self.typed: list[str] = []
        self.stars: list[str] = []  # the single stars laid, as the story tells them

    def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
        if forced(legal):
            return legal[0]  # the terminal plays it without asking
        star = next((m for m in legal if m.kind == PLAY and m.tile == SINGLE_STAR), None)
        if star is None:
            self.typed.append("1")
            return self.screen.menu(view, legal).numbered[0]
        value = next(e["value"] for e in view["open_ends"] if e["end"] == star.end)
        if not self.stars:
            self.typed += [f"S@e{star.end}", f"S-{value}@e{star.end}"]
        numbered = self.screen.menu(view, legal).numbered
        entry = next(i for i, e in enumerate(numbered, 1) if isinstance(e, Choice) and star in e.answers.values())
        self.typed += [str(entry), str(star.outer)]
        self.stars.append(f"plays a single star as {value}-{star.outer} on the {value} at e{star.end}")
        return star


def test_a_person_plays_wildstar_by_number_and_notation_and_is_asked_again_after_mistakes() -> None:
    person = TypingPerson()
    game = make_game("wildstar", {"players": 3, "hands": 2})
    Match(game, [person, make_bot("greedy", game), make_bot("random", game)], 2).run()
    assert person.stars and person.typed.count("1") > 10  # both ways of answering are used
    answers = ["garbage", "99", *person.typed]
    result = gamenight(*HUMAN_WILDSTAR, input="\n".join(answers) + "\n")
    assert result.exit_code == 0
    out = result.output
    flat = " ".join(out.split())  # long messages wrap at the console's width
    assert "garbage: 'garbage' is not a Wildstar move: write a play like 4-6@e3" in flat
    assert "There is no move 99: choose 1 to" in out
    first = person.typed.index(next(t for t in person.typed if t.startswith("S@")))
    end, value = person.typed[first][3:], person.typed[first + 1][2]
    assert f"S@e{end}: 'S@e{end}': a single star is played with its declared outer number, like S-7@e3" in flat
    assert f"S-{value}@e{end}: a single star stands in for a non-double only: it may not be declared" in flat
    for star in person.stars:
        assert f"P1 (you) {star}" in flat
    # The screen: the star, the stages, the hand with its count, the counts of the others.
    assert "Centre stage: " in out and " of 5 arms." in out
    assert "Open stage: open ends " in out
    assert re.search(r"^Your hand \(\d+ tiles?, \d+ points?\): ", out, re.MULTILINE)
    assert "The star shows which number outward (" in out  # the question after a star's number
    assert re.search(r"★\d-\d ▸ \d at e\d+", out)  # a single star on the table, showing its declared number
    assert re.search(r"^Hand 2, centre 8-8: ", out, re.MULTILINE)
    assert re.search(r"(wins with|share the win with) \d+ points?", out)
    # Nothing names another seat's drawn or dealt tile.
    assert re.search(r"^P[23] cannot play, draws a tile and ", out, re.MULTILINE)
    assert not re.search(r"P[23] (cannot play,? (and )?)?draws (?!a tile)", out)
    assert "is dealt" not in out


def test_quitting_wildstar_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    result = gamenight(*HUMAN_WILDSTAR, "--save", str(path), input="1\nquit\n")
    assert result.exit_code == 0
    assert "Stopped: you quit; the game is abandoned after" in result.output
    replayed = gamenight("replay", "--quiet", str(path))
    assert "game not finished" in replayed.output and replayed.exit_code == 0


STAR_TILE = re.compile(r"★SS?\b|(?<![\w-])\d-\d(?![\w-])")


def _tile_names(text: str) -> set[str]:
    """Tiles named in `text`, both ways round ("4-5" and "5-4"), stars as ★S / ★SS."""
    found = set(STAR_TILE.findall(text))
    return found | {t[::-1] for t in found if "-" in t}


@pytest.mark.parametrize(("seed", "you"), [(s, y) for s in range(4) for y in (0, 1, None)])
def test_the_wildstar_story_names_no_tile_its_reader_may_not_know(seed: int, you: int | None) -> None:
    # Random bots draw often, and three players often hold no starting double (draws for it).
    game = make_game("wildstar", {"players": 3, "hands": 2})
    match = Match(game, [make_bot("random", game) for _ in range(3)], seed)
    screen = WildstarScreen(["random"] * 3, you, verbose=True, sheet_each_round=True)
    screen.start(match.state.view(you))
    known: set[str] = set()
    told = 0
    while (hands := every_hand(match)) and (event := match.step()) is not None:
        view = match.state.view(you)
        known |= {node.tile.lstrip("★") for node in star_nodes(view["layout"])}
        known |= {view["centre"]} | {hand_tile(t) for t in view["hand"] or ()}
        known |= set(STAR_TILE.findall(event.public))  # what everyone is told
        if len(view["sheet"]) > len(hands.sheet):
            known |= {hand_tile(t) for t in hands.tiles}  # the hand is over: every hand is counted openly
        known |= {t[::-1] for t in known}
        screen.on_event(event)
        for item in screen.take_news():
            out = io.StringIO()
            Console(file=out, width=300).print(item)
            told += 1
            assert _tile_names(out.getvalue()) <= known, out.getvalue()
    assert told > 40


# -- the Wildstar screen, from positions -------------------------------------------------------

OPEN_STAR = (
    "shuffler=2 turn=1 sheet=4,0 | layout 8-8 8-9@e0 8-7@e0 8-6@e0 8-5@e0 8-4@e0 S-3@e5 SS@e3 "
    "| hands S 3-2 9-1 5-0 / 7-0 0-0 1-1 | pile *"
)


def wildstar_person_at(notation: str, **options: object) -> tuple[HumanAgent, Match, io.StringIO]:
    game = make_game("wildstar", {"players": 2, **options})
    state = game.state_from_notation(notation)
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    screen = WildstarScreen(["you", "greedy"], 0, verbose=True)
    match = Match(game, [make_bot("greedy", game), make_bot("greedy", game)], 1, state=state)
    agent = HumanAgent(console, 0, screen, move_help(lambda: match.table), screen.title)
    return agent, match, out


def test_the_wildstar_board_shows_the_star_its_open_ends_the_hand_and_the_counts() -> None:
    agent, match, out = wildstar_person_at(OPEN_STAR)
    Answers(agent.console, ["1"])
    agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    text = out.getvalue()
    assert "Hand 2 of 10, centre 8-8 · P1, your turn" in text  # one row on the sheet: the second hand
    assert "Hand 2 of 10, centre 8-8 · P2 shuffled · lowest total wins" in text
    assert "8-4 › ★4-3 ▸ 3 at e6" in text  # a single star shows its declared value
    assert "8-6 › ★6-6 ▸ 6 at e7" in text  # the double star, as the double it stands for
    assert "8-9 ▸ 9 at e1" in text
    assert "Open stage: open ends 3 at e6 · 5 at e4 · 6 at e7 · 7 at e2 · 9 at e1" in text
    assert "Your hand (4 tiles, 40 points): 9-1  5-0  3-2  ★S" in text  # high first, the star last: 20
    assert re.search(r"P1 \(you\) +you +4 +4", text)
    assert re.search(r"P2 +greedy \(shuffler\) +3 +0", text)  # the other seat: its tile count, not its tiles
    assert "7-0" not in text and "1-1" not in text


def test_single_star_plays_are_one_numbered_entry_per_end_and_numbers_pick_the_listed_moves() -> None:
    agent, match, out = wildstar_person_at(OPEN_STAR)
    legal = match.state.legal_moves()
    assert len(legal) == 3 + 5 * 9  # three numbered tiles; a single star on five ends, nine ways each
    Answers(agent.console, ["3"])
    move = agent.choose(match.state.view(0), legal, random.Random(0))
    text = out.getvalue()
    assert " 1  plays 9-1 on the 9 at e1 (sheds 10 points)  9-1@e1" in text
    assert " 2  plays 5-0 on the 5 at e4 (sheds 5 points)  5-0@e4" in text
    assert " 3  plays 3-2 on the 3 at e6 (sheds 5 points)  3-2@e6" in text
    assert re.search(r"^ 4  ★ a single star on the 9 at e1, declared 9-\?  S-\?@e1", text, re.MULTILINE)
    assert not re.search(r"^ 9  ", text, re.MULTILINE)
    assert match.state.move_notation(move) == "3-2@e6"
    assert text.count("★ a single star on the ") == 5
    assert "Or type a star play at once: S-0@e1 lays a single star as 9-0 on the 9 at e1." in text


def test_a_single_star_picked_by_number_asks_for_its_number_and_a_wrong_answer_asks_again() -> None:
    agent, match, out = wildstar_person_at(OPEN_STAR)
    legal = match.state.legal_moves()
    Answers(agent.console, ["4", "9", "4", "x", "4", "7"])  # e1 shows 9: 9 would make it a double
    move = agent.choose(match.state.view(0), legal, random.Random(0))
    assert match.state.move_notation(move) == "S-7@e1"
    text = out.getvalue()
    assert "'9' is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8: choose the move again." in text
    assert "'x' is not one of" in text


def test_a_single_star_is_declared_in_notation_and_a_wrong_declaration_is_refused() -> None:
    agent, match, out = wildstar_person_at(OPEN_STAR)
    Answers(agent.console, ["S@e6", "S-3@e6", "S-4@e9", "SS@e6", "S-7@e6"])
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    assert match.state.move_notation(move) == "S-7@e6"
    text = out.getvalue()
    assert "S@e6: 'S@e6': a single star is played with its declared outer number, like S-7@e3" in text
    assert "S-3@e6: a single star stands in for a non-double only: it may not be declared 3-3" in text
    assert "S-4@e9: there is no open end e9" in text
    assert "SS@e6: you do not hold the double star" in text
    match.state.apply(move)
    assert "★3-7" in str(star_nodes(match.state.view(0)["layout"])[-1].tile)


def test_in_the_centre_stage_the_screen_counts_the_arms_and_holds_the_stars_back() -> None:
    agent, match, out = wildstar_person_at("turn=1 | layout 9-9 9-8@e0 9-7@e0 9-6@e0 | hands S 9-2 8-1 / 7-0 | pile *")
    Answers(agent.console, [""])  # one move: Enter plays it
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    assert match.state.move_notation(move) == "9-2@e0"
    text = out.getvalue()
    assert "9-9 in the star centre ▸ 9 at e0 ×2" in text
    assert "9-8 ▹ 8 at e1" in text  # an arm's end, open once the five arms are out
    assert "Centre stage: 3 of 5 arms. The next 2 plays go around the centre (e0) with a tile carrying a 9" in text
    assert "Your wildstars must wait" in text


def test_when_only_single_stars_can_be_played_they_are_still_picked_by_number() -> None:
    agent, match, out = wildstar_person_at(
        "turn=1 | layout 9-9 9-8@e0 9-7@e0 9-6@e0 9-5@e0 9-4@e0 | hands S 2-2 / 7-0 | pile *"
    )
    Answers(agent.console, ["6", "1", "0"])
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    assert match.state.move_notation(move) == "S-0@e1"
    text = out.getvalue()
    assert re.search(r"^ 5  ★ a single star on the 4 at e5", text, re.MULTILINE)
    assert "There is no move 6: choose 1 to 5 (m lists them)." in text


def test_with_doubles_branching_a_double_forks_its_arm() -> None:
    notation = "turn=1 | layout 9-9 9-8@e0 9-7@e0 9-6@e0 9-5@e0 9-4@e0 8-8@e1 8-2@e6 8-3@e6 | hands 2-1 / 7-0 | pile *"
    agent, match, out = wildstar_person_at(notation, doubles_branch=True)
    Answers(agent.console, ["1"])
    agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    text = out.getvalue()
    assert re.search(r"9-8 › 8-8 ▸ 8 at e6\n.*8-2 ▸ 2 at e7\n.*8-3 ▸ 3 at e8", text)


# -- Highrise --------------------------------------------------------------------------------

HR_TILE = re.compile(r"(?<![\w-])[0-6W]-[0-6W](?![\w-])")


def _both_ways(tiles: set[str]) -> set[str]:
    return tiles | {t[::-1] for t in tiles}


@dataclass(frozen=True)
class HandEnd:
    """A Highrise hand as the engine tells it: how it ended, each seat's points from plays
    (summed from the plays' own descriptions), what the end added or took, the totals after."""

    how: str
    plays: list[int]
    end: list[int]
    totals: list[int]


def highrise_bots_match(seed: int, names: list[str], **options: object) -> tuple[Match, list[HandEnd]]:
    """The Highrise game the CLI should have played, and each of its hands."""
    game = make_game("highrise", {"players": len(names), **options})
    match = Match(game, [make_bot(n, game) for n in names], seed)
    hands: list[HandEnd] = []
    plays = [0] * len(names)
    before = match.state.scores()
    number = 1
    while (event := match.step()) is not None:
        if event.seat >= 0 and (m := re.search(r"for (\d+) points?", event.public)):
            plays[event.seat] += int(m[1])
        view = match.state.view(None)
        if view["hand_number"] != number or view["phase"] == "over":
            out = event.seat >= 0 and event.public.endswith("and goes out")
            totals = match.state.scores()
            end = [t - b - p for t, b, p in zip(totals, before, plays, strict=True)]
            hands.append(HandEnd(f"P{event.seat + 1} went out" if out else "blocked", plays, end, totals))
            plays, before, number = [0] * len(names), totals, view["hand_number"]
    return match, hands


def test_an_unattended_highrise_game_prints_each_hand_the_sheet_and_the_engines_final_scores() -> None:
    result = gamenight("play", "highrise", "--seats", "greedy,random", "--seed", "5", "--target-score", "300")
    assert result.exit_code == 0
    out = result.output
    assert "Highrise: 2 players, to 300 points on the 4x4 base; seed 5" in out
    match, hands = highrise_bots_match(5, ["greedy", "random"], target_score=300)
    assert len(hands) > 1 and "blocked" in {h.how for h in hands}
    for number, hand in enumerate(hands, 1):
        after = " · ".join(f"P{s + 1} {x}" for s, x in enumerate(hand.totals))
        assert re.search(rf"^Hand {number}: {hand.how} \(.*\) +{after}$", out, re.MULTILINE)
        ended = hand.how.replace(" went", "")  # "P1 out", "blocked"
        cells = [f"{p} {re.escape(f'{e:+d}')}" if e else f"{p}" for p, e in zip(hand.plays, hand.end, strict=True)]
        assert re.search(rf"^ +{number} +{ended} +" + " +".join(cells) + " *$", out, re.MULTILINE)
    assert "Score sheet (to 300 points, highest total wins)" in out
    totals = match.state.scores()
    assert max(totals) >= 300
    assert re.search(r"total +" + r" +".join(map(str, totals)), out)
    (winner,) = [s for s, r in enumerate(match.state.returns()) if r > 0]  # this seed has one winner
    assert f"P{winner + 1} wins with {totals[winner]} points (highest total wins)." in out
    assert not re.search(r"^P\d (plays|lays|cannot)", out, re.MULTILINE)  # unattended: only the ends of the hands


def test_highrise_variants_reach_the_game_and_the_header() -> None:
    result = gamenight(
        "play", "highrise", "--seats", "greedy,random,greedy", "--seed", "3", "--layout", "2x8", "--hands", "1",
        "--opponents-subtract-on-out", "--watch",
    )  # fmt: skip
    assert result.exit_code == 0
    out = result.output
    flat = " ".join(out.split())
    assert "Highrise: 3 players, 1 hand on the 2x8 base (the others subtract their hands when someone goes out)" in flat
    assert re.search(r"^P\d (lays a clear spacer on \w+ and )?plays \S+, ", out, re.MULTILINE)  # --watch: the plays
    assert "Score sheet (1 hand, highest total wins)" in out
    assert "Hand 2" not in out
    assert not re.search(r"draws (?!a domino)", out)  # a spectator never learns a drawn domino


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "Highrise is for 2 to 4 players, not 5"),
        (["--seats", "greedy,greedy", "--layout", "3x3"], "--layout '3x3' is not one of: 4x4, 2x8"),
        (["--seats", "greedy,greedy", "--target-score", "-5"], "target_score must be 1 to 1000, not -5"),
        (["--seats", "greedy,greedy", "--hands", "0"], "hands must be 1 to 50, not 0"),
        (["--seats", "greedy,greedy", "--tie-break", "coin"], "--tie-break 'coin' is not one of: share, extra_hand"),
        (["--seats", "human,robot"], "unknown seat 'robot'"),
    ],
)
def test_bad_highrise_options_are_clear_errors(args: list[str], message: str) -> None:
    result = gamenight("play", "highrise", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output and "Score sheet" not in result.output


def test_a_saved_highrise_game_replays_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "highrise.json"
    result = gamenight(
        "play", "highrise", "--seats", "greedy,random", "--seed", "5", "--hands", "2", "--save", str(path)
    )
    assert result.exit_code == 0
    data = json.loads(path.read_text())
    assert data["game"] == "highrise" and data["options"]["hands"] == 2
    replayed = gamenight("replay", str(path))
    assert replayed.exit_code == 0
    out = replayed.output
    assert re.search(r"^Hand 1: the basement is filled with ", out, re.MULTILINE)
    assert re.search(r"^P2 takes [0-6W]-[0-6W]", out, re.MULTILINE)  # nothing is hidden now
    assert re.search(r"^Hand 2: (P\d went out|blocked) ", out, re.MULTILINE)  # the screen tells each hand
    scores = " · ".join(f"P{s + 1} {x}" for s, x in enumerate(data["result"]))
    assert f"verified: {len(data['steps'])} steps, result {scores}" in out


# A person at a Highrise table: what they type is worked out by playing their seat the way
# the test's person would (a spacer play typed in notation whenever one is listed, else
# move 1), so the input fits the game whatever the bot does.

HUMAN_HIGHRISE = ("play", "highrise", "--seats", "human,greedy", "--seed", "5", "--hands", "1")


class HighrisePerson:
    """Seat 0 as the test's person: types a spacer play whenever the menu lists one (the first
    time after writing it without its ^), otherwise answers 1."""

    name = "human"

    def __init__(self) -> None:
        self.screen = HighriseScreen(["you", "greedy"], 0, verbose=True)
        self.typed: list[str] = []
        self.spacer_plays: list[str] = []

    def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
        if forced(legal):
            return legal[0]  # the terminal plays it without asking
        numbered = self.screen.menu(view, legal).numbered
        plays = [m for m in numbered if isinstance(m, highrise_moves.Move) and m.kind == highrise_moves.PLAY]
        spacer = next((m for m in plays if m.spacer >= 0), None)
        if spacer is None:
            self.typed.append("1")
            return numbered[0]
        text = highrise_moves.move_notation(spacer, BASES["4x4"])
        if not self.spacer_plays:
            self.typed.append(text.replace("^", ""))
        self.typed.append(text)
        self.spacer_plays.append(text)
        return spacer


def test_a_person_plays_highrise_by_number_and_notation_with_spacers_and_is_asked_again_after_mistakes() -> None:
    person = HighrisePerson()
    game = make_game("highrise", {"players": 2, "hands": 1})
    match = Match(game, [person, make_bot("greedy", game)], 5)
    held: set[str] = set()  # P2's dominoes
    seen: set[str] = set()  # and the dominoes, and those the person sees (the tower, their hand)
    while match.step() is not None:
        held |= set(match.state.view(1)["hand"])
        view = match.state.view(0)
        seen |= {e.split("@")[0] for level in view["levels"] for e in level} | set(view["basement"]) | set(view["hand"])
    hidden = held - _both_ways(seen)
    assert person.spacer_plays and person.typed.count("1") > 3 and hidden  # both ways of answering are used
    answers = ["garbage", "99", "i b2", "stack", *person.typed]
    result = gamenight(*HUMAN_HIGHRISE, input="\n".join(answers) + "\n")
    assert result.exit_code == 0
    out = result.output
    flat = " ".join(out.split())  # long messages wrap at the console's width
    assert "garbage: 'garbage' is not a Highrise move: write a play like 5-3@a1,b1" in flat
    assert "There is no move 99: choose 1 to" in out
    bare = person.spacer_plays[0].replace("^", "")
    why = r"\w+ \(level \d+\) is one level lower than \w+ \(level \d+\): lay a clear spacer on"
    assert re.search(rf"{re.escape(bare)}: {why}", flat)
    assert flat.count("P1 (you) lays a clear spacer on ") == len(person.spacer_plays)
    assert "The stack on b2, bottom to top (1 layer; the top is the basement):" in out
    assert "Name the cell: i b2 shows the stack on b2" in out
    # The screen: the tower from above, the spacers, the hand, the others' counts, the scored moves.
    assert "clear spacers left 12 of 12" in out and "┌───────┬" in out
    assert re.search(r"^ 4 │ \S L0 ", out, re.MULTILINE)
    assert re.search(r"^Your hand \(5 dominoes, \d+ points if left in hand\): ", out, re.MULTILINE)
    assert re.search(r"^ 1  \S+@\S+ +level \d+ +→ +\d+ points?", out, re.MULTILINE)
    assert re.search(r"P2 +Greedy bot +\d +\d+", out)
    assert re.search(r"^Hand 1: (P\d( \(you\))? went out|blocked) ", out, re.MULTILINE)
    assert "Score sheet (1 hand, highest total wins)" in out
    assert re.search(r"(wins with|share the win with) \d+ points?", out)
    # Nothing names a domino of P2's that the person never saw, until the hand is over and
    # every hand is counted openly.
    assert not re.search(r"P2 cannot play(,| and) draws (?!a domino)", out)
    during, after = out.split("Left in hand:")
    for tile in hidden:
        assert not re.search(rf"(?<![\w-]){re.escape(tile)}(?![\w@-])", during), tile
    assert any(re.search(rf"(?<![\w-]){re.escape(tile)}(?![\w@-])", after) for tile in hidden)


@pytest.mark.parametrize(("seed", "you"), [(s, y) for s in range(3) for y in (0, 1, None)])
def test_the_highrise_story_and_board_name_no_domino_their_reader_may_not_know(seed: int, you: int | None) -> None:
    game = make_game("highrise", {"players": 3, "hands": 2})
    match = Match(game, [make_bot("random", game) for _ in range(3)], seed)
    screen = HighriseScreen(["random"] * 3, you, verbose=True, sheet_each_round=True)
    screen.start(match.state.view(you))
    known: set[str] = set()  # dominoes the reader has seen: in the tower, or in their own hand
    told = 0
    while (hands := every_hand(match)) and (event := match.step()) is not None:
        view = match.state.view(you)
        known |= {e.split("@")[0] for level in view["levels"] for e in level} | set(view["basement"])
        known |= set(view["hand"] or ()) | set(HR_TILE.findall(event.public))
        if view["hand_number"] != hands.hand_number or view["phase"] == "over":
            known |= hands.tiles  # the hand is over: every hand is counted openly
        known = _both_ways(known)
        screen.on_event(event)
        shown = screen.take_news()
        if view["to_act"] == you and you is not None:
            shown.append(screen.board(view))
        for item in shown:
            text = io.StringIO()
            Console(file=text, width=300).print(item)
            told += 1
            assert set(HR_TILE.findall(text.getvalue())) <= known, text.getvalue()
    assert told > 20


# -- the Highrise screen, from positions -------------------------------------------------------

# a1,a2 are 5-3 in the basement; 5-6 lies on a1,b1 at level 1, and W-5 on a1 and a spacer on a2 at level 2.
TOWER = (
    "hand=2 turn=1 phase=play scores=40,25 | basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W | level1 5-6@a1,b1 "
    "| level2 5-W@a1,a2^ | hands W-3 2-1 W-6 0-4 / 6-3 5-5 1-0 | pile *"
)


def highrise_person_at(notation: str) -> tuple[HumanAgent, Match, io.StringIO]:
    game = make_game("highrise", {"players": 2, "target_score": 300})
    state = game.state_from_notation(notation)
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    screen = HighriseScreen(["you", "greedy"], 0, verbose=True, options=game.options)
    match = Match(game, [make_bot("greedy", game), make_bot("greedy", game)], 1, state=state)
    agent = HumanAgent(console, 0, screen, move_help(lambda: match.table), screen.title)
    return agent, match, out


def test_the_highrise_board_shows_the_tower_from_above_with_each_dominos_outline() -> None:
    agent, match, out = highrise_person_at(TOWER)
    Answers(agent.console, ["1"])
    agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    text = out.getvalue()
    assert "Hand 2 · P1, your turn" in text
    status = "Hand 2 · P2 started · draw pile 19 · clear spacers left 11 of 12 · to 300 points, highest total wins"
    assert status in text
    # Row 1 nearest the player. a1 and a2 are one domino (W-5, on a spacer on a2), b1 the
    # uncovered half of 5-6, b2 and b3 halves of two basement dominoes: a line between them.
    grid = [
        "       a       b       c       d",
        "   ┌───────┬───────┬───────┬───────┐",
        " 4 │ 0 L0  │ 2 L0  │ 4 L0  │ W L0  │",
        "   │       │       │       │       │",
        " 3 │ 0 L0  │ 3 L0  │ 6 L0  │ W L0  │",
        "   ├───────┼───────┼───────┼───────┤",
        " 2 │ W L2^ │ 6 L0  │ 2 L0  │ 1 L0  │",
        "   │       ├───────┤       │       │",
        " 1 │ 5 L2  │ 6 L1  │ W L0  │ 4 L0  │",
        "   └───────┴───────┴───────┴───────┘",
    ]
    assert "\n".join(line.rstrip() for line in text.splitlines()).count("\n".join(grid)) == 1
    assert re.search(r"P1 \(you\) +you +4 +40", text)
    assert re.search(r"P2 +greedy \(started\) +3 +25", text)  # the other seat: its count, not its dominoes
    assert "6-3" not in text and "5-5" not in text and "1-0" not in text
    assert "Your hand (4 dominoes, 30 points if left in hand): W-6  W-3  4-0  2-1" in text  # W halves count 7


def test_the_highrise_moves_are_listed_best_first_with_their_level_and_points() -> None:
    agent, match, out = highrise_person_at(TOWER)
    Answers(agent.console, ["2"])
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    text = out.getvalue()
    assert "Your moves, best first:" in text
    # (5 + 6) x 3 through a spacer on b1; the W on c1's W counts 7: (6 + 7) x 2.
    assert " 1  W-6@a1,b1^   level 3  →  33 points · spacer on b1" in text
    assert " 2  6-W@b1,c1^   level 2  →  26 points · spacer on c1" in text
    assert re.search(r"^ 7  6-W@c3,d3 +level 1  →  13 points *$", text, re.MULTILINE)
    points = [int(p) for p in re.findall(r"→ +(\d+) points?", text)]
    assert len(points) == len(match.state.legal_moves()) and points == sorted(points, reverse=True)
    assert "A ^ in a move lays a clear spacer on that cell first" in text
    assert match.state.move_notation(move) == "6-W@b1,c1^"


def test_a_highrise_spacer_play_is_typed_in_notation_and_a_missing_spacer_is_explained() -> None:
    agent, match, out = highrise_person_at(TOWER)
    Answers(agent.console, ["W-6@a1,b1", "W-6@a1^,b1", "W-6@a1,b2", "6-W@b1^,a1"])
    move = agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    text = " ".join(out.getvalue().split())
    why = "b1 (level 1) is one level lower than a1 (level 2): lay a clear spacer on b1 (write b1^)"
    assert f"W-6@a1,b1: {why}" in text
    assert f"W-6@a1^,b1: {why}" in text
    assert "W-6@a1,b2: a1 and b2 are not side by side" in text
    assert match.state.move_notation(move) == "W-6@a1,b1^"  # written the other way round: the same play


def test_the_inspect_command_shows_a_cells_stack_from_the_basement_up() -> None:
    agent, match, out = highrise_person_at(TOWER)
    Answers(agent.console, ["i a2", "STACK b1", "inspect q9", "i", "1"])
    agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    at = lines.index("The stack on a2, bottom to top (3 layers; the top is level 2):")
    assert lines[at + 1 : at + 4] == [
        "basement  3  5-3: the 3 here, the 5 on a1 (now covered); in the basement",
        " level 1  ▫  a clear spacer, laid with W-5 on it",
        " level 2  W  W-5: the W here, the 5 on a1   ← on top: any half may cover it",
    ]
    at = lines.index("The stack on b1, bottom to top (2 layers; the top is level 1):")
    top = " level 1  6  6-5: the 6 here, the 5 on a1 (now covered)   ← on top: a 6 or a W may cover it"
    assert lines[at + 2] == top
    assert "inspect q9: 'q9' is not a cell of the 4x4 base (a1 to d4)" in lines
    assert "Name the cell: i b2 shows the stack on b2, from the basement up." in lines


def test_the_highrise_sheet_keeps_each_hands_plays_and_its_end() -> None:
    game = make_game("highrise", {"players": 2, "hands": 2})
    match = Match(game, [make_bot("greedy", game), make_bot("random", game)], 5)
    screen = HighriseScreen(["greedy", "random"], None, verbose=False, options=game.options)
    screen.start(match.state.view(None))
    while (event := match.step()) is not None:
        screen.on_event(event)
    assert [h.number for h in screen.hands] == [1, 2]
    for hand in screen.hands:
        assert hand.end is not None and hand.ended in ("P1 out", "P2 out", "blocked")
    totals = [sum(h.plays[s] + (h.end[s] if h.end else 0) for h in screen.hands) for s in range(2)]
    assert totals == match.state.scores()


@pytest.mark.parametrize(
    ("game", "shown"),
    [
        ("wildfire", ["--knock-penalty", "--auto-knock", "--obligation-burns-out"]),
        ("wildstar", ["--play-on-from-the-setter", "--winner-collects"]),
        ("highrise", ["--target-score", "one hand, the basic game", "--hands"]),
    ],
)
def test_the_option_help_shows_the_rulebooks_defaults_and_the_house_rules(game: str, shown: list[str]) -> None:
    """Issue 17: the defaults are each rulebook's basic game; house rules are named options."""
    result = runner.invoke(app, ["play", game, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for words in shown:
        assert words in text
    assert "--no-knock-penalty" not in text and "--winner-leads-after-set" not in text
    # A flag takes no value ("--strategic true" is refused), so none is shown with one; Typer's
    # own --help is left as Typer draws it.
    assert not re.search(r"--(?!help)[\w-]+ +<bool>", text)


def test_highrise_without_options_plays_the_basic_game_of_one_hand() -> None:
    """R-HR: "At the end of the hand, the player with the most points is the winner.\""""
    result = gamenight("play", "highrise", "--seats", "greedy,random", "--seed", "5")
    assert result.exit_code == 0
    assert "Highrise: 2 players, 1 hand on the 4x4 base; seed 5" in result.output
    assert re.search(r"^Hand 1: ", result.output, re.MULTILINE) and "Hand 2" not in result.output


def test_a_quit_game_resumes_from_its_file_and_the_record_goes_on_in_it(tmp_path: Path) -> None:
    """`gamenight play --resume FILE`: the game, options and seats come from the record; play
    goes on where it stopped, the file keeps every step, and the whole record verifies, so
    every draw after the stop is the one the seed gives (a stop cannot re-deal a tile)."""
    save = tmp_path / "game.json"
    first = gamenight(
        "play", "wildfire", "--seats", "human,greedy", "--seed", "5", "--save", str(save), input="1\n1\nquit\n"
    )
    assert first.exit_code == 0
    stopped = read_record(save)
    assert stopped.result is None and stopped.steps
    assert f"go on with gamenight play --resume {save}" in " ".join(first.output.split())
    again = gamenight("play", "--resume", str(save), input="1\n" * 60 + "quit\n")
    assert again.exit_code == 0
    assert f"Resumed after {len(stopped.steps)} steps, as the record left it." in again.output
    after = read_record(save)
    assert [(s.seat, s.text) for s in after.steps[: len(stopped.steps)]] == [(s.seat, s.text) for s in stopped.steps]
    assert len(after.steps) > len(stopped.steps)
    replay(after)  # RecordError if a single step, or a draw after the stop, were not the seed's
    assert gamenight("replay", str(save)).exit_code == 0


def test_resuming_a_finished_game_or_naming_a_game_too_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    assert (
        gamenight("play", "wildfire", "--seats", "greedy,random", "--rounds", "1", "--save", str(save)).exit_code == 0
    )
    over = gamenight("play", "--resume", str(save))
    assert over.exit_code == 2 and "that game is over" in over.output
    both = gamenight("play", "--resume", str(save), "wildfire")
    assert both.exit_code == 2 and "give it without a game's name" in both.output
    missing = gamenight("play", "--resume", str(tmp_path / "none.json"))
    assert missing.exit_code == 2 and "cannot read record" in missing.output


# -- the pace of the bots, a bot thinking, the end of a round (issue 18, item 5) ---------------


def test_with_a_person_seated_each_bot_move_waits_the_pace_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pauses: list[float] = []
    monkeypatch.setattr(cli, "bot_pause", pauses.append)
    save = tmp_path / "game.json"
    assert human_game("1\n" * 300, "--pace", "0.25", "--save", str(save)).exit_code == 0
    bot_moves = [s for s in read_record(save).steps if s.seat in (1, 2)]
    assert bot_moves and pauses == [0.25] * len(bot_moves)


def test_no_pause_for_a_pipe_or_for_bots_alone_unless_watched_with_a_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr(cli, "bot_pause", pauses.append)
    assert human_game("1\n" * 300).exit_code == 0  # the output is piped: nobody follows it live
    assert unattended("--rounds", "1", "--pace", "2").exit_code == 0  # nothing is told move by move
    assert human_game("1\n" * 300, "--pace", "0").exit_code == 0
    assert pauses == []
    assert unattended("--rounds", "1", "--watch", "--pace", "0.5").exit_code == 0
    assert pauses and set(pauses) == {0.5}


def test_at_a_terminal_the_bots_keep_the_default_pace_and_say_they_are_thinking(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pauses: list[float] = []
    monkeypatch.setattr(cli, "bot_pause", pauses.append)
    screen = io.StringIO()
    monkeypatch.setattr(cli, "make_console", lambda stderr=False: Console(file=screen, force_terminal=True, width=100))
    assert human_game("1\n" * 300).exit_code == 0
    assert pauses and set(pauses) == {DEFAULT_PACE}
    assert "P2 (greedy) is thinking…" in screen.getvalue() and "P3 (greedy) is thinking…" in screen.getvalue()


def test_a_thinking_bot_writes_nothing_to_a_pipe_and_keeps_its_name_for_the_record() -> None:
    game = make_game("wildfire", {"players": 2})
    match = Match(game, [make_bot("greedy", game), make_bot("greedy", game)], 3)
    while match.state.to_act() == CHANCE:
        match.step()
    seat = match.state.to_act()
    assert seat is not None
    out = io.StringIO()
    bot = PacedBot(make_bot("greedy", game), seat, Console(file=out), 0.0, lambda s: pytest.fail("paused at pace 0"))
    legal = match.state.legal_moves()
    assert bot.choose(match.state.view(seat), legal, random.Random(0)) in legal
    assert out.getvalue() == "" and bot.name == "greedy"


@pytest.mark.parametrize("pace", ["-1", "11", "nan", "inf"])
def test_a_negative_or_absurd_pace_is_a_clear_error(pace: str) -> None:
    result = unattended("--pace", pace)
    assert result.exit_code == 2
    assert "give seconds from 0 (no pause) to 10" in result.output


def _leftovers(out: str) -> list[dict[int, list[str]]]:
    """Each "Left in hand:" block of the output: seat -> its tiles, each written low half first."""
    blocks: list[dict[int, list[str]]] = []
    seat = -1
    for line in out.splitlines():
        if line.startswith("Left in hand:"):
            blocks.append({})
        elif blocks and (m := re.match(r"^  P(\d)(?: \(you\))? +(.*)$", line)):
            seat = int(m[1]) - 1
            blocks[-1][seat] = [] if m[2].strip() == "none" else m[2].split()
        elif blocks and seat in blocks[-1] and line.startswith("     ") and line.strip():
            blocks[-1][seat] += line.split()  # a long hand wraps under its tiles
        else:
            seat = -1
    return [{s: sorted(_low_first(t) for t in tiles) for s, tiles in b.items()} for b in blocks]


def _low_first(tile: str) -> str:
    return "-".join(sorted(tile.lstrip("★").split("-")))


@pytest.mark.parametrize(
    ("game", "extra"), [("wildfire", {"rounds": 2}), ("wildstar", {"hands": 2}), ("highrise", {"hands": 2})]
)
def test_the_end_of_each_round_shows_every_seats_leftover_tiles(game: str, extra: dict[str, int]) -> None:
    seats = ["greedy", "random", "random"]
    flags = [f"--{key}={value}" for key, value in extra.items()]
    result = gamenight("play", game, "--seats", ",".join(seats), "--seed", "3", *flags)
    assert result.exit_code == 0
    # The engine's account: every hand just before the step that ends the round, from its owner's view.
    match = Match(
        make_game(game, {"players": 3, **extra}), [make_bot(n, make_game(game, {"players": 3})) for n in seats], 3
    )
    expected = []
    while (hands := [list(match.state.view(s)["hand"]) for s in range(3)]) and (before := match.state.view(None)):
        if (event := match.step()) is None:
            break
        after = match.state.view(None)
        ended = (after.get("sheet"), after.get("hand_number"), after["phase"] == "over") != (
            before.get("sheet"),
            before.get("hand_number"),
            before["phase"] == "over",
        )
        if ended:
            if event.text not in ("draw", "pass"):  # the round ended on a play: it went out
                assert event.seat >= 0 and len(hands[event.seat]) == 1
                hands[event.seat] = []
            expected.append({s: sorted(_low_first(t) for t in hand) for s, hand in enumerate(hands)})
    assert len(expected) == 2 and _leftovers(result.output) == expected


@pytest.mark.parametrize(
    ("game", "flag", "what"),
    [("wildfire", "--rounds=2", "round"), ("wildstar", "--hands=2", "hand"), ("highrise", "--hands=2", "hand")],
)
def test_a_person_is_given_time_after_each_round_but_the_last(
    game: str, flag: str, what: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def next_round(self: HumanAgent, what: str = "round") -> None:
        self.console.print(f"<waiting for Enter, then the next {what}>")

    monkeypatch.setattr(HumanAgent, "next_round", next_round)
    result = gamenight("play", game, "--seats", "human,greedy", "--seed", "4", flag, input="1\n" * 400)
    assert result.exit_code == 0
    out = result.output
    waiting = f"<waiting for Enter, then the next {what}>"
    assert out.count("<waiting for Enter") == 1 and waiting in out
    first_end = re.search(r"^(Round|Hand) 1\b.*(went out|blocked)", out, re.MULTILINE)
    second_deal = re.search(r"^(Round|Hand) 2\b", out, re.MULTILINE)
    assert first_end and second_deal
    assert first_end.start() < out.index("Left in hand:") < out.index(waiting) < second_deal.start()


def test_at_a_keyboard_enter_goes_on_to_the_next_round_and_end_of_input_neither_hangs_nor_crashes() -> None:
    agent, _, _ = person_at(WILD_ONE_OPEN)
    asked: list[str] = []

    def keyboard(prompt: object = "", **_: object) -> str:
        asked.append(str(prompt))
        if len(asked) > 1:
            raise EOFError
        return ""

    agent.console.input = keyboard  # type: ignore[method-assign,assignment]
    agent.next_round()  # a script's moves are not taken for Enter
    assert asked == []
    agent.interactive = True
    agent.next_round()
    agent.next_round("hand")  # the input ended: the game goes on, and its next prompt stops it
    assert asked == ["Press Enter for the next round ", "Press Enter for the next hand "]
