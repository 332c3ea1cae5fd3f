"""What the storage layer tells people, as a catalogue key and plain values.

A game file that cannot be read, or a library that cannot be opened, is reported by an
error that holds no sentence of its own: its key names what is wrong (`file.<key>`,
`library.<key>`) and its values are numbers, names, paths, places in a game file, kinds
of JSON value, the rules' problems or other such errors, all worded in the reader's
language by `worded`. Its English wording is its message, so `str(error)` reads as before.
"""

from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import (
    TYPE_CHECKING,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    TypeAlias,
    TypeVar,
    runtime_checkable,
)

from phase10_keeper.language import ENGLISH, Words, words

# The rules' problems are imported where one is worded: opening the library needs none.
if TYPE_CHECKING:
    from phase10_keeper.rules import Problem


class JsonType(StrEnum):
    """The kinds of JSON value, as a message names what a file holds instead of another;
    the catalogue words each as `file.type.<kind>`."""

    NULL = "null"
    BOOLEAN = "boolean"
    NUMBER = "number"
    TEXT = "text"
    LIST = "list"
    OBJECT = "object"


class PlaceKey(StrEnum):
    """The kinds of place in a game file; the catalogue words each as `file.place.<key>`."""

    GAME_FILE = "game_file"
    VERSION = "version"
    KEY = "key"
    """A key of the file itself, such as `players`, spelled as the file spells it."""
    KEY_IN = "key_in"
    """A key inside another place, such as a hand's `went_out`."""
    PLAYER_NAME = "player_name"
    RULES = "rules"
    RULES_KEY = "rules_key"
    RULES_PHASE = "rules_phase"
    LABEL_OF = "label_of"
    GROUPS_OF = "groups_of"
    GROUP_OF = "group_of"
    KIND_OF = "kind_of"
    SIZE_OF = "size_of"
    HAND = "hand"
    PLAYER_IN_HAND = "player_in_hand"
    NAME_IN_RESULTS = "name_in_results"
    RESULT = "result"
    CARD_COUNT = "card_count"
    SEATING_CHANGE = "seating_change"


_NO_VALUES: Mapping[str, int | str] = MappingProxyType({})


# Named tuples, not dataclasses: opening the library words its errors with these, and
# importing dataclasses would cost listing the library a sixth of its time.
class Place(NamedTuple):
    """Where in a game file something is: a kind of place, its values, and the place it
    is inside of ("the size of" group 1 "of" phase 2 "of the rules")."""

    key: PlaceKey
    values: Mapping[str, int | str] = _NO_VALUES
    within: "Place | None" = None

    def worded(self, language: Words) -> str:
        values: dict[str, object] = dict(self.values)
        if self.within is not None:
            values["within"] = self.within.worded(language)
        return language(f"file.place.{self.key.value}", **values)


def place(kind: PlaceKey, within: Place | None = None, /, **values: int | str) -> Place:
    return Place(kind, values, within)


class Said(NamedTuple):
    """A text of the catalogue with its values, to be worded inside another message."""

    key: str
    values: Mapping[str, int | str] = _NO_VALUES

    def worded(self, language: Words) -> str:
        return worded_message(language, self.key, self.values)


@runtime_checkable
class Worded(Protocol):
    """Anything that words itself in a language, such as a Place or another error."""

    def worded(self, language: Words) -> str: ...


Value: TypeAlias = "int | str | JsonType | Problem | Worded"
"""What a message fills in: numbers, names and paths as they are; the rest worded."""


def _worded_value(language: Words, value: Value) -> object:
    from phase10_keeper.rules import Problem

    if isinstance(value, JsonType):
        return language(f"file.type.{value.value}")
    if isinstance(value, Problem):
        from phase10_keeper.language.wording import problem_line

        return problem_line(language, value)
    if isinstance(value, int | str):
        return value
    return value.worded(language)


def worded_message(language: Words, key: str, values: Mapping[str, Value]) -> str:
    """The text of catalogue entry `key` with `values`; `count` picks the plural form."""
    filled = {name: _worded_value(language, value) for name, value in values.items()}
    count = filled.pop("count", None)
    if isinstance(count, int):
        return language.count(key, count, **filled)
    return language(key, **filled)


class GameFileKey(StrEnum):
    """What is wrong with a game file; the catalogue words each as `file.<key>`."""

    NOT_WHOLE_NUMBER = "not_whole_number"
    NOT_BOOLEAN = "not_boolean"
    NOT_TEXT = "not_text"
    NOT_UNICODE = "not_unicode"
    NOT_OBJECT = "not_object"
    NOT_LIST = "not_list"
    NOT_ONE_OF = "not_one_of"
    TOO_MANY_PHASES = "too_many_phases"
    RULES_UNPLAYABLE = "rules_unplayable"
    PHASE_NO_LABEL = "phase_no_label"
    PHASE_NO_GROUPS = "phase_no_groups"
    TOO_MANY_GROUPS = "too_many_groups"
    GROUP_KIND_AND_SIZE = "group_kind_and_size"
    UNKNOWN_CARD_KIND = "unknown_card_kind"
    CARD_COUNT_OVER_DECK = "card_count_over_deck"
    WENT_OUT_MISSING = "went_out_missing"
    NO_RESULTS = "no_results"
    TWO_RESULTS = "two_results"
    MADE_MISSING = "made_missing"
    POINTS_VERSION = "points_version"
    POINTS_AND_CARDS = "points_and_cards"
    BEFORE_HAND_MISSING = "before_hand_missing"
    BEFORE_HAND_BELOW_ONE = "before_hand_below_one"
    LEAVE_OR_JOIN = "leave_or_join"
    LEAVER_UNKNOWN = "leaver_unknown"
    JOINER_UNKNOWN = "joiner_unknown"
    NOT_A_GAME_FILE = "not_a_game_file"
    NO_VERSION = "no_version"
    VERSION_NEWER = "version_newer"
    VERSION_BELOW_ONE = "version_below_one"
    NO_KEY = "no_key"
    SEATING_VERSION = "seating_version"
    HOUSE_CARDS_VERSION = "house_cards_version"
    TOO_MANY_HANDS = "too_many_hands"
    GAME_PROBLEM = "game_problem"
    REPEATED_KEY = "repeated_key"
    NOT_JSON = "not_json"
    NUMBER_TOO_LARGE = "number_too_large"
    NESTED_TOO_DEEPLY = "nested_too_deeply"
    FOLDER = "folder"
    NOT_REGULAR = "not_regular"
    TOO_LARGE = "too_large"
    CANNOT_READ = "cannot_read"
    IMPOSSIBLE_NAME = "impossible_name"
    NOT_UTF8 = "not_utf8"


Key = TypeVar("Key", bound=StrEnum)


class KeyedError(Exception, Generic[Key]):
    """An error the catalogue words as `<area>.<key>`: the key says what is wrong and the
    values where, in the reader's language by `worded`, and in English as the message."""

    area: ClassVar[str]

    def __init__(self, key: Key, /, **values: Value) -> None:
        self.key = key
        self.values = values
        super().__init__(self.worded(words(ENGLISH)))

    def worded(self, language: Words) -> str:
        return worded_message(language, f"{self.area}.{self.key.value}", self.values)


class GameFileError(KeyedError[GameFileKey], ValueError):
    """A game file that cannot be read."""

    area = "file"


class LibraryKey(StrEnum):
    """What is wrong with the game library; the catalogue words each as `library.<key>`."""

    BUSY = "busy"
    DISK_FULL = "disk_full"
    CANNOT_WRITE = "cannot_write"
    DISK_FAILED = "disk_failed"
    FAILED = "failed"
    DAMAGED = "damaged"
    BEHIND = "behind"
    NOT_A_LIBRARY = "not_a_library"
    TOO_NEW = "too_new"
    CANNOT_READ = "cannot_read"
    CANNOT_CREATE_FOLDER = "cannot_create_folder"
    NO_BACKUP = "no_backup"
    BACKUP_DAMAGED = "backup_damaged"
    CANNOT_RESTORE = "cannot_restore"
    CANNOT_BACK_UP = "cannot_back_up"
    CLOSED = "closed"
    NO_GAME = "no_game"
    CANNOT_SAVE = "cannot_save"
    GAME_CHANGED = "game_changed"
    GAME_DAMAGED = "game_damaged"
    MISSING = "missing"
    EMPTIED = "emptied"
    NOT_REGULAR = "not_regular"
    HELD = "held"
    HELD_BY = "held_by"
    CANNOT_LOCK = "cannot_lock"


class LibraryError(KeyedError[LibraryKey]):
    """A problem with the game library."""

    area = "library"


# The names without an "Error" suffix are the interface the desktop app is written to.
class LibraryDamaged(LibraryError):  # noqa: N818
    """The library file is damaged; `backups` are the good backups, newest first."""

    def __init__(self, key: LibraryKey, backups: list[Path], /, **values: Value) -> None:
        super().__init__(key, **values)
        self.backups = backups


class LibraryBehind(LibraryDamaged):
    """The library holds fewer changes than were committed to it: SQLite drops a damaged
    or deleted WAL file without a word, so the mark kept beside the file says so instead.
    """


class LibraryMissing(LibraryBehind):
    """The library file is missing or empty, though its mark or its backups say it held
    games: a library that lost every change, never a fresh start."""


class LibraryHeld(LibraryError):  # noqa: N818
    """Another process holds the library in `data_dir` (`storage.lock`); `pid` is its
    process id, if known."""

    def __init__(self, data_dir: Path, pid: int | None) -> None:
        if pid is None:
            super().__init__(LibraryKey.HELD, path=str(data_dir))
        else:
            super().__init__(LibraryKey.HELD_BY, path=str(data_dir), pid=pid)
        self.data_dir = data_dir
        self.pid = pid


class LibraryTooNew(LibraryError):  # noqa: N818
    """The library was written by a newer version of the app; it was left untouched."""


class LibraryBusy(LibraryError):  # noqa: N818
    """Another copy of the app kept the library locked for longer than the timeout."""


class GameChanged(LibraryError):  # noqa: N818
    """A save from a copy of game `game_id` that is no longer current: the game was saved
    elsewhere since, and is now at `revision`. Nothing was written."""

    def __init__(self, game_id: int, revision: int) -> None:
        super().__init__(LibraryKey.GAME_CHANGED, id=game_id)
        self.game_id = game_id
        self.revision = revision


class GameDamaged(LibraryError):  # noqa: N818
    """Game `game_id` does not read back as a valid game: a value in it is not what the
    app writes. The other games are unharmed; a backup may hold it whole."""

    def __init__(self, game_id: int, detail: "str | Worded") -> None:
        super().__init__(LibraryKey.GAME_DAMAGED, id=game_id, detail=detail)
        self.game_id = game_id
