"""A new game of One Too Many: the deck it uses, the checks on an explicit
deck (tests, puzzles), and the first state."""

from __future__ import annotations

from ...core.cards import Card, Suit, standard_deck
from ...core.engine import BadOptions
from ...core.rng import Rng
from ...core.secret import SecretChoices
from .options import Options
from .state import OneTooManyState, Phase
from .table import start_game

CARDS = standard_deck()  # the deck a game is dealt from (52 cards, no Jokers)


def check_deck(deck: tuple[Card, ...]) -> None:
    """Refuse an explicit deck that One Too Many cannot be played with."""
    if not deck:
        raise BadOptions("the deck must hold at least one card")
    if any(not isinstance(c, Card) or c.suit is None for c in deck):
        raise BadOptions("One Too Many uses a standard deck without Jokers")
    if len(set(deck)) != len(deck):
        raise BadOptions("the deck holds a card twice")
    if all(c.suit is Suit.DIAMONDS for c in deck):
        raise BadOptions("the deck needs a card that is not a Diamond, or nobody could ever score")


def deal(players: int, options: Options, order: tuple[Card, ...], rng: Rng) -> OneTooManyState:
    """The first state: every card in the deck (``order``, top first), the first turn open."""
    n = players
    state = OneTooManyState(
        players=n,
        options=options,
        cards=tuple(sorted(order)),
        rng=rng,
        round=1,
        turn=1,
        first=0,
        phase=Phase.CHOOSE,
        deck=order,
        center=(),
        piles=((),) * n,
        scores=(0,) * n,
        in_round=(True,) * n,
        redo=(False,) * n,
        kept=(None,) * n,
        passed_on=(0,) * n,
        round_points=(0,) * n,
        secret=SecretChoices.open(range(n)),
        last_reveal=(None,) * n,
    )
    return start_game(state, [])
