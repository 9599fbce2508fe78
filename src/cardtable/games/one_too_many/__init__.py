"""One Too Many: ask in secret for cards, bank your pile, and pass before the
Diamonds in the center make a run longer than the number of players."""

from .moves import Ask, Move, Redo
from .options import Options
from .rules import OneTooMany
from .runs import longest_run, longest_run_cards, rank_mask
from .state import OneTooManyState, Phase
from .view import OneTooManyView

GAME = OneTooMany()
State = OneTooManyState  # the names before they matched the other games'
View = OneTooManyView

__all__ = [
    "GAME", "Ask", "Move", "OneTooMany", "Options", "OneTooManyState", "OneTooManyView", "Phase", "Redo",
    "State", "View",
    "longest_run", "longest_run_cards", "rank_mask",
]
