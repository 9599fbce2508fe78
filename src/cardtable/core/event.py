"""What happened in a game: the :class:`Event` every move makes (when asked)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any, NamedTuple, TypeVar, cast

P = TypeVar("P")


class Event(NamedTuple):
    """Something that happened. ``text`` names seats as ``{p0}``, ``{p1}``...
    ``data`` holds the facts as ``(key, value)`` pairs of plain values (cards
    as their codes), and ``payload`` reads them as the kind's typed record.

    ``visible_to`` is ``None`` for a public event, or the seats that may see it
    (a drawn card is shown to its drawer only). A named tuple: events are made
    on every move, and a tuple is several times cheaper to build than a
    frozen dataclass.
    """

    kind: str
    text: str
    visible_to: frozenset[int] | None = None
    data: tuple[tuple[str, Any], ...] = ()

    def render(self, names: Sequence[str]) -> str:
        return self.text.format_map({f"p{i}": name for i, name in enumerate(names)})

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)

    def payload(self, cls: type[P]) -> P:
        """The data as ``cls``, the typed record of this kind of event (a frozen
        dataclass in the game's ``events`` module): ``event.payload(HandEnd).points``.
        Fields the event does not carry take the record's defaults; keys the
        record does not name are left out."""
        data = dict(self.data)
        names = [f.name for f in fields(cast(Any, cls))]
        return cls(**{name: data[name] for name in names if name in data})
