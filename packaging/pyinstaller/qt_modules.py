"""Which Qt modules of PySide6 the bundle needs, read from the package itself, so the
spec's list of modules to leave out cannot name one the app imports.

The spec imports this from its own folder; tests/packaging/test_pyinstaller_spec.py holds
the spec to it without building.
"""

import ast
import importlib.util
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path


def package_modules(package_dir: Path) -> list[str]:
    """Every module of the package in `package_dir`, by its dotted name."""
    names = []
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def imported_qt_modules(package_dir: Path) -> set[str]:
    """The PySide6 modules (`QtCore`, `QtNetwork`, ...) any import statement of the package
    names, at the top of a module or inside a function."""
    found: set[str] = set()
    for path in package_dir.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found.update(_qt_module(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "PySide6":
                    found.update(alias.name for alias in node.names)
                else:
                    found.add(_qt_module(node.module))
    found.discard("")
    return found


def _qt_module(dotted: str) -> str:
    """`QtCore` for `PySide6.QtCore` or `PySide6.QtCore.Qt`; "" for anything else."""
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "PySide6" else ""


def loaded_with(qt_modules: Iterable[str]) -> set[str]:
    """The PySide6 modules loaded by importing `qt_modules`: they and the ones their
    bindings import in turn. Found in an interpreter of its own, which keeps them."""
    statements = "".join(f"import PySide6.{module}\n" for module in sorted(qt_modules))
    report = (
        "import sys\n"
        "print(' '.join(name.split('.')[1] for name in sys.modules"
        " if name.count('.') == 1 and name.startswith('PySide6.Qt')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", statements + report],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.split())


def installed_qt_modules() -> set[str]:
    """The Qt modules of the PySide6 installed here (PySide6-Essentials has fewer than the
    full PySide6), from its files, without loading Qt."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("PySide6 is not installed")
    folders = [Path(location) for location in spec.submodule_search_locations]
    return {
        path.name.split(".")[0]
        for folder in folders
        for path in folder.iterdir()
        if path.name.startswith("Qt") and path.suffix in {".so", ".pyd"}
    }


def unused_qt_modules(package_dir: Path) -> list[str]:
    """The installed Qt modules the package never loads: safe to leave out of the bundle."""
    return sorted(installed_qt_modules() - loaded_with(imported_qt_modules(package_dir)))
