"""One game in play for a research environment: the seats to act, each seat's
mask and observation (from its view only), a checked step, the rewards at the
end and a step limit. The PettingZoo and OpenSpiel wrappers are thin layers
over it, so both expose the same actions, observations and rewards.

An action that is not legal now raises :class:`IllegalMove` with the reason,
and the game is unchanged: nothing is ever replaced by a legal action.

Rewards come at the end, by the keyword ``reward``:

* ``"places"`` (the default): ``(n + 1 - 2 * place) / (n - 1)``, +1 for the
  first place and -1 for the last, a tie sharing the mean of the places it
  spans, so the rewards of a finished game always sum to 0 (zero-sum);
* ``"points"``: the game's own points, signed so that more is better
  (One-Card's penalty totals negated; Shed's points are ``n - place``).

A game stopped at the step limit (truncated) gives every seat 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.actions import IllegalMove
from ..core.engine import Game
from ..games import get_game
from .observations import encoder, readable

REWARDS = ("places", "points")
#: the sign that makes a game's own points "more is better"
POINTS_SIGN = {"one-card": -1}
__all__ = ["IllegalMove", "REWARDS", "Table", "place_rewards"]


def place_rewards(places: tuple[int, ...]) -> list[float]:
    """Zero-sum rewards from competition places (1 = best, ties share a place)."""
    n = len(places)
    mean = [place + (places.count(place) - 1) / 2 for place in places]  # a tie's mean place
    return [(n + 1 - 2 * m) / (n - 1) for m in mean]


class Table:
    """A game of ``game_id`` for ``players`` seats, dealt by ``seed``."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        reward: str = "places",
        max_steps: int | None = None,
        events: bool = False,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r} (choose from {', '.join(REWARDS)})")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.game: Game = get_game(game_id)
        self.game.check_players(players)
        self.players = players
        self.options = self.game.make_options(dict(options or {}))
        self.encoder = encoder(self.game, players, self.options)
        fast = getattr(self.encoder, "observe", None)  # (the state's fields that make the view)
        self.observe_state = fast or (lambda state, seat: self.encoder.encode(self.game.view(state, seat)))
        self.no_actions = bytes(self.game.action_count)
        self.reward = reward
        self.max_steps = max_steps
        self.events = events
        self.deal(seed)

    def deal(self, seed: int) -> None:
        """Start a new game dealt by ``seed``."""
        self.seed = seed
        self.state, opening = self.game.start(self.players, self.options, seed=seed)
        self.steps = 0
        #: per seat, the events it could see so far (kept with ``events=True``: the bots read them)
        self.seen: list[list[Any]] = [
            [e for e in opening if e.visible(s)] if self.events else [] for s in range(self.players)
        ]

    # -- what a seat sees ---------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now (several at once: One Too Many's secret choices)."""
        return self.game.to_act(self.state)

    def legal(self, seat: int):
        """The legal codes of ``seat`` now (empty unless it is to act)."""
        return self.game.legal_actions(self.state, seat)

    def mask(self, seat: int) -> np.ndarray:
        """The int8 mask of ``seat``'s legal codes over the game's action space."""
        out = bytearray(self.no_actions)
        for code in self.game.legal_actions(self.state, seat):
            out[code] = 1
        return np.frombuffer(out, np.int8)

    def view(self, seat: int | None):
        return self.game.view(self.state, seat)

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation vector, from its view alone (an encoder's ``observe``
        reads the state's fields that make the view, the same vector faster)."""
        return self.observe_state(self.state, seat)

    def readable(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view as a dict of plain values."""
        return readable(self.game.view(self.state, seat))

    # -- acting -------------------------------------------------------------------------
    def step(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat``; :class:`IllegalMove` (the reason) if it is not legal now."""
        if isinstance(action, np.integer):
            action = int(action)
        if self.events:
            self.state, events = self.game.apply(self.state, seat, self.game.checked_move(self.state, seat, action))
            for event in events:
                for s in range(self.players):
                    if event.visible(s):
                        self.seen[s].append(event)
        else:
            self.state = self.game.step(self.state, seat, action)
        self.steps += 1

    def why_illegal(self, seat: int, action: Any) -> str | None:
        """Why ``action`` is not legal for ``seat`` now, or ``None`` (changes nothing)."""
        try:
            self.game.checked_move(self.state, seat, int(action) if isinstance(action, np.integer) else action)
        except IllegalMove as exc:
            return str(exc)
        return None

    def describe(self, seat: int, action: int) -> str:
        """The words for ``action`` (a legal code of ``seat``)."""
        return self.game.describe_move(self.game.move_of(self.state, seat, action))

    # -- the end ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def truncated(self) -> bool:
        return self.max_steps is not None and self.steps >= self.max_steps and not self.over

    def rewards(self) -> list[float]:
        """Each seat's reward: 0 until the game is over (and for a truncated game)."""
        if not self.over:
            return [0.0] * self.players
        outcome = self.game.outcome(self.state)
        if self.reward == "places":
            return place_rewards(tuple(outcome.places))
        sign = POINTS_SIGN.get(self.game.id, 1)
        return [float(sign * points) for points in outcome.points]

    def render(self) -> str:
        """The public table in text, with whose turn it is."""
        public = self.readable(None)
        lines = [f"{self.game.name}, {self.players} players, step {self.steps}"]
        lines += [f"  {key}: {value}" for key, value in public.items() if key not in ("options", "player", "card_set")]
        return "\n".join(lines)
