"""One Too Many: ask in secret for cards, bank your pile, and pass before the
Diamonds in the center make a run longer than the number of players.

``INFO`` costs nothing to import; the engine (``GAME``) and the other names
load on first use.
"""

from ..info import GameInfo, lazy_exports

INFO = GameInfo(
    id="one-too-many",
    name="One Too Many",
    summary=(
        "Ask in secret for cards to bank, and pass before the Diamonds in the center "
        "make a run longer than the number of players."
    ),
    blurb="Ask in secret for cards; bank them before the Diamonds bust.",
    min_players=2,
    max_players=6,
)

_EXPORTS = {
    "GAME": ".rules", "OneTooMany": ".rules",
    "Ask": ".moves", "Move": ".moves", "Redo": ".moves",
    "Options": ".options",
    "longest_run": ".runs", "longest_run_cards": ".runs", "rank_mask": ".runs",
    "OneTooManyState": ".state", "Phase": ".state", "State": ".state",
    "OneTooManyView": ".view", "View": ".view",
}  # fmt: skip
__getattr__ = lazy_exports(__name__, _EXPORTS)
__all__ = ["INFO", *_EXPORTS]
