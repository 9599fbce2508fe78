"""Shed's action space: 281 codes. A play names a rank, a count and a zone,
not which suits: Shed's rules never look at a suit, so a code plays the
cards of that rank in the usual order (lowest suit first).

=========  ===========================================================
code       action
=========  ===========================================================
0-103      play ``count`` cards of ``rank`` from ``zone``:
           ``52 * zone + 4 * (rank - 2) + count - 1`` (zone 0: the hand,
           1: the face-up cards; ranks 2 to 14, Ace high; count 1 to 4)
104-109    turn over the face-down card at that place (104: the leftmost)
110        pick up the stack
111-279    the exchange: swap a hand card of rank ``a`` for a face-up
           card of rank ``b``: ``111 + 13 * (a - 2) + b - 2``
280        finish exchanging
=========  ===========================================================
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.cards import Card
from .cards import Cards
from .legality import DONE, FACE_DOWN, PICK_UP, playable_cards
from .moves import Done, Exchange, Move, PickUp, Play, PlayFaceDown
from .state import EXCHANGE, PLAY, ShedState
from .transitions import perform, pick_up, play

ZONE = 52  # codes per zone
FACE_DOWN_CODE = 2 * ZONE  # 104
MOST_FACE_DOWN = 6  # the deal's largest row (two players)
PICK_UP_CODE = FACE_DOWN_CODE + MOST_FACE_DOWN  # 110
EXCHANGE_CODE = PICK_UP_CODE + 1  # 111
DONE_CODE = EXCHANGE_CODE + 13 * 13  # 280
ACTION_COUNT = DONE_CODE + 1

HAND, FACE_UP = 0, 1


#: What ``listing`` gives with the codes of the plays: the playable cards in the
#: usual order, and the index of each rank's first card there (a play's cards
#: are then one slice: ``step`` finds them without looking through the hand again)
Playable = tuple[list[Card], dict[int, int]]
NO_PLAYS: Playable = ([], {})


def play_codes(
    source: Cards, zone: int, stack: Cards, nine_plays_lower: bool, start_rank: int
) -> tuple[list[int], Playable]:
    """The codes of every play from ``source`` that may go on ``stack`` (of
    ``start_rank`` if that is set): by rank, each count from 1 up; and the
    playable cards (``Playable``)."""
    playable = playable_cards(source, stack, nine_plays_lower, start_rank)
    base = ZONE * zone - 9  # (rank 2, count 1 is the zone's first code)
    codes = []
    starts: dict[int, int] = {}
    for i, card in enumerate(playable):
        rank = card[0]
        first = starts.setdefault(rank, i)
        codes.append(base + 4 * rank + i - first + 1)
    return codes, (playable, starts)


@lru_cache(maxsize=4096)
def exchange_codes(hand: Cards, up: Cards) -> tuple[int, ...]:
    """Every swap of a hand card's rank with a face-up card's rank, then done."""
    ranks = sorted({card[0] for card in hand})
    row = sorted({card[0] for card in up})
    return (*[EXCHANGE_CODE + 13 * (a - 2) + b - 2 for a in ranks for b in row], DONE_CODE)


def legal_actions(game: Any, state: ShedState, seat: int) -> tuple[int, ...]:
    """``legality.legal_moves`` as codes: the same choices, suits aside;
    remembered for ``step`` with the cards its plays are of (``Playable``).
    (``Shed.legal_actions``: a method written here, one call a step, as ``step``.)"""
    phase = state.phase
    found = NO_PLAYS
    codes: tuple[int, ...] = ()
    if phase == PLAY:
        if seat == state.turn:
            stack = state.stack
            hand = state.hands[seat] + state.known[seat]
            listed: list[int] = []
            if hand:
                listed, found = play_codes(hand, HAND, stack, state.options.nine_plays_lower, state.start_rank)
            elif state.up[seat]:
                if not state.deck:
                    listed, found = play_codes(
                        state.up[seat], FACE_UP, stack, state.options.nine_plays_lower, state.start_rank
                    )
            else:
                listed = list(range(FACE_DOWN_CODE, FACE_DOWN_CODE + len(state.down[seat])))
            if stack:
                listed.append(PICK_UP_CODE)
            codes = tuple(listed)
    elif phase == EXCHANGE and not state.done[seat]:
        codes = exchange_codes(state.hand(seat), state.up[seat])
    game._codes = (state, seat, codes, found)
    return codes


def step(game: Any, state: ShedState, seat: int, action: object) -> ShedState:
    """``Shed.step``: a code ``legal_actions`` just listed for this very state
    and seat is played at once (a play's cards one slice of the listing's);
    any other is checked by ``Game.step``'s path (``checked_move``), refused
    with the reason if it is not legal."""
    listed, listed_seat, codes, found = game._codes
    if listed is not state or listed_seat != seat or type(action) is not int or action not in codes:
        new: ShedState = game.apply(state, seat, game.checked_move(state, seat, action))[0]
        return new
    if action < FACE_DOWN_CODE:  # (the usual step: a play)
        return play(state, seat, listed_play(found, action), False)[0]
    if action == PICK_UP_CODE:
        return pick_up(state, seat, False)[0]
    return perform(state, seat, move_of(state, seat, action))[0]


def listed_play(found: Playable, action: int) -> Cards:
    """The cards of a play code that ``listing`` listed with ``found``."""
    playable, starts = found
    rest = action % ZONE
    first = starts[rest // 4 + 2]
    return tuple(playable[first : first + rest % 4 + 1])


def first_of(cards: Cards, rank: int, count: int) -> Cards:
    """The first ``count`` cards of ``rank`` in ``cards``, in the usual order."""
    chosen = [card for card in cards if card[0] == rank]
    if len(chosen) > 1:
        chosen.sort()  # (one deck: by rank then suit, the usual order)
    return tuple(chosen[:count])


def played(state: ShedState, seat: int, action: int) -> Cards:
    """The cards a play code plays (fewer than its count if the seat lacks them)."""
    zone, rest = divmod(action, ZONE)
    source = state.hands[seat] + state.known[seat] if zone == HAND else state.up[seat]
    return first_of(source, rest // 4 + 2, rest % 4 + 1)


def move_of(state: ShedState, seat: int, action: int) -> Move:
    if action < FACE_DOWN_CODE:
        cards = played(state, seat, action)
        if len(cards) < action % 4 + 1:
            raise ValueError(f"code {action} plays {action % 4 + 1} cards of a rank that seat {seat + 1} lacks there")
        return Play(cards)
    if action < PICK_UP_CODE:
        return FACE_DOWN[action - FACE_DOWN_CODE]
    if action == PICK_UP_CODE:
        return PICK_UP
    if action == DONE_CODE:
        return DONE
    a, b = divmod(action - EXCHANGE_CODE, 13)
    hand, up = first_of(state.hand(seat), a + 2, 1), first_of(state.up[seat], b + 2, 1)
    if not hand or not up:
        raise ValueError(f"code {action} swaps ranks that seat {seat + 1} does not hold")
    return Exchange(hand[0], up[0])


def action_of(state: ShedState, seat: int, move: object) -> int:
    """The code of ``move`` (``ValueError`` if it has none)."""
    if type(move) is Play:  # (type(move) each time: mypy narrows move by it)
        cards: tuple[Card, ...] = move.cards
        ranks = {getattr(card, "rank", None) for card in cards}
        if not cards or len(ranks) != 1 or len(cards) > 4 or not isinstance(cards[0], Card) or cards[0].suit is None:
            raise ValueError("a play is of one to four cards of one rank")
        zone = HAND if state.hand_count(seat) or cards[0] not in state.up[seat] else FACE_UP
        return ZONE * zone + 4 * (cards[0][0] - 2) + len(cards) - 1
    if type(move) is PlayFaceDown and type(move.index) is int and 0 <= move.index < MOST_FACE_DOWN:
        return FACE_DOWN_CODE + move.index
    if type(move) is PickUp:
        return PICK_UP_CODE
    if type(move) is Done:
        return DONE_CODE
    if type(move) is Exchange and all(
        isinstance(c, Card) and c.suit is not None for c in (move.hand_card, move.face_up_card)
    ):
        return EXCHANGE_CODE + 13 * (move.hand_card[0] - 2) + move.face_up_card[0] - 2
    raise ValueError(f"{move!r} is not a move of Shed with a code")
