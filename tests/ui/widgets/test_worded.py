"""A sequence worded when asked: each item made only as it is asked for, by index
(negative too) or slice, as a list of texts would give it."""

import pytest

from phase10_keeper.ui.widgets.worded import WordedWhenAsked


class _Asked(WordedWhenAsked[str]):
    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.made: list[int] = []

    def worded(self, place: int) -> str:
        self.made.append(place)
        return f"hand {place + 1}"


def test_items_are_worded_only_as_they_are_asked_for() -> None:
    texts = _Asked(1000)
    assert len(texts) == 1000
    assert texts[2] == "hand 3"
    assert texts[-1] == "hand 1000"
    assert texts.made == [2, 999]


def test_it_reads_as_the_list_it_stands_for() -> None:
    texts = _Asked(7)
    whole = [f"hand {number}" for number in range(1, 8)]
    assert list(texts) == whole
    for window in (slice(2, 5), slice(None, None, -2), slice(-3, None), slice(9, 12)):
        assert texts[window] == whole[window]
    assert "hand 4" in texts
    assert texts.index("hand 6") == 5
    with pytest.raises(IndexError):
        texts[7]
