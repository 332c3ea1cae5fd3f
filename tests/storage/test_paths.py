"""The library's folder: the environment variable, else each platform's convention."""

import sys
from pathlib import Path

import pytest

from phase10_keeper.storage.paths import default_data_dir


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    monkeypatch.delenv("PHASE10_KEEPER_DATA_DIR")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.delenv("APPDATA", raising=False)
    return tmp_path


def test_the_environment_variable_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PHASE10_KEEPER_DATA_DIR", str(tmp_path / "here"))
    assert default_data_dir() == tmp_path / "here"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX home folders")
@pytest.mark.parametrize(
    ("platform", "xdg", "expected"),
    [
        ("linux", None, ".local/share/phase10-keeper"),
        ("linux", "/srv/data", "/srv/data/phase10-keeper"),
        ("linux", "relative/ignored", ".local/share/phase10-keeper"),
        ("freebsd14", None, ".local/share/phase10-keeper"),
        ("darwin", None, "Library/Application Support/phase10-keeper"),
        ("win32", None, "AppData/Roaming/phase10-keeper"),
    ],
)
def test_each_platform_has_its_folder(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    platform: str,
    xdg: str | None,
    expected: str,
) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    if xdg is not None:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert default_data_dir() == home / expected


def test_windows_uses_appdata(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(home / "Roaming"))
    assert default_data_dir() == home / "Roaming" / "phase10-keeper"
