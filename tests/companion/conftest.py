"""The browser the browser tests share (see `browsing`), started once for the run."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from .browsing import started_browser

    yield from started_browser()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    from .browsing import shots_folder

    return shots_folder(tmp_path)
