"""Shared test set-up: Qt draws offscreen, and no test touches the user's real data."""

import os

# Qt reads this when the first QGuiApplication starts, so it must be set before any
# test module imports the UI.
os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("PHASE10_KEEPER_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    # Tests assert English words: the tester's own locale must not change them.
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
