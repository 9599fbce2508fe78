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


class Refusing:
    """Stands for a class compiled by mypyc (the optional compiled build):
    ``object.__new__`` refuses it, so no draft of it can be made."""

    __slots__ = ("a", "b", "c")
    built = 0  # how many went through __init__

    def __init__(self, a, b, c="x"):
        type(self).built += 1
        self.a, self.b, self.c = a, b, c

    __dataclass_fields__ = Slotted.__dataclass_fields__  # (fields() reads the names from it)


def test_a_compiled_class_is_built_by_its_own_init(monkeypatch):
    from cardtable.core import evolve

    monkeypatch.setattr(evolve, "_compiled", lambda cls: cls is Refusing)
    assert make_new(Refusing) is Refusing  # its __init__ is the fastest builder there is
    old = Refusing(1, (2,), "y")
    before = Refusing.built
    new = make_evolve(Refusing)(old, b=(3,))
    assert (new.a, new.b, new.c) == (1, (3,), "y") and type(new) is Refusing
    built = make_builder(Refusing, "c")(old, "z")
    assert (built.a, built.b, built.c) == (1, (2,), "z")
    assert Refusing.built == before + 2  # both through __init__, not a draft


def test_compiled_is_told_apart_by_object_new():
    from cardtable.core.evolve import _compiled

    class NotSafe(tuple):  # object.__new__ refuses it, as it refuses a mypyc class
        pass

    assert _compiled(NotSafe)
    assert not _compiled(Slotted) and not _compiled(Plain)
