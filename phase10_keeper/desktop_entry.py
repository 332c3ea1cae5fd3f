"""`phase10-keeper install-desktop-entry [--remove]`: puts this install of the app in the
desktop's menu (or takes it out again), for installs that bring no menu entry of their
own: pip, pipx and uv install commands, not menu entries.

The files go under $XDG_DATA_HOME (default ~/.local/share), where the freedesktop
specifications have the desktop look for a user's own: the desktop entry, whose `Exec`
names this install's `phase10-keeper-app` by its absolute path (a venv's folder is on
no one's PATH), the icon in every size, and the AppStream metainfo that software
centres read.
"""

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from phase10_keeper.command_line import EXIT_OK, UsageError, shown, user_words
from phase10_keeper.resource_files import resource_path

APP_ID = "io.github.phase10keeper.Phase10Keeper"
GUI_PROGRAM = "phase10-keeper-app"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share where it is unset or (invalidly) relative."""
    xdg = os.environ.get("XDG_DATA_HOME")
    return Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"


def installed_files(home: Path) -> dict[Path, Path]:
    """Each file the command writes under `home`, with the resource it comes from."""
    hicolor = home / "icons" / "hicolor"
    files = {
        home / "applications" / f"{APP_ID}.desktop": resource_path("linux", f"{APP_ID}.desktop"),
        home / "metainfo" / f"{APP_ID}.metainfo.xml": resource_path(
            "linux", f"{APP_ID}.metainfo.xml"
        ),
        hicolor / "scalable" / "apps" / f"{APP_ID}.svg": resource_path(
            "icons", "phase10-keeper.svg"
        ),
    }
    for size in ICON_SIZES:
        icon = hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        files[icon] = resource_path("icons", f"phase10-keeper-{size}.png")
    return files


def gui_program() -> Path:
    """This install's `phase10-keeper-app`: beside the Python that runs this command (a
    venv's or pipx's bin folder, or a frozen bundle's folder), else beside the command
    that was run (`pip install --user` puts it in ~/.local/bin, not beside Python)."""
    folders = [Path(sys.executable).parent, Path(sys.argv[0]).parent]
    for folder in folders:
        program = folder / GUI_PROGRAM
        if program.is_file() and os.access(program, os.X_OK):
            return program.absolute()
    raise UsageError(user_words()("desktop_entry.no_program", folder=folders[0]))


def _path_shown(path: Path | str) -> str:
    """A path as the terminal should show it: bytes that are not UTF-8 and control
    characters written as escapes, so no folder name can act on the terminal."""
    return shown(os.fsencode(path).decode("utf-8", "backslashreplace"))


def _expressible(text: str) -> bool:
    """Whether a desktop entry can hold `text`: the file is UTF-8, and its values hold no
    control characters (a line break would end the key and begin a line of its own; the
    escapes the specification has for some are read differently by launchers in `Exec`)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 for char in text)


def exec_value(program: Path) -> str:
    """The path as a desktop entry's `Exec` takes it: quoted where it holds a character
    the specification reserves, with `"`, `` ` ``, `$` and `\\` escaped inside the
    quotes; then every backslash doubled again and `%` doubled, as the file's string
    values and field codes ask. UsageError for a path no entry can hold."""
    text = str(program)
    if not _expressible(text):
        raise UsageError(user_words()("desktop_entry.inexpressible", path=_path_shown(text)))
    reserved = set(" \t\n\"'\\><~|&;$*?#()`")
    if reserved & set(text):
        inner = "".join("\\" + char if char in '"`$\\' else char for char in text)
        text = f'"{inner}"'
    return text.replace("\\", "\\\\").replace("%", "%%")


def desktop_entry_text(template: str, program: Path) -> str:
    """The shipped desktop entry with its `Exec` pointed at `program`."""
    lines = [
        f"Exec={exec_value(program)}" if line.startswith("Exec=") else line
        for line in template.splitlines()
    ]
    return "\n".join(lines) + "\n"


def _refresh_caches(home: Path) -> None:
    """Tells the menu and the icon theme about the change now, where their tools are
    installed; without them the desktop notices at its next start."""
    import shutil
    import subprocess

    for command in (
        ["update-desktop-database", "-q", str(home / "applications")],
        ["gtk-update-icon-cache", "-q", "-f", "-t", str(home / "icons" / "hicolor")],
    ):
        if shutil.which(command[0]) is not None:
            subprocess.run(command, check=False, capture_output=True)


def add(home: Path) -> Path:
    """Writes the entry, its icons and metainfo under `home`; the entry's path. Nothing is
    written for a program whose path no entry can hold."""
    program = gui_program()
    files = installed_files(home)
    entry = next(iter(files))
    text = desktop_entry_text(files[entry].read_text(encoding="utf-8"), program)
    for target, source in files.items():
        content = text.encode("utf-8") if target == entry else source.read_bytes()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        except OSError as error:
            reason = error.strerror or error
            raise UsageError(user_words()("cli.cannot_write", path=target, reason=reason)) from None
    _refresh_caches(home)
    print(
        user_words()("desktop_entry.added", entry=_path_shown(entry), program=_path_shown(program))
    )
    return entry


def remove(home: Path) -> int:
    """Removes exactly the files `add` writes under `home`; how many there were."""
    removed = 0
    for target in installed_files(home):
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            reason = error.strerror or error
            message = user_words()("desktop_entry.cannot_remove", path=target, reason=reason)
            raise UsageError(message) from None
        removed += 1
    if removed:
        _refresh_caches(home)
        print(user_words().count("desktop_entry.removed", removed, folder=_path_shown(home)))
    else:
        print(user_words()("desktop_entry.nothing_to_remove", folder=_path_shown(home)))
    return removed


def _run(arguments: argparse.Namespace) -> int:
    home = data_home()
    if arguments.remove:
        remove(home)
    else:
        add(home)
    return EXIT_OK


def add_command(commands: "argparse._SubParsersAction[Any]") -> None:
    """Registers `install-desktop-entry` among the command line's commands."""
    command = commands.add_parser(
        "install-desktop-entry",
        help="add this install to the desktop's menu (Linux), under $XDG_DATA_HOME",
    )
    command.add_argument(
        "--remove", action="store_true", help="take the menu entry, icons and metainfo out again"
    )
    command.set_defaults(run=_run)
