"""One-Card's action space: 72 codes, in the style of OpenSpiel's crazy_eights
(a play names a card's face, so the three decks' copies of a card are one code).

=========  ===========================================================
code       action
=========  ===========================================================
0-53       play the card of face ``f``: its place in one deck (``♣`` 2 to A
           are 0-12, then ``♦`` 13-25, ``♥`` 26-38, ``♠`` 39-51, the
           black Joker 52, the red Joker 53). The four 7s' own codes (5,
           18, 31, 44) are never legal: a 7 is played naming a suit.
54-69      play the 7 of suit ``s`` naming suit ``t``: ``54 + 4 * s + t``
           (suits in the order ``♣ ♦ ♥ ♠``, 0 to 3)
70         draw (under an attack: take the whole penalty)
71         pass (on an empty draw pile, or losing the turn to a Jack)
=========  ===========================================================

A play of a face takes the first copy of it in the hand. The legal codes are
the hand's card ids translated to codes by one ``bytes.translate`` with the
situation's table (built the first time it is met), where a card that may
not be played becomes ``NONE``, then taken out by one ``replace``: two calls
into C in place of a loop over the hand.
"""

from __future__ import annotations

from typing import Any

from ...core.cards import Rank, Suit
from ...core.engine import Game
from .legality import DRAW, PASS, last_card_blocked
from .moves import Draw, Pass, Play
from .state import State
from .tables import ALL_CARDS, ANSWERS, COUNTERS, GOOD, ID, PLAYS, RANK, SUIT, Lazy, Mask
from .transitions import draw, pass_turn, play

FACES = 54  # the faces of one deck with its two Jokers: ``card id % FACES`` is the face
SEVENS = 54  # the first "play a 7 naming a suit" code
DRAW_CODE = 70
PASS_CODE = 71
ACTION_COUNT = 72

IDS = range(len(ALL_CARDS))
NONE = b"\xff"  # what a card that may not be played translates to (then taken out)
SEVEN = b"\xfe"  # what a 7 that may be played translates to (then its four codes listed)
SEVEN_CODE = SEVEN[0]
#: per card id of a 7: its four codes, naming each suit
SEVEN_CODES = {i: bytes(SEVENS + 4 * (SUIT[i] or 0) + t for t in Suit) for i in IDS if RANK[i] == Rank.SEVEN}
NOT_SEVENS = bytes(i for i in IDS if RANK[i] != Rank.SEVEN)  # to delete every card but the 7s
TO_FACE = bytes(i % FACES for i in IDS) + NONE * (256 - len(IDS))  # per card id, its face
#: per face, the card ids of its copies, in deck order
COPIES = tuple(tuple(range(face, len(ALL_CARDS), FACES)) for face in range(FACES))
SEVEN_FACE = {suit: 13 * suit + (Rank.SEVEN - 2) for suit in Suit}  # the face of the 7 of each suit
ONE = tuple(bytes((i,)) for i in range(256))  # each byte value as a one-byte bytes
DRAW_BYTE = bytes((DRAW_CODE,))
PASS_BYTE = bytes((PASS_CODE,))


def to_codes(mask: Mask) -> bytes:
    """The ``translate`` table of a situation: each card id that ``mask`` says
    may be played to its code, every other id to ``NONE``; a 7 (whose four
    codes are listed apart) to ``SEVEN``."""
    playable = [(SEVEN_CODE if RANK[i] == Rank.SEVEN else i % FACES) if mask[i] else NONE[0] for i in IDS]
    return bytes(playable) + NONE * (256 - len(IDS))


#: a normal turn, by the top card's rank and the suit in force (each table built once, when first met)
CODES_GOOD: tuple[Lazy[Suit | None, bytes], ...] = tuple(
    Lazy(lambda suit, rank=rank: to_codes(GOOD[rank][suit])) for rank in range(max(Rank) + 1)
)
CODES_ON: Lazy[int, bytes] = Lazy(
    lambda top: CODES_GOOD[RANK[top]][SUIT[top]]
)  # by the top card's id, its own suit in force
CODES_NAMED = CODES_GOOD[Rank.SEVEN]  # on a 7, by the suit named
CODES_COUNTERING: dict[tuple[bool, bool], Lazy[int, bytes]] = {
    key: Lazy(lambda top, masks=masks: to_codes(masks[top])) for key, masks in COUNTERS.items()
}
CODES_ANSWERING: dict[tuple[bool, bool], Lazy[int, bytes]] = {
    key: Lazy(lambda top, masks=masks: to_codes(masks[top])) for key, masks in ANSWERS.items()
}


#: What ``legal_actions`` last listed: (state, seat, the seat's hand, the hand translated by
#: the situation's table (a code or ``NONE`` or ``SEVEN`` per card, in hand
#: order), the codes). ``step`` trusts a code listed for that very state, and
#: finds the card a face's code plays at its place in the translated hand. One
#: tuple, replaced whole: safe between threads; shared by every ``OneCard``
#: (a state is listed by identity, whichever game object listed it).
Listed = tuple[State | None, int, bytes, bytes, bytes]
LISTED: list[Listed] = [(None, -1, b"", b"", b"")]


def legal_actions(game: Game[Any, Any, Any, Any], state: State, seat: int) -> bytes:
    """``seat``'s legal codes (``b""`` unless they are to act): the same
    choices as ``legality.legal_moves``, in the same order (the plays in hand
    order, then draw or pass). A code repeats once per copy of its card in
    the hand. (``OneCard.legal_actions``: a method written here, one call a step.)"""
    table, hands, pile, discard, turn, mode = state
    if table.over or seat != turn:
        LISTED[0] = (state, seat, b"", b"", b"")
        return b""
    hand = hands[seat]
    if mode.jack:
        opts = table.options
        translated = hand.translate(
            CODES_COUNTERING[opts.jack_countered_by_jack, opts.queen_counter_any_suit][discard[-1]]
        )
        codes = translated.replace(NONE, b"") + PASS_BYTE
    elif mode.pending:
        opts = table.options
        translated = hand.translate(CODES_ANSWERING[opts.attack_at_least_as_high, opts.three_on_anything][discard[-1]])
        codes = translated.replace(NONE, b"") + DRAW_BYTE
    else:
        translated = codes = b""
        if len(hand) > 1 or not last_card_blocked(state, hand):
            named = mode.named
            translated = hand.translate(CODES_ON[discard[-1]] if named is None else CODES_NAMED[named])
            codes = translated.replace(NONE, b"")
            if SEVEN_CODE in codes:  # (an int: a bytes operand would cost a TypeError first, 1.8k instructions)
                codes = with_sevens(hand, translated, codes)
        if not pile:
            codes += PASS_BYTE
        elif not codes or table.options.draw_with_good_card:
            codes += DRAW_BYTE
    LISTED[0] = (state, seat, hand, translated, codes)
    return codes


def with_sevens(hand: bytes, translated: bytes, codes: bytes) -> bytes:
    """``codes`` with each playable 7 (``SEVEN``) replaced by its four codes."""
    sevens = hand.translate(None, NOT_SEVENS)
    if len(sevens) == 1:  # (the usual case: one C call)
        return codes.replace(SEVEN, SEVEN_CODES[sevens[0]])
    pairs = zip(hand, translated, strict=True)
    return b"".join([SEVEN_CODES[card] if code == SEVEN_CODE else ONE[code] for card, code in pairs if code != NONE[0]])


def step(game: Game[Any, Any, Any, Any], state: State, seat: int, action: object) -> State:
    """``OneCard.step``: a code ``legal_actions`` just listed for this very
    state and seat is played at once (a face's card found at its place in the
    translated hand); any other is checked by ``Game.step``'s path
    (``checked_move``), refused with the reason if it is not legal."""
    listed, listed_seat, hand, translated, codes = LISTED[0]  # (the hand kept: a named read costs a lookup)
    if listed is state and listed_seat == seat and type(action) is int:
        if 0 <= action < SEVENS:
            at = translated.find(action)
            if at >= 0:
                return play(state, seat, hand[at], None)
        elif SEVENS <= action < ACTION_COUNT and action in codes:  # (a listed 7 naming a suit, a draw or a pass)
            if action < DRAW_CODE:
                card, named = card_of(hand, action)
                return play(state, seat, card, named)
            if action == DRAW_CODE:
                return draw(state, seat)
            return pass_turn(state, seat)
    new: State = game.apply(state, seat, game.checked_move(state, seat, action))[0]
    return new


#: per play code, the face it plays and the suit it names
PLAY_OF: tuple[tuple[int, Suit | None], ...] = tuple((code, None) for code in range(SEVENS)) + tuple(
    (SEVEN_FACE[suit], named) for suit in Suit for named in Suit
)


def card_of(hand: bytes, action: int) -> tuple[int, Suit | None]:
    """The card id a play code plays from ``hand`` (the first copy of its face in
    hand order; the first copy of all if the hand holds none: the rules then
    say why it cannot be played), and the suit it names."""
    face, named = PLAY_OF[action]
    at = hand.translate(TO_FACE).find(face)
    return (hand[at] if at >= 0 else COPIES[face][0]), named


def move_of(state: State, seat: int, action: int) -> Play | Draw | Pass:
    if action == DRAW_CODE:
        return DRAW
    if action == PASS_CODE:
        return PASS
    card, named = card_of(state[1][seat], action)  # (the seat's hand)
    if named is None and RANK[card] == Rank.SEVEN:
        raise ValueError(f"a 7 is played naming a suit (codes {SEVENS} to {DRAW_CODE - 1}), not with code {action}")
    return PLAYS[card][0 if named is None else named]


def action_of(move: object) -> int:
    """The code of ``move`` (``ValueError`` if it is not a move of One-Card)."""
    kind = type(move)
    if kind is Draw:
        return DRAW_CODE
    if kind is Pass:
        return PASS_CODE
    if kind is not Play:
        raise ValueError(f"{kind.__name__} is not a One-Card move")
    card = ID.get(move.card) if type(move.card) is type(ALL_CARDS[0]) else None  # type: ignore[attr-defined]
    if card is None:
        raise ValueError(f"{move.card} is not a card of One-Card")  # type: ignore[attr-defined]
    suit = move.suit  # type: ignore[attr-defined]
    if (RANK[card] == Rank.SEVEN) != (suit is not None):
        raise ValueError("a 7, and only a 7, is played naming a suit")
    return card % FACES if suit is None else SEVENS + 4 * (SUIT[card] or 0) + suit
