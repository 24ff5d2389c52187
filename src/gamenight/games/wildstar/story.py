"""What a person is told of Wildstar, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from gamenight.games.wildstar.options import WildstarOptions


def rules_summary(options: WildstarOptions) -> list[str]:
    """The game in a dozen lines at most, with these options' variants in place."""
    last = 9 - options.hands + 1
    lines = [
        "Object: to be the first player to dispose of all your dominoes.",
        f"Hand 1 begins with the 9-9 in the star centre, each hand thereafter with the next-lowest "
        f"double, down to {last}-{last} ({options.hands} hand" + ("s" if options.hands > 1 else "") + ").",
        "The next five plays must match the centre's number, with no wildstar.",
        "Then play any domino whose end matches an open end; a wildstar is wild, but the "
        "double star may not be a centre.",
        "If you cannot play, draw a tile: play it if you can, else it joins your hand.",
        "The count: each dot 1 point, each wildstar 20, the 0-0 30.",
    ]
    if options.doubles_branch:
        lines.append("A double opens its two sides as well as its far end.")
    if options.winner_collects:
        lines.append("Who goes out collects the others' counts; a blocked hand goes to the lowest count.")
        lines.append("The highest total wins.")
    else:
        lines.append("Who goes out scores nothing; the others add their own count. A blocked hand: everyone adds.")
        lines.append("At the end of the game, the lowest score wins.")
    if options.partners:
        lines.append(
            "Partners: two teams sitting alternately; when one goes out, only the other team's dominoes are counted."
        )
    return lines


def summary(options: WildstarOptions) -> str:
    """The options in words, after "N players, ": "10 hands, partners P1 & P3 vs P2 & P4"."""
    line = f"{options.hands} hand" + ("s" if options.hands > 1 else "")
    if options.partners:
        line += f", partners {_team(range(0, options.players, 2))} vs {_team(range(1, options.players, 2))}"
    named = (
        ("doubles branch", options.doubles_branch),
        ("play goes on from the setter", not options.winner_leads_after_set),
        ("the winner collects", options.winner_collects),
    )
    return _with_variants(line, [v for v, on in named if on])


def goal(options: WildstarOptions) -> str:
    """Who wins, in one sentence (R-WS; D-WS-5 under winner_collects)."""
    return "Highest total wins." if options.winner_collects else "Lowest total wins."


def _team(seats: range) -> str:
    labels = [f"P{s + 1}" for s in seats]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} & {labels[-1]}"


def _with_variants(line: str, variants: list[str]) -> str:
    return line + (f" ({', '.join(variants)})" if variants else "")
