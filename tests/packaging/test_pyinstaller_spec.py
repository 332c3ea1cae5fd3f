"""The PyInstaller spec leaves out no Qt module the app loads and takes in every module of
the package, checked without building: the spec runs with stand-ins for what PyInstaller
gives it, and what it hands to the analysis is held against the package's own imports.

A spec that left out QtNetwork (which the one-app-per-folder handover imports) made a
bundle that said "Something went wrong" at every start."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import phase10_keeper
from phase10_keeper.rules import _MODULES as RULES_MODULES

REPO_ROOT = Path(__file__).resolve().parents[2]
SPEC = REPO_ROOT / "packaging" / "pyinstaller" / "phase10-keeper.spec"
PACKAGE_DIR = Path(phase10_keeper.__file__).resolve().parent


class _Built:
    """What PyInstaller's build steps return, as far as the spec reads it."""

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        self.pure: list[object] = []
        self.scripts: list[object] = []
        self.binaries: list[object] = []
        self.datas: list[object] = []


@pytest.fixture(scope="module")
def analyses() -> list[dict[str, Any]]:
    """The keyword arguments of each Analysis the spec makes."""
    made: list[dict[str, Any]] = []

    def analysis(scripts: list[str], **kwargs: Any) -> _Built:
        made.append({"scripts": scripts, **kwargs})
        return _Built()

    names: dict[str, Any] = {
        "__name__": "__main__",
        "__file__": str(SPEC),
        "SPECPATH": str(SPEC.parent),
        "Analysis": analysis,
        "PYZ": _Built,
        "EXE": _Built,
        "COLLECT": _Built,
        "BUNDLE": _Built,
    }
    path = list(sys.path)
    try:
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), names)
    finally:
        sys.path[:] = path
        sys.modules.pop("qt_modules", None)
    assert [Path(analysis["scripts"][0]).name for analysis in made] == [
        "gui_entry.py",
        "cli_entry.py",
    ]
    return made


def _left_out_qt(analysis: dict[str, Any]) -> set[str]:
    return {name.split(".", 1)[1] for name in analysis["excludes"] if name.startswith("PySide6.")}


def _loaded_by_importing_the_package() -> set[str]:
    """The Qt modules in memory once every module of the package is imported (but
    `__main__`, which would run the command line), in an interpreter of its own."""
    code = (
        "import pkgutil, sys, importlib, phase10_keeper\n"
        "for module in pkgutil.walk_packages(phase10_keeper.__path__, 'phase10_keeper.'):\n"
        "    if not module.name.endswith('__main__'):\n"
        "        importlib.import_module(module.name)\n"
        "print(' '.join(name.split('.')[1] for name in sys.modules"
        " if name.count('.') == 1 and name.startswith('PySide6.Qt')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO_ROOT
    )
    return set(done.stdout.split())


def _named_in_the_source() -> set[str]:
    """Every Qt module an import in the package's source names, found by reading the text
    (functions import some of them when first needed)."""
    named: set[str] = set()
    for path in PACKAGE_DIR.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        named.update(re.findall(r"^\s*(?:from|import)\s+PySide6\.(Qt\w+)", text, re.MULTILINE))
        for listed in re.findall(r"^\s*from\s+PySide6\s+import\s+([\w ,]+)", text, re.MULTILINE):
            named.update(name.strip() for name in listed.split(","))
    return named


def test_no_qt_module_the_package_loads_is_left_out(analyses: list[dict[str, Any]]) -> None:
    loaded = _loaded_by_importing_the_package()
    assert {"QtCore", "QtGui", "QtWidgets", "QtNetwork"} <= loaded
    for analysis in analyses:
        assert loaded & _left_out_qt(analysis) == set(), "left out, but the package loads them"


def test_no_qt_module_named_in_the_source_is_left_out(analyses: list[dict[str, Any]]) -> None:
    named = _named_in_the_source()
    assert {"QtNetwork", "QtPrintSupport", "QtSvgWidgets"} <= named
    for analysis in analyses:
        assert named & _left_out_qt(analysis) == set(), "left out, but the package imports them"


def test_the_qt_modules_the_app_does_not_use_are_left_out(analyses: list[dict[str, Any]]) -> None:
    """The list is not empty by mistake: what PySide6-Essentials brings and the app never
    touches stays out of the bundle."""
    for analysis in analyses:
        assert {"QtQml", "QtQuick", "QtSql", "QtTest"} <= _left_out_qt(analysis)
        assert "tkinter" in analysis["excludes"]


def test_every_module_the_rules_load_by_name_is_taken_in(analyses: list[dict[str, Any]]) -> None:
    for analysis in analyses:
        hidden = set(analysis["hiddenimports"])
        assert {f"phase10_keeper.rules.{module}" for module in RULES_MODULES} <= hidden
        assert {"phase10_keeper.ui.single_instance", "phase10_keeper.cli"} <= hidden
        for module in hidden:
            assert importlib.util.find_spec(module) is not None, module
