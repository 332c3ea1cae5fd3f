"""Where the game library lives: the user's data folder, by each platform's convention."""

import os
import sys
from pathlib import Path

APP_DIR_NAME = "phase10-keeper"
LIBRARY_FILE = "library.sqlite3"
LOG_FILE = "phase10-keeper.log"
"""Beside the library: the app's log, where the window's errors go, and why it could not
start."""
SET_ASIDE_DIR_NAME = "damaged"
"""Beside the library: where a damaged library file is kept when a backup replaces it."""
DATA_DIR_VARIABLE = "PHASE10_KEEPER_DATA_DIR"


def default_data_dir() -> Path:
    """PHASE10_KEEPER_DATA_DIR if set, else the platform's folder for application data."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override).expanduser()
    return platform_data_dir()


def platform_data_dir() -> Path:
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        # The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / APP_DIR_NAME
