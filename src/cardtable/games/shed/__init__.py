"""Shed (Board Game Arena's "Palace"): shed your hand, then your table cards; the last one left loses."""

from .deal import DEAL_SIZES, SHORT_DEAL_SIZE, SHORT_DRAW_SIZE, deal_size, position, stacked_deck
from .moves import MOVE_TYPES, Done, Exchange, Move, PickUp, Play, PlayFaceDown
from .options import Options
from .ranks import may_follow
from .rules import GAME, Shed
from .state import EXCHANGE, OVER, PLAY, Phase, ShedState
from .view import ShedView

__all__ = [
    "DEAL_SIZES",
    "EXCHANGE",
    "GAME",
    "MOVE_TYPES",
    "OVER",
    "PLAY",
    "SHORT_DEAL_SIZE",
    "SHORT_DRAW_SIZE",
    "Done",
    "Exchange",
    "Move",
    "Options",
    "Phase",
    "PickUp",
    "Play",
    "PlayFaceDown",
    "Shed",
    "ShedState",
    "ShedView",
    "deal_size",
    "may_follow",
    "position",
    "stacked_deck",
]
