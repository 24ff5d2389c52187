"""OpenSpiel games: `python_gamenight_wildfire`, `_wildstar`, `_highrise`, `_fireball_island`.

    import pyspiel
    import gamenight.envs.openspiel  # registers the four games
    game = pyspiel.load_game("python_gamenight_highrise", {"players": 2})

Chance is explicit: a chance node's actions are 0..k-1, the index of each outcome in the
game's `chance_outcomes()` list. A player's actions are the ids of the action table
(gamenight.envs.actions). Information-state and observation strings are the seat's view
as JSON; the tensors are its encoding (gamenight.envs.observations): both hold only what
the seat may know. `resample_from_infostate` draws a state with the same view from
`game.sample_state`, which OpenSpiel's IS-MCTS needs. Options are the game's, with 0 for
an option whose default is None (Wildfire's `rounds`, Highrise's `hands`, ...).
Returns are the game's: winners share 1, the rest get 0. The game type says what the
rules make of that (`utility`): constant-sum (`utility_sum()` 1; 2 for Wildstar's partners,
both players of the winning team getting 1) wherever every game ends with a winner, and
general-sum for Fireball Island, which always has a turn limit (a game stopped there gives
everyone 0): so the two-player domino games are constant-sum, as `exploitability` asks.

`undo_action(player, action)` takes back the last action by playing the history again
without it (the rules keep no undo information: its cost grows with the game, where a
`clone()` before the action costs one copy); `history()` and `move_number()` follow it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import numpy as np
import pyspiel

from gamenight.engine.chance import Uniform, sample
from gamenight.engine.protocol import CHANCE, State
from gamenight.engine.registry import game_class, make_game
from gamenight.envs.actions import ActionTable, action_table
from gamenight.envs.observations import Encoder, encoder_for

MAX_CHANCE: dict[str, int] = {"wildfire": 65, "wildstar": 57, "highrise": 72, "fireball-island": 48}
"""The most outcomes one chance node of each game has (a tile from the set, the
basement's tile and its turn, a card)."""


def short_name(game: str) -> str:
    return "python_gamenight_" + game.replace("-", "_")


def _defaults(game: str) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters: None becomes 0."""
    options_cls = game_class(game).options_class if hasattr(game_class(game), "options_class") else None
    if options_cls is None:
        options_cls = type(make_game(game).options)
    params: dict[str, Any] = {}
    for f in dataclasses.fields(options_cls):
        value = f.default
        params[f.name] = 0 if value is None else value
    return params


def _options(game: str, params: dict[str, Any]) -> dict[str, Any]:
    defaults = _defaults(game)
    options_cls = type(make_game(game).options)
    nullable = {f.name for f in dataclasses.fields(options_cls) if f.default is None}
    out: dict[str, Any] = {}
    for key, default in defaults.items():
        value = params.get(key, default)
        out[key] = None if key in nullable and value == 0 else value
    return out


class GamenightSpielGame(pyspiel.Game):  # type: ignore[misc]
    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        options = _options(self.name, params)
        self.gn = make_game(self.name, options)
        self.actions: ActionTable = action_table(self.gn)
        self.encoder: Encoder = encoder_for(self.gn)
        n = self.gn.options.players
        total = utility_sum(self.name, self.gn.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=MAX_CHANCE[self.name],
            num_players=n,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=total,
            max_game_length=100_000,
        )
        super().__init__(_game_type(self.name, constant_sum=total is not None), info, params)

    def __getattr__(self, attr: str) -> Any:
        """A game unpickled by OpenSpiel is made without __init__: its parts are made again
        from its parameters on first use."""
        if attr not in ("gn", "actions", "encoder"):
            raise AttributeError(attr)
        self.gn = make_game(self.name, _options(self.name, dict(self.get_parameters())))
        self.actions = action_table(self.gn)
        self.encoder = encoder_for(self.gn)
        return getattr(self, attr)

    def new_initial_state(self) -> GamenightSpielState:
        return GamenightSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self)


def utility_sum(game: str, options: Any) -> float | None:
    """What every game's returns add up to under these options, or None when it varies
    (general-sum). Winners share 1 (ties split it) in every game; Wildstar's partners both
    get their team's share; Fireball Island stopped at its turn limit has no winner."""
    if game == "fireball-island":
        return None  # every game has a turn limit, where it stops with no winner
    if game == "wildstar" and options.partners:
        return float(options.players // 2)
    return 1.0


class GamenightSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: GamenightSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        self.gn_game = game
        self.gn: State = state if state is not None else game.gn.new_state()
        self._legal: dict[int, Any] | None = None
        # (player, action) of every action applied and not undone: OpenSpiel keeps its own
        # history in C++, which a Python game cannot shorten, so after an undo this one is read
        self._played: list[tuple[int, int]] = []

    # -- the game --
    def current_player(self) -> int:
        who = self.gn.to_act()
        if who is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if who == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return who

    def _legal_map(self) -> dict[int, Any]:
        if self._legal is None:
            moves = self.gn.legal_moves()
            self._legal = dict(zip(self.gn_game.actions.ids(moves, self.gn), moves, strict=True))
        return self._legal

    def _legal_actions(self, player: int) -> list[int]:
        if self.gn.to_act() != player:
            return []
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.gn.chance_outcomes()
        if type(outcomes) is Uniform:  # a draw from the pile: k alike chances, without listing them
            p = 1.0 / len(outcomes)
            return [(i, p) for i in range(len(outcomes))]
        return [(i, p) for i, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        who = self.gn.to_act()
        if who == CHANCE:
            outcomes = self.gn.chance_outcomes()
            self.gn.apply_chance(outcomes[action][0])
            self._played.append((int(pyspiel.PlayerId.CHANCE), action))
        else:
            assert who is not None  # pyspiel applies no action to a terminal state
            self.gn.apply(self._legal_map()[action])
            self._played.append((who, action))
        self._legal = None

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action, which must be `action` by `player`."""
        if not self._played or self._played[-1] != (player, action):
            last = self._played[-1] if self._played else None
            raise ValueError(f"undo_action({player}, {action}): the last action was {last}")
        replay = self._played[:-1]
        self.gn = self.gn_game.gn.new_state()
        self._played = []
        self._legal = None
        for _, earlier in replay:
            self._apply_action(earlier)

    def history(self) -> list[int]:
        return [action for _, action in self._played]

    def full_history(self) -> list[Any]:
        return [pyspiel.PlayerAction(player, action) for player, action in self._played]

    def history_str(self) -> str:
        return ", ".join(str(action) for _, action in self._played)

    def move_number(self) -> int:
        return len(self._played)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.gn.to_act() == CHANCE:
                outcomes = self.gn.chance_outcomes()
                if 0 <= action < len(outcomes):
                    return f"chance:{self.gn.outcome_notation(outcomes[action][0])}"
            return f"chance:{action}"
        if player == self.gn.to_act():
            move = self._legal_map().get(action)
            if move is not None:  # a legal move: the game's own notation, as the position writes it
                return str(self.gn.move_notation(move))
        # any other: the table's name of the id, the same in every position (a Highrise spacer
        # and a Wildstar end's id are the position's to say)
        return self.gn_game.actions.describe(action)

    def is_terminal(self) -> bool:
        return self.gn.to_act() is None

    def returns(self) -> list[float]:
        if self.gn.to_act() is not None:
            return [0.0] * self.gn.num_players
        return [float(r) for r in self.gn.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GamenightSpielState:
        """A state with the same view for `player_id`, its hidden parts drawn at random."""
        try:
            seed = int(probability_sampler() * 2**53)
        except TypeError:
            seed = random.getrandbits(53)
        sampled = self.gn_game.gn.sample_state(self.gn.view(player_id), random.Random(seed))
        return GamenightSpielState(self.gn_game, sampled)

    def __str__(self) -> str:
        return self.gn.notation()


class ViewObserver:
    """OpenSpiel's observer: `tensor` and `dict` from the encoder, strings from the view."""

    def __init__(self, game: GamenightSpielGame) -> None:
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GamenightSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        self.encoder.fill_state(self.tensor, state.gn, player)  # = fill(tensor, view): tested

    def string_from(self, state: GamenightSpielState, player: int) -> str:
        return json.dumps(state.gn.view(player), sort_keys=True, separators=(",", ":"))


def _game_type(game: str, constant_sum: bool = False) -> Any:
    """The type registered for the game is general-sum (OpenSpiel's registry holds one type a
    name); each game made carries the type of its options (`utility_sum`)."""
    cls = game_class(game)
    spec = cls.spec if hasattr(cls, "spec") else make_game(game).spec
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"gamenight {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM if constant_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game),
    )


class WildfireSpielGame(GamenightSpielGame):
    name = "wildfire"


class WildstarSpielGame(GamenightSpielGame):
    name = "wildstar"


class HighriseSpielGame(GamenightSpielGame):
    name = "highrise"


class FireballIslandSpielGame(GamenightSpielGame):
    name = "fireball-island"


def _register() -> dict[str, type[GamenightSpielGame]]:
    classes: dict[str, type[GamenightSpielGame]] = {
        "wildfire": WildfireSpielGame,
        "wildstar": WildstarSpielGame,
        "highrise": HighriseSpielGame,
        "fireball-island": FireballIslandSpielGame,
    }
    registered = set(pyspiel.registered_names())
    for game, cls in classes.items():
        if short_name(game) not in registered:
            pyspiel.register_game(_game_type(game), cls)
    return classes


GAME_CLASSES = _register()


def load(game: str, **options: Any) -> Any:
    """`pyspiel.load_game(short_name(game), options)`."""
    return pyspiel.load_game(short_name(game), options)


def play_random(state: Any, rng: random.Random) -> Any:
    """Play a pyspiel state to its end at random (chance by its probabilities)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(sample(outcomes, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state
