"""Shed (Board Game Arena's "Palace"): shed your hand, then your table cards; the last one left loses.

``INFO`` costs nothing to import; the engine (``GAME``) and the other names
load on first use.
"""

from ..info import GameInfo, lazy_exports

INFO = GameInfo(
    id="shed",
    name="Shed",
    summary=(
        "Board Game Arena's Palace: shed your hand, then your face-up and blind face-down "
        "cards onto a rising stack; 2 resets, 10 burns, the last player left loses."
    ),
    blurb="Play up, burn with 10s, and don't be the last holding cards.",
    min_players=2,
    max_players=4,
)

_EXPORTS = {
    "GAME": ".rules", "Shed": ".rules",
    "DEAL_SIZES": ".deal", "SHORT_DEAL_SIZE": ".deal", "SHORT_DRAW_SIZE": ".deal",
    "deal_size": ".deal", "position": ".deal", "stacked_deck": ".deal",
    "MOVE_TYPES": ".moves", "Done": ".moves", "Exchange": ".moves", "Move": ".moves",
    "PickUp": ".moves", "Play": ".moves", "PlayFaceDown": ".moves",
    "Options": ".options",
    "may_follow": ".ranks",
    "EXCHANGE": ".state", "OVER": ".state", "PLAY": ".state", "Phase": ".state", "ShedState": ".state",
    "ShedView": ".view",
}  # fmt: skip
__getattr__ = lazy_exports(__name__, _EXPORTS)
__all__ = ["INFO", *_EXPORTS]
