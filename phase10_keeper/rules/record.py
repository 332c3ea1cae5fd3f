"""The base of the rules' records: frozen dataclasses declared with `eq=False,
repr=False`, which compare, hash and print by their fields' values here as dataclasses
would. The dataclass module generates and compiles these three methods for each class
it is given; shared, they cost nothing when the rules are imported, where compiling them
was half of that import (a command that replays a game, and the window reopening one,
wait for it)."""

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

_Values = Callable[[Any], tuple[Any, ...]]


def _getter(names: list[str]) -> _Values:
    if len(names) == 1:
        (name,) = names
        return lambda record: (getattr(record, name),)
    getter: _Values = attrgetter(*names)
    return getter


_shapes: dict[type, tuple[_Values, _Values, tuple[str, ...]]] = {}


def _shape(kind: type) -> tuple[_Values, _Values, tuple[str, ...]]:
    """The values compared, the values hashed, and the fields shown, for one class."""
    shape = _shapes.get(kind)
    if shape is None:
        every = fields(kind)
        compared = _getter([field.name for field in every if field.compare])
        hashed = _getter(
            [field.name for field in every if field.hash or (field.hash is None and field.compare)]
        )
        shown = tuple(field.name for field in every if field.repr)
        shape = _shapes[kind] = (compared, hashed, shown)
    return shape


class Record:
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = _shape(self.__class__)[0]
        return compared(self) == compared(other)

    def __hash__(self) -> int:
        return hash(_shape(self.__class__)[1](self))

    def __repr__(self) -> str:
        shown = _shape(self.__class__)[2]
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({values})"
