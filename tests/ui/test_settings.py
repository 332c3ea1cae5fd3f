"""The table of settings: each read typed as written, a value not of its kind read as its
default, and each still under the key it has always been stored under."""

from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings

from phase10_keeper.ui.settings import (
    BOOL,
    BYTES,
    LARGE_TYPE,
    SETTINGS,
    STR,
    Kind,
    Setting,
    forget_setting,
    read_setting,
    write_setting,
)


def _store(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def _written_out(path: Path, text: str) -> QSettings:
    """A store whose file holds `text`, as an older version or a hand left it."""
    path.write_text(text, encoding="utf-8")
    return _store(path)


GARBAGE = [
    (BOOL, True, "maybe"),
    (BOOL, True, "1, 0"),
    (BOOL, True, "@ByteArray(false)"),
    (STR, "fallback", "dark, light"),
    (STR, "fallback", "@ByteArray(dark)"),
    (STR, "fallback", "@Variant(\\0\\0\\0\\x13\\0\\0\\0\\x1\\0\\0\\0\\x2)"),
    (BYTES, QByteArray(b"fallback"), "plain text"),
    (BYTES, QByteArray(b"fallback"), "1, 2"),
]
"""For each kind a default none of its garbage could be read as, and what a hand or an
older version may have left in the file."""


def test_a_garbage_value_of_each_kind_is_tried() -> None:
    assert {kind for kind, _, _ in GARBAGE} == {setting.kind for setting in SETTINGS}


@pytest.mark.parametrize(("kind", "default", "stored"), GARBAGE)
def test_a_value_not_of_the_settings_kind_reads_as_its_default(
    tmp_path: Path, kind: Kind[object], default: object, stored: str
) -> None:
    setting = Setting("garbage/value", kind, default)
    store = _written_out(tmp_path / "settings.ini", f"[garbage]\nvalue={stored}\n")
    assert store.contains(setting.key)
    assert read_setting(setting, store) == default


CHOSEN: dict[str, object] = {
    "language": "pl",
    "appearance/colours": "dark",
    "appearance/large_type": True,
    "entry/points": True,
    "sharing/folder": "/home/someone/Shared games",
    "sheet/paper": "letter",
    "sheet/language": "de",
    "sheet/folder": "/home/someone/Sheets, old and new",
    "last_save_folder": "/home/someone/Documents",
    "windows/{window}/geometry": QByteArray(b"\x01\xd9\xd0\xcb\x00\x03"),
    "windows/{window}/state": QByteArray(b"\x00\x00\x00\xff\x00\x00"),
}
"""A value a user may have chosen, under each key the settings have always been kept
under: written as the older versions wrote them, straight into the store."""


def test_the_table_keeps_every_setting_under_the_key_it_always_had() -> None:
    assert sorted(setting.key for setting in SETTINGS) == sorted(CHOSEN)


def _chosen(setting: Setting[object]) -> tuple[Setting[object], object]:
    """The setting as kept for one window (where it is kept for each), and its value."""
    return setting.of_window("MainWindow"), CHOSEN[setting.key]


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda setting: setting.key)
def test_a_value_written_under_the_old_key_still_reads(tmp_path: Path, setting: Setting[object]):
    setting, chosen = _chosen(setting)
    path = tmp_path / "settings.ini"
    older = _store(path)
    older.setValue(setting.key, chosen)
    older.sync()
    assert read_setting(setting, _store(path)) == chosen


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda setting: setting.key)
def test_a_setting_reads_as_written_and_as_its_default_once_forgotten(
    tmp_path: Path, setting: Setting[object]
) -> None:
    setting, chosen = _chosen(setting)
    path = tmp_path / "settings.ini"
    assert read_setting(setting, _store(path)) == setting.default
    assert chosen != setting.default
    write_setting(setting, chosen, _store(path))
    assert read_setting(setting, _store(path)) == chosen
    forget_setting(setting, _store(path))
    assert read_setting(setting, _store(path)) == setting.default


def test_without_a_store_the_apps_own_settings_are_used() -> None:
    write_setting(LARGE_TYPE, True)
    assert QSettings().value(LARGE_TYPE.key) in (True, "true")
    assert read_setting(LARGE_TYPE)
