"""Counts in words: ``plural(1, "point")`` is "1 point", ``plural(2, "point")`` "2 points"."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and its noun, singular for exactly 1 (``words`` for an irregular plural)."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def and_list(items: list[str]) -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cat``."""
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else "".join(items)
