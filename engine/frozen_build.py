"""A quicker constructor for a frozen, slotted dataclass whose every field value is at hand.

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`, a generic attribute
look-up per field (about 0.15 us each; 2 us for the 13 fields of a `WinInput`, made once per scored request).
`builder(cls)` returns a function of the same positional arguments that sets each slot through the slot's
own descriptor instead, in about half the time. The result equals `cls(*values)` field for field; it is for
classes whose `__init__` does nothing else (no `__post_init__`, no `InitVar`, no field left out of
`__init__`), which `builder` checks. Where mypyc compiled the class (docs/engine.md "The compiled engine")
the fields are native attributes, set the same way by a compiled loop.

>>> from riichi_table.engine.points import Payments
>>> builder(Payments)(1000, 0, 0, 0, 0) == Payments(ron=1000)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A function taking every field of `cls` positionally, in field order, and returning the instance."""
    params = getattr(cls, "__dataclass_params__", None)
    compiled = "__mypyc_attrs__" in vars(cls)
    if (
        not is_dataclass(cls)
        or params is None
        or not params.frozen
        or not (compiled or "__slots__" in vars(cls))
    ):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__") or any(not f.init for f in fields(cls)):
        raise TypeError(f"{cls.__name__}'s __init__ does more than set its fields")
    names = [f.name for f in fields(cls)]
    if compiled and not hasattr(vars(cls).get("__init__"), "__code__"):
        # compiled with an `__init__` of its own (not dataclasses' Python one): the class is the quick way
        return cls
    if compiled:
        return _native_builder(cls, tuple([getattr(cls, name).__set__ for name in names]))
    # one line per field, as dataclasses writes its own __init__; the names are the class's field names
    source = (
        f"def build({', '.join(names)}):\n"
        "    obj = new(cls)\n"
        + "".join(f"    set_{name}(obj, {name})\n" for name in names)
        + "    return obj\n"
    )
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    scope.update({f"set_{name}": getattr(cls, name).__set__ for name in names})
    exec(source, scope)
    build: Callable[..., T] = scope["build"]
    build.__qualname__ = f"builder({cls.__name__})"
    return build


def _native_builder(cls: type[T], setters: tuple[Callable[[Any, Any], None], ...]) -> Callable[..., T]:
    """The same for a class mypyc compiled: the `__init__` that dataclasses gives it is Python code setting
    each field through the frozen `__setattr__` (several times slower than in the pure-Python class); this
    function, compiled with it, sets each native attribute through its descriptor instead."""
    new = cls.__new__

    def build(*values: Any) -> T:
        obj: T = new(cls)
        for setter, value in zip(setters, values, strict=True):
            setter(obj, value)
        return obj

    return build


def rebuilt(obj: T) -> tuple[type[T], tuple[Any, ...]]:
    """`__reduce__` for a frozen dataclass: made again by its constructor from its field values.

    Without it, copying or pickling an instance of a class mypyc compiled fails (its generated
    `__setstate__` sets the frozen fields one by one); with it, the pure-Python class copies the same way.
    """
    return type(obj), tuple([getattr(obj, f.name) for f in fields(obj)])  # type: ignore[arg-type]


def field_values(obj: object) -> tuple[Any, ...]:
    """A dataclass instance's field values in field order: the tuple a generated `__eq__` compares and a
    generated `__hash__` hashes (for the classes that write those methods out rather than have them made
    from source at every start: docs/engine.md "start-up")."""
    return tuple([getattr(obj, f.name) for f in fields(obj)])  # type: ignore[arg-type]


def field_repr(obj: object) -> str:
    """`Name(field=value, ...)`, as a generated `__repr__` writes a dataclass instance."""
    shown = ", ".join([f"{f.name}={getattr(obj, f.name)!r}" for f in fields(obj)])  # type: ignore[arg-type]
    return f"{type(obj).__qualname__}({shown})"


class FieldRecord:
    """The base of the frozen, slotted dataclasses that take `repr=False, eq=False` (so dataclasses makes no
    methods from source text at every start: docs/engine.md, batch start-up): `__repr__`, `__eq__` and
    `__hash__` as dataclasses would generate them for a frozen class, over the fields in order, and a
    `__reduce__` that makes the instance again from its fields (a class mypyc compiled cannot be copied or
    pickled field by field). tests/engine/test_written_dataclass_methods.py compares them with the
    generated ones."""

    __slots__ = ()

    def __repr__(self) -> str:
        return field_repr(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return field_values(self) == field_values(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(field_values(self))

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)
