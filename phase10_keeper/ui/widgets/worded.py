"""A sequence of texts worded only as they are asked for: a table or chart over
thousands of games shows a screenful of them, if it shows them at all."""

from abc import abstractmethod
from collections.abc import Sequence
from typing import TypeVar, overload

_T = TypeVar("_T")


class WordedWhenAsked(Sequence[_T]):
    """`count` items, each made by `worded` when it is asked for (by index or slice)."""

    def __init__(self, count: int) -> None:
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> _T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[_T]: ...
    def __getitem__(self, index: int | slice) -> _T | Sequence[_T]:
        places = range(self._count)
        if isinstance(index, slice):
            return [self.worded(place) for place in places[index]]
        return self.worded(places[index])

    @abstractmethod
    def worded(self, place: int) -> _T:
        """The item at `place`, from 0 to one less than the count."""
