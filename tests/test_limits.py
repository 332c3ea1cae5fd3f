"""Pieces a reader holds in mind: no function of the package runs over 80 lines (ruff's
complexity rule, on at 15, holds the paths through one), and no class has over 40
methods (its `def`s, properties and Qt's event handlers counted; a part mixed into a
class, as the library's are, is a class of its own)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "phase10_keeper"
MOST_LINES = 80
MOST_METHODS = 40


def _long_functions(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > MOST_LINES:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}")
    return found


def test_no_function_runs_over_eighty_lines() -> None:
    assert _long_functions(PACKAGE) == []


def test_the_limit_finds_a_long_function(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    body = "\n".join(f"    x{number} = {number}" for number in range(MOST_LINES))
    (package / "module.py").write_text(f"def short():\n    pass\n\n\ndef long():\n{body}\n")
    assert _long_functions(package) == ["package/module.py:5 long"]


def _big_classes(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = sum(
                    isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) for child in node.body
                )
                if methods > MOST_METHODS:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}")
    return found


def test_no_class_has_over_forty_methods() -> None:
    assert _big_classes(PACKAGE) == []


def test_the_limit_finds_a_big_class(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    body = "\n".join(
        f"    def m{number}(self):\n        pass" for number in range(MOST_METHODS + 1)
    )
    (package / "module.py").write_text(
        f"class Small:\n    def m(self):\n        pass\n\n\nclass Big:\n{body}\n"
    )
    assert _big_classes(package) == ["package/module.py:6 Big"]
