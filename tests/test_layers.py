"""The layers import only what they may: rules nothing of ours, only ui touches Qt."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "phase10_keeper"

ALLOWED_OWN_LAYERS = {
    "rules": {"rules"},
    "storage": {"rules", "stats", "storage", "resource_files", "files", "language"},
    "sheet": {"rules", "sheet", "stats", "resource_files", "files", "language"},
    "stats": {"rules", "stats", "language"},
    "language": {"rules", "language", "resource_files"},
    "companion": {"companion", "rules", "storage", "language", "resource_files", "cli"},
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(ALLOWED_OWN_LAYERS))
def test_layer_imports_only_allowed_layers(layer: str) -> None:
    for path in _modules(layer):
        for name in _imports(path):
            top = name.split(".")[0]
            assert top != "PySide6", f"{path.name} in {layer} imports Qt"
            if top == "reportlab":
                assert layer == "sheet", f"{path.name} in {layer} imports reportlab"
            if top == "phase10_keeper" and "." in name:
                own = name.split(".")[1]
                assert own in ALLOWED_OWN_LAYERS[layer], f"{path.name} imports {name}"


@pytest.mark.parametrize("layer", ["rules", "stats"])
def test_pure_layers_do_no_io(layer: str) -> None:
    forbidden = {"os", "io", "pathlib", "sqlite3", "json", "tempfile", "shutil", "subprocess"}
    for path in _modules(layer):
        used = {name.split(".")[0] for name in _imports(path)}
        assert not used & forbidden, f"{path.name} imports {used & forbidden}"


def test_only_ui_and_sheet_touch_their_libraries() -> None:
    for path in PACKAGE.rglob("*.py"):
        layer = path.relative_to(PACKAGE).parts[0]
        tops = {name.split(".")[0] for name in _imports(path)}
        if layer != "ui":
            assert "PySide6" not in tops, f"{path} imports Qt outside ui/"
        if layer != "sheet":
            assert "reportlab" not in tops, f"{path} imports reportlab outside sheet/"


def test_layer_check_sees_forbidden_imports(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("from PySide6.QtCore import QObject\nimport reportlab.pdfgen\n")
    assert {"PySide6.QtCore", "reportlab.pdfgen"} <= _imports(module)
