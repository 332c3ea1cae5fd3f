"""The rules package: every public name importable from it, loaded when first asked for."""

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import phase10_keeper.rules as rules


def _listed() -> dict[str, tuple[str, str]]:
    """The package's listing for the type checker: each name, its module and its name there."""
    tree = ast.parse(Path(rules.__file__).read_text(encoding="utf-8"))
    return {
        alias.asname or alias.name: (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("phase10")
        for alias in node.names
    }


def test_each_listed_name_is_the_one_its_module_defines() -> None:
    listed = _listed()
    assert {"Status", "check_hand", "replay", "GameState"} <= set(listed)
    for name, (module, defined) in listed.items():
        assert getattr(rules, name) is getattr(import_module(module), defined), name


def test_every_module_the_listing_names_is_searched() -> None:
    homes = {module.rpartition(".")[2] for module, _ in _listed().values()}
    assert homes <= set(rules._MODULES)


def test_what_a_module_imported_from_elsewhere_is_not_the_packages() -> None:
    for borrowed in ("NamedTuple", "cache", "StrEnum"):
        modules = [import_module(f"{rules.__name__}.{home}") for home in rules._MODULES]
        assert any(hasattr(module, borrowed) for module in modules), borrowed
        with pytest.raises(AttributeError):
            getattr(rules, borrowed)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        rules.no_such_name  # noqa: B018


def test_asking_for_the_status_loads_no_other_module_of_the_rules() -> None:
    script = (
        "import sys\n"
        "from phase10_keeper.rules import Status\n"
        "loaded = sorted(name for name in sys.modules if name.startswith('phase10_keeper.'))\n"
        "assert loaded == ['phase10_keeper.rules', 'phase10_keeper.rules.status'], loaded\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
