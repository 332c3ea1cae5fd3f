"""A start where Qt cannot open its window says why, in one message, before Qt loads."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from phase10_keeper import first_start
from phase10_keeper.first_start import (
    QT_LIBRARIES,
    XCB_LIBRARIES,
    display_missing,
    missing_libraries,
    uses_xcb,
)
from phase10_keeper.storage.paths import LOG_FILE

NO_DISPLAY: dict[str, str] = {}
X11 = {"DISPLAY": ":0"}
WAYLAND = {"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}


def loader_without(*sonames: str):
    """A stand-in for the system's loader that lacks these libraries."""

    def load(soname: str) -> object:
        if soname in sonames:
            raise OSError(f"{soname}: cannot open shared object file: No such file or directory")
        return soname

    return load


class Dialogs:
    """Records the dialogs the start would show, instead of showing them."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []

    def __call__(self, title: str, text: str) -> bool:
        self.shown.append((title, text))
        return True


@pytest.mark.parametrize(
    ("environ", "platform", "missing"),
    [
        (NO_DISPLAY, "linux", True),
        (X11, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"DISPLAY": ""}, "linux", True),
        (NO_DISPLAY, "win32", False),
        (NO_DISPLAY, "darwin", False),
    ],
)
def test_no_display_is_no_x11_no_wayland_and_no_platform_chosen(
    environ: dict[str, str], platform: str, missing: bool
) -> None:
    assert display_missing(environ, platform) is missing


@pytest.mark.parametrize(
    ("environ", "xcb"),
    [
        (X11, True),
        (WAYLAND, False),
        ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, False),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, True),
        ({"QT_QPA_PLATFORM": "xcb:nograb;wayland"}, True),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":0"}, False),
        (NO_DISPLAY, False),
    ],
)
def test_xcb_is_checked_where_qt_will_draw_through_x11(environ: dict[str, str], xcb: bool) -> None:
    assert uses_xcb(environ, "linux") is xcb
    assert not uses_xcb(environ, "win32")


def test_missing_libraries_are_those_the_loader_refuses() -> None:
    load = loader_without("libxcb-cursor.so.0", "libxcb-xkb.so.1")
    missing = missing_libraries(XCB_LIBRARIES, load)
    assert [library.soname for library in missing] == ["libxcb-cursor.so.0", "libxcb-xkb.so.1"]


def test_a_library_there_whose_dependency_is_missing_is_not_named() -> None:
    def load(soname: str) -> object:
        if soname in ("libxcb.so.1", "libxcb-cursor.so.0"):
            raise OSError("libxcb.so.1: cannot open shared object file: No such file or directory")
        if soname == "libxcb-xkb.so.1":
            raise OSError("libunknown.so.3: cannot open shared object file: No such file")
        return soname

    missing = missing_libraries(XCB_LIBRARIES, load)
    # libxcb-xkb fails for a library the check does not know: it is named, as the way in.
    assert [library.soname for library in missing] == ["libxcb.so.1", "libxcb-xkb.so.1"]


def test_this_machine_has_what_qt_needs() -> None:
    # The suite draws windows offscreen with this very Qt: the check must agree that
    # nothing is missing, or it would stop good starts.
    assert missing_libraries(QT_LIBRARIES + XCB_LIBRARIES) == []


def test_missing_library_and_no_display_say_what_to_install_and_where_the_log_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("PHASE10_KEEPER_DATA_DIR", str(tmp_path / "data"))
    dialogs = Dialogs()
    load = loader_without("libxcb-cursor.so.0", "libxcb-shape.so.0", "libglib-2.0.so.0")

    code = first_start.explain(no_display=True, environ=NO_DISPLAY, load=load, show=dialogs)

    assert code == first_start.EXIT_CANNOT_START
    message = capsys.readouterr().err
    log = tmp_path / "data" / LOG_FILE
    assert message.startswith("Phase 10 Keeper cannot open its window\n")
    assert "There is no display to open it on" in message
    assert (
        "Qt needs 3 system libraries that are missing: "
        "libglib-2.0.so.0, libxcb-cursor.so.0, libxcb-shape.so.0." in message
    )
    # One package for both glib libraries would be named once; Fedora's differ.
    assert "sudo apt install libglib2.0-0 libxcb-cursor0 libxcb-shape0\n" in message
    assert "sudo dnf install glib2 xcb-util-cursor libxcb\n" in message
    assert f"This message is also in the log: {log}" in message
    assert "sudo apt install libglib2.0-0 libxcb-cursor0 libxcb-shape0" in log.read_text("utf-8")
    # With no display there is nothing to show a dialog on.
    assert dialogs.shown == []


def test_with_a_display_the_message_is_shown_in_a_dialog_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    dialogs = Dialogs()
    load = loader_without("libxcb-cursor.so.0")

    first_start.explain(no_display=False, environ=X11, load=load, show=dialogs)

    ((title, text),) = dialogs.shown
    assert title == "Phase 10 Keeper cannot open its window"
    assert "Qt needs a system library that is missing: libxcb-cursor.so.0." in text
    assert "sudo apt install libxcb-cursor0\n" in text
    assert "There is no display" not in text
    assert capsys.readouterr().err == f"{title}\n\n{text}\n"


def test_qt_failing_to_load_is_quoted(capsys: pytest.CaptureFixture[str]) -> None:
    error = "libEGL.so.1: cannot open shared object file: No such file or directory"
    first_start.explain(
        no_display=False, qt_error=error, environ=NO_DISPLAY, load=loader_without("libEGL.so.1")
    )
    message = capsys.readouterr().err
    assert f"Qt could not be loaded: {error}" in message
    assert "sudo apt install libegl1\n" in message


def test_the_message_speaks_the_users_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8")
    load = loader_without("libxcb-cursor.so.0", "libxcb-xkb.so.1")
    first_start.explain(no_display=True, environ=NO_DISPLAY, load=load)
    message = capsys.readouterr().err
    assert message.startswith("Phase 10 Keeper nie może otworzyć okna\n")
    assert "Brakuje 2 bibliotek systemowych potrzebnych Qt" in message


def test_a_start_without_a_display_says_so_instead_of_aborting(tmp_path: Path) -> None:
    # The real command in a child: without the check, Qt aborts it (SIGABRT).
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LC_ALL": "C.UTF-8"}
    environment["PHASE10_KEEPER_DATA_DIR"] = str(tmp_path / "data")
    result = subprocess.run(
        [sys.executable, "-m", "phase10_keeper"],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == first_start.EXIT_CANNOT_START, result.stderr
    assert "There is no display to open it on" in result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "data" / LOG_FILE).is_file()


def test_a_frozen_bundle_finds_the_libraries_it_carries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A shared object the system's loader cannot find by this name, in the bundle's folder
    # (a Python extension module stands in: any shared object loads).
    import _ctypes

    carried = first_start.SystemLibrary("libcarried-by-the-bundle.so.1", "none", "none")
    shutil.copy(_ctypes.__file__, tmp_path / carried.soname)
    assert missing_libraries([carried]) == [carried]
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert missing_libraries([carried]) == []


def test_a_frozen_bundle_without_fonts_says_which_package_brings_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("FONTCONFIG_FILE", raising=False)
    monkeypatch.delenv("FONTCONFIG_PATH", raising=False)
    if Path("/etc/fonts/fonts.conf").exists():
        assert not first_start.fonts_missing({}, frozen=True)
    assert not first_start.fonts_missing({}, frozen=False)
    assert not first_start.fonts_missing({"FONTCONFIG_FILE": "/opt/fonts.conf"}, frozen=True)

    first_start.explain(
        no_display=False, no_fonts=True, environ=NO_DISPLAY, load=loader_without("libxcb.so.1")
    )
    message = capsys.readouterr().err
    assert "There is no font configuration (/etc/fonts/fonts.conf)" in message
    assert "sudo apt install fontconfig-config libxcb1\n" in message
    assert "sudo dnf install fontconfig libxcb\n" in message
