"""The events a turn of One Too Many makes. Events are immutable, so those
that repeat (a draw, a secret choice, a bust) are built once and shared, and
so are the texts that repeat (a bank's, a reveal's): under the profiler the
bust's and the reveal's texts were a fifth of a turn's resolution."""

from __future__ import annotations

from functools import cache, lru_cache

from ...core.cards import Card, Suit, cards_text
from ...core.engine import Event
from .runs import longest_run_cards
from .state import OneTooManyState

_DIAMONDS = Suit.DIAMONDS


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@cache
def bank_text(kind: str, seat: int, points: int) -> str:
    if kind == "pass":
        return f"{{p{seat}}} passes and banks {_plural(points, 'point')}"
    return f"{{p{seat}}} banks {_plural(points, 'point')}"


@cache
def shuffle_event(size: int) -> Event:
    return Event("shuffle", f"The deck is shuffled ({_plural(size, 'card')})", None, (("size", size),))


@cache
def redo_event(seat: int, use: bool) -> Event:
    return Event(
        "redo",
        f"{{p{seat}}} uses the Redo" if use else f"{{p{seat}}} keeps the Redo for later",
        None,
        (("seat", seat), ("use", use)),
    )


@cache
def draw_event(seat: int, card: Card) -> Event:
    """``seat`` draws ``card``: a Diamond into the center, any other onto their
    pile (built once per seat and card, as events are immutable)."""
    if card.suit is _DIAMONDS:
        return Event(
            "draw",
            f"{{p{seat}}} draws {card.face} into the center",
            None,
            (("seat", seat), ("card", card.code), ("to", "center")),
        )
    return Event(
        "draw",
        f"{{p{seat}}} draws {card.face} onto their pile",
        None,
        (("seat", seat), ("card", card.code), ("to", "pile")),
    )


@lru_cache(maxsize=4096)  # events are immutable: built once per center and player count
def bust_event(center: tuple[Card, ...], players: int) -> Event:
    """The bust: the longest run of Diamonds in ``center``."""
    run = longest_run_cards(center)
    return Event(
        "bust",
        f"Bust! The Diamonds {cards_text(run)} make a run of {len(run)}, longer than the {players} players",
        None,
        (("run", tuple(c.code for c in run)), ("length", len(run))),
    )


@cache
def greediest_event(seat: int, most: int, keep: Card | None) -> Event:
    """``seat`` asked for the most in a bust and keeps ``keep`` (built once, as ``draw_event``)."""
    kept_text = f"keeps {keep.face}" if keep is not None else "has no card to keep"
    return Event(
        "greediest",
        f"{{p{seat}}} asked for the most ({most}): scores nothing this round, "
        f"{kept_text}, and holds a Redo for the next round",
        None,
        (("seat", seat), ("asked", most), ("kept", None if keep is None else keep.code)),
    )


@cache
def choice_events(player: int, count: int) -> tuple[Event, Event]:
    """A secret number chosen: the public event, and the chooser's own. Events
    are immutable, so each is built once and shared."""
    return (
        Event("choose", f"{{p{player}}} has chosen a number", None, (("seat", player),)),
        Event(
            "choose",
            f"{{p{player}}} asks for {count} (secret until shown)",
            frozenset((player,)),
            (("seat", player), ("count", count)),
        ),
    )


@cache
def redo_choice_events(player: int, use: bool) -> tuple[Event, Event]:
    """A Redo decided: the public event, and the decider's own (built once, as ``choice_events``)."""
    return (
        Event("redo_choice", f"{{p{player}}} has decided about the Redo", None, (("seat", player),)),
        Event(
            "redo_choice",
            f"{{p{player}}} {'uses' if use else 'keeps'} the Redo (secret until all decide)",
            frozenset((player,)),
            (("seat", player), ("use", use)),
        ),
    )


def reveal_event(shown: tuple[tuple[int, int], ...], state: OneTooManyState, redo: bool) -> Event:
    """The numbers shown (``(seat, number)`` by seat: everyone's, or with a
    Redo the new ones)."""
    return Event(
        "reveal",
        _reveal_text(shown, redo),
        None,
        (("asks", shown), ("round", state.round), ("turn", state.turn), ("redo", redo)),
    )


@lru_cache(maxsize=4096)  # the numbers shown repeat within a game
def _reveal_text(shown: tuple[tuple[int, int], ...], redo: bool) -> str:
    parts = ", ".join(f"{{p{seat}}} passes" if count == 0 else f"{{p{seat}}} asks for {count}" for seat, count in shown)
    return f"{'New numbers shown' if redo else 'Numbers shown'}: {parts}"


class Unlogged(list[Event]):
    """Where a step that was not asked for its events puts them: nowhere. The
    draws' events are handed over as a lazy ``map`` that is never run (One
    Too Many's step: see docs/performance.md)."""

    def append(self, event: object) -> None:
        pass

    def extend(self, events: object) -> None:
        pass
