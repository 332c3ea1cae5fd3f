"""PySide's check of newly imported modules, made quicker, gives the answers it gave."""

import inspect
import sys
from types import ModuleType

import pytest

import phase10_keeper.ui.text.escape  # noqa: F401  (a module of ours that uses PySide)
from phase10_keeper.ui.import_check import quicken_pyside_import_check, quicker_check


def by_source(module: ModuleType) -> bool:
    """PySide's own way: the module's source, read through inspect, names PySide6."""
    try:
        return "PySide6" in inspect.getsource(module)
    except (TypeError, OSError, SyntaxError):
        return False


def test_the_quicker_check_is_in_place_once_the_app_has_started() -> None:
    quicken_pyside_import_check()
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or "_mod_uses_pyside" not in vars(feature):
        pytest.skip("this PySide checks no imported module")
    assert vars(feature)["_mod_uses_pyside"].__module__ == "phase10_keeper.ui.import_check"


def test_the_quicker_check_answers_as_the_source_does_for_every_loaded_module() -> None:
    check = quicker_check(by_source)
    modules = [module for module in list(sys.modules.values()) if isinstance(module, ModuleType)]
    answers = {module.__name__: check(module) for module in modules}
    assert answers == {module.__name__: by_source(module) for module in modules}
    assert answers["phase10_keeper.ui.text.escape"] is True
    assert answers["phase10_keeper"] is False
    assert answers["sys"] is False
