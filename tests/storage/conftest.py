"""A library in a temporary folder, with a clock the tests move by hand."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from phase10_keeper.storage.library import Library

from .samples import FakeClock


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def library(data_dir: Path, clock: FakeClock) -> Iterator[Library]:
    with Library.open(data_dir, clock=clock) as opened:
        yield opened


@pytest.fixture
def reopen(data_dir: Path, clock: FakeClock) -> Iterator[Callable[[], Library]]:
    """Opens the same library again, as a second copy of the app or a later session."""
    opened: list[Library] = []

    def open_again() -> Library:
        opened.append(Library.open(data_dir, clock=clock))
        return opened[-1]

    yield open_again
    for library in opened:
        library.close()
