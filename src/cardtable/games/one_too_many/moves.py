"""The moves of One Too Many: a secret number, and the Redo decision."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask for ``count`` cards this turn (chosen in secret); 0 is a pass."""

    count: int


@dataclass(frozen=True, slots=True)
class Redo:
    """After the numbers are shown: use the Redo (choose again) or keep it."""

    use: bool


Move = Ask | Redo

#: Shared move instances, so candidate lists cost no allocation.
ASKS: tuple[Ask, ...] = tuple(Ask(n) for n in range(53))
REDOS: tuple[Redo, ...] = (Redo(True), Redo(False))


def describe_move(move: Move) -> str:
    if isinstance(move, Redo):
        return "use the Redo" if move.use else "keep the Redo"
    if move.count == 0:
        return "pass"
    return f"ask for {move.count} card" + ("" if move.count == 1 else "s")
