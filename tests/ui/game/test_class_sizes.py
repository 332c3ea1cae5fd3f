"""Pieces a reader holds in mind: no class of the game page has over 40 methods (its
`def`s, properties and Qt's event handlers counted), so each region of the page and
each player's row of the entry form stays a class of its own."""

import ast
from pathlib import Path

GAME_PAGE = Path(__file__).resolve().parents[3] / "phase10_keeper" / "ui" / "game"
MOST_METHODS = 40


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


def test_no_class_of_the_game_page_has_over_forty_methods() -> None:
    assert _big_classes(GAME_PAGE) == []


def test_the_limit_finds_a_big_class(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    body = "\n".join(f"    def m{number}(self):\n        pass" for number in range(41))
    (package / "module.py").write_text(
        f"class Small:\n    def m(self):\n        pass\n\n\nclass Big:\n{body}\n"
    )
    assert _big_classes(package) == ["package/module.py:6 Big"]
