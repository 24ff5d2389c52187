"""What a person is told of Fireball Island, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from gamenight.games.fireball_island.options import FireballIslandOptions


def rules_summary(options: FireballIslandOptions) -> list[str]:
    """The game in a dozen lines at most, with these options' variants in place."""
    if options.fireball_mode == "deterministic":
        hits = "Every playing piece on the chosen rollway is Fireballed (deterministic Fireballs)."
    else:
        hits = "A rolled Fireball may stop early or roll past a piece: each hit has its chance."
    lines = [
        "Object: capture the jewel at Vul-Kar Point, and be first to reach the Dock with it.",
        "On your turn, roll the die and move the full count along the trails, never onto the same space twice.",
        "Roll a 1: don't move; roll a Fireball instead, at a target if possible.",
        hits,
        "Fireballed on a trail: into its smolder pit, your next turn spent there; off a bridge: "
        "into the water. The jewel is left behind.",
        "Land on a dark trail space: take a card (4-card limit). Witchlord Step: one Magic Charm token.",
        "Caves: enter one, then roll for the cave you move to; a shortcut, maybe.",
        "Steal the jewel by passing its owner on a trail or bridge.",
        "Cards: play most any time, on your turn or another's; a CANCEL stops any card but FIREBALL!",
    ]
    if options.any_way_cards:
        lines.append("MOVE BACK and MOVE AHEAD cards walk any way along the trails (house rule).")
    if options.turn_limit:
        lines.append(f"The game stops undecided, nobody winning, after {options.turn_limit} turns.")
    return lines


def summary(options: FireballIslandOptions) -> str:
    """The options in words, after "N players, ": "probabilistic Fireballs, no turn limit"."""
    limit = f"stops undecided after {options.turn_limit} turns" if options.turn_limit else "no turn limit"
    return f"{options.fireball_mode} Fireballs, {limit}"


def goal(options: FireballIslandOptions) -> str:
    """Who wins, in one sentence (R-FI OBJECT)."""
    return "Capture the jewel at Vul-Kar Point and be the first to bring it to the Dock."
