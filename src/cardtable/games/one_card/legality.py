"""Which moves are legal now.

``why_illegal`` is the rule: it returns ``None`` for a legal move, else the
reason in words. ``legal_moves`` lists the same moves directly from the same
tables (a test checks over random games that the two always agree), because
filtering every candidate through ``why_illegal`` would cost several times
more on every turn.

The situations a player can be in:

* facing a Jack (``mode.jack``): counter it with a Queen, or ``Pass`` (lose the turn);
* attacked (``mode.pending``): pass the attack on, play a 3, or ``Draw`` the penalty;
* otherwise a normal turn or a King's extra play (``mode.king``): play a good
  card, or ``Draw`` one card (``Pass`` on an empty draw pile). The extra card of
  a King may not be the player's last card.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.cards import Card, Rank
from .moves import Draw, Pass, Play
from .state import State
from .tables import ANSWERS, ATTACK, COUNTERS, FACE, GOOD_NAMED, GOOD_ON, ID, PLAYS, RANK, Mask

DRAW = Draw()
PASS = Pass()
SEVEN, KING, THREE = Rank.SEVEN, Rank.KING, Rank.THREE


SEATS = tuple((seat,) for seat in range(8))  # to_act's answers


def to_act(state: State) -> tuple[int, ...]:
    return () if state[0].over else SEATS[state[4]]  # (the table, the turn: it runs at every step)


def is_over(state: State) -> bool:
    return state[0].over  # (the table's flag)


def candidate_moves(state: State, player: int) -> Iterator[Play | Draw | Pass]:
    table, hands, pile, discard, turn, mode = state
    for card in hands[player]:
        yield from PLAYS[card]
    yield DRAW
    yield PASS


def good(state: State) -> Mask:
    """Which cards are good plays on the top card (by card id)."""
    table, hands, pile, discard, turn, mode = state
    return GOOD_ON[discard[-1]] if mode.named is None else GOOD_NAMED[mode.named]


def counters(state: State) -> Mask:
    """Which cards counter the Jack on top (by card id)."""
    table, hands, pile, discard, turn, mode = state
    opts = table.options
    return COUNTERS[opts.jack_countered_by_jack, opts.queen_counter_any_suit][discard[-1]]


def answers(state: State) -> Mask:
    """Which cards an attacked player may play (by card id)."""
    table, hands, pile, discard, turn, mode = state
    opts = table.options
    return ANSWERS[opts.attack_at_least_as_high, opts.three_on_anything][discard[-1]]


def last_card_blocked(state: State, hand: bytes) -> bool:
    """Whether the single card left in ``hand`` may not be played now: never
    on a King's extra play, and a King only if a King may go out."""
    table, hands, pile, discard, turn, mode = state
    return mode.king or (RANK[hand[0]] == KING and not table.options.king_last_card_goes_out)


def legal_moves(state: State, player: int) -> list[Play | Draw | Pass]:
    """``player``'s legal moves (``[]`` unless they are to act)."""
    table, hands, pile, discard, turn, mode = state
    if table.over or player != turn:
        return []
    hand = hands[player]
    moves: list[Play | Draw | Pass] = []
    if mode.jack:
        ok = counters(state)
        for c in hand:
            if ok[c]:
                moves.append(PLAYS[c][0])
        moves.append(PASS)
    elif mode.pending:
        ok = answers(state)
        for c in hand:
            if ok[c]:
                moves.append(PLAYS[c][0])
        moves.append(DRAW)
    else:
        if len(hand) > 1 or not last_card_blocked(state, hand):
            ok = GOOD_ON[discard[-1]] if mode.named is None else GOOD_NAMED[mode.named]
            for c in hand:
                if ok[c]:
                    moves += PLAYS[c]
        if not pile:
            moves.append(PASS)
        elif not moves or table.options.draw_with_good_card:
            moves.append(DRAW)
    return moves


def why_illegal(state: State, player: int, move: object) -> str | None:
    """``None`` if ``player`` (the player to act) may make ``move``, else why not."""
    table, hands, pile, discard, turn, mode = state
    hand = hands[player]
    if isinstance(move, Play):
        return why_play_illegal(state, hand, card_id(move.card), move)
    kind = type(move)
    if kind is Draw:
        if mode.jack:
            return "you must counter the Jack or pass (losing your turn); you cannot draw"
        if mode.pending:
            return None
        if not pile:
            return "the draw pile is empty: play a card or pass"
        if not table.options.draw_with_good_card and _can_play(state, hand):
            return "you hold a good card and must play it (drawing is allowed only without one)"
        return None
    if kind is Pass:
        if mode.jack:
            return None
        if mode.pending:
            return f"you are attacked: pass the attack on, play a 3 or draw {mode.pending}"
        if pile:
            return "you may pass only when the draw pile is empty: draw instead"
        return None
    return f"{kind.__name__} is not a One-Card move"


def card_id(card: object) -> int | None:
    """The id of ``card``, or ``None`` if it is not one of the game's cards."""
    return ID.get(card) if isinstance(card, Card) else None


def why_play_illegal(state: State, hand: bytes, card: int | None, move: Play) -> str | None:
    """``why_illegal`` for ``move``, a play of the card with id ``card``, from ``hand``."""
    if card is None or card not in hand:
        return f"you do not hold {getattr(move.card, 'face', move.card)}"
    if (RANK[card] == SEVEN) != (move.suit is not None):
        return _suit_reason(card, move)
    table, hands, pile, discard, turn, mode = state
    if mode.jack:
        return None if counters(state)[card] else _counter_reason(state, card)
    if mode.pending:
        return None if answers(state)[card] else _attack_reason(state, card)
    ok = good(state)
    if not ok[card]:
        return f"{FACE[card]} does not match the top card {top_text(state)}"
    if len(hand) == 1 and last_card_blocked(state, hand):
        if mode.king:
            return "the King's extra card cannot be your last card: draw (or pass) instead"
        return "you may not go out on a King"
    return None


# -- the reasons -----------------------------------------------------------------------


def top_text(state: State) -> str:
    """The top card as the reasons name it: ``Q♠``, or ``7♥ (Spades named)``."""
    table, hands, pile, discard, turn, mode = state
    face, named = FACE[discard[-1]], mode.named
    return face if named is None else f"{face} ({named.label} named)"


def _can_play(state: State, hand: bytes) -> bool:
    """Whether a normal turn (or a King's extra play) could play a card."""
    if len(hand) == 1 and last_card_blocked(state, hand):
        return False
    ok = good(state)
    return any(ok[c] for c in hand)


def _suit_reason(card: int, move: Play) -> str:
    if move.suit is None:
        return f"name a suit when you play {FACE[card]}"
    return f"only a 7 names a suit: {FACE[card]} cannot name {move.suit.label}"


def _counter_reason(state: State, card: int) -> str:
    table, hands, pile, discard, turn, mode = state
    opts = table.options
    counter = "a Queen or a Jack" if opts.jack_countered_by_jack else "a Queen"
    if not opts.queen_counter_any_suit:
        counter += f" that matches {top_text(state)}"
    return f"{FACE[card]} cannot counter the Jack: counter with {counter}, or pass to lose your turn"


def _attack_reason(state: State, card: int) -> str:
    table, hands, pile, discard, turn, mode = state
    face, top, total = FACE[card], discard[-1], mode.pending
    remedy = f"pass the attack on, play a 3 or draw {total}"
    if RANK[card] == THREE:
        return f"{face} does not match {top_text(state)} (a 3 against an attack must be a good play)"
    if RANK[card] == SEVEN:
        return f"a 7 does not dodge an attack: {remedy}"
    if not ATTACK[card]:
        return f"{face} does not answer the attack: {remedy}"
    if not good(state)[card]:
        return f"{face} does not match the top card {top_text(state)}"
    return (
        f"{face} draws {ATTACK[card]}, fewer than {FACE[top]} ({ATTACK[top]}): "
        f"pass the attack on with an equal or higher attack card, play a 3 or draw {total}"
    )
