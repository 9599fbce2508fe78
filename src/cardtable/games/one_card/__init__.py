"""One-Card: a shedding game with three decks, wild 7s and attack cards."""

from .deal import deal_size, first_dealer, stacked_deck
from .moves import Draw, Pass, Play
from .options import Options
from .rules import GAME, OneCard
from .state import Mode, OneCardState, Table
from .tables import ALL_CARDS, attack_value, card_points, is_good_play
from .view import OneCardView

__all__ = [
    "ALL_CARDS",
    "GAME",
    "Mode",
    "Draw",
    "OneCard",
    "OneCardState",
    "OneCardView",
    "Options",
    "Pass",
    "Play",
    "Table",
    "attack_value",
    "card_points",
    "deal_size",
    "first_dealer",
    "is_good_play",
    "stacked_deck",
]
