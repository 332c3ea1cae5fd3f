"""Starts the app, but first makes sure Qt can open a window: where it cannot, says why
in one message (which packages to install, or that there is no display) instead of an
ImportError's traceback or Qt's abort.

The message goes to stderr, to the log in the data folder and, since a start from a
menu shows no stderr, into a dialog drawn without Qt where the system has one. Nothing
here imports Qt: it runs before Qt loads, and on a good start it costs the loading of
the X11 libraries Qt would load a moment later anyway.
"""

import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from types import ModuleType


class SystemLibrary(NamedTuple):
    """A shared library Qt needs from the system, and the package that holds it."""

    soname: str
    debian: str
    """The Debian and Ubuntu package."""
    fedora: str


QT_LIBRARIES = (
    SystemLibrary("libglib-2.0.so.0", "libglib2.0-0", "glib2"),
    SystemLibrary("libgthread-2.0.so.0", "libglib2.0-0", "glib2"),
    SystemLibrary("libGL.so.1", "libgl1", "libglvnd-glx"),
    SystemLibrary("libEGL.so.1", "libegl1", "libglvnd-egl"),
    SystemLibrary("libfontconfig.so.1", "libfontconfig1", "fontconfig"),
    SystemLibrary("libfreetype.so.6", "libfreetype6", "freetype"),
    SystemLibrary("libX11.so.6", "libx11-6", "libX11"),
    SystemLibrary("libxkbcommon.so.0", "libxkbcommon0", "libxkbcommon"),
    SystemLibrary("libdbus-1.so.3", "libdbus-1-3", "dbus-libs"),
)
"""What QtCore, QtGui and QtWidgets link to beyond a minimal system: without one of them,
importing PySide6 fails."""

XCB_LIBRARIES = (
    SystemLibrary("libxcb.so.1", "libxcb1", "libxcb"),
    SystemLibrary("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb"),
    SystemLibrary("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    SystemLibrary("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    SystemLibrary("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    SystemLibrary("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    SystemLibrary("libxcb-randr.so.0", "libxcb-randr0", "libxcb"),
    SystemLibrary("libxcb-render.so.0", "libxcb-render0", "libxcb"),
    SystemLibrary("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    SystemLibrary("libxcb-shape.so.0", "libxcb-shape0", "libxcb"),
    SystemLibrary("libxcb-shm.so.0", "libxcb-shm0", "libxcb"),
    SystemLibrary("libxcb-sync.so.1", "libxcb-sync1", "libxcb"),
    SystemLibrary("libxcb-util.so.1", "libxcb-util1", "xcb-util"),
    SystemLibrary("libxcb-xfixes.so.0", "libxcb-xfixes0", "libxcb"),
    SystemLibrary("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb"),
    SystemLibrary("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
)
"""What Qt's X11 platform plugin links to besides: without one of them, Qt aborts the
process as the app starts (saying only that xcb-cursor may be missing)."""

FONTS_DEBIAN, FONTS_FEDORA = "fontconfig-config", "fontconfig"
"""The packages of fontconfig's configuration, which bring a font with them."""

EXIT_CANNOT_START = 1


def _freedesktop(platform: str) -> bool:
    """Whether Qt draws through X11 or Wayland here (not on Windows or macOS)."""
    return not platform.startswith(("win32", "cygwin", "darwin"))


def display_missing(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt has nothing to draw on: no X11 or Wayland display, and no platform
    chosen (such as `offscreen`), where Qt would abort."""
    if not _freedesktop(platform):
        return False
    return not any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def uses_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt will draw through X11 (its `xcb` platform): where QT_QPA_PLATFORM names
    it first, or names none and there is an X display and no Wayland one."""
    if not _freedesktop(platform):
        return False
    chosen = environ.get("QT_QPA_PLATFORM")
    if chosen:
        # A list of fallbacks ("wayland;xcb"), each with options ("xcb:option"): the first counts.
        return chosen.split(";")[0].split(":")[0].strip() == "xcb"
    return bool(environ.get("DISPLAY")) and not environ.get("WAYLAND_DISPLAY")


def fonts_missing(environ: Mapping[str, str], frozen: bool = hasattr(sys, "_MEIPASS")) -> bool:
    """Whether a frozen bundle would find no fonts: it carries fontconfig's library but
    not its configuration, nor any font, and without them every letter shows as a box.
    (An install from a wheel uses the system's fontconfig, which brings both.)"""
    if not frozen or not _freedesktop(sys.platform):
        return False
    if environ.get("FONTCONFIG_FILE") or environ.get("FONTCONFIG_PATH"):
        return False
    return not os.path.exists("/etc/fonts/fonts.conf")


def _load(soname: str) -> object:
    """Loads the library as Qt would find it: from the system, or from the frozen
    bundle's folder, which carries many of Qt's libraries beside Qt (Qt's own run path
    finds them there; the system's loader does not look)."""
    # ctypes's C half, imported in half a millisecond: ctypes itself takes 3-6 ms.
    from _ctypes import dlopen

    try:
        return dlopen(soname)
    except OSError:
        bundle = getattr(sys, "_MEIPASS", None)
        if bundle is None or not os.path.exists(os.path.join(bundle, soname)):
            raise
        return dlopen(os.path.join(bundle, soname))


def missing_libraries(
    libraries: Sequence[SystemLibrary], load: Callable[[str], object] = _load
) -> list[SystemLibrary]:
    """The libraries the system's loader cannot load, in the order given; but not one
    that is there and fails only for another of `libraries` that is missing (a frozen
    bundle carries libxcb-cursor, not the libxcb it needs): that other one is named."""
    checked = {library.soname for library in libraries}
    missing = []
    for library in libraries:
        try:
            load(library.soname)
        except OSError as error:
            # The loader names the file it could not open first: "libxcb.so.1: cannot
            # open shared object file: No such file or directory".
            lacking = os.path.basename(str(error).split(":")[0])
            if lacking == library.soname or lacking not in checked:
                missing.append(library)
    return missing


def _packages(names: Iterable[str]) -> str:
    return " ".join(dict.fromkeys(names))


def cannot_start_message(
    *,
    no_display: bool,
    no_fonts: bool,
    missing: Sequence[SystemLibrary],
    qt_error: str | None,
    log: str,
    language_code: str,
) -> tuple[str, str]:
    """The title and the text that say why the window cannot open and what to do."""
    from phase10_keeper.language import words

    language = words(language_code)
    parts = []
    if no_display:
        parts.append(language("first_start.no_display"))
    if no_fonts:
        parts.append(language("first_start.no_fonts"))
    if missing:
        names = ", ".join(library.soname for library in missing)
        parts.append(language.count("first_start.missing_libraries", len(missing), names=names))
    if missing or no_fonts:
        fonts = [(FONTS_DEBIAN, FONTS_FEDORA)] if no_fonts else []
        packages = [*fonts, *((library.debian, library.fedora) for library in missing)]
        parts.append(
            language(
                "first_start.install",
                debian=_packages(debian for debian, _ in packages),
                fedora=_packages(fedora for _, fedora in packages),
            )
        )
    if qt_error is not None:
        parts.append(language("first_start.qt_error", error=qt_error))
    parts.append(language("first_start.log", log=log))
    return language("first_start.title"), "\n\n".join(parts)


def _logged(text: str, log: str) -> bool:
    """Adds the message to the app's log, in the log's own line format; whether it could.

    Appended, not rotated: one message per failed start keeps the file small, and the
    app's handler rotates it at the next start that opens the window.
    """
    import time

    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    try:
        os.makedirs(os.path.dirname(log), exist_ok=True)
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"{stamp} ERROR the window cannot open\n{text}\n")
    except OSError:
        return False
    return True


def _dialog_commands(title: str, text: str) -> list[list[str]]:
    """Programs that show a message without Qt, each as it is run, the likeliest first."""
    return [
        ["zenity", "--error", "--no-markup", f"--title={title}", f"--text={text}"],
        ["kdialog", "--title", title, "--error", text],
        ["xmessage", "-center", "-title", title, f"{title}\n\n{text}"],
        ["notify-send", "--urgency=critical", title, text],
    ]


def _tk_dialog(title: str, text: str) -> bool:
    try:
        import tkinter
        from tkinter import messagebox

        root = tkinter.Tk()
        root.withdraw()
        messagebox.showerror(title, text, parent=root)
        root.destroy()
    except Exception:
        # No tkinter, or no Tk, or no display it can open: the other ways have told it.
        return False
    return True


def show_graphically(title: str, text: str) -> bool:
    """Shows the message in a dialog: the first of zenity, kdialog, xmessage or
    notify-send that runs, else tkinter's; whether one did."""
    import shutil
    import subprocess

    for command in _dialog_commands(title, text):
        if shutil.which(command[0]) is None:
            continue
        try:
            shown = subprocess.run(command, check=False, stdin=subprocess.DEVNULL)
        except OSError:
            continue
        # 1 is a dialog closed from its title bar; a program that cannot start (its own
        # libraries missing, no display it can open) exits with 127 or an error of its own.
        if shown.returncode in (0, 1):
            return True
    return _tk_dialog(title, text)


def explain(
    *,
    no_display: bool,
    no_fonts: bool = False,
    qt_error: str | None = None,
    environ: Mapping[str, str] = os.environ,
    load: Callable[[str], object] = _load,
    show: Callable[[str, str], bool] = show_graphically,
) -> int:
    """Says why the window cannot open, every way it can be seen; the exit code."""
    from phase10_keeper.language import system_language
    from phase10_keeper.storage.paths import LOG_FILE, default_data_dir

    on_freedesktop = _freedesktop(sys.platform)
    missing = missing_libraries(QT_LIBRARIES + XCB_LIBRARIES, load) if on_freedesktop else []
    log = str(default_data_dir() / LOG_FILE)
    title, text = cannot_start_message(
        no_display=no_display,
        no_fonts=no_fonts,
        missing=missing,
        qt_error=qt_error,
        log=log,
        language_code=system_language(),
    )
    print(f"{title}\n\n{text}", file=sys.stderr)
    _logged(text, log)
    if not no_display and (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        show(title, text)
    return EXIT_CANNOT_START


def app_module() -> "ModuleType | None":
    """`phase10_keeper.ui.app` where Qt can open the window; else None, once the user has
    been told why not."""
    no_fonts = fonts_missing(os.environ)
    if display_missing(os.environ):
        explain(no_display=True, no_fonts=no_fonts)
        return None
    if no_fonts or (uses_xcb(os.environ) and missing_libraries(XCB_LIBRARIES)):
        explain(no_display=False, no_fonts=no_fonts)
        return None
    try:
        from phase10_keeper.ui.import_check import quicken_pyside_import_check

        quicken_pyside_import_check()
        from phase10_keeper.ui import app
    except ImportError as error:
        # PySide6's modules fail to import when a library Qt links to is missing (or
        # PySide6 itself is); an import of the app's own that fails is a bug, and says so.
        if (error.name or "").split(".")[0] not in ("PySide6", "shiboken6"):
            raise
        explain(no_display=False, qt_error=str(error))
        return None
    return app


def start_app(argv: list[str]) -> int:
    """Starts the desktop app where Qt can open its window; else says why not."""
    app = app_module()
    if app is None:
        return EXIT_CANNOT_START
    result: int = app.run(argv)
    return result
