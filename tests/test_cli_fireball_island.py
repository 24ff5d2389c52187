"""`gamenight play fireball-island`: the island in the terminal, the story, a person's turns
and reactions, records and replay."""

from __future__ import annotations

import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gamenight.bots.registry import make_bot
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island import rules, story
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import FACES, CardType
from gamenight.games.fireball_island.moves import PLAY
from gamenight.interfaces.cli import app
from gamenight.interfaces.fireball_island_render import (
    MAP_ROWS,
    FireballHumanAgent,
    FireballIslandScreen,
    Situation,
    island_map,
    turn_facts,
)
from gamenight.interfaces.terminal import move_help

BOTS = "greedy,greedy,random,random"
TITLES = sorted({card.title for card in FACES}, key=len, reverse=True)

runner = CliRunner()


def gamenight(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    # 100 columns: the island is drawn with the trails' names at that width.
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "100"})
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def bots_match(seed: int, names: list[str], **options: object) -> Match:
    """The game the CLI should have played, played by the engine itself."""
    game = make_game("fireball-island", {"players": len(names), **options})
    match = Match(game, [make_bot(n, game) for n in names], seed)
    match.run()
    return match


def rendered(item: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False).print(item)
    return out.getvalue()


# -- unattended games ------------------------------------------------------------------------


def test_bots_play_to_the_engines_winner_and_print_the_island_and_the_seats() -> None:
    result = gamenight("play", "fireball-island", "--seats", BOTS, "--seed", "11")
    assert result.exit_code == 0
    out = result.output
    view = bots_match(11, BOTS.split(",")).state.view(None)
    assert "Fireball Island: 4 players, probabilistic Fireballs, stops undecided after 1000 turns; seed 11" in out
    assert "Seats: P1 Greedy bot, P2 Greedy bot, P3 Random bot, P4 Random bot" in out
    assert re.search(r"^Blister Run +BR +", out, re.MULTILINE)  # the island, trail by trail
    assert re.search(r"^ +seat +player +where +cards +token +Fireballs +hit$", out, re.MULTILINE)
    if view["winner"] is not None:
        winner = f"P{view['winner'] + 1}"
        assert f"{winner} reaches the Dock with the jewel and wins after {view['turns']} turns!" in out
        assert re.search(rf"^ +{winner} ◆ ", out, re.MULTILINE)  # the seats table marks the jewel's holder
    else:
        assert "nobody wins" in out
    # Without --watch only the turns of the jewel are told, each with its turn.
    assert re.search(r"^Turn \d+: P\d captures the jewel at Vul-Kar Point!$", out, re.MULTILINE)
    assert "rolls" not in out.split("Seats:")[1].split("Dead Man's Plateau")[0]


def test_the_same_seed_gives_the_same_game() -> None:
    args = ("play", "fireball-island", "--seats", "random,random", "--seed", "4", "--turn-limit", "60")
    assert gamenight(*args).output == gamenight(*args).output


def test_a_turn_limit_stops_the_game_undecided_and_its_record_says_so(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = gamenight(
        "play", "fireball-island", "--seats", "random,random,random", "--seed", "2", "--turn-limit", "9",
        "--save", str(path),
    )  # fmt: skip
    assert result.exit_code == 0
    assert "stops undecided after 9 turns" in result.output
    assert "The game stops at the turn limit after 9 turns: nobody wins." in result.output
    replayed = gamenight("replay", "--quiet", str(path))
    assert replayed.exit_code == 0
    assert "result P1 0 · P2 0 · P3 0; nobody wins" in replayed.output


def test_watch_tells_rolls_walks_cards_and_fireballs_but_no_card_drawn_by_anyone() -> None:
    result = gamenight(
        "play", "fireball-island", "--seats", BOTS, "--seed", "11", "--watch", "--fireball-mode", "deterministic"
    )
    assert result.exit_code == 0
    out = result.output
    assert "4 players, deterministic Fireballs" in out
    assert re.search(r"^Who goes first: P1 \d, P2 \d, .*\. P\d goes first\.$", out, re.MULTILINE)
    assert re.search(r"^── Turn 1: P\d's turn ──$", out, re.MULTILINE)
    assert re.search(r"^P\d rolls \d$", out, re.MULTILINE)
    assert re.search(r"^P\d walks to \w+ \(", out, re.MULTILINE)
    assert re.search(r"^P\d plays [A-Z]", out, re.MULTILINE)
    assert re.search(r"^\S.* rolls down \S+ and hits P\d on \w+ \(into (smolder pit [A-F]|the water)\)", out, re.M)
    # A spectator never learns a card drawn or taken.
    assert re.search(r"^P\d draws (a card|\d cards)$", out, re.MULTILINE)
    assert not re.search(r"draws (?!a card|\d cards)", out)
    assert not re.search(r"takes a card at random from P\d:", out)


@pytest.mark.parametrize(("seed", "you"), [(s, y) for s in range(4) for y in (None, 0, 2)])
def test_the_story_names_no_card_its_reader_may_not_know(seed: int, you: int | None) -> None:
    game = make_game("fireball-island", {"players": 3, "turn_limit": 120})
    match = Match(game, [make_bot("random", game) for _ in range(3)], seed)
    screen = FireballIslandScreen(["random"] * 3, you, verbose=True, options=game.options)
    screen.start(match.state.view(you))
    told = 0
    while (event := match.step()) is not None:
        screen.on_event(event)
        for item in screen.take_news():
            line = rendered(item, 200).strip()
            told += 1
            draws = re.match(r"P(\d)( \(you\))? draws (.*)$", line)
            if draws and int(draws[1]) - 1 != you:
                assert re.fullmatch(r"a card|\d cards", draws[3]), line
            takes = re.match(r"P(\d)( \(you\))? takes a card at random from P(\d)( \(you\))?(.*)$", line)
            if takes and you not in (int(takes[1]) - 1, int(takes[3]) - 1):
                assert takes[5] == "", line
    assert told > 100


# How often the engine drops a Fireball, counted by intercepting its calls to rules.targets:
# in pure Python, since a call between compiled modules (`make fast`) cannot be intercepted.
_COUNT_DROPS = """
import sys
from pathlib import Path
from gamenight.bots.registry import make_bot
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island import rules

dropped = 0
targets = rules.targets

def counting(roller, positions):
    global dropped
    found = targets(roller, positions)
    # The engine's calls only: the story asks too, to describe a FIREBALL card's targets.
    if Path(sys._getframe(1).f_code.co_filename).name != "story.py":
        dropped += not found
    return found

rules.targets = counting
for seed in range(4):
    game = make_game("fireball-island", {"players": 4, "turn_limit": 150})
    Match(game, [make_bot("random", game) for _ in range(4)], seed).run()
assert not rules.__file__.endswith(".so")  # the pure-Python copy
print(dropped)
"""


def _drops_in_pure_python(scratch: Path) -> int:
    """The Fireballs the engine drops in the four seeded games below, played again in a
    subprocess on a copy of the package's sources alone."""
    package = Path(rules.__file__).resolve().parents[2]
    shutil.copytree(package, scratch / "gamenight", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(scratch)}
    done = subprocess.run([sys.executable, "-c", _COUNT_DROPS], env=env, capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_every_fireball_that_cannot_roll_is_told(tmp_path: Path) -> None:
    # The engine drops a Fireball nobody stands in the way of without a step of its own
    # (D-FI-2): the screen says so, exactly as often as it happens (the same seeded games).
    said = 0
    for seed in range(4):
        game = make_game("fireball-island", {"players": 4, "turn_limit": 150})
        match = Match(game, [make_bot("random", game) for _ in range(4)], seed)
        screen = FireballIslandScreen(["random"] * 4, None, verbose=True, options=game.options)
        screen.start(match.state.view(None))
        while (event := match.step()) is not None:
            screen.on_event(event)
            said += sum("no Fireball rolls" in rendered(item) for item in screen.take_news())
    assert said == _drops_in_pure_python(tmp_path) > 0


# -- records and replay ----------------------------------------------------------------------


def test_a_saved_game_replays_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = gamenight("play", "fireball-island", "--seats", "greedy,random", "--seed", "3", "--save", str(path))
    assert result.exit_code == 0
    steps = len(json.loads(path.read_text())["steps"])
    assert f"Record saved to {path} ({steps} steps)" in result.output.replace("\n", "")
    replayed = gamenight("replay", str(path))
    assert replayed.exit_code == 0
    assert re.search(r"^P1 draws [A-Z]", replayed.output, re.MULTILINE)  # nothing is hidden now
    assert re.search(r"^P\d walks to VKP \(VKP\), captures the jewel", replayed.output, re.MULTILINE)
    assert f"verified: {steps} steps, result " in replayed.output


# -- bad options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "Fireball Island is for 2 to 4 players, not 5"),
        (["--seats", "human,greedy,greedy,greedy,greedy"], "Fireball Island is for 2 to 4 players, not 5"),
        (["--seats", "human,human"], "only one human seat"),
        (["--seats", "greedy,robot"], "unknown seat 'robot'"),
        (["--seats", "greedy,greedy", "--fireball-mode", "sometimes"], "--fireball-mode 'sometimes' is not one of"),
        (["--seats", "greedy,greedy", "--turn-limit", "-3"], "turn_limit must be 1 to 1000 turns (every game ends)"),
        (["--seats", "greedy,greedy", "--turn-limit", "0"], "turn_limit must be 1 to 1000 turns (every game ends)"),
        (["--seats", "greedy,greedy", "--save", "/no/such/folder/x.json"], "does not exist"),
    ],
)
def test_bad_options_are_clear_errors(args: list[str], message: str) -> None:
    result = gamenight("play", "fireball-island", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Dead Man's Plateau" not in result.output


# -- a person at the terminal ----------------------------------------------------------------


def test_a_person_plays_through_mistakes_with_numbers_and_notation(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    answers = "garbage\n99\nTA3\nmap\nf\ncards\n?\nroll\n" + "1\n" * 400
    result = gamenight(
        "play", "fireball-island", "--seats", "human,greedy", "--seed", "8", "--turn-limit", "40",
        "--save", str(path), input=answers,
    )  # fmt: skip
    assert result.exit_code == 0
    out = result.output
    assert "You are P1;" in out
    assert "garbage: 'garbage' is not a Fireball Island move" in out
    assert "There is no move 99: choose 1 to" in out
    assert "TA3: no walk is due now" in out
    assert "The Fireballs and their rollways" in out and "in its path: chance to be hit" in out  # f
    assert "The cards" in out and "MOVE_BACK_n" in out  # cards
    assert "Commands: b or board" in out and "V-chute          aim a Fireball" in out  # ?
    assert "Your turn: play a card before you roll, or roll the die." in out
    assert "Where to:" in out and "P1 (you) rolls " in out and "P1 (you) walks to " in out
    assert re.search(r"^ 1  \w+ +\S", out, re.MULTILINE)  # a numbered walk
    assert "Seed 8: play the same deal again with --seed 8." in out
    assert re.search(r"(wins after \d+ turns!|nobody wins)", out)
    # The other seat's cards never reach the person's screen.
    assert not re.search(r"P2 draws (?!a card|\d cards)", out)
    replayed = gamenight("replay", "--quiet", str(path))
    assert replayed.exit_code == 0 and "verified:" in replayed.output


def test_end_of_input_stops_the_game_and_quit_too() -> None:
    ended = gamenight("play", "fireball-island", "--seats", "human,greedy", "--seed", "8", input="")
    assert ended.exit_code == 0
    assert "Stopped: the input ended; the game is abandoned after" in ended.output
    quit = gamenight("play", "fireball-island", "--seats", "human,greedy", "--seed", "8", input="quit\n")
    assert "Stopped: you quit" in quit.output


class Person:
    """A person at seat 1 of a position, their answers read one by one from a list."""

    def __init__(self, notation: str, answers: list[str], players: int = 2, **options: object) -> None:
        game = make_game("fireball-island", {"players": players, **options})
        self.match = Match(
            game, [make_bot("greedy", game) for _ in range(players)], 1, state=game.state_from_notation(notation)
        )
        self.out = io.StringIO()
        console = Console(file=self.out, width=100, highlight=False)
        self.screen = FireballIslandScreen(["you"] + ["greedy"] * (players - 1), 0, verbose=True, options=game.options)
        self.agent = FireballHumanAgent(console, 0, self.screen, move_help(lambda: self.match.table), self.screen.title)
        self.answers = iter(answers)
        console.input = self.input  # type: ignore[method-assign,assignment]

    def input(self, prompt: str = "", **_: object) -> str:
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    def choose(self) -> str:
        state = self.match.state
        move = self.agent.choose(state.view(0), state.legal_moves(), random.Random(0))
        return state.move_notation(move)

    @property
    def text(self) -> str:
        return self.out.getvalue()


TALISMAN = (
    "turn=2 turns=5 roll=1 rolling=move aim=V-chute | pieces FC3 HR2 | jewel VKP | hands MAGIC_TALISMAN FIREBALL / - "
    "| tasks end window:end:0 pushes hits:2:die window:talisman:1"
)


def test_a_fireball_rolling_at_you_asks_for_the_talisman_with_the_chance_it_hits() -> None:
    person = Person(TALISMAN, ["3", "MAGIC_TALISMAN"])
    assert person.choose() == "MAGIC_TALISMAN"
    text = person.text
    assert "Turn 5 · P2's turn · a Fireball is about to roll" in text
    chance = dict(rules.hit_chances("V-chute", ["FC3", "HR2"]))
    you = sum(p for mask, p in chance.items() if mask & 1)
    assert (
        f"P2 is about to roll Vul-Kar down V-chute at you, P2 ({round(you * 100)}% to hit you): play MAGIC TALISMAN?"
        in text
    )
    assert " 1  let the Fireball roll  pass" in text
    assert " 2  MAGIC TALISMAN STOPS A FIREBALL!: stop the Fireball  MAGIC_TALISMAN" in text
    assert "There is no move 3: choose 1 to 2" in text
    assert "Vul-Kar is aimed down V-chute" in text


def test_each_prompt_shows_a_compact_board_and_b_the_whole_island() -> None:
    person = Person(TALISMAN, ["1", "b", "1"])
    assert person.choose() == "pass"
    first = person.text
    assert "Blister Run" not in first  # no island at the prompt: a few lines instead
    assert "Rolled a 1: a Fireball instead of a move · Vul-Kar is aimed down V-chute" in first
    assert re.search(r"^   P1 \(you\) +FC3 Fireflash Chute 3 +2 cards · in the path of V-chute$", first, re.M)
    assert re.search(r"^▶  P2 +HR2 High Road 2 +0 cards · in the path of V-chute$", first, re.M)
    assert "Your cards: FIREBALL! · MAGIC TALISMAN STOPS A FIREBALL!" in first
    assert "b: the island · f: the Fireballs" in first
    assert person.choose() == "pass"  # the same table, asked again: b draws all of it
    again = person.text[len(first) :]
    assert again.count("Blister Run") == 1
    assert re.search(r"^ +seat +player +where +cards +token +Fireballs$", again, re.MULTILINE)


def test_the_news_since_your_last_decision_stays_on_a_40_line_screen_at_60_columns() -> None:
    # At every prompt, what is printed after the news (the heading, the board, the question,
    # the moves) leaves most of a 40-line screen to the news above it.
    result = runner.invoke(
        app,
        ["play", "fireball-island", "--seats", "human,greedy", "--seed", "3", "--turn-limit", "30"],
        input="1\n" * 300,
        env={"COLUMNS": "60"},
    )
    assert result.exit_code == 0, result.output
    prompts = result.output.split("Your move (number, notation, ? for help)")[:-1]
    assert len(prompts) > 5
    for before in prompts:
        lines = before.splitlines()
        heading = max(i for i, line in enumerate(lines) if line.startswith("────") and " Turn " in line)
        assert len(lines) - heading <= 16, "\n".join(lines[heading:])
    assert max(len(line) for line in result.output.splitlines()) <= 60


def test_a_steal_asks_for_the_fake_jewel_and_a_card_just_played_for_a_cancel() -> None:
    steal = Person(
        "turn=2 turns=5 roll=3 rolling=move | pieces TA5 TA5 | jewel P1 | hands FAKE_JEWEL / - "
        "| tasks end window:end:0 pushes walk:2:TA6>TA7:go snatch:1:2 steal:1:2",
        ["2"],
    )
    assert steal.choose() == "FAKE_JEWEL"
    assert "P2 is passing you to steal the jewel: play FAKE JEWEL?" in steal.text
    assert " 1  let P2 take the jewel  pass" in steal.text
    cancel = Person(
        "turn=1 turns=5 | pieces TA5 TA3 | jewel VKP | hands CANCEL / - | discard MOVE_BACK_2 "
        "| tasks end window:end:0 pushes act window:pre:0 chain:MOVE_BACK_2:2:-:0:2:0",
        ["1"],
    )
    assert cancel.choose() == "pass"
    assert "P2 played MOVE ANY OPPONENT BACK 2 SPACES on you: CANCEL it?" in cancel.text
    assert (
        " 2  CANCEL ANY CARD EXCEPT FIREBALL CARD!: cancel P2's MOVE ANY OPPONENT BACK 2 SPACES  CANCEL" in cancel.text
    )
    again = Person(
        "turn=3 turns=5 | pieces TA5 TA3 TA8 | jewel VKP | hands CANCEL / - / - | discard MOVE_BACK_2 CANCEL "
        "| tasks end window:end:0 pushes act window:pre:0 chain:MOVE_BACK_2:2:-:1:3:0",
        ["CANCEL"],
        players=3,
    )
    assert again.choose() == "CANCEL"
    assert "P3 played CANCEL: P2's MOVE ANY OPPONENT BACK 2 SPACES on P3 is canceled. CANCEL again?" in again.text
    assert "cancel P3's CANCEL: P2's MOVE ANY OPPONENT BACK 2 SPACES stands CANCEL" in " ".join(again.text.split())


def test_walks_are_numbered_destinations_saying_what_happens_on_the_way() -> None:
    person = Person(
        "turn=1 turns=5 roll=3 rolling=move | pieces TA8 TA9 | jewel P2 | hands - / FIREBALL "
        "| tasks end window:end:0 pushes path:1:3:1",
        ["CAVE2"],
    )
    assert person.choose() == "CAVE2"
    text = person.text
    assert "You rolled 3: choose your walk from TA8 Thunder Alley 8." in text
    assert re.search(r"^ \d  TA5   Thunder Alley 5 · in the path of B-1$", text, re.MULTILINE)
    assert re.search(
        r"^ \d  TA11  Thunder Alley 11 · passes P2 to steal the jewel · dark: draws a card · in the path of B-1$",
        text,
        re.MULTILINE,
    )
    assert re.search(r"^ \d  CAVE2 cave 2 · passes P2 to steal the jewel · enters cave 2", text, re.MULTILINE)
    token = Person(
        "turn=1 turns=5 roll=4 rolling=move | pieces WT16 WT18 | jewel WT5 | hands - / FIREBALL "
        "| tasks end window:end:0 pushes path:1:4:1",
        ["2"],
    )
    assert token.choose() == "TA1"
    assert re.search(r"^ 2  TA1   Thunder Alley 1 · collects a Magic Charm token", token.text, re.MULTILINE)
    assert re.search(r"^ 1  WT12  Witchlord Trail 12 · in the path of B-2$", token.text, re.MULTILINE)


def test_when_pass_is_all_a_person_may_do_they_are_not_asked() -> None:
    # P1 holds a card (so the window asks them) but none that answers a Fireball.
    person = Person(TALISMAN.replace("MAGIC_TALISMAN FIREBALL", "REROLL"), [])
    assert person.choose() == "pass"
    assert person.text == ""


def test_a_fireball_that_could_roll_only_at_you_is_no_reason_to_ask() -> None:
    # P1 (you) on TA3 is on rollway B-1; P2 on the start is on none: the FIREBALL card would
    # roll at P1 alone, so the window passes for them, as when they hold nothing that answers.
    alone = (
        "turn=2 turns=5 | pieces TA3 DMP | jewel VKP | hands FIREBALL / - "
        "| tasks end window:end:1 pushes act window:pre:1"
    )
    person = Person(alone, [])
    assert person.choose() == "pass"
    assert person.text == ""
    nobody = Person(alone.replace("TA3 DMP", "DMP DMP"), [])  # nobody on a rollway: it would not roll
    assert nobody.choose() == "pass"
    assert nobody.text == ""
    both = Person(alone.replace("TA3 DMP", "TA3 TA5"), ["FIREBALL"])  # P2 on B-1 too: asked
    assert both.choose() == "FIREBALL"
    assert "FIREBALL!: roll a Fireball now at P2 (you stand in a path too)  FIREBALL" in both.text


def test_the_only_walk_is_played_for_you_and_said() -> None:
    person = Person(
        "turn=1 turns=5 roll=6 rolling=move | pieces DMP TA3 | jewel VKP | hands - / FIREBALL "
        "| tasks end window:end:0 pushes path:1:6:1",
        [],
    )
    assert person.choose() == "WT6"
    assert person.text == "One walk only: you walk to WT6 Witchlord Trail 6.\n"


def test_the_only_rollway_is_aimed_for_you_and_its_spaces_are_all_named() -> None:
    person = Person(
        "turn=1 turns=5 roll=1 rolling=move | pieces DMP FC3 | jewel VKP | hands - / - "
        "| tasks end window:end:0 pushes fireball:1:die",
        [],
    )
    state = person.match.state
    assert person.choose() == "V-chute"
    assert person.text == "One rollway only: you aim the Fireball down V-chute.\n"
    # The chute passes FC1 and the junction FJ on its way to the High Road: said, not hidden.
    (aim,) = state.legal_moves()
    assert story.describe(state, aim) == "rolls Vul-Kar down V-chute (FC8…FC1 FJ HR1…HR6) at P2 (69% to hit)"


def test_an_error_wraps_at_words_on_a_narrow_screen() -> None:
    result = runner.invoke(
        app,
        ["play", "fireball-island", "--seats", "human,greedy", "--seed", "8"],
        input="garbage\nquit\n",
        env={"COLUMNS": "60"},
    )
    said = result.output.split("Your move (number, notation, ? for help): garbage\n")[1].split("Your move")[0]
    lines = said.splitlines()
    assert len(lines) > 1 and all(len(line) <= 60 for line in lines)
    assert " ".join(said.split()).startswith("garbage: 'garbage' is not a Fireball Island move: write pass, roll,")
    words = set(" ".join(said.split()).split())
    assert all(word in words for line in lines for word in line.split())  # no word cut in two


def test_the_island_and_the_table_fit_60_columns() -> None:
    game = make_game("fireball-island", {"players": 4})
    state = game.state_from_notation(
        "turn=1 turns=30 | pieces BR22 PIT_D! TA3 CAVE3 | jewel P1 | tokens 1 0 2 0 | hands - / - / - / - "
        "| discard MOVE_BACK_2 | tasks end window:end:0 pushes roll:move"
    )
    screen = FireballIslandScreen(["you", "greedy", "greedy", "greedy"], 0, verbose=True, options=game.options)
    view = state.view(0)
    screen.board(view)  # the compact board; asked again, the whole island and table
    narrow = rendered(screen.board(view), 60)
    assert max(len(line) for line in narrow.splitlines()) <= 60
    assert re.search(r"^BR   · · · .* · 1◆ ▸ VKP$", narrow, re.MULTILINE)  # two-wide cells: P1 holds the jewel on BR22
    assert re.search(r"^TA +· ▪ P3· ", narrow, re.MULTILINE)
    assert "1◆ P1 holds the jewel" in narrow
    assert "  D (HR6) P2 lying" in narrow  # a line wraps between places, never inside one
    assert "discard pile (face up): MOVE ANY OPPONENT BACK 2 SPACES" in " ".join(narrow.split())
    assert re.search(r"^▶  P1 \(you\) ◆  BR22 Blister Run 22", narrow, re.MULTILINE)  # the seats, one line each


def test_the_map_draws_every_space_once_and_fits_100_columns() -> None:
    drawn = [s for row in MAP_ROWS for s in row.spaces] + [r.leads_to for r in MAP_ROWS if r.home]
    drawn += [rules.START, rules.VUL_KAR]
    trails = [s.id for s in BOARD.spaces.values() if s.is_trail]
    assert sorted(drawn) == sorted(trails)  # type: ignore[type-var]
    game = make_game("fireball-island", {"players": 4})
    state = game.state_from_notation(
        "turn=1 turns=30 | pieces BR22 PIT_D! DOCK CAVE3 | jewel P1 | tokens 1 0 2 0 | hands - / - / - / - "
        "| tasks end window:end:0 pushes roll:move"
    )
    wide = rendered(island_map(state.view(0), 0))
    assert max(len(line) for line in wide.splitlines()) <= 100
    assert re.search(r"^Blister Run +BR .* P1◆ ▸ VKP$", wide, re.MULTILINE)
    assert re.search(r"^Dock Run +DR .*▸ DOCK P3$", wide, re.MULTILINE)
    assert "A (WT5) ·   B (TA6) ·   C (SB3) ·   D (HR6) P2 lying" in wide
    assert "3 (SB5) P4" in wide
    assert "V-blister BR22…BR1 SHB P1" in wide  # each rollway's spaces, run by run, and the pieces on them
    assert "V-chute FC8…FC1 FJ HR1…HR6 ·" in wide  # FJ, where the chute crosses
    for junction in ("DMP Dead Man's Plateau", "SHB Skeleton Head Beach", "FJ Fireflash Chute", "GF Gully"):
        assert junction in wide  # every code the map writes is in its legend
    narrow = rendered(island_map(state.view(0), 0), 80)
    assert re.search(r"^BR +·", narrow, re.MULTILINE)  # on 80 columns the trails' names are left out
    assert max(len(line) for line in narrow.splitlines()[:16]) <= 80


def _positions(seeds: range):  # type: ignore[no-untyped-def]
    """Every decision of random games: (view of the seat to act, the seat, its legal moves)."""
    from gamenight.engine.table import Table

    game = make_game("fireball-island", {"players": 4, "turn_limit": 40})
    for seed in seeds:
        table = Table(game, ["a", "b", "c", "d"], seed=seed)
        rng = random.Random(seed)
        while (seat := table.to_act()) is not None:
            yield table.view(seat), seat, table.legal_moves(), table.state
            table.submit(seat, rng.choice(list(table.legal_moves())))


def test_once_the_turn_is_over_its_roll_is_not_told_as_still_to_move() -> None:
    seen = 0
    for view, seat, _, _ in _positions(range(6)):
        if (view["decision"] or {}).get("window") == "end" and view["roll"] > 1 and view["turn"] == seat:
            rolled = turn_facts(view, seat)[0].plain
            assert rolled.startswith(f"rolled {view['roll']}") and "to move" not in rolled
            seen += 1
    assert seen >= 3


def test_a_move_back_after_a_roll_of_1_comes_after_the_fireball_not_a_move() -> None:
    seen = 0
    for view, seat, legal, state in _positions(range(40)):
        if view["roll"] != 1 or view["was_doubled"] or view["rolling"] == "cave" or seat == view["turn"]:
            continue
        for move in legal:
            if move.kind == PLAY and move.card is not None and move.card.type is CardType.MOVE_BACK:
                line = Situation(view, seat).line(move, state.move_notation(move)).plain
                assert "after the Fireball" in line and "after the move" not in line
                seen += 1
    assert seen >= 1


def test_bots_pass_in_card_windows_at_once_and_pause_only_before_moves_that_change_the_board() -> None:
    """Issue 27 item 8: at the terminal, a bot's pace is for a roll, a walk, a card played and an
    aim; a pass in a card window is made at once."""
    from gamenight.interfaces.terminal import PacedBot

    game = make_game("fireball-island", {"players": 3, "turn_limit": 30})
    pauses: list[float] = []
    kinds: list[tuple[str, bool]] = []

    def quiet(view, move) -> bool:
        said = story.quiet(view, move)
        kinds.append((move.kind, said))
        return said

    console = Console(file=io.StringIO())
    bots = [PacedBot(make_bot("greedy", game), seat, console, 0.5, pauses.append, quiet) for seat in range(3)]
    Match(game, bots, 8).run()
    passes = [said for kind, said in kinds if kind == "pass"]
    assert passes.count(True) > 10  # the windows' passes, none paused for
    assert passes.count(False) > 0  # a player's own pass before its roll rolls the die: paused for
    assert all(not said for kind, said in kinds if kind != "pass")
    assert pauses == [0.5] * sum(not said for _, said in kinds)
