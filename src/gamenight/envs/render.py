"""`render_mode="ansi"`: the terminal's board for a state, as a spectator sees it."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType

from gamenight.engine.protocol import Game, State


def _screen(name: str, players: int, options: Any) -> Any:
    names = [f"P{i + 1}" for i in range(players)]
    if name == "wildfire":
        from gamenight.interfaces.wildfire_render import WildfireScreen

        return WildfireScreen(names, None, verbose=False, options=options)
    if name == "wildstar":
        from gamenight.interfaces.wildstar_render import WildstarScreen

        return WildstarScreen(names, None, verbose=False, options=options)
    if name == "highrise":
        from gamenight.interfaces.highrise_render import HighriseScreen

        return HighriseScreen(names, None, verbose=False, options=options)
    from gamenight.interfaces.fireball_island_render import FireballIslandScreen

    return FireballIslandScreen(names, None, verbose=False, options=options)


def renderable(name: str, game: Game, state: State) -> RenderableType:
    """The board (and, once the game is over, the final sheet) for a spectator."""
    screen = _screen(name, state.num_players, game.options)
    view = state.view(None)
    parts: list[RenderableType] = [screen.board(view)]
    if state.is_over():
        parts.append(screen.final(view))
    return Group(*parts)
