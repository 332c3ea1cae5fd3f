"""What each part of the library (a module beside library.py holding some of `Library`'s
methods) relies on `Library` itself for: its read and write transactions."""

import sqlite3
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING


class LibraryPart:
    """A part of `Library`, which it is mixed into."""

    if TYPE_CHECKING:

        def _reading(self) -> AbstractContextManager[sqlite3.Connection]: ...

        def _writing(
            self, *, change: bool = True
        ) -> AbstractContextManager[sqlite3.Connection]: ...
