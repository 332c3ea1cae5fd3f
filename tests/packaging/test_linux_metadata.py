"""Checks the Linux desktop integration files: desktop entry, AppStream metainfo, icons."""

import configparser
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from phase10_keeper import __version__

REPO_ROOT = Path(__file__).resolve().parents[2]
LINUX_DIR = REPO_ROOT / "packaging" / "linux"
APP_ID = "io.github.phase10keeper.Phase10Keeper"
DESKTOP_FILE = REPO_ROOT / "resources" / "linux" / f"{APP_ID}.desktop"
METAINFO_FILE = REPO_ROOT / "resources" / "linux" / f"{APP_ID}.metainfo.xml"
HICOLOR_DIR = LINUX_DIR / "icons" / "hicolor"
ICONS_DIR = REPO_ROOT / "resources" / "icons"
ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_COLOR_TYPE_RGBA = 6


def run_validator(*command: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed")
    return subprocess.run(command, capture_output=True, text=True, check=False)


def png_size_and_color_type(path: Path) -> tuple[int, int, int]:
    """Width, height and colour type from the IHDR chunk, which PNG requires to come first."""
    header = path.read_bytes()[:26]
    assert header[:8] == PNG_SIGNATURE, f"{path.name} is not a PNG file"
    _length, chunk_type, width, height, _bit_depth, color_type = struct.unpack(
        ">I4sIIBB", header[8:26]
    )
    assert chunk_type == b"IHDR", f"{path.name} does not start with an IHDR chunk"
    return width, height, color_type


class _CaseSensitiveParser(configparser.ConfigParser):
    """Desktop entry keys are case-sensitive; ConfigParser folds them to lower case."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def read_desktop_entry() -> configparser.SectionProxy:
    parser = _CaseSensitiveParser(interpolation=None)
    parser.read(DESKTOP_FILE, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_file_passes_desktop_file_validate() -> None:
    result = run_validator("desktop-file-validate", str(DESKTOP_FILE))
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    # Hints are advice; errors and warnings are not let through.
    assert "error:" not in output
    assert "warning:" not in output


def test_metainfo_passes_appstream_validation() -> None:
    result = run_validator("appstreamcli", "validate", "--no-net", str(METAINFO_FILE))
    assert result.returncode == 0, result.stdout + result.stderr


def test_desktop_entry_starts_the_gui_with_the_app_icon() -> None:
    entry = read_desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "phase10-keeper-app"
    assert entry["Icon"] == APP_ID
    assert {"Game", "CardGame"} <= set(entry["Categories"].strip(";").split(";"))


def test_metainfo_describes_this_app_and_release() -> None:
    component = ElementTree.parse(METAINFO_FILE).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == DESKTOP_FILE.name
    assert component.findtext("project_license") == "MIT"
    assert component.findtext("metadata_license") == "CC0-1.0"
    content_rating = component.find("content_rating")
    assert content_rating is not None
    assert content_rating.get("type") == "oars-1.1"
    release_versions = [release.get("version") for release in component.iter("release")]
    assert __version__ in release_versions


@pytest.mark.parametrize("size", ICON_SIZES)
def test_hicolor_icon_has_its_pixel_size(size: int) -> None:
    icon = HICOLOR_DIR / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    assert png_size_and_color_type(icon) == (size, size, PNG_COLOR_TYPE_RGBA)


@pytest.mark.parametrize("size", ICON_SIZES)
def test_hicolor_icon_is_the_same_as_the_app_resource(size: int) -> None:
    # The app shows resources/icons/ in its windows; the desktop shows the hicolor copy.
    # Both must be the same picture, so the copies are checked rather than trusted.
    resource_icon = ICONS_DIR / f"phase10-keeper-{size}.png"
    hicolor_icon = HICOLOR_DIR / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    assert hicolor_icon.read_bytes() == resource_icon.read_bytes()


def test_scalable_hicolor_icon_is_the_svg_source() -> None:
    scalable_icon = HICOLOR_DIR / "scalable" / "apps" / f"{APP_ID}.svg"
    assert scalable_icon.read_bytes() == (ICONS_DIR / "phase10-keeper.svg").read_bytes()
    ElementTree.parse(scalable_icon)  # well-formed XML, or icon themes will skip it


def test_metainfo_passes_pedantic_appstream_validation() -> None:
    result = run_validator("appstreamcli", "validate", "--pedantic", "--no-net", str(METAINFO_FILE))
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    tags = {
        line.split(": ", 2)[-1].split()[0]
        for line in output.splitlines()
        if line[:3] in ("E: ", "W: ", "I: ", "P: ")
    }
    # Hints only, and these on purpose: the id keeps its capitals (renaming it would
    # orphan installed desktop entries), and both <developer> (AppStream 1.0) and
    # <developer_name> (before 1.0) are given, each unknown or old to the other.
    assert tags <= {
        "cid-contains-uppercase-letter",
        "unknown-tag",
        "developer-name-tag-deprecated",
    }, output


def test_metainfo_has_what_appstream_1_asks_of_an_app() -> None:
    # AppStream 1.0 (Debian 13) fails a desktop app without a homepage, and asks for a
    # developer with an id, releases, a content rating and captioned screenshots.
    component = ElementTree.parse(METAINFO_FILE).getroot()
    urls = {url.get("type"): url.text for url in component.iter("url")}
    with (REPO_ROOT / "pyproject.toml").open("rb") as file:
        project_urls = tomllib.load(file)["project"]["urls"]
    assert urls == {
        "homepage": project_urls["Homepage"],
        "bugtracker": project_urls["Issues"],
        "vcs-browser": project_urls["Repository"],
    }
    assert all((url or "").startswith("https://") for url in urls.values())
    developer = component.find("developer")
    assert developer is not None
    assert developer.get("id") == "io.github.phase10keeper"
    screenshots = component.findall("screenshots/screenshot")
    assert [shot.get("type") for shot in screenshots] == ["default"]
    for shot in screenshots:
        assert (shot.findtext("caption") or "").strip()
        image = shot.findtext("image") or ""
        # The image is the README's, served from the repository.
        assert image.endswith("/docs/screenshot.png")
        assert (REPO_ROOT / "docs" / "screenshot.png").is_file()
