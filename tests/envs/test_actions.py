"""The action tables: fixed sizes, one distinct id per legal move, ids that read back."""

from __future__ import annotations

import random

import pytest

from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.envs.actions import action_table
from gamenight.envs.observations import random_states
from gamenight.games.wildfire.layout import CENTRE_ARMS, LINES, placement
from gamenight.games.wildstar.state import WildstarState
from tests.envs.conftest import CASES, case_id
from tests.wildfire.conftest import play
from tests.wildfire.conftest import position as wildfire_position
from tests.wildstar.conftest import position

SIZES = [
    ("wildfire", {}, 2740),  # the basic game: draw, pass, 74 ways (65 tiles, 9 Wild Ones twice) x 37 lines
    ("wildfire", {"strategic": True}, 2749),  # and the 9 hub numbers
    ("wildfire", {"knock_penalty": True}, 5478),  # and each play with its knock
    ("wildfire", {"knock_penalty": True, "auto_knock": True}, 2740),  # knocks made for the players
    ("wildfire", {"strategic": True, "knock_penalty": True}, 5487),
    ("wildstar", {}, 668),  # draw, pass, 111 orientations x (the centre and 5 arms)
    ("wildstar", {"doubles_branch": True}, 6329),  # arms branch: ends by id, e0..e56
    ("highrise", {}, 1538),  # draw, pass, 64 orientations x 24 edges (a spacer as the heights need)
    ("highrise", {"basement_layout": "2x8"}, 1410),
    ("fireball-island", {}, 1302),
]


@pytest.mark.parametrize(("game", "options", "size"), SIZES)
def test_sizes_are_the_documented_ones(game, options, size):
    assert action_table(make_game(game, options)).size == size


def test_a_wildfire_table_has_ids_for_what_its_variants_offer_and_no_more():
    """The basic game offers no hub to name and no knock to make: its table has no ids for
    them, and a move's id is the same whether or not the strategic variant adds the hubs'."""
    basic = action_table(make_game("wildfire", {"players": 2, "rounds": 1}))
    knocking = action_table(make_game("wildfire", {"players": 2, "rounds": 1, "knock_penalty": True}))
    names = {basic.describe(i) for i in range(basic.size)}
    assert not any(name.startswith("hub") or name.endswith("knock") for name in names)
    assert len(names) == basic.size
    knocks = [knocking.describe(i) for i in range(knocking.size) if knocking.describe(i).endswith("knock")]
    assert len(knocks) == knocking.size - basic.size


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_move_has_one_id_that_reads_back(case):
    name, options = case
    game = make_game(name, options)
    table = action_table(game)
    rng = random.Random(7)
    decisions = 0
    for state in random_states(game, 3, rng):
        assert state.to_act() not in (None, CHANCE)
        legal = list(state.legal_moves())
        ids = table.ids(legal, state)
        assert len(set(ids)) == len(ids) == len(legal)
        if name == "highrise":  # (a walk's id depends on the other walks, an end's on its arm or line)
            assert ids == [table.id_of(move) for move in legal]  # the batch's arithmetic, one by one
        assert all(0 <= i < table.size for i in ids)
        mask = table.mask(legal, state)
        assert mask.sum() == len(legal)
        for move, i in zip(legal, ids, strict=True):
            text = table.describe(i)
            if name == "fireball-island":
                # a walk is told by the space it ends on; every other decision by its notation
                assert text.split(" ")[0] in state.move_notation(move).split(">")[-1] + state.move_notation(move)
            elif name == "wildstar" and "@" in text and not text.endswith("@e0"):
                # a play on an arm's tip: the tile as the notation writes it, on the end's arm
                notation = state.move_notation(move)
                tile, end = notation.split("@e")
                assert text == f"{tile}@arm{state.layout.arm[int(end)]}"
            elif name == "wildfire" and "@" in text:
                # a play on the line of its end; a tile laid the way the end needs is written
                # as the set prints it
                tile, rest = state.move_notation(move).split("@e")
                end, _, knock = rest.partition(" ")
                assert text.split("@")[0] in (tile, "-".join(reversed(tile.split("-"))))
                assert text.split("@")[1] == " ".join(filter(None, [f"line{state.layout.line[int(end)]}", knock]))
            elif name == "highrise":
                # a play by its domino and cells: the spacer, where the heights need one, is not named
                assert text == state.move_notation(move).replace("^", "")
            else:
                assert text == state.move_notation(move)
        decisions += 1
    assert decisions > 20


@pytest.mark.parametrize("options", [{}, {"doubles_branch": True}], ids=["by arm", "by end id"])
def test_ids_do_not_depend_on_how_many_tiles_were_laid(options):
    """The same play on the same end keeps its id as the layout grows: in the basic game an
    end is named by its arm (the arm's tip moves out as it grows), with branching doubles by
    its id."""
    game = make_game("wildstar", {"players": 2, "hands": 1, **options})
    table = action_table(game)
    seen: dict[str, int] = {}
    for state in random_states(game, 4, random.Random(3)):
        for move, i in zip(state.legal_moves(), table.ids(list(state.legal_moves()), state), strict=True):
            text = state.move_notation(move)
            if options == {} and "@e" in text and not text.endswith("@e0"):
                tile, end = text.split("@e")
                text = f"{tile}@arm{state.layout.arm[int(end)]}"
            assert seen.setdefault(text, i) == i
    assert len(seen) > 30


def test_a_wildstar_play_on_an_arm_names_the_arm_not_the_tile_at_its_tip():
    """D-WS-2: the first five plays open the five arms around the centre, and every later
    tile goes on an arm's tip. Arm 3 is the third play on the centre (9-8, e3); once 8-1 is
    laid on it, its tip is e6. A single star declared to show 6 is the same action on arm 3
    before (on e3) and after (on e6), and another action on arm 1."""
    arms = "layout 9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"
    before = position(f"shuffler=1 turn=1 | {arms} | hands S 2-2 / 5-5 | pile *")
    after = position(f"shuffler=1 turn=1 | {arms} 8-1@e3 | hands S 2-2 / 5-5 | pile *")
    table = action_table(before.game)

    def ids(state: WildstarState) -> dict[str, int]:
        legal = state.legal_moves()
        return {state.move_notation(m): i for m, i in zip(legal, table.ids(legal, state), strict=True)}

    on_e3, on_e6 = ids(before)["S-6@e3"], ids(after)["S-6@e6"]
    assert on_e3 == on_e6
    assert table.describe(on_e6) == "S-6@arm3"
    assert ids(after)["S-6@e1"] != on_e6
    assert table.describe(ids(after)["S-6@e1"]) == "S-6@arm1"
    centre = position("shuffler=1 turn=1 | layout 9-9 9-4@e0 | hands 9-3 / 5-5 | pile *")
    assert table.describe(ids(centre)["9-3@e0"]) == "9-3@e0"  # the centre stage: every play on e0


def test_a_highrise_play_is_named_by_its_domino_and_cells_and_the_heights_decide_the_spacer():
    """Decision 8 of docs/rules/highrise.md: whether a play lays a clear spacer is part of the
    move, but the heights decide it. So the id names the domino and its two cells, and stands
    for the spacer play where a cell is one level lower (3-6 on b1,b2 below, b2 a level
    lower) and for the plain play where they are level (6-3 on b2,b3 in the basement)."""
    from tests.highrise.conftest import position as highrise_position

    state = highrise_position("| basement 5-0 W-6 W-2 4-1 0-0 3-2 6-4 6-6 | level1 3-1@b1,c1 | hands 6-3 2-2 / 4-4")
    table = action_table(make_game("highrise", {"players": 2}))
    legal = list(state.legal_moves())
    ids = dict(zip((state.move_notation(m) for m in legal), table.ids(legal, state), strict=True))
    assert sorted(ids) == ["3-6@b1,b2^", "3-6@b3,c3", "6-3@b2,b3"]
    assert table.describe(ids["3-6@b1,b2^"]) == "3-6@b1,b2"
    assert table.describe(ids["6-3@b2,b3"]) == "6-3@b2,b3"
    # the spacer play and the same domino on the same cells without it share the id: never
    # both legal, so one id is one move in every position
    spacer_play = state.parse_move("3-6@b1,b2^")
    assert table.id_of(spacer_play) == table.id_of(spacer_play._replace(spacer=-1))


def wildfire_ids(state) -> dict[str, int]:
    table = action_table(state.game)
    legal = state.legal_moves()
    return {state.move_notation(m): i for m, i in zip(legal, table.ids(legal, state), strict=True)}


def test_a_wildfire_tile_is_one_id_on_an_end_and_a_wild_one_two():
    """A plain tile fits an end by the half that matches it, so its id names the tile and the
    end's line; a Wild One fits any end wild half in (`W-5`), or wild half out when its number
    matches (`5-W`): two moves on one end, two ids. e1, the first play on the centre, starts
    line 1."""
    state = wildfire_position("dealer=1 turn=1 | layout 9-9 9-5@e0 9-8@e0 | hands 6-5 W-5 / 2-2 / 3-3 | pile *")
    table = action_table(state.game)
    ids = wildfire_ids(state)
    assert table.describe(ids["5-6@e1"]) == "6-5@line1"  # as the set prints it
    assert ids["W-5@e1"] != ids["5-W@e1"]
    assert (table.describe(ids["W-5@e1"]), table.describe(ids["5-W@e1"])) == ("W-5@line1", "5-W@line1")
    assert table.describe(ids["W-5@e2"]) == "W-5@line2"
    with pytest.raises(ValueError, match="line"):
        table.ids(state.legal_moves())


def test_a_wildfire_play_keeps_its_id_as_the_line_grows():
    """Layout: e0 the centre 9-9; 9-5 (e1) and 9-8 (e2), the first two plays on it, start lines
    1 and 2, the centre keeping places. 5-3 on e1, its only place, goes on with line 1: a
    Wild One wild half in is the same action on line 1 before (on e1) and after (on e3)."""
    lines = "dealer=1 turn=1 | layout 9-9 9-5@e0 9-8@e0"
    before = wildfire_position(f"{lines} | hands W-2 6-0 / 2-2 / 3-3 | pile *")
    after = wildfire_position(f"{lines} 5-3@e1 | hands W-2 6-0 / 2-2 / 3-3 | pile *")
    assert after.layout.line == [0, 1, 2, 1]
    assert wildfire_ids(before)["W-2@e1"] == wildfire_ids(after)["W-2@e3"]
    assert wildfire_ids(after)["W-2@e2"] != wildfire_ids(after)["W-2@e3"]
    assert wildfire_ids(after)["W-2@e0"] == wildfire_ids(before)["W-2@e0"]  # the centre: line 0


def test_a_burnt_out_obligations_line_is_the_next_to_start():
    """The Wild One 5-W on e1 (line 1, which it goes on with) burnt out: no open end holds line
    1, and the next play that starts a line, 9-4 on the centre, takes it rather than line 3."""
    state = wildfire_position(
        "dealer=1 turn=1 | layout 9-9 9-5@e0 9-8@e0 5-W@e1:7x | hands 9-4 6-0 7-0 / 2-2 / 3-3 | pile *"
    )
    assert [state.layout.line[e] for e in state.layout.open_ends] == [0, 2]
    assert action_table(state.game).describe(wildfire_ids(state)["9-4@e0"]) == "9-4@line0"  # the centre's line
    play(state, "9-4@e0")
    assert [state.layout.line[e] for e in state.layout.open_ends] == [0, 2, 1]


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 6, "obligation_burns_out": True}])
def test_wildfire_open_ends_hold_distinct_lines_below_the_bound_and_notation_keeps_them(options):
    """In random rounds: no two open ends share a line, every line is below LINES (37: the
    centre's four places and the places each tile adds), a tile laid on its end's last place
    goes on with its line, and a position read back from its notation has the same lines."""
    game = make_game("wildfire", {"rounds": 1, **options})
    most = 0
    for state in random_states(game, 6, random.Random(11)):
        layout = state.layout
        held = [layout.line[e] for e in layout.open_ends]
        assert len(set(held)) == len(held)
        assert all(0 <= line < LINES for line in layout.line)
        for node in range(len(layout.tiles)):
            children = [c for c, parent in enumerate(layout.parent) if parent == node]
            places = CENTRE_ARMS if node == 0 else placement(layout.tiles[node], layout.inner[node]).free
            if len(children) == places:  # filled (not burnt out): the last goes on with its line
                assert layout.line[children[-1]] == layout.line[node]
            for child in children[: places - 1]:  # laid where places stayed: a line of its own
                assert layout.line[child] != layout.line[node]
        assert game.state_from_notation(state.notation()).layout.line == layout.line
        most = max(most, len(held))
    assert LINES == 37
    assert most > 8
