"""Why a computer player would make a move: one short line for a hint.

``explain(game, view, move)`` reads only the seat's view (what the player
sees) and the move, so a hint's reason can tell nothing the player could not
work out themselves. Each game has its own wording (keyed by the game's id);
a game without one gets the move in words.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.cards import Rank
from ..core.engine import Game

Explain = Callable[[Any, Any], str]


def explain(game: Game, view: Any, move: Any) -> str:
    """A short reason for ``move`` seen from ``view`` (no full stop at the end)."""
    reason = REASONS.get(game.id)
    return reason(view, move) if reason is not None else "the computer player's choice"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


# -- One-Card -----------------------------------------------------------------------------
def one_card(view: Any, move: Any) -> str:
    from ..games.one_card import attack_value, card_points, is_good_play
    from ..games.one_card.moves import Draw, Play

    if type(move) is Draw:
        if view.pending:
            return f"no card answers the attack: take the {_plural(view.pending, 'card')}"
        return "no card in your hand can be played"
    if type(move) is not Play:  # Pass
        return "no Queen to counter the Jack: let the turn go" if view.jack_pending else "nothing to play or draw"
    card = move.card
    if view.jack_pending:
        return "a Queen counters the Jack, and the turn stays yours"
    attack = attack_value(card)
    if view.pending:
        if attack:
            return f"pass the attack on: the next player faces {view.pending + attack}"
        return "a 3 stops the attack"
    rest = list(view.hand)
    rest.remove(card)
    if card.rank == Rank.SEVEN and move.suit is not None:
        held = sum(1 for c in rest if c.suit == move.suit)
        return f"a 7 goes on anything; you hold {_plural(held, 'other card')} in {move.suit.label}"
    if attack:
        return f"an attack: the next player must answer it or draw {attack}"
    special = {
        Rank.JACK: "a Jack makes the next player counter with a Queen or lose the turn",
        Rank.QUEEN: "a Queen turns the direction of play",
        Rank.KING: "a King lets you play again",
    }.get(card.rank)
    if special is not None:
        return special
    follow = sum(1 for c in rest if is_good_play(c, card.rank, card.suit))
    return f"sheds {_plural(card_points(card), 'point')} and leaves {_plural(follow, 'card')} that can follow it"


# -- Shed ----------------------------------------------------------------------------------
def shed(view: Any, move: Any) -> str:
    from ..games.shed.moves import Done, Exchange, PickUp, Play, PlayFaceDown
    from .shed_rules import next_player

    if type(move) is Exchange:
        return "strong cards wait face up, low ones go first"
    if type(move) is Done:
        return "your face-up cards are already your strongest"
    if type(move) is PickUp:
        return "nothing you hold can go on the stack"
    if type(move) is PlayFaceDown:
        return "only face-down cards are left: any one is as good as another"
    if type(move) is not Play:
        return "the computer player's choice"
    rank, count = move.cards[0].rank, len(move.cards)
    copies = f"all {count} at once" if count > 1 else ""
    run = 0
    for card in reversed(view.stack):
        if card.rank != rank:
            break
        run += 1
    if view.options.four_of_a_kind_burns and run and run + count >= 4 and rank not in (2, 10):
        return "it completes four of a kind: the stack burns and you play again"
    if rank == 10:
        return f"a 10 burns the stack ({_plural(view.stack_size, 'card')}) and you play again"
    if rank == 2:
        return "only 2s and 10s go, and a 2 lets anything follow it"
    following = next_player(view.player, view.places)
    if following != view.player and view.deck_size == 0 and view.hand_sizes[following] == 0:
        return "the next player plays blind: leave the stack as hard to beat as you can"
    reason = "your lowest card that goes, keeping 2s and 10s for later"
    return f"{reason} ({copies})" if copies else reason


# -- One Too Many ----------------------------------------------------------------------------
def _percent(chance: float) -> str:
    if 0 < chance < 0.01:
        return "under 1%"
    if 0.99 < chance < 1:
        return "over 99%"
    return f"{chance:.0%}"


def one_too_many(view: Any, move: Any) -> str:
    from ..games.one_too_many.moves import Ask
    from .one_too_many import Table

    table = Table(view)
    if type(move) is Ask:
        if move.count == 0:
            return (f"bank your {_plural(table.pile, 'card')}: even one more card busts the round "
                    f"{_percent(table.chance(1))} of the time")
        return (f"on their own, {_plural(move.count, 'card')} bust the round {_percent(table.chance(move.count))} "
                "of the time (the others' numbers add to that)")
    asked = sum(view.last_reveal[s] or 0 for s in range(view.players) if view.in_round[s])
    chance = _percent(table.chance(asked))
    if move.use:
        return f"the numbers shown ({asked} cards in all) bust the round {chance} of the time"
    return f"the numbers shown ({asked} cards in all) bust the round only {chance} of the time"


REASONS: dict[str, Explain] = {"one-card": one_card, "shed": shed, "one-too-many": one_too_many}
