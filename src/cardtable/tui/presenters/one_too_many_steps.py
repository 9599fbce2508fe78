"""One Too Many's table, event by event: the public view as it is once each event of a turn
has happened, so the center, the piles and the deck fill in card by card with the log.

Only what the events say is changed: a draw puts its card in the center (in rank order) or
on its drawer's pile, a pass or a bank scores a pile, a shuffle sets the deck's size, the
reveal shows the numbers. The bust and the round's end change nothing here: the table shows
them with the view after the whole move, once the log has told them.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.cards import parse_card
from ...core.engine import Event
from ...core.evolve import put
from ...games.one_too_many import View
from ...games.one_too_many.events import Banked, Drawn, NumbersShown, Shuffle
from ...games.one_too_many.runs import longest_run, rank_mask


def step(view: View, event: Event) -> View:
    """``view`` once ``event`` has happened (``view`` itself for an event that changes nothing shown)."""
    if event.kind == "draw":
        return _draw(view, event.payload(Drawn))
    if event.kind in ("pass", "bank"):
        return _bank(view, event.payload(Banked), event.kind == "pass")
    if event.kind == "shuffle":
        return replace(view, deck_size=event.payload(Shuffle).size)
    if event.kind == "reveal":
        shown = dict(event.payload(NumbersShown).asks)
        last = tuple(shown.get(seat, view.last_reveal[seat]) for seat in range(view.players))
        return replace(view, last_reveal=last, choices=(), to_act=())
    return view


def _draw(view: View, drawn: Drawn) -> View:
    card = parse_card(drawn.card)
    if drawn.to == "center":
        center = tuple(sorted((*view.center, card)))
        return replace(view, center=center, longest_run=longest_run(rank_mask(center)), deck_size=view.deck_size - 1)
    pile = (*view.piles[drawn.seat], card)
    return replace(view, piles=put(view.piles, drawn.seat, pile), deck_size=view.deck_size - 1)


def _bank(view: View, banked: Banked, passing: bool) -> View:
    seat = banked.seat
    back = len(view.piles[seat])  # (the pile goes back into the deck)
    return replace(
        view,
        scores=put(view.scores, seat, banked.score),
        piles=put(view.piles, seat, ()),
        in_round=put(view.in_round, seat, False),
        passed_on=put(view.passed_on, seat, banked.turn) if passing else view.passed_on,
        deck_size=view.deck_size + back,
    )
