"""The table's tokens: one per remote seat and one for spectators, kept beside the save.

A token is 24 random characters (``secrets.token_urlsafe(18)``); whoever has a seat's
token plays that seat, and nothing else. They are compared in constant time
(``hmac.compare_digest``). The host keeps them, with the seats' kinds, the port and the
stand-in and the clock it set, in ``tables/<save id>.json`` in the state folder (readable
by this user only), so that a table resumed with ``cardtable host --resume`` keeps its
addresses (a player who had joined rejoins with the address they have) and its rules.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: What a token names: a seat, or the spectators.
SPECTATOR = "spectator"


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class TableTokens:
    """The seats' kinds ("human": at the host's keyboard, "remote", or a computer level),
    a token per remote seat, the spectators' token, the port the table was served on, and
    the host's stand-in and clock (``StandInRules``' fields; empty: as by default)."""

    kinds: list[str]
    seats: dict[int, str] = field(default_factory=dict)
    spectator: str = field(default_factory=new_token)
    port: int = 0
    rules: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def for_kinds(cls, kinds: list[str]) -> TableTokens:
        return cls(list(kinds), {seat: new_token() for seat, kind in enumerate(kinds) if kind == "remote"})

    def holder(self, token: str | None) -> int | str | None:
        """The seat ``token`` plays, :data:`SPECTATOR`, or None (no such token). Every token is
        compared, each in constant time, so the time taken says nothing of which one was close."""
        if not token:
            return None
        given = token.encode("utf-8", "surrogateescape")
        found: int | str | None = None
        for seat, known in self.seats.items():
            if hmac.compare_digest(given, known.encode()):
                found = seat
        if hmac.compare_digest(given, self.spectator.encode()):
            found = SPECTATOR
        return found

    # -- kept beside the save
    def to_json(self) -> dict[str, Any]:
        seats = {str(seat): token for seat, token in self.seats.items()}
        return {
            "kinds": self.kinds,
            "seats": seats,
            "spectator": self.spectator,
            "port": self.port,
            "rules": self.rules,
        }

    @classmethod
    def from_json(cls, data: Any) -> TableTokens:
        try:
            kinds = [str(kind) for kind in data["kinds"]]
            seats = {int(seat): str(token) for seat, token in data["seats"].items()}
            tokens = cls(kinds, seats, str(data["spectator"]), int(data["port"]), rules_of(data.get("rules", {})))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ValueError("not a table's tokens") from None
        if sorted(seats) != [i for i, kind in enumerate(kinds) if kind == "remote"]:
            raise ValueError("the tokens do not match the remote seats")
        return tokens


#: The longest wait the stand-in and the clock take, in seconds (a day): ``cardtable host``'s
#: options and the rules kept for a resume alike.
LONGEST_WAIT = 86400.0


def rules_of(data: Any) -> dict[str, Any]:
    """The stand-in and the clock as kept (a table saved before they were kept has none):
    a level's name and two waits, each a number of seconds up to ``LONGEST_WAIT``, or None."""
    rules = dict(data)  # (TypeError, ValueError: not a mapping)
    if set(rules) - {"level", "away_after", "turn_time"} or not isinstance(rules.get("level", ""), str):
        raise ValueError("not a stand-in's rules")
    for wait in ("away_after", "turn_time"):
        value = rules.get(wait)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= LONGEST_WAIT:
            raise ValueError("not a stand-in's rules")  # (NaN and infinities too: neither is within)
    return rules


def tokens_path(save_id: str) -> Path:
    from ..storage.paths import state_dir

    return state_dir() / "tables" / f"{save_id}.json"


def save_tokens(save_id: str, tokens: TableTokens) -> None:
    from ..storage.atomic import atomic_write_text

    path = tokens_path(save_id)
    atomic_write_text(path, json.dumps(tokens.to_json(), indent=1), backup=False)
    os.chmod(path, 0o600)


def load_tokens(save_id: str) -> TableTokens | None:
    """The tokens of the table saved as ``save_id``; None if it was not a hosted table."""
    path = tokens_path(save_id)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        return TableTokens.from_json(json.loads(text))
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def forget_tokens(save_id: str) -> None:
    """The game is over: its addresses need not outlive it."""
    try:
        tokens_path(save_id).unlink()
    except OSError:
        pass
