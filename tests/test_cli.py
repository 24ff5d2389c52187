"""The `gamenight` command as a person or a script uses it: play, replay, games."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gamenight.bots.basic import make_bot
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.interfaces.cli import app
from gamenight.interfaces.terminal import HumanAgent, QuitGame, move_help
from gamenight.interfaces.wildfire_render import WildfireScreen

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
    while (event := match.step()) is not None:
        view = match.state.view(you)
        known |= {entry.split("@")[0] for entry in view["layout"]} | set(view["hand"] or ())
        known |= set(TILE.findall(event.public))  # what everyone is told (the tile a player goes out with)
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
    assert re.search(r"^ +1 +chance +\S+ +P2 is dealt ", replayed.output, re.MULTILINE)  # nothing is hidden now
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
    assert re.search(r"^ +4 +chance", result.output, re.MULTILINE)  # the steps before it were shown
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
        (["--seats", "greedy,greedy", "--rounds", "0"], "rounds must be at least 1"),
        (["--seats", "greedy,greedy", "--save", "/no/such/folder/x.json"], "does not exist"),
    ],
)
def test_bad_options_are_clear_errors(args: list[str], message: str) -> None:
    result = gamenight("play", "wildfire", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Score sheet" not in result.output


def test_games_lists_wildfire() -> None:
    result = gamenight("games")
    assert result.exit_code == 0
    assert re.search(r"wildfire +│ +Wildfire +│ +2–8", result.output)


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
    assert re.search(r"(wins with|share the win with) \d+ points", out)
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


def person_at(notation: str) -> tuple[HumanAgent, Match, io.StringIO]:
    game = make_game("wildfire", {"players": 2})
    state = game.state_from_notation(notation)
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    screen = WildfireScreen(["you", "greedy"], 0, verbose=True)
    match = Match(game, [make_bot("greedy", game), make_bot("greedy", game)], 1, state=state)
    agent = HumanAgent(console, 0, screen, move_help(lambda: match.state), screen.title)
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


def test_the_board_shows_the_tree_the_obligation_the_hand_and_the_counts() -> None:
    agent, match, out = person_at(WILD_ONE_OPEN)
    Answers(agent.console, ["1"])
    agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
    text = out.getvalue()
    assert "e0 9-9 in the hub ▸ open 9 ×3" in text
    assert "e1 9-5 › e2 5-W Wild One, hub 6 ▸ open 6" in text
    assert "The open Wild One at e2 comes first: the hub shows 6; 1 more play to complete it." in text
    assert "Your hand: 6-3  2-2  9-4" in text
    assert re.search(r"P2 +greedy +1 ", text)  # the other seat: its tile count, not its tile
    assert "7-0" not in text
    assert " 1  plays 6-3 on the open Wild One at e2  6-3@e2" in text


def test_end_of_input_at_the_prompt_quits() -> None:
    agent, match, _ = person_at(WILD_ONE_OPEN)
    Answers(agent.console, [])
    with pytest.raises(QuitGame, match="the input ended"):
        agent.choose(match.state.view(0), match.state.legal_moves(), random.Random(0))
