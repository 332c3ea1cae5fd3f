"""A quicker way for PySide to learn whether a newly imported module uses it.

PySide asks that of every module imported after it, for its opt-in `__feature__`
switches, by reading the module's source through `inspect` and `linecache`: about 80 µs a
module, which made up 6-8 ms of the window reopening a game (90 modules) and left every
source file in memory. The same answer comes from the file's bytes in a fifth of the time.
The app uses no `__feature__` switch, so a wrong answer could change nothing, but the
answers are the same (a test compares them).
"""

import sys
from collections.abc import Callable
from types import ModuleType

UsesPySide = Callable[[ModuleType], bool]


def quicker_check(original: UsesPySide) -> UsesPySide:
    def mentions_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return original(module)
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return original(module)

    return mentions_pyside


def quicken_pyside_import_check() -> None:
    """Puts `quicker_check` in PySide's place, where this version of PySide has the check:
    first thing when the app starts, before the window's modules are imported."""
    import PySide6.QtCore  # noqa: F401  (PySide's import check exists once PySide is loaded)

    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or original is None or getattr(original, "__module__", "") == __name__:
        return
    vars(feature)["_mod_uses_pyside"] = quicker_check(original)
