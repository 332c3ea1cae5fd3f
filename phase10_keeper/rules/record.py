"""The rules' records: frozen dataclasses made by `record`, which compare, hash and
print by their fields' values, and refuse to change, as frozen dataclasses do.

The dataclass module generates and compiles each method it adds, for each class it is
given: five for a frozen dataclass. Here `Record` holds equality, hashing, printing and
the refusal to change once for all the records, and `record` compiles only each one's
`__init__`; generating them all was most of importing the rules, which a command that
replays a game and the window reopening one wait for."""

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_Kind = TypeVar("_Kind", bound=type)

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

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

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


_NOT_GIVEN = object()
"""The default of a field whose default is made anew for each record."""


def _init(kind: type) -> Callable[..., None]:
    """The `__init__` a frozen dataclass would have, with every field a parameter (as
    every record has it): each field set past the refusal to change, defaults filled in,
    then `__post_init__` if the class has one."""
    parameters: list[str] = []
    lines: list[str] = []
    defaults: dict[str, object] = {}
    factories: dict[str, Callable[[], object]] = {}
    for each in fields(kind):
        name = each.name
        if each.default_factory is not MISSING:
            factories[name] = each.default_factory
            parameters.append(f"{name}=_not_given")
            lines.append(
                f"    _set(self, {name!r}, _factories[{name!r}]() "
                f"if {name} is _not_given else {name})"
            )
            continue
        if each.default is not MISSING:
            defaults[name] = each.default
            parameters.append(f"{name}=_defaults[{name!r}]")
        else:
            parameters.append(name)
        lines.append(f"    _set(self, {name!r}, {name})")
    if hasattr(kind, "__post_init__"):
        lines.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(lines or ["    pass"])
    names: dict[str, Any] = {
        "_set": object.__setattr__,
        "_defaults": defaults,
        "_factories": factories,
        "_not_given": _NOT_GIVEN,
    }
    exec(source, names)
    made: Callable[..., None] = names["__init__"]
    made.__qualname__ = f"{kind.__qualname__}.__init__"
    return made


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(kind: _Kind) -> _Kind:
    """Makes `kind`, a subclass of `Record`, a frozen dataclass."""
    dataclass(init=False, eq=False, repr=False)(kind)
    type.__setattr__(kind, "__init__", _init(kind))
    return kind
