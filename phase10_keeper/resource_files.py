"""Finds the files in resources/ wherever the program runs from.

Three layouts exist: a source checkout (resources/ beside the package), an installed
wheel (the wheel maps resources/ into the package), and a frozen build (the bundle's
root holds resources/).
"""

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidate_roots() -> list[Path]:
    roots = [_PACKAGE_DIR / "resources", _PACKAGE_DIR.parent / "resources"]
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        roots.insert(0, Path(frozen_root) / "resources")
    return roots


def resources_root() -> Path:
    """The folder that holds fonts/, icons/ and translations/."""
    for root in _candidate_roots():
        if (root / "fonts").is_dir():
            return root
    searched = ", ".join(str(root) for root in _candidate_roots())
    raise FileNotFoundError(f"the program's resources are missing (looked in {searched})")


def resource_path(*parts: str) -> Path:
    """The path of one resource file, such as resource_path("fonts", "DejaVuSansCondensed.ttf")."""
    return resources_root().joinpath(*parts)
