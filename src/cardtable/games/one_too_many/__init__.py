"""One Too Many: ask in secret for cards, bank your pile, and pass before the
Diamonds in the center make a run longer than the number of players."""

from .moves import Ask, Move, Redo
from .options import Options
from .rules import OneTooMany
from .runs import longest_run, longest_run_cards, rank_mask
from .state import Phase, State
from .view import View

GAME = OneTooMany()

__all__ = [
    "GAME", "Ask", "Move", "OneTooMany", "Options", "Phase", "Redo", "State", "View",
    "longest_run", "longest_run_cards", "rank_mask",
]
