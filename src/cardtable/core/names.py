"""Player names: the one rule for every name, wherever it comes from.

The new-game form, ``cardtable play --names``, game records and saves all
check names here: a name is 1 to :data:`MAX_NAME` characters once surrounding
spaces are trimmed, holds no control character (no escape sequence can reach
a terminal through it) and at least one visible one (not only zero-width or
other invisible characters), and the names at one table differ once compared
by :func:`name_key` (invisible characters removed, Unicode NFKC, case folded,
spaces collapsed), so ``Ann``, ``ann``, ``\ufeffAnn`` and a full-width ``Ａｎｎ``
are one name (the statistics tell humans apart by the same key).

A name is otherwise shown exactly as written: ``[bold]Ann`` is eleven
characters on screen, never markup. :func:`visible` makes any other text from
outside (a file name, a value in a damaged file) safe to print.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_NAME = 16

#: Characters a name may not hold beyond the control characters (category Cc):
#: the bidirectional overrides and isolates, and the line and paragraph separators.
_REFUSED = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


#: Characters that show nothing (besides the spaces): Unicode's default-ignorable
#: code points that are not format characters (category Cf, all invisible too).
_INVISIBLE_RANGES = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x2800, 0x2800),
    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip


def _unsafe(char: str) -> bool:
    return char in _REFUSED or unicodedata.category(char) in ("Cc", "Cs")


def invisible(char: str) -> bool:
    """Whether ``char`` shows nothing at all (zero-width, a format character, a filler)."""
    if unicodedata.category(char) == "Cf":
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _INVISIBLE_RANGES)


def name_key(name: str) -> str:
    """What makes two names the same: invisible characters removed, NFKC, case folded,
    surrounding and repeated spaces ignored (empty: nothing visible)."""
    shown = "".join(c for c in name if not invisible(c))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", shown).casefold())
    return " ".join("".join(c for c in folded if not invisible(c)).split())


def visible(text: str) -> str:
    """``text`` with every control character (and lone surrogate, from a file name that is
    not UTF-8) written as an escape (``\\x1b``, ``\\n``, ``\\udcff``...)."""
    if not any(_unsafe(c) for c in text):
        return text
    return "".join(c.encode("unicode_escape", "backslashreplace").decode("ascii") if _unsafe(c) else c for c in text)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (a sentence), or None if it can."""
    if not isinstance(name, str):
        return "a name is text"
    bad = next((c for c in name if _unsafe(c)), None)
    if bad is not None:
        return f"a name may not hold control characters (found {visible(bad)})"
    text = name.strip()
    if not text:
        return "a name is needed"
    if len(text) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters ({len(text)} given)"
    if not name_key(text):
        return "a name needs a visible character (not only zero-width or invisible ones)"
    return None


#: (The name :func:`name_key` had before it compared look-alikes.)
same_name_key = name_key


def check_names(names: Sequence[str]) -> dict[int, str]:
    """The problems of a table's names, by seat (empty if every name is fine)."""
    errors: dict[int, str] = {}
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            errors[seat] = problem[:1].upper() + problem[1:] + "."
            continue
        key = same_name_key(name)
        if key in seen:
            errors[seat] = f"Same name as seat {seen[key] + 1}."
        else:
            seen[key] = seat
    return errors


def names_problem(names: Sequence[str]) -> str | None:
    """The first problem of a table's names as one line naming the seat, or None."""
    errors = check_names(names)
    if not errors:
        return None
    seat = min(errors)
    return f"player {seat + 1} ({names[seat]!r}): {errors[seat][:1].lower()}{errors[seat][1:-1]}"
