"""`install-desktop-entry` puts this install in the menu, and `--remove` takes it out."""

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from phase10_keeper import desktop_entry
from phase10_keeper.cli import main
from phase10_keeper.command_line import UsageError
from phase10_keeper.desktop_entry import APP_ID, ICON_SIZES, exec_value
from phase10_keeper.resource_files import resource_path

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a freedesktop menu")


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in install: a bin folder with Python and `phase10-keeper-app`, its path
    holding a space, as a home folder may."""
    bin_folder = tmp_path / "my apps" / "bin"
    bin_folder.mkdir(parents=True)
    program = bin_folder / "phase10-keeper-app"
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(bin_folder / "python3"))
    return program


def desktop_entry_of(home: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]
    parser.read(home / "applications" / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def written_files(home: Path) -> set[Path]:
    caches = {"mimeinfo.cache", "icon-theme.cache"}
    return {path for path in home.rglob("*") if path.is_file() and path.name not in caches}


def test_adds_the_entry_icons_and_metainfo(
    data_home: Path, install: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["install-desktop-entry"]) == 0

    entry = desktop_entry_of(data_home)
    assert entry["Exec"] == f'"{install}"'
    assert entry["Icon"] == APP_ID
    assert entry["Name"] == "Phase 10 Keeper"
    hicolor = data_home / "icons" / "hicolor"
    for size in ICON_SIZES:
        icon = hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert (
            icon.read_bytes() == resource_path("icons", f"phase10-keeper-{size}.png").read_bytes()
        )
    assert (hicolor / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    metainfo = data_home / "metainfo" / f"{APP_ID}.metainfo.xml"
    assert metainfo.read_bytes() == resource_path("linux", metainfo.name).read_bytes()
    assert len(written_files(data_home)) == len(ICON_SIZES) + 3
    said = capsys.readouterr().out
    assert said == (
        f"Phase 10 Keeper is in the menu: {data_home}/applications/{APP_ID}.desktop"
        f" starts {install}.\n"
    )


def test_remove_takes_out_exactly_what_was_added(
    data_home: Path, install: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    someone_elses = data_home / "applications" / "other.desktop"
    someone_elses.parent.mkdir(parents=True)
    someone_elses.write_text("[Desktop Entry]\n", encoding="utf-8")
    main(["install-desktop-entry"])
    capsys.readouterr()

    assert main(["install-desktop-entry", "--remove"]) == 0

    assert written_files(data_home) == {someone_elses}
    count = len(ICON_SIZES) + 3
    assert capsys.readouterr().out == (
        f"Phase 10 Keeper is out of the menu: {count} files removed from {data_home}.\n"
    )
    assert main(["install-desktop-entry", "--remove"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_no_app_program_beside_python_is_an_error(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python3"))
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "phase10-keeper")])
    assert main(["install-desktop-entry"]) == 2
    error = capsys.readouterr().err
    where = "where this phase10-keeper is installed"
    assert error == f"error: cannot find phase10-keeper-app in {tmp_path}, {where}\n"
    assert not data_home.exists()


def test_an_unwritable_data_folder_is_an_error(
    data_home: Path, install: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_home.mkdir()
    (data_home / "applications").write_text("a file where a folder should be", encoding="utf-8")
    assert main(["install-desktop-entry"]) == 2
    assert capsys.readouterr().err.startswith("error: cannot write ")


@pytest.mark.parametrize(
    ("program", "value"),
    [
        ("/home/ana/.venv/bin/phase10-keeper-app", "/home/ana/.venv/bin/phase10-keeper-app"),
        ("/home/ana/my apps/bin/app", '"/home/ana/my apps/bin/app"'),
        ("/opt/100%/app", "/opt/100%%/app"),
        ('/opt/say "$hi"/app', '"/opt/say \\\\"\\\\$hi\\\\"/app"'),
    ],
)
def test_exec_quotes_and_escapes_as_the_specification_says(program: str, value: str) -> None:
    assert exec_value(Path(program)) == value


@pytest.mark.parametrize("validator", ["desktop-file-validate", "appstreamcli"])
def test_the_written_files_pass_the_validators(
    data_home: Path, install: Path, validator: str
) -> None:
    if shutil.which(validator) is None:
        pytest.skip(f"{validator} is not installed")
    desktop_entry.add(data_home)
    if validator == "desktop-file-validate":
        command = [validator, str(data_home / "applications" / f"{APP_ID}.desktop")]
    else:
        command = [
            validator,
            "validate",
            "--no-net",
            str(data_home / "metainfo" / f"{APP_ID}.metainfo.xml"),
        ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "error:" not in output
    assert "warning:" not in output


def test_the_entry_starts_the_real_program_of_this_install(data_home: Path) -> None:
    # No stand-in: the venv that runs the tests has its own phase10-keeper-app.
    program = Path(sys.executable).parent / "phase10-keeper-app"
    if not program.is_file():
        pytest.skip("this Python has no phase10-keeper-app beside it")
    desktop_entry.add(data_home)
    assert desktop_entry_of(data_home)["Exec"] == exec_value(program.absolute())
    assert os.access(program, os.X_OK)


@pytest.mark.parametrize("folder", ["my\napps", "tab\there", "bell\x07", "caf\udce9"])
def test_a_path_no_desktop_entry_can_hold_is_refused(
    tmp_path: Path,
    data_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    folder: str,
) -> None:
    """A desktop entry is UTF-8 text without control characters, one key a line: a
    newline in the install's folder would end `Exec` and add lines of its own."""
    bin_folder = Path(os.fsdecode(os.fsencode(tmp_path / folder / "bin")))
    bin_folder.mkdir(parents=True)
    program = bin_folder / "phase10-keeper-app"
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(bin_folder / "python3"))
    assert main(["install-desktop-entry"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("error: a desktop entry cannot name ")
    assert err.endswith("; move the install to a folder whose path has none of them\n")
    assert err.count("\n") == 1
    assert "\x07" not in err
    assert not data_home.exists()


def test_exec_can_never_add_a_line_to_the_entry() -> None:
    with pytest.raises(UsageError):
        exec_value(Path("/opt/x\nNoDisplay=true/phase10-keeper-app"))


def test_the_folders_printed_show_terminal_controls_escaped(
    tmp_path: Path,
    install: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    home = tmp_path / "share\x1b]0;owned\x07"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    assert main(["install-desktop-entry"]) == 0
    added = capsys.readouterr().out
    assert main(["install-desktop-entry", "--remove"]) == 0
    removed = capsys.readouterr().out
    assert main(["install-desktop-entry", "--remove"]) == 0
    nothing = capsys.readouterr().out
    for said in (added, removed, nothing):
        assert "\x1b" not in said
        assert "\x07" not in said
        assert "share\\x1b]0;owned\\x07" in said
