"""The rules' records: dataclasses made by `record`, which compare, hash and print by
their fields' values, and refuse to change, as frozen dataclasses do.

The dataclass module generates and compiles each method it adds, for each class it is
given: `__init__`, `__setattr__` and `__delattr__` for a frozen one declared `eq=False,
repr=False`. Here `Record` holds equality, hashing, printing and the refusal to change
once for all the records, and `record` compiles only each one's `__init__`; generating
them all was most of importing the rules, which a command that replays a game and the
window reopening one wait for. (The dataclass module itself sees a record as not frozen:
a frozen dataclass cannot be declared as a subclass of one.)"""

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform

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

    # Hidden from the type checker, which would otherwise take any attribute name as one
    # a record has; `record` tells it the fields are read-only.
    if not TYPE_CHECKING:

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
    """The `__init__` a frozen dataclass would have, every field a parameter: each field
    set past the refusal to change, defaults filled in, then `__post_init__` if the
    class has one. The names it uses besides the fields' are spelled so that no field's
    can be one of them."""
    parameters: list[str] = []
    lines: list[str] = []
    defaults: dict[str, object] = {}
    factories: dict[str, Callable[[], object]] = {}
    for each in fields(kind):
        name = each.name
        if not each.init or each.kw_only is True:
            raise TypeError(f"{kind.__qualname__}.{name}: a record's fields are all positional")
        if each.default_factory is not MISSING:
            factories[name] = each.default_factory
            parameters.append(f"{name}=__not_given__")
            lines.append(
                f"    __set__(__self__, {name!r}, __factories__[{name!r}]() "
                f"if {name} is __not_given__ else {name})"
            )
            continue
        if each.default is not MISSING:
            defaults[name] = each.default
            parameters.append(f"{name}=__defaults__[{name!r}]")
        else:
            parameters.append(name)
        lines.append(f"    __set__(__self__, {name!r}, {name})")
    if hasattr(kind, "__post_init__"):
        lines.append("    __self__.__post_init__()")
    body = "\n".join(lines or ["    pass"])
    source = f"def __init__(__self__, {', '.join(parameters)}):\n{body}"
    names: dict[str, Any] = {
        "__set__": object.__setattr__,
        "__defaults__": defaults,
        "__factories__": factories,
        "__not_given__": _NOT_GIVEN,
    }
    exec(source, names)
    made: Callable[..., None] = names["__init__"]
    made.__module__ = kind.__module__
    made.__qualname__ = f"{kind.__qualname__}.__init__"
    return made


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(kind: _Kind) -> _Kind:
    """Makes `kind`, a subclass of `Record` whose `__init__` is to be made from its
    fields, a dataclass that refuses to change."""
    if "__init__" in vars(kind):
        raise TypeError(f"{kind.__qualname__}: a record's __init__ is made from its fields")
    dataclass(init=False, eq=False, repr=False)(kind)
    type.__setattr__(kind, "__init__", _init(kind))
    return kind
