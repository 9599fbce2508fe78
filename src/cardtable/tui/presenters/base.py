"""What a presenter gives the table: plain, immutable descriptions built from a
player's view and the engine's legal moves. No rule is decided here: a card is
"playable" because some legal move uses it, and a refusal's reason comes from
the engine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Generic, TypeVar

from textual.content import Content
from textual.widget import Widget

from ...core.engine import Event, Game, SeatView
from ..cardfaces import CardStyle

V = TypeVar("V", bound=SeatView)  # the game's view

#: The table's action keys: (action id, key, footer label). A game uses some of them.
ACTION_KEYS: tuple[tuple[str, str, str], ...] = (
    ("draw", "d", "Draw"),
    ("pass", "p", "Pass"),
    ("pick_up", "t", "Pick up"),
    ("done", "f", "Finish exchange"),
)


def key_ref(action: str) -> str:
    """Where a hint names ``action``'s key (an ACTION_KEYS id): the table writes there the
    key in effect (the settings file's keymap may change it); :func:`with_keys` does."""
    return f"{{key:{action}}}"


def with_keys(text: str, keys: Mapping[str, str] | None = None) -> str:
    """``text`` with each :func:`key_ref` replaced by its key (default: ACTION_KEYS' keys)."""
    if "{key:" not in text:
        return text
    keys = keys if keys is not None else {action: key for action, key, _ in ACTION_KEYS}
    for action, key in keys.items():
        text = text.replace(key_ref(action), key)
    return text


KNOWN_MARK = "•"  # drawn above a hand card the other players know (CardItem.known)


@dataclass(frozen=True)
class CardItem:
    key: str  # unique in its area, e.g. "hand:3"
    card: Any  # a Card, or None for a face-down card
    playable: bool  # some legal move uses it now
    group: Any = None  # items of one group may be selected together (Shed: the rank)
    known: bool = False  # a hand card the other players know (drawn with a mark)


@dataclass(frozen=True)
class CardRow:
    key: str
    title: str
    items: tuple[CardItem, ...]
    multi: bool = False  # several items of one group may be selected


@dataclass(frozen=True)
class ActionSpec:
    action: str  # one of ACTION_KEYS' ids
    label: str
    move: Any = None  # the legal move, or None when the action is not legal now


@dataclass(frozen=True)
class PrivateArea:
    """The viewer's own cards; ``active`` when it is their turn to choose."""

    title: str
    rows: tuple[CardRow, ...]
    actions: tuple[ActionSpec, ...] = ()
    active: bool = False
    hint: str = ""  # one line under the cards: what to do now

    def action(self, action_id: str) -> ActionSpec | None:
        return next((a for a in self.actions if a.action == action_id), None)


@dataclass(frozen=True)
class Choice:
    label: str | Content
    move: Any
    key: str = ""  # a key that picks it at once (e.g. "s" for Spades)


@dataclass(frozen=True)
class Picker:
    """Several legal moves match what was chosen: which one?"""

    title: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Prompt:
    """A secret choice made on its own screen (One Too Many's numbers and Redo)."""

    title: str
    lines: tuple[str | Content, ...]
    numbers: tuple[int, ...] = ()  # allowed numbers (a number prompt)
    choices: tuple[Choice, ...] = ()  # or a list of choices
    number_move: Any = None  # callable: number -> move
    low_high: tuple[int, int] = (0, 0)  # the range shown
    status: str = ""  # the table's status line meanwhile (default: "<name> is choosing…")


@dataclass(frozen=True)
class Reveal:
    """Simultaneous choices shown all at once."""

    title: str
    rows: tuple[tuple[str, str], ...]  # (name, what they chose)
    note: str = ""
    over_table: bool = False  # shown over the table, which stays in sight (to judge a card against it)


@dataclass(frozen=True)
class Summary:
    """Between rounds or hands: this one's points and the totals."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    next: str = "Next round"  # the button, unless it was the last (the game's word: "Next hand")


class TableWidget(Widget):
    """A game's public table: set ``show(view, names, style, events)``; it renders from that only
    (``events``: the public events the log has shown, the last move's among them, which the table
    marks). ``revealing``: the numbers just revealed are shown (until the draws are done)."""

    revealing: bool = False

    def show(
        self, view: Any, names: Sequence[str], style: CardStyle, events: Sequence[Event] = ()
    ) -> None:  # pragma: no cover
        raise NotImplementedError


class Presenter(ABC, Generic[V]):
    """One per game: turns views (of type ``V``, the game's view) and legal moves
    into what the table draws."""

    game: Game
    #: the ids (from ACTION_KEYS) of the action keys this game uses
    actions: tuple[str, ...] = ()
    #: whether moves are made in a prompt screen (secret numbers) rather than on the table
    uses_prompt: bool = False

    @property
    def game_id(self) -> str:
        return self.game.id

    @abstractmethod
    def make_table(self) -> TableWidget:
        """A new public-table widget for this game."""

    @abstractmethod
    def headline(self, view: V, names: Sequence[str]) -> str:
        """One line: round or hand, whose turn, the target."""

    def private_area(self, view: V, legal: Sequence[Any], style: CardStyle) -> PrivateArea | None:
        """The viewer's own cards (``view.player`` is not None); ``legal`` is empty when
        it is not their turn."""
        return None

    def moves_for(self, view: V, legal: Sequence[Any], keys: Sequence[str]) -> list[Any]:
        """The legal moves that play exactly the chosen items."""
        return []

    def keys_for(self, view: V, area: PrivateArea, move: Any) -> tuple[str, ...]:
        """The items that make ``move`` (to show a hint on the hand): those that make it
        alone, or a group chosen together; () for a move made with an action key (draw, pass...)."""
        # every item that makes it alone (Shed's exchange: the hand card and the face-up card)
        alone = tuple(
            item.key
            for row in area.rows
            for item in row.items
            if item.playable and move in self.moves_for(view, [move], (item.key,))
        )
        if alone:
            return alone
        for row in area.rows:
            playable = [item for item in row.items if item.playable]
            if row.multi:
                groups: dict[Any, list[str]] = {}
                for item in playable:
                    groups.setdefault(item.group, []).append(item.key)
                for keys in groups.values():
                    for size in range(2, len(keys) + 1):
                        for chosen in combinations(keys, size):
                            if move in self.moves_for(view, [move], chosen):
                                return chosen
        return ()

    def irreversible(self, events: Sequence[Event]) -> str | None:
        """Why the move that made ``events`` may not be taken back by an undo (it made
        secret choices public), in one line; None if it may."""
        return None

    def probe(self, view: V, keys: Sequence[str]) -> Any:
        """A move that would play the chosen items, to ask the engine why it is refused."""
        return None

    def picker(self, view: V, moves: Sequence[Any], style: CardStyle) -> Picker:
        return Picker("Which move?", tuple(Choice(self.game.describe_move(m), m) for m in moves))

    def prompt(self, view: V, legal: Sequence[Any], names: Sequence[str]) -> Prompt | None:
        return None

    def confirm_text(self, view: V, move: Any, names: Sequence[str]) -> str:
        text = self.game.describe_move(move)
        return text[:1].upper() + text[1:] + "?"

    def reveal(self, events: Sequence[Event], view: V, names: Sequence[str]) -> Reveal | None:
        """A reveal screen for these events (simultaneous choices shown), if any."""
        return None

    def summary(self, events: Sequence[Event], view: V, names: Sequence[str]) -> Summary | None:
        """A between-rounds summary for these events, if a round or hand ended."""
        return None

    def aftermath(self, events: Sequence[Event], names: Sequence[str]) -> Reveal | None:
        """What a player's own move showed them (a card turned over) that they should see
        before the curtain falls for the next player, if anything."""
        return None

    def still_playing(self, view: Any) -> tuple[int, ...]:
        """The seats that still have moves to make in this game (from the public view)."""
        return tuple(range(view.players))

    def loggable(self, event: Event) -> bool:
        """Whether the log shows this event (to a viewer who may see it)."""
        return True

    def logged_for(self, event: Event, viewer: int | None) -> bool:
        """Whether ``viewer``'s log shows ``event`` (``None``: the public log): the one
        filter of the table's log, the history, the replay viewer and a computer's move."""
        return event.visible(viewer) and self.loggable(event)

    def heading(self, event: Event | None) -> str | None:
        """The heading a new part of the game gets in the history and the replay viewer
        (a round, a hand, a phase) when ``event`` starts one; ``None`` asks for the
        heading of the game's start. No heading: ``None``."""
        return None

    def is_secret(self, move: Any) -> bool:
        """Whether a move stays hidden until a reveal (a computer's is then shown only as "has chosen")."""
        return False

    def step_view(self, view: V, event: Event) -> V | None:
        """The public ``view`` as it is once ``event`` has happened, for a table that follows a
        move's events one by one with the log (One Too Many's draws, card by card); None: this
        game's table shows the view after the whole move at once."""
        return None
