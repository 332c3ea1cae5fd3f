"""A `Log` behaves as the tuple of its entries, whatever logs grew from the same list."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10_keeper.rules.log import Log

# Each step grows a log from one made earlier (by its index) or cuts one back.
steps = st.lists(
    st.tuples(st.sampled_from(["append", "first"]), st.integers(0, 1000), st.integers(0, 99)),
    max_size=40,
)


@given(steps)
def test_logs_grown_from_shared_entries_stay_what_they_were(
    plan: list[tuple[str, int, int]],
) -> None:
    logs: list[Log[int]] = [Log()]
    expected: list[tuple[int, ...]] = [()]
    for action, pick, value in plan:
        source = pick % len(logs)
        if action == "append":
            logs.append(logs[source].appended(value))
            expected.append((*expected[source], value))
        else:
            count = value % (len(expected[source]) + 1)
            logs.append(logs[source].first(count))
            expected.append(expected[source][:count])
    for log, entries in zip(logs, expected, strict=True):
        assert log == entries
        assert tuple(log) == entries
        assert len(log) == len(entries)
        assert log[1:-1] == entries[1:-1]
        if entries:
            assert (log[0], log[-1]) == (entries[0], entries[-1])


def test_a_log_equals_logs_and_tuples_of_the_same_entries() -> None:
    log = Log([1, 2]).appended(3)
    assert log == (1, 2, 3)
    assert (1, 2, 3) == log  # noqa: SIM300 (the tuple on the left is the point)
    assert log == Log([1, 2, 3])
    assert log != Log([1, 2])
    assert log != [1, 2, 3]
    assert hash(log) == hash((1, 2, 3))
    assert repr(log) == "Log([1, 2, 3])"


def test_a_log_refuses_entries_it_does_not_have() -> None:
    log = Log([1, 2, 3]).first(2)
    with pytest.raises(IndexError):
        log[2]
    with pytest.raises(IndexError):
        log[-3]
    with pytest.raises(IndexError):
        log.first(3)
