"""The engines as OpenSpiel games: ``register()`` registers
``python_cardtable_one_card``, ``python_cardtable_shed`` and
``python_cardtable_one_too_many`` with ``pyspiel.register_game``; then
``pyspiel.load_game("python_cardtable_shed", {"players": 4})`` works as for
any game of OpenSpiel's.

* **Dynamics**: sequential. One Too Many's secret numbers are turns, the seats
  still to choose in seat order, each seeing only that the earlier ones have
  chosen (as in the PettingZoo env): imperfect information hides the numbers.
* **Chance**: explicit, one chance node, the deal: one of ``deals`` seeds
  (a game parameter, default 4096), uniformly. The seed decides every shuffle
  of the game (the engines' randomness lives in their state), so there is no
  other chance node and a player who sees only its view cannot tell the deals
  apart.
* **Information**: imperfect. The observation is the seat's view (its string
  and the flat vector of :mod:`cardtable.rl.observations`); the information
  state is perfect recall: the seat's observation strings since the deal.
* **Returns**: at the end, the zero-sum place rewards of :mod:`.table`
  (+1 the first place, -1 the last). A game longer than ``max_game_length``
  moves (a parameter) stops there as a draw (returns 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from . import missing

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - the rl extra is missing
    raise missing("open_spiel") from exc

from ..games import get_game
from .observations import encoder, readable
from .table import place_rewards

NAMES = {"one-card": "python_cardtable_one_card", "shed": "python_cardtable_shed",
         "one-too-many": "python_cardtable_one_too_many"}  # fmt: skip
GAME_OF = {name: game_id for game_id, name in NAMES.items()}
DEALS = 4096
QUIET = ("options", "card_set")  # what a view's text leaves out: the same all game
LONGEST = 10_000
__all__ = ["NAMES", "register"]


def game_type(game_id: str) -> Any:
    game = get_game(game_id)
    return pyspiel.GameType(
        short_name=NAMES[game_id],
        long_name=f"cardtable {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2, "deals": DEALS, "max_game_length": LONGEST},
    )


@dataclass(frozen=True)
class Setup:
    """What a state needs of its game: the engine, the encoder, the parameters. (A state
    reads it from its game's type and parameters: pyspiel hands states a game object
    that need not be the Python one with its attributes.)"""

    engine: Any
    encoder: Any
    players: int
    deals: int
    longest: int

    def __deepcopy__(self, memo: dict) -> Setup:
        return self


@lru_cache(maxsize=64)
def setup(short_name: str, players: int, deals: int, longest: int) -> Setup:
    engine = get_game(GAME_OF[short_name])
    engine.check_players(players)
    return Setup(engine, encoder(engine, players, None), players, deals, longest)


def setup_of(game: Any) -> Setup:
    params = game.get_parameters()
    return setup(game.get_type().short_name, params["players"], params["deals"], params["max_game_length"])


class CardtableGame(pyspiel.Game):
    """One of our games for OpenSpiel (``game_id`` set by the subclass ``register`` makes)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {"players": 2, "deals": DEALS, "max_game_length": LONGEST} | dict(params or {})
        kit = setup(NAMES[self.game_id], params["players"], params["deals"], params["max_game_length"])
        info = pyspiel.GameInfo(
            num_distinct_actions=kit.engine.action_count,
            max_chance_outcomes=kit.deals,
            num_players=kit.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=kit.longest,
        )
        super().__init__(game_type(self.game_id), info, params)

    def new_initial_state(self) -> CardtableState:
        return CardtableState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(setup_of(self), perfect_recall)


class Node:
    """The engine's (immutable) state after the deal or a move, with the one before it:
    a game's history as a chain the clones share (pyspiel clones a state by
    ``deepcopy`` of its attributes; a node copies as itself). Each seat's view text
    is made once per node."""

    __slots__ = ("state", "before", "texts")

    def __init__(self, state: Any, before: Node | None) -> None:
        self.state, self.before = state, before
        self.texts: dict[int, str] = {}

    def __deepcopy__(self, memo: dict) -> Node:
        return self

    def text(self, kit: Setup, player: int) -> str:
        text = self.texts.get(player)
        if text is None:
            text = self.texts[player] = view_text(kit, self.state, player)
        return text


class CardtableState(pyspiel.State):
    """A game in play: ``node.state`` is the engine's state once dealt (``node`` is ``None`` before)."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self.kit = setup_of(game)
        self.node: Node | None = None
        self.seed = -1
        self.moves = 0

    @property
    def engine(self) -> Any:
        """The engine's state (``None`` before the deal)."""
        return None if self.node is None else self.node.state

    @property
    def dealt(self) -> Any:
        """The engine's state, at a node after the deal (where OpenSpiel asks for moves)."""
        if self.node is None:
            raise ValueError("the cards are not dealt yet: this is the chance node")
        return self.node.state

    def current_player(self) -> int:
        if self.node is None:
            return pyspiel.PlayerId.CHANCE
        if self._is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.kit.engine.to_act(self.node.state)[0]

    def _is_terminal(self) -> bool:
        return self.node is not None and (self.kit.engine.is_over(self.node.state) or self.moves >= self.kit.longest)

    def is_terminal(self) -> bool:
        return self._is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(set(self.kit.engine.legal_actions(self.dealt, player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.kit.deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        engine = self.kit.engine
        if self.node is None:
            self.seed = action
            self.node = Node(engine.new(self.kit.players, None, seed=action), None)
        else:
            state = self.dealt
            self.node = Node(engine.step(state, engine.to_act(state)[0], action), self.node)
            self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{action}"
        engine = self.kit.engine
        try:
            return engine.describe_move(engine.move_of(self.dealt, player, action))
        except (ValueError, IndexError, KeyError, AttributeError):
            return f"Action:{action}"

    def returns(self) -> list[float]:
        kit = self.kit
        if not self._is_terminal() or not kit.engine.is_over(self.dealt):
            return [0.0] * kit.players
        return place_rewards(tuple(kit.engine.outcome(self.dealt).places))

    def __str__(self) -> str:
        if self.node is None:
            return "before the deal"
        return f"deal {self.seed}, move {self.moves}: {self.kit.engine.view(self.dealt, None)}"


def view_text(kit: Setup, engine_state: Any, player: int) -> str:
    """``player``'s view as text: its fields but the options, which never change."""
    view = kit.engine.view(engine_state, player)
    return " ".join(f"{name}={value}" for name, value in readable(view).items() if name not in QUIET)


class Observer:
    """The observer ``make_py_observer`` gives: the seat's view now (``perfect_recall``:
    every view since the deal, as the information state)."""

    def __init__(self, kit: Setup, perfect_recall: bool) -> None:
        self.kit = kit
        self.perfect_recall = perfect_recall
        layout = kit.encoder.layout
        self.tensor = np.zeros(0 if perfect_recall else layout.size, np.float32)
        self.dict = {} if perfect_recall else layout.named(self.tensor)

    def set_from(self, state: CardtableState, player: int) -> None:
        if self.perfect_recall:
            return
        if state.node is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.kit.encoder.encode(self.kit.engine.view(state.node.state, player))

    def string_from(self, state: CardtableState, player: int) -> str:
        node = state.node
        if node is None:
            return "before the deal"
        if not self.perfect_recall:
            return node.text(self.kit, player)
        texts = []
        while node is not None:
            texts.append(node.text(self.kit, player))
            node = node.before
        return "\n".join(reversed(texts))


def register() -> None:
    """Register the three games with OpenSpiel (again: nothing new)."""
    known = set(pyspiel.registered_names())
    for game_id, name in NAMES.items():
        if name in known:
            continue
        cls = type(f"Cardtable{game_id.title().replace('-', '')}Game", (CardtableGame,), {"game_id": game_id})
        pyspiel.register_game(game_type(game_id), cls)
