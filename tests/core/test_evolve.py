"""core.evolve: the fast builders give exactly what the dataclass itself gives,
and what they build is as frozen as the class's own instances."""

from __future__ import annotations

import dataclasses
from dataclasses import FrozenInstanceError, dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.evolve import make_builder, make_evolve, make_new


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple
    c: str = "x"


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple
    c: str = "x"


values = st.tuples(st.integers(), st.tuples(st.integers()), st.text(max_size=3))


@pytest.mark.parametrize("cls", [Slotted, Plain])
@given(old=values, new=values, mask=st.lists(st.booleans(), min_size=3, max_size=3))
def test_evolve_is_dataclasses_replace(cls, old, new, mask):
    state = cls(*old)
    changes = {name: value for name, value, keep in zip("abc", new, mask, strict=True) if keep}
    made = make_evolve(cls)(state, **changes)
    assert made == dataclasses.replace(state, **changes)
    assert type(made) is cls
    assert hash(made) == hash(dataclasses.replace(state, **changes))
    assert state == cls(*old)  # the old state is untouched


@pytest.mark.parametrize("cls", [Slotted, Plain])
def test_what_they_build_is_frozen(cls):
    built = [make_evolve(cls)(cls(1, ()), a=2), make_builder(cls, "b")(cls(1, ()), (3,)), make_new(cls)(1, (), "y")]
    assert built == [cls(2, ()), cls(1, (3,)), cls(1, (), "y")]
    for state in built:
        with pytest.raises(FrozenInstanceError):
            state.a = 5  # type: ignore[misc]
        assert type(state) is cls


def test_unknown_fields_are_refused():
    with pytest.raises(TypeError, match="'d'"):
        make_evolve(Slotted)(Slotted(1, ()), d=1)
    with pytest.raises(TypeError, match="no field 'd'"):
        make_builder(Slotted, "a", "d")
