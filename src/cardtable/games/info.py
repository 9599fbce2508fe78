"""A game's description, known without importing its engine."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any, NamedTuple


class GameInfo(NamedTuple):
    """What the menu, the CLI's help and the engine itself say of a game."""

    id: str
    name: str
    summary: str
    blurb: str  # one line for the menu (the summary is longer)
    min_players: int
    max_players: int


def lazy_exports(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A package's ``__getattr__`` that loads each of ``names`` from its module
    (``{"GAME": ".rules"}``) when first asked for, so importing the package (for
    its ``INFO``) imports no engine."""

    def __getattr__(name: str) -> Any:
        try:
            module = names[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
