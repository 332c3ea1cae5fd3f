"""The rules package: every public name importable from it, loaded when first asked for."""

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import phase10_keeper.rules as rules


def test_every_public_name_is_importable_from_the_package() -> None:
    for name in rules.__all__:
        assert getattr(rules, name) is not None, name
    assert set(rules.__all__) <= set(dir(rules))


def test_each_name_is_looked_up_in_the_module_the_listing_names() -> None:
    """The package reads its listing as lines; read as Python, it says the same."""
    tree = ast.parse(Path(rules.__file__).read_text(encoding="utf-8"))
    listed = {
        alias.asname or alias.name: (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("phase10")
        for alias in node.names
    }
    assert {"Status", "check_hand", "replay", "GameState"} <= set(listed)
    assert sorted(listed) == rules.__all__
    for name, (module, defined) in listed.items():
        assert getattr(rules, name) is getattr(import_module(module), defined), name


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
