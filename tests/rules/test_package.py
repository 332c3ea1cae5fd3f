"""The rules package: every public name importable from it, loaded when first asked for."""

import subprocess
import sys

import pytest

import phase10_keeper.rules as rules
from phase10_keeper.rules.engine import replay as replay_function


def test_every_public_name_is_importable_from_the_package() -> None:
    for name in rules.__all__:
        assert getattr(rules, name) is not None, name
    assert set(rules.__all__) <= set(dir(rules))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        rules.no_such_name  # noqa: B018


def test_replay_is_the_function_even_once_its_module_is_imported() -> None:
    assert rules.replay is replay_function
    assert callable(rules.replay)


def test_asking_for_the_status_loads_no_other_module_of_the_rules() -> None:
    script = (
        "import sys\n"
        "from phase10_keeper.rules import Status\n"
        "from phase10_keeper.rules.engine import replay\n"
        "import phase10_keeper.rules as rules\n"
        "assert rules.replay is replay\n"
        "loaded = sorted(name for name in sys.modules if name.startswith('phase10_keeper.'))\n"
        "print(loaded)\n"
    )
    script_status_only = (
        "import sys\n"
        "from phase10_keeper.rules import Status\n"
        "loaded = sorted(name for name in sys.modules if name.startswith('phase10_keeper.'))\n"
        "assert loaded == ['phase10_keeper.rules', 'phase10_keeper.rules.status'], loaded\n"
    )
    for code in (script, script_status_only):
        subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
