"""The one name rule (core/names.py), as properties: invisible characters never make a name,
nor a new one; look-alikes are one name; what ``visible`` prints holds no control character."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st
from probe_limits import invisible_characters

from cardtable.core.names import check_names, invisible, name_key, name_problem, visible

INVISIBLE = invisible_characters()
invisible_text = st.text(st.sampled_from([*INVISIBLE, " ", "\u3000", "\u00a0"]), min_size=1, max_size=12)
letters = st.text(st.characters(categories=("Lu", "Ll", "Nd")), min_size=1, max_size=10)


@given(invisible_text)
def test_a_name_of_only_invisible_characters_is_refused(name):
    assert name_problem(name) is not None
    assert not name_key(name)


@given(letters, st.lists(st.tuples(st.integers(0, 10), st.sampled_from(INVISIBLE)), min_size=1, max_size=4))
def test_invisible_characters_added_make_no_new_name(name, insertions):
    if name_problem(name) is not None:
        return
    other = name
    for at, char in insertions:
        other = other[:at] + char + other[at:]
    assert name_key(other) == name_key(name)
    if other != name and name_problem(other) is None:  # (a bidirectional control is refused as such)
        assert check_names([name, other]) == {1: "Same name as seat 1."}


@given(letters)
def test_full_width_and_other_cases_are_the_same_name(name):
    if name_problem(name) is not None:
        return
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name)
    cases = {c for c in (name.upper(), name.lower()) if c.casefold() == name.casefold()}  # (not ı and I)
    for other in {wide, unicodedata.normalize("NFD", name), *cases} - {name}:
        if name_problem(other) is None and len(other.strip()) <= 16:
            assert check_names([name, other]) == {1: "Same name as seat 1."}, other


@given(st.text(max_size=40))
def test_visible_text_holds_no_control_character(text):
    shown = visible(text)
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in shown)
    shown.encode("utf-8")  # (printable anywhere: no lone surrogate)


def test_every_invisible_character_is_known_as_invisible():
    assert all(invisible(c) for c in INVISIBLE)
    assert not any(invisible(c) for c in "Ann Zoë 游戏 ✓")
