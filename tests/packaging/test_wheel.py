"""Builds the wheel, installs it into a fresh venv and runs the installed command line.

The venv gets the wheel and its dependencies except PySide6: the command line's
`--version` and `sheet` must work without Qt, and leaving out hundreds of megabytes of
Qt keeps this test quick.
"""

import importlib.util
import os
import re
import subprocess
import sys
import unicodedata
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from phase10_keeper import __version__

pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parents[2]
PLAYER_NAMES = ["Zoë", "Łukasz"]


def run(command: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ)
    # Nothing from the source tree may leak into the installed program.
    environment.pop("PYTHONPATH", None)
    environment["QT_QPA_PLATFORM"] = "offscreen"
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert result.returncode == 0, (
        f"{command} exited with {result.returncode}\n{result.stdout}\n{result.stderr}"
    )
    return result


def build_wheel(out_dir: Path) -> Path:
    if importlib.util.find_spec("build") and importlib.util.find_spec("hatchling"):
        # Builds with the installed backend: no download, so it also works offline.
        command = [sys.executable, "-m", "build", "--wheel", "--no-isolation"]
        run([*command, "--outdir", out_dir, REPO_ROOT], cwd=REPO_ROOT)
    else:
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir"]
        run([*command, out_dir, REPO_ROOT], cwd=REPO_ROOT)
    (wheel,) = out_dir.glob("phase10_keeper-*.whl")
    return wheel


def wheel_requirements_without_qt(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        metadata_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(metadata_name).decode("utf-8")
    requirements = re.findall(r"^Requires-Dist: (.+)$", metadata, flags=re.MULTILINE)
    return [
        requirement
        for requirement in requirements
        if "extra ==" not in requirement and not requirement.lower().startswith("pyside6")
    ]


def venv_program(venv: Path, name: str) -> Path:
    if sys.platform == "win32":
        return venv / "Scripts" / f"{name}.exe"
    return venv / "bin" / name


def _dictionary(value: object) -> DictionaryObject:
    assert isinstance(value, DictionaryObject)
    return value


def font_descriptors(resources: DictionaryObject) -> list[DictionaryObject]:
    """The font descriptors used by a page's resources, including those in form XObjects."""
    descriptors = []
    for font_reference in resources.get("/Font", DictionaryObject()).get_object().values():
        font = font_reference.get_object()
        # Composite (Type0) fonts keep their descriptor in their descendant font.
        descendant_fonts = font.get("/DescendantFonts")
        described_fonts = (
            [descendant.get_object() for descendant in descendant_fonts.get_object()]
            if descendant_fonts is not None
            else [font]
        )
        descriptors += [
            described.get_object()["/FontDescriptor"].get_object()
            for described in described_fonts
            if "/FontDescriptor" in described
        ]
    for xobject_reference in resources.get("/XObject", DictionaryObject()).get_object().values():
        xobject = xobject_reference.get_object()
        if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
            descriptors += font_descriptors(xobject["/Resources"].get_object())
    return descriptors


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def installed_venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", str(venv)], cwd=venv)
    venv_python = venv_program(venv, "python")
    pip_install: list[str | Path] = [
        venv_python,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ]
    run([*pip_install, "--no-deps", wheel], cwd=venv)
    run([*pip_install, *wheel_requirements_without_qt(wheel)], cwd=venv)
    return venv


def test_wheel_carries_the_resources_and_both_commands(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points_name = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        entry_points = archive.read(entry_points_name).decode("utf-8")
    assert "phase10_keeper/resources/fonts/DejaVuSansCondensed-Compact.ttf" in names
    assert "phase10_keeper/resources/icons/phase10-keeper-256.png" in names
    assert "phase10_keeper/resources/icons/phase10-keeper.svg" in names
    assert re.search(r"^phase10-keeper = phase10_keeper\.cli:main$", entry_points, re.MULTILINE)
    assert re.search(
        r"^phase10-keeper-app = phase10_keeper\.cli:main_gui$", entry_points, re.MULTILINE
    )


def test_installed_command_line_runs_without_qt(installed_venv: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [str(venv_program(installed_venv, "python")), "-c", "import PySide6"],
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    assert result.returncode != 0, "PySide6 leaked into the test venv; the test proves nothing"

    version = run([venv_program(installed_venv, "phase10-keeper"), "--version"], cwd=tmp_path)
    assert __version__ in version.stdout


def test_installed_command_line_makes_a_sheet_with_embedded_fonts(
    installed_venv: Path, tmp_path: Path
) -> None:
    phase10_keeper = venv_program(installed_venv, "phase10-keeper")
    run([phase10_keeper, "sheet", "out.pdf", "--names", ",".join(PLAYER_NAMES)], cwd=tmp_path)

    reader = PdfReader(tmp_path / "out.pdf")
    descriptors = [
        descriptor
        for page in reader.pages
        for descriptor in font_descriptors(_dictionary(page["/Resources"].get_object()))
    ]
    # /FontFile2 holds an embedded TrueType font; without it a viewer substitutes a font
    # that may lack "ë" or "Ł".
    assert any("/FontFile2" in descriptor for descriptor in descriptors), descriptors

    sheet_text = unicodedata.normalize("NFC", "".join(page.extract_text() for page in reader.pages))
    for name in PLAYER_NAMES:
        assert name in sheet_text
