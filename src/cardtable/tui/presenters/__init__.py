"""One presenter per game: what its table shows and how its moves are chosen."""

from __future__ import annotations

from importlib import import_module

from .base import Presenter

_MODULES = {
    "one-too-many": "cardtable.tui.presenters.one_too_many",
    "one-card": "cardtable.tui.presenters.one_card",
    "shed": "cardtable.tui.presenters.shed",
}


def get_presenter(game_id: str) -> Presenter:
    return import_module(_MODULES[game_id]).PRESENTER
