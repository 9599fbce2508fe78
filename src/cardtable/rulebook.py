"""The rules texts shipped with the package (docs/rules links to them)."""

from __future__ import annotations

from importlib.resources import files

from .games import GAME_IDS, UnknownGame


def rules_markdown(game_id: str) -> str:
    if game_id not in GAME_IDS:
        raise UnknownGame(game_id)
    return (files("cardtable") / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
