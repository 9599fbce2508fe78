"""The one way the engines update a frozen state: ``evolve`` (a fast
``dataclasses.replace``), ``make_builder`` and ``make_new`` (positional
builders for a move's hot path), ``put`` (one seat's entry of a per-seat
tuple), and ``slot_init`` (a fast ``__init__``).

A state is built at every move, and a frozen class refuses plain assignment:
its ``__init__`` must call each slot's setter as a function. For a slotted
state the functions here fill an unfrozen *draft* of the class instead (a
plain class with the very same slots, filled by plain stores, a specialised
bytecode with no call) and then give the object its frozen class: the
layouts are the same, so Python allows the change, and the object is frozen
from then on, never changed again. Measured: building One-Card's state 5.8k ->
2.8k instructions (a tenth of a step), Shed's 1.15 -> 0.62 us.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from functools import cache
from typing import Any, TypeVar, cast

T = TypeVar("T")
_KEEP = object()  # "this field is unchanged"


@cache
def _draft(cls: type[Any]) -> type:
    """``cls``'s slots without its freeze (see the module's docstring)."""
    return type(f"{cls.__name__}Draft", (), {"__slots__": cls.__slots__, "__module__": cls.__module__})


def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cast(Any, cls)))


def _compile(cls: type, name: str, head: str, stores: list[tuple[str, str]]) -> Callable[..., Any]:
    """A function ``name(head)`` that returns a new ``cls`` whose fields are set
    by ``stores``, pairs of a field's name and the expression of its value."""
    namespace: dict[str, Any] = {"_cls": cls, "_KEEP": _KEEP, "_new": object.__new__}
    if "__slots__" in vars(cls):
        namespace["_draft"] = _draft(cls)
        body = [
            "    new = _new(_draft)",
            *(f"    new.{n} = {v}" for n, v in stores),
            "    new.__class__ = _cls",
            "    return new",
        ]
    else:  # no slots: object.__setattr__ by name
        namespace["_set"] = object.__setattr__
        body = ["    new = _new(_cls)", *(f"    _set(new, {n!r}, {v})" for n, v in stores), "    return new"]
    exec("\n".join([f"def {name}({head}):", *body]), namespace)
    function: Callable[..., Any] = namespace[name]
    function.__module__ = cls.__module__
    return function


def make_evolve(cls: type[T]) -> Callable[..., T]:
    """``evolve(state, **changes)`` for ``cls``, written out field by field as
    ``dataclasses`` writes ``__init__``.

    The copy is built in one pass: each field is set once, to its new value if
    one is given, else to the old one, with no validation (the engines build
    their states from known-good parts). Over twice as fast as
    ``dataclasses.replace``, and it still refuses unknown fields.
    """
    names = _names(cls)
    head = f"state, *, {', '.join(f'{n}=_KEEP' for n in names)}"
    evolve = _compile(cls, "evolve", head, [(n, f"state.{n} if {n} is _KEEP else {n}") for n in names])
    evolve.__doc__ = f"``state`` ({cls.__name__}) with some fields replaced, by keyword."
    return evolve


def make_builder(cls: type[T], *changed: str) -> Callable[..., T]:
    """``build(state, *values)``: ``state`` with the ``changed`` fields replaced
    by ``values``, in that order: ``evolve`` for a move's hot path, without a
    test per field (Shed: 0.62 -> 0.32 us a state)."""
    names = _names(cls)
    unknown = [n for n in changed if n not in names]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    stores = [(n, n if n in changed else f"state.{n}") for n in names]
    return _compile(cls, "build", f"state, {', '.join(changed)}", stores)


def make_new(cls: type[T]) -> Callable[..., T]:
    """``new(*values)``: a new ``cls`` from all its fields, in order, like
    ``cls(*values)`` at about half the cost (no defaults, no checks)."""
    names = _names(cls)
    new = _compile(cls, "new", ", ".join(names), [(n, n) for n in names])
    new.__doc__ = f"``{cls.__name__}({', '.join(names)})``, built fast."
    return new


def put(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    """``items`` with ``items[index]`` replaced: a per-seat field of a state, updated."""
    return items[:index] + (value,) + items[index + 1 :]


def slot_init(cls: type[T]) -> type[T]:
    """Give a frozen slotted dataclass an ``__init__`` that stores each field
    straight into its slot. The one ``dataclass`` writes goes through
    ``object.__setattr__`` for every field (a frozen class refuses plain
    assignment), which makes building a state about twice as slow, and a
    state is built at every move. Plain defaults are kept (no factories)."""
    flds = fields(cast(Any, cls))
    namespace: dict[str, Any] = {f"_set_{f.name}": getattr(cls, f.name).__set__ for f in flds}
    params = []
    for f in flds:
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    lines = [f"def __init__(self, {', '.join(params)}):"] + [f"    _set_{f.name}(self, {f.name})" for f in flds]
    exec("\n".join(lines), namespace)
    cls.__init__ = namespace["__init__"]  # type: ignore[method-assign]  # (what slot_init is for: the class's own __init__ replaced)
    return cls
