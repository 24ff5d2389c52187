"""What a person is told of Wildfire, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from gamenight.games.wildfire.options import WildfireOptions


def rules_summary(options: WildfireOptions) -> list[str]:
    """The game in a dozen lines at most, with these options' variants in place."""
    if options.rounds is not None:
        end = f"The game is {options.rounds} round" + ("s" if options.rounds > 1 else "") + "."
    else:
        end = f"At the end of a round, if one player has {options.target_score} or more points, the game is over."
    if options.strategic:
        hub = "A wild end's number is called out by whoever played it (More Strategic Game)."
    else:
        hub = "A wild end's number is lit up by the hub: 1 means only a Wild One matches it."
    if options.knock_penalty:
        knock = "Down to one domino, you must knock (write it: 5-3@e2 knock); who forgets draws a penalty tile."
    else:
        knock = "Down to one domino, you knock: the play that leaves one tile knocks by itself."
    obligation = (
        "With the pile out, an obligation that went round the table unfilled closes (house rule)."
        if options.obligation_burns_out
        else "With the pile out and an obligation nobody can fill, the round is blocked."
    )
    return [
        "Object: play all of your dominoes each round; the lowest grand total wins.",
        "The highest double starts in the hub; play a domino whose end matches an open end.",
        "Doubles are played criss-cross and open three ends; a double may never go on a Wildfire.",
        "If you cannot play, draw one domino: play it or pass. With the pile out, pass.",
        "A Wild One is wild on any open end, or played with the Wild One as an open end.",
        hub,
        "Obligations: an open Wild One takes 1 more play, a Double Wild One 3, a Double Wildfire 2, "
        "a Triple Wildfire 3, all matching the hub's number, before anything else is played.",
        obligation,
        knock,
        "Scoring: who goes out scores 0; the others add their pips, +10 a Wild One, +20 a Double "
        "Wildfire, +30 a Triple Wildfire.",
        end,
    ]


def summary(options: WildfireOptions) -> str:
    """The options in words, after "N players, ": "to 300 points (strategic)"."""
    end = f"to {options.target_score} points"
    if options.rounds is not None:
        end = f"{options.rounds} round" + ("s" if options.rounds > 1 else "")
    named = (
        ("strategic", options.strategic),
        ("knock penalty", options.knock_penalty),
        ("auto-knock", options.auto_knock),
        ("obligations burn out", options.obligation_burns_out),
    )
    return _with_variants(end, [v for v, on in named if on])


def goal(options: WildfireOptions) -> str:
    """Who wins, in one sentence (R-WF THE WINNER)."""
    return "Lowest total wins."


def _with_variants(line: str, variants: list[str]) -> str:
    return line + (f" ({', '.join(variants)})" if variants else "")
