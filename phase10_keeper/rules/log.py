"""A log that grows one entry at a time and shares its entries with the logs it grew from.

Replaying a game makes one state per hand, and every state has the hand log so far and
each player's points so far. Copying those into every state would cost time and memory
that grow with the square of the hands; a `Log` is instead a length over a list that the
logs of earlier and later states share.
"""

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Generic, TypeVar, overload

T = TypeVar("T")


class Log(Sequence[T], Generic[T]):
    """An immutable sequence. `appended` gives a longer log in constant time (amortised)
    by adding to the shared list when this log is its end, and copies only when a log
    branches off from an earlier point (an edited hand replayed from there)."""

    __slots__ = ("_entries", "_length")

    def __init__(self, entries: Iterable[T] = ()) -> None:
        self._entries = list(entries)
        self._length = len(self._entries)

    @classmethod
    def _sharing(cls, entries: list[T], length: int) -> "Log[T]":
        log: Log[T] = cls.__new__(cls)
        log._entries = entries
        log._length = length
        return log

    def appended(self, entry: T) -> "Log[T]":
        entries = self._entries
        # Entries past this log's length belong to a log that grew from it: leave them.
        if len(entries) != self._length:
            entries = entries[: self._length]
        entries.append(entry)
        return Log._sharing(entries, self._length + 1)

    def first(self, count: int) -> "Log[T]":
        """The log of its first `count` entries, sharing them."""
        if not 0 <= count <= self._length:
            raise IndexError(f"a log of {self._length} entries has no first {count}")
        return Log._sharing(self._entries, count)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self._entries[position] for position in range(self._length)[index])
        if not -self._length <= index < self._length:
            raise IndexError(f"no entry {index} in a log of {self._length}")
        return self._entries[index % self._length]

    def __iter__(self) -> Iterator[T]:
        return islice(self._entries, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            if other._entries is self._entries:
                return other._length == self._length
            return self._length == other._length and all(
                mine == theirs for mine, theirs in zip(self, other, strict=True)
            )
        if isinstance(other, tuple):
            return self._length == len(other) and all(
                mine == theirs for mine, theirs in zip(self, other, strict=True)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"
