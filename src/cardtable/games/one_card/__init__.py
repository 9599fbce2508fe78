"""One-Card: a shedding game with three decks, wild 7s and attack cards.

``INFO`` costs nothing to import; the engine (``GAME``) and the other names
load on first use.
"""

from ..info import GameInfo, lazy_exports

INFO = GameInfo(
    id="one-card",
    name="One-Card",
    summary="Shed your cards with three decks: 7s are wild, Jacks skip, Queens reverse, 2s, Aces and Jokers attack.",
    blurb="Match rank or suit; 7s are wild, 2s, Aces and Jokers attack.",
    min_players=2,
    max_players=8,
)

_EXPORTS = {
    "GAME": ".rules", "OneCard": ".rules",
    "deal_size": ".deal", "first_dealer": ".deal", "stacked_deck": ".deal",
    "Draw": ".moves", "Pass": ".moves", "Play": ".moves",
    "Options": ".options",
    "Mode": ".state", "OneCardState": ".state", "State": ".state", "Table": ".state", "named": ".state",
    "ALL_CARDS": ".tables", "attack_value": ".tables", "card_points": ".tables", "is_good_play": ".tables",
    "OneCardView": ".view",
}  # fmt: skip
__getattr__ = lazy_exports(__name__, _EXPORTS)
__all__ = ["INFO", *_EXPORTS]
