"""The Fireball Island board, rollways and deck as data (R-FI; CLARIFICATIONS D-FI-1, D-FI-2, D-FI-4).

Three kinds of test: the shipped data checked against the rulebook and the design decisions;
each validation rule proven to fire on a deliberately broken copy of the data; and the
picture drawn from the data (docs/board.svg must be a fresh drawing of it).
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from collections import deque
from importlib import resources
from pathlib import Path

import pytest

from gamenight.engine.errors import NotationError
from gamenight.games.fireball_island import picture
from gamenight.games.fireball_island.board import Board, Kind
from gamenight.games.fireball_island.board_data import BOARD, load_board, validate
from gamenight.games.fireball_island.cards import COUNTS, DECK, Card, CardType, load_deck, parse_card

DOCS = Path(__file__).resolve().parents[2] / "docs"


def data(name: str) -> str:
    return resources.files("gamenight.games.fireball_island").joinpath(f"data/{name}").read_text("utf-8")


def ids(text: str) -> list[str]:
    """'WT1..WT3 WS' -> ['WT1', 'WT2', 'WT3', 'WS'], as the tables of D-FI-1 write them."""
    out: list[str] = []
    for token in text.split():
        match = re.fullmatch(r"([A-Z]+)(\d+)\.\.[A-Z]+(\d+)", token)
        if match:
            first, last = int(match[2]), int(match[3])
            step = 1 if last >= first else -1
            out += [f"{match[1]}{n}" for n in range(first, last + step, step)]
        else:
            out.append(token)
    return out


def steps(board: Board, start: str, goal: str) -> int:
    """The fewest steps along the trails (no caves) from start to goal."""
    distance = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for n in board.trail_neighbours(here):
            if n not in distance:
                distance[n] = distance[here] + 1
                todo.append(n)
    return distance[goal]


# -- the board of D-FI-1 -------------------------------------------------------------------------

# segment name: (spaces in order, smolder pit, dark spaces, safe spaces), as D-FI-1's table gives them
D_FI_1 = {
    "Dead Man's Plateau": ("DMP", None, "", "DMP"),
    "Witchlord Trail": ("WT1..WT18", "A", "WT3 WT11 WT15", "WT8 WT9"),
    "Witchlord Step": ("WS", None, "", "WS"),
    "Thunder Alley": ("TA1..TA12", "B", "TA2 TA8 TA11", ""),
    "Skeleton Head Beach": ("SHB SB1..SB6", "C", "SB2", ""),
    "Blister Run": ("BR1..BR22", "C", "BR7 BR14 BR19", ""),
    "Fireflash Chute": ("FJ FC1..FC8", "D", "FC3", ""),
    "Vul-Kar Point": ("VKP", None, "", "VKP"),
    "High Road": ("HR1..HR14", "D", "HR4 HR10", "HR12..HR14"),
    "Low Road": ("LR1..LR20", "D", "LR4 LR10 LR16", "LR15..LR20"),
    "Gully": ("GF GY1 GY2", None, "GY2", "GF GY1 GY2"),
    "Great Sway Bluff": ("GSB1..GSB5", None, "", "GSB1..GSB5"),
    "Bridge 1": ("BRG1", "W", "", ""),
    "Peak between the bridges": ("PK1..PK3", None, "", "PK1..PK3"),
    "Bridge 2": ("BRG2", "W", "", ""),
    "Viper Pass": ("VP1..VP11", "E", "VP7", ""),
    "Dock Run": ("DR1..DR9", "F", "DR6", ""),
    "The Dock": ("DOCK", None, "", "DOCK"),
}

D_FI_1_EDGES = (
    "DMP-WT1 WT18-WS WS-TA1 TA12-SHB SHB-SB1 SB6-FJ SHB-BR1 BR22-VKP FJ-FC1 FC8-VKP FJ-HR1 HR14-GF "
    "SHB-LR1 LR20-GF GF-GY1 GY2-GSB5 GSB5-BRG1 BRG1-PK1 PK3-BRG2 BRG2-VP1 VP11-DR1 DR9-DOCK"
)


def test_the_segments_are_d_fi_1_space_by_space():
    assert [s.name for s in BOARD.segments.values()] == list(D_FI_1)
    for segment in BOARD.segments.values():
        spaces, pit, dark, safe = D_FI_1[segment.name]
        assert segment.spaces == tuple(ids(spaces)), segment.name
        assert segment.smolder_pit == pit, segment.name
        assert [s for s in segment.spaces if BOARD.is_dark(s)] == ids(dark), segment.name
        assert [s for s in segment.spaces if BOARD.is_safe(s)] == ids(safe), segment.name


def test_the_links_are_d_fi_1_consecutive_spaces_and_the_listed_edges():
    expected = {frozenset(e.split("-")) for e in D_FI_1_EDGES.split()}
    for segment in BOARD.segments.values():
        expected |= {frozenset(pair) for pair in zip(segment.spaces, segment.spaces[1:], strict=False)}
    expected |= {frozenset((c.space, c.beside)) for c in BOARD.caves if c.beside}
    two_way = {frozenset((a, b)) for a, ends in BOARD.links.items() for b in ends if (a, b) not in BOARD.one_way}
    assert two_way == expected
    assert BOARD.one_way == {("WATER", "GSB1")}


def test_140_trail_nodes_plus_6_caves_and_the_6_smolder_pits():
    kinds = [s.kind for s in BOARD.spaces.values()]
    assert sum(k in (Kind.TRAIL, Kind.BRIDGE, Kind.WATER) for k in kinds) == 140  # D-FI-1 "Size"
    assert kinds.count(Kind.CAVE) == 6
    assert kinds.count(Kind.PIT) == 6


def test_start_to_jewel_48_to_55_steps_and_jewel_to_dock_53():
    # D-FI-1 "Size": "Roughly 48-55 steps from start to jewel and about 53 from jewel to Dock"
    assert steps(BOARD, "DMP", "VKP") == 48
    assert steps(BOARD, "VKP", "DOCK") == 53
    # "Viper Pass plus Dock Run is 20 spaces, matching 'the last twenty or so spaces'"
    assert len(BOARD.segments["VP"].spaces) + len(BOARD.segments["DR"].spaces) == 20


def test_the_named_places():
    assert (BOARD.start, BOARD.witchlord_step, BOARD.vul_kar_point, BOARD.dock) == ("DMP", "WS", "VKP", "DOCK")
    assert BOARD.space("dmp").name == "Dead Man's Plateau"
    assert BOARD.space("WT5").name == "Witchlord Trail 5"
    with pytest.raises(NotationError, match="'XX9' is not a Fireball Island space"):
        BOARD.space("XX9")


def test_from_dead_mans_plateau_follow_witchlord_trail_through_witchlord_step():
    # R-FI: "From Dead Man's Plateau (the Start Space), follow Witchlord Trail toward Vul-Kar Point"
    assert BOARD.neighbours("DMP") == ("WT1",)
    assert "VKP" not in BOARD.reachable("DMP", avoid={"WS"})  # no walk to the jewel skips Witchlord Step
    assert "VKP" in BOARD.reachable("DMP")


def test_four_trails_lead_to_vul_kar_point():
    # R-FI: "The trails that lead to Vul-Kar Point are Thunder Alley, Skeleton Head Beach, Blister Run and
    # Fireflash Chute"; D-FI-1: VKP links Blister Run and Fireflash Chute (used as a link after the capture)
    assert set(BOARD.neighbours("VKP")) == {"BR22", "FC8"}
    assert BOARD.segment_of("BR22").name == "Blister Run"
    assert BOARD.segment_of("FC8").name == "Fireflash Chute"
    hub = BOARD.space("SHB")
    assert hub.junction
    assert {BOARD.segment_of(n).name for n in BOARD.neighbours("SHB")} == {
        "Thunder Alley",
        "Skeleton Head Beach",
        "Blister Run",
        "Low Road",
    }


def test_the_dock_is_reached_from_the_jewel_over_both_bridges():
    # R-FI: "following Fireflash Chute and continuing on toward the bridges, Viper Pass and Dock Run"
    assert "DOCK" in BOARD.reachable("VKP")
    for bridge in BOARD.bridges:
        assert "DOCK" not in BOARD.reachable("VKP", avoid={bridge})
    assert BOARD.neighbours("DOCK") == ("DR9",)


def test_two_bridges_and_a_piece_knocked_off_goes_to_the_water():
    # R-FI CONTENTS "2 two-piece bridges"; chart: "Either of the two bridges: W"
    assert BOARD.bridges == ("BRG1", "BRG2")
    assert all(BOARD.space(b).is_bridge and BOARD.pit_of(b) == "W" for b in BOARD.bridges)
    assert BOARD.pit_space("W") == "WATER"
    assert BOARD.rock_chip_of("W") is None  # the jewel stays on the bridge


def test_the_water_at_the_bottom_of_great_sway_bluff_and_its_five_spaces():
    # R-FI: "you must climb the 5 trail spaces to the top of the bluff from the water's edge"
    assert BOARD.bluff == ("GSB1", "GSB2", "GSB3", "GSB4", "GSB5")
    assert BOARD.space("WATER").is_water and BOARD.space("WATER").is_pit
    assert BOARD.neighbours("WATER") == ("GSB1",)
    assert not any("WATER" in ends for ends in BOARD.links.values())  # entered only as a penalty
    assert "BRG1" in BOARD.neighbours("GSB5")  # the top of the bluff leads back to the bridges


def test_six_caves_and_cave_4_a_dead_end():
    # R-FI: "There are six numbered caves"; "Cave 4 is a dead-end cave"; D-FI-1 cave links
    assert [c.number for c in BOARD.caves] == [1, 2, 3, 4, 5, 6]
    beside = {c.number: c.beside for c in BOARD.caves}
    assert beside == {1: "WT9", 2: "TA10", 3: "SB5", 4: None, 5: "HR9", 6: "BR12"}
    assert BOARD.neighbours("CAVE4") == ()
    assert BOARD.cave(4) == "CAVE4" and BOARD.cave_exit("CAVE4") is None
    for cave in BOARD.caves:
        if cave.beside:
            assert BOARD.neighbours(cave.space) == (cave.beside,)
            assert BOARD.cave_beside(cave.beside) == cave.space
            assert cave.space in BOARD.neighbours(cave.beside)
            assert cave.space not in BOARD.trail_neighbours(cave.beside)
    assert BOARD.cave_beside("WT1") is None


def test_the_smolder_pit_chart():
    # R-FI FIREBALL PENALTY AREAS, exactly
    chart = {
        "Witchlord Trail": "A",
        "Thunder Alley": "B",
        "Skeleton Head Beach": "C",
        "Blister Run": "C",
        "Fireflash Chute": "D",
        "High Road": "D",
        "Low Road": "D",
        "Viper Pass": "E",
        "Dock Run": "F",
        "Bridge 1": "W",
        "Bridge 2": "W",
    }
    assert {s.name: s.smolder_pit for s in BOARD.segments.values() if s.smolder_pit} == chart
    assert sorted(BOARD.pits) == ["A", "B", "C", "D", "E", "F", "W"]
    for segment in BOARD.segments.values():
        assert all(BOARD.pit_of(s) == segment.smolder_pit for s in segment.spaces)


def test_each_pit_has_its_rock_chip_space_on_its_own_trails():
    # R-FI: "the Rock Chip trail space right next to your smolder pit"; D-FI-1 Rock Chip column
    rock_chips = {"A": "WT5", "B": "TA6", "C": "SB3", "D": "HR6", "E": "VP4", "F": "DR3"}
    assert {p: BOARD.rock_chip_of(p) for p in "ABCDEF"} == rock_chips
    for letter, space in rock_chips.items():
        assert BOARD.space(space).rock_chip
        assert BOARD.pit_of(space) == letter
        assert BOARD.pit_space(letter) == f"PIT_{letter}"
        assert BOARD.space(f"PIT_{letter}").is_pit and BOARD.neighbours(f"PIT_{letter}") == ()
    assert sum(s.rock_chip for s in BOARD.spaces.values()) == 6


def test_caves_pits_and_water_are_safe_and_never_on_a_rollway():
    for space in BOARD.spaces.values():
        if not space.is_trail:
            assert space.safe and BOARD.rollways_over(space.id) == ()
            assert BOARD.pit_of(space.id) is None


# -- the Fireballs of D-FI-2 ---------------------------------------------------------------------

D_FI_2 = {
    "V": {"V-chute": "FC8..FC1 FJ HR1..HR6", "V-blister": "BR22..BR1 SHB", "V-west": "BRG2 VP1..VP11 DR1..DR9"},
    "A": {"A-1": "WT4..WT1", "A-2": "WT4..WT7"},
    "B": {"B-1": "TA1..TA12", "B-2": "WT18..WT10"},
    "C": {"C-1": "BRG1", "C-2": "BRG2 VP1..VP6"},
    "D": {"D-1": "HR7..HR11", "D-2": "LR1..LR14", "D-3": "SB6..SB1 SHB"},
}


def test_five_fireballs_and_their_rollways_are_d_fi_2():
    assert list(BOARD.fireballs) == ["V", "A", "B", "C", "D"]
    for fireball_id, rollways in D_FI_2.items():
        assert [r.id for r in BOARD.rollways(fireball_id)] == list(rollways)
        for rollway_id, spaces in rollways.items():
            assert BOARD.spaces_on_rollway(rollway_id) == tuple(ids(spaces))
            assert BOARD.rollway(rollway_id).fireball == fireball_id


def test_only_vul_kar_turns_to_face_a_rollway():
    # R-FI: "turn Vul-Kar so that its mouth faces the chosen trailway or rollway"
    assert [f.id for f in BOARD.fireballs.values() if f.rotatable] == ["V"]
    assert BOARD.fireballs["V"].name == "Vul-Kar"


def test_every_space_that_is_not_safe_lies_on_a_rollway_and_no_safe_space_does():
    # D-FI-2: "Every space that is not safe lies on at least one rollway ... Add this as a unit test."
    on_rollways = {s for r in BOARD.all_rollways.values() for s in r.spaces}
    not_safe = {s.id for s in BOARD.spaces.values() if not s.safe}
    assert on_rollways == not_safe


def test_which_fireballs_can_hit_a_space():
    assert [r.id for r in BOARD.rollways_over("VP3")] == ["V-west", "C-2"]
    assert [r.id for r in BOARD.rollways_over("SHB")] == ["V-blister", "D-3"]
    assert [r.id for r in BOARD.rollways_over("WT4")] == ["A-1", "A-2"]
    assert BOARD.rollways_over("WT8") == ()


def test_junction_and_bend_spaces_slow_the_marble():
    # D-FI-3: "+0.10 on junction/bend spaces (flag them in the data)"
    assert [s.id for s in BOARD.spaces.values() if s.junction] == ["SHB", "FJ", "GF", "GSB5"]
    assert [s.id for s in BOARD.spaces.values() if s.bend] == ["VP1", "DR1"]
    assert BOARD.space("FJ").slows_fireball and not BOARD.space("FJ").bend
    assert not BOARD.space("VP2").slows_fireball


# -- the deck of D-FI-4 ------------------------------------------------------------------------------


def test_48_cards_with_the_counts_of_d_fi_4():
    assert len(DECK) == 48
    assert {card.key: n for card, n in COUNTS.items()} == {
        "FIREBALL": 8,
        "FAKE_JEWEL": 3,
        "CANCEL": 4,
        "MAGIC_TALISMAN": 4,
        "REROLL": 4,
        "TAKE_ANOTHER_TURN": 3,
        "TAKE_1_CARD": 4,
        "DOUBLE_NEXT_ROLL": 3,
        "MOVE_AHEAD_4": 2,
        "MOVE_AHEAD_5": 2,
        "MOVE_AHEAD_6": 2,
        "MOVE_BACK_1": 3,
        "MOVE_BACK_2": 3,
        "MOVE_BACK_3": 3,
    }


def test_ten_kinds_of_card_named_as_the_rulebook_prints_them():
    assert len(CardType) == 10
    assert {card.type for card in DECK} == set(CardType)
    assert Card(CardType.CANCEL).title == "CANCEL ANY CARD EXCEPT FIREBALL CARD!"
    assert Card(CardType.MOVE_AHEAD, 5).title == "MOVE AHEAD 5 SPACES INSTEAD OF ROLLING DIE"
    assert Card(CardType.MOVE_BACK, 1).title == "MOVE ANY OPPONENT BACK 1 SPACE"


def test_a_card_key_parses_back():
    for card in COUNTS:
        assert parse_card(card.key) == card
    assert parse_card("move ahead 4") == Card(CardType.MOVE_AHEAD, 4)
    with pytest.raises(NotationError, match="'MOVE_AHEAD_7' is not a Fireball Island card"):
        parse_card("MOVE_AHEAD_7")


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("FIREBALL = 8", "FIREBALL = 7", r"cards\.toml: \[deck\]: the counts add up to 47 cards; the deck has 48"),
        ("FAKE_JEWEL = 3", "FAKE_JEWL = 3", r"cards\.toml: \[deck\] FAKE_JEWL: no such card"),
        ("MOVE_AHEAD_6 = 2", "MOVE_AHEAD_7 = 2", r"\[deck\] MOVE_AHEAD_7: no such card"),
        ("REROLL = 4", "REROLL = 0", r"\[deck\] REROLL = 0: a count must be a whole number from 1 up"),
        ("TAKE_1_CARD = 4 ", "# TAKE_1_CARD = 4 ", r"\[deck\]: no TAKE_1_CARD card"),
        ("[deck]", "[decks]", r"cards\.toml: unknown section 'decks'"),
        ("CANCEL = 4", "CANCEL = ", r"cards\.toml: not valid TOML"),
    ],
)
def test_a_broken_deck_is_refused_naming_the_file_and_key(old, new, error):
    text = data("cards.toml")
    assert text.count(old) == 1
    with pytest.raises(ValueError, match=error):
        load_deck(text.replace(old, new))


# -- each validation rule fires ----------------------------------------------------------------------


def broken_board(old: str, new: str) -> str:
    text = data("board.toml")
    assert text.count(old) == 1, old
    return text.replace(old, new)


def broken_fireballs(old: str, new: str) -> str:
    text = data("fireballs.toml")
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_the_shipped_data_loads_and_validates():
    assert load_board() == BOARD
    validate(BOARD)
    assert load_deck() == DECK


BOARD_BREAKS = [
    # unknown space ids
    (
        'dark = ["WT3", "WT11", "WT15"]',
        'dark = ["WT3", "WT11", "WT99"]',
        r"\[\[segment\]\] WT, dark: WT99 is not",
    ),
    ('"DMP - WT1"', '"DMP - WT0"', r"\[links\], pairs: the link DMP - WT0 names WT0, which is no space"),
    ('beside = "TA10"', 'beside = "TA13"', r"\[\[cave\]\] 2, beside: TA13 is no trail space"),
    ('rock_chip = "TA6"', 'rock_chip = "TA60"', r"\[\[pit\]\] B, rock_chip: TA60 is no space of the trails"),
    ('start = "DMP"', 'start = "START"', r"\[places\], start: START is no trail space"),
    ('spaces = ["TA1..TA12"]', 'spaces = ["TA1..WT12"]', r"'TA1\.\.WT12' is neither a space id"),
    ('spaces = ["TA1..TA12"]', 'spaces = ["TA1..TA12", "WT5"]', r"WT5 is listed twice \(also in \[\[segment\]\] WT\)"),
    # asymmetric links: one way is for a penalty area only
    ('"SB6 - FJ"', '"SB6 > FJ"', r"\[links\], pairs: SB6 > FJ is one-way, but only a penalty area may be"),
    ('"SB6 - FJ"', '"SB6 - FJ", "FJ - SB6"', r"the link FJ - SB6 links a space to itself, or is given twice"),
    ('"WATER > GSB1"', '"WATER > GSB2"', r"the water's only way out is 'WATER > GSB1'"),
    # unreachable from Dead Man's Plateau
    ('"TA12 - SHB",', "", r"board\.toml: \[\[segment\]\] SB: SHB cannot be walked to from DMP"),
    # pits and rock chips
    ('letter = "B"\nrock_chip = "TA6"\n', 'letter = "B"\n', r"\[\[pit\]\] B: pit B has no rock_chip"),
    (
        'rock_chip = "TA6"',
        'rock_chip = "WT6"',
        r"\[\[pit\]\] B, rock_chip: WT6 is not on a trail whose smolder_pit",
    ),
    ('smolder_pit = "E"\n', "", r"\[\[segment\]\] VP: Viper Pass has spaces a Fireball can hit \(VP1\.\.\.\) but no"),
    ('smolder_pit = "F"', 'smolder_pit = "Q"', r"\[\[segment\]\] DR, smolder_pit: pit Q is no \[\[pit\]\]"),
    # caves
    ("number = 6", "number = 7", r"\[\[cave\]\]: the caves are numbered \[1, 2, 3, 4, 5, 7\]"),
    ("number = 4\n", 'number = 4\nbeside = "LR10"\n', r"\[\[cave\]\] 4, beside: cave 4 is a dead end"),
    ('beside = "TA10"\n', "", r"\[\[cave\]\] 2: cave 2 needs the trail space beside it"),
    ('beside = "TA10"', 'beside = "WT9"', r"\[\[cave\]\] 2, beside: WT9 is already beside cave 1"),
    # bridges
    (
        'spaces = ["BRG2"]\nsmolder_pit = "W"\nbridge = true\n',
        'spaces = ["BRG2"]\nsmolder_pit = "W"\n',
        r"\[\[segment\]\], bridge: 1 bridge spaces; R-FI: two bridges",
    ),
    ('spaces = ["BRG1"]\nsmolder_pit = "W"', 'spaces = ["BRG1"]\nsmolder_pit = "E"', r"knocked off BRG1 goes to"),
    ('spaces = ["GSB1..GSB5"]', 'spaces = ["GSB1..GSB6"]', r"\[water\], bluff: the bluff has 6 spaces; R-FI: 5"),
    # the file itself
    ('dark = ["TA2"', 'drak = ["TA2"', r"\[\[segment\]\] TA, drak: unknown key"),
    ("[water]", "[watter]", r"board\.toml: top level, watter: unknown key"),
    ("safe = true\ndraw = [[1300, 935]]", "safe = yes\ndraw = [[1300, 935]]", r"board\.toml: not valid TOML"),
]


@pytest.mark.parametrize(("old", "new", "error"), BOARD_BREAKS)
def test_a_broken_board_is_refused_naming_the_file_and_key(old, new, error):
    with pytest.raises(ValueError, match=error):
        load_board(broken_board(old, new))


FIREBALL_BREAKS = [
    ('A-1 = ["WT4..WT1"]', 'A-1 = ["WT4..WT0"]', r"fireballs\.toml: \[\[fireball\]\] A rollways, A-1: WT0 is no space"),
    ('B-1 = ["TA1..TA12"]', 'B-1 = ["TA1..TA11"]', r"fireballs\.toml: rollways: TA12 \(Thunder Alley 12\) is not safe"),
    ('A-2 = ["WT4..WT7"]', 'A-2 = ["WT4..WT8"]', r"A rollways, A-2: WT8 is safe: no Fireball can hit it"),
    ('B-1 = ["TA1..TA12"]', 'B-1 = ["TA1", "TA3..TA12"]', r"B rollways, B-1: TA1 and TA3 are not linked"),
    ('B-1 = ["TA1..TA12"]', 'B-1 = ["TA1..TA12", "TA11"]', r"B rollways, B-1: TA11 is crossed twice"),
    ('C-1 = ["BRG1"]', 'A-1 = ["BRG1"]', r"C rollways, A-1: a second rollway with this id"),
    (
        "rotatable = false\ndraw = [1110, 905]",
        "rotatable = true\ndraw = [1110, 905]",
        r"\[\[fireball\]\], rotatable: 2 rotatable Fireballs",
    ),
    ('id = "D"\n', 'id = "C"\n', r"\[\[fireball\]\] C, id: a second Fireball C"),
    ('where = "perched beside Witchlord Step"\n', "", r"\[\[fireball\]\] B, where: missing"),
]


@pytest.mark.parametrize(("old", "new", "error"), FIREBALL_BREAKS)
def test_broken_rollways_are_refused_naming_the_file_and_key(old, new, error):
    with pytest.raises(ValueError, match=error):
        load_board(fireballs=broken_fireballs(old, new))


def test_not_five_fireballs_is_refused():
    text = data("fireballs.toml")
    four = text[: text.index('[[fireball]]\nid = "D"')]
    with pytest.raises(ValueError, match=r"fireballs\.toml: \[\[fireball\]\]: 4 Fireballs; R-FI: 5 Fireballs"):
        load_board(fireballs=four)


def test_a_broken_file_on_disk_is_named_by_its_path(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text(broken_board('"TA12 - SHB",', ""), encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"{path}: [[segment]] SB: SHB cannot be walked to")):
        load_board(path)
    good = tmp_path / "fireballs.toml"
    good.write_text(data("fireballs.toml"), encoding="utf-8")
    assert load_board(fireballs=good).fireballs == BOARD.fireballs


def test_a_board_built_by_hand_is_checked_for_asymmetric_and_dangling_links():
    one_sided = dict(BOARD.links, WT1=("WT2",))  # DMP - WT1 now runs one way only
    with pytest.raises(ValueError, match=r"board\.toml: \[links\], pairs: DMP links to WT1 but WT1 not back"):
        validate(dataclasses.replace(BOARD, links=one_sided))
    dangling = dict(BOARD.links, DMP=("WT1", "NOWHERE"))
    with pytest.raises(ValueError, match=r"the link DMP - NOWHERE dangles: NOWHERE is no space"):
        validate(dataclasses.replace(BOARD, links=dangling))


# -- the picture --------------------------------------------------------------------------------------


def test_the_picture_is_svg_with_every_space_and_rollway():
    root = ET.fromstring(picture.render())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert set(BOARD.spaces) <= texts
    assert set(BOARD.all_rollways) <= texts
    groups = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert {f"space-{s}" for s in BOARD.spaces} | {f"fireball-{f}" for f in BOARD.fireballs} <= groups


def test_the_committed_picture_is_a_fresh_drawing_of_the_data():
    # If this fails after a data edit: python -m gamenight.games.fireball_island.picture docs/board.svg
    assert (DOCS / "board.svg").read_text(encoding="utf-8") == picture.render()


def test_the_picture_command_writes_the_file(tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert picture.main([str(out)]) == 0
    assert out.read_text(encoding="utf-8") == picture.render()
    assert picture.main([]) == 2
    assert "usage" in capsys.readouterr().err


def test_the_tables_in_docs_board_md_match_the_data():
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in (DOCS / "board.md").read_text(encoding="utf-8").splitlines()
        if line.lstrip().startswith("|")
    ]
    segments = {row[1]: row for row in rows if len(row) == 9 and row[1] in BOARD.segments}
    assert list(segments) == list(BOARD.segments)
    for segment_id, row in segments.items():
        segment = BOARD.segments[segment_id]
        assert row[0] == segment.name
        assert int(row[3]) == len(segment.spaces), segment_id
        assert row[4] == (segment.smolder_pit or "–"), segment_id
        dark = [s for s in segment.spaces if BOARD.is_dark(s)]
        assert row[6] == (", ".join(dark) or "–"), segment_id
    rollways = {row[2]: row for row in rows if len(row) == 5 and row[2] in BOARD.all_rollways}
    assert list(rollways) == list(BOARD.all_rollways)
    for rollway_id, row in rollways.items():
        assert int(row[4]) == len(BOARD.spaces_on_rollway(rollway_id)), rollway_id
    keys = {card.key for card in COUNTS}
    deck = {row[0].strip("`"): int(row[2]) for row in rows if len(row) == 3 and row[0].strip("`") in keys}
    assert deck == {card.key: n for card, n in COUNTS.items()}
