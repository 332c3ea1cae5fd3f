"""Every setting the window remembers, in one table: its key on disk, its kind and its
default. Each is read and written typed through `read_setting` and `write_setting`; a
value that is not of the setting's kind (a hand-edited file, an older version's) reads
as the default.

The keys are those the settings have always been stored under: changing one would make
every user's choice read as the default. The module imports only QtCore and what the
start has loaded already, so the window reads its settings before its first paint at
no cost (named tuples: a dataclass would load `dataclasses` and `copy` early).

A function that reads or writes takes the store to use, `QSettings()` when none is
given: tests and the sheet's dialogs hand in a store of their own.
"""

from collections.abc import Callable
from typing import Generic, NamedTuple, TypeVar

from PySide6.QtCore import QByteArray, QSettings

T = TypeVar("T")


class Kind(NamedTuple, Generic[T]):
    """What a setting holds: `parse` turns what the store hands back into it, or None
    when it is not of this kind."""

    parse: Callable[[object], T | None]


def _parse_bool(value: object) -> bool | None:
    # An INI file hands a stored boolean back as the text "true" or "false"; the store
    # itself, before it is written out, as the boolean.
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    return None


def _parse_str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _parse_bytes(value: object) -> QByteArray | None:
    return QByteArray(value) if isinstance(value, QByteArray | bytes) else None


BOOL = Kind[bool](_parse_bool)
STR = Kind[str](_parse_str)
BYTES = Kind[QByteArray](_parse_bytes)


class Setting(NamedTuple, Generic[T]):
    key: str
    kind: Kind[T]
    default: T

    def of_window(self, window: str) -> "Setting[T]":
        """The setting kept for one window, whose name fills the key's `{window}`."""
        return Setting(self.key.format(window=window), self.kind, self.default)


LANGUAGE = Setting("language", STR, "")
"""The language the window speaks, a code; empty follows the system's."""
COLOURS = Setting("appearance/colours", STR, "system")
"""The colour scheme, an `appearance.Scheme` value."""
LARGE_TYPE = Setting("appearance/large_type", BOOL, False)
"""Whether the game's table is drawn in larger type."""
POINTS_BY_DEFAULT = Setting("entry/points", BOOL, False)
"""Whether a new game's results start as points totals: New Game asks, and remembers."""
SHARED_FOLDER = Setting("sharing/folder", STR, "")
"""The folder the library is shared through, this computer's (never shared itself);
empty while it is not shared."""
SHEET_PAPER = Setting("sheet/paper", STR, "")
"""The sheet's paper size last chosen; empty follows the user's locale."""
SHEET_LANGUAGE = Setting("sheet/language", STR, "")
"""The sheet's language last chosen; empty follows the user's locale."""
SHEET_FOLDER = Setting("sheet/folder", STR, "")
"""The folder the last sheet was saved in."""
LAST_SAVE_FOLDER = Setting("last_save_folder", STR, "")
"""The folder the last file was saved in, where the next save dialog starts."""
WINDOW_GEOMETRY = Setting("windows/{window}/geometry", BYTES, QByteArray())
"""A window's size and position, for each window by its name."""
WINDOW_STATE = Setting("windows/{window}/state", BYTES, QByteArray())
"""A main window's toolbars and docks, for each window by its name."""

SETTINGS: tuple[Setting[bool] | Setting[str] | Setting[QByteArray], ...] = (
    LANGUAGE,
    COLOURS,
    LARGE_TYPE,
    POINTS_BY_DEFAULT,
    SHARED_FOLDER,
    SHEET_PAPER,
    SHEET_LANGUAGE,
    SHEET_FOLDER,
    LAST_SAVE_FOLDER,
    WINDOW_GEOMETRY,
    WINDOW_STATE,
)
"""The table: every setting the window keeps."""


def read_setting(setting: Setting[T], store: QSettings | None = None) -> T:
    """The setting's value, or its default when it is not set or not of its kind."""
    store = QSettings() if store is None else store
    if not store.contains(setting.key):
        return setting.default
    value = setting.kind.parse(store.value(setting.key))
    return setting.default if value is None else value


def write_setting(setting: Setting[T], value: T, store: QSettings | None = None) -> None:
    (QSettings() if store is None else store).setValue(setting.key, value)


def forget_setting(setting: Setting[T], store: QSettings | None = None) -> None:
    """Removes the setting: it reads as its default again."""
    (QSettings() if store is None else store).remove(setting.key)
