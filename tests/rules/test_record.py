"""The rules' records are made, compare, hash, print and refuse to change as frozen
dataclasses do."""

import dataclasses
import importlib
import pkgutil
from dataclasses import dataclass, field

import pytest

import phase10_keeper.rules
from phase10_keeper.rules import Cards, Hand, Join, Leave, PlayerResult, Problem, ProblemKey
from phase10_keeper.rules.problems import Severity
from phase10_keeper.rules.record import Record, record


def rules_dataclasses() -> list[type]:
    found = []
    for module_info in pkgutil.iter_modules(phase10_keeper.rules.__path__):
        module = importlib.import_module(f"phase10_keeper.rules.{module_info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and dataclasses.is_dataclass(value)
                and value.__module__ == module.__name__
            ):
                found.append(value)
    return found


def test_every_record_of_the_rules_shares_the_methods() -> None:
    records = rules_dataclasses()
    assert len(records) >= 10
    for kind in records:
        assert issubclass(kind, Record), kind
        assert kind.__eq__ is Record.__eq__, kind
        assert kind.__hash__ is Record.__hash__, kind
        assert kind.__repr__ is Record.__repr__, kind
        assert kind.__setattr__ is Record.__setattr__, kind
        assert kind.__delattr__ is Record.__delattr__, kind
        # Its own words: without them the dataclass module writes a signature there.
        assert kind.__doc__, kind
        assert not kind.__doc__.startswith(f"{kind.__name__}("), kind


@dataclass(frozen=True)
class _Reference:
    name: str
    seats: tuple[int, ...] = ()
    notes: dict[str, int] = field(default_factory=dict, hash=False)
    hidden: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        if self.hidden < -5:
            raise ValueError(self.hidden)


@record
class _Shared(Record):
    name: str
    seats: tuple[int, ...] = ()
    notes: dict[str, int] = field(default_factory=dict, hash=False)
    hidden: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        if self.hidden < -5:
            raise ValueError(self.hidden)


@pytest.mark.parametrize(
    "values",
    [
        {"name": "Ana"},
        {"name": "Ana", "seats": (1, 2), "notes": {"a": 1}, "hidden": 3},
        {"name": "Bo", "seats": (2,), "notes": {}, "hidden": -1},
    ],
)
def test_the_shared_methods_do_what_a_dataclass_would(values: dict[str, object]) -> None:
    reference, shared = _Reference(**values), _Shared(**values)  # type: ignore[arg-type]
    assert repr(shared) == repr(reference).replace("_Reference", "_Shared")
    assert hash(shared) == hash(reference)
    assert shared == _Shared(**values)  # type: ignore[arg-type]
    assert shared != _Shared(**{**values, "name": "Cy"})  # type: ignore[arg-type]
    assert shared != _Shared(**{**values, "notes": {"z": 9}})  # type: ignore[arg-type]
    assert shared != reference
    assert shared != (values["name"],)


@pytest.mark.parametrize(
    ("arguments", "keywords"),
    [
        (("Ana",), {}),
        (("Ana", (1,)), {"hidden": 2}),
        ((), {"name": "Bo", "notes": {"a": 1}}),
        (("Ana", (1,), {}, 1, 5), {}),
        ((), {}),
        (("Ana",), {"name": "Bo"}),
        (("Ana",), {"seat": (1,)}),
        (("Ana",), {"hidden": -6}),
    ],
)
def test_a_record_is_made_as_a_frozen_dataclass_would_be(
    arguments: tuple[object, ...], keywords: dict[str, object]
) -> None:
    def made(kind: type) -> object:
        try:
            return kind(*arguments, **keywords)
        except (TypeError, ValueError) as error:
            return (type(error), str(error).replace(kind.__qualname__, "?"))

    reference, shared = made(_Reference), made(_Shared)
    if isinstance(reference, _Reference):
        assert isinstance(shared, _Shared)
        assert dataclasses.astuple(shared) == dataclasses.astuple(reference)
        assert dataclasses.replace(shared, hidden=4) == _Shared(**{**vars(shared), "hidden": 4})
    else:
        assert shared == reference


def test_a_records_default_made_anew_is_its_own() -> None:
    first, second = _Shared("Ana"), _Shared("Bo")
    first.notes["a"] = 1
    assert second.notes == {}


def test_a_record_refuses_to_change() -> None:
    shared = _Shared("Ana")
    for change in (
        lambda: setattr(shared, "name", "Bo"),
        lambda: setattr(shared, "other", 1),
        lambda: delattr(shared, "name"),
    ):
        with pytest.raises(dataclasses.FrozenInstanceError):
            change()
    assert shared == _Shared("Ana")


def test_a_records_init_names_no_field_it_could_clash_with() -> None:
    @record
    class Odd(Record):
        self: int
        _set: int = 1
        _not_given: int = 2
        notes: dict[str, int] = field(default_factory=dict)

    odd = Odd(0)
    assert (odd.self, odd._set, odd._not_given, odd.notes) == (0, 1, 2, {})


def test_a_record_refuses_what_its_init_would_not_honour() -> None:
    with pytest.raises(TypeError, match="made from its fields"):

        @record
        class Own(Record):
            name: str

            def __init__(self) -> None:
                object.__setattr__(self, "name", "Ana")

    for unsupported in (field(default=0, init=False), field(default=0, kw_only=True)):
        with pytest.raises(TypeError, match="positional"):

            @record
            class Keyed(Record):
                name: str = "Ana"
                seat: int = unsupported


def test_records_of_the_rules_compare_by_value_and_kind() -> None:
    assert Cards(low=2) == Cards(low=2)
    assert Cards(low=2) != Cards(high=2)
    assert Leave(3, "Ana") == Leave(3, "Ana")
    assert Leave(3, "Ana") != Join(3, "Ana")
    hand = Hand("Ana", {"Ana": PlayerResult(made=True)})
    assert hash(hand) == hash(Hand("Ana", {"Bo": PlayerResult(made=False)}))
    assert hand != Hand("Ana", {"Bo": PlayerResult(made=False)})
    assert len({Cards(low=1), Cards(low=1), Cards(wild=1)}) == 2
    assert repr(Cards(wild=1)) == "Cards(low=0, high=0, skip=0, wild=1, super_wild=0)"
    problem = Problem(Severity.ERROR, ProblemKey.NO_RESULT, {}, 2, "Ana", None)
    assert problem == dataclasses.replace(problem)
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.player = "Bo"  # type: ignore[misc]
