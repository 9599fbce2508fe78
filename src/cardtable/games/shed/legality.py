"""Which Shed moves are legal now.

``why_illegal`` is the rule: ``None`` for a legal move, else the reason in
words. ``candidate_moves`` lists a superset of the legal moves, and
``legal_moves`` the legal ones directly (a test checks over many random games
that it agrees with filtering the candidates through ``why_illegal``).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

from ...core.cards import Card
from .cards import FULL_DECK, Cards, in_order
from .moves import Done, Exchange, Move, PickUp, Play, PlayFaceDown
from .ranks import FOLLOWS, may_follow, rank_plural, why_not_follow
from .state import EXCHANGE, PLAY, ShedState

PICK_UP = PickUp()
DONE = Done()
FACE_DOWN = tuple(PlayFaceDown(i) for i in range(len(FULL_DECK)))


SEATS = tuple((seat,) for seat in range(16))  # to_act's answers in play, shared


def to_act(state: ShedState) -> tuple[int, ...]:
    if state.phase == PLAY:
        return SEATS[state.turn]
    if state.phase == EXCHANGE:
        return tuple(p for p, done in enumerate(state.done) if not done)
    return ()


@cache
def group_plays(group: Cards) -> tuple[Play, ...]:
    """Every play of a group of cards of one rank (in the usual order): each card
    alone, then each pair, and so on. Plays are immutable, so they are shared
    (and the groups are few: 11 of each rank)."""
    return tuple(Play(combo) for k in range(1, len(group) + 1) for combo in combinations(group, k))


SINGLE = {card: Play((card,)) for card in FULL_DECK}  # the play of one card, by card


def playable_cards(source: Cards, stack: Cards, nine_plays_lower: bool, start_rank: int) -> list[Card]:
    """The cards of ``source`` of a rank that may go on ``stack`` (and is
    ``start_rank``, if that is set), in the usual order (by rank, then suit:
    ``order_key``'s, by the cards' own comparison)."""
    ok = FOLLOWS[nine_plays_lower][stack[-1][0] if stack else 0]
    cards = [card for card in source if ok[card[0]]]
    if start_rank:
        cards = [card for card in cards if card[0] == start_rank]
    cards.sort()
    return cards


def plays(source: Cards, stack: Cards, nine_plays_lower: bool, start_rank: int) -> list[Move]:
    """The plays of the ``playable_cards`` of ``source``, by rank, then as
    ``group_plays``. (The cards are picked and put in order by builtins, then
    walked once for their groups: 1.9 -> 1.2 us a hand.)"""
    playable = playable_cards(source, stack, nine_plays_lower, start_rank)
    if len(playable) < 2:
        return [SINGLE[playable[0]]] if playable else []
    moves: list[Move] = []
    # The walk keeps the first card of the current rank, and starts a group
    # only when a second card of that rank comes (most ranks have one card):
    # 18.5k -> 16.9k instructions a call.
    first, rank, group = playable[0], playable[0][0], None
    for card in playable[1:]:
        if card[0] == rank:
            if group is None:
                group = [first]
            group.append(card)
            continue
        if group is None:
            moves.append(SINGLE[first])
        else:
            moves.extend(group_plays(tuple(group)))
            group = None
        first, rank = card, card[0]
    if group is None:
        moves.append(SINGLE[first])
    else:
        moves.extend(group_plays(tuple(group)))
    return moves


def candidate_moves(state: ShedState, player: int) -> list[Move]:
    if state.phase == EXCHANGE:
        return list(exchanges(state.hand(player), state.up[player]))
    if state.phase != PLAY:
        return []
    hand = state.hand(player)
    source = hand if hand else state.up[player]
    if source:
        # A superset of the legal plays: why_illegal decides.
        moves = plays(source, state.stack, state.options.nine_plays_lower, 0)
    else:
        moves = list(FACE_DOWN[: len(state.down[player])])
    if state.stack:
        moves.append(PICK_UP)
    return moves


def legal_moves(state: ShedState, player: int) -> list[Move] | tuple[Move, ...]:
    """The candidates filtered by ``why_illegal``, built directly.

    In the exchange every candidate of a seat not yet done is legal. In play
    the candidates from the hand (or, once the hand is empty, from the
    face-up cards or the face-down ones) are legal too, but for two rules
    that remove whole groups: the opening play's rank, and face-up cards
    only once the deck is gone. Same moves, same order.
    """
    phase = state.phase
    if phase == PLAY:
        if player != state.turn:
            return []
        stack = state.stack
        hand = state.hands[player] + state.known[player]
        if hand:
            moves = plays(hand, stack, state.options.nine_plays_lower, state.start_rank)
        elif state.up[player]:
            moves = (
                [] if state.deck else plays(state.up[player], stack, state.options.nine_plays_lower, state.start_rank)
            )
        else:
            moves = list(FACE_DOWN[: len(state.down[player])])
        if stack:
            moves.append(PICK_UP)
        return moves
    if phase == EXCHANGE and not state.done[player]:
        return exchanges(state.hand(player), state.up[player])
    return []


@lru_cache(maxsize=4096)
def exchanges(hand: Cards, up: Cards) -> tuple[Move, ...]:
    """Every swap of a card of ``hand`` (in the usual order) with one of
    ``up``, then ``Done``: shared moves, as a seat may swap many times."""
    return (*[Exchange(h, u) for h in in_order(hand) for u in up], DONE)


def why_illegal(state: ShedState, player: int, move: Move) -> str | None:
    kind = type(move)
    if state.phase == EXCHANGE:
        return _why_exchange_illegal(state, player, move)
    if state.phase != PLAY:
        return "the game is over"
    if kind is Exchange or kind is Done:
        return "the exchange is over: play has started"
    if kind is PickUp:
        return None if state.stack else "there is no stack to pick up: play any card"
    has_hand = bool(state.hands[player]) or bool(state.known[player])
    if isinstance(move, PlayFaceDown):
        if has_hand:
            return "you must play the cards in your hand before your table cards"
        if state.up[player]:
            return "you must play your face-up cards before your face-down cards"
        count = len(state.down[player])
        if not 0 <= move.index < count:
            return f"there is no face-down card at position {move.index} (you have {count})"
        return None  # whether it may stay on the stack is only known once it is turned over
    if isinstance(move, Play):
        return why_play_illegal(state, player, move.cards, has_hand)
    return f"{kind.__name__} is not a move of Shed"


def _why_exchange_illegal(state: ShedState, player: int, move: Move) -> str | None:
    if isinstance(move, Exchange):
        if state.done[player]:
            return "you have already finished exchanging"
        if move.hand_card not in state.hands[player] and move.hand_card not in state.known[player]:
            return f"{move.hand_card.face} is not in your hand"
        if move.face_up_card not in state.up[player]:
            return f"{move.face_up_card.face} is not one of your face-up cards"
        return None
    if isinstance(move, Done):
        return "you have already finished exchanging" if state.done[player] else None
    return "play starts when every player has finished exchanging"


def why_play_illegal(state: ShedState, player: int, cards: Cards, has_hand: bool) -> str | None:
    count = len(cards)
    if not count:
        return "a play needs at least one card"
    rank = cards[0][0]
    if count > 1:
        if len(set(cards)) != count:
            return "a card is named twice in the play"
        for card in cards:
            if card[0] != rank:
                return "the cards of one play must all be of one rank"
    hand = state.hands[player] + state.known[player] if has_hand else ()
    in_hand = 0
    for card in cards:
        if card in hand:
            in_hand += 1
    if in_hand != count:
        reason = _why_source_illegal(state, player, cards, hand, in_hand, has_hand)
        if reason is not None:
            return reason
    if state.start_rank and rank != state.start_rank:
        return (
            f"the opening play must be of {rank_plural(state.start_rank)}, the lowest card of rank 3 or above in hand"
        )
    stack = state.stack
    if stack:
        top = stack[-1]
        nine = state.options.nine_plays_lower
        if not may_follow(rank, top, nine):
            return why_not_follow(rank, top, nine)
    return None


def _why_source_illegal(
    state: ShedState, player: int, cards: Cards, hand: Cards, in_hand: int, has_hand: bool
) -> str | None:
    """Why a play not all from the hand may not be made (``None``: from the face-up cards, allowed)."""
    up = state.up[player]
    for card in cards:
        if card not in hand and card not in up:
            return f"you do not hold {card.face}"
    if in_hand:
        return "a play is all from the hand or all from the face-up cards, never both"
    if has_hand:
        return "you must play the cards in your hand before your face-up cards"
    if state.deck:
        return "face-up cards may be played only once the draw deck is gone"
    return None
